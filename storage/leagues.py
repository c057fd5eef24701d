"""Leagues: persistence (migration 17). What a league means is decided in ``bot/core/leagues/``.

* ``leagues``: one row per league: its game, format, seats, rounds and clocks, its status and its
  current round. A round begins by a conditional update of ``round`` (:meth:`LeagueStore.begin_round`),
  so of several processes one begins it, and its tables and byes are written in that transaction.
* ``league_players``: who signed up (the primary key makes a second sign-up nothing), in order.
* ``league_tables``: each round's tables: players in seat order, computer seats, the game once
  opened (set once: :meth:`LeagueStore.attach_game`) and the half-points once scored (set once:
  :meth:`LeagueStore.score_table`).
* ``league_byes``: who sat a round out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from storage.sql import Database, Row
from util.records import frozen

#: A league's statuses: members sign up, then rounds run, then it is over (or was cancelled).
SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"

_LEAGUE_COLUMNS = (
    "id, guild_id, channel_id, game, options, format, seats, rounds, round_seconds, move_seconds, "
    "leftover, status, host_id, round, round_ends, starts_at, created_at"
)


@frozen
class LeagueRecord:
    id: int
    guild_id: int
    channel_id: int
    game: str
    options: dict[str, object]
    format: str  # "swiss" | "round robin"
    seats: int
    rounds: int
    round_seconds: float
    move_seconds: float | None  # the per-move deadline of its tables (None: the server's)
    leftover: str  # "bye" | "computer"
    status: str
    host_id: int
    round: int  # the round under way (0: none yet)
    round_ends: float | None
    starts_at: float | None  # when sign-up closes by itself (None: when the host starts it)
    created_at: float


@frozen
class LeaguePlayer:
    user_id: int
    joined: float
    withdrawn: bool


@frozen
class LeagueTable:
    league_id: int
    round: int
    number: int
    players: tuple[int, ...]
    computers: int
    game_id: int | None
    #: Each player's half-points once the table is scored (None: not yet).
    halves: tuple[int, ...] | None


@frozen
class NewLeague:
    """What opening a league stores."""

    guild_id: int
    channel_id: int
    game: str
    options: dict[str, object]
    format: str
    seats: int
    rounds: int
    round_seconds: float
    move_seconds: float | None
    leftover: str
    host_id: int
    starts_at: float | None


def _league(row: Row) -> LeagueRecord:
    (id_, guild, channel, game, options, format_, seats, rounds, round_s, move_s, leftover, status,
     host, round_, ends, starts, created) = row  # fmt: skip
    return LeagueRecord(
        int(id_), int(guild), int(channel), str(game), json.loads(options), str(format_), int(seats),
        int(rounds), float(round_s), None if move_s is None else float(move_s), str(leftover),
        str(status), int(host), int(round_), None if ends is None else float(ends),
        None if starts is None else float(starts), float(created),
    )  # fmt: skip


def _table(row: Row) -> LeagueTable:
    league, round_, number, players, computers, game_id, halves = row
    return LeagueTable(
        int(league),
        int(round_),
        int(number),
        tuple(json.loads(players)),
        int(computers),
        None if game_id is None else int(game_id),
        None if halves is None else tuple(json.loads(halves)),
    )


_TABLE_COLUMNS = "league_id, round, number, players, computers, game_id, halves"


class LeagueStore:
    """Leagues on an open store (same connections and lock)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def open(self, league: NewLeague, now: float, *, per_server: int) -> int | None:
        """Store a new league and return its id, or None when the server already runs
        ``per_server`` leagues (signing up or running): counted in the same transaction."""
        async with self.store._transaction() as tx:
            running = await tx.one(
                "SELECT COUNT(*) FROM leagues WHERE guild_id = ? AND status IN (?, ?)",
                (league.guild_id, SIGNUP, RUNNING),
            )
            if running is not None and int(running[0]) >= per_server:
                return None
            row = await tx.one(
                "INSERT INTO leagues (guild_id, channel_id, game, options, format, seats, rounds, "
                "round_seconds, move_seconds, leftover, status, host_id, round, starts_at, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?) RETURNING id",
                (
                    league.guild_id, league.channel_id, league.game, json.dumps(league.options),
                    league.format, league.seats, league.rounds, league.round_seconds,
                    league.move_seconds, league.leftover, SIGNUP, league.host_id, league.starts_at, now,
                ),
            )  # fmt: skip
        assert row is not None
        return int(row[0])

    async def league(self, league_id: int) -> LeagueRecord | None:
        row = await self.store._one(f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE id = ?", (league_id,))
        return None if row is None else _league(row)

    async def in_server(
        self, guild_id: int, statuses: Sequence[str] = (SIGNUP, RUNNING)
    ) -> list[LeagueRecord]:
        """The server's leagues with one of ``statuses``, oldest first."""
        rows = await self.store._all(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE guild_id = ? "
            f"AND status IN ({', '.join('?' * len(statuses))}) ORDER BY id",
            (guild_id, *statuses),
        )
        return [_league(r) for r in rows]

    async def due(self, now: float) -> list[LeagueRecord]:
        """Leagues with work due: a sign-up that closes by itself now, or a round whose time is up."""
        rows = await self.store._all(
            f"SELECT {_LEAGUE_COLUMNS} FROM leagues WHERE (status = ? AND starts_at <= ?) "
            "OR (status = ? AND round_ends <= ?) ORDER BY id",
            (SIGNUP, now, RUNNING, now),
        )
        return [_league(r) for r in rows]

    async def sign_up(self, league_id: int, user_id: int, now: float, *, per_member: int) -> str:
        """Sign ``user_id`` up: ``"joined"``, ``"already"`` (signed up before: nothing changes),
        ``"closed"`` (the league is past sign-up) or ``"limit"`` (they are in ``per_member``
        leagues that have not finished), decided in one transaction."""
        async with self.store._transaction() as tx:
            status = await tx.one(
                f"SELECT status FROM leagues WHERE id = ?{self.store._lock_clause}", (league_id,)
            )
            if status is None or status[0] != SIGNUP:
                return "closed"
            if await tx.one(
                "SELECT 1 FROM league_players WHERE league_id = ? AND user_id = ?", (league_id, user_id)
            ):
                return "already"
            held = await tx.one(
                "SELECT COUNT(*) FROM league_players p JOIN leagues l ON l.id = p.league_id "
                "WHERE p.user_id = ? AND NOT p.withdrawn AND l.status IN (?, ?)",
                (user_id, SIGNUP, RUNNING),
            )
            if held is not None and int(held[0]) >= per_member:
                return "limit"
            changed = await tx.run(
                "INSERT INTO league_players (league_id, user_id, joined, withdrawn) VALUES (?, ?, ?, FALSE) "
                "ON CONFLICT (league_id, user_id) DO NOTHING",
                (league_id, user_id, now),
            )
        return "joined" if changed else "already"

    async def withdraw(self, league_id: int, user_id: int) -> bool:
        """Withdraw ``user_id`` from the league's later rounds (False: not in it, or already out).
        Before the league starts, withdrawing removes the sign-up."""
        async with self.store._transaction() as tx:
            status = await tx.one(
                f"SELECT status FROM leagues WHERE id = ?{self.store._lock_clause}", (league_id,)
            )
            if status is None:
                return False
            if status[0] == SIGNUP:
                sql = "DELETE FROM league_players WHERE league_id = ? AND user_id = ?"
            else:
                sql = "UPDATE league_players SET withdrawn = TRUE WHERE league_id = ? AND user_id = ? AND NOT withdrawn"
            return bool(await tx.run(sql, (league_id, user_id)))

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """Everyone signed up, in the order they signed up."""
        rows = await self.store._all(
            "SELECT user_id, joined, withdrawn FROM league_players WHERE league_id = ? ORDER BY joined, user_id",
            (league_id,),
        )
        return [LeaguePlayer(int(u), float(j), bool(w)) for u, j, w in rows]

    async def begin_round(
        self,
        league_id: int,
        after: int,
        ends: float,
        tables: Sequence[tuple[Sequence[int], int]],
        byes: Sequence[int],
        *,
        rounds: int | None = None,
    ) -> bool:
        """Begin round ``after + 1`` with ``tables`` (players in seat order, computer seats) and
        ``byes``, ending at ``ends`` (and the league's number of ``rounds`` set, when given):
        True for the one caller whose update found the league still at round ``after`` (signing
        up, or running), False for any other (it began elsewhere)."""
        async with self.store._transaction() as tx:
            begun = await tx.run(
                "UPDATE leagues SET round = ?, round_ends = ?, status = ?, rounds = COALESCE(?, rounds) "
                "WHERE id = ? AND round = ? AND status IN (?, ?)",
                (after + 1, ends, RUNNING, rounds, league_id, after, SIGNUP, RUNNING),
            )
            if not begun:
                return False
            for number, (players, computers) in enumerate(tables):
                await tx.run(
                    "INSERT INTO league_tables (league_id, round, number, players, computers) VALUES (?, ?, ?, ?, ?)",
                    (league_id, after + 1, number, json.dumps(list(players)), computers),
                )
            for user in byes:
                await tx.run(
                    "INSERT INTO league_byes (league_id, round, user_id) VALUES (?, ?, ?)",
                    (league_id, after + 1, user),
                )
        return True

    async def tables(self, league_id: int, round_: int | None = None) -> list[LeagueTable]:
        """The league's tables (of one round, or all), by round and number."""
        where, params = ("AND round = ?", (league_id, round_)) if round_ is not None else ("", (league_id,))
        rows = await self.store._all(
            f"SELECT {_TABLE_COLUMNS} FROM league_tables WHERE league_id = ? {where} ORDER BY round, number",
            params,
        )
        return [_table(r) for r in rows]

    async def byes(self, league_id: int) -> list[tuple[int, int]]:
        """Every bye so far: (round, user), by round."""
        rows = await self.store._all(
            "SELECT round, user_id FROM league_byes WHERE league_id = ? ORDER BY round, user_id", (league_id,)
        )
        return [(int(r), int(u)) for r, u in rows]

    async def attach_game(self, league_id: int, round_: int, number: int, game_id: int) -> bool:
        """The table was opened as ``game_id``: True the first time, False when it had a game."""
        return bool(
            await self.store._write(
                "UPDATE league_tables SET game_id = ? WHERE league_id = ? AND round = ? AND number = ? "
                "AND game_id IS NULL",
                (game_id, league_id, round_, number),
            )
        )

    async def table_of_game(self, game_id: int) -> LeagueTable | None:
        row = await self.store._one(
            f"SELECT {_TABLE_COLUMNS} FROM league_tables WHERE game_id = ?", (game_id,)
        )
        return None if row is None else _table(row)

    async def ended_tables(self) -> list[tuple[LeagueTable, str]]:
        """The unscored tables of running leagues whose game is over, with how it ended
        (``finished`` or ``abandoned``): the sweep that scores what a missed hook left."""
        rows = await self.store._all(
            f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS.split(', '))}, g.status FROM league_tables t "
            "JOIN leagues l ON l.id = t.league_id JOIN games g ON g.id = t.game_id "
            "WHERE l.status = ? AND t.halves IS NULL AND g.status IN ('finished', 'abandoned') "
            "ORDER BY t.league_id, t.round, t.number",
            (RUNNING,),
        )
        return [(_table(r[:-1]), str(r[-1])) for r in rows]

    async def unopened(self, now: float, grace: float) -> list[LeagueTable]:
        """The current round's tables still without a game ``grace`` seconds after the round
        began (their opener failed or stopped): any process may open them now."""
        rows = await self.store._all(
            f"SELECT {', '.join('t.' + c for c in _TABLE_COLUMNS.split(', '))} FROM league_tables t "
            "JOIN leagues l ON l.id = t.league_id "
            "WHERE l.status = ? AND t.round = l.round AND t.game_id IS NULL "
            "AND l.round_ends - l.round_seconds + ? <= ? ORDER BY t.league_id, t.number",
            (RUNNING, grace, now),
        )
        return [_table(r) for r in rows]

    async def score_table(self, league_id: int, round_: int, number: int, halves: Sequence[int]) -> bool:
        """Score the table: True the first time, False when it was scored already (elsewhere)."""
        return bool(
            await self.store._write(
                "UPDATE league_tables SET halves = ? WHERE league_id = ? AND round = ? AND number = ? "
                "AND halves IS NULL",
                (json.dumps(list(halves)), league_id, round_, number),
            )
        )

    async def finish(self, league_id: int, status: str = FINISHED) -> bool:
        """End the league (finished, or cancelled): True for the caller that ended it."""
        return bool(
            await self.store._write(
                "UPDATE leagues SET status = ?, round_ends = NULL WHERE id = ? AND status IN (?, ?)",
                (status, league_id, SIGNUP, RUNNING),
            )
        )
