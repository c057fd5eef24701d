"""The store: domain-shaped async methods over SQLite (aiosqlite).

Nothing outside ``storage/`` writes SQL. Methods are named for what the bot does
(``create_game``, ``record_action``) so that another backend (PostgreSQL, for a sharded bot) can
implement the same interface.

Concurrency: one writer connection guarded by one lock per process, every write an explicit
``BEGIN IMMEDIATE`` transaction; reads go through a second connection, which in WAL mode sees
only committed data and never waits for the writer.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiosqlite

from storage.schema import MIGRATIONS, SCHEMA_VERSION

OPEN_STATUSES = ("lobby", "active")


class StorageError(Exception):
    """Base of the store's own errors."""


class ChannelBusy(StorageError):
    """The channel already has an open game (the partial unique index said no)."""


class StaleStep(StorageError):
    """The game moved on since the caller loaded it: nothing was written."""


class NotInLobby(StorageError):
    """A lobby operation on a game that has started or ended."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    step: int
    state: dict[str, Any] | None
    host_id: int
    created_at: float
    updated_at: float
    board_message_id: int | None
    #: The step of the first action narrated in the turn message (``board_message_id``).
    turn_step: int | None = None


@dataclass(frozen=True)
class SeatRecord:
    game_id: int
    seat: int
    user_id: int


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    step: int
    seat: int
    notation: str
    narration: str
    created_at: float


@dataclass(frozen=True)
class UserPrefs:
    user_id: int
    dm_on_turn: bool = False
    dm_closed: bool = False


_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seed, status, step, state, host_id, "
    "created_at, updated_at, board_message_id, turn_step"
)


def _game(row: sqlite3.Row | tuple[Any, ...]) -> GameRecord:
    (gid, guild, channel, game, options, seed, status, step, state, host, created, updated, msg, turn) = row
    return GameRecord(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        game=game,
        options=json.loads(options),
        seed=seed,
        status=status,
        step=step,
        state=json.loads(state) if state is not None else None,
        host_id=host,
        created_at=created,
        updated_at=updated,
        board_message_id=msg,
        turn_step=turn,
    )


@dataclass(frozen=True)
class _Result:
    rowcount: int
    lastrowid: int | None


async def _run(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> _Result:
    """Execute one statement and close its cursor at once (an open cursor blocks COMMIT)."""
    async with db.execute(sql, tuple(params)) as cursor:
        return _Result(cursor.rowcount, cursor.lastrowid)


def _dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class Store:
    """Open with ``await Store.open(path)``; close with ``await store.close()``."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (creating if needed) and upgrade the database to the newest schema."""
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

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await _run(self._writer, "BEGIN IMMEDIATE")
            try:
                yield self._writer
            except BaseException:
                await _run(self._writer, "ROLLBACK")
                raise
            else:
                await _run(self._writer, "COMMIT")

    async def _one(self, sql: str, params: Iterable[Any] = ()) -> tuple[Any, ...] | None:
        async with self._reader.execute(sql, tuple(params)) as cursor:
            row = await cursor.fetchone()
        return tuple(row) if row is not None else None

    async def _all(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        async with self._reader.execute(sql, tuple(params)) as cursor:
            rows = await cursor.fetchall()
        return [tuple(r) for r in rows]

    # ------------------------------------------------------------------ games

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        host_id: int,
        now: float,
    ) -> GameRecord:
        """A new lobby in ``channel_id`` with the host in seat 0; raises :class:`ChannelBusy`."""
        try:
            async with self._transaction() as db:
                cursor = await _run(
                    db,
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, step, "
                    "host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?)",
                    (guild_id, channel_id, game, _dump(options), seed, host_id, now, now),
                )
                game_id = cursor.lastrowid
                assert game_id is not None
                await _run(
                    db, "INSERT INTO seats (game_id, seat, user_id) VALUES (?, 0, ?)", (game_id, host_id)
                )
        except sqlite3.IntegrityError as err:
            if "channel_id" in str(err) or "UNIQUE" in str(err):
                raise ChannelBusy("this channel already has an open game") from None
            raise
        record = await self.game(game_id)
        assert record is not None
        return record

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._one(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        row = await self._one(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game(row) if row else None

    async def games_of_user(self, user_id: int, statuses: Iterable[str] = OPEN_STATUSES) -> list[GameRecord]:
        wanted = tuple(statuses)
        marks = ", ".join("?" for _ in wanted)
        rows = await self._all(
            f"SELECT DISTINCT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))} "
            f"FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.updated_at",
            (user_id, *wanted),
        )
        return [_game(r) for r in rows]

    async def count_games(self) -> int:
        row = await self._one("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    async def games_in_guild(
        self, guild_id: int, statuses: Iterable[str] = ("finished",)
    ) -> list[GameRecord]:
        """The server's games with one of ``statuses``, oldest first (for leaderboards)."""
        wanted = tuple(statuses)
        marks = ", ".join("?" for _ in wanted)
        rows = await self._all(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks}) ORDER BY id",
            (guild_id, *wanted),
        )
        return [_game(r) for r in rows]

    async def start_game(self, game_id: int, *, state: Mapping[str, Any], now: float) -> None:
        """Lobby -> active with the first snapshot; raises :class:`NotInLobby`."""
        async with self._transaction() as db:
            cursor = await _run(
                db,
                "UPDATE games SET status = 'active', state = ?, step = 0, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (_dump(state), now, game_id),
            )
            if cursor.rowcount != 1:
                raise NotInLobby("the game has already started or ended")

    async def set_status(self, game_id: int, status: str, *, now: float) -> bool:
        """Finish or abandon an open game; False if it was not open."""
        async with self._transaction() as db:
            cursor = await _run(
                db,
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (status, now, game_id),
            )
            return cursor.rowcount == 1

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await _run(db, "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))

    async def set_turn_step(self, game_id: int, step: int) -> None:
        """A new turn message begins with the action at ``step`` (see ``GameRecord.turn_step``)."""
        async with self._transaction() as db:
            await _run(db, "UPDATE games SET turn_step = ? WHERE id = ?", (step, game_id))

    async def next_game_number(self) -> int:
        """The number the next game will most likely get (for naming its thread before it exists)."""
        row = await self._one("SELECT COALESCE(MAX(id), 0) + 1 FROM games", ())
        return int(row[0]) if row is not None else 1

    # ------------------------------------------------------------------ seats

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all(
            "SELECT game_id, seat, user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [SeatRecord(*r) for r in rows]

    async def add_seat(self, game_id: int, user_id: int, *, now: float) -> int:
        """Seat ``user_id`` in the next free seat of a lobby; returns the seat number."""
        async with self._transaction() as db:
            await self._require_lobby(db, game_id)
            async with db.execute(
                "SELECT COALESCE(MAX(seat) + 1, 0) FROM seats WHERE game_id = ?", (game_id,)
            ) as c:
                row = await c.fetchone()
            seat = int(row[0]) if row else 0
            await _run(
                db, "INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)", (game_id, seat, user_id)
            )
            await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return seat

    async def remove_seat(self, game_id: int, user_id: int, *, now: float) -> bool:
        """Take the last seat of ``user_id`` out of a lobby and close the gap (join order kept)."""
        async with self._transaction() as db:
            await self._require_lobby(db, game_id)
            async with db.execute(
                "SELECT MAX(seat) FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ) as c:
                row = await c.fetchone()
            if row is None or row[0] is None:
                return False
            await _run(db, "DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, row[0]))
            await _run(
                db, "UPDATE seats SET seat = seat - 1 WHERE game_id = ? AND seat > ?", (game_id, row[0])
            )
            await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return True

    async def replace_seat_holder(self, game_id: int, seat: int, user_id: int, *, now: float) -> None:
        async with self._transaction() as db:
            await _run(
                db, "UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?", (user_id, game_id, seat)
            )
            await _run(db, "UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))

    async def _require_lobby(self, db: aiosqlite.Connection, game_id: int) -> None:
        async with db.execute("SELECT status FROM games WHERE id = ?", (game_id,)) as c:
            row = await c.fetchone()
        if row is None or row[0] != "lobby":
            raise NotInLobby("the game has already started or ended")

    # ------------------------------------------------------------------ moves

    async def record_action(
        self,
        game_id: int,
        *,
        step: int,
        seat: int,
        notation: str,
        narration: str,
        state: Mapping[str, Any],
        status: str = "active",
        now: float,
    ) -> None:
        """Commit one move: append it to the log and move the snapshot from ``step`` to ``step + 1``.

        One transaction. If the stored game is no longer at ``step`` (someone else moved first),
        nothing is written and :class:`StaleStep` is raised.
        """
        async with self._transaction() as db:
            cursor = await _run(
                db,
                "UPDATE games SET state = ?, step = step + 1, status = ?, updated_at = ? "
                "WHERE id = ? AND step = ? AND status = 'active'",
                (_dump(state), status, now, game_id, step),
            )
            if cursor.rowcount != 1:
                raise StaleStep("the game has moved on")
            await _run(
                db,
                "INSERT INTO actions (game_id, step, seat, notation, narration, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, step, seat, notation, narration, now),
            )

    async def actions(self, game_id: int, *, offset: int = 0, limit: int = -1) -> list[ActionRecord]:
        rows = await self._all(
            "SELECT game_id, step, seat, notation, narration, created_at FROM actions "
            "WHERE game_id = ? ORDER BY step LIMIT ? OFFSET ?",
            (game_id, limit, offset),
        )
        return [ActionRecord(*r) for r in rows]

    async def count_actions(self, game_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ users

    async def remember_name(self, user_id: int, name: str) -> None:
        """Keep the display name last seen for a user (boards show names after a restart)."""
        async with self._transaction() as db:
            await _run(
                db,
                "INSERT INTO users (user_id, name) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                (user_id, name),
            )

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        ids = tuple(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._all(
            f"SELECT user_id, name FROM users WHERE user_id IN ({marks}) AND name IS NOT NULL", ids
        )
        return {int(r[0]): str(r[1]) for r in rows}

    async def prefs(self, user_id: int) -> UserPrefs:
        row = await self._one(
            "SELECT user_id, dm_on_turn, dm_closed FROM users WHERE user_id = ?", (user_id,)
        )
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(row[0], bool(row[1]), bool(row[2]))

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._transaction() as db:
            await _run(
                db,
                "INSERT INTO users (user_id, dm_on_turn, dm_closed) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_on_turn = excluded.dm_on_turn, "
                "dm_closed = excluded.dm_closed",
                (prefs.user_id, int(prefs.dm_on_turn), int(prefs.dm_closed)),
            )

    async def auto_play(self, user_id: int) -> bool:
        """Whether the bot may play ``user_id``'s forced moves for them (the default: yes)."""
        row = await self._one("SELECT auto_play FROM users WHERE user_id = ?", (user_id,))
        return row is None or bool(row[0])

    async def set_auto_play(self, user_id: int, on: bool) -> None:
        async with self._transaction() as db:
            await _run(
                db,
                "INSERT INTO users (user_id, auto_play) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET auto_play = excluded.auto_play",
                (user_id, int(on)),
            )


async def migrate(db: aiosqlite.Connection, *, target: int = SCHEMA_VERSION) -> int:
    """Apply the migrations after ``PRAGMA user_version`` up to ``target``; returns the version."""
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    version = int(row[0]) if row else 0
    while version < target:
        await _run(db, "BEGIN IMMEDIATE")
        try:
            for statement in _statements(MIGRATIONS[version]):
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
