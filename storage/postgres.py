"""The PostgreSQL store (asyncpg), for several bot processes sharing one database.

A connection pool; each write is one transaction on one pooled connection (READ COMMITTED), and
nothing relies on an in-process lock: a move's ``UPDATE games ... WHERE step = ?`` waits for a
concurrent move on the same row and then matches nothing (:class:`storage.StaleStep`), and the
scheduler's claims take rows with ``FOR UPDATE SKIP LOCKED``. The SQL of :mod:`storage.store`
runs here unchanged: its ``?`` placeholders become ``$1, $2, ...`` once per statement text.
The schema version is the one row of ``schema_version``; migrations run under an advisory lock,
so processes starting together upgrade once.
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar

import asyncpg

from storage.codec import dump_rows
from storage.errors import CannotConnect, IntegrityViolation
from storage.moves import LOG_COLUMNS, Move
from storage.owed import OWED_UPSERT
from storage.schema import MIGRATIONS, SCHEMA_VERSION
from storage.sql import Inserts, Row, Tx
from storage.store import Store, UnclockedRow

#: Any constant: the key of the advisory lock that serialises migrations.
_MIGRATION_LOCK = 0x466C6F65


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders -> ``$1, $2, ...`` (outside quoted literals and ``$$`` bodies)."""
    out: list[str] = []
    n = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        if ch == "?" and not quoted:
            n += 1
            out.append(f"${n}")
        else:
            out.append(ch)
    return "".join(out)


def _changed(status: str) -> int:
    """The row count of a command status (``UPDATE 3``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _violation(err: asyncpg.PostgresError) -> IntegrityViolation:
    constraint = getattr(err, "constraint_name", None)
    return IntegrityViolation(f"{constraint}: {err}" if constraint else str(err))


async def _keep_session(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is (asyncpg still rolls back an open transaction).

    asyncpg's default reset (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``) is
    one more round trip on every release, four or five per move, and undoes nothing this store
    does: it never changes a session setting, listens, holds a session advisory lock (migrations
    take a transaction lock) or keeps a cursor past its transaction.
    """


class _PostgresTx:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return _changed(await self._conn.execute(numbered(sql), *params))
        except asyncpg.IntegrityConstraintViolationError as err:
            raise _violation(err) from err

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.all(sql, params)
        return rows[0] if rows else None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return [tuple(r) for r in await self._conn.fetch(numbered(sql), *params)]
        except asyncpg.IntegrityConstraintViolationError as err:
            raise _violation(err) from err

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(numbered(sql), [tuple(r) for r in rows])
        except asyncpg.IntegrityConstraintViolationError as err:
            raise _violation(err) from err


