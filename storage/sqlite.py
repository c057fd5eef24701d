"""The SQLite store (aiosqlite): the default, for one bot process.

One writer connection guarded by one lock per process, every write an explicit
``BEGIN IMMEDIATE`` transaction (which also serialises writers of other processes on the same
file); reads go through a second connection, which in WAL mode sees only committed data and
never waits for the writer.
"""

from __future__ import annotations

import asyncio
import dataclasses
import fcntl
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any, ClassVar, Generic, TypeVar

import aiosqlite

from storage.errors import IntegrityViolation, StaleStep
from storage.game_table import GAME_COLUMN_AT, GAME_TABLE, loaded_table
from storage.moves import LOG_INSERT, Move, Plan
from storage.owed import OWED_UPSERT
from storage.records import ActionRecord, Loaded
from storage.schema import MIGRATIONS, SCHEMA_VERSION
from storage.sql import Row, Tx
from storage.sqlite_thread import on_thread
from storage.store import Store
from util.lru import keep_newest
from util.records import frozen

T = TypeVar("T")

#: Games whose table the store keeps as it last read or committed it (:class:`Known`), the most
#: recent; 256 Polar Derby tables hold about 1 MB.
KNOWN_TABLES = 256


class Known:
    """A game's :data:`GAME_TABLE` rows as this process last read or committed them, and the
    table they load as (:func:`loaded_table`; a committed one is built from the move, not read).

    A committed table's rows are built from the rows the move was decided on when first asked
    for (:meth:`Move.moved_rows`), not while the move's transaction holds the writer: most are
    never asked for. Building them twice at once (the loop and the writer's thread) gives the
    same rows, since a move's update sets its columns to fixed values.
    """

    __slots__ = ("_before", "_move", "loaded")

    def __init__(self, rows: list[Row], loaded: Loaded, move: Move | None = None) -> None:
        self._before, self._move, self.loaded = rows, move, loaded

    @property
    def rows(self) -> list[Row]:
        move = self._move
        if move is not None:
            self._before, self._move = move.moved_rows(self._before), None
        return self._before

    def with_column(self, name: str, value: Any) -> Known:
        """The table after an ``UPDATE games SET name = value`` of this game."""
        at = GAME_COLUMN_AT[name]
        rows = [(*row[:at], value, *row[at + 1 :]) for row in self.rows]
        record, seats, names, manual, languages = self.loaded
        return Known(rows, (dataclasses.replace(record, **{name: value}), seats, names, manual, languages))


@frozen
class Guess(Generic[T]):
    """What ``decide`` (:meth:`Store.play`) made of a :class:`Known` table on the event loop,
    before the move's hop: its plan, or the refusal it raised. The move takes it only when its
    transaction reads the same rows, so a guess never decides a move that the stored game would
    not decide the same way; a wrong one costs the time of deciding again."""

    known: Known
    decided: tuple[Plan, T] | None
    refusal: Exception | None

    @classmethod
    def of(cls, known: Known, decide: Callable[[Loaded | None], tuple[Plan, T]]) -> Guess[T]:
        try:
            return cls(known, decide(known.loaded), None)
        except Exception as err:  # a refusal is raised when the guess holds, like any error
            return cls(known, None, err)

    def outcome(self) -> tuple[Plan, T]:
        if self.refusal is not None:
            raise self.refusal
        assert self.decided is not None
        return self.decided


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
    """The move's statements inside the caller's transaction (the snapshot, the log, what it owes
    the players); False, and nothing written, for a stale step."""
    if _changed(db, move.counted_update, move.update_params()) != 1:
        return False
    db.executemany(LOG_INSERT, move.log_rows()).close()
    if move.owed is not None:
        db.execute(OWED_UPSERT, move.owed.params()).close()
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
    db: sqlite3.Connection,
    game_id: int,
    decide: Callable[[Loaded | None], tuple[Plan, T]],
    guess: Guess[T] | None,
) -> tuple[T, list[ActionRecord] | None, Known | None]:
    """:meth:`Store.play` as one transaction on the writer's thread: load, decide (or take the
    ``guess`` when the rows read are its rows), write, read back. The load happens inside
    ``BEGIN IMMEDIATE``, so no other writer can move the game in between; the stale-step check
    of :attr:`Move.update` stays all the same. Also returns the table as the move leaves it."""
    db.execute("BEGIN IMMEDIATE")
    try:
        rows = db.execute(GAME_TABLE, (game_id,)).fetchall()
        loaded: Loaded | None
        if guess is not None and rows == guess.known.rows:
            loaded = guess.known.loaded
            plan, out = guess.outcome()
        else:
            loaded = loaded_table(game_id, rows)
            plan, out = decide(loaded)
        if plan.ends:  # its result is written by Store.commit, in a transaction of its own
            db.execute("ROLLBACK")
            return out, None, None
        if not _write_move(db, plan.move):
            raise StaleStep("the game has moved on")
        query = plan.log_query()
        log = [] if query is None else [ActionRecord(*r) for r in db.execute(*query).fetchall()]
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return out, log, _known_after(rows, loaded, plan)


