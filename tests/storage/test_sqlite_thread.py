"""What storage/sqlite_thread.py relies on in aiosqlite (its docstring): a function handed to
``on_thread`` runs on the connection's own thread, after the calls queued before it, on the same
``sqlite3`` connection and transaction as aiosqlite's public methods. These fail when an
aiosqlite upgrade changes any of it."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from storage.errors import IntegrityViolation
from storage.sqlite_thread import on_thread


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[aiosqlite.Connection]:
    """A connection in autocommit mode (transactions begun by hand) to a table of numbers."""
    connection = await aiosqlite.connect(tmp_path / "hop.db", isolation_level=None)
    await connection.execute("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    yield connection
    await connection.close()


async def test_the_function_runs_on_the_connection_s_own_thread(db: aiosqlite.Connection) -> None:
    # A function registered through the public API runs inside a statement, so on the
    # thread where aiosqlite runs the connection's statements.
    await db.create_function("thread_id", 0, threading.get_ident)
    statements_thread = (await db.execute_fetchall("SELECT thread_id()"))[0][0]
    assert await on_thread(db, lambda conn: threading.get_ident()) == statements_thread
    assert statements_thread != threading.get_ident()


async def test_the_function_sees_the_transaction_of_the_public_methods(db: aiosqlite.Connection) -> None:
    await db.execute("BEGIN")
    await db.execute("INSERT INTO t VALUES (1)")

    def inside(conn: sqlite3.Connection) -> tuple[bool, int]:
        conn.execute("INSERT INTO t VALUES (2)").close()
        return conn.in_transaction, conn.execute("SELECT count(*) FROM t").fetchone()[0]

    assert await on_thread(db, inside) == (True, 2)
    assert db.in_transaction
    await db.rollback()
    assert await db.execute_fetchall("SELECT count(*) FROM t") == [(0,)]


async def test_the_function_runs_after_the_calls_queued_before_it(db: aiosqlite.Connection) -> None:
    writes = [db.execute(f"INSERT INTO t VALUES ({n})") for n in range(1, 6)]
    count = on_thread(db, lambda conn: conn.execute("SELECT count(*) FROM t").fetchone()[0])
    *_, seen = await asyncio.gather(*writes, count)
    assert seen == 5


async def test_an_integrity_error_on_the_thread_becomes_a_violation(db: aiosqlite.Connection) -> None:
    await db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(IntegrityViolation):
        await on_thread(db, lambda conn: conn.execute("INSERT INTO t VALUES (1)"))
