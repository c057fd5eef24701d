"""Reminders, deadlines, pauses and vacations: the scheduler's persistence (migration 3).

Domain-shaped methods over the same SQLite store (:class:`storage.store.Store`): the scheduler in
the package ``bot/core/scheduler/`` holds the rules; this module only reads and writes rows.

* ``clocks``: one row per game with its settings (reminder interval, deadline, stall threshold)
  and pause state (``paused_at``, reason, pause votes, stall votes).
* ``waits``: one row per awaited seat. ``due_at`` is the earliest of the next reminder and the
  deadline (NULL while paused or when nothing is planned), indexed, so the scheduler finds its
  work with one query however many games are stored.
* ``users``: time zone, quiet hours and vacation next to the notification preferences.
* ``meta``: the scheduler's heartbeat (the last tick), to measure downtime.
* ``vacation_notices`` (migration 10): when each game's table was last told of a player's
  vacation (:meth:`ClockStore.claim_vacation_notice`).

Several bot processes on one database (PostgreSQL) share the due work through leases
(migration 4): :meth:`ClockStore.claim_due` leases games with due waits to one owner for a while
(``clocks.lease_owner``, ``clocks.lease_until``; ``FOR UPDATE SKIP LOCKED`` on PostgreSQL, one
``BEGIN IMMEDIATE`` transaction on SQLite), :meth:`ClockStore.release` gives them back when the
work is done, and a lease whose owner died is free again once its time has passed. The lease is
per game, not per wait, because the scheduler handles all of a game's due waits together.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from storage.sql import Inserts, Tx, marks
from storage.store import Store
from util.records import frozen

DEFAULT_REMIND_EVERY = 24 * 3600.0
DEFAULT_STALL_AFTER = 3


@frozen
class ClockSettings:
    game_id: int
    remind_every: float = DEFAULT_REMIND_EVERY
    deadline: float | None = None
    stall_after: int = DEFAULT_STALL_AFTER
    paused_at: float | None = None
    pause_reason: str | None = None
    pause_votes: frozenset[int] = frozenset()
    stall_votes: tuple[tuple[int, str], ...] = ()  # (user, choice), sorted

    @property
    def paused(self) -> bool:
        return self.paused_at is not None


@frozen
class Wait:
    """One awaited seat. Times are seconds since the epoch."""

    game_id: int
    seat: int
    step: int  # the game's step when the wait began
    since: float  # when its clock started (later than the move during a vacation or a pause)
    shared: bool = False  # other players were awaited at the same time (a simultaneous phase)
    remind_at: float | None = None  # next reminder (or the stall notice); None: no more
    deadline_at: float | None = None
    reminders: int = 0
    reminded_at: float | None = None
    snoozed: bool = False
    stalled: bool = False
    due_at: float | None = None

    def with_due(self, paused: bool) -> Wait:
        """The same wait with ``due_at`` recomputed (the earliest planned time, None if paused)."""
        times = [t for t in (None if self.snoozed else self.remind_at, self.deadline_at) if t is not None]
        due = None if paused or not times else min(times)
        # built directly: dataclasses.replace cost a fifth of a first pass over many games
        w = self
        return Wait(
            w.game_id, w.seat, w.step, w.since, w.shared, w.remind_at, w.deadline_at,
            w.reminders, w.reminded_at, w.snoozed, w.stalled, due,
        )  # fmt: skip


class Unclocked(NamedTuple):
    """An active game the scheduler has never seen, as :meth:`ClockStore.unclocked_games` reads
    it. A tuple: a first pass sends pages of them to worker processes, and a tuple pickles
    faster than a dataclass."""

    id: int
    game: str
    step: int
    state: str | None  # the snapshot as stored (JSON text)
    users: tuple[int, ...]  # the user id of each seat, by seat
    computers: frozenset[int]  # the seats a computer plays


@frozen
class UserClock:
    user_id: int
    time_zone: str | None = None
    quiet_from: int | None = None  # minutes after local midnight
    quiet_to: int | None = None
    vacation_until: float | None = None


#: The columns an adopted game's clock row is given (the others keep their defaults).
_ADOPTED_CLOCK_COLUMNS = ("game_id", "remind_every", "deadline", "stall_after", "paused_at", "pause_reason")
_WAIT_COLUMNS = (
    "game_id, seat, step, since, shared, remind_at, deadline_at, reminders, reminded_at, snoozed, "
    "stalled, due_at"
)


class AdoptionRows(NamedTuple):
    """New games' clock rows and waits as the store writes them (:meth:`ClockStore.adopt_rows`).
    Plain tuples: a first pass makes them in worker processes, and tuples cross to the bot's
    process several times faster than the dataclasses."""

    clocks: list[tuple[Any, ...]]
    waits: list[tuple[Any, ...]]


def adoption_rows(settings: Iterable[ClockSettings], waits: Iterable[Wait]) -> AdoptionRows:
    """The rows :meth:`ClockStore.adopt_rows` writes for ``settings`` and ``waits``."""
    return AdoptionRows(
        [
            (s.game_id, s.remind_every, s.deadline, s.stall_after, s.paused_at, s.pause_reason)
            for s in settings
        ],
        [_wait_params(w) for w in waits],
    )


def _wait(row: Sequence[Any]) -> Wait:
    (gid, seat, step, since, shared, remind, deadline, n, reminded, snoozed, stalled, due) = row
    return Wait(
        gid, seat, step, since, bool(shared), remind, deadline, n, reminded, bool(snoozed), bool(stalled), due
    )


def _wait_params(w: Wait) -> tuple[Any, ...]:
    return (
        w.game_id,
        w.seat,
        w.step,
        w.since,
        int(w.shared),
        w.remind_at,
        w.deadline_at,
        w.reminders,
        w.reminded_at,
        int(w.snoozed),
        int(w.stalled),
        w.due_at,
    )


class ClockStore:
    """The scheduler's rows, on an open :class:`Store` of either backend (its connections and transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ per game

    async def settings(self, game_id: int) -> ClockSettings:
        """The game's clock settings (the defaults when it has no clock row yet)."""
        return await self.stored_settings(game_id) or ClockSettings(game_id)

    async def stored_settings(self, game_id: int) -> ClockSettings | None:
        """The game's clock row, or None when it has none (one query either way)."""
        row = await self.store._one(
            "SELECT remind_every, deadline, stall_after, paused_at, pause_reason, pause_votes, stall_votes "
            "FROM clocks WHERE game_id = ?",
            (game_id,),
        )
        if row is None:
            return None
        every, deadline, stall_after, paused_at, reason, pause_votes, stall_votes = row
        votes = json.loads(stall_votes or "{}")
        return ClockSettings(
            game_id,
            every,
            deadline,
            stall_after,
            paused_at,
            reason,
            frozenset(int(u) for u in json.loads(pause_votes or "[]")),
            tuple(sorted((int(u), str(c)) for u, c in votes.items())),
        )

    async def claim_vacation_notice(self, game_id: int, user_id: int, *, now: float, quiet: float) -> bool:
        """Whether the game's table may be told of the user's vacation now: not told in the last
        ``quiet`` seconds. Marks it told ``now`` in the same statement (one of two processes wins)."""
        async with self.store._transaction() as tx:
            row = await tx.one(
                "INSERT INTO vacation_notices (game_id, user_id, noticed_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET noticed_at = excluded.noticed_at "
                "WHERE vacation_notices.noticed_at <= ? RETURNING game_id",
                (game_id, user_id, now, now - quiet),
            )
        return row is not None

    async def save_settings(self, s: ClockSettings) -> None:
        async with self.store._transaction() as tx:
            await tx.run(
                "INSERT INTO clocks (game_id, remind_every, deadline, stall_after, paused_at, pause_reason, "
                "pause_votes, stall_votes) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
                "remind_every = excluded.remind_every, deadline = excluded.deadline, "
                "stall_after = excluded.stall_after, paused_at = excluded.paused_at, "
                "pause_reason = excluded.pause_reason, pause_votes = excluded.pause_votes, "
                "stall_votes = excluded.stall_votes",
                (
                    s.game_id,
                    s.remind_every,
                    s.deadline,
                    s.stall_after,
                    s.paused_at,
                    s.pause_reason,
                    json.dumps(sorted(s.pause_votes)),
                    json.dumps({str(u): c for u, c in s.stall_votes}),
                ),
            )

    async def paused_for(self, reason: str, guild_id: int | None = None) -> list[tuple[int, int | None, int]]:
        """(game, server, channel) of each active game paused for ``reason`` (in ``guild_id``'s
        server only, if given), oldest game first."""
        server = "" if guild_id is None else " AND g.guild_id = ?"
        rows = await self.store._all(
            "SELECT g.id, g.guild_id, g.channel_id FROM clocks c JOIN games g ON g.id = c.game_id "
            f"WHERE c.pause_reason = ? AND c.paused_at IS NOT NULL AND g.status = 'active'{server} ORDER BY g.id",
            (reason,) if guild_id is None else (reason, guild_id),
        )
        return [(int(r[0]), None if r[1] is None else int(r[1]), int(r[2])) for r in rows]

    async def end_pause(self, game_id: int, reason: str) -> bool:
        """Take the game out of its pause for ``reason`` in one statement; False when it is not
        paused for it (any more: another process, or a player, resumed it first)."""
        return bool(
            await self.store._write(
                "UPDATE clocks SET paused_at = NULL, pause_reason = NULL, pause_votes = '[]' "
                "WHERE game_id = ? AND pause_reason = ? AND paused_at IS NOT NULL",
                (game_id, reason),
            )
        )

    async def has_settings(self, game_id: int) -> bool:
        return await self.store._one("SELECT 1 FROM clocks WHERE game_id = ?", (game_id,)) is not None

    # ------------------------------------------------------------------ waits

    async def waits(self, game_id: int) -> list[Wait]:
        rows = await self.store._all(
            f"SELECT {_WAIT_COLUMNS} FROM waits WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [_wait(r) for r in rows]

    async def set_waits(self, game_id: int, waits: Iterable[Wait], *, step: int | None = None) -> bool:
        """Replace every wait of ``game_id`` (one transaction); returns whether it did.

        With ``step`` (the step the caller computed the waits for) the write happens only while
        the game is still at that step: the transaction reads the game's row with a row lock
        (PostgreSQL; SQLite's writer lock does the same), so a move committed by another process
        meanwhile makes this stale write a no-op instead of overwriting the waits that move set.
        """
        rows = [_wait_params(w) for w in waits]
        async with self.store._transaction() as tx:
            if step is not None:
                row = await tx.one(
                    f"SELECT step FROM games WHERE id = ?{self.store._lock_clause}", (game_id,)
                )
                if row is None or int(row[0]) != step:
                    return False
            await tx.run("DELETE FROM waits WHERE game_id = ?", (game_id,))
            if rows:
                await tx.many(f"INSERT INTO waits ({_WAIT_COLUMNS}) VALUES ({marks(12)})", rows)
        return True

    async def due(self, now: float, *, limit: int = 200) -> list[tuple[int, int]]:
        """(game, seat) of the waits due at ``now``, earliest first: one query on ``waits_due``."""
        rows = await self.store._all(
            "SELECT game_id, seat FROM waits WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at LIMIT ?",
            (now, limit),
        )
        return [(int(g), int(s)) for g, s in rows]

    async def next_due(self) -> float | None:
        """The earliest ``due_at`` (the index's first entry)."""
        row = await self.store._one("SELECT MIN(due_at) FROM waits WHERE due_at IS NOT NULL")
        return float(row[0]) if row and row[0] is not None else None

    async def waits_of_user(self, user_id: int) -> list[Wait]:
        rows = await self.store._all(
            f"SELECT {', '.join('w.' + c.strip() for c in _WAIT_COLUMNS.split(','))} FROM waits w "
            "JOIN seats s ON s.game_id = w.game_id AND s.seat = w.seat WHERE s.user_id = ? ORDER BY w.game_id",
            (user_id,),
        )
        return [_wait(r) for r in rows]

    async def active_games_without_clock(self) -> list[int]:
        """Active games the scheduler has never seen (started before migration 3, or a lost hook)."""
        rows = await self.store._all(
            "SELECT id FROM games WHERE status = 'active' AND id NOT IN (SELECT game_id FROM clocks)"
        )
        return [int(r[0]) for r in rows]

    # ------------------------------------------------------------------ adoption in batches

    async def unclocked_games(self, *, after: int = 0, limit: int = 1000) -> list[Unclocked]:
        """Active games without a clock row and with an id above ``after``, by id, with their seats.

        Read in pages (:meth:`Store._unclocked_page`: one query on PostgreSQL, two on SQLite),
        so a first pass over many games (an upgrade) reads them in pages; only the columns
        adoption needs, the snapshot as stored (decoding it is the caller's work, see
        :mod:`bot.core.adoption`).
        """
        return [
            Unclocked(int(gid), game, int(step), state, tuple(users), frozenset(computers))
            for gid, game, step, state, users, computers in await self.store._unclocked_page(after, limit)
        ]

    async def adopt(self, settings: Iterable[ClockSettings], waits: Iterable[Wait]) -> None:
        """Insert clock rows and waits for many games at once: :meth:`adopt_rows` of them."""
        await self.adopt_rows(adoption_rows(settings, waits))

    async def adopt_rows(self, rows: AdoptionRows) -> None:
        """Insert what :func:`adoption_rows` made (:meth:`Store._insert_new`: one transaction;
        one statement on PostgreSQL).

        A game that got its clock meanwhile (another process adopting it, or a move: the
        scheduler writes a moved game's clock row before its waits) keeps what it has, its waits
        included.
        """
        await self.store._insert_new(
            Inserts("clocks", _ADOPTED_CLOCK_COLUMNS, rows.clocks),
            Inserts("waits", tuple(_WAIT_COLUMNS.split(", ")), rows.waits),
        )

    # ------------------------------------------------------------------ claims (several processes)

    async def claim_due(self, owner: str, now: float, lease_seconds: float, limit: int) -> list[int]:
        """Lease to ``owner`` up to ``limit`` games with a wait due at ``now``, earliest first.

        A game is claimable when nobody holds it or its lease has expired (its owner died or
        stalled). The lease lasts ``lease_seconds``; give it back with :meth:`release` when the
        work is done. Two owners never hold one game at once: the candidates are locked while
        leased (``FOR UPDATE SKIP LOCKED`` on PostgreSQL skips what another claim holds; SQLite
        claims under its single writer).
        """
        until = now + lease_seconds
        async with self.store._transaction() as tx:
            # a wait whose game never got a clock row (the lease lives on that row)
            await tx.run(
                "INSERT INTO clocks (game_id) SELECT DISTINCT w.game_id FROM waits w "
                "WHERE w.due_at IS NOT NULL AND w.due_at <= ? "
                "AND NOT EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = w.game_id) "
                "ON CONFLICT (game_id) DO NOTHING",
                (now,),
            )
            rows = await tx.all(
                "SELECT c.game_id FROM clocks c JOIN (SELECT game_id, MIN(due_at) AS first FROM waits "
                "WHERE due_at IS NOT NULL AND due_at <= ? GROUP BY game_id) d ON d.game_id = c.game_id "
                "WHERE c.lease_until IS NULL OR c.lease_until <= ? ORDER BY d.first, c.game_id LIMIT ?"
                + self.store._skip_locked_clause,
                (now, now, limit),
            )
            game_ids = [int(r[0]) for r in rows]
            if game_ids:
                await tx.run(
                    f"UPDATE clocks SET lease_owner = ?, lease_until = ? WHERE game_id IN ({marks(len(game_ids))})",
                    (owner, until, *game_ids),
                )
        return game_ids

    async def release(self, owner: str, game_ids: Iterable[int]) -> int:
        """Give back ``owner``'s leases on ``game_ids`` (the work is done); returns how many."""
        ids = tuple(game_ids)
        if not ids:
            return 0
        async with self.store._transaction() as tx:
            return await tx.run(
                "UPDATE clocks SET lease_owner = NULL, lease_until = NULL "
                f"WHERE lease_owner = ? AND game_id IN ({marks(len(ids))})",
                (owner, *ids),
            )

    async def lease(self, game_id: int) -> tuple[str, float] | None:
        """Who holds ``game_id``'s lease and until when (None when nobody does)."""
        row = await self.store._one(
            "SELECT lease_owner, lease_until FROM clocks WHERE game_id = ? AND lease_owner IS NOT NULL",
            (game_id,),
        )
        return (str(row[0]), float(row[1])) if row else None

    async def extend_deadlines(self, seconds: float) -> None:
        """Push every unpaused deadline back by ``seconds`` (after the bot was down)."""
        async with self.store._transaction() as tx:
            await _extend_deadlines(tx, seconds)

    # ------------------------------------------------------------------ users

    async def user_clock(self, user_id: int) -> UserClock:
        return (await self.user_clocks([user_id]))[user_id]

    async def user_clocks(self, user_ids: Iterable[int]) -> dict[int, UserClock]:
        ids = tuple(set(user_ids))
        out = {u: UserClock(u) for u in ids}
        if not ids:
            return out
        rows = await self.store._all(
            f"SELECT user_id, time_zone, quiet_from, quiet_to, vacation_until FROM users "
            f"WHERE user_id IN ({marks(len(ids))})",
            ids,
        )
        for uid, tz, qf, qt, vacation in rows:
            out[int(uid)] = UserClock(int(uid), tz, qf, qt, vacation)
        return out

    async def vacations(self, now: float) -> dict[int, float]:
        """When each user on vacation at ``now`` comes back (one query; few users are away)."""
        rows = await self.store._all(
            "SELECT user_id, vacation_until FROM users WHERE vacation_until IS NOT NULL AND vacation_until > ?",
            (now,),
        )
        return {int(u): float(until) for u, until in rows}

    async def set_user_clock(self, c: UserClock) -> None:
        async with self.store._transaction() as tx:
            await tx.run(
                "INSERT INTO users (user_id, time_zone, quiet_from, quiet_to, vacation_until) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET time_zone = excluded.time_zone, "
                "quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, "
                "vacation_until = excluded.vacation_until",
                (c.user_id, c.time_zone, c.quiet_from, c.quiet_to, c.vacation_until),
            )

    # ------------------------------------------------------------------ heartbeat

    async def heartbeat(self, now: float) -> float | None:
        """Record a tick at ``now``; return the previous one (None on the first run)."""
        async with self.store._transaction() as tx:
            return await _beat(tx, self.store, now)

    async def resume(self, now: float, grace: float) -> float | None:
        """The first tick of a process: record it, and if the last tick of any process is more
        than ``grace`` ago (the bot was down), push every deadline back by the gap. Returns the
        last tick (None on the first run).

        One transaction holding the heartbeat row, so processes starting together forgive the
        downtime once, not once each.
        """
        async with self.store._transaction() as tx:
            last = await _beat(tx, self.store, now)
            if last is not None and now - last > grace:
                await _extend_deadlines(tx, now - last)
        return last


async def _beat(tx: Tx, store: Store, now: float) -> float | None:
    """Read the last tick (locking its row until the transaction ends) and record ``now``."""
    row = await tx.one(f"SELECT value FROM meta WHERE key = 'scheduler_tick'{store._lock_clause}")
    await tx.run(
        "INSERT INTO meta (key, value) VALUES ('scheduler_tick', ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (now,),
    )
    return float(row[0]) if row else None


async def _extend_deadlines(tx: Tx, seconds: float) -> None:
    await tx.run(
        "UPDATE waits SET deadline_at = deadline_at + ?, due_at = CASE "
        "WHEN snoozed = 0 AND remind_at IS NOT NULL AND remind_at < deadline_at + ? THEN remind_at "
        "ELSE deadline_at + ? END WHERE deadline_at IS NOT NULL AND due_at IS NOT NULL",
        (seconds, seconds, seconds),
    )