def _known_after(rows: list[Row], loaded: Loaded | None, plan: Plan) -> Known | None:
    """The table as committing ``plan`` (decided from ``rows``) left it, built, not read."""
    if loaded is None or plan.after is None:
        return None
    _, seats, names, manual, languages = loaded
    return Known(rows, (plan.after, seats, names, manual, languages), plan.move)


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
    """Open with ``await storage.open_store(path)`` (or :meth:`connect`)."""

    backend: ClassVar[str] = "sqlite"

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._known: dict[int, Known] = {}

    @classmethod
    async def connect(cls, path: str) -> SQLiteStore:
        """Open (creating if needed) the file at ``path`` and upgrade it to the newest schema.

        Processes opening the same file at once take turns (:func:`opening`): two connections
        switching a new file to WAL, or migrating it, at the same moment can find it locked
        whatever their busy timeout, and a bot that cannot open its database never starts."""
        async with opening(path):
            writer = await aiosqlite.connect(path, isolation_level=None)
            await _run(writer, "PRAGMA busy_timeout = 5000")
            await _run(writer, "PRAGMA journal_mode = WAL")
            await _run(writer, "PRAGMA foreign_keys = ON")
            await _run(writer, "PRAGMA synchronous = NORMAL")
            before = await _user_version(writer)
            await migrate(writer)
        reader = await aiosqlite.connect(path, isolation_level=None)
        await _run(reader, "PRAGMA foreign_keys = ON")
        await _run(reader, "PRAGMA busy_timeout = 5000")
        store = cls(writer, reader)
        store.version_at_open = before
        return store

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
            self._keep(move.game_id, None)  # the move's table is not built here: read it next time
            return await on_thread(self._writer, lambda db: _move(db, move))

    async def play(
        self, game_id: int, decide: Callable[[Loaded | None], tuple[Plan, T]]
    ) -> tuple[T, list[ActionRecord] | None]:
        """Load, decide, commit and read back in one hop to the writer's thread (:func:`_play`),
        under the process's write lock.

        When the store knows the game's table (:class:`Known`: the last move committed here, or
        the last :meth:`game_table`), ``decide`` runs on it first, on the event loop, and the
        transaction takes that :class:`Guess` if it reads the same rows: the writer's thread then
        only reads, compares and writes, and the hop back comes sooner. ``decide`` must therefore
        have no effect that matters when its plan is dropped.
        """
        known = self._known.get(game_id)
        guess = Guess.of(known, decide) if known is not None else None
        async with self._write_lock:
            out, log, after = await on_thread(self._writer, lambda db: _play(db, game_id, decide, guess))
            self._keep(game_id, after)
        return out, log

    async def game_table(self, game_id: int) -> Loaded | None:
        """:meth:`Store.game_table`, known from then on; rows equal to the known ones are not
        parsed again (callers never change a loaded table)."""
        rows = await self._all(GAME_TABLE, (game_id,))
        known = self._known.get(game_id)
        if known is not None and known.rows == rows:
            return known.loaded
        loaded = loaded_table(game_id, rows)
        self._keep(game_id, Known(rows, loaded) if loaded is not None else None)
        return loaded

    async def _set_game_column(self, game_id: int, column: str, value: Any) -> None:
        await super()._set_game_column(game_id, column, value)
        known = self._known.get(game_id)
        if known is not None:
            self._known[game_id] = known.with_column(column, value)

    async def move_game(self, game_id: int, channel_id: int, *, now: float) -> bool:
        moved = await super().move_game(game_id, channel_id, now=now)
        self._keep(game_id, None)  # read again: the game's row changed beyond one column
        return moved

    def _keep(self, game_id: int, known: Known | None) -> None:
        """Know ``known`` as the game's table (None: forget it), keeping :data:`KNOWN_TABLES`."""
        if known is None:
            self._known.pop(game_id, None)
        else:
            keep_newest(self._known, game_id, known, KNOWN_TABLES)

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


@asynccontextmanager
async def opening(path: str) -> AsyncIterator[None]:
    """Hold the lock beside the database file (``<path>.lock``, an advisory ``flock``) while
    this process opens it: one opener at a time sets its journal and migrates it. An in-memory
    database is this connection's own and needs no turn."""
    if path == ":memory:" or path.startswith("file::memory:"):
        yield
        return
    with open(f"{path}.lock", "a") as lock:
        await asyncio.to_thread(fcntl.flock, lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after ``PRAGMA user_version`` up to ``target``; returns the version."""
    version = await _user_version(db)
    while version < target:
        await _run(db, "BEGIN IMMEDIATE")
        try:
            # another process may have migrated while this one waited for the write lock
            now_at = await _user_version(db)
            if now_at > version:
                version = now_at
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
