"""Several bot processes on one database: two Store objects, two Sessions and two Schedulers on
the same database (SQLite file or PostgreSQL schema), as two processes would have. No lock in
Python is shared between them: the database alone makes each move apply once, each reminder,
deadline default and stall notice happen once, and a dead process's leases run out."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from functools import partial
from typing import Any

import pytest

from bot.core.admission import Bounds
from bot.core.scheduler.due import LEASE
from bot.core.scheduler.notices import Notice
from bot.core.sessions import LobbyError, Reply, StaleAction
from storage import Store
from storage.clocks import ClockStore
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAY,
    GUILD,
    HOUR,
    Clock,
    Outbox,
    Service,
    ask_every_move,
    core_of,
    open_service,
)

GAMES = 4


async def _process(url: str, clock: Clock, name: str) -> Service:
    return await open_service(url, clock, owner=f"test:{name}")


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Service, Service, Clock]]:
    clock = Clock()
    a = await _process(store_url, clock, "a")
    b = await _process(store_url, clock, "b")
    await ask_every_move(a.store)  # every move asked, as these tests expect
    yield a, b, clock
    await a.store.close()
    await b.store.close()


async def _games(p: Service, n: int = GAMES, **clock_settings: float) -> list[int]:
    ids = []
    for k in range(n):
        reply = await p.sessions.new_game(
            channel_id=CHANNEL + k, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
        )
        assert reply.game_id is not None
        if clock_settings:
            await p.scheduler.configure(reply.game_id, **clock_settings)  # type: ignore[arg-type]
        await p.sessions.join(CHANNEL + k, BOB)
        await p.sessions.start(CHANNEL + k, ALICE)
        ids.append(reply.game_id)
    return ids


async def _both_tick(a: Service, b: Service, clock: Clock, at: float) -> None:
    clock.at(at)
    await asyncio.gather(a.scheduler.tick(), b.scheduler.tick())


def _reminders(*ps: Service) -> list[int]:
    return sorted(n.game_id for p in ps for n in p.outbox.take() if n.text.startswith("⏰"))


async def test_each_reminder_is_sent_once_by_two_schedulers(two) -> None:
    a, b, clock = two
    ids = await _games(a)
    await _both_tick(a, b, clock, 0)  # both start up (heartbeat) together
    await _both_tick(a, b, clock, DAY + 30)
    assert _reminders(a, b) == sorted(ids), "one reminder per game, from one process or the other"
    await _both_tick(a, b, clock, DAY + 90)
    assert _reminders(a, b) == []
    await _both_tick(a, b, clock, 2 * DAY + 60)
    assert _reminders(a, b) == sorted(ids)
    for gid in ids:
        assert await ClockStore(a.store).lease(gid) is None, "every lease is given back"


async def test_each_deadline_default_is_played_once_by_two_schedulers(two) -> None:
    a, b, clock = two
    ids = await _games(a, deadline=2 * HOUR)
    await _both_tick(a, b, clock, 0)
    await _both_tick(a, b, clock, 2 * HOUR + 60)
    replies: list[Reply] = a.outbox.replies + b.outbox.replies
    assert sorted(r.game_id for r in replies if r.game_id is not None) == sorted(ids)
    for gid in ids:
        # Polar Derby's deadline default: the turn is lost like a bust ("time out"), once
        assert [x.notation for x in await a.store.actions(gid)] == ["time out"]


async def test_each_stall_notice_is_given_once_by_two_schedulers(two) -> None:
    a, b, clock = two
    ids = await _games(a, stall_after=1)
    await _both_tick(a, b, clock, 0)
    await _both_tick(a, b, clock, DAY + 30)
    assert _reminders(a, b) == sorted(ids)
    await _both_tick(a, b, clock, 2 * DAY + 60)
    votes = [n for p in (a, b) for n in p.outbox.take() if n.vote_step is not None]
    assert sorted(n.game_id for n in votes) == sorted(ids), "one stall vote offered per game"


async def test_a_dead_process_lease_is_taken_over_when_it_runs_out(two) -> None:
    a, b, clock = two
    ids = await _games(a)
    await _both_tick(a, b, clock, 0)
    clock.at(DAY + 30)
    # process a claims the due games and dies before doing the work or giving them back
    claimed = await a.scheduler.clocks.claim_due(a.scheduler.owner, clock(), LEASE, 100)
    assert sorted(claimed) == sorted(ids)
    await b.scheduler.tick()
    assert _reminders(b) == [], "the leases still hold"
    clock.at(DAY + 30 + LEASE + 1)
    await b.scheduler.tick()
    assert _reminders(b) == sorted(ids), "the expired leases are taken over, once"


class MovingOutbox(Outbox):
    """An outbox whose first notice runs ``during`` (another process's move) before returning."""

    def __init__(self, during: Callable[[], Awaitable[Any]]) -> None:
        super().__init__()
        self.during: Callable[[], Awaitable[Any]] | None = during

    async def notice(self, notice: Notice) -> None:
        await super().notice(notice)
        if self.during is not None:
            during, self.during = self.during, None
            await during()


async def test_a_stale_scheduler_write_does_not_undo_a_move_of_another_process(two) -> None:
    a, b, clock = two
    [gid] = await _games(a, n=1)
    await _both_tick(a, b, clock, 0)
    table = await a.sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    mover = table.user_of(seat)
    moved: list[Reply] = []

    async def move_in_a() -> None:  # process a: the player rolls while b is sending the reminder
        clock.at(DAY + 40)
        moved.append(await a.sessions.act(CHANNEL, mover, "roll"))

    b.scheduler.outbox = MovingOutbox(move_in_a)
    clock.at(DAY + 30)
    await b.scheduler.tick()
    assert moved, "the move happened in the middle of b's pass"
    after = await a.sessions.table(gid)
    [wait] = await a.scheduler.clocks.waits(gid)
    # a's move started a fresh wait at the new step; b's write, computed at the old step, is refused
    assert wait.step == after.record.step == 1
    assert wait.reminders == 0 and wait.since == pytest.approx(clock.t)
    assert await b.scheduler.clocks.set_waits(gid, [], step=0) is False
    assert len(await a.scheduler.clocks.waits(gid)) == 1, "a refused write changes nothing"


async def test_two_processes_on_one_move_apply_it_once(two) -> None:
    """b loads the game and plays the move, then a commits the same move first: b's commit is
    refused by the database. On SQLite a move loads inside its own transaction, so b is made to
    load and commit apart, as on PostgreSQL (``Store.play``'s general path)."""
    a, b, _clock = two
    [gid] = await _games(a, n=1)
    table = await a.sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    mover = table.user_of(seat)
    a_done, b_loaded = asyncio.Event(), asyncio.Event()
    commit_b = b.store.commit

    async def commit_after_a(*args: Any, **kwargs: Any) -> Any:
        b_loaded.set()  # b has loaded the game at step 0 and played the move; a commits first
        await a_done.wait()
        return await commit_b(*args, **kwargs)

    b.store.play = partial(Store.play, b.store)  # type: ignore[method-assign]
    b.store.commit = commit_after_a  # type: ignore[method-assign]

    async def in_a() -> Reply:
        await b_loaded.wait()
        try:
            return await a.sessions.act(CHANNEL, mover, "roll", step=0)
        finally:
            a_done.set()

    got_b, got_a = await asyncio.gather(
        b.sessions.act(CHANNEL, mover, "roll", step=0), in_a(), return_exceptions=True
    )
    assert isinstance(got_a, Reply)
    assert isinstance(got_b, StaleAction), got_b
    assert "someone else moved first" in str(got_b) and "newest board" in str(got_b)
    assert [x.notation for x in await a.store.actions(gid)] == ["roll"]
    assert (await b.sessions.table(gid)).record.step == 1


async def test_two_processes_acting_at_once_apply_the_move_once(two) -> None:
    """Each process's ``Sessions.act`` as it runs (on SQLite: load, play and commit in one
    transaction): the same button pressed in both at once moves the game once."""
    a, b, _clock = two
    [gid] = await _games(a, n=1)
    table = await a.sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    mover = table.user_of(seat)
    got = await asyncio.gather(
        a.sessions.act(CHANNEL, mover, "roll", step=0),
        b.sessions.act(CHANNEL, mover, "roll", step=0),
        return_exceptions=True,
    )
    assert sorted(isinstance(g, StaleAction) for g in got) == [False, True], got  # one refused as stale
    assert any(isinstance(g, Reply) for g in got), got
    assert [x.notation for x in await a.store.actions(gid)] == ["roll"]
    assert (await b.sessions.table(gid)).record.step == 1


# --------------------------------------------------------------------------- bounds on noise and hoarding


async def test_lobbies_opened_at_once_by_one_member_in_two_processes_open_one(two) -> None:
    """Ten lobbies opened by one member in the same instant, half in each process: the bounds are
    counted in the database with the member's row locked, so exactly one opens."""
    a, b, _clock = two

    async def opened(p: Service, channel: int) -> bool:
        try:
            await p.sessions.new_game(
                channel_id=channel, guild_id=GUILD, user_id=ALICE, game_name="polar-derby", bounds=Bounds()
            )
        except LobbyError as err:
            assert "less than a minute ago" in str(err)
            return False
        return True

    results = await asyncio.gather(*(opened(a if k % 2 else b, CHANNEL + k) for k in range(10)))
    assert sum(results) == 1
    assert len(await a.store.games_of_user(ALICE)) == 1


async def test_a_subscriber_is_mentioned_once_for_lobbies_opened_at_once_in_two_processes(two) -> None:
    a, b, _clock = two
    await a.store.lobbies.set_notify(GUILD, "polar-derby", CAROL, True)
    tables = []
    for k, (p, host) in enumerate(((a, ALICE), (b, BOB))):
        reply = await p.sessions.new_game(
            channel_id=CHANNEL + k, guild_id=GUILD, user_id=host, game_name="polar-derby"
        )
        assert reply.game_id is not None
        tables.append((p, await p.sessions.table(reply.game_id)))
    notices = await asyncio.gather(*(core_of(p.sessions).lobbies.announcement(table) for p, table in tables))
    assert sorted(mentioned for _text, mentioned in notices) == [(), (CAROL,)]


async def test_a_table_hears_of_a_vacation_once_when_two_processes_tell_it_at_once(two) -> None:
    a, b, clock = two
    [game] = await _games(a, 1)
    told = await asyncio.gather(
        *(p.scheduler.clocks.claim_vacation_notice(game, BOB, now=clock(), quiet=DAY) for p in (a, b, a, b))
    )
    assert sorted(told) == [False, False, False, True]


async def test_lobbies_joined_at_once_by_one_member_in_two_processes_count_each(two) -> None:
    """A member who may be in one more unfinished game joins two lobbies at once, one in each
    process: the joins are counted in the database with the member's row locked, so one seats them."""
    a, b, clock = two
    for k, host in enumerate((ALICE, CAROL)):
        clock.at(k * 61)  # one new lobby a minute per member (two hosts here anyway)
        await a.sessions.new_game(
            channel_id=CHANNEL + k, guild_id=GUILD, user_id=host, game_name="polar-derby"
        )

    async def joined(p: Service, channel: int) -> bool:
        try:
            await p.sessions.join(channel, BOB, bounds=Bounds(over_finished=1))
        except LobbyError as err:
            assert "1 unfinished games" in str(err)
            return False
        return True

    assert sorted(await asyncio.gather(joined(a, CHANNEL), joined(b, CHANNEL + 1))) == [False, True]
    assert len(await a.store.games_of_user(BOB)) == 1
