"""The command families, one cog per extension module.

A family may add subcommands to the ``/game`` group that :mod:`bot.adapter.cogs.games` owns: it
names them in :attr:`Family.GAME_SUBCOMMANDS`, and :meth:`Family.cog_load` moves those commands
(bound to the cog) from the top level into the group, so every game command stays under
``/game`` whichever family it belongs to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot


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
