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

import time
from collections.abc import Callable

from bot.core.languages import LANGUAGES, SOURCE_LANGUAGE
from storage import Store
from storage.guilds import GuildStore
from storage.languages import LanguageStore, UserLanguage
from util.lru import keep_newest

#: The languages Floe speaks, English first.
SPOKEN = (SOURCE_LANGUAGE, *LANGUAGES)
#: Each spoken language's name in itself, as the commands offer them.
NAMES = {"en": "English", "nl": "Nederlands", "fr": "Français", "de": "Deutsch"}
#: People and servers whose languages are remembered in memory.
REMEMBERED = 4096
#: Seconds a remembered choice is used before it is read again (module docstring).
FRESH = 60.0


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
    """Decides each reader's language (module docstring) and remembers people's choices.

    What a server and a person chose is read at most once a :data:`FRESH` period per process
    (a move's reply asks for every reader), so a change made in another process reads there
    within that time; a change made here reads here at once."""

    def __init__(
        self,
        store: Store,
        server_language: Callable[[int], str | None] = lambda guild_id: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.languages = LanguageStore(store)
        self.servers = GuildStore(store)
        #: The server's Discord language, as the front end knows it (None: unknown).
        self.server_language = server_language
        self.clock = clock
        self._seen: dict[int, str] = {}
        self._people: dict[int, tuple[float, UserLanguage]] = {}
        self._servers: dict[int, tuple[float, str | None]] = {}

    async def person(self, user_id: int, discord: str | None = None) -> str:
        """The language ``user_id`` reads; ``discord``: their Discord's language now, when they
        are interacting (it is remembered for what reaches them later)."""
        if discord:
            await self.saw(user_id, discord)
        kept = await self._person(user_id)
        return spoken(kept.chosen) or spoken(discord or kept.seen) or SOURCE_LANGUAGE

    async def saw(self, user_id: int, discord: str) -> None:
        """``user_id``'s Discord said ``discord`` (written only when it changed)."""
        if self._seen.get(user_id) == discord:
            return
        await self.languages.see(user_id, discord)
        keep_newest(self._seen, user_id, discord, REMEMBERED)
        self._people.pop(user_id, None)

    async def game(self, guild_id: int | None, host_language: str | None = None) -> str:
        """The language of the public texts of a game in ``guild_id`` (None: outside a server,
        where the host's language, ``host_language``, is the game's)."""
        if guild_id is None:
            return spoken(host_language) or SOURCE_LANGUAGE
        kept = self._servers.get(guild_id)
        if kept is None or self.clock() - kept[0] > FRESH:
            kept = (self.clock(), (await self.servers.settings(guild_id)).language)
            keep_newest(self._servers, guild_id, kept, REMEMBERED)
        return spoken(kept[1]) or spoken(self.server_language(guild_id)) or SOURCE_LANGUAGE

    async def chosen(self, user_id: int) -> str | None:
        """The language ``user_id`` chose with ``/settings`` (None: their Discord's)."""
        return spoken((await self._person(user_id)).chosen)

    async def choose(self, user_id: int, code: str | None) -> str:
        """``user_id`` reads ``code`` from now on (None: their Discord's language again); returns
        the language they read now."""
        await self.languages.choose(user_id, code)
        self._people.pop(user_id, None)
        return await self.person(user_id)

    def server_changed(self, guild_id: int) -> None:
        """The server's settings changed here: read its language again."""
        self._servers.pop(guild_id, None)

    async def _person(self, user_id: int) -> UserLanguage:
        kept = self._people.get(user_id)
        if kept is None or self.clock() - kept[0] > FRESH:
            kept = (self.clock(), await self.languages.of(user_id))
            keep_newest(self._people, user_id, kept, REMEMBERED)
        return kept[1]
