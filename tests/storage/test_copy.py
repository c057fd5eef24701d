"""Copying a whole database between stores: SQLite -> PostgreSQL -> SQLite keeps every row and id."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import Store, UserPrefs, open_store
from storage.clocks import ClockSettings, ClockStore, UserClock, Wait
from storage.copy import TargetNotEmpty, copy_between, copy_store
from tests.pg_server import PgServer
from tests.support.stored_games import active_game

BIG = 2**62 + 12345  # Discord ids are 64-bit: they need BIGINT on PostgreSQL


async def _fill(store: Store) -> list[int]:
    first = await active_game(store, channel=BIG, users=(BIG + 1, BIG + 2))
    for step in range(3):
        await store.record_action(
            first.id,
            step=step,
            seat=step % 2,
            notation=f"m{step}",
            narration=f"n{step}",
            state={"n": step},
            now=5.0 + step,
        )
    lobby = await store.create_game(
        guild_id=None, channel_id=11, game="ice-lake", options={"x": 1}, seed=BIG, host_id=3, now=9.5
    )
    gone = await active_game(store, channel=12)
    await store.set_status(gone.id, "abandoned", now=10.0)
    await store.set_board_message(first.id, BIG + 9)
    await store.remember_name(BIG + 1, "Ann")
    await store.set_prefs(UserPrefs(3, dm_on_turn=True))
    clocks = ClockStore(store)
    await clocks.save_settings(ClockSettings(first.id, deadline=3600.0, pause_votes=frozenset({BIG + 1})))
    await clocks.set_waits(first.id, [Wait(first.id, 1, 3, 8.0, remind_at=99.0).with_due(False)])
    await clocks.set_user_clock(UserClock(BIG + 2, "Asia/Tokyo", 60, 420, None))
    await clocks.heartbeat(77.0)
    return [first.id, lobby.id, gone.id]


async def _dump(store: Store) -> dict[str, list[tuple[object, ...]]]:
    out = {}
    for table in await store._tables():
        columns = await store._columns(table)
        out[table] = sorted(await store._all(f"SELECT {', '.join(columns)} FROM {table}"), key=repr)
    return out


async def test_round_trip_sqlite_postgresql_sqlite(tmp_path: Path, pg_server: PgServer) -> None:
    sqlite_a = f"sqlite:///{tmp_path / 'a.db'}"
    postgres = await pg_server.create_schema()
    sqlite_b = f"sqlite:///{tmp_path / 'b.db'}"
    source = await open_store(sqlite_a)
    ids = await _fill(source)
    expected = await _dump(source)
    await source.close()

    there = await copy_between(sqlite_a, postgres)
    assert there.game_ids == tuple(sorted(ids))
    assert there.rows["games"] == 3 and there.rows["actions"] == 3 and there.rows["waits"] == 1
    back = await copy_between(postgres, sqlite_b)
    assert back.rows == there.rows and back.game_ids == there.game_ids

    for url in (postgres, sqlite_b):
        store = await open_store(url)
        try:
            assert await _dump(store) == expected
            game = await store.game(ids[0])
            assert game is not None and game.channel_id == BIG and game.board_message_id == BIG + 9
            # the copy is a working database: new games continue after the copied ids
            fresh = await store.create_game(
                guild_id=1, channel_id=500, game="polar-derby", options={}, seed=1, host_id=1, now=20.0
            )
            assert fresh.id == max(ids) + 1
        finally:
            await store.close()


async def test_a_non_empty_target_is_refused_and_left_unchanged(store_url: str, tmp_path: Path) -> None:
    source = await open_store(f"sqlite:///{tmp_path / 'src.db'}")
    target = await open_store(store_url)
    try:
        await _fill(source)
        await target.remember_name(1, "Already here")
        with pytest.raises(TargetNotEmpty, match="not empty"):
            await copy_store(source, target)
        assert await target.count_games() == 0 and await target.names([1]) == {1: "Already here"}
    finally:
        await source.close()
        await target.close()
