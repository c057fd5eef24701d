"""Loading a session's tables: the records, the seats' names and the states kept beside them."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from secrets import token_hex
from typing import Any, Protocol

import games
import renderer
from bot.core.computer_seats import computer_name, is_computer_user
from bot.core.pictures import Picture
from bot.core.sessions.controls import UNBOUNDED, Grid
from bot.core.sessions.decide import Circumstances, require_active
from bot.core.sessions.model import (
    NO_SUCH_GAME,
    NoGameHere,
    Table,
    storable,
)
from bot.core.texts import DISCORD_WORDS, FrontEndWords, unescaped
from games import GameState, Seat
from games.words import ENGLISH, Language, say
from storage import (
    GameRecord,
    SeatRecord,
    Store,
)
from storage.records import Loaded
from util.lru import keep_newest

STATES_KEPT = 256  # games whose last state the session keeps beside its snapshot (_state_of)


def owner_id() -> str:
    """This process's name on its leases: host, process id and a random tail (host:pid:random)."""
    return f"{socket.gethostname()}:{os.getpid()}:{token_hex(4)}"


class Watch(Protocol):
    """What the session tells the scheduler (:class:`bot.core.scheduler.Scheduler`)."""

    async def changed(self, game_id: int, actor: Seat | None, table: Table | None = None) -> None:
        """``game_id`` moved (``actor``: who, None: not a move); ``table``: as committed, when known."""
        ...

    async def status_line(self, game_id: int, language: Language | None = None) -> str:
        """The line under the game's board (its deadline, or that it is paused), in ``language``
        (None: the game's)."""
        ...


Namer = Callable[[int], str]


def _default_namer(user_id: int) -> str:
    return f"user {user_id}"


@dataclass
class Tables:
    """The loaded games of a session: tables, the names of their players, their pictures, the
    locks that order their moves, and the states kept beside their snapshots."""

    store: Store
    namer: Namer = _default_namer
    clock: Callable[[], float] = time.time
    new_seed: Callable[[], int] = field(default=lambda: secrets.randbelow(2**62))
    _locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    _names: dict[int, str] = field(default_factory=dict)
    #: The state of the last snapshot seen of each recent game, by game id (:meth:`_state_of`).
    _states: dict[int, tuple[Mapping[str, Any], GameState]] = field(default_factory=dict)
    _states_lock: threading.Lock = field(default_factory=threading.Lock)
    #: Told after every change of whom a game awaits, and asked for a line under each board
    #: (reminders and deadlines: :class:`bot.core.scheduler.Scheduler`).
    watch: Watch | None = None
    #: This process's name on the leases of what its commits owe the players (storage/owed.py).
    owner: str = field(default_factory=owner_id)
    #: The components a message may carry, as the front end allows (the adapter passes
    #: Discord's); the default lays out no limit, for a front end that draws none.
    grid: Grid = UNBOUNDED
    #: How the front end tells a player to do what the texts ask (the adapter passes Discord's,
    #: the default; the terminal its own).
    words: FrontEndWords = DISCORD_WORDS

    # ------------------------------------------------------------------ loading
    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def table(self, game_id: int) -> Table:
        """The game loaded in one query (record, seats and their remembered names)."""
        return self._table_of(await self.store.game_table(game_id) if storable(game_id) else None)

    def _table_of(self, loaded: Loaded | None) -> Table:
        """The table of what :meth:`Store.game_table` read (no store access: :meth:`act` runs it
        inside the move's transaction)."""
        if loaded is None:
            raise NoGameHere(NO_SUCH_GAME)
        record, seats, names, manual, _ = loaded
        for user_id, name in names.items():  # a name the front end told us wins
            self._names.setdefault(user_id, name)
        return self._loaded(record, tuple(seats), frozenset(manual))

    async def table_in(self, channel_id: int) -> Table:
        record = await self.store.open_game_in(channel_id)
        if record is None:
            raise NoGameHere(
                say(
                    "there is no game in this channel: start one with {command}",
                    command=self.words.start_game,
                )
            )
        return await self.table_of_record(record)

    async def remember_name(self, user_id: int, name: str) -> None:
        """The front end tells the name it sees; it is kept so boards show it after a restart."""
        if self._names.get(user_id) != name:
            self._names[user_id] = name
            await self.store.remember_name(user_id, name)

    def name(self, user_id: int) -> str:
        if is_computer_user(user_id):
            return computer_name(user_id)
        return self._names.get(user_id) or self.namer(user_id)

    async def table_of_record(self, record: GameRecord) -> Table:
        seats = tuple(await self.store.seats(record.id))
        unknown = [s.user_id for s in seats if s.user_id not in self._names]
        if unknown:
            self._names.update(await self.store.names(unknown))
        return self._loaded(record, seats)

    def _loaded(
        self, record: GameRecord, seats: tuple[SeatRecord, ...], manual: frozenset[int] | None = None
    ) -> Table:
        return Table(record, seats, games.get(record.game), self._state_of(record), manual)

    def _state_of(self, record: GameRecord) -> GameState | None:
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

    def _remember_state(self, game_id: int, snapshot: Mapping[str, Any], state: GameState) -> None:
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

    def circumstances(self, table: Table) -> Circumstances:
        """What a decision about ``table`` reads besides it (:mod:`bot.core.sessions.decide`)."""
        return Circumstances(self.names(table), self.clock(), self.owner, self.words)

    def _remember_committed(self, table: Table) -> None:
        """Keep the state of ``table`` (about to be committed) for the next load of its snapshot."""
        snapshot = table.record.state
        if snapshot is not None and table.state is not None:
            self._remember_state(table.record.id, snapshot, table.playing_state)

    def picture(
        self, table: Table, seat: Seat | None = None, *, detailed: bool = False, language: Language = ENGLISH
    ) -> Picture:
        """The board of ``seat``'s view of ``table`` (None: the public board), drawn when first
        awaited; the view itself is made then, in the drawing thread. Its alt text comes from the
        same view (:func:`renderer.describe`). The board is drawn for a phone, its facts in the
        message's text (:meth:`facts`); ``detailed``: with the panel that shows them (the web).
        Its words are in ``language``."""
        game, state, names = table.game, table.state, self.picture_names(table)
        return Picture(
            lambda: renderer.render(
                game.view(state, seat), names=names, detailed=detailed, language=language
            ),
            describe=lambda: renderer.describe(game.view(state, seat), names=names, language=language),
        )

    @staticmethod
    def accent(table: Table) -> int | None:
        """The colour of the first seat the game awaits (its token's on the boards), as 0xRRGGBB."""
        awaited = sorted(table.game.to_act(table.state)) if table.state is not None else []
        if not awaited:
            return None
        r, g, b = renderer.theme.player(awaited[0]).rgb
        return (r << 16) | (g << 8) | b

    def facts(
        self, table: Table, seat: Seat | None = None, *, key: bool = False, language: Language = ENGLISH
    ) -> str:
        """What the phone board leaves to the text (whose turn, scores, the last move, a hand),
        from ``seat``'s view (None: the public one), as small print under a message; ``key``:
        with what the board's marks mean. A public card leaves out what the card says above
        them already (:func:`card_facts`)."""
        view = table.game.view(table.state, seat)
        lines = renderer.facts(view, names=self.names(table), language=language)
        if key:
            lines += renderer.key(view, language=language)
        elif seat is None:
            lines = card_facts(lines, language)
        return "\n".join(f"-# {line}" for line in lines)

    async def active(self, channel_id: int) -> Table:
        table = await self.table_in(channel_id)
        require_active(table, self.words)
        return table


