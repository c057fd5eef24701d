"""What the tests of bot/core share: the ids of a server, a channel and its members, a clock the
tests move by hand, an outbox that keeps what the scheduler sends, the session service (and its
scheduler) over a store, and games started through the session service."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import games
from bot.core.dashboard import Dashboard
from bot.core.history import History
from bot.core.lobbies import Lobbies
from bot.core.members import Members
from bot.core.rated_games import RatedGames
from bot.core.scheduler import Scheduler
from bot.core.scheduler.notices import Notice
from bot.core.sessions import Reply, Sessions, Table
from bot.core.tables import TableChanges
from storage import GameRecord, SeatRecord, Store, open_store

CHANNEL, GUILD = 100, 1
ALICE, BOB, CAROL, DAVE, EVE = 11, 12, 13, 14, 15
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave", EVE: "Eve"}
HOUR, DAY = 3600.0, 86400.0
T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC).timestamp()  # a Monday, noon UTC


class Clock:
    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def at(self, seconds_after_start: float) -> None:
        self.t = T0 + seconds_after_start


class Outbox:
    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.replies: list[Reply] = []
        self.refusal: str | None = None

    async def notice(self, notice: Notice) -> str | None:
        self.notices.append(notice)
        return self.refusal  # why the notice did not go out (None: it did)

    async def reply(self, reply: Reply) -> None:
        self.replies.append(reply)

    def take(self) -> list[Notice]:
        out, self.notices = self.notices, []
        return out


async def start_game(
    sessions: Sessions,
    scheduler: Scheduler,
    name: str = "polar-derby",
    players: int = 2,
    channel: int = CHANNEL,
    **clock_settings: float,
) -> int:
    reply = await sessions.new_game(channel_id=channel, guild_id=GUILD, user_id=ALICE, game_name=name)
    assert reply.game_id is not None
    if clock_settings:
        await scheduler.configure(reply.game_id, **clock_settings)  # type: ignore[arg-type]
    for user in (BOB, CAROL, DAVE)[: players - 1]:
        await sessions.join(channel, user)
    await sessions.start(channel, ALICE)
    return reply.game_id


async def awaited_users(sessions: Sessions, game_id: int) -> list[int]:
    table = await sessions.table(game_id)
    return sorted({table.user_of(s) for s in table.game.to_act(table.state)})


async def play_first_legal(sessions: Sessions, game_id: int) -> str:
    """The first legal action of the first awaited seat, played; its notation."""
    table = await sessions.table(game_id)
    seat = sorted(table.game.to_act(table.state))[0]
    notation = str(table.legal(seat)[0])
    await sessions.act(CHANNEL, table.user_of(seat), notation, seat=seat)
    return notation


async def awaited_user(sessions: Sessions, game_id: int) -> int:
    """The user of the one seat to act."""
    table = await sessions.table(game_id)
    [seat] = table.game.to_act(table.state)
    return table.user_of(seat)


async def tick_at(scheduler: Scheduler, clock: Clock, seconds: float) -> None:
    clock.at(seconds)
    await scheduler.tick()


async def start_table(
    sessions: Sessions,
    game: str,
    users: tuple[int, ...],
    channel: int = CHANNEL,
    options: Mapping[str, Any] | None = None,
) -> int:
    """A game of ``game`` (with ``options``) opened by the first of ``users`` in ``channel``, the
    others seated, started."""
    reply = await sessions.new_game(
        channel_id=channel, guild_id=GUILD, user_id=users[0], game_name=game, options=options
    )
    for user in users[1:]:
        await sessions.join(channel, user)
    await sessions.start(channel, users[0])
    assert reply.game_id is not None
    return reply.game_id


def named_sessions(store: Store, **settings: Any) -> Sessions:
    """The session service over ``store``, the players named (:data:`NAMES`, anyone else
    "someone") and every game's seed 7; ``settings`` (a ``clock``, other seeds...) as
    :class:`Sessions` takes them."""
    return Sessions(
        store, **{"namer": lambda uid: NAMES.get(uid, "someone"), "new_seed": lambda: 7, **settings}
    )


async def ask_every_move(store: Store) -> None:
    """Auto-play off for every player of :data:`NAMES`: each of their moves is asked, forced ones
    included (auto-play: tests/core/test_turn_messages.py)."""
    for user in NAMES:
        await store.set_auto_play(user, False)


def store_of(sessions: Sessions) -> Store:
    """The store ``sessions`` loads from, for a test whose fixture hands it only the sessions."""
    return sessions.tables.store


@dataclass(frozen=True)
class Core:
    """The core services a front end's composition root builds over one store and its sessions."""

    store: Store
    sessions: Sessions

    @property
    def members(self) -> Members:
        return Members(self.store)

    @property
    def dashboard(self) -> Dashboard:
        return Dashboard(self.store, self.sessions)

    @property
    def lobbies(self) -> Lobbies:
        return Lobbies(self.store.lobbies, self.sessions)

    @property
    def history(self) -> History:
        return History(self.store, self.sessions)

    @property
    def tables(self) -> TableChanges:
        return TableChanges(self.store, self.sessions)

    @property
    def rated_games(self) -> RatedGames:
        return RatedGames(self.store, self.sessions)


