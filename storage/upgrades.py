"""The record of the one-off upgrade steps (migration 15): which are done, and who runs one now.

A step is claimed before it runs (:meth:`UpgradeRecord.claim`: one upsert, taken only when
nobody holds the step or its claim has run out, and never once it is done), so of several
processes starting at once exactly one runs it; the others leave it to that one. A claim is
never renewed: it must outlast the step, and a process that dies holding one delays the step
until it runs out. Times are the processes' clocks (hosts kept in time, as for the scheduler's
leases). What the steps are is the bot's business (:mod:`bot.core.upgrades`).
"""

from __future__ import annotations

from collections.abc import Callable

from storage.store import Store


class UpgradeRecord:
    """The upgrade steps done and claimed, over ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def done(self) -> set[str]:
        """The names of the steps done (one query)."""
        rows = await self.store._all("SELECT name FROM upgrades WHERE done_at IS NOT NULL")
        return {str(r[0]) for r in rows}

    async def claim(self, name: str, holder: str, now: float, seconds: float) -> bool:
        """Claim the step ``name`` for ``holder`` from ``now`` for ``seconds``: False when it is
        done or another holder's claim is still running."""
        async with self.store._transaction() as tx:
            taken = await tx.one(
                "INSERT INTO upgrades (name, holder, until) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until "
                "WHERE upgrades.done_at IS NULL AND (upgrades.until IS NULL OR upgrades.until <= ?) "
                "RETURNING name",
                (name, holder, now + seconds, now),
            )
        return taken is not None

    async def holder(self, name: str) -> str | None:
        """Who holds the claim on the step ``name`` (None: nobody, or it is done)."""
        row = await self.store._one("SELECT holder FROM upgrades WHERE name = ? AND done_at IS NULL", (name,))
        return None if row is None or row[0] is None else str(row[0])

    async def finish(self, name: str, now: float) -> None:
        """Record the step ``name`` done (a step that recorded itself stays as it was)."""
        async with self.store._transaction() as tx:
            await tx.run(
                "UPDATE upgrades SET done_at = ?, holder = NULL, until = NULL WHERE name = ? AND done_at IS NULL",
                (now, name),
            )

    async def release(self, name: str, holder: str) -> None:
        """Give back ``holder``'s claim on the step ``name`` (it failed): the next start tries again."""
        async with self.store._transaction() as tx:
            await tx.run(
                "UPDATE upgrades SET holder = NULL, until = NULL WHERE name = ? AND holder = ? AND done_at IS NULL",
                (name, holder),
            )

    async def rewrite_names(self, name: str, now: float, rewrite: Callable[[str], str | None]) -> int | None:
        """Give every remembered name through ``rewrite`` (None forgets it) and record the step
        ``name`` done, in one transaction: a rewrite that is not safe to repeat happens once,
        even when its process dies before :meth:`finish`. Returns the names changed, None when
        the step was done before."""
        async with self.store._transaction() as tx:
            if not await tx.run(
                "INSERT INTO upgrades (name, done_at) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET done_at = excluded.done_at, holder = NULL, until = NULL "
                "WHERE upgrades.done_at IS NULL",
                (name, now),
            ):
                return None
            rows = await tx.all("SELECT user_id, name FROM users WHERE name IS NOT NULL")
            changed = [(new, user) for user, old in rows if (new := rewrite(str(old))) != old]
            await tx.many("UPDATE users SET name = ? WHERE user_id = ?", changed)
            return len(changed)
