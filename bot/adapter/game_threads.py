"""The threads games are played in: reopened when Discord archived one for inactivity and a post
or an edit needs it (a locked one is a failure the players are told of), and archived when a
game the bot opened the thread for is over."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.adapter.errors import ThreadLocked

if TYPE_CHECKING:
    from bot.adapter.hosts import OutboxHost

log = logging.getLogger("floe.discord")

#: Discord's "Thread is archived" (a message or an edit in an archived thread).
THREAD_ARCHIVED = 50083

T = TypeVar("T")


class GameThreads:
    """The game threads of one bot: reopened for a post, archived after the game."""

    def __init__(self, bot: OutboxHost) -> None:
        self.bot = bot

    async def through_archive(self, channel: discord.abc.Messageable, call: Callable[[], Awaitable[T]]) -> T:
        """``call()``; when Discord refuses it because the thread is archived (50083), unarchive
        the thread and call again."""
        try:
            return await call()
        except discord.HTTPException as err:
            if err.code != THREAD_ARCHIVED:
                raise
            refused = err
        await self.reopen(channel_id_of(channel), refused)
        return await call()

    async def reopen(self, thread_id: int, refused: discord.HTTPException) -> None:
        """Unarchive a game thread Discord archived for inactivity (``refused``: what it said);
        a locked one stays closed (:class:`ThreadLocked`)."""
        thread = await self.bot.fetch_channel(thread_id)  # archived threads are not in the cache
        if not isinstance(thread, discord.Thread):
            raise refused  # not a thread: nothing to reopen, Discord's answer stands
        if thread.locked:
            raise ThreadLocked() from refused
        try:
            await thread.edit(archived=False)
        except discord.Forbidden as err:
            raise ThreadLocked() from err
        log.info("reopened the archived thread %s", thread_id)

    async def archive_finished(self, channel_id: int, *, after: asyncio.Task[None] | None) -> None:
        """Archive the thread of a game that is over, when the bot opened it (a thread someone
        else opened is theirs to keep open), once ``after`` (the controls coming off the previous
        turn message, which would reopen it) is done. A failure only leaves it open."""
        if after is not None:
            await asyncio.wait([after])
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            me = self.bot.user
            if not isinstance(channel, discord.Thread) or me is None or channel.owner_id != me.id:
                return
            await channel.edit(archived=True)
        except (discord.HTTPException, discord.RateLimited) as err:
            log.info("the finished game's thread %s stays open (%s)", channel_id, err)


def channel_id_of(channel: discord.abc.Messageable) -> int:
    channel_id = getattr(channel, "id", None)
    assert isinstance(channel_id, int), "games live in text channels and threads"
    return channel_id
