"""A move decided as plain functions: checks, play, the forced moves, the turn and what to commit.

Nothing here reads a store, a cache or a clock: a decision is a function of the loaded
:class:`Table` and of :class:`Circumstances` (the players' names, the time, this process's name
on its leases, the front end's words), as a reducer is in boardgame.io. The session service runs
:func:`decide_move` inside the move's transaction (:meth:`storage.Store.play`) and commits the
:class:`storage.moves.Plan` it returns; tests call it with a table made by hand.

Forced moves: when an awaited seat has exactly one legal action, the session plays it for the
player at once (an ordinary action in the log, made by that seat, narrated "the only move"),
and goes on while that stays true, at most :data:`AUTO_LIMIT` in a row. Never automatic: a
secret action, an action the game's ``never_automatic(state, seat, action)`` hook rules out
(the game's module docstring records each ruling), and any move of a player who turned
auto-play off (``/settings auto_play:false``). Undo never auto-plays (it would undo nothing).

One living message per turn (the edit-or-post rule, decided here so every front end and test
sees it): a reply *edits* the game's turn message (``Reply.edit``) while the same players stay
awaited, showing the new board, the turn's narration so far (the log since
``GameRecord.turn_step``) and the controls for the new step. It is a new post, with a ping,
when a person is newly awaited (a new turn, a reaction window opening for other players), when
it carries an animation (the Ice Lake reveal), at the start and at the end of the game. A
computer newly awaited is pinged by nobody: the turn message goes on, showing it thinking and
no move controls, until a person is awaited again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from bot.core import visibility
from bot.core.narration import recorded
from bot.core.notations import UNDO
from bot.core.sessions.model import (
    BoardMovedOn,
    Decided,
    LobbyError,
    NotSeated,
    Played,
    PublicAction,
    Table,
    Turn,
)
from bot.core.texts import FrontEndWords
from games import AnyGame, Event, GameError, GameState, Seat
from games.words import ENGLISH, Language, Who, say
from storage.codec import dump
from storage.moves import LogEntry, Move, Plan, Since
from storage.owed import Owed
from util.records import frozen

AUTO_LIMIT = 50  # forced moves played in a row at most, so a loop in a game cannot hang a move
#: How long the process that commits a change holds the lease on what it owes the players
#: (storage/owed.py) while it posts it; past it, any process's tick posts it (seconds).
POST_LEASE = 120.0


@frozen
class Circumstances:
    """What a decision reads besides the table."""

    #: Each seat's player's name, by seat.
    names: Sequence[str]
    #: The time of the decision (seconds since the epoch).
    now: float
    #: This process's name on the leases of what a change owes the players (storage/owed.py).
    owner: str
    #: How the front end tells a player to do what the texts ask.
    words: FrontEndWords


# --------------------------------------------------------------------------- who may act


def require_active(table: Table, words: FrontEndWords) -> None:
    """Refuse a game that has not started or is over."""
    if table.record.status == "lobby":
        raise LobbyError(
            say("the game has not started yet: {who} presses Start", who=table.host_call().who_said)
        )
    if table.record.status != "active":
        raise games.GameOver(
            say("that game is over: start a new one with {command}", command=words.start_game)
        )


def seats_at(table: Table, user_id: int, step: int | None, words: FrontEndWords) -> list[Seat]:
    """The user's seats in the active game, refusing a message the board has moved on from
    (``step``: the turn step the clicked message showed) and a user who is not playing."""
    require_active(table, words)
    if step is not None and step != table.record.step:
        raise BoardMovedOn(say("the board has moved on since that message: use the newest one"))
    mine = table.seats_of(user_id)
    if not mine:
        raise NotSeated(say("you are not playing in this game"))
    return mine


def seat_for(table: Table, names: Sequence[str], mine: list[Seat], wanted: Seat | None, action: Any) -> Seat:
    """Which of the user's seats acts: the one asked for, else the first awaited one that may."""
    if wanted is not None:
        if wanted not in mine:
            raise NotSeated(say("that seat is not yours"))
        return wanted
    game, state = table.game, table.state
    awaited = game.to_act(state)
    candidates = [s for s in mine if s in awaited or games.may_revise(game, state, s)]
    if not candidates:
        waiting = ", ".join(names[s] for s in sorted(awaited))
        raise games.NotYourTurn(say("it is not your turn: waiting for {waiting}", waiting=waiting))
    for seat in candidates[:-1]:
        try:
            game.check(state, seat, action)
        except GameError:
            continue
        return seat
    return candidates[-1]


def secret_seats(table: Table, seats: Sequence[Seat]) -> list[Seat]:
    """Awaited seats whose choices are secret (their notation must never be shown)."""
    return [s for s in seats if visibility.only_secret_choices(table.legal(s))]


# --------------------------------------------------------------------------- forced moves


