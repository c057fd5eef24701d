"""The upgrade step that gives games begun before the scheduler their clocks adopts them in pages
(not one by one), with the same waits the one-by-one path gives."""

from __future__ import annotations

import pytest

import bot.core.adoption
from bot.core.adoption import adopt_games_without_clocks
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from storage import open_store
from storage.clocks import ClockSettings, UserClock
from tests.pg_server import PgServer
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    DAY,
    T0,
    Clock,
    Outbox,
    named_sessions,
    open_service,
    start_game,
    store_of,
)
from tests.support.round_trips import RoundTrips


@pytest.fixture
async def env(store_url: str):
    clock = Clock()
    service = await open_service(store_url, clock)
    yield service.sessions, service.scheduler, clock, service.outbox
    await service.store.close()


async def test_unknown_games_are_adopted_in_pages_with_the_waits_of_the_one_by_one_path(
    env, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions, scheduler, clock, _outbox = env
    sessions.watch = None  # as if the games began before the scheduler existed
    ids = [await start_game(sessions, scheduler, channel=200 + k) for k in range(4)]
    ids.append(
        await start_game(sessions, scheduler, name="ice-lake", players=3, channel=300)
    )  # simultaneous plans
    await scheduler.clocks.set_user_clock(UserClock(CAROL, vacation_until=T0 + 2 * DAY))
    monkeypatch.setattr(bot.core.adoption, "ADOPT_BATCH", 2)
    assert await adopt_games_without_clocks(scheduler.clocks, T0) == len(ids)
    assert await scheduler.clocks.unclocked_games() == []
    adopted = {gid: await scheduler.clocks.waits(gid) for gid in ids}
    assert all(adopted.values())
    assert {w.shared for w in adopted[ids[-1]]} == {True}
    assert [
        w.since for w in adopted[ids[-1]] if (await sessions.table(ids[-1])).user_of(w.seat) == CAROL
    ] == [T0 + 2 * DAY]
    for gid in ids:  # the one-by-one path, from scratch, gives the same waits
        await scheduler.clocks.set_waits(gid, [])
        assert await scheduler._reconcile(await sessions.table(gid), None) == adopted[gid]
        assert await scheduler.clocks.settings(gid) == ClockSettings(gid)


async def test_a_second_process_adopting_the_same_games_changes_nothing(env) -> None:
    sessions, scheduler, clock, outbox = env
    sessions.watch = None
    gid = await start_game(sessions, scheduler)
    other = Scheduler(Sessions(store_of(sessions), clock=clock), store_of(sessions), outbox, clock=clock)
    assert await adopt_games_without_clocks(scheduler.clocks, T0) == 1
    before = await scheduler.clocks.waits(gid)
    await scheduler.clocks.adopt([ClockSettings(gid, remind_every=60.0)], [])
    assert await adopt_games_without_clocks(other.clocks, T0 + 100) == 0
    assert await scheduler.clocks.waits(gid) == before
    assert {ALICE, BOB} >= {(await sessions.table(gid)).user_of(w.seat) for w in before}


async def test_snapshots_decoded_in_worker_processes_give_the_same_waits(
    env, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions, scheduler, clock, _outbox = env
    sessions.watch = None
    ids = [await start_game(sessions, scheduler, channel=400 + k) for k in range(3)]
    ids.append(await start_game(sessions, scheduler, name="ice-lake", players=3, channel=500))
    monkeypatch.setattr(bot.core.adoption, "ADOPT_BATCH", 2)
    monkeypatch.setattr(bot.core.adoption, "POOL_FROM", 2)  # every page goes to the workers
    spawned: list[int] = []
    real = bot.core.adoption.Decoder.adoptions

    async def counting(self, page, vacations, now, *, many: bool):  # type: ignore[no-untyped-def]
        spawned.append(int(many and self.workers > 1))
        return await real(self, page, vacations, now, many=many)

    monkeypatch.setattr(bot.core.adoption.Decoder, "adoptions", counting)
    monkeypatch.setattr(bot.core.adoption, "cores", lambda: 2)
    assert await adopt_games_without_clocks(scheduler.clocks, T0) == len(ids)
    assert spawned == [1, 1]  # both pages of two went to the worker processes
    for gid in ids:
        adopted = await scheduler.clocks.waits(gid)
        assert adopted
        await scheduler.clocks.set_waits(gid, [])
        assert await scheduler._reconcile(await sessions.table(gid), None) == adopted


async def test_an_unreadable_snapshot_is_skipped_and_the_others_adopted(env, caplog) -> None:
    sessions, scheduler, clock, _outbox = env
    sessions.watch = None
    good = await start_game(sessions, scheduler, channel=600)
    bad = await start_game(sessions, scheduler, channel=601)
    async with store_of(sessions)._transaction() as tx:
        await tx.run("UPDATE games SET state = ? WHERE id = ?", ('{"not": "a derby"}', bad))
    assert await adopt_games_without_clocks(scheduler.clocks, T0) == 1
    assert await scheduler.clocks.waits(good)
    assert [g.id for g in await scheduler.clocks.unclocked_games()] == [bad]
    assert any(f"snapshot of game {bad}: not adopted" in r.getMessage() for r in caplog.records)


async def test_a_page_is_adopted_in_one_read_and_one_write_on_postgresql(
    pg_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The adoption step on PostgreSQL: a page costs two round trips, however many
    games and waits it holds (reading its games with their seats, writing their clocks and waits)."""
    store = await open_store(await pg_server.create_schema())
    try:
        clock = Clock()
        sessions = named_sessions(store, clock=clock)
        scheduler = Scheduler(sessions, store_of(sessions), Outbox(), clock=clock).attach()
        sessions.watch = None  # as if the games began before the scheduler existed
        ids = [await start_game(sessions, scheduler, channel=200 + k) for k in range(6)]
        monkeypatch.setattr(bot.core.adoption, "ADOPT_BATCH", 3)
        vacations = await scheduler.clocks.vacations(T0)
        trips = RoundTrips(store, monkeypatch)
        page = await scheduler.clocks.unclocked_games(limit=3)
        assert [g.id for g in page] == ids[:3] and trips.count == 1, "one read for a page"
        rows, _ = bot.core.adoption.adoptions(page, vacations, T0)
        await scheduler.clocks.adopt_rows(rows)
        assert trips.count == 2, "one write for a page's clocks and waits"
        assert await adopt_games_without_clocks(scheduler.clocks, T0) == 3
        assert await scheduler.clocks.unclocked_games() == []
        assert all([await scheduler.clocks.waits(gid) for gid in ids])
    finally:
        await store.close()
