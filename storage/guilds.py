"""Per-server settings and the bot's own facts: persistence (migration 5).

Domain-shaped methods over either store (:class:`storage.store.Store`), like
:mod:`storage.clocks`: the rules about what a setting means live in ``bot/core/guilds.py``.

* ``guild_settings``: one row per server that changed something with ``/floe config``; a NULL
  column means "not set" (the bot's default applies).
* ``bot_state``: text facts about the bot (the hash of the command tree last synced).
"""

from __future__ import annotations

from dataclasses import fields

from storage.sql import marks
from storage.store import Store
from util.records import frozen

_COLUMNS = (
    "threads",
    "remind_every",
    "deadline",
    "moderator_role_id",
    "games_channel_id",
    "lobbies_per_member",
    "running_over_finished",
    "web",
    "language",
)


@frozen
class GuildSettings:
    """A server's settings; ``None`` everywhere means the bot's defaults."""

    guild_id: int
    threads: bool | None = None
    remind_every: float | None = None  # seconds
    deadline: float | None = None  # seconds per move; 0 means "no deadline" explicitly
    moderator_role_id: int | None = None
    games_channel_id: int | None = None
    lobbies_per_member: int | None = None  # open lobbies a member may host here
    running_over_finished: int | None = None  # unfinished games a member may hold over finished ones
    web: bool | None = None  # whether the games' web pages are shown (None: the default, shown)
    language: str | None = None  # the games' public language (None: the server's Discord language)


class GuildStore:
    """Per-server settings and bot facts on an open :class:`Store` (same connections and lock)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def settings(self, guild_id: int) -> GuildSettings:
        row = await self.store._one(
            f"SELECT {', '.join(_COLUMNS)} FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        if row is None:
            return GuildSettings(guild_id)
        threads, remind_every, deadline, role, channel, lobbies, running, web, language = row
        return GuildSettings(
            guild_id,
            None if threads is None else bool(threads),
            remind_every,
            deadline,
            role,
            channel,
            lobbies,
            running,
            None if web is None else bool(web),
            language,
        )

    async def save(self, settings: GuildSettings) -> None:
        """Store every field of ``settings`` (the row is created or replaced whole)."""
        values = [getattr(settings, f.name) for f in fields(settings) if f.name != "guild_id"]
        for flag in (0, _COLUMNS.index("web")):  # booleans are stored as integers
            values[flag] = None if values[flag] is None else int(values[flag])
        async with self.store._transaction() as tx:
            await tx.run(
                f"INSERT INTO guild_settings (guild_id, {', '.join(_COLUMNS)}) VALUES (?, {marks(len(_COLUMNS))}) "
                "ON CONFLICT (guild_id) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS),
                (settings.guild_id, *values),
            )

    async def fact(self, key: str) -> str | None:
        row = await self.store._one("SELECT value FROM bot_state WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_fact(self, key: str, value: str) -> None:
        async with self.store._transaction() as tx:
            await tx.run(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    async def drop_fact(self, key: str) -> None:
        async with self.store._transaction() as tx:
            await tx.run("DELETE FROM bot_state WHERE key = ?", (key,))

    async def facts_starting(self, prefix: str) -> dict[str, str]:
        """Every fact whose key starts with ``prefix``."""
        rows = await self.store._all(
            "SELECT key, value FROM bot_state WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
        )
        return {str(k): str(v) for k, v in rows}
