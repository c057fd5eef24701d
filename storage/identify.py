"""Discord's identify windows, shared by every process of the bot (migration 13).

Discord lets a bot's shards identify in buckets (``shard_id % max_concurrency``), one identify per
bucket every 5 seconds, and answers another with Invalid Session. A process about to identify a
shard takes its bucket's window here (:meth:`IdentifyWindows.take`): one upsert, taken only when
the window before it has ended, so of several processes exactly one identifies in a bucket at a
time. A window is never released: it ends on its own, so a process that dies holding one blocks
nobody past it. Times are the processes' clocks (hosts kept in time, as for the scheduler's leases).
"""

from __future__ import annotations

from storage.store import Store


class IdentifyWindows:
    """The identify windows, over ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def take(self, bucket: int, holder: str, now: float, seconds: float) -> tuple[str, float] | None:
        """Take ``bucket``'s window for ``holder`` from ``now`` for ``seconds``: None when taken,
        else who holds it and when its window ends."""
        async with self.store._transaction() as tx:
            taken = await tx.one(
                "INSERT INTO identify_windows (bucket, holder, until) VALUES (?, ?, ?) "
                "ON CONFLICT (bucket) DO UPDATE SET holder = excluded.holder, until = excluded.until "
                "WHERE identify_windows.until <= ? RETURNING bucket",
                (bucket, holder, now + seconds, now),
            )
            if taken is not None:
                return None
            row = await tx.one("SELECT holder, until FROM identify_windows WHERE bucket = ?", (bucket,))
        return (str(row[0]), float(row[1])) if row else (holder, now)