class PostgresStore(Store):
    """Open with ``await storage.open_store("postgresql://user:password@host/db")`` (or :meth:`connect`)."""

    backend: ClassVar[str] = "postgresql"
    _lock_clause: ClassVar[str] = " FOR UPDATE"
    _skip_locked_clause: ClassVar[str] = " FOR UPDATE OF c SKIP LOCKED"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = 10) -> PostgresStore:
        """Connect to ``url`` and upgrade its database to the newest schema.

        A server that cannot be reached (``OSError``), refuses the login or has no such database
        raises :class:`storage.CannotConnect` with the server's reason (never the password).
        """
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=_keep_session)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as err:
            raise CannotConnect(str(err) or type(err).__name__) from err
        try:
            async with pool.acquire() as conn:
                before = await _stored_version(conn)
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        store = cls(pool)
        store.version_at_open = before
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        row = await self._one("SELECT version FROM schema_version")
        return int(row[0]) if row else 0

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresTx(conn)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        row = await self._pool.fetchrow(numbered(sql), *params)
        return tuple(row) if row is not None else None

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self._pool.fetch(numbered(sql), *params)]

    async def _stream(self, sql: str, chunk: int = 2000) -> AsyncIterator[list[Row]]:
        async with self._pool.acquire() as conn, conn.transaction(readonly=True):
            cursor = await conn.cursor(numbered(sql))
            while rows := await cursor.fetch(chunk):
                yield [tuple(r) for r in rows]

    async def _tables(self) -> list[str]:
        rows = await self._all(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE' AND table_name <> 'schema_version' ORDER BY table_name"
        )
        return [str(r[0]) for r in rows]

    async def _columns(self, table: str) -> list[str]:
        rows = await self._all(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = ? ORDER BY ordinal_position",
            (table,),
        )
        return [str(r[0]) for r in rows]

    async def _record_move(self, move: Move) -> bool:
        """Both statements as one (one round trip, its own transaction): the snapshot's
        ``UPDATE ... WHERE step = ?`` feeds the log's ``INSERT`` (the entries passed as arrays), so
        a concurrent move on the same game waits for the row, then matches nothing and nothing is
        inserted; what the move owes the players (:data:`OWED_UPSERT`) is fed by it the same way."""
        rows = move.log_rows()
        owed, owed_params = "", ()
        if move.owed is not None:
            head, tail = OWED_UPSERT.split(" VALUES (?, ?, ?, ?, ?, ?, ?, ?) ", 1)
            owed = f", owed AS ({head} SELECT ?, ?, ?, ?, ?, ?, ?, ? FROM moved {tail})"
            owed_params = move.owed.params()
        try:
            inserted = await self._pool.fetchval(
                numbered(
                    f"WITH moved AS ({move.update}){owed} {LOG_COLUMNS} "
                    "SELECT ?, e.step, e.seat, e.notation, e.narration, ? FROM moved, "
                    "unnest(?::integer[], ?::integer[], ?::text[], ?::text[]) AS e(step, seat, notation, narration) "
                    "RETURNING step"
                ),
                *move.update_params(),
                *owed_params,
                move.game_id,
                move.now,
                [r[1] for r in rows],
                [r[2] for r in rows],
                [r[3] for r in rows],
                [r[4] for r in rows],
            )
        except asyncpg.IntegrityConstraintViolationError as err:
            raise _violation(err) from err
        return inserted is not None

    async def _unclocked_page(self, after: int, limit: int) -> list[UnclockedRow]:
        """One query: each game with its seats' user ids and its computers' seats as arrays."""
        rows = await self._all(
            "SELECT g.id, g.game, g.step, g.state, "
            "ARRAY(SELECT s.user_id FROM seats s WHERE s.game_id = g.id ORDER BY s.seat), "
            "ARRAY(SELECT s.seat FROM seats s WHERE s.game_id = g.id AND s.computer IS NOT NULL) "
            "FROM games g WHERE g.status = 'active' AND g.id > ? "
            "AND NOT EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = g.id) ORDER BY g.id LIMIT ?",
            (after, limit),
        )
        return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def _insert_new(self, parents: Inserts, children: Inserts) -> None:
        """One statement (its own transaction): the rows go as two JSON texts, which PostgreSQL
        turns into rows of each table's own type (``json_populate_recordset``); the parents'
        ``INSERT ... ON CONFLICT DO NOTHING RETURNING`` key feeds the children's insert, so only
        the children of parents inserted now go in."""
        key = parents.columns[0]

        def rows_json(inserts: Inserts) -> str:
            return dump_rows([dict(zip(inserts.columns, row, strict=True)) for row in inserts.rows])

        def picked(inserts: Inserts, alias: str) -> str:
            return ", ".join(f"{alias}.{c}" for c in inserts.columns)

        await self._write(
            f"WITH new AS ({parents.head} SELECT {picked(parents, 'p')} "
            f"FROM json_populate_recordset(NULL::{parents.table}, ?::json) AS p "
            f"ON CONFLICT DO NOTHING RETURNING {key}) "
            f"{children.head} SELECT {picked(children, 'c')} "
            f"FROM json_populate_recordset(NULL::{children.table}, ?::json) AS c "
            f"WHERE c.{key} IN (SELECT {key} FROM new) ON CONFLICT DO NOTHING",
            (rows_json(parents), rows_json(children)),
        )

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement outside a transaction block: PostgreSQL commits it on its own."""
        try:
            return _changed(await self._pool.execute(numbered(sql), *params))
        except asyncpg.IntegrityConstraintViolationError as err:
            raise _violation(err) from err

    async def _after_copy(self, tx: Tx) -> None:
        # ids were copied as they were: the identity continues after the highest
        await tx.one(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM games), false)"
        )


async def _stored_version(conn: asyncpg.Connection) -> int:
    """The schema version stored (0 for a database never migrated), without waiting on a migration."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT version FROM schema_version") or 0)


async def migrate(conn: asyncpg.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Apply the pending migrations in one transaction under an advisory lock; returns the version."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = await conn.fetchval("SELECT version FROM schema_version")
        if version is None:
            await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
            version = 0
        for number in range(version, target):
            await conn.execute(MIGRATIONS[number].text_for("postgresql"))
        if target > version:
            await conn.execute("UPDATE schema_version SET version = $1", target)
        return max(int(version), target)
