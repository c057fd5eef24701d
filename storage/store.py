"""The store: domain-shaped async methods, written once over a small SQL core, and two backends.

Nothing outside ``storage/`` writes SQL or knows which backend it has. Methods are named for
what the bot does (``create_game``, ``record_action``); the results and ratings, the lobbies and
the players' reliability hang on it (:attr:`Store.ratings`, :attr:`Store.lobbies`,
:attr:`Store.reliability`). :func:`storage.open_store` (:mod:`storage.backends`) picks the
backend from the ``DATABASE`` setting:

a path or ``sqlite:///floe.db`` (:class:`storage.sqlite.SQLiteStore`, the default), or
``postgresql://...`` (:class:`storage.postgres.PostgresStore`, for several bot processes).

The guarantees are the database's own on both, never an in-process lock: the action log is
append-only (triggers), a move is one transaction that refuses a stale step (:class:`StaleStep`,
an ``UPDATE ... WHERE step = ?`` that both databases serialise per row), a channel has at most
one open game (:class:`ChannelBusy`, a partial unique index), and seats change only under the
game's row lock: a member holds one seat per game (:class:`AlreadySeated`, the unique index
``one_seat_per_member``), a lobby never has more seats than its game allows (:class:`TableFull`),
a game starts with the very seats its caller dealt (:class:`SeatsChanged`), and a seat changes
hands only from the holder its caller saw.

A backend provides the SQL core: reads (:meth:`Store._one`, :meth:`Store._all`), a transaction
(:meth:`Store._transaction`, yielding a :class:`Tx`), and the few clauses that differ
(:attr:`Store._lock_clause`, :attr:`Store._skip_locked_clause`). The SQL here uses ``?``
placeholders and runs unchanged on both (records: :mod:`storage.records`; reads of a game:
:mod:`storage.game_table`; a move's writes: :mod:`storage.moves`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from functools import cached_property
from typing import Any, ClassVar, TypeVar

from storage.codec import dump
from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    IntegrityViolation,
    NotInLobby,
    SeatsChanged,
    StaleStep,
    StorageError,
    TableFull,
)
from storage.game_table import (
    ACTIONS_FROM,
    ACTIONS_PAGE,
    GAME_COLUMNS,
    GAME_TABLE,
    MEMBER_LOAD,
    game_record,
    loaded_table,
    member_load,
)
from storage.leagues import LeagueStore
from storage.lobbies import LobbyStore
from storage.moves import LOG_COLUMNS, LogEntry, Move, Plan, Since
from storage.owed import OWED_UPSERT, Owed
from storage.ratings import GameResult, RatingStore, write_result
from storage.records import ActionRecord, GameRecord, Loaded, MemberLoad, SeatChange, SeatRecord, UserPrefs
from storage.reliability import ReliabilityStore
from storage.sql import MAX_PARAMS, NO_LIMIT, Inserts, Row, Tx, insert_rows, marks

OPEN_STATUSES = ("lobby", "active")
T = TypeVar("T")


def _seat_violation(err: IntegrityViolation) -> StorageError:
    """What a refused seat write means: a second seat of one member (``one_seat_per_member``; SQLite
    names its columns), else the violation as it was."""
    text = str(err)
    if "one_seat_per_member" in text or "seats.user_id" in text:
        return AlreadySeated("that member already has a seat at this table")
    return err


#: An unclocked game as :meth:`Store._unclocked_page` reads it.
UnclockedRow = tuple[int, str, int, "str | None", list[int], list[int]]


class Store(ABC):
    """The store interface. Open with ``await storage.open_store(url_or_path)``; close with ``close()``."""

    #: ``"sqlite"`` or ``"postgresql"`` (for logs and benchmarks; nothing should branch on it).
    backend: ClassVar[str]
    #: Appended to a ``SELECT`` that reads a row the transaction will then change (row lock).
    _lock_clause: ClassVar[str] = ""
    #: Appended to the scheduler's claim query: take only rows no other process holds.
    _skip_locked_clause: ClassVar[str] = ""
    #: The schema version the database had when this store opened it, before migrating it.
    version_at_open: int = 0

    # ------------------------------------------------------------------ lifecycle and parts

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of migrations applied (:data:`storage.schema.SCHEMA_VERSION` once open)."""

    @cached_property
    def ratings(self) -> RatingStore:
        """Results, ratings and seasons on this store (built once)."""
        return RatingStore(self)

    @cached_property
    def lobbies(self) -> LobbyStore:
        """The lobbies' conditions, the open lobbies and who hears of new ones (built once)."""
        return LobbyStore(self)

    @cached_property
    def leagues(self) -> LeagueStore:
        """Leagues: their sign-ups, rounds, tables and byes (built once)."""
        return LeagueStore(self)

    @cached_property
    def reliability(self) -> ReliabilityStore:
        """The players' reliability records and move times (built once)."""
        return ReliabilityStore(self)

    # ------------------------------------------------------------------ the SQL core (storage/ only)

    @abstractmethod
    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    def _transaction(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction; committed on exit, rolled back on an exception."""

    @abstractmethod
    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One write statement as its own transaction, in one round trip; returns the rows changed."""

    @abstractmethod
    def _stream(self, sql: str, chunk: int = 2000) -> AsyncIterator[list[Row]]:
        """The rows of one query in chunks, without holding them all (for :mod:`storage.copy`)."""

    @abstractmethod
    async def _tables(self) -> list[str]:
        """The names of the application's tables (not the migration bookkeeping)."""

    @abstractmethod
    async def _columns(self, table: str) -> list[str]:
        """The column names of ``table`` in their declared order."""

    @abstractmethod
    async def _after_copy(self, tx: Tx) -> None:
        """Called in the copy's transaction after every row went in (identity sequences)."""

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
        admit: Callable[[MemberLoad], None] | None = None,
    ) -> GameRecord:
        """A new lobby in ``channel_id`` with the host in seat 0; raises :class:`ChannelBusy`.

        ``admit`` (the bounds on hoarding) is given the host's :class:`MemberLoad` read in the
        same transaction, with the host's ``users`` row locked (SQLite: the writer lock), so two
        lobbies opened at once by one member, in any processes, are counted one after the other;
        it raises to refuse, and nothing is written."""
        try:
            async with self._transaction() as tx:
                if admit is not None:
                    admit(await self._locked_load(tx, host_id, guild_id or 0))
                row = await tx.one(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, step, "
                    "host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', 0, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, game, dump(options), seed, host_id, now, now),
                )
                assert row is not None
                game_id = int(row[0])
                await tx.run(
                    "INSERT INTO seats (game_id, seat, user_id) VALUES (?, 0, ?)", (game_id, host_id)
                )
        except IntegrityViolation as err:
            if "channel" in str(err):
                raise ChannelBusy("this channel already has an open game") from None
            raise
        record = await self.game(game_id)
        assert record is not None
        return record

    async def _locked_load(self, tx: Tx, user_id: int, guild_id: int) -> MemberLoad:
        """The member's :class:`MemberLoad`, their ``users`` row locked until ``tx`` ends."""
        await tx.run("INSERT INTO users (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING", (user_id,))
        await tx.one(f"SELECT user_id FROM users WHERE user_id = ?{self._lock_clause}", (user_id,))
        return member_load(await tx.one(MEMBER_LOAD, (user_id, guild_id, user_id, user_id, user_id)))

    async def member_load(self, user_id: int, guild_id: int) -> MemberLoad:
        """What the member holds (:class:`MemberLoad`), read without a lock (a first look)."""
        return member_load(await self._one(MEMBER_LOAD, (user_id, guild_id, user_id, user_id, user_id)))

    async def game(self, game_id: int) -> GameRecord | None:
        row = await self._one(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return game_record(row) if row else None

    async def game_table(self, game_id: int) -> Loaded | None:
        """The game, its seats in order, the remembered names of their users and those of them
        who turned auto-play off, in one query (what a move loads); None when there is no such game."""
        return loaded_table(game_id, await self._all(GAME_TABLE, (game_id,)))

    async def open_game_in(self, channel_id: int) -> GameRecord | None:
        row = await self._one(
            f"SELECT {GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return game_record(row) if row else None

    async def games_of_user(self, user_id: int, statuses: Iterable[str] = OPEN_STATUSES) -> list[GameRecord]:
        wanted = tuple(statuses)
        rows = await self._all(
            f"SELECT DISTINCT {', '.join('g.' + c.strip() for c in GAME_COLUMNS.split(','))} "
            f"FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.user_id = ? AND g.status IN ({marks(len(wanted))}) ORDER BY g.updated_at",
            (user_id, *wanted),
        )
        return [game_record(r) for r in rows]

    async def games_with_computers(self, statuses: Iterable[str] = ("active",)) -> list[int]:
        """Ids of the games in ``statuses`` with at least one computer seat, oldest first."""
        return [game_id for game_id, _ in await self.computer_games_by_guild(statuses)]

    async def computer_games_by_guild(
        self, statuses: Iterable[str] = ("active",)
    ) -> list[tuple[int, int | None]]:
        """``(id, guild id)`` of the games in ``statuses`` with a computer seat, oldest first
        (the guild id is None for a game played outside a server, at the terminal)."""
        wanted = tuple(statuses)
        rows = await self._all(
            f"SELECT DISTINCT g.id, g.guild_id FROM games g JOIN seats s ON s.game_id = g.id "
            f"WHERE s.computer IS NOT NULL AND g.status IN ({marks(len(wanted))}) ORDER BY g.id",
            wanted,
        )
        return [(int(r[0]), None if r[1] is None else int(r[1])) for r in rows]

    async def count_games(self) -> int:
        row = await self._one("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    async def games_in_guild(
        self, guild_id: int, statuses: Iterable[str] = ("finished",)
    ) -> list[GameRecord]:
        """The server's games with one of ``statuses``, oldest first (for leaderboards)."""
        wanted = tuple(statuses)
        rows = await self._all(
            f"SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ({marks(len(wanted))}) "
            "ORDER BY id",
            (guild_id, *wanted),
        )
        return [game_record(r) for r in rows]

    async def start_game(
        self,
        game_id: int,
        *,
        state: Mapping[str, Any],
        now: float,
        seats: Sequence[int] | None = None,
        owed: Owed | None = None,
    ) -> None:
        """Lobby -> active with the first snapshot, and what the start owes (``owed``: the first
        board, its pings, the opening notes) in the same transaction; raises :class:`NotInLobby`.

        ``seats``: the user ids, in seat order, that the snapshot dealt; read under the game's row
        lock, any other seats (a join or a leave that came first) raise :class:`SeatsChanged`.
        """
        async with self._transaction() as tx:
            await self._require_lobby(tx, game_id)
            if seats is not None:
                rows = await tx.all("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
                if [int(r[0]) for r in rows] != list(seats):
                    raise SeatsChanged("the seats changed while the game was being started")
            changed = await tx.run(
                "UPDATE games SET status = 'active', state = ?, step = 0, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (dump(state), now, game_id),
            )
            if changed != 1:
                raise NotInLobby("the game has already started or ended")
            if owed is not None:
                await tx.run(OWED_UPSERT, owed.params())

    async def set_status(self, game_id: int, status: str, *, now: float) -> bool:
        """Finish or abandon an open game; False if it was not open."""
        async with self._transaction() as tx:
            changed = await tx.run(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status IN ('lobby', 'active')",
                (status, now, game_id),
            )
            return changed == 1

    async def move_game(self, game_id: int, channel_id: int, *, now: float) -> bool:
        """Move an active game to another channel (its own was lost), where its next post begins
        a new turn message; False if the game is not active. Raises :class:`ChannelBusy` when that
        channel has an open game."""
        try:
            changed = await self._write(
                "UPDATE games SET channel_id = ?, board_message_id = NULL, updated_at = ? "
                "WHERE id = ? AND status = 'active'",
                (channel_id, now, game_id),
            )
        except IntegrityViolation as err:
            if "channel" in str(err):
                raise ChannelBusy("this channel already has an open game") from None
            raise
        return changed == 1

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        await self._set_game_column(game_id, "board_message_id", message_id)

    async def set_turn_step(self, game_id: int, step: int) -> None:
        """A new turn message begins with the action at ``step`` (see ``GameRecord.turn_step``)."""
        await self._set_game_column(game_id, "turn_step", step)

    async def _set_game_column(self, game_id: int, column: str, value: Any) -> None:
        """``UPDATE games SET column = value`` of one game (``column``: one of ours, never input)."""
        await self._write(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))

    async def next_game_number(self) -> int:
        """The number the next game will most likely get (for naming its thread before it exists)."""
        row = await self._one("SELECT COALESCE(MAX(id), 0) + 1 FROM games", ())
        return int(row[0]) if row is not None else 1

    # ------------------------------------------------------------------ seats

    async def seats(self, game_id: int) -> list[SeatRecord]:
        rows = await self._all(
            "SELECT game_id, seat, user_id, computer FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [SeatRecord(*r) for r in rows]

    async def add_seat(
        self,
        game_id: int,
        user_id: int,
        *,
        now: float,
        capacity: int | None = None,
        computer: str | None = None,
        another: bool = False,
        admit: Callable[[MemberLoad], None] | None = None,
    ) -> int:
        """Seat ``user_id`` in the next free seat of a lobby; returns the seat number.

        Under the game's row lock (:meth:`_require_lobby`), so concurrent joins, in this process or
        another, are decided one at a time: :class:`AlreadySeated` when the user has a seat (unless
        ``another``: local play seats one user several times), :class:`TableFull` when the lobby
        has ``capacity`` seats already, :class:`NotInLobby` once the game started. The unique index
        ``one_seat_per_member`` refuses a second seat whatever was checked. ``computer`` (a level)
        marks a seat the computer plays. ``admit``: as for :meth:`create_game`, given the joiner's
        load in the same transaction (their row locked).
        """
        try:
            async with self._transaction() as tx:
                await self._require_lobby(tx, game_id)
                row = await tx.one(
                    "SELECT COALESCE(MAX(seat) + 1, 0), COUNT(CASE WHEN user_id = ? THEN 1 END) "
                    "FROM seats WHERE game_id = ?",
                    (user_id, game_id),
                )
                seat, mine = (int(row[0]), int(row[1])) if row else (0, 0)
                if mine and not another:
                    raise AlreadySeated("that member already has a seat at this table")
                if capacity is not None and seat >= capacity:
                    raise TableFull(f"the table has its {capacity} seats")
                if admit is not None:
                    admit(await self._locked_load(tx, user_id, 0))
                await tx.run(
                    "INSERT INTO seats (game_id, seat, user_id, computer, user_seat) VALUES (?, ?, ?, ?, ?)",
                    (game_id, seat, user_id, computer, mine),
                )
                await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
                return seat
        except IntegrityViolation as err:
            raise _seat_violation(err) from None

    async def remove_seat(self, game_id: int, user_id: int, *, now: float) -> bool:
        """Take the last seat of ``user_id`` out of a lobby and close the gap (join order kept);
        False when the user has no seat there (a second Leave)."""
        async with self._transaction() as tx:
            await self._require_lobby(tx, game_id)
            row = await tx.one(
                "SELECT MAX(seat) FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None or row[0] is None:
                return False
            await tx.run("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, row[0]))
            await tx.run("UPDATE seats SET seat = seat - 1 WHERE game_id = ? AND seat > ?", (game_id, row[0]))
            await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return True

    async def replace_seat_holders(
        self, game_id: int, changes: Sequence[SeatChange], *, now: float, owed: Owed | None = None
    ) -> None:
        """Give each seat of ``changes`` to its new holder, all or none, with what the change owes
        the players (``owed``) in the same transaction.

        Each seat changes hands only from the holder the caller saw (:class:`SeatsChanged`: someone
        replaced them first, in this process or another), and the new holder must have no seat
        at the table (:class:`AlreadySeated`, the unique index ``one_seat_per_member``); the game
        must be open (:class:`NotInLobby` otherwise).
        """
        try:
            async with self._transaction() as tx:
                row = await tx.one(f"SELECT status FROM games WHERE id = ?{self._lock_clause}", (game_id,))
                if row is None or row[0] not in OPEN_STATUSES:
                    raise NotInLobby("the game has ended")
                for change in changes:
                    moved = await tx.run(
                        "UPDATE seats SET user_id = ?, computer = ? WHERE game_id = ? AND seat = ? AND user_id = ?",
                        (change.new_user, change.computer, game_id, change.seat, change.old_user),
                    )
                    if moved != 1:
                        raise SeatsChanged("that seat has another holder by now")
                await tx.run("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
                if owed is not None:
                    await tx.run(OWED_UPSERT, owed.params())
        except IntegrityViolation as err:
            raise _seat_violation(err) from None

    async def _require_lobby(self, tx: Tx, game_id: int) -> None:
        """Refuse unless the game is a lobby; locks its row until the transaction ends."""
        row = await tx.one(f"SELECT status FROM games WHERE id = ?{self._lock_clause}", (game_id,))
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
        result: GameResult | None = None,
    ) -> None:
        """Commit one action: append it to the log and move the snapshot from ``step`` to
        ``step + 1`` (:meth:`commit` of a one-entry :class:`Move`)."""
        entry = LogEntry(seat, notation, narration)
        await self.commit(Plan(Move(game_id, step, (entry,), dump(state), status, now)), result=result)

    async def commit(self, plan: Plan, *, result: GameResult | None = None) -> list[ActionRecord]:
        """Commit ``plan.move`` in one transaction; returns the log from ``plan.log_from`` after it.

        With ``result`` (the move ends the game), the game's result and its rating changes are
        written in the same transaction (:func:`storage.ratings.write_result`). If the stored game
        is no longer at the move's step (someone else moved first, in this process or another),
        nothing is written and :class:`StaleStep` is raised.
        """
        move = plan.move
        if result is None:  # the common case: the backend's cheapest way to run the same transaction
            moved = await self._record_move(move)
        else:
            async with self._transaction() as tx:
                moved = await tx.one(move.update, move.update_params()) is not None
                if moved:
                    await insert_rows(tx, LOG_COLUMNS, move.log_rows())
                    if move.owed is not None:
                        await tx.run(OWED_UPSERT, move.owed.params())
                    await write_result(tx, result, now=move.now, lock=self._lock_clause)
        if not moved:
            raise StaleStep("the game has moved on")
        query = plan.log_query()
        return [] if query is None else [ActionRecord(*r) for r in await self._all(*query)]

    async def play(
        self, game_id: int, decide: Callable[[Loaded | None], tuple[Plan, T]]
    ) -> tuple[T, list[ActionRecord] | None]:
        """Load the game (:meth:`game_table`), ``decide`` a move from it and commit it (:meth:`commit`).

        ``decide`` is plain, quick code (the rules and the reply's decisions): a backend may run it
        inside the move's transaction on the database's own thread, so that loading, deciding and
        committing is one hop. It raises to refuse the move (nothing is written) and returns the
        :class:`Plan` with whatever its caller wants back. Returns decide's output and the log
        read after the move; or decide's output and None when the move ends the game and was not
        written: its caller commits it with its result (:meth:`commit`; the stale-step check
        refuses it if anyone moved in between). Here two round trips: the load, then the commit.
        """
        plan, out = decide(await self.game_table(game_id))
        if plan.ends:
            return out, None
        return out, await self.commit(plan)

    async def _unclocked_page(self, after: int, limit: int) -> list[UnclockedRow]:
        """Active games without a clock row and with an id above ``after``, by id, at most
        ``limit``: ``(id, game, step, state, the seats' user ids by seat, the computers' seats)``.
        Two queries (the seats of the page's id range in one index range scan); a backend may
        read it in one."""
        rows = await self._all(
            "SELECT g.id, g.game, g.step, g.state FROM games g WHERE g.status = 'active' AND g.id > ? "
            "AND NOT EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = g.id) ORDER BY g.id LIMIT ?",
            (after, limit),
        )
        if not rows:
            return []
        users: dict[int, list[int]] = {int(r[0]): [] for r in rows}
        computers: dict[int, list[int]] = {}
        for gid, seat, user, computer in await self._all(
            "SELECT game_id, seat, user_id, computer FROM seats WHERE game_id BETWEEN ? AND ? "
            "ORDER BY game_id, seat",
            (rows[0][0], rows[-1][0]),
        ):
            if gid in users:
                users[gid].append(user)
                if computer is not None:
                    computers.setdefault(gid, []).append(seat)
        return [
            (gid, game, step, state, users[gid], computers.get(gid, [])) for gid, game, step, state in rows
        ]

    async def _insert_new(self, parents: Inserts, children: Inserts) -> None:
        """Insert the ``parents`` rows whose key (their first column) is not in their table yet,
        and the ``children`` rows of those keys only, in one transaction: rows another process
        wrote first stay as they are, their children included. A backend may do it in one
        statement."""
        async with self._transaction() as tx:
            known: set[Any] = set()
            keys = [row[0] for row in parents.rows]
            key = parents.columns[0]
            for start in range(0, len(keys), MAX_PARAMS):
                part = keys[start : start + MAX_PARAMS]
                found = await tx.all(
                    f"SELECT {key} FROM {parents.table} WHERE {key} IN ({marks(len(part))})", part
                )
                known.update(r[0] for r in found)
            fresh = [row for row in parents.rows if row[0] not in known]
            await insert_rows(tx, parents.head, fresh, "ON CONFLICT DO NOTHING")
            young = [row for row in children.rows if row[0] not in known]
            await insert_rows(tx, children.head, young, "ON CONFLICT DO NOTHING")

    @abstractmethod
    async def _record_move(self, move: Move) -> bool:
        """:attr:`Move.update` then, when it matched, the move's log entries, as one transaction in
        as few round trips as the backend allows; False (nothing written) when the step was stale."""

    async def actions(self, game_id: int, *, offset: int = 0, limit: int = -1) -> list[ActionRecord]:
        rows = await self._all(ACTIONS_PAGE, (game_id, NO_LIMIT if limit < 0 else limit, offset))
        return [ActionRecord(*r) for r in rows]

    async def actions_from(self, game_id: int, step: int) -> list[ActionRecord]:
        """The log from ``step`` on (an index seek, where ``actions(offset=step)`` counts rows)."""
        return [ActionRecord(*r) for r in await self._all(ACTIONS_FROM, (game_id, step))]

    async def actions_since(self, game_id: int, since: Since) -> list[ActionRecord]:
        """The log a digest reads (:class:`Since`)."""
        return [ActionRecord(*r) for r in await self._all(*since.query(game_id))]

    async def resigned_seats(self, game_id: int, notation: str) -> set[int]:
        """The seats whose log holds ``notation`` (the resignation notation the session uses)."""
        rows = await self._all(
            "SELECT DISTINCT seat FROM actions WHERE game_id = ? AND notation = ?", (game_id, notation)
        )
        return {int(r[0]) for r in rows}

    async def count_actions(self, game_id: int) -> int:
        row = await self._one("SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,))
        return int(row[0]) if row else 0

    # ------------------------------------------------------------------ users

    async def remember_name(self, user_id: int, name: str) -> None:
        """Keep the display name last seen for a user (boards show names after a restart)."""
        async with self._transaction() as tx:
            await tx.run(
                "INSERT INTO users (user_id, name) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
                (user_id, name),
            )

    async def names(self, user_ids: Iterable[int]) -> dict[int, str]:
        ids = tuple(set(user_ids))
        if not ids:
            return {}
        rows = await self._all(
            f"SELECT user_id, name FROM users WHERE user_id IN ({marks(len(ids))}) AND name IS NOT NULL", ids
        )
        return {int(r[0]): str(r[1]) for r in rows}

    async def prefs(self, user_id: int) -> UserPrefs:
        row = await self._one(
            "SELECT user_id, dm_on_turn, dm_closed, dm_failed, dm_failed_at FROM users WHERE user_id = ?",
            (user_id,),
        )
        if row is None:
            return UserPrefs(user_id)
        return UserPrefs(row[0], bool(row[1]), bool(row[2]), row[3], row[4])

    async def dm_failed(self, user_id: int, failure: int | None, now: float) -> None:
        """Remember how the last DM to ``user_id`` failed (Discord's code, or the HTTP status of
        a server error), or that it went through (None)."""
        async with self._transaction() as tx:
            await tx.run(
                "INSERT INTO users (user_id, dm_failed, dm_failed_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_failed = excluded.dm_failed, "
                "dm_failed_at = excluded.dm_failed_at",
                (user_id, failure, None if failure is None else now),
            )

    async def set_prefs(self, prefs: UserPrefs) -> None:
        async with self._transaction() as tx:
            await tx.run(
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
        async with self._transaction() as tx:
            await tx.run(
                "INSERT INTO users (user_id, auto_play) VALUES (?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET auto_play = excluded.auto_play",
                (user_id, int(on)),
            )
