"""People's daily digests (``daily_digests``, migration 18): when each comes and which day was sent.

The rules are :mod:`bot.core.scheduler.daily_digest`'s; this module only reads and writes rows.
Once a day across processes: :meth:`DigestStore.claim` is one conditional UPDATE of the last day
sent, so of two processes that find the same digest due, one changes the row and sends it, and
the other changes nothing and sends nothing (the same on SQLite and PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.sql import Database
from util.records import frozen

_COLUMNS = "user_id, at_minute, instead_of_dms, next_at, last_day, since"


@frozen
class DigestSetting:
    """One person's daily digest as stored."""

    user_id: int
    at_minute: int  # minutes after the person's local midnight
    instead_of_dms: bool  # it comes instead of turn DMs
    next_at: float  # when the scheduler looks at it next (UTC seconds)
    last_day: str | None  # the local day (ISO date) of the last digest sent, or counted as sent
    since: float  # the next digest tells what happened after this time

    @classmethod
    def of(cls, row: Sequence[Any]) -> DigestSetting:
        user_id, minute, instead, next_at, last_day, since = row
        return cls(int(user_id), int(minute), bool(instead), float(next_at), last_day, float(since))


class DigestStore:
    """The daily digests on an open store (either backend)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def of(self, user_id: int) -> DigestSetting | None:
        row = await self.store._one(f"SELECT {_COLUMNS} FROM daily_digests WHERE user_id = ?", (user_id,))
        return None if row is None else DigestSetting.of(row)

    async def keep(self, setting: DigestSetting) -> None:
        """Store ``setting`` as the person's (a new one, or a changed time)."""
        async with self.store._transaction() as tx:
            await tx.run(
                f"INSERT INTO daily_digests ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET at_minute = excluded.at_minute, "
                "instead_of_dms = excluded.instead_of_dms, next_at = excluded.next_at, "
                "last_day = excluded.last_day, since = excluded.since",
                (
                    setting.user_id,
                    setting.at_minute,
                    int(setting.instead_of_dms),
                    setting.next_at,
                    setting.last_day,
                    setting.since,
                ),
            )

    async def stop(self, user_id: int) -> None:
        """No more digests for the person."""
        await self.store._write("DELETE FROM daily_digests WHERE user_id = ?", (user_id,))

    async def due(self, now: float, limit: int) -> list[DigestSetting]:
        """The digests to look at ``now``, earliest first (one query on ``daily_digests_due``)."""
        rows = await self.store._all(
            f"SELECT {_COLUMNS} FROM daily_digests WHERE next_at <= ? ORDER BY next_at LIMIT ?", (now, limit)
        )
        return [DigestSetting.of(r) for r in rows]

    async def next_at(self) -> float | None:
        """When the earliest digest is to be looked at."""
        row = await self.store._one("SELECT MIN(next_at) FROM daily_digests")
        return float(row[0]) if row and row[0] is not None else None

    async def hold(self, user_id: int, until: float) -> None:
        """Look at the person's digest again at ``until`` (it is not due, or held back)."""
        await self.store._write("UPDATE daily_digests SET next_at = ? WHERE user_id = ?", (until, user_id))

    async def claim(self, user_id: int, day: str, *, now: float, next_at: float) -> bool:
        """Whether this process sends the person's digest of ``day``: the day is recorded as sent
        in the same statement, only when no digest of ``day`` (or a later day) was, so of several
        processes exactly one is told True."""
        changed = await self.store._write(
            "UPDATE daily_digests SET last_day = ?, since = ?, next_at = ? "
            "WHERE user_id = ? AND (last_day IS NULL OR last_day < ?)",
            (day, now, next_at, user_id, day),
        )
        return changed > 0

    async def instead_of_dms(self, user_id: int) -> bool:
        """Whether the person takes the digest instead of turn DMs."""
        row = await self.store._one("SELECT instead_of_dms FROM daily_digests WHERE user_id = ?", (user_id,))
        return row is not None and bool(row[0])
