"""Games paused because the bot may not post in their channel (:data:`bot.core.tables.UNREACHABLE`)
resume by themselves once it may again.

Two ways to notice: Discord's update events (a channel's overwrites, a role's permissions, a
thread: CHANNEL_UPDATE, GUILD_ROLE_UPDATE, THREAD_UPDATE, all under the ``guilds`` intent) make
:meth:`Reachability.look` check the paused games of that server at once (the cache, and the bot's
own roles asked for); the scheduler's tick looks at each paused game on a backing-off schedule
(:class:`bot.core.scheduler.rechecks.Rechecks`), asking Discord for the bot's roles, for what no
event reports (a role given to the bot: its member updates need the privileged members intent).
A look that finds the channel open resumes the game
(:meth:`bot.core.scheduler.Scheduler.resume_reachable`): one process and one look win, the table
is told once, and what the game held is posted once (its board only if it never reached the
channel). A channel Discord called deleted (10003) is never looked at again.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.adapter.errors import needed_permissions
from bot.core.scheduler.rechecks import Rechecks
from bot.core.tables import UNREACHABLE

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot

log = logging.getLogger(__name__)


def may_post(channel: object, me: discord.Member | None = None) -> bool:
    """Whether the bot's permissions in ``channel`` let it post a game's board there: those of
    ``me`` (the bot's member), else of the cached one."""
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return False
    me = me or channel.guild.me
    if me is None:
        return False
    perms = channel.permissions_for(me)
    return all(getattr(perms, name) for name in needed_permissions(channel))


class Reachability:
    """This process's looks at the games paused because their channel is closed to the bot."""

    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot
        self.rechecks = Rechecks()
        self._deleted: set[int] = set()

    def deleted(self, channel_id: int) -> None:
        """Discord said the channel is gone (10003): whatever the cache says, no game resumes there."""
        self._deleted.add(channel_id)

    async def look(self, guild_id: int) -> int:
        """Something changed in the server (an update event): resume each of its paused games
        whose channel is open to the bot now. The channels and roles are as the event left them in
        the cache; the bot's own roles are asked for (one request, only where a game is paused),
        since no event tells of them. Returns how many resumed."""
        paused = await self.bot.clock.clocks.paused_for(UNREACHABLE, guild_id)
        guild = self.bot.get_guild(guild_id)
        if not paused or guild is None or self.bot.user is None:
            return 0
        try:
            me = await guild.fetch_member(self.bot.user.id)
        except discord.HTTPException as err:
            log.info("could not look at the bot's roles in server %s (%s %s)", guild_id, err.status, err.code)
            return 0
        resumed = 0
        for game_id, _server, channel_id in paused:
            if channel_id not in self._deleted and may_post(self.bot.get_channel(channel_id), me):
                resumed += await self._resume(game_id)
        return resumed

    async def look_again(self) -> int:
        """The tick: look at each paused game of this process's servers whose next look came (one
        or two requests: :meth:`_open`); returns how many resumed."""
        now = self.bot.clock.clock()
        paused = await self.bot.clock.clocks.paused_for(UNREACHABLE)
        resumed = 0
        for game_id, server, channel_id in paused:
            if server is None or self.bot.get_guild(server) is None or channel_id in self._deleted:
                continue  # not a server, another process's shard, or a channel gone for good
            if not self.rechecks.due(game_id, now):
                continue
            if await self._open(channel_id) and await self._resume(game_id):
                self.rechecks.resumed(game_id, now)
                resumed += 1
            else:
                self.rechecks.refused(game_id, now)
        self.rechecks.forget({game_id for game_id, _, _ in paused}, now)
        return resumed

    async def _open(self, channel_id: int) -> bool:
        """Whether the bot may post in the channel, asking Discord for what the cache may not
        know: the bot's own roles (a role given to it comes with no event without the privileged
        members intent), and a channel the cache does not hold (an archived thread)."""
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(channel_id)
            if not isinstance(channel, discord.abc.GuildChannel | discord.Thread) or self.bot.user is None:
                return False
            me = await channel.guild.fetch_member(self.bot.user.id)
        except discord.HTTPException as err:
            log.info("channel %s is still closed to the bot (%s %s)", channel_id, err.status, err.code)
            return False
        return may_post(channel, me)

    async def _resume(self, game_id: int) -> int:
        if not await self.bot.clock.resume_reachable(game_id):
            return 0
        log.info("the bot may post in the channel of game %s again: the game resumed", game_id)
        return 1
