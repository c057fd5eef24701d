"""The session service: the one place that joins the rules, the store and the renderer.

Plain async Python with no discord import, so both front ends (Discord and the local terminal)
use it and tests drive it with plain ids. Every method takes a channel (or game) id and a user
id, and returns a :class:`Reply` that describes what to show: a public post, private notes,
whom to ping and which controls to offer. A failure raises a :class:`games.GameError` or a
:class:`SessionError`; both carry a message for the user, and nothing was written.

Moves: ``act`` runs under a per-game lock: load, parse, ``games.play``, the forced moves after
it, commit (one transaction that also refuses a stale step; on SQLite all of it is one function
on the database's thread, :meth:`Store.play`), then the reply. Its pictures are drawn when a
front end posts them (:mod:`bot.core.pictures`). Controls carry the step they were drawn for,
so a click on an older board is refused as stale; actions since that left no trace (a plan
revised, a standing choice: :mod:`bot.core.visibility`) posted nothing, so they leave the
board's buttons standing (:meth:`Sessions.shown_step`).

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
when someone is newly awaited (a new turn, a reaction window opening for other players), when
it carries an animation (the Ice Lake reveal), at the start and at the end of the game.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from secrets import token_hex
from typing import Any, Protocol

import games
import renderer
from bot.core import visibility
from bot.core.computer_seats import computer_name, is_computer_user, level_named, next_computer_user
from bot.core.digests import digest_lines, starts_too_late
from bot.core.lobbies import Bounds, check_join, new_lobby_refusal, unfinished_refusal, with_reliability
from bot.core.pictures import Picture
from bot.core.ratings import result_for
from bot.core.replay import RESIGN, UNDO, final_state
from bot.core.texts import MESSAGE_LIMIT, SECRET_REPLY, fit_lines, shorten, unescaped
from games import AnyGame, Event, GameError, Seat
from storage import (
    ActionRecord,
    AlreadySeated,
    GameRecord,
    NotInLobby,
    SeatRecord,
    SeatsChanged,
    StaleStep,
    Store,
    TableFull,
)
from storage import ChannelBusy as StoreChannelBusy
from storage.codec import dump
from storage.moves import LogEntry, Move, Plan, Since
from storage.owed import Owed
from storage.records import Loaded, MemberLoad
from util.lru import keep_newest

MAX_BUTTONS = 20  # at most this many actions as buttons; more go to select menus
MAX_MENU_OPTIONS = 25  # Discord's limit per select menu
MAX_MENUS = 4
MAX_ROWS = 5  # Discord's limit of component rows per message
BUTTONS_PER_ROW = 5
LOG_PAGE = 15
#: Characters of one log line at most (a long narration is shortened), so that a page's
#: LOG_PAGE lines and its heading fit in one message.
LOG_LINE = (MESSAGE_LIMIT - 80) // LOG_PAGE - 1
NARRATION_LIMIT = 1500  # characters of narration in one post (Discord allows 2000 in all)
STATES_KEPT = 256  # games whose last state the session keeps beside its snapshot (_state_of; 1,000 took 9 MB)
AUTO_LIMIT = 50  # forced moves played in a row at most, so a loop in a game cannot hang a move
ALREADY_SEATED = "you already have a seat at this table"
STALE_STEP = "someone else moved first: look at the newest board and try again"
#: How long the process that commits a change holds the lease on what it owes the players
#: (storage/owed.py) while it posts it; past it, any process's tick posts it (seconds).
POST_LEASE = 120.0


def owner_id() -> str:
    """This process's name on its leases: host, process id and a random tail (host:pid:random)."""
    return f"{socket.gethostname()}:{os.getpid()}:{token_hex(4)}"


# --------------------------------------------------------------------------- errors


class SessionError(Exception):
    """Base of the session's own errors; the message is for the user."""


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


@dataclass(frozen=True)
class Choice:
    """One action offered as a button or a select option."""

    label: str
    notation: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass(frozen=True)
class Menu:
    placeholder: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Awaited:
    user_id: int
    prompt: str
    #: Ping only players newly awaited by this post, so nobody is pinged again for a move
    #: that did not concern them (while still naming everyone awaited).
    ping: bool = True


@dataclass(frozen=True)
class Post:
    """A public message in the game's channel."""

    text: str
    #: The board, drawn when the front end posts it (:class:`bot.core.pictures.Picture`).
    image: Picture | None = None
    #: The movement GIF of an Ice Lake reveal, drawn likewise.
    animation: Picture | None = None
    awaited: tuple[Awaited, ...] = ()
    controls: Controls | None = None


@dataclass(frozen=True)
class Note:
    """A private message for one user (by DM; when DMs are closed the channel says so).

    ``controls`` offers a private way to answer in the server instead (``private_input``).
    """

    user_id: int
    text: str
    #: The user's own view, drawn when the front end sends it (:class:`bot.core.pictures.Picture`).
    image: Picture | None = None
    controls: Controls | None = None


@dataclass(frozen=True)
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

    def pictures(self) -> list[Picture]:
        """Every picture of the reply (the board, the animation, the private views), not yet
        drawn unless someone awaited them already."""
        post = [self.post.image, self.post.animation] if self.post is not None else []
        return [p for p in (*post, *(n.image for n in self.notes)) if p is not None]


#: What a lobby says in place of its host once the host's seat was given away (:meth:`Table.seated_host`).
NO_HOST = (
    "Nobody hosts this table any more: a moderator (Manage Server, or the server's moderator role) "
    "starts or cancels it."
)


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Table:
    """A loaded game: the record, its seats, the rules object and (when started) the state."""

    record: GameRecord
    seats: tuple[SeatRecord, ...]
    game: AnyGame
    state: Any = None
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
        table = Table(record, self.seats, self.game, self.state, self.manual)
        table._legal.update(self._legal)
        table._names.extend(self._names)
        return table

    def with_state(self, state: Any) -> Table:
        """The same table with ``state`` (a move played on it, nothing committed)."""
        table = Table(self.record, self.seats, self.game, state, self.manual)
        table._names.extend(self._names)
        return table

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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


# --------------------------------------------------------------------------- service


class Watch(Protocol):
    """What the session tells the scheduler (:class:`bot.core.scheduler.Scheduler`)."""

    async def changed(self, game_id: int, actor: Seat | None) -> None: ...

    async def status_line(self, game_id: int) -> str: ...


Namer = Callable[[int], str]


def _default_namer(user_id: int) -> str:
    return f"user {user_id}"


