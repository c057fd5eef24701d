"""What only the PostgreSQL store has: its schema's types, its version table, its migrations."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from storage import ChannelBusy, UnknownDatabase, open_store, redacted
from storage.backends import sqlite_path
from storage.postgres import migrate, numbered
from storage.schema import SCHEMA_VERSION
from tests.pg_server import PgServer
from tests.support.old_databases import FIRST_SCHEMA_ROWS


async def _columns(url: str, table: str) -> dict[str, str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = $1",
            table,
        )
        return {r["column_name"]: r["data_type"] for r in rows}
    finally:
        await conn.close()


async def test_discord_ids_are_bigint_times_double_and_game_ids_an_identity(pg_server: PgServer) -> None:
    url = await pg_server.create_schema()
    await (await open_store(url)).close()
    games = await _columns(url, "games")
    assert {games[c] for c in ("guild_id", "channel_id", "host_id", "board_message_id", "seed")} == {"bigint"}
    assert games["created_at"] == "double precision"
    assert (await _columns(url, "users"))["user_id"] == "bigint"
    assert (await _columns(url, "seats"))["user_id"] == "bigint"
    conn = await asyncpg.connect(url)
    try:
        assert (
            await conn.fetchval(
                "SELECT is_identity FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = 'games' AND column_name = 'id'"
            )
            == "YES"
        )
        index = await conn.fetchval(
            "SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'one_open_game_per_channel'"
        )
        assert "UNIQUE" in index and "WHERE" in index
        assert await conn.fetchval("SELECT version FROM schema_version") == SCHEMA_VERSION
    finally:
        await conn.close()


async def test_processes_starting_together_migrate_once(pg_server: PgServer) -> None:
    url = await pg_server.create_schema()
    stores = await asyncio.gather(*(open_store(url) for _ in range(3)))
    try:
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 3
        await stores[0].create_game(
            guild_id=1, channel_id=5, game="g", options={}, seed=1, host_id=1, now=1.0
        )
        with pytest.raises(ChannelBusy):
            await stores[1].create_game(
                guild_id=1, channel_id=5, game="g", options={}, seed=1, host_id=2, now=1.0
            )
    finally:
        for s in stores:
            await s.close()


async def test_a_database_of_the_first_schema_is_upgraded_on_open(pg_server: PgServer) -> None:
    url = await pg_server.create_schema()
    conn = await asyncpg.connect(url)
    try:
        assert await migrate(conn, target=1) == 1
        for row in FIRST_SCHEMA_ROWS:
            await conn.execute(row)
    finally:
        await conn.close()
    store = await open_store(url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        [action] = await store.actions(1)
        assert action.notation == "roll" and action.narration == ""
        await store.record_action(1, step=1, seat=0, notation="stop", narration="stops", state={}, now=2.0)
        assert len(await store.actions(1)) == 2
    finally:
        await store.close()


def test_placeholders_are_numbered_outside_literals() -> None:
    assert numbered("SELECT ? WHERE a = '?' AND b IN (?, ?)") == "SELECT $1 WHERE a = '?' AND b IN ($2, $3)"


def test_database_settings_name_their_store() -> None:
    assert sqlite_path("sqlite:///floe.db") == "floe.db"
    assert sqlite_path("sqlite:////var/lib/floe.db") == "/var/lib/floe.db"
    assert sqlite_path("data/floe.db") == "data/floe.db"


async def test_an_unknown_database_scheme_is_refused_clearly() -> None:
    with pytest.raises(UnknownDatabase, match="mysql://"):
        await open_store("mysql://localhost/floe")


def test_logs_show_the_database_without_its_password() -> None:
    assert redacted("postgresql://floe:s3cr:et@db:5432/floe") == "postgresql://floe:***@db:5432/floe"
    assert redacted("postgresql://floe@db/floe") == "postgresql://floe@db/floe"
    assert redacted("floe.db") == "floe.db"
