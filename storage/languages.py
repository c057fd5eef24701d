"""The languages people read Floe in (``user_languages``, migration 16): the one each chose with
``/settings`` and the one their Discord last said. What they mean is decided in
``bot/core/readers.py``; a server's chosen language is a server setting (:mod:`storage.guilds`).
"""

from __future__ import annotations

from storage.records import UserLanguage
from storage.sql import Database

__all__ = ["LanguageStore", "UserLanguage"]


class LanguageStore:
    """People's languages on an open store."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def of(self, user_id: int) -> UserLanguage:
        row = await self.store._one("SELECT chosen, seen FROM user_languages WHERE user_id = ?", (user_id,))
        return UserLanguage() if row is None else UserLanguage(row[0], row[1])

    async def choose(self, user_id: int, code: str | None) -> None:
        """``code`` is the person's language from now on (None: their Discord's again)."""
        await self._set(user_id, "chosen", code)

    async def see(self, user_id: int, code: str) -> None:
        """The person's Discord said ``code`` (their language for what reaches them unasked)."""
        await self._set(user_id, "seen", code)

    async def _set(self, user_id: int, column: str, code: str | None) -> None:
        async with self.store._transaction() as tx:
            await tx.run(
                f"INSERT INTO user_languages (user_id, {column}) VALUES (?, ?) "
                f"ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
                (user_id, code),
            )
