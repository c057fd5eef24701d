"""The model of a session: its errors (each message is for the user), the replies every front end
shows, and :class:`Table`, a loaded game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Any

from bot.core.pictures import Picture
from games import AnyGame, Event, GameState, Seat
from games.words import ENGLISH, Language, Said, Text, say
from storage import (
    GameRecord,
    SeatRecord,
)
from storage.moves import Plan, Since
from util.records import frozen

# --------------------------------------------------------------------------- errors


#: The answer about a game id that names no game (never stored, or deleted).
NO_SUCH_GAME = say("that game does not exist any more")
#: The databases' integers are signed 64-bit: no id or step lies outside them.
STORABLE = range(-(2**63), 2**63)


def storable(number: int) -> bool:
    """Whether ``number`` could be a stored id or step at all (a larger one would make the
    database driver raise instead of finding nothing)."""
    return number in STORABLE


class SessionError(Exception):
    """Base of the session's own errors; what it says (``said``) is told to the user, in their
    language where it is a saying; ``str()`` is the English."""

    def __init__(self, said: Text) -> None:
        super().__init__(str(said))
        self.said = said


class NoGameHere(SessionError):
    pass


class NotSeated(SessionError):
    pass


class StaleAction(SessionError):
    pass


class BoardMovedOn(StaleAction):
    """The clicked message was drawn for an older step (:meth:`Sessions.shown_step` may still
    accept it: what happened since may be nothing anyone else sees)."""


class ChannelBusy(SessionError):
    pass


class LobbyError(SessionError):
    pass


class PublicAction(SessionError):
    """A move everyone sees, sent by a private path (``/plan``, a DM): it is played in the channel."""


class NotHost(SessionError):
    pass


# --------------------------------------------------------------------------- replies


@frozen
class Choice:
    """One action offered as a button or a select option."""

    label: str
    notation: str
    style: str = "secondary"  # primary | secondary | success | danger
    #: What the action's card or find does, under its select option ("": nothing).
    description: str = ""


@frozen
class Menu:
    placeholder: str
    choices: tuple[Choice, ...]
    #: The choices narrow rather than play: each one's ``notation`` is the start of the notations
    #: it stands for ("play shift B2 ", "place C"), which the player picks from next.
    narrows: bool = False


@frozen
class Controls:
    """Components to attach to a post; the front end turns them into buttons and selects."""

    game_id: int
    step: int
    kind: str  # "lobby" | "turn" | "none"
    buttons: tuple[Choice, ...] = ()
    menus: tuple[Menu, ...] = ()
    #: Offer a button that shows the clicker their own options privately (hidden choices).
    private_menu: bool = False
    more_hint: bool = False  # not every action fits: point to /game move
    #: The awaited choices are secret and open-ended (an Ice Lake plan): offer a private text box
    #: with this label ("Plan privately").
    private_input: str = ""


@frozen
class Awaited:
    user_id: int
    prompt: str
    #: Ping only players newly awaited by this post, so nobody is pinged again for a move
    #: that did not concern them (while still naming everyone awaited).
    ping: bool = True


@frozen
class Post:
    """A public message in the game's channel."""

    text: str
    #: The board, drawn when the front end posts it (:class:`bot.core.pictures.Picture`).
    image: Picture | None = None
    #: The movement GIF of an Ice Lake reveal, drawn likewise.
    animation: Picture | None = None
    awaited: tuple[Awaited, ...] = ()
    controls: Controls | None = None
    #: The colour of the seat the post awaits first (0xRRGGBB), the card's accent (None: none).
    accent: int | None = None
    #: The board's facts as small print under the text, made when a front end that shows a
    #: phone board asks for them (:meth:`shown_text`), as pictures are drawn when awaited.
    small_print: Callable[[], str] | None = None
    #: The language the post is told in (the game's), for the words a front end adds: its
    #: buttons, menus and framing.
    language: Language = ENGLISH
    #: The one line the post's card may shrink to once it is over, told in ``language`` (a
    #: lobby's: that it closed); empty: the text's first line.
    closed: str = ""

    def shown_text(self) -> str:
        """The post's text with its small print, as a card shows it."""
        small = self.small_print() if self.small_print is not None else ""
        return f"{self.text}\n{small}" if small else self.text