def automatic_refusal(game: AnyGame, state: GameState, seat: Seat, action: Any) -> str | None:
    """Why the session must not play ``action`` for ``seat`` even when it is the only one, or None.

    Secret actions never; deadline-only actions never (they are not legal to players); then, for
    a game that declares such rulings (``capabilities.forced_move_rulings``), its
    ``never_automatic(state, seat, action)`` hook (see games/core.py).
    """
    if games.is_secret(action):
        return "a secret choice is the player's own"
    if games.is_deadline_only(action):
        return "only a deadline plays it"
    if not game.capabilities.forced_move_rulings:
        return None
    ruling = game.never_automatic(state, seat, action)
    return None if ruling is None else games.tell(ruling)


def forced_move(table: Table) -> tuple[Seat, Any] | None:
    """The first awaited seat with exactly one legal action the session may play for it."""
    game, state = table.game, table.playing_state
    manual = table.manual or frozenset()
    for seat in sorted(game.to_act(state)):
        legal = table.legal(seat)
        if len(legal) != 1 or automatic_refusal(game, state, seat, legal[0]) is not None:
            continue
        if table.user_of(seat) not in manual:
            return seat, legal[0]
    return None


def then_forced(table: Table, moves: list[Played]) -> tuple[Table, list[Played]]:
    """``table`` after every forced move from its state, and ``moves`` with them appended."""
    for _ in range(AUTO_LIMIT):
        if table.game.outcome(table.state) is not None:
            break
        forced = forced_move(table)
        if forced is None:
            break
        seat, action = forced
        state, more = games.play(table.game, table.state, seat, action)
        only = say("{who}: {move}, the only move.", who=Who(seat), move=f"`{action}`")
        more = [games.core.public("auto", only), *more]
        moves = [*moves, (seat, str(action), more)]
        table = table.with_state(state)
    return table, moves


# --------------------------------------------------------------------------- the turn


def turn(
    table: Table,
    events: Sequence[Event],
    *,
    ping: bool = True,
    before: frozenset[Seat] = frozenset(),
    secret: bool = False,
    first_step: int | None = None,
) -> Turn:
    """The edit-or-post decision of a reply about ``table`` (:mod:`bot.core.sessions`)."""
    game, state = table.game, table.state
    newly_awaited = game.to_act(state) - before
    if (events or secret) and all(e.audience is not None for e in events) and not newly_awaited:
        return Turn(quiet=True, edit=False, begins=None, log_from=None)
    ongoing = game.outcome(state) is None
    animated = any(e.kind in games.ANIMATED_KINDS for e in events)
    turn_step = table.record.turn_step
    # a computer newly awaited is never pinged: the turn message goes on showing it thinking
    people = {s for s in newly_awaited if not table.is_computer(s)}
    same_turn = ping and first_step is not None and ongoing and not animated and not people
    if same_turn and turn_step is not None:
        return Turn(quiet=False, edit=True, begins=None, log_from=turn_step)
    begins = (table.record.step if first_step is None else first_step) if ping else None
    # the digests are for the people newly pinged, and only ever show actions before this post's
    pinged = (
        {table.user_of(s) for s in newly_awaited if not table.is_computer(s)} if ping and ongoing else set()
    )
    if not pinged or (first_step is not None and first_step < 1):
        return Turn(quiet=False, edit=False, begins=begins, log_from=None)
    seats = tuple(s for s in range(len(table.seats)) if table.user_of(s) in pinged)
    # the post narrates the actions from first_step on (none given: the newest action)
    narrated = table.record.step - 1 if first_step is None else first_step
    return Turn(quiet=False, edit=False, begins=begins, log_from=None, since=Since(seats, narrated, UNDO))


# --------------------------------------------------------------------------- narration


def narrate(
    events: Sequence[Event], names: Sequence[str], *, limit: int = 0, language: Language = ENGLISH
) -> str:
    """The public events as text; past ``limit`` characters the step-by-step lines go first."""
    shown = [e for e in events if e.audience is None]
    text = "\n".join(games.tell(e.text, names, language) for e in shown)
    if limit and len(text) > limit:
        kept = [e for e in shown if e.kind not in games.ANIMATED_KINDS]
        text = "\n".join(games.tell(e.text, names, language) for e in kept)
        if len(text) > limit:
            text = text[: limit - 1].rsplit("\n", 1)[0] + "\n…"
    return text


# --------------------------------------------------------------------------- what to commit


def is_local(table: Table) -> bool:
    """A game at the local terminal (``floe play``): no guild, a negative channel id. Such a
    table may also be computers only (``floe play GAME --computer all``)."""
    return table.record.guild_id is None and table.record.channel_id < 0


