"""Lobbies: the conditions a lobby sets for its joiners (``lobby_conditions``), the server's open
lobbies as listed, and who asked to hear of new lobbies of a game (``notify``, with when they were
last told), on the store's :attr:`~storage.store.Store.lobbies`."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from storage.sql import Database, marks
from util.records import frozen


@frozen
class OpenLobbyRow:
    game_id: int
    game: str
    options: dict[str, Any]
    channel_id: int
    #: The host while seated, else None (the rule of ``bot.core.sessions.Table.seated_host``).
    host_id: int | None
    opened_at: float
    seats: int
    min_finished: int | None


class LobbyStore:
    """Lobby conditions, open lobbies and lobby notices on an open :class:`Store` (its :attr:`~Store.lobbies`)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def set_notify(self, guild_id: int, game: str, user_id: int, on: bool) -> None:
        async with self.store._transaction() as tx:
            if on:
                await tx.run(
                    "INSERT INTO notify (guild_id, game, user_id) VALUES (?, ?, ?) "
                    "ON CONFLICT (guild_id, game, user_id) DO NOTHING",
                    (guild_id, game, user_id),
                )
            else:
                await tx.run(
                    "DELETE FROM notify WHERE guild_id = ? AND game = ? AND user_id = ?",
                    (guild_id, game, user_id),
                )

    async def set_min_finished(self, game_id: int, percent: int | None) -> None:
        """The lobby's condition: joiners must have finished at least ``percent`` % of their games."""
        async with self.store._transaction() as tx:
            await tx.run("DELETE FROM lobby_conditions WHERE game_id = ?", (game_id,))
            if percent:
                await tx.run(
                    "INSERT INTO lobby_conditions (game_id, min_finished) VALUES (?, ?)", (game_id, percent)
                )

    async def min_finished(self, game_id: int) -> int | None:
        row = await self.store._one("SELECT min_finished FROM lobby_conditions WHERE game_id = ?", (game_id,))
        return None if row is None else int(row[0])

    async def open_lobbies(self, guild_id: int, *, limit: int = 25) -> list[OpenLobbyRow]:
        """The server's lobbies, oldest first: (game id, game, options, channel, host while
        seated, opened, seats taken, condition)."""
        rows = await self.store._all(
            "SELECT g.id, g.game, g.options, g.channel_id, "
            "(SELECT s.user_id FROM seats s WHERE s.game_id = g.id AND s.user_id = g.host_id LIMIT 1), "
            "g.created_at, "
            "(SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id), "
            "(SELECT c.min_finished FROM lobby_conditions c WHERE c.game_id = g.id) "
            "FROM games g WHERE g.guild_id = ? AND g.status = 'lobby' ORDER BY g.created_at, g.id LIMIT ?",
            (guild_id, limit),
        )
        return [
            OpenLobbyRow(
                int(g),
                str(n),
                json.loads(o),
                int(c),
                None if h is None else int(h),
                float(t),
                int(k),
                None if m is None else int(m),
            )
            for g, n, o, c, h, t, k, m in rows
        ]

    async def claim_mentions(
        self, guild_id: int, game: str, *, skip: Iterable[int], now: float, quiet: float, most: int
    ) -> list[int]:
        """The subscribers to mention for a new lobby of ``game`` in the server: at most ``most``
        of those (not in ``skip``) who were not mentioned for it in the last ``quiet`` seconds,
        marked as mentioned ``now`` in the same statement, so that lobbies opened at once, in any
        processes, mention each subscriber once."""
        skipped = tuple(skip)
        not_skipped = f" AND user_id NOT IN ({marks(len(skipped))})" if skipped else ""
        due = "guild_id = ? AND game = ? AND (notified_at IS NULL OR notified_at <= ?)"
        async with self.store._transaction() as tx:
            rows = await tx.all(
                f"UPDATE notify SET notified_at = ? WHERE {due} AND user_id IN "
                f"(SELECT user_id FROM notify WHERE {due}{not_skipped} ORDER BY user_id LIMIT ?) RETURNING user_id",
                (now, guild_id, game, now - quiet, guild_id, game, now - quiet, *skipped, most),
            )
        return sorted(int(r[0]) for r in rows)

    async def notified(self, guild_id: int, game: str) -> list[int]:
        rows = await self.store._all(
            "SELECT user_id FROM notify WHERE guild_id = ? AND game = ? ORDER BY user_id", (guild_id, game)
        )
        return [int(r[0]) for r in rows]
