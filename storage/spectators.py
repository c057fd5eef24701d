"""The web pages of games: persistence (migration 12).

Domain-shaped methods over either store (:class:`storage.store.Store`), like
:mod:`storage.guilds`: what a page shows is decided in ``bot/core/spectators.py``.

* ``spectator_pages``: one row per game whose page was asked for, with its unguessable token.
  The token is made once (the first insert wins, whichever process made it) and never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from storage.sql import marks
from storage.store import Store


class SpectatorStore:
    """The games' page tokens on an open :class:`Store` (same connections and lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def token_of(self, game_id: int) -> str | None:
        row = await self.store._one("SELECT token FROM spectator_pages WHERE game_id = ?", (game_id,))
        return None if row is None else str(row[0])

    async def keep_token(self, game_id: int, token: str, now: float) -> str:
        """The game's token: ``token`` when it had none, else the one it has (of two processes
        making one at once, the first insert wins and both return it)."""
        async with self.store._transaction() as tx:
            await tx.run(
                "INSERT INTO spectator_pages (game_id, token, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id) DO NOTHING",
                (game_id, token, now),
            )
        kept = await self.token_of(game_id)
        assert kept is not None  # just written, and a page is never deleted before its game
        return kept

    async def game_of(self, token: str) -> int | None:
        """The game whose page ``token`` is, or None."""
        row = await self.store._one("SELECT game_id FROM spectator_pages WHERE token = ?", (token,))
        return None if row is None else int(row[0])

    async def pages(self) -> list[tuple[int, str]]:
        """Every game that has a page, with its token, oldest game first."""
        rows = await self.store._all("SELECT game_id, token FROM spectator_pages ORDER BY game_id")
        return [(int(game_id), str(token)) for game_id, token in rows]

    async def steps(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The current step of each of ``game_ids`` that exists (one query: the live pages' poll)."""
        if not game_ids:
            return {}
        rows = await self.store._all(
            f"SELECT id, step FROM games WHERE id IN ({marks(len(game_ids))})", tuple(game_ids)
        )
        return {int(game_id): int(step) for game_id, step in rows}
