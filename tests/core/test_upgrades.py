"""The one-off upgrade steps (bot/core/upgrades.py): ``floe db upgrade`` and the bot's start run
the pending ones, each once per database and by one of several processes; once upgraded, a
start runs none (one query)."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import bot.core.upgrades
from bot.adapter.upgrades import UPGRADE_STEPS
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from bot.core.upgrades import Step, pending, upgrade
from bot.terminal.cli import cmd_db_upgrade, main
from storage import Store, open_store
from storage.clocks import ClockStore
from storage.schema import SCHEMA_VERSION
from storage.upgrades import UpgradeRecord
from tests.support.core import ALICE, BOB, CAROL, Clock, Outbox, named_sessions, start_game
from tests.support.old_databases import back_before_ratings, finished_by_resignation
from tests.support.round_trips import RoundTrips

RAW = "[Free Nitro](https://x.io)"
SAFE = "\\[Free Nitro](https://x.io)"


async def fill_old_database(store: Store) -> list[int]:
    """Games as a database from before the scheduler, the ratings and safe names holds them:
    two games in play without clocks, three finished without results, a name remembered raw.
    Returns the ids of the games in play."""
    clock = Clock()
    sessions = named_sessions(store, clock=clock)
    scheduler = Scheduler(sessions, store, Outbox(), clock=clock)  # not attached: no clocks are kept
    playing = [await start_game(sessions, scheduler, channel=200 + k) for k in range(2)]
    for channel in range(10, 13):
        await finished_by_resignation(sessions, channel, ALICE, BOB, CAROL)
    await store.remember_name(901, RAW)
    await store.remember_name(902, "\u202e\u200b")  # nothing visible: forgotten
    return playing


@pytest.fixture
async def old_database(store_url: str) -> AsyncIterator[tuple[str, list[int]]]:
    """The ``DATABASE`` of a database from before the ratings migration, and its games in play."""
    store = await open_store(store_url)
    try:
        playing = await fill_old_database(store)
        await back_before_ratings(store)
    finally:
        await store.close()
    yield store_url, playing


async def test_floe_db_upgrade_brings_an_old_database_current_and_then_has_nothing_to_do(
    old_database: tuple[str, list[int]],
) -> None:
    url, playing = old_database
    out = io.StringIO()
    assert await cmd_db_upgrade(url, out) == 0
    said = out.getvalue()
    assert f"to {SCHEMA_VERSION}." in said and "migrated from version 7" in said
    assert "2 games begun before the scheduler given their clocks" in said
    assert "3 games finished before ratings given results" in said
    assert "2 remembered names made safe" in said
    store = await open_store(url)
    try:
        clocks = ClockStore(store)
        assert await clocks.unclocked_games() == []
        assert all([await clocks.waits(gid) for gid in playing])
        assert len(await store.ratings.results()) == 3
        assert await store.names([901, 902]) == {901: SAFE}
        assert await pending(store, UPGRADE_STEPS) == []
    finally:
        await store.close()
    again = io.StringIO()
    assert await cmd_db_upgrade(url, again) == 0
    assert (
        again.getvalue()
        == f"Schema: version {SCHEMA_VERSION}, current.\nEvery upgrade step was done before: nothing to do.\n"
    )


def test_floe_db_upgrade_runs_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["db", "upgrade", "--db", str(tmp_path / "new.db")]) == 0
    said = capsys.readouterr().out
    assert f"migrated from version 0 to {SCHEMA_VERSION}" in said and "0 remembered names made safe" in said
    assert main(["db", "upgrade", "--db", str(tmp_path / "new.db")]) == 0
    assert "nothing to do" in capsys.readouterr().out


def counting_steps(ran: list[str], *, pause: float = 0.0) -> tuple[Step, ...]:
    """Steps that count their runs in ``ran`` (and take ``pause`` seconds)."""

    async def work(store: Store, sessions: Sessions, name: str) -> int:
        ran.append(name)
        await asyncio.sleep(pause)
        return 1

    return tuple(Step(name, "{} done", work) for name in ("first", "second"))


async def test_a_second_start_runs_no_step_and_reads_one_query(
    any_store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran: list[str] = []
    steps = counting_steps(ran)
    sessions = Sessions(any_store)
    assert [o.changed for o in await upgrade(any_store, sessions, steps)] == [1, 1]
    assert ran == ["first", "second"]
    trips = RoundTrips(any_store, monkeypatch)
    assert await upgrade(any_store, sessions, steps) == []
    assert ran == ["first", "second"] and trips.count == 1


async def test_a_step_added_later_runs_alone(any_store: Store) -> None:
    ran: list[str] = []
    first, second = counting_steps(ran)
    sessions = Sessions(any_store)
    await upgrade(any_store, sessions, [first])
    await upgrade(any_store, sessions, [first, second])
    assert ran == ["first", "second"]


async def test_two_processes_starting_at_once_run_each_step_once(store_url: str) -> None:
    one, two = await open_store(store_url), await open_store(store_url)
    try:
        ran: list[str] = []
        steps = counting_steps(ran, pause=0.2)
        outcomes = await asyncio.gather(
            upgrade(one, Sessions(one), steps, holder="one"), upgrade(two, Sessions(two), steps, holder="two")
        )
        assert sorted(ran) == ["first", "second"]
        left = [o for both in outcomes for o in both if o.changed is None]
        assert all("under way in another process" in o.line() for o in left)
    finally:
        await one.close()
        await two.close()


async def test_a_failing_step_gives_its_claim_back_and_runs_at_the_next_start(any_store: Store) -> None:
    calls: list[int] = []

    async def flaky(store: Store, sessions: Sessions, name: str) -> int:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the database went away")
        return 0

    step = Step("flaky", "{} done", flaky)
    sessions = Sessions(any_store)
    with pytest.raises(RuntimeError):
        await upgrade(any_store, sessions, [step], holder="one")
    assert await UpgradeRecord(any_store).holder("flaky") is None
    assert [o.changed for o in await upgrade(any_store, sessions, [step], holder="two")] == [0]
    assert len(calls) == 2


#: The migration that records upgrade steps (storage/schema.py).
UPGRADES_MIGRATION = 15


async def test_names_made_safe_before_steps_were_recorded_are_not_made_safe_again(tmp_path: Path) -> None:
    """The ``bot_state`` fact of the names made safe becomes the step done (migration 15)."""
    import aiosqlite

    from storage.sqlite import migrate

    path = str(tmp_path / "old.db")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        await migrate(db, target=UPGRADES_MIGRATION - 1)
        await db.execute("INSERT INTO users (user_id, name) VALUES (7, ?)", (SAFE,))
        await db.execute("INSERT INTO bot_state (key, value) VALUES ('names made safe', 'done')")
    store = await open_store(path)
    try:
        assert bot.core.upgrades.NAMES_MADE_SAFE in await UpgradeRecord(store).done()
        await upgrade(store, Sessions(store), UPGRADE_STEPS)
        assert await store.names([7]) == {7: SAFE}
    finally:
        await store.close()
