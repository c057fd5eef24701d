"""Who reads which language.

* **A person** reads what is said to them alone (private answers, modals, DMs, reminders) in
  the language they chose with ``/settings language:``; else in their Discord's language (sent
  with each interaction, and remembered for what reaches them unasked: DMs, reminders); else
  in English.
* **A game's public texts** (posts, boards, their alt text) are in the game's language: the
  language its server chose with ``/floe config language:``; else the server's Discord
  language (its community setting, which the front end knows); else English. A game outside a
  server (a DM game, the terminal) is in its host's language, which the front end gives.
* **The terminal** has one reader, who reads everything in the language ``floe play --lang``
  names, else their environment's locale (:func:`locale_language`; :attr:`Readers.everyone`).
* **A web page's reader** reads the language its address names (``?lang=``), else the one
  their browser prefers (:func:`accepted_language`), else English.

Floe speaks :data:`SPOKEN`; any other Discord language reads English. Codes are Discord's
locales: ``en-US``, ``en-GB``, ``nl``, ``fr``, ``de``, ``pt-BR``...
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from bot.core.languages import LANGUAGES, PSEUDO_LANGUAGE, SOURCE_LANGUAGE
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
    when Floe does not speak it.

    The tests' pseudo-language (:data:`bot.core.languages.PSEUDO_LANGUAGE`) is read as itself,
    so a test's Discord (tests/support/strict_discord.py) can send it as a user's or a server's
    locale; Discord itself never sends it (it is in no list of Discord's locales)."""
    if not code:
        return None
    if code in SPOKEN or code == PSEUDO_LANGUAGE:
        return code
    base = code.split("-")[0]
    return base if base == SOURCE_LANGUAGE else None


def locale_language(environ: Mapping[str, str]) -> str:
    """The language of a POSIX environment's locale, as a program reads it: the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``nl_NL.UTF-8`` -> ``nl``); English
    when Floe does not speak it (``ja_JP``, ``C``, nothing set)."""
    value = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    code = value.split(".")[0].split("@")[0].replace("_", "-")
    return spoken(code) or spoken(code.split("-")[0]) or SOURCE_LANGUAGE


def accepted_language(header: str | None) -> str | None:
    """The language Floe speaks that an HTTP ``Accept-Language`` header prefers most
    (RFC 9110, 12.5.4: ``fr-CH, fr;q=0.9, en;q=0.8`` -> ``fr``); None when it accepts none of them.
    A range Floe does not speak as it is may be read as its base language (``de-AT`` -> ``de``);
    among equal weights the first listed wins; ``q=0`` refuses a language; ``*`` is English."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, *params = (p.strip() for p in part.split(";"))
        weight = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if not tag or not 0 < weight <= 1:
            continue
        code = SOURCE_LANGUAGE if tag == "*" else spoken(tag) or spoken(tag.split("-")[0].lower())
        if code is not None:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else None


def asked_language(code: str | None) -> str | None:
    """A language a reader named (``?lang=nl``, ``--lang nl``) when Floe speaks it (or it is the
    pseudo-language of the tests, :data:`bot.core.languages.PSEUDO_LANGUAGE`); else None."""
    if code == PSEUDO_LANGUAGE:
        return code
    return code if code in SPOKEN else None


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
        #: The one language every reader reads, when a front end has a single reader whose
        #: language it knows (the terminal): it comes before every choice. None: decide as above.
        self.everyone: str | None = None
        self._seen: dict[int, str] = {}
        self._people: dict[int, tuple[float, UserLanguage]] = {}
        self._servers: dict[int, tuple[float, str | None]] = {}

    async def person(self, user_id: int, discord: str | None = None) -> str:
        """The language ``user_id`` reads; ``discord``: their Discord's language now, when they
        are interacting (it is remembered for what reaches them later)."""
        if self.everyone is not None:
            return self.everyone
        if discord:
            await self.saw(user_id, discord)
        return self.reads(await self._person(user_id), discord)

    def reads(self, kept: UserLanguage, discord: str | None = None) -> str:
        """The language a person reads whose stored languages are ``kept`` (read with something
        else: a move's table, :data:`storage.game_table.GAME_TABLE`), as :meth:`person` says."""
        if self.everyone is not None:
            return self.everyone
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
        if self.everyone is not None:
            return self.everyone
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
