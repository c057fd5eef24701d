"""What the adapter's components and outbox ask of the bot (:class:`bot.adapter.app.FloeBot`),
each a narrow interface: they take these, never the whole bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import discord

if TYPE_CHECKING:
    from bot.adapter.outbox import Published
    from bot.core.computers import Computers
    from bot.core.dashboard import Dashboard
    from bot.core.history import History
    from bot.core.members import Members
    from bot.core.readers import Readers
    from bot.core.scheduler import Scheduler
    from bot.core.sessions import Controls, Reply, Sessions


@runtime_checkable
class HasReaders(Protocol):
    """What an answer to a person asks of the bot: who reads which language."""

    @property
    def readers(self) -> Readers: ...


@runtime_checkable
class HasPresence(Protocol):
    """What every interaction tells the bot: who used Floe in which server (departures)."""

    async def seen_in(self, guild_id: int | None, user_id: int) -> None: ...


class HasLeaderboard(Protocol):
    """What a page of the leaderboard asks of the bot: the core's dashboard."""

    @property
    def dashboard(self) -> Dashboard: ...


class HasLog(Protocol):
    """What a page of the log asks of the bot: the core's session service and history."""

    @property
    def sessions(self) -> Sessions: ...

    @property
    def history(self) -> History: ...


class OutboxHost(Protocol):
    """What the outbox asks of the bot (:class:`bot.adapter.app.FloeBot`): the core's services,
    the bot's own settling of a committed post, and Discord's client lookups."""

    @property
    def sessions(self) -> Sessions: ...

    @property
    def computers(self) -> Computers: ...

    @property
    def members(self) -> Members: ...

    @property
    def clock(self) -> Scheduler: ...

    @property
    def user(self) -> discord.ClientUser | None: ...

    async def channel_for(self, channel_id: int) -> discord.abc.Messageable: ...

    async def watch_url(self, controls: Controls | None) -> str | None: ...

    async def publish_committed(self, reply: Reply) -> discord.Message | None: ...

    async def post_failure(
        self, reply: Reply, outcome: Published, err: Exception, interaction: discord.Interaction | None = None
    ) -> Exception | None: ...

    async def settle_post(
        self, reply: Reply, outcome: Published, failed: Exception | None = None
    ) -> None: ...

    async def channel_refused(self, game_id: int, err: BaseException) -> bool: ...

    def get_channel(
        self, id: int, /
    ) -> discord.abc.GuildChannel | discord.Thread | discord.abc.PrivateChannel | None: ...

    async def fetch_channel(
        self, channel_id: int, /
    ) -> discord.abc.GuildChannel | discord.abc.PrivateChannel | discord.Thread: ...

    def get_user(self, id: int, /) -> discord.User | None: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...