def core_of(sessions: Sessions) -> Core:
    """The core services over ``sessions`` and the store it loads from."""
    return Core(store_of(sessions), sessions)


@dataclass
class Service:
    """What one bot process runs on a database: its store, session service, attached scheduler and
    the outbox the scheduler sends to."""

    store: Store
    sessions: Sessions
    scheduler: Scheduler
    outbox: Outbox


async def open_service(url: str, clock: Clock, owner: str | None = None) -> Service:
    """A :class:`Service` on the database at ``url`` (the caller closes its store), on ``clock``."""
    store = await open_store(url)
    sessions = named_sessions(store, clock=clock)
    outbox = Outbox()
    return Service(
        store, sessions, Scheduler(sessions, store, outbox, clock=clock, owner=owner).attach(), outbox
    )


@pytest.fixture(name="two")
async def two_services(store_url: str) -> AsyncIterator[tuple[Service, Service, Clock]]:
    """Two processes (two stores, sessions and schedulers) on one database, one clock. A test
    module uses it as its ``two`` fixture by importing it."""
    clock = Clock()
    a = await open_service(store_url, clock, owner="a")
    b = await open_service(store_url, clock, owner="b")
    try:
        yield a, b, clock
    finally:
        await a.store.close()
        await b.store.close()


@pytest.fixture(name="sessions")
async def seeded_sessions(tmp_path: Path) -> AsyncIterator[Sessions]:
    """The session service over a fresh SQLite store (:func:`named_sessions`). A test module uses
    it as its ``sessions`` fixture with ``sessions = seeded_sessions``."""
    store = await open_store(str(tmp_path / "floe.db"))
    yield named_sessions(store)
    await store.close()


def hand_made_table(
    game_name: str, users: tuple[int, ...], *, seed: int = 7, status: str = "active", step: int = 3
) -> Table:
    """A started server game of ``users`` at ``step``, made without a store (its turn message
    began at ``step``); every player moves by hand (no forced move is played for them)."""
    game = games.get(game_name)
    state = game.new_game(len(users), game.options.from_mapping({}), seed)
    record = GameRecord(
        id=1,
        guild_id=GUILD,
        channel_id=CHANNEL,
        game=game_name,
        options={},
        seed=seed,
        status=status,
        step=step,
        state=game.to_dict(state),
        host_id=users[0],
        created_at=0.0,
        updated_at=0.0,
        board_message_id=900,
        turn_step=step,
    )
    seats = tuple(SeatRecord(record.id, seat, user) for seat, user in enumerate(users))
    return Table(record, seats, game, state, manual=frozenset(users))