@frozen
class Note:
    """A private message for one user (by DM; when DMs are closed the channel says so).

    ``controls`` offers a private way to answer in the server instead (``private_input``).
    """

    user_id: int
    text: str
    #: The user's own view, drawn when the front end sends it (:class:`bot.core.pictures.Picture`).
    image: Picture | None = None
    controls: Controls | None = None
    #: The language the note is told in (its reader's), for the words a front end adds.
    language: Language = ENGLISH


@frozen
class Building:
    """A player's secret choice being built a piece at a time (an Ice Lake plan), privately:
    what the builder shows after each tap (:meth:`bot.core.sessions.Sessions.building`)."""

    game_id: int
    #: The step the turn began at: a builder opened in an earlier round is refused.
    turn: int | None
    title: str
    prompt: str
    draft: str
    #: The choice the player has in now, as pieces ("" none yet): Done on it changes nothing.
    submitted: str
    #: Each piece and its button's label.
    pieces: tuple[tuple[str, str], ...]
    #: Pieces at most: what the answer that carries the choice holds.
    longest: int
    #: Where the draft leads, in words (the picture's alt text says it too).
    route: str
    #: The player's own board with the draft drawn on it.
    image: Picture
    #: The action the draft builds, in notation.
    action: str
    #: Whole drafts to pick at once, with their labels (:attr:`games.Builder.samples`).
    samples: tuple[tuple[str, str], ...] = ()
    #: The language the builder is told in (its player's), for the words a front end adds.
    language: Language = ENGLISH


@frozen
class Reply:
    post: Post | None = None
    notes: tuple[Note, ...] = ()
    ack: str = ""  # a short private confirmation for the user who acted
    game_id: int | None = None
    finished: bool = False
    #: Edit the game's turn message in place with ``post`` (the same players stay awaited)
    #: instead of posting a new message; a front end without that message posts instead.
    edit: bool = False
    #: The game's step the reply shows: the post settles what the game owed up to it
    #: (storage/owed.py). None: a reply that settles nothing (a lobby).
    step: int | None = None
    #: The table the reply was composed from, as committed (None: the front end loads the game):
    #: what posting it needs, with nothing read back.
    table: Table | None = field(default=None, compare=False, repr=False)

    def pictures(self) -> list[Picture]:
        """Every picture of the reply (the board, the animation, the private views), not yet
        drawn unless someone awaited them already."""
        post = [self.post.image, self.post.animation] if self.post is not None else []
        return [p for p in (*post, *(n.image for n in self.notes)) if p is not None]


#: What a lobby says in place of its host once the host's seat was given away (:meth:`Table.seated_host`).
NO_HOST = say(
    "Nobody hosts this table any more: a moderator (Manage Server, or the server's moderator role) "
    "starts or cancels it."
)


@frozen
class HostCall:
    """Who is asked to do the host's work at a table (:meth:`Table.host_call`): the seated host,
    pinged, or, once the host's seat was given away, a moderator (Manage Server or the server's
    moderator role) and nobody pinged: the bot does not know who the moderators are, and the
    players cannot do a host's work. A moderator may always act too."""

    who: str  # "the host" or "a moderator"
    pings: tuple[int, ...]

    @property
    def who_may(self) -> str:
        """ "the host or a moderator", or "a moderator" without a seated host."""
        return f"{self.who} or a moderator" if self.pings else self.who

    @property
    def who_said(self) -> Said:
        """:attr:`who` as a saying, for a refusal told in its reader's language."""
        return say("the host") if self.pings else say("a moderator")

    @property
    def who_may_said(self) -> Said:
        """:attr:`who_may` as a saying, for a notice told in its readers' language."""
        return say("the host or a moderator") if self.pings else say("a moderator")


