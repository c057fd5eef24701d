"""The store contract, on both stores: a temporary SQLite file and a throwaway PostgreSQL database."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from storage import ChannelBusy, IntegrityViolation, NotInLobby, StaleStep, Store, UserPrefs, open_store
from storage.schema import MIGRATIONS, SCHEMA_VERSION
from storage.sqlite import migrate
from storage.upgrades import UpgradeRecord
from tests.support.old_databases import FIRST_SCHEMA_ROWS
from tests.support.stored_games import lobby


async def test_create_game_seats_the_host_and_keeps_the_options(store: Store) -> None:
    game = await lobby(store)
    assert game.status == "lobby" and game.options == {"no_risk": True} and game.seed == 42
    assert [(s.seat, s.user_id) for s in await store.seats(game.id)] == [(0, 1)]
    assert (await store.open_game_in(10)) == game


async def test_one_open_game_per_channel_is_enforced_by_the_database(store: Store) -> None:
    game = await lobby(store)
    with pytest.raises(ChannelBusy):
        await lobby(store)
    await store.set_status(game.id, "abandoned", now=2.0)
    again = await lobby(store)  # a finished or abandoned game frees the channel
    assert again.id != game.id


async def test_partial_unique_index_exists(tmp_path: Path) -> None:
    s = await open_store(str(tmp_path / "f.db"))
    await s.close()
    with sqlite3.connect(tmp_path / "f.db") as db:
        sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'one_open_game_per_channel'").fetchone()[
            0
        ]
    assert "UNIQUE" in sql and "WHERE" in sql


async def test_seats_follow_join_order_and_close_gaps(store: Store) -> None:
    game = await lobby(store)
    assert await store.add_seat(game.id, 2, now=2.0) == 1
    assert await store.add_seat(game.id, 3, now=2.0) == 2
    assert await store.remove_seat(game.id, 2, now=3.0)
    assert [(s.seat, s.user_id) for s in await store.seats(game.id)] == [(0, 1), (1, 3)]
    assert not await store.remove_seat(game.id, 99, now=3.0)


async def test_lobby_operations_are_refused_after_start(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={"version": 1}, now=2.0)
    with pytest.raises(NotInLobby):
        await store.add_seat(game.id, 2, now=3.0)
    with pytest.raises(NotInLobby):
        await store.start_game(game.id, state={"version": 1}, now=3.0)


async def test_a_move_appends_to_the_log_and_moves_the_snapshot(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={"n": 0}, now=2.0)
    await store.record_action(
        game.id, step=0, seat=0, notation="roll", narration="A rolls.", state={"n": 1}, now=3.0
    )
    loaded = await store.game(game.id)
    assert loaded is not None and loaded.step == 1 and loaded.state == {"n": 1}
    [action] = await store.actions(game.id)
    assert (action.step, action.seat, action.notation, action.narration) == (0, 0, "roll", "A rolls.")


async def test_a_stale_move_writes_nothing(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={"n": 0}, now=2.0)
    await store.record_action(game.id, step=0, seat=0, notation="roll", narration="", state={"n": 1}, now=3.0)
    with pytest.raises(StaleStep):
        await store.record_action(
            game.id, step=0, seat=1, notation="stop", narration="", state={"n": 9}, now=4.0
        )
    loaded = await store.game(game.id)
    assert loaded is not None and loaded.state == {"n": 1} and loaded.step == 1
    assert [a.notation for a in await store.actions(game.id)] == ["roll"]


async def test_two_moves_at_the_same_step_commit_exactly_one(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={"n": 0}, now=2.0)
    results = await asyncio.gather(
        store.record_action(game.id, step=0, seat=0, notation="a", narration="", state={"n": "a"}, now=3.0),
        store.record_action(game.id, step=0, seat=1, notation="b", narration="", state={"n": "b"}, now=3.0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleStep) for r in results) == 1
    assert len(await store.actions(game.id)) == 1


async def test_the_action_log_is_append_only(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={}, now=2.0)
    await store.record_action(game.id, step=0, seat=0, notation="roll", narration="", state={}, now=3.0)
    for sql in ("UPDATE actions SET notation = 'stop'", "DELETE FROM actions"):
        with pytest.raises(IntegrityViolation, match="append-only"):
            async with store._transaction() as tx:
                await tx.run(sql)
    assert [a.notation for a in await store.actions(game.id)] == ["roll"]


async def test_finished_games_refuse_moves(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={}, now=2.0)
    await store.record_action(
        game.id, step=0, seat=0, notation="x", narration="", state={}, status="finished", now=3.0
    )
    with pytest.raises(StaleStep):
        await store.record_action(game.id, step=1, seat=0, notation="y", narration="", state={}, now=4.0)
    assert await store.open_game_in(10) is None


async def test_games_of_user(store: Store) -> None:
    a = await lobby(store, channel=10, host=1)
    b = await lobby(store, channel=11, host=2)
    await store.add_seat(b.id, 1, now=5.0)
    assert [g.id for g in await store.games_of_user(1)] == [a.id, b.id]
    assert [g.id for g in await store.games_of_user(2)] == [b.id]


async def test_user_prefs_default_and_update(store: Store) -> None:
    assert await store.prefs(7) == UserPrefs(7)
    await store.set_prefs(UserPrefs(7, dm_on_turn=True))
    assert (await store.prefs(7)).dm_on_turn


async def test_names_are_remembered(store: Store) -> None:
    await store.remember_name(7, "Ann")
    await store.remember_name(7, "Annie")
    await store.set_prefs(UserPrefs(8, dm_on_turn=True))
    assert await store.names([7, 8, 9]) == {7: "Annie"}
    assert (await store.prefs(7)).dm_on_turn is False


async def test_an_upgrade_step_is_claimed_by_one_holder_until_it_runs_out_or_is_done(store: Store) -> None:
    record = UpgradeRecord(store)
    assert await record.claim("step", "one", now=10.0, seconds=60.0)
    assert not await record.claim("step", "two", now=20.0, seconds=60.0)  # held
    assert await record.holder("step") == "one"
    assert await record.claim("step", "two", now=70.0, seconds=60.0)  # one's claim ran out
    await record.finish("step", now=80.0)
    assert await record.done() == {"step"} and await record.holder("step") is None
    assert not await record.claim("step", "three", now=9999.0, seconds=60.0)  # done for good
    await record.release("step", "two")
    assert await record.done() == {"step"}


async def test_names_are_rewritten_once_per_database_by_one_of_two_processes(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        await first.remember_name(7, "Ann")
        await first.remember_name(8, "gone")
        done = await asyncio.gather(
            *(
                UpgradeRecord(s).rewrite_names("marked", 1.0, lambda n: None if n == "gone" else n + "!")
                for s in (first, second)
            )
        )
        assert sorted(map(str, done)) == ["2", "None"]  # one rewrote both names, the other nothing
        assert await second.names([7, 8]) == {7: "Ann!"}
        assert await UpgradeRecord(first).rewrite_names("marked", 2.0, lambda n: n + "?") is None
        assert "marked" in await UpgradeRecord(second).done()
    finally:
        await first.close()
        await second.close()


async def test_wal_and_foreign_keys_are_on(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "floe.db"))
    try:
        async with store._writer.execute("PRAGMA journal_mode") as c:  # type: ignore[attr-defined]
            assert (await c.fetchone())[0] == "wal"
        async with store._writer.execute("PRAGMA foreign_keys") as c:  # type: ignore[attr-defined]
            assert (await c.fetchone())[0] == 1
    finally:
        await store.close()


async def test_a_database_of_the_first_schema_is_upgraded_on_open(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    async with aiosqlite.connect(path, isolation_level=None) as db:
        assert await migrate(db, target=1) == 1
        for row in FIRST_SCHEMA_ROWS:
            await db.execute(row)
    store = await open_store(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
        [action] = await store.actions(1)
        assert action.notation == "roll" and action.narration == ""
        game = await store.game(1)
        assert game is not None and game.board_message_id is None
        await store.record_action(1, step=1, seat=0, notation="stop", narration="stops", state={}, now=2.0)
        assert len(await store.actions(1)) == 2
    finally:
        await store.close()
