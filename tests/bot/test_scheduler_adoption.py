"""The scheduler's first pass after an upgrade adopts unknown games in pages (not one by one),
with the same waits the one-by-one path gives."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot.core.scheduler
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from storage import Store
from storage.clocks import ClockSettings, UserClock
from tests.bot.test_scheduler import ALICE, BOB, CAROL, DAY, NAMES, T0, Clock, Outbox, start_game


@pytest.fixture
async def env(tmp_path: Path):
    store = await Store.open(str(tmp_path / "floe.db"))
    clock = Clock()
    sessions = Sessions(store, namer=lambda uid: NAMES.get(uid, "someone"), clock=clock, new_seed=lambda: 7)
    outbox = Outbox()
    yield sessions, Scheduler(sessions, outbox, clock=clock).attach(), clock, outbox
    await store.close()


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
    monkeypatch.setattr(bot.core.scheduler, "ADOPT_BATCH", 2)
    assert await scheduler._adopt_unknown(T0) == len(ids)
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
    other = Scheduler(Sessions(sessions.store, clock=clock), outbox, clock=clock)
    assert await scheduler._adopt_unknown(T0) == 1
    before = await scheduler.clocks.waits(gid)
    await scheduler.clocks.adopt([ClockSettings(gid, remind_every=60.0)], [])
    assert await other._adopt_unknown(T0 + 100) == 0
    assert await scheduler.clocks.waits(gid) == before
    assert {ALICE, BOB} >= {(await sessions.table(gid)).user_of(w.seat) for w in before}