@frozen
class Table:
    """A loaded game: the record, its seats, the rules object and (when started) the state."""

    record: GameRecord
    seats: tuple[SeatRecord, ...]
    game: AnyGame
    #: The state of a started game (None in the lobby), typed as the protocol gives it.
    state: GameState | None = None
    #: The seated users who turned auto-play off, when loaded with the table (None: not loaded,
    #: the session asks the store).
    manual: frozenset[int] | None = None
    #: The legal actions of each seat asked for so far (:meth:`legal`); a new table starts empty.
    _legal: dict[Seat, list[Any]] = field(default_factory=dict, init=False, repr=False, compare=False)
    #: The seats' names once asked for (:meth:`Sessions.names`), kept by tables of the same seats.
    _names: list[tuple[str, ...]] = field(default_factory=list, init=False, repr=False, compare=False)

    def legal(self, seat: Seat) -> list[Any]:
        """``game.legal_actions(state, seat)``, computed once per table (a reply asks several times)."""
        if seat not in self._legal:
            self._legal[seat] = list(self.game.legal_actions(self.state, seat))
        return self._legal[seat]

    def with_record(self, record: GameRecord) -> Table:
        """The same table with ``record`` (the state is unchanged: its legal actions are kept)."""
        return self._copy(record=record, _legal=dict(self._legal))

    def _copy(self, **changes: Any) -> Table:
        """This table with ``changes`` (fields by name), its names kept: a copy of its fields,
        cheaper than making one (a move makes three; bench/bench_act_instructions.py)."""
        table = object.__new__(type(self))
        table.__dict__.update(self.__dict__, _names=list(self._names), **changes)
        return table

    @property
    def playing_state(self) -> GameState:
        """The state of the started game; a table still in its lobby has none."""
        if self.state is None:
            raise LobbyError(
                say("the game has not started yet: {who} presses Start", who=self.host_call().who_said)
            )
        return self.state

    def with_state(self, state: GameState) -> Table:
        """The same table with ``state`` (a move played on it, nothing committed)."""
        return self._copy(state=state, _legal={})

    def users(self) -> list[int]:
        return [s.user_id for s in self.seats]

    def seated_host(self) -> int | None:
        """The host while seated, else None. A host whose seat was given away (``/game replace``)
        is host no more, and nobody inherits the table: the server's moderators keep their
        powers (the callers' ``moderator``)."""
        host = self.record.host_id
        return host if host in self.users() else None

    def hosted_by(self, user_id: int) -> bool:
        """Whether ``user_id`` has the host's powers (:meth:`seated_host`)."""
        return user_id == self.seated_host()

    def host_call(self) -> HostCall:
        """Who a text asks to do the host's work at this table, and whom it pings."""
        host = self.seated_host()
        return HostCall("a moderator", ()) if host is None else HostCall("the host", (host,))

    def seats_of(self, user_id: int) -> list[Seat]:
        return [s.seat for s in self.seats if s.user_id == user_id]

    def user_of(self, seat: Seat) -> int:
        return self.seats[seat].user_id

    def is_computer(self, seat: Seat) -> bool:
        """Whether the computer plays ``seat`` (the one predicate: stats and ratings use it)."""
        return self.seats[seat].computer is not None

    def level(self, seat: Seat) -> str | None:
        """The level of the computer playing ``seat`` ("easy", "normal", "hard"), None for a person."""
        return self.seats[seat].computer

    def has_computers(self) -> bool:
        return any(s.computer is not None for s in self.seats)

    def humans(self) -> list[int]:
        """The user ids of the people at the table, in seat order, once each."""
        return list(dict.fromkeys(s.user_id for s in self.seats if s.computer is None))


#: One action to commit: the seat, its notation and its events.
Played = tuple[Seat, str, Sequence[Event]]


@frozen
class Turn:
    """How a reply shows a change (the edit-or-post rule of the module docstring), decided before
    the commit so that the store work it needs goes in the move's transaction."""

    #: Nothing anyone else may see changed: no public post (a plan revised, a standing order).
    quiet: bool
    #: Edit the turn message in place (the same players stay awaited).
    edit: bool
    #: A new turn message begins with the action at this step (written to ``GameRecord.turn_step``).
    begins: int | None
    #: The log the reply reads from this step, the turn's narration, when editing (None: none).
    log_from: int | None
    #: The log the "since your last turn" digests of the people newly pinged read (None: no
    #: digests): from the earliest last action of their seats before the post's first action.
    since: Since | None = None


@frozen
class Decided:
    """What :meth:`Sessions._decide` decided: the table as loaded and as committed, the events
    of the action and the forced moves after it, whom the game awaited before, and the plan."""

    start: Table
    table: Table
    events: list[Event]
    before: frozenset[Seat]
    action: Any
    plan: Plan
    turn: Turn
    #: Whom the game awaited before for a secret choice: a seat asked one now that was not (an
    #: Ice Lake skater who answered a facing and now plans) is invited to it anew.
    asked_secretly: frozenset[Seat] = frozenset()