@dataclass
class Sessions:
    store: Store
    namer: Namer = _default_namer
    clock: Callable[[], float] = time.time
    new_seed: Callable[[], int] = field(default=lambda: secrets.randbelow(2**62))
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    _names: dict[int, str] = field(default_factory=dict)
    #: The state of the last snapshot seen of each recent game, by game id (:meth:`_state_of`).
    _states: dict[int, tuple[Mapping[str, Any], Any]] = field(default_factory=dict)
    _states_lock: threading.Lock = field(default_factory=threading.Lock)
    #: Told after every change of whom a game awaits, and asked for a line under each board
    #: (reminders and deadlines: :class:`bot.core.scheduler.Scheduler`).
    watch: Watch | None = None
    #: This process's name on the leases of what its commits owe the players (storage/owed.py).
    owner: str = field(default_factory=owner_id)

    # ------------------------------------------------------------------ loading

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def table(self, game_id: int) -> Table:
        """The game loaded in one query (record, seats and their remembered names)."""
        return self._table_of(await self.store.game_table(game_id))

    def _table_of(self, loaded: Loaded | None) -> Table:
        """The table of what :meth:`Store.game_table` read (no store access: :meth:`act` runs it
        inside the move's transaction)."""
        if loaded is None:
            raise NoGameHere("that game does not exist any more")
        record, seats, names, manual = loaded
        for user_id, name in names.items():  # a name the front end told us wins
            self._names.setdefault(user_id, name)
        return self._loaded(record, tuple(seats), frozenset(manual))

    async def table_in(self, channel_id: int) -> Table:
        record = await self.store.open_game_in(channel_id)
        if record is None:
            raise NoGameHere("there is no game in this channel: start one with /game new")
        return await self._table(record)

    async def remember_name(self, user_id: int, name: str) -> None:
        """The front end tells the name it sees; it is kept so boards show it after a restart."""
        if self._names.get(user_id) != name:
            self._names[user_id] = name
            await self.store.remember_name(user_id, name)

    def name(self, user_id: int) -> str:
        if is_computer_user(user_id):
            return computer_name(user_id)
        return self._names.get(user_id) or self.namer(user_id)

    async def _table(self, record: GameRecord) -> Table:
        seats = tuple(await self.store.seats(record.id))
        unknown = [s.user_id for s in seats if s.user_id not in self._names]
        if unknown:
            self._names.update(await self.store.names(unknown))
        return self._loaded(record, seats)

    def _loaded(
        self, record: GameRecord, seats: tuple[SeatRecord, ...], manual: frozenset[int] | None = None
    ) -> Table:
        return Table(record, seats, games.get(record.game), self._state_of(record), manual)

    def _state_of(self, record: GameRecord) -> Any:
        """The state of ``record``'s snapshot: the state last loaded or committed for the game
        when it had the same snapshot (the next move loads what the move before committed;
        states are immutable), else parsed from it."""
        snapshot = record.state
        if snapshot is None:
            return None
        with self._states_lock:
            known = self._states.get(record.id)
        state = known[1] if known is not None and (known[0] is snapshot or known[0] == snapshot) else None
        if state is None:
            state = games.get(record.game).from_dict(snapshot)
        self._remember_state(record.id, snapshot, state)
        return state

    def _remember_state(self, game_id: int, snapshot: Mapping[str, Any], state: Any) -> None:
        """Keep ``state`` for :meth:`_state_of` as the state of ``snapshot`` (at most
        :data:`STATES_KEPT` games, the most recent). A move decides on the writer's thread and a
        load may run on the loop meanwhile: the lock keeps the two from dropping the same game."""
        with self._states_lock:
            keep_newest(self._states, game_id, (snapshot, state), STATES_KEPT)

    def names(self, table: Table) -> list[str]:
        """The name of each seat's player, asked once per table (a move's reply asks often)."""
        if not table._names:
            table._names.append(tuple(self.name(s.user_id) for s in table.seats))
        return list(table._names[0])

    def picture_names(self, table: Table) -> list[str]:
        """The seats' names as a picture shows them: plain text, without the escapes that make
        them safe in a message (a picture reads no markdown)."""
        return [unescaped(name) for name in self.names(table)]

    # ------------------------------------------------------------------ lobby

    async def new_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        game_name: str,
        options: Mapping[str, Any] | None = None,
        bounds: Bounds | None = None,
    ) -> Reply:
        """Open a lobby with the host seated. ``bounds``: the server's bounds per member
        (:mod:`bot.core.lobbies`), checked in the transaction that creates it; None: unbounded
        (the terminal)."""
        game = games.get(game_name)
        parsed = game.options.from_mapping(options or {})
        try:
            record = await self.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game.name,
                options=parsed.to_mapping(),
                seed=self.new_seed(),
                host_id=user_id,
                now=self.clock(),
                admit=None if bounds is None else self._admission(bounds),
            )
        except StoreChannelBusy:
            raise ChannelBusy(
                "this channel already has a game: finish it, or start a new one in a thread with "
                "/game new thread:true"
            ) from None
        table = await self._table(record)
        return Reply(post=self._lobby_post(table), game_id=record.id, ack=f"{game.title} lobby opened.")

    def _admission(self, bounds: Bounds) -> Callable[[MemberLoad], None]:
        """What the store asks with the host's load, in the transaction that creates a lobby."""
        now = self.clock()

        def admit(load: MemberLoad) -> None:
            refusal = new_lobby_refusal(load, bounds, now)
            if refusal is not None:
                raise LobbyError(refusal)

        return admit

    async def check_new_lobby(self, guild_id: int, user_id: int, bounds: Bounds) -> None:
        """Refuse a lobby the member may not open now (the bounds on hoarding,
        :mod:`bot.core.lobbies`), before anything is created for it (a thread)."""
        self._admission(bounds)(await self.store.member_load(user_id, guild_id))

    async def join(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, bounds: Bounds | None = None
    ) -> Reply:
        """Seat ``user_id`` in the lobby. ``bounds``: the server's bounds per member (None: unbounded)."""
        table = await self._lobby(channel_id, game_id)
        if table.seats_of(user_id) and not self._may_take_another_seat(table):
            raise LobbyError(ALREADY_SEATED)  # before the host's condition, which would not apply
        refusal = await check_join(self, table, user_id)  # the host's condition (bot/core/lobbies.py)
        if refusal is not None:
            raise LobbyError(refusal)

        def admit(load: MemberLoad) -> None:  # the member's unfinished games (bot/core/lobbies.py)
            refusal = unfinished_refusal(load, bounds) if bounds is not None else None
            if refusal is not None:
                raise LobbyError(refusal)

        await self._seat(table, user_id, admit=None if bounds is None else admit)
        table = await self.table(table.record.id)
        post = await with_reliability(self, table, self._lobby_post(table))
        return Reply(post=post, game_id=table.record.id, ack="You joined the game.")

    async def _seat(
        self,
        table: Table,
        user_id: int,
        *,
        computer: str | None = None,
        admit: Callable[[MemberLoad], None] | None = None,
    ) -> None:
        """Seat ``user_id`` (a computer of level ``computer``) in the lobby. The database decides,
        under the game's lock, whatever arrives at the same moment in this process or another: a
        member holds one seat (except in local play), and the table has at most its game's size;
        ``admit`` checks the member's load in the same transaction (:meth:`Store.add_seat`)."""
        try:
            await self.store.add_seat(
                table.record.id,
                user_id,
                now=self.clock(),
                capacity=table.game.players.stop - 1,
                computer=computer,
                another=self._may_take_another_seat(table),
                admit=admit,
            )
        except AlreadySeated:
            raise LobbyError(
                "another computer player was seated at the same moment: add this one again"
                if computer is not None
                else ALREADY_SEATED
            ) from None
        except TableFull:
            raise LobbyError(
                f"this table is full: {table.game.title} is for at most {table.game.players.stop - 1} players"
            ) from None
        except NotInLobby:
            raise LobbyError("the game has already started") from None

    async def add_computer(
        self,
        channel_id: int,
        user_id: int,
        level: str,
        *,
        game_id: int | None = None,
        moderator: bool = False,
    ) -> Reply:
        """Seat a computer player of ``level`` (the host, or a moderator)."""
        import ai

        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, "add a computer player")
        try:
            level = level_named(level)
        except ValueError as err:
            raise LobbyError(str(err)) from None
        if not ai.has_computer(table.game.name):
            raise LobbyError(f"{table.game.title} has no computer player yet")
        computer = next_computer_user(table.users(), level)
        await self._seat(table, computer, computer=level)
        table = await self.table(table.record.id)
        ack = f"{self.name(computer)} joined the game."
        return Reply(post=self._lobby_post(table), game_id=table.record.id, ack=ack)

    async def check_host(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> None:
        """Refuse anyone but the host (or a moderator) of the open lobby."""
        await self._hosted_lobby(channel_id, game_id, user_id, moderator, "add a computer player")

    async def remove_computer(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """Take the last computer player out of the lobby (the host, or a moderator)."""
        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, "remove a computer player")
        computers = [s for s in table.seats if s.computer is not None]
        if not computers:
            raise LobbyError("there is no computer player in this lobby")
        await self._unseat(table, computers[-1].user_id)
        table = await self.table(table.record.id)
        ack = f"{self.name(computers[-1].user_id)} left the game."
        return Reply(post=self._lobby_post(table), game_id=table.record.id, ack=ack)

    def _may_take_another_seat(self, table: Table) -> bool:
        """Local play seats everyone at one keyboard; in Discord one user holds one lobby seat."""
        return self.is_local(table)

    @staticmethod
    def is_local(table: Table) -> bool:
        """A game at the local terminal (``floe play``): no guild, a negative channel id. Such a
        table may also be computers only (``floe play GAME --computer all``)."""
        return table.record.guild_id is None and table.record.channel_id < 0

    async def leave(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        table = await self._lobby(channel_id, game_id)
        if user_id not in table.users():
            raise NotSeated("you are not in this game's lobby")
        if table.hosted_by(user_id):
            raise LobbyError("you are the host: cancel the game with /game cancel instead of leaving")
        await self._unseat(table, user_id)
        table = await self.table(table.record.id)
        return Reply(post=self._lobby_post(table), game_id=table.record.id, ack="You left the game.")

    async def _unseat(self, table: Table, user_id: int) -> None:
        """Take ``user_id``'s last seat out of the lobby, refusing when the game started or the
        seat is gone meanwhile (a second click, in this process or another)."""
        try:
            removed = await self.store.remove_seat(table.record.id, user_id, now=self.clock())
        except NotInLobby:
            raise LobbyError("the game has already started: to stop playing, use /game resign") from None
        if not removed:
            raise NotSeated("you are not in this game's lobby")

    async def cancel(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """End the lobby (the host, or a moderator: the server's moderator role or Manage Server)."""
        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, "cancel the game")
        await self.store.set_status(table.record.id, "abandoned", now=self.clock())
        by = "its host" if table.hosted_by(user_id) else "a moderator"
        return Reply(
            post=Post(f"The {table.game.title} game was cancelled by {by}."),
            game_id=table.record.id,
            finished=True,
        )

    async def start(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """Start the game (the host, or a moderator)."""
        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, "start the game")
        n, allowed = len(table.seats), table.game.players
        if n not in allowed:
            raise LobbyError(
                f"{table.game.title} needs {allowed.start} to {allowed.stop - 1} players; {n} joined so far"
            )
        if not table.humans() and not self.is_local(table):
            raise LobbyError("a game needs at least one person: join it, or remove a computer player")
        options = table.game.options.from_mapping(table.record.options)
        state = table.game.new_game(n, options, table.record.seed)
        started = table.with_state(state)
        now = self.clock()
        opening = [n.user_id for n in self._opening_notes(started)]
        owed = self._owed_by(table, started, [], 0, now, extra_notes=opening)
        try:
            await self.store.start_game(
                table.record.id, state=table.game.to_dict(state), now=now, seats=table.users(), owed=owed
            )
        except NotInLobby:
            raise StaleAction("the game has already started") from None
        except SeatsChanged:
            raise StaleAction(
                "the table changed while you started the game (someone joined or left): look at the "
                "lobby and press Start again. Nothing was changed"
            ) from None
        if self.watch is not None:
            await self.watch.changed(table.record.id, None)
        async with self._lock(table.record.id):
            table, events = await self._play_forced(await self.table(table.record.id), [])
        names = self.names(table)
        order = ", ".join(names)
        intro = f"**{table.game.title}** begins! Seats: {order}."
        reply = await self._board_reply(table, intro, events, ack="The game has started.", first_step=0)
        return replace(reply, notes=reply.notes + tuple(self._opening_notes(table)))

    def _opening_notes(self, table: Table) -> list[Note]:
        """Private information dealt at the start, by DM: every player's own view where choices
        always depend on it (``secret_choices``: a Thin Ice hand), else the view of a first mover
        whose choices are hidden now (``hides_choices``: Ice Hike's first drawn tile)."""
        game, state = table.game, table.state
        if game.secret_choices:
            seats = list(range(len(table.seats)))
        else:
            seats = [s for s in sorted(game.to_act(state)) if game.hides_choices(state, s)]
        notes = []
        for seat in (s for s in seats if not table.is_computer(s)):
            image = self.picture(table, seat)
            text = f"**{game.title}** has begun. Your private view (only you see it) is attached."
            if seat in game.to_act(state):
                text += f"\nYou start: {game.prompt(state, seat)}."
            notes.append(Note(table.user_of(seat), text, image))
        return notes

    async def _hosted_lobby(
        self, channel_id: int, game_id: int | None, user_id: int, moderator: bool, what: str
    ) -> Table:
        """The open lobby, when ``user_id`` hosts it or is a moderator; else :class:`NotHost`
        saying who may do ``what`` (the host, or a moderator once the host's seat was given away)."""
        table = await self._lobby(channel_id, game_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(f"only {table.host_call().who} can {what}")
        return table

    async def _lobby(self, channel_id: int, game_id: int | None) -> Table:
        table = await self.table(game_id) if game_id is not None else await self.table_in(channel_id)
        if table.record.status != "lobby":
            if table.record.status == "active":
                raise LobbyError("the game has already started")
            raise NoGameHere("that game is over: start a new one with /game new")
        return table

    def _lobby_post(self, table: Table) -> Post:
        game = table.game
        names = self.names(table)
        lo, hi = game.players.start, game.players.stop - 1
        options = game.options.from_mapping(table.record.options).describe()
        host = table.seated_host()
        lines = [
            f"**{game.title}** — a new game is looking for players ({lo}–{hi}).",
            f"Options: {options}." if options else "",
            f"Host: {self.name(host)}." if host is not None else NO_HOST,
            f"Joined ({len(names)}): {', '.join(names)}.",
            f"Press **Join** to take a seat; {table.host_call().who} presses **Start** when the table is ready.",
        ]
        return Post(
            text="\n".join(line for line in lines if line),
            controls=Controls(table.record.id, table.record.step, "lobby"),
        )

    # ------------------------------------------------------------------ moves

    async def act(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        *,
        step: int | None = None,
        seat: Seat | None = None,
        game_id: int | None = None,
        private_only: bool = False,
    ) -> Reply:
        """Play ``text`` (notation) for ``user_id``; ``step`` is the step a button was drawn for.
        ``private_only``: a private path (``/plan``, an answer by DM), which takes only the
        actions the game marks private or secret; anything else is played in the game's channel.

        Loading, checking, playing (with the forced moves after it) and committing are one
        :meth:`Store.play`: one hop to SQLite's thread, where :meth:`_decide` runs inside the move's
        transaction. The reply's own writes and reads (the turn message's first step, the log it
        narrates) go in the same transaction, so after the commit the reply reads no store. The
        new board is drawn when the front end posts it (:class:`bot.core.pictures.Picture`).
        """
        if game_id is None:
            game_id = (await self._active(channel_id)).record.id
        try:
            return await self._act(game_id, user_id, text, step, seat, private_only)
        except BoardMovedOn:
            assert step is not None  # only a message's step can be older
            shown = await self.shown_step(game_id, step)
            if shown == step:
                raise
            return await self._act(game_id, user_id, text, shown, seat, private_only)

    async def shown_step(self, game_id: int, step: int) -> int:
        """The newest step a message drawn for ``step`` still shows: actions after it that left no
        trace (:func:`bot.core.visibility.leaves_trace`: a plan revised, a standing choice) post
        nothing and change nothing anyone else sees, so its buttons still stand. Otherwise a
        player's hidden choice would turn everyone's buttons stale, with no newer message."""
        game = (await self.table(game_id)).game
        for row in await self.store.actions_from(game_id, step):
            if visibility.leaves_trace(game, row):
                break
            step = row.step + 1
        return step

    async def _act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        step: int | None,
        seat: Seat | None,
        private_only: bool = False,
    ) -> Reply:
        """:meth:`act` for the message drawn for ``step`` (None: a typed move)."""
        async with self._lock(game_id):

            def decide(loaded: Loaded | None) -> tuple[Plan, Decided]:
                return self._decide(self._table_of(loaded), user_id, text, step, seat, private_only)

            try:
                decided, log = await self.store.play(game_id, decide)
                if log is None:  # the move ends the game: its result goes in its transaction
                    log = await self._write(decided.start, decided.plan, decided.table.state)
            except StaleStep:
                raise StaleAction(STALE_STEP) from None
            await self._changed(decided.table, decided.plan)
        private = games.is_private(decided.action)
        ack = "Your choice is in (only you can see it)." if private else f"You played `{decided.action}`."
        return await self._board_reply(
            decided.table,
            "",
            decided.events,
            ack=ack,
            before=decided.before,
            secret=private,
            first_step=decided.start.record.step,
            turn=(decided.turn, log),
            narrated=_log_text(decided.plan.move.entries),
        )

    def _seats_at(self, table: Table, user_id: int, step: int | None) -> list[Seat]:
        """The user's seats in the active game, refusing a message the board has moved on from
        (``step``: the turn step the clicked message showed) and a user who is not playing."""
        self._require_active(table)
        if step is not None and step != table.record.step:
            raise BoardMovedOn("the board has moved on since that message: use the newest one")
        mine = table.seats_of(user_id)
        if not mine:
            raise NotSeated("you are not playing in this game")
        return mine

    def _decide(
        self,
        table: Table,
        user_id: int,
        text: str,
        step: int | None,
        wanted: Seat | None,
        private_only: bool = False,
    ) -> tuple[Plan, Decided]:
        """:meth:`act`'s checks and play from the loaded ``table``, and what to commit (plain code,
        no store access; it raises to refuse the move)."""
        mine = self._seats_at(table, user_id, step)
        action = table.game.parse_action(text)
        if games.is_deadline_only(action):
            raise games.IllegalAction("only the clock plays that, when a deadline passes")
        if private_only and not games.is_private(action):
            raise PublicAction(
                f"`{action}` is a move everyone sees: play it in the game's channel (its buttons or "
                "/game move). Nothing was changed"
            )
        chosen = self._seat_for(table, mine, wanted, action)
        before = table.game.to_act(table.state)
        state, events = games.play(table.game, table.state, chosen, action)
        after, moves = self._then_forced(table.with_state(state), [(chosen, str(action), events)])
        events = [e for _, _, more in moves for e in more]
        turn = self._turn(
            after, events, before=before, secret=games.is_private(action), first_step=table.record.step
        )
        plan, committed = self._planned(after, moves, turn, start=table)
        return plan, Decided(table, committed, events, before, action, plan, turn)

    def picture(self, table: Table, seat: Seat | None = None) -> Picture:
        """The board of ``seat``'s view of ``table`` (None: the public board), drawn when first
        awaited; the view itself is made then, in the drawing thread. Its alt text comes from the
        same view (:func:`renderer.describe`)."""
        game, state, names = table.game, table.state, self.picture_names(table)
        return Picture(
            lambda: renderer.render(game.view(state, seat), names=names),
            describe=lambda: renderer.describe(game.view(state, seat), names=names),
        )

    def _then_forced(self, table: Table, moves: list[Played]) -> tuple[Table, list[Played]]:
        """``table`` after every forced move (see the module docstring) from its state, and
        ``moves`` with them appended; nothing is committed."""
        for _ in range(AUTO_LIMIT):
            if table.game.outcome(table.state) is not None:
                break
            forced = self._forced_move(table)
            if forced is None:
                break
            seat, action = forced
            state, more = games.play(table.game, table.state, seat, action)
            more = [games.core.public("auto", f"{{{seat}}}: `{action}`, the only move."), *more]
            moves = [*moves, (seat, str(action), more)]
            table = table.with_state(state)
        return table, moves

    async def _play_forced(self, table: Table, events: list[Event]) -> tuple[Table, list[Event]]:
        """Play and commit every forced move (see the module docstring), under the caller's game lock.

        Returns the table after them and ``events`` with theirs appended.
        """
        if table.record.status != "active":
            return table, events
        if table.manual is None:
            manual = [u for u in dict.fromkeys(table.users()) if not await self.store.auto_play(u)]
            table = replace(table, manual=frozenset(manual))
        after, moves = self._then_forced(table, [])
        if not moves:
            return table, events
        plan, committed = self._planned(after, moves, start=table)
        await self._commit_plan(table, plan, after.state)
        return committed, [*events, *(e for _, _, more in moves for e in more)]

    def _forced_move(self, table: Table) -> tuple[Seat, Any] | None:
        """The first awaited seat with exactly one legal action the session may play for it."""
        game, state = table.game, table.state
        manual = table.manual or frozenset()
        for seat in sorted(game.to_act(state)):
            legal = table.legal(seat)
            if len(legal) != 1 or automatic_refusal(game, state, seat, legal[0]) is not None:
                continue
            if table.user_of(seat) not in manual:
                return seat, legal[0]
        return None

    def _seat_for(self, table: Table, mine: list[Seat], wanted: Seat | None, action: Any) -> Seat:
        """Which of the user's seats acts: the one asked for, else the first awaited one that may."""
        if wanted is not None:
            if wanted not in mine:
                raise NotSeated("that seat is not yours")
            return wanted
        game, state = table.game, table.state
        awaited = game.to_act(state)
        candidates = [s for s in mine if s in awaited or games.may_revise(game, state, s)]
        if not candidates:
            waiting = ", ".join(self.name(table.user_of(s)) for s in sorted(awaited))
            raise games.NotYourTurn(f"it is not your turn: waiting for {waiting}")
        for seat in candidates[:-1]:
            try:
                game.check(state, seat, action)
            except GameError:
                continue
            return seat
        return candidates[-1]

    async def _commit(
        self, table: Table, seat: Seat, notation: str, state: Any, events: Sequence[Event]
    ) -> Table:
        """Record one action in one transaction; returns the table as committed (what a reload
        would read: the transaction refused anything else, so nothing is read back)."""
        plan, committed = self._planned(table.with_state(state), [(seat, notation, events)], start=table)
        await self._commit_plan(table, plan, state)
        return committed

    def _planned(
        self, after: Table, moves: Sequence[Played], turn: Turn | None = None, *, start: Table
    ) -> tuple[Plan, Table]:
        """What committing ``moves`` writes, from ``after.record`` (the game as loaded, ``start``)
        to ``after.state``, and the table as committed. ``turn`` (:meth:`_turn`): the reply's turn
        step, written with the moves, and the log it reads back. The move also records what it
        owes the players (:meth:`_owed_by`)."""
        game, record = after.game, after.record
        status = "finished" if game.outcome(after.state) is not None else "active"
        entries = tuple(
            LogEntry(seat, notation, self._narrate(after, more)) for seat, notation, more in moves
        )
        snapshot = game.to_dict(after.state)
        self._remember_state(record.id, snapshot, after.state)
        now = self.clock()
        begins = turn.begins if turn is not None else None
        owed = self._owed_by(
            start, after, moves, record.step + len(entries), now, quiet=turn.quiet if turn else None
        )
        move = Move(record.id, record.step, entries, dump(snapshot), status, now, begins, owed)
        committed = record.moved(
            record.step + len(entries), status, snapshot, now, record.turn_step if begins is None else begins
        )
        plan = Plan(
            move,
            log_from=turn.log_from if turn is not None else None,
            log_since=turn.since if turn is not None else None,
            after=committed,
        )
        return plan, after.with_record(committed)

    def _owed_by(
        self,
        start: Table,
        after: Table,
        moves: Sequence[Played],
        step: int,
        now: float,
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
        if self.is_local(after):
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
        notes += [after.user_of(s) for s in self._secret_seats(after, people)]
        if quiet and not notes:
            return None
        pings = tuple(sorted({after.user_of(s) for s in people}))
        owed = tuple(sorted(set(notes)))  # a note per person: the post recomputes their view
        return Owed(after.record.id, step, not quiet, pings, owed, self.owner, now + POST_LEASE, now)

    def debt(self, table: Table, *, pings: Sequence[int], notes: Sequence[int]) -> Owed | None:
        """What a change to ``table`` that is not a move owes (a replaced seat): its board at the
        game's step, pinging ``pings``, a note for each of ``notes``; leased to this process.
        None at the local terminal (see :meth:`_owed_by`)."""
        if self.is_local(table):
            return None
        now = self.clock()
        owed = tuple(sorted(set(notes)))
        return Owed(
            table.record.id, table.record.step, True, tuple(pings), owed, self.owner, now + POST_LEASE, now
        )

    async def _commit_plan(self, table: Table, plan: Plan, state: Any) -> list[ActionRecord]:
        """Commit ``plan`` (decided from ``table``, ending in ``state``) and tell the watch;
        returns the log it read back."""
        try:
            log = await self._write(table, plan, state)
        except StaleStep:
            raise StaleAction(STALE_STEP) from None
        await self._changed(table, plan)
        return log

    async def _write(self, table: Table, plan: Plan, state: Any) -> list[ActionRecord]:
        """:meth:`Store.commit` of ``plan``; a move that ends the game carries its result and the
        rating changes into the same transaction."""
        result = None
        if plan.ends:
            resigned = await self.store.resigned_seats(table.record.id, RESIGN)
            resigned |= {e.seat for e in plan.move.entries if e.notation == RESIGN}
            result = result_for(table, state, resigned)
        return await self.store.commit(plan, result=result)

    async def _changed(self, table: Table, plan: Plan) -> None:
        """Tell the watch (the scheduler) who moved, once per seat that acted in ``plan``. A seat
        whose actions all left no trace (a standing choice: :mod:`bot.core.visibility`) did not
        move for anyone else: its clock goes on (no fresh deadline, no reminder that tells when)."""
        if self.watch is None:
            return
        game = table.game
        moved = [e.seat for e in plan.move.entries if visibility.leaves_trace(game, e)]
        for seat in dict.fromkeys(moved):
            await self.watch.changed(table.record.id, seat)
        if not moved:  # who is awaited may still have changed (a standing order that answered)
            await self.watch.changed(table.record.id, None)

    async def resign(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        if game_id is None:
            game_id = (await self._active(channel_id)).record.id
        async with self._lock(game_id):
            table = await self.table(game_id)
            mine = self._seats_at(table, user_id, None)
            events: list[Event] = []
            before = table.game.to_act(table.state)
            first = table.record.step
            for seat in mine:  # one log entry per seat, so that replay reproduces the snapshot
                if table.record.status != "active":
                    break
                state, more = table.game.retire(table.state, seat)
                table = await self._commit(table, seat, RESIGN, state, more)
                events += more
            table, events = await self._play_forced(table, events)
        return await self._board_reply(
            table, "", events, ack="You resigned.", before=before, first_step=first
        )

    async def still_playing(self, table: Table) -> set[int]:
        """The people still in the game: seated (a replaced player is not), not resigned (a
        resigned seat stays at the table; its log holds the resignation), not computers. They
        alone vote on the table's matters (a pause, a stalled player) and resume a pause."""
        resigned = await self.store.resigned_seats(table.record.id, RESIGN)
        return {seat.user_id for seat in table.seats if seat.seat not in resigned and seat.computer is None}

    async def play_for(
        self,
        game_id: int,
        seat: Seat,
        choose: Callable[[AnyGame, Any, Seat], Any],
        *,
        intro: str = "",
        limit: int = 60,
    ) -> Reply | None:
        """Moves the session makes for ``seat`` (a deadline default) while the seat stays awaited.

        ``choose(game, state, seat)`` names each action. Returns None when nothing is asked of
        the seat (someone moved first). Every move is logged like a player's, so replay holds.
        """
        async with self._lock(game_id):
            table = await self.table(game_id)
            if table.record.status != "active" or seat not in table.game.to_act(table.state):
                return None
            before = table.game.to_act(table.state)
            first = table.record.step
            events: list[Event] = []
            for _ in range(limit):
                if table.record.status != "active" or seat not in table.game.to_act(table.state):
                    break
                action = choose(table.game, table.state, seat)
                state, more = games.play(table.game, table.state, seat, action)
                table = await self._commit(table, seat, str(action), state, more)
                events += more
            table, events = await self._play_forced(table, events)
        return await self._board_reply(table, intro, events, before=before, first_step=first)

    async def _active(self, channel_id: int) -> Table:
        table = await self.table_in(channel_id)
        self._require_active(table)
        return table

    def _require_active(self, table: Table) -> None:
        if table.record.status == "lobby":
            raise LobbyError(f"the game has not started yet: {table.host_call().who} presses Start")
        if table.record.status != "active":
            raise games.GameOver("that game is over: start a new one with /game new")

    # ------------------------------------------------------------------ looking

    async def board(
        self, channel_id: int, *, game_id: int | None = None, ping: Collection[int] = ()
    ) -> Reply:
        """The public board again (for /game board); it pings the users of ``ping`` still awaited
        (a board owed after a failed post pings whom that post would have)."""
        table = await self.table(game_id) if game_id is not None else await self.table_in(channel_id)
        if table.state is None:
            return Reply(post=self._lobby_post(table), game_id=table.record.id)
        reply = await self._board_reply(table, "", [], ping=False)
        awaited = tuple(a for a in self._awaited(table, frozenset()) if a.user_id in ping)
        if reply.post is not None and awaited and not reply.finished:
            reply = replace(reply, post=replace(reply.post, awaited=awaited))
        return reply

    async def private_view(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Note:
        """The user's own view (hidden hand, plan) as a private note, asked for at any time."""
        table = await self.table(game_id) if game_id is not None else await self.table_in(channel_id)
        if table.state is None:
            raise LobbyError("the game has not started yet")
        if not table.seats_of(user_id):
            raise NotSeated("you are not playing in this game")
        return self._view_note(table, user_id)

    def _view_note(self, table: Table, user_id: int) -> Note:
        """The user's own view of a started game, and what it awaits of them."""
        mine = table.seats_of(user_id)
        image = self.picture(table, mine[0])
        awaited = table.game.to_act(table.state)
        lines = [f"Your view of {table.game.title}."]
        for s in mine:
            if s in awaited:
                lines.append(f"You are awaited: {table.game.prompt(table.state, s)}.")
        return Note(user_id, "\n".join(lines), image)

    async def owed_reply(
        self, game_id: int, *, board: bool, ping: Collection[int], notes: Collection[int]
    ) -> Reply | None:
        """What a game still owes its players (storage/owed.py), made from its state now, through
        the views: the current board (``board``), pinging those of ``ping`` still awaited, and for
        each of ``notes`` their secret prompt when one is asked of them, else their own view.
        None: nothing to post (the game is not started, or was abandoned)."""
        table = await self.table(game_id)
        if table.state is None or table.record.status not in ("active", "finished"):
            return None
        reply = (
            await self.board(0, game_id=game_id, ping=ping)
            if board
            else Reply(game_id=game_id, step=table.record.step)
        )
        prompts = {n.user_id: n for n in self._secret_prompts(table, frozenset())}
        owed = [
            prompts.get(u) or self._view_note(table, u) for u in dict.fromkeys(notes) if table.seats_of(u)
        ]
        return replace(reply, notes=tuple(owed))

    async def options_for(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, step: int | None = None
    ) -> Controls:
        """The user's own legal actions as controls (for a private menu)."""
        table = await self.table(game_id) if game_id is not None else await self._active(channel_id)
        try:
            mine = self._seats_at(table, user_id, step)
        except BoardMovedOn:
            mine = self._seats_at(table, user_id, await self.shown_step(table.record.id, step or 0))
        awaited = [s for s in mine if s in table.game.to_act(table.state)]
        if not awaited:
            raise games.NotYourTurn("nothing is asked of you right now")
        return self._controls(table, awaited, private=True)

    async def suggestions(self, channel_id: int, user_id: int, typed: str, *, limit: int = 25) -> list[str]:
        """Autocomplete: the caller's legal actions containing what was typed."""
        try:
            table = await self._active(channel_id)
        except SessionError:
            return []
        except GameError:
            return []
        typed = " ".join(typed.lower().split())
        out: list[str] = []
        awaited = table.game.to_act(table.state)
        for seat in table.seats_of(user_id):
            if seat not in awaited and not games.may_revise(table.game, table.state, seat):
                continue
            for action in table.legal(seat):
                notation = str(action)
                if typed in notation.lower() and notation not in out:
                    out.append(notation)
        return out[:limit]

    async def public_log(self, table: Table) -> list[ActionRecord]:
        """The game's log as every player may read it (:func:`bot.core.visibility.public_log`)."""
        return visibility.public_log(table.game, await self.store.actions(table.record.id))

    async def log(self, channel_id: int, *, page: int = 1, game_id: int | None = None) -> str:
        """One page of the log; its lines are numbered as the players may count the moves."""
        table = await self.table(game_id) if game_id is not None else await self.table_in(channel_id)
        told = await self.public_log(table)
        if not told:
            return "No moves yet."
        pages = (len(told) + LOG_PAGE - 1) // LOG_PAGE
        page = min(max(page, 1), pages)
        first = (page - 1) * LOG_PAGE
        names = self.names(table)
        over = table.record.status in ("finished", "abandoned")
        lines = [f"**{table.game.title}** log, page {page} of {pages}:"]
        for number, row in enumerate(told[first : first + LOG_PAGE], start=first + 1):
            who = names[row.seat] if row.seat < len(names) else "?"
            shown = visibility.shown_notation(table.game, row.notation, over=over)
            head = f"`{number:>3}` <t:{int(row.created_at)}:R> {shorten(who, 32)}: `{shorten(shown, 40)}`"
            said = " ".join((row.narration or "").split())  # one line per move
            narration = shorten(f" — {said}", LOG_LINE - len(head)) if said else ""
            lines.append(head + narration)
        return fit_lines(lines)  # every line fits: LOG_LINE

    async def verify_replay(self, game_id: int) -> bool:
        """Replaying the action log from the seed reproduces the stored snapshot."""
        table = await self.table(game_id)
        if table.state is None:
            return True
        rows = await self.store.actions(game_id)
        return bool(final_state(table.game, table.record, len(table.seats), rows) == table.state)

    # ------------------------------------------------------------------ composing replies

    def _turn(
        self,
        table: Table,
        events: Sequence[Event],
        *,
        ping: bool = True,
        before: frozenset[Seat] = frozenset(),
        secret: bool = False,
        first_step: int | None = None,
    ) -> Turn:
        """The edit-or-post decision of a reply about ``table`` (see :meth:`_board_reply`)."""
        game, state = table.game, table.state
        newly_awaited = game.to_act(state) - before
        if (events or secret) and all(e.audience is not None for e in events) and not newly_awaited:
            return Turn(quiet=True, edit=False, begins=None, log_from=None)
        ongoing = game.outcome(state) is None
        animated = any(e.kind in games.ANIMATED_KINDS for e in events)
        turn_step = table.record.turn_step
        same_turn = ping and first_step is not None and ongoing and not animated and not newly_awaited
        if same_turn and turn_step is not None:
            return Turn(quiet=False, edit=True, begins=None, log_from=turn_step)
        begins = (table.record.step if first_step is None else first_step) if ping else None
        # the digests are for the people newly pinged, and only ever show actions before this post's
        pinged = (
            {table.user_of(s) for s in newly_awaited if not table.is_computer(s)}
            if ping and ongoing
            else set()
        )
        if not pinged or (first_step is not None and first_step < 1):
            return Turn(quiet=False, edit=False, begins=begins, log_from=None)
        seats = tuple(s for s in range(len(table.seats)) if table.user_of(s) in pinged)
        # the post narrates the actions from first_step on (none given: the newest action)
        narrated = table.record.step - 1 if first_step is None else first_step
        return Turn(quiet=False, edit=False, begins=begins, log_from=None, since=Since(seats, narrated, UNDO))

    async def _board_reply(
        self,
        table: Table,
        intro: str,
        events: Sequence[Event],
        *,
        ack: str = "",
        ping: bool = True,
        before: frozenset[Seat] = frozenset(),
        secret: bool = False,
        first_step: int | None = None,
        turn: tuple[Turn, Sequence[ActionRecord]] | None = None,
        narrated: str | None = None,
    ) -> Reply:
        """The reply after a change: the public board post, private notes and prompts.

        A move whose events are all private (an Ice Lake plan revised) changes nothing anyone
        else may see, so it gets no public post. Only players newly awaited are pinged.
        ``first_step`` is the step of the first action this reply narrates (None: no action, as
        after an undo); with it the edit-or-post rule applies (module docstring). ``turn``: the
        :meth:`_turn` decision already carried out with the move's commit, and the log it read;
        without it the reply writes the turn step and reads the log itself. ``narrated``: the
        events' narration already made (the log entries' of the move). Its pictures are drawn
        when the front end posts them (:meth:`picture`).
        """
        game, state = table.game, table.state
        log: Sequence[ActionRecord]
        if turn is None:
            decision = self._turn(
                table, events, ping=ping, before=before, secret=secret, first_step=first_step
            )
            log = await self._carry_out(table, decision)
        else:
            decision, log = turn
        notes = self._private_notes(table, events)
        if decision.quiet:
            return Reply(notes=tuple(notes), ack=ack, game_id=table.record.id, step=table.record.step)
        names = self.names(table)
        animation = None
        if any(e.kind in games.ANIMATED_KINDS for e in events):
            drawn = self.picture_names(table)
            animation = Picture(
                lambda: renderer.render_animation(game.view(state, None), names=drawn),
                describe=lambda: renderer.describe(game.view(state, None), names=drawn),
            )
        outcome = game.outcome(state)
        if decision.edit:
            narration = _turn_narration(log)
        elif narrated is not None and len(narrated) <= NARRATION_LIMIT:
            narration = narrated
        else:
            narration = self._narrate(table, events, limit=NARRATION_LIMIT)
        lines = [line for line in (intro, narration) if line]
        awaited: list[Awaited] = []
        controls: Controls | None = None
        if outcome is not None:
            lines.append(f"🏁 **Game over.** {self._fill(outcome.summary, names)}")
        else:
            awaited = self._awaited(table, before) if ping else []
            # "since your last turn" digests, from each player's last action everybody knows of
            if decision.since is not None and starts_too_late(table, awaited, log, narrated_from=first_step):
                log = await self.store.actions(table.record.id)
            lines += digest_lines(self, table, awaited, log, narrated_from=first_step)
            if not ping:
                lines.append(self._waiting_line(table))
            elif thinking := self._thinking_line(table):
                lines.append(thinking)
            if self.watch is not None:
                lines += [line for line in [await self.watch.status_line(table.record.id)] if line]
            controls = self._controls(table, sorted(game.to_act(state)), private=False)
            notes += self._secret_prompts(table, before)
        return Reply(
            post=Post("\n".join(lines), self.picture(table), animation, tuple(awaited), controls),
            notes=tuple(notes),
            ack=ack,
            game_id=table.record.id,
            finished=outcome is not None,
            edit=decision.edit,
            step=table.record.step,
        )

    async def _carry_out(self, table: Table, turn: Turn) -> list[ActionRecord]:
        """The store work of ``turn`` for a reply not committed with it: the turn step, the log."""
        if turn.begins is not None:
            await self.store.set_turn_step(table.record.id, turn.begins)
        if turn.since is not None:
            return await self.store.actions_since(table.record.id, turn.since)
        if turn.log_from is None:
            return []
        return await self.store.actions_from(table.record.id, turn.log_from)

    def _secret_seats(self, table: Table, seats: Sequence[Seat]) -> list[Seat]:
        """Awaited seats whose choices are secret (their notation must never be shown)."""
        return [s for s in seats if (legal := table.legal(s)) and games.is_secret(legal[0])]

    def _secret_prompts(self, table: Table, before: frozenset[Seat]) -> list[Note]:
        """A private invitation, with the seat's own view, for each seat newly asked a secret."""
        game, state = table.game, table.state
        fresh = sorted(game.to_act(state) - before)
        notes = []
        for seat in self._secret_seats(table, [s for s in fresh if not table.is_computer(s)]):
            image = self.picture(table, seat)
            prompt = game.prompt(state, seat)
            text = f"**{game.title}**: {prompt}.\n{SECRET_REPLY}"
            controls = Controls(table.record.id, table.record.step, "turn", private_input=_input_label(game))
            notes.append(Note(table.user_of(seat), text, image, controls))
        return notes

    async def secret_tables(self, user_id: int) -> list[Table]:
        """The user's games that wait for a secret choice of theirs (for DMs), oldest first."""
        out = []
        for record in await self.store.games_of_user(user_id, ("active",)):
            table = await self._table(record)
            game, state = table.game, table.state
            seats = [
                s
                for s in table.seats_of(user_id)
                if s in game.to_act(state) or games.may_revise(game, state, s)
            ]
            if self._secret_seats(table, seats):
                out.append(table)
        return out

    def _awaited(self, table: Table, before: frozenset[Seat]) -> list[Awaited]:
        game, state = table.game, table.state
        by_user: dict[int, list[str]] = {}
        fresh: set[int] = set()
        for seat in sorted(game.to_act(state)):
            if table.is_computer(seat):  # named in the waiting line, never mentioned
                continue
            user = table.user_of(seat)
            prompt = visibility.public_prompt(game, state, seat)  # a public post names no secret
            if prompt not in by_user.setdefault(user, []):
                by_user[user].append(prompt)
            if seat not in before:
                fresh.add(user)
        return [Awaited(user, "; ".join(prompts), user in fresh) for user, prompts in by_user.items()]

    def _thinking_line(self, table: Table) -> str:
        """ "Floe (normal) is thinking…" for the awaited computer seats (never mentioned)."""
        if not table.has_computers():
            return ""
        seats = [s for s in sorted(table.game.to_act(table.state)) if table.is_computer(s)]
        who = list(dict.fromkeys(self.name(table.user_of(s)) for s in seats))
        if not who:
            return ""
        return f"{' and '.join(who)} {'is' if len(who) == 1 else 'are'} thinking…"

    def _waiting_line(self, table: Table) -> str:
        users = {table.user_of(s) for s in table.game.to_act(table.state)}
        return "Waiting for " + ", ".join(self.name(u) for u in sorted(users)) + "."

    def _narrate(self, table: Table, events: Sequence[Event], *, limit: int = 0) -> str:
        """The public events as text; past ``limit`` characters the step-by-step lines go first."""
        names = self.names(table)
        shown = [e for e in events if e.audience is None]
        text = "\n".join(self._fill(e.text, names) for e in shown)
        if limit and len(text) > limit:
            kept = [e for e in shown if e.kind not in games.ANIMATED_KINDS]
            text = "\n".join(self._fill(e.text, names) for e in kept)
            if len(text) > limit:
                text = text[: limit - 1].rsplit("\n", 1)[0] + "\n…"
        return text

    def _private_notes(self, table: Table, events: Sequence[Event]) -> list[Note]:
        names = self.names(table)
        per_user: dict[int, list[str]] = {}
        for event in events:
            if event.audience is None:
                continue
            for seat in sorted(event.audience):
                if table.is_computer(seat):  # a computer reads no messages
                    continue
                per_user.setdefault(table.user_of(seat), []).append(self._fill(event.text, names))
        return [Note(user, "\n".join(texts)) for user, texts in per_user.items()]

    @staticmethod
    def _fill(text: str, names: Sequence[str]) -> str:
        return games.core.fill_names(text, names)

    def _controls(self, table: Table, seats: Sequence[Seat], *, private: bool) -> Controls:
        """Buttons for the actions of the awaited seats, or a private menu when choices are secret.

        Game hooks (declared with their defaults in games/core.py, ``GameHooks``):
        ``secret_choices = True`` (legal actions always reveal hidden things, a Thin Ice hand) or
        ``hides_choices(state, seat)`` (only now, the cells of Ice Hike's drawn tile): the public
        post then offers "My options" instead of buttons, beside buttons for the actions that
        ``public_action(action)`` says reveal nothing (Thin Ice moves, slides, the die); ``action_group(action) -> str`` puts
        actions in named select menus ("" = a button); ``action_label(action) -> str`` (else the
        action's ``label`` property, else its notation) names them.
        """
        game, state, record = table.game, table.state, table.record
        if self._secret_seats(table, seats):
            return Controls(record.id, record.step, "turn", private_input=_input_label(game))
        several = len({table.user_of(s) for s in seats}) > 1
        hidden = not private and any(visibility.asks_privately(game, state, s, table.legal(s)) for s in seats)
        if (hidden and several) or (not private and several):
            # hidden choices, or several players awaited at once: each opens their own options
            return Controls(record.id, record.step, "turn", private_menu=True)
        actions: list[Any] = []
        for seat in seats:
            for action in table.legal(seat):
                if hidden and not game.public_action(action):
                    continue
                if len(seats) == 1 or action not in actions:  # one seat's actions are distinct
                    actions.append(action)
        # a public post keeps its last row for "My view" / "My options"
        buttons, menus, more = _offer(game, tuple(actions), rows=MAX_ROWS if private else MAX_ROWS - 1)
        return Controls(
            record.id, record.step, "turn", buttons=buttons, menus=menus, more_hint=more, private_menu=hidden
        )


def automatic_refusal(game: AnyGame, state: Any, seat: Seat, action: Any) -> str | None:
    """Why the session must not play ``action`` for ``seat`` even when it is the only one, or None.

    Secret actions never; deadline-only actions never (they are not legal to players); then the
    game's ``never_automatic(state, seat, action)`` hook (see games/core.py).
    """
    if games.is_secret(action):
        return "a secret choice is the player's own"
    if games.is_deadline_only(action):
        return "only a deadline plays it"
    return game.never_automatic(state, seat, action)


def _layout(items: Sequence[tuple[Choice, str]], *, rows: int) -> Offer:
    """Fit choices into Discord's grid: ``rows`` rows of 5 buttons or one select menu each.

    Ungrouped choices (and groups of one) are buttons; a group is a select menu, split in parts of
    25 options. When it does not fit, the smallest menus are merged, then the last menus (or
    buttons) are left out and ``more`` says so (they stay reachable with /game move).
    """
    buttons: list[Choice] = []
    groups: dict[str, list[Choice]] = {}
    for choice, group in items:
        if group:
            groups.setdefault(group, []).append(choice)
        else:
            buttons.append(choice)
    menus: list[Menu] = []
    for name, listed in groups.items():
        if len(listed) == 1:
            buttons.append(listed[0])
            continue
        parts = [listed[i : i + MAX_MENU_OPTIONS] for i in range(0, len(listed), MAX_MENU_OPTIONS)]
        for part in parts:
            first, last = part[0].notation.split()[-1], part[-1].notation.split()[-1]
            span = f" {first}–{last}" if len(parts) > 1 else ""
            menus.append(Menu(f"{name}{span}…", tuple(part)))
    more = False
    if len(buttons) > BUTTONS_PER_ROW * rows:  # too many loose buttons: the rest in a menu
        rest = buttons[BUTTONS_PER_ROW * (rows - 1) :]
        buttons = buttons[: BUTTONS_PER_ROW * (rows - 1)]
        menus.insert(0, Menu("More moves…", tuple(rest[:MAX_MENU_OPTIONS])))
        more = len(rest) > MAX_MENU_OPTIONS

    def needed() -> int:
        return len(menus) + -(-len(buttons) // BUTTONS_PER_ROW)

    while needed() > rows:
        pairs = [
            (len(a.choices) + len(b.choices), i, j)
            for i, a in enumerate(menus)
            for j, b in enumerate(menus)
            if i < j and len(a.choices) + len(b.choices) <= MAX_MENU_OPTIONS
        ]
        if pairs:
            _, i, j = min(pairs)
            a, b = menus[i], menus[j]
            merged = Menu(f"{a.placeholder.rstrip('…')} / {b.placeholder}"[:150], a.choices + b.choices)
            menus[i : i + 1] = [merged]
            del menus[j]
        elif menus:
            menus.pop()
            more = True
        else:
            buttons = buttons[: BUTTONS_PER_ROW * rows]
            more = True
    return tuple(buttons), tuple(menus), more


def _turn_narration(log: Sequence[ActionRecord]) -> str:
    """The public narration of the turn so far (``log``: the log from the turn's first step),
    newest kept."""
    text = _log_text(log)
    if len(text) > NARRATION_LIMIT:
        text = "…\n" + text[-NARRATION_LIMIT:].split("\n", 1)[-1]
    return text


def _log_text(rows: Sequence[ActionRecord] | Sequence[LogEntry]) -> str:
    """The narrations of log rows, one line each (rows that narrate nothing public are skipped)."""
    return "\n".join(r.narration for r in rows if r.narration)


def _input_label(game: AnyGame) -> str:
    return game.private_input_label


#: What a turn offers: buttons, select menus, and whether some actions were left out.
Offer = tuple[tuple[Choice, ...], tuple[Menu, ...], bool]


def _offer(game: AnyGame, actions: tuple[Any, ...], *, rows: int) -> Offer:
    """The buttons and menus of ``actions`` in ``rows`` rows (:func:`_layout`): laid out once per
    game, actions and rows (turns offer the same few sets again and again; actions are
    immutable values; a field an action leaves out of its equality, such as an Ice Team move's
    note for its label, is part of the key all the same)."""
    key = (game.name, tuple(_whole(a) for a in actions), rows)
    try:
        offer = _OFFERS.get(key)
    except TypeError:  # an unhashable action: laid out each time
        return _laid_out(game, actions, rows)
    if offer is None:
        offer = _laid_out(game, actions, rows)
        if len(_OFFERS) >= _OFFERS_MAX:
            _OFFERS.clear()
        _OFFERS[key] = offer
    return offer


def _laid_out(game: AnyGame, actions: Sequence[Any], rows: int) -> Offer:
    many = len(actions) > MAX_BUTTONS
    grouped = [(a, _group(game, a, many=many)) for a in actions]
    items = [(Choice(_label(game, a), str(a), _style(a)), group) for a, group in grouped]
    return _layout(items, rows=rows)


#: :func:`_offer`'s layouts by (game, actions, rows); cleared when full.
_OFFERS: dict[tuple[str, tuple[Any, ...], int], Offer] = {}
_OFFERS_MAX = 4096


def _whole(action: Any) -> Any:
    """``action`` with the values of the fields its equality leaves out, if it has any."""
    kind = type(action)
    uncompared = _UNCOMPARED.get(kind)
    if uncompared is None:
        declared = fields(action) if is_dataclass(action) else ()
        uncompared = _UNCOMPARED[kind] = tuple(f.name for f in declared if not f.compare)
    return (action, *(getattr(action, name) for name in uncompared)) if uncompared else action


#: The names of the fields each action type leaves out of its equality (none for most).
_UNCOMPARED: dict[type, tuple[str, ...]] = {}


def _group(game: AnyGame, action: Any, *, many: bool) -> str:
    """The menu of ``action`` ("" = a button): the game's ``action_group``, else (``None``) one
    menu per verb when there are more actions than buttons, else buttons."""
    group = game.action_group(action)
    if group is None:
        return str(action).split()[0].capitalize() if many else ""
    return group


def _label(game: AnyGame, action: Any) -> str:
    label = game.action_label(action)
    text = str(label if isinstance(label, str) else action)
    return text[:1].upper() + text[1:80]


def _style(action: Any) -> str:
    words = str(action).split(maxsplit=1)
    verb = words[0] if words else ""
    if verb in {"roll", "plan", "place", "move"}:
        return "primary"
    if verb in {"stop", "end", "pass"}:
        return "success"
    return "secondary"