#: The facts' lines a turn card says above them already: the status (the pings say whose turn
#: and what is asked), the last move (the narration, and the board's frame around the last tile),
#: the move counter and the moves now (the buttons), an open reaction window (the pings), what a
#: plan's letters mean (the prompt names them). The renderer's sayings: a line begins with one's
#: words before its first placeholder, in the facts' language.
SAID_ON_THE_CARD = (
    "Last move: {moves}",
    "Last move: {who}, {moves}",
    "Last move: {who}'s bear {bear}, {path}",
    "Last move: {bear} {path}",
    "Last: {move}",
    "Last tile placed: {tile}",
    "Move {n}",
    "Moves now: {moves}",
    "Reaction window: {window}",
    "Plan: letters S straight, L left, R right",
)
#: The mark of a player the game waits for, which the card's pings say (the renderer's saying).
TO_PLAY = "(to play)"
#: Characters of small print that fit one line of a card on a phone (390 pixels wide).
SMALL_PRINT_LINE = 44


def _said_on_the_card(language: Language) -> tuple[tuple[str, ...], str]:
    """The beginnings of the lines of :data:`SAID_ON_THE_CARD`, and the :data:`TO_PLAY` mark, as
    ``language`` says them."""
    starts = tuple(dict.fromkeys(language.gettext(key).split("{")[0] for key in SAID_ON_THE_CARD))
    return starts, " " + language.gettext(TO_PLAY)


def card_facts(lines: list[str], language: Language = ENGLISH) -> list[str]:
    """The board's facts (in ``language``) that a public turn card does not say otherwise: the
    players' standings and what the board holds (the first line, the status,
    :data:`SAID_ON_THE_CARD` and the :data:`TO_PLAY` marks left out), short ones sharing a line of
    a phone's width."""
    starts, to_play = _said_on_the_card(language)
    kept = [line.replace(to_play, "") for line in lines[1:] if not line.startswith(starts)]
    joined: list[str] = []
    for line in kept:
        if joined and len(joined[-1]) + len(" · ") + len(line) <= SMALL_PRINT_LINE:
            joined[-1] += " · " + line
        else:
            joined.append(line)
    return joined
