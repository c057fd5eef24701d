"""What the other players may see of an action: the one place that decides it.

Every public text asks here: the log (``/game log``), the "since your last turn" digests, the
replay's caption and frames, the times on ``/games``, the reminders, the waiting lines and the
public prompts of the posts (in Discord and at the terminal). The rules (RULINGS.md, "Private
actions"), while the game runs:

* a public action is told: its notation and its narration;
* a private action (:func:`is_private_action`, for a game whose capability record
  (:class:`games.core.Capabilities`) declares private choices: a secret choice such as an Ice Lake plan or a Thin
  Ice card kept, or a standing choice such as Ice Hike's torches or a Thin Ice standing order)
  never has its notation told. It shows as :data:`SECRET_CHOICE` when its move told the table
  something (a public event: "has planned (2 of 3 plans in)", a card kept, an order that
  answered a window); otherwise it leaves no trace at all: no log row, no digest entry, no replay
  frame, no time on ``/games``, no restarted clock (``Moves._changed``, bot/core/sessions/moves.py),
  no stale buttons (:meth:`bot.core.sessions.Sessions.shown_step`). So that a player has a plan in is public, not how often or when
  they changed it, and a standing choice is nobody else's business;
* an awaited seat's prompt in a public text is the game's ``public_prompt(state, seat)`` when it
  has one (Ice Hike's never names the drawn tile), and a seat whose choices would show what only
  it may see is asked in private (:func:`asks_privately`).

Once the game is over, the notations of the private actions that left a trace are told; those
that left none stay untold. Undo never takes back a private action
(:func:`bot.core.replay.undo_refusal`): its undo would announce it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import games
from bot.core.notations import RESIGN, UNDO
from games import AnyGame, GameError, GameState, Seat
from games.words import ENGLISH, Language, say, tell
from storage import ActionRecord

#: What a log line or a digest shows of a private action that told the table something.
SECRET_CHOICE = say("(a secret choice)")


class Logged(Protocol):
    """An action as the log keeps it (a stored row, or an entry about to be committed)."""

    @property
    def notation(self) -> str: ...

    @property
    def narration(self) -> str: ...


def is_private_action(game: AnyGame, action: Any) -> bool:
    """Whether ``action``'s notation is kept from the other players while the game runs: the
    one question every text, log and acknowledgement asks. Only a game that declares private
    choices (``game.capabilities.private_choices``) has any (:func:`games.is_private`)."""
    return game.capabilities.private_choices and games.is_private(action)


def is_private_notation(game: AnyGame, notation: str) -> bool:
    """Whether the logged ``notation`` is a private action (never told while the game runs)."""
    if not game.capabilities.private_choices or notation in (RESIGN, UNDO):
        return False
    try:
        return is_private_action(game, game.parse_action(notation))
    except GameError:
        return False


def shown_notation(game: AnyGame, notation: str, *, over: bool, language: Language = ENGLISH) -> str:
    """The notation as the other players may read it (a secret one in words, in ``language``)."""
    if not over and is_private_notation(game, notation):
        return tell(SECRET_CHOICE, (), language)
    return notation


def leaves_trace(game: AnyGame, row: Logged) -> bool:
    """Whether the other players may know that ``row``'s action happened at all: a public action
    always; a private one only when its move told them something (its log row narrates a public
    event). This holds after the game too: its end reveals the plans, not their drafts."""
    return bool(row.narration) or not is_private_notation(game, row.notation)


def public_log(game: AnyGame, rows: Sequence[ActionRecord]) -> list[ActionRecord]:
    """The rows of the log every player may know of, during the game and after it."""
    return [r for r in rows if leaves_trace(game, r)]


def asks_privately(
    game: AnyGame, state: GameState | None, seat: Seat, legal: Sequence[Any] | None = None
) -> bool:
    """Whether what ``seat`` is asked now would show what only it may see, so that it is asked in
    private (a private menu in Discord, the others looking away at the terminal): the game's
    choices always hang on a hidden hand (``secret_choices``: Thin Ice), its ``hides_choices``
    hook says so now (Ice Hike's drawn tile), or a choice is secret (an Ice Lake plan).
    ``legal``: the seat's legal actions when the caller has them. A game without hidden
    information (``game.capabilities``) asks nothing privately."""
    if not game.capabilities.hidden_information:
        return False
    if game.secret_choices or game.hides_choices(state, seat):
        return True
    actions = game.legal_actions(state, seat) if legal is None else legal
    return any(games.is_secret(a) for a in actions)


def only_secret_choices(actions: Sequence[Any]) -> bool:
    """Whether every one of a seat's choices is secret (an Ice Lake plan, a Thin Ice card to
    keep): the seat is asked privately, its answer is nobody else's to read (the terminal reads
    it without echo) and its notation is never shown, and its menu is a sample of what it may
    type."""
    return bool(actions) and all(games.is_secret(a) for a in actions)


def public_prompt(game: AnyGame, state: GameState | None, seat: Seat, language: Language = ENGLISH) -> str:
    """What a public text says ``seat`` is asked to do, in ``language``."""
    return games.tell(game.public_prompt(state, seat), (), language)


def spectator_prompt(
    game: AnyGame, state: GameState | None, seat: Seat, names: Sequence[str], language: Language = ENGLISH
) -> str:
    """What a game's page tells spectators ``seat`` is asked to do, in ``language``: the public
    prompt in the third person, naming the seat (``names``) where it would say "your"."""
    return games.tell(game.spectator_prompt(state, seat), names, language)
