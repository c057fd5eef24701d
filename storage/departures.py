"""Members who left a server while seated (``departed_members``, ``departure_notices``, migration 19).

The rules are :mod:`bot.core.scheduler.departures`'s; this module only reads and writes rows. One
row per server and member who left it; one row per game told of a member's departure, so the
table is told once across processes: :meth:`DepartureStore.claim_notice` inserts it, and only the
process whose insert went in tells the table (the same on SQLite and PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Collection

from storage.sql import Database


class DepartureStore:
    """The departed members on an open store (either backend)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def mark(self, guild_id: int, user_id: int, now: float) -> bool:
        """Record that ``user_id`` left ``guild_id``; whether this call did (not known before)."""
        async with self.store._transaction() as tx:
            added = await tx.run(
                "INSERT INTO departed_members (guild_id, user_id, left_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, user_id) DO NOTHING",
                (guild_id, user_id, now),
            )
        return added > 0

    async def departed(self, guild_id: int, user_ids: Collection[int]) -> frozenset[int]:
        """Those of ``user_ids`` known to have left ``guild_id``."""
        if not user_ids:
            return frozenset()
        marks = ", ".join("?" * len(user_ids))
        rows = await self.store._all(
            f"SELECT user_id FROM departed_members WHERE guild_id = ? AND user_id IN ({marks})",
            (guild_id, *user_ids),
        )
        return frozenset(int(r[0]) for r in rows)

    async def everyone(self) -> frozenset[tuple[int, int]]:
        """Every (server, member) pair known to have left."""
        rows = await self.store._all("SELECT guild_id, user_id FROM departed_members")
        return frozenset((int(g), int(u)) for g, u in rows)

    async def returned(self, guild_id: int, user_id: int) -> bool:
        """``user_id`` is back in ``guild_id``: forget their departure and the games told of it
        (a second departure is told again); whether they were known to have left."""
        async with self.store._transaction() as tx:
            gone = await tx.run(
                "DELETE FROM departed_members WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )
            await tx.run(
                "DELETE FROM departure_notices WHERE user_id = ? "
                "AND game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                (user_id, guild_id),
            )
        return gone > 0

    async def claim_notice(self, game_id: int, user_id: int) -> bool:
        """Whether this call is the one to tell ``game_id``'s table that ``user_id`` left."""
        async with self.store._transaction() as tx:
            added = await tx.run(
                "INSERT INTO departure_notices (game_id, user_id) VALUES (?, ?) "
                "ON CONFLICT (game_id, user_id) DO NOTHING",
                (game_id, user_id),
            )
        return added > 0
