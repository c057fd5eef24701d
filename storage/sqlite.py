"""The SQLite store (aiosqlite): the default, for one bot process.

One writer connection guarded by one lock per process, every write an explicit
``BEGIN IMMEDIATE`` transaction (which also serialises writers of other processes on the same
file); reads go through a second connection, which in WAL mode sees only committed data and
never waits for the writer.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar, TypeVar

import aiosqlite

from storage.schema import MIGRATIONS, SCHEMA_VERSION
from storage.store import (
    GAME_TABLE,
    LOG_INSERT,
    ActionRecord,
    IntegrityViolation,
    Loaded,
    Move,
    Plan,
    Row,
    StaleStep,
    Store,
    Tx,
    loaded_table,
)

T = TypeVar("T")


async def on_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``work`` with the ``sqlite3`` connection on the connection's own thread: one hop from
    the event loop however many statements it runs (integrity errors become
    :class:`IntegrityViolation`).

    aiosqlite queues every call as a function for its thread (``Connection._execute``; the
    version is pinned in pyproject.toml); ``work`` is such a function. Each hop costs the event
    loop a wake-up and the thread a GIL hand-over, several times what SQLite spends on a small
    statement, so a move runs its statements in one hop.
    """
    try:
        result: T = await db._execute(lambda: work(db._conn))  # type: ignore[no-untyped-call]
    except sqlite3.IntegrityError as err:
        raise IntegrityViolation(str(err)) from err
    return result


async def _rows(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Row]:
    """Execute one statement and fetch its rows in one hop to the connection's thread (the
    cursor is closed there: an open cursor would block COMMIT)."""
    try:
        return [tuple(r) for r in await db.execute_fetchall(sql, tuple(params))]
    except sqlite3.IntegrityError as err:
        raise IntegrityViolation(str(err)) from err


def _changed(db: sqlite3.Connection, sql: str, params: Sequence[Any]) -> int:
    """Execute one statement and close its cursor at once (an open cursor blocks COMMIT);
    returns the rows it changed."""
    cursor = db.execute(sql, tuple(params))
    try:
        return cursor.rowcount
    finally:
        cursor.close()


