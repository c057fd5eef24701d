"""Who reads which language.

* **A person** reads what is said to them alone (private answers, modals, DMs, reminders) in
  the language they chose with ``/settings language:``; else in their Discord's language (sent
  with each interaction, and remembered for what reaches them unasked: DMs, reminders); else
  in English.
* **A game's public texts** (posts, boards, their alt text) are in the game's language: the
  language its server chose with ``/floe config language:``; else the server's Discord
  language (its community setting, which the front end knows); else English. A game outside a
  server (a DM game, the terminal) is in its host's language, which the front end gives.

Floe speaks :data:`SPOKEN`; any other Discord language reads English. Codes are Discord's
locales: ``en-US``, ``en-GB``, ``nl``, ``fr``, ``de``, ``pt-BR``...
"""

from __future__ import annotations

from collections.abc import Callable

from bot.core.languages import LANGUAGES, SOURCE_LANGUAGE
from storage.guilds import GuildStore
from storage.languages import LanguageStore
from util.lru import keep_newest

#: The languages Floe speaks, English first.
SPOKEN = (SOURCE_LANGUAGE, *LANGUAGES)
#: Each spoken language's name in itself, as the commands offer them.
NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français", "de": "Deutsch"}
#: People whose Discord language is remembered in memory, so that an unchanged one writes nothing.
REMEMBERED = 4096


def spoken(code: str | None) -> str | None:
    """Floe's language for a Discord locale (``en-GB`` -> ``en``, ``nl`` -> ``nl``), or None
    when Floe does not speak it."""
    if not code:
        return None
    if code in SPOKEN:
        return code
    base = code.split("-")[0]
    return base if base == SOURCE_LANGUAGE else None


class Readers:
    """Decides each reader's language (module docstring) and remembers people's choices."""

    def __init__(
        self,
        languages: LanguageStore,
        servers: GuildStore,
        server_language: Callable[[int], str | None] = lambda guild_id: None,
    ) -> None:
        self.languages = languages
        self.servers = servers
        #: The server's Discord language, as the front end knows it (None: unknown).
        self.server_language = server_language
        self._seen: dict[int, str] = {}

    async def person(self, user_id: int, discord: str | None = None) -> str:
        """The language ``user_id`` reads; ``discord``: their Discord's language now, when they
        are interacting (it is remembered for what reaches them later)."""
        if discord and self._seen.get(user_id) != discord:
            await self.languages.see(user_id, discord)
            keep_newest(self._seen, user_id, discord, REMEMBERED)
        kept = await self.languages.of(user_id)
        return spoken(kept.chosen) or spoken(discord or kept.seen) or SOURCE_LANGUAGE

    async def game(self, guild_id: int | None, host_language: str | None = None) -> str:
        """The language of the public texts of a game in ``guild_id`` (None: outside a server,
        where the host's language, ``host_language``, is the game's)."""
        if guild_id is None:
            return spoken(host_language) or SOURCE_LANGUAGE
        chosen = (await self.servers.settings(guild_id)).language
        return spoken(chosen) or spoken(self.server_language(guild_id)) or SOURCE_LANGUAGE

    async def choose(self, user_id: int, code: str | None) -> str:
        """``user_id`` reads ``code`` from now on (None: their Discord's language again); returns
        the language they read now."""
        await self.languages.choose(user_id, code)
        return await self.person(user_id)
