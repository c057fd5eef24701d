"""The command families, one cog per extension module.

A family may add subcommands to the ``/game`` group that :mod:`bot.adapter.cogs.games` owns: it
names them in :attr:`Family.GAME_SUBCOMMANDS`, and :meth:`Family.cog_load` moves those commands
(bound to the cog) from the top level into the group, so every game command stays under
``/game`` whichever family it belongs to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot

T = TypeVar("T")


def anywhere(command: T) -> T:
    """A personal command: usable in every server, DM and group DM, also by a player who added
    Floe to their account only (a user install), where the bot may not be in the server.

    Such a command answers privately through the interaction and never needs the bot in the
    channel it is used in. Every other command is installed with the server only (the tree's
    default, :class:`bot.adapter.app.FloeBot`). Discord reads installation types and contexts
    of top-level commands only, so a ``/game`` subcommand cannot be one (``/rules`` is
    ``/game rules`` for anywhere)."""
    installs = app_commands.allowed_installs(guilds=True, users=True)
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


class Family(commands.Cog):
    """A cog of one command family."""

    #: Commands of this cog that are ``/game`` subcommands rather than top-level commands.
    GAME_SUBCOMMANDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot

    def _game_group(self) -> app_commands.Group:
        group = self.bot.tree.get_command("game")
        assert isinstance(group, app_commands.Group), "load bot.adapter.cogs.games first"
        return group

    async def cog_load(self) -> None:
        if not self.GAME_SUBCOMMANDS:
            return
        group = self._game_group()
        own: list[Any] = self.__cog_app_commands__
        for command in list(own):
            if command.name in self.GAME_SUBCOMMANDS:
                own.remove(command)
                group.add_command(command)

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("game")
        if isinstance(group, app_commands.Group):
            for name in self.GAME_SUBCOMMANDS:
                group.remove_command(name)