def planned(
    after: Table,
    moves: Sequence[Played],
    circumstances: Circumstances,
    *,
    start: Table,
    turn: Turn | None = None,
) -> tuple[Plan, Table]:
    """What committing ``moves`` writes, from ``after.record`` (the game as loaded, ``start``)
    to ``after.state``, and the table as committed. ``turn`` (:func:`turn`): the reply's turn
    step, written with the moves, and the log it reads back. The move also records what it
    owes the players (:func:`owed_by`)."""
    game, record, now = after.game, after.record, circumstances.now
    status = "finished" if game.outcome(after.state) is not None else "active"
    entries = tuple(LogEntry(seat, notation, recorded(more)) for seat, notation, more in moves)
    snapshot = game.to_dict(after.state)
    begins = turn.begins if turn is not None else None
    step = record.step + len(entries)
    owed = owed_by(start, after, moves, step, circumstances, quiet=turn.quiet if turn else None)
    move = Move(record.id, record.step, entries, dump(snapshot), status, now, begins, owed)
    committed = record.moved(step, status, snapshot, now, record.turn_step if begins is None else begins)
    plan = Plan(
        move,
        log_from=turn.log_from if turn is not None else None,
        log_since=turn.since if turn is not None else None,
        after=committed,
    )
    return plan, after.with_record(committed)


def owed_by(
    start: Table,
    after: Table,
    moves: Sequence[Played],
    step: int,
    circumstances: Circumstances,
    *,
    quiet: bool | None = None,
    extra_notes: Sequence[int] = (),
) -> Owed | None:
    """What committing ``moves`` (from ``start`` to ``after``, at ``step``) owes the players,
    recorded in the same transaction (storage/owed.py): the public post unless it is quiet
    (``quiet``: the reply's :class:`Turn` decided it; else the same rule, for a change without a
    secret), pinging the people newly awaited, and a private note for each person an event
    speaks to or a secret prompt asks (``extra_notes``: the start's opening notes). Only who:
    the post recomputes the notes from the state then, through the views. None: nothing owed
    (also at the local terminal, which shows every reply at once and posts nothing later)."""
    if is_local(after):
        return None
    game, state = after.game, after.state
    before = game.to_act(start.state) if start.state is not None else frozenset()
    ongoing = game.outcome(state) is None
    fresh = sorted(game.to_act(state) - before) if ongoing else []
    people = [s for s in fresh if not after.is_computer(s)]
    private = [e for _, _, more in moves for e in more if e.audience is not None]
    if quiet is None:
        events = sum(len(more) for _, _, more in moves)
        quiet = events > 0 and len(private) == events and not fresh
    notes = [*extra_notes]
    for event in private:
        notes += [after.user_of(s) for s in sorted(event.audience or ()) if not after.is_computer(s)]
    notes += [after.user_of(s) for s in secret_seats(after, people)]
    if quiet and not notes:
        return None
    pings = tuple(sorted({after.user_of(s) for s in people}))
    owed = tuple(sorted(set(notes)))  # a note per person: the post recomputes their view
    now = circumstances.now
    return Owed(after.record.id, step, not quiet, pings, owed, circumstances.owner, now + POST_LEASE, now)


def debt(
    table: Table, circumstances: Circumstances, *, pings: Sequence[int], notes: Sequence[int]
) -> Owed | None:
    """What a change to ``table`` that is not a move owes (a replaced seat): its board at the
    game's step, pinging ``pings``, a note for each of ``notes``; leased to this process.
    None at the local terminal (see :func:`owed_by`)."""
    if is_local(table):
        return None
    now, record = circumstances.now, table.record
    owed = tuple(sorted(set(notes)))
    return Owed(record.id, record.step, True, tuple(pings), owed, circumstances.owner, now + POST_LEASE, now)


# --------------------------------------------------------------------------- a player's move


def decide_move(
    table: Table,
    circumstances: Circumstances,
    user_id: int,
    text: str,
    *,
    step: int | None,
    wanted: Seat | None = None,
    private_only: bool = False,
) -> tuple[Plan, Decided]:
    """A player's move ``text`` on the loaded ``table``: its checks, its play, the forced moves
    after it, the turn it makes, and what to commit. It raises to refuse the move.

    ``step``: the step the clicked message was drawn for (None: a typed move); ``wanted``: the
    seat the player named; ``private_only``: a private path (``/plan``, an answer by DM), which
    takes only the actions the game marks private or secret.
    """
    mine = seats_at(table, user_id, step, circumstances.words)
    action = table.game.parse_action(text)
    if games.is_deadline_only(action):
        raise games.IllegalAction(say("only the clock plays that, when a deadline passes"))
    if private_only and not visibility.is_private_action(table.game, action):
        raise PublicAction(
            say(
                "`{action}` is a move everyone sees: play it in the game's channel (its buttons or "
                "/game move). Nothing was changed",
                action=str(action),
            )
        )
    chosen = seat_for(table, circumstances.names, mine, wanted, action)
    before = table.game.to_act(table.state)
    state, events = games.play(table.game, table.state, chosen, action)
    after, moves = then_forced(table.with_state(state), [(chosen, str(action), events)])
    events = [e for _, _, more in moves for e in more]
    decided_turn = turn(
        after,
        events,
        before=before,
        secret=visibility.is_private_action(table.game, action),
        first_step=table.record.step,
    )
    plan, committed = planned(after, moves, circumstances, start=table, turn=decided_turn)
    asked_secretly = frozenset(secret_seats(table, sorted(before)))
    return plan, Decided(table, committed, events, before, action, plan, decided_turn, asked_secretly)