async def _run(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement in one hop; returns the rows it changed."""
    return await on_thread(db, lambda conn: _changed(conn, sql, params))


def _write_move(db: sqlite3.Connection, move: Move) -> bool:
    """The move's statements inside the caller's transaction; False, and nothing written, for a
    stale step."""
    if _changed(db, move.counted_update, move.update_params()) != 1:
        return False
    db.executemany(LOG_INSERT, move.log_rows()).close()
    return True


def _move(db: sqlite3.Connection, move: Move) -> bool:
    """:meth:`Store.commit`'s transaction, run on the connection's thread (see
    :meth:`SQLiteStore._record_move`); False, and nothing written, for a stale step."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if not _write_move(db, move):
            db.execute("ROLLBACK")
            return False
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return True


def _play(
    db: sqlite3.Connection, game_id: int, decide: Callable[[Loaded | None], tuple[Plan, T]]
) -> tuple[T, list[ActionRecord] | None]:
    """:meth:`Store.play` as one transaction on the writer's thread: load, decide, write, read
    back. The load happens inside ``BEGIN IMMEDIATE``, so no other writer can move the game in
    between; the stale-step check of :attr:`Move.update` stays all the same."""
    db.execute("BEGIN IMMEDIATE")
    try:
        plan, out = decide(loaded_table(game_id, db.execute(GAME_TABLE, (game_id,)).fetchall()))
        if plan.ends:  # its result is written by Store.commit, in a transaction of its own
            db.execute("ROLLBACK")
            return out, None
        if not _write_move(db, plan.move):
            raise StaleStep("the game has moved on")
        query = plan.log_query()
        rows = [] if query is None else [ActionRecord(*r) for r in db.execute(*query).fetchall()]
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return out, rows


class _SQLiteTx:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await _run(self._db, sql, params)

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await _rows(self._db, sql, params)

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        batch = [tuple(r) for r in rows]
        await on_thread(self._db, lambda conn: conn.executemany(sql, batch).close())


class SQLiteStore(Store):
    """Open with ``await Store.open(path)`` (or :meth:`connect`)."""

    backend: ClassVar[str] = "sqlite"

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str) -> SQLiteStore:
        """Open (creating if needed) the file at ``path`` and upgrade it to the newest schema."""
        writer = await aiosqlite.connect(path, isolation_level=None)
        await _run(writer, "PRAGMA journal_mode = WAL")
        await _run(writer, "PRAGMA foreign_keys = ON")
        await _run(writer, "PRAGMA synchronous = NORMAL")
        await _run(writer, "PRAGMA busy_timeout = 5000")
        await migrate(writer)
        reader = await aiosqlite.connect(path, isolation_level=None)
        await _run(reader, "PRAGMA foreign_keys = ON")
        await _run(reader, "PRAGMA busy_timeout = 5000")
        return cls(writer, reader)

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def schema_version(self) -> int:
        row = await self._one("PRAGMA user_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        async with self._write_lock:
            await _rows(self._writer, "BEGIN IMMEDIATE")
            try:
                yield _SQLiteTx(self._writer)
            except BaseException:
                await _rows(self._writer, "ROLLBACK")
                raise
            else:
                await _rows(self._writer, "COMMIT")

    async def _record_move(self, move: Move) -> bool:
        """The whole transaction in one hop to the writer's thread (:func:`on_thread`), under the
        process's write lock; ``BEGIN IMMEDIATE`` serialises it with other processes' writers."""
        async with self._write_lock:
            return await on_thread(self._writer, lambda db: _move(db, move))

    async def play(
        self, game_id: int, decide: Callable[[Loaded | None], tuple[Plan, T]]
    ) -> tuple[T, list[ActionRecord] | None]:
        """Load, decide, commit and read back in one hop to the writer's thread (:func:`_play`),
        under the process's write lock."""
        async with self._write_lock:
            return await on_thread(self._writer, lambda db: _play(db, game_id, decide))

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement outside ``BEGIN``: SQLite runs it as its own transaction (autocommit)."""
        async with self._write_lock:
            return await _run(self._writer, sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await _rows(self._reader, sql, params)
        return rows[0] if rows else None

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await _rows(self._reader, sql, params)

    async def _stream(self, sql: str, chunk: int = 2000) -> AsyncIterator[list[Row]]:
        async with self._reader.execute(sql) as cursor:
            while rows := await cursor.fetchmany(chunk):
                yield [tuple(r) for r in rows]

    async def _tables(self) -> list[str]:
        rows = await self._all(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        return [str(r[0]) for r in rows]

    async def _columns(self, table: str) -> list[str]:
        rows = await self._all("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))
        return [str(r[0]) for r in rows]

    async def _after_copy(self, tx: Tx) -> None:
        """Nothing to do: ``INTEGER PRIMARY KEY`` continues after the highest id by itself."""


async def migrate(db: aiosqlite.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after ``PRAGMA user_version`` up to ``target``; returns the version."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = int(row[0]) if row else 0
    while version < target:
        await _run(db, "BEGIN IMMEDIATE")
        try:
            # another process may have migrated while this one waited for the write lock
            async with db.execute("PRAGMA user_version") as cursor:
                row = await cursor.fetchone()
            if row is not None and int(row[0]) > version:
                version = int(row[0])
                await _run(db, "COMMIT")
                continue
            for statement in _statements(MIGRATIONS[version].text_for("sqlite")):
                await _run(db, statement)
            await _run(db, f"PRAGMA user_version = {version + 1}")
        except BaseException:
            await _run(db, "ROLLBACK")
            raise
        await _run(db, "COMMIT")
        version += 1
    return version


def _statements(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies (``BEGIN ... END;``) whole."""
    out: list[str] = []
    buf: list[str] = []
    in_trigger = False
    for line in script.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("--"):
            continue
        buf.append(line)
        upper = stripped.upper()
        in_trigger = in_trigger or upper.startswith("CREATE TRIGGER")
        if stripped.endswith(";") and (not in_trigger or upper.endswith("END;")):
            out.append("\n".join(buf).strip().rstrip(";"))
            buf = []
            in_trigger = False
    if buf:
        out.append("\n".join(buf).strip().rstrip(";"))
    return out
