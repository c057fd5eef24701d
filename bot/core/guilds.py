"""Per-server settings (``/floe config``), as the core reads and changes them.

A server may change, for games opened there from then on:

* ``threads``: whether ``/game new`` opens the game in its own thread unless told otherwise
  (:data:`DEFAULT_THREADS` when unset);
* ``remind_every`` and ``deadline``: the reminder interval and the deadline per move of new
  games (the scheduler's defaults when unset; ``/game new deadline:`` still wins);
* ``moderator_role_id``: members with this role have the host's powers in every game of the
  server (start, cancel, reminders, extend) and the moderator's (replace a player, abandon),
  not who may open a game (Discord's Integrations settings limit commands);
* ``games_channel_id``: the channel where games are played; ``/game new`` elsewhere is refused
  with a pointer to it. Threads of that channel count as that channel.
* ``lobbies_per_member`` and ``running_over_finished``: the bounds per member of
  :mod:`bot.core.lobbies` (open lobbies a member may host here, default 3; unfinished games a
  member may be in beyond the games they finished, default 5).
* ``language``: the language of the games' public posts and boards (:mod:`bot.core.readers`);
  unset, the server's Discord language.
* ``web``: whether the games of the server have their page on the web (:mod:`bot.core.spectators`;
  on unless turned off). Turned off, every page of the server's games answers "not found", like
  an unknown address, and ``/game link`` says the pages are off; turned on again, the same
  addresses work again (a game's address never changes).

Nothing here knows Discord: the adapter passes the caller's role ids and the channel's parent.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from bot.core.admission import LOBBIES_PER_MEMBER, RUNNING_OVER_FINISHED, Bounds
from bot.core.readers import NAMES
from bot.core.scheduler.durations import describe, parse_duration
from bot.core.sessions import SessionError
from games.words import ENGLISH, Language, Said, say, tell
from storage import Store
from storage.guilds import GuildSettings, GuildStore

#: Whether games open in a thread when neither the server nor the command says.
DEFAULT_THREADS = True

UNSET: Any = object()


class WrongChannel(SessionError):
    """``/game new`` outside the server's games channel."""


class ServerSettings:
    """Read and change a server's settings (one row per server, see :mod:`storage.guilds`)."""

    def __init__(self, store: Store) -> None:
        self.rows = GuildStore(store)

    async def get(self, guild_id: int | None) -> GuildSettings:
        """The server's settings (all unset outside a server)."""
        if guild_id is None:
            return GuildSettings(0)
        return await self.rows.settings(guild_id)

    async def threads_by_default(self, guild_id: int | None) -> bool:
        threads = (await self.get(guild_id)).threads
        return DEFAULT_THREADS if threads is None else threads

    async def bounds(self, guild_id: int) -> Bounds:
        """The server's bounds per member (:mod:`bot.core.lobbies`)."""
        settings = await self.get(guild_id)
        return Bounds(
            LOBBIES_PER_MEMBER if settings.lobbies_per_member is None else settings.lobbies_per_member,
            RUNNING_OVER_FINISHED
            if settings.running_over_finished is None
            else settings.running_over_finished,
        )

    async def web_pages(self, guild_id: int | None) -> bool:
        """Whether the server's games have their page on the web (on unless turned off)."""
        return (await self.get(guild_id)).web is not False

    async def is_moderator(self, guild_id: int | None, role_ids: Iterable[int]) -> bool:
        """Whether a member with ``role_ids`` holds the server's moderator role."""
        role = (await self.get(guild_id)).moderator_role_id
        return role is not None and role in set(role_ids)

    async def check_games_channel(self, guild_id: int | None, channel_ids: Iterable[int]) -> None:
        """Refuse a new game outside the games channel (``channel_ids``: the channel and its parent)."""
        wanted = (await self.get(guild_id)).games_channel_id
        if wanted is not None and wanted not in set(channel_ids):
            raise WrongChannel(
                say("this server plays its games in {channel}: open the game there", channel=f"<#{wanted}>")
            )

    async def change(
        self,
        guild_id: int,
        *,
        threads: bool | None = UNSET,
        remind_every: str | None = UNSET,
        deadline: str | None = UNSET,
        moderator_role_id: int | None = UNSET,
        games_channel_id: int | None = UNSET,
        lobbies_per_member: int | None = UNSET,
        running_over_finished: int | None = UNSET,
        web: bool | None = UNSET,
        language: str | None = UNSET,
    ) -> GuildSettings:
        """Change the given settings (``None`` clears one; left out: unchanged); bad text changes nothing."""
        current = await self.rows.settings(guild_id)
        changes: dict[str, Any] = {}
        if threads is not UNSET:
            changes["threads"] = threads
        if remind_every is not UNSET:
            changes["remind_every"] = parse_duration(remind_every) if remind_every else None
        if deadline is not UNSET:
            changes["deadline"] = parse_duration(deadline) if deadline else None
        if moderator_role_id is not UNSET:
            changes["moderator_role_id"] = moderator_role_id
        if games_channel_id is not UNSET:
            changes["games_channel_id"] = games_channel_id
        if lobbies_per_member is not UNSET:
            changes["lobbies_per_member"] = lobbies_per_member
        if running_over_finished is not UNSET:
            changes["running_over_finished"] = running_over_finished
        if web is not UNSET:
            changes["web"] = web
        if language is not UNSET:
            changes["language"] = language
        updated = replace(current, **changes)
        if updated != current:
            await self.rows.save(updated)
        return updated


def summary(settings: GuildSettings, language: Language = ENGLISH) -> str:
    """The settings in one short text for ``/floe config``, told in ``language``."""
    return "\n".join(tell(line, (), language) for line in _summary_lines(settings))


def _summary_lines(settings: GuildSettings) -> list[Said]:
    threads = DEFAULT_THREADS if settings.threads is None else settings.threads
    default = settings.threads is None
    if threads:
        opening = (
            say("New games open in their own thread (the default).")
            if default
            else say("New games open in their own thread.")
        )
    else:
        opening = (
            say("New games open in the channel (the default).")
            if default
            else say("New games open in the channel.")
        )
    return [
        opening,
        say("Reminders: every {every}.", every=describe(settings.remind_every))
        if settings.remind_every
        else say("Reminders: every 24 h (the default)."),
        say("Deadline per move: {deadline}.", deadline=describe(settings.deadline))
        if settings.deadline
        else say("Deadline per move: none."),
        say("Moderator role: {role}.", role=f"<@&{settings.moderator_role_id}>")
        if settings.moderator_role_id
        else say("Moderator role: none (Manage Server only)."),
        say("Games channel: {channel}.", channel=f"<#{settings.games_channel_id}>")
        if settings.games_channel_id
        else say("Games channel: any."),
        say("Open lobbies a member may host: {n}.", n=settings.lobbies_per_member)
        if settings.lobbies_per_member is not None
        else say("Open lobbies a member may host: {n} (the default).", n=LOBBIES_PER_MEMBER),
        say(
            "Unfinished games a member may be in: the games they finished + {n}.",
            n=settings.running_over_finished,
        )
        if settings.running_over_finished is not None
        else say(
            "Unfinished games a member may be in: the games they finished + {n} (the default).",
            n=RUNNING_OVER_FINISHED,
        ),
        say("Games' pages on the web: off.")
        if settings.web is False
        else say("Games' pages on the web: on (the default).")
        if settings.web is None
        else say("Games' pages on the web: on."),
        say("Language of the games' posts: {language}.", language=NAMES[settings.language])
        if settings.language in NAMES
        else say("Language of the games' posts: the server's Discord language (the default)."),
    ]
