"""After and around the game: ``/game log | undo | replay``, ``/games``, ``/stats``, ``/leaderboard``.

The session logic lives in :mod:`bot.core.history` and :mod:`bot.core.dashboard`; this cog
only translates.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter.app import FloeBot
from bot.adapter.cogs import Family, anywhere
from bot.adapter.common import GAME_CHOICES
from bot.adapter.components import leaderboard_page, log_page, post_replay
from bot.adapter.errors import guard, reader_language, say_privately


class History(Family):
    GAME_SUBCOMMANDS = ("log", "undo", "replay")

    @app_commands.command(name="log", description="The moves of the game in this channel")
    @app_commands.describe(page="Page number (15 moves a page)")
    @guard
    async def log(self, interaction: discord.Interaction, page: int = 1) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        text, view = await log_page(bot, interaction.channel_id or 0, page)
        await say_privately(interaction, text, view=view)

    @app_commands.command(
        name="undo", description="Take back your last action (if nobody moved since and it revealed nothing)"
    )
    @guard
    async def undo(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        reply = await bot.history.undo(interaction.channel_id or 0, interaction.user.id)
        await bot.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)

    @app_commands.command(name="replay", description="An animated replay of the whole game in this channel")
    async def replay(self, interaction: discord.Interaction) -> None:
        await post_replay(interaction, None)

    @app_commands.command(
        name="games", description="Your open games in every server, the ones waiting on you first"
    )
    @anywhere
    @guard
    async def games(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        text = await bot.dashboard.games_text(interaction.user.id, await reader_language(interaction))
        await say_privately(interaction, text)

    @app_commands.command(name="stats", description="Finished games played and won, per game")
    @anywhere
    @app_commands.describe(user="Whose stats (you, if left out)")
    @guard
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        who = user or interaction.user
        await bot.remember_user(who)
        told = await reader_language(interaction)
        await say_privately(interaction, await bot.dashboard.stats_text(who.id, told))

    @app_commands.command(
        name="leaderboard", description="This server's best players, per game: rating, games, reliability"
    )
    @app_commands.guild_only()
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.describe(
        game="One game only (all games if left out)", season="An earlier season (the current one if left out)"
    )
    @guard
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        season: app_commands.Range[int, 1, 10_000] | None = None,
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        told = await reader_language(interaction)
        text, view = await leaderboard_page(bot, interaction.guild_id or 0, game, season, 0, language=told)
        await say_privately(interaction, text, view=view)

    @app_commands.command(
        name="notify-me", description="Be mentioned when a table of this game opens here (again: stop)"
    )
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @guard
    async def notify_me(self, interaction: discord.Interaction, game: str) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await bot.lobbies.toggle_notify(interaction.guild_id or 0, game, interaction.user.id)
        await say_privately(interaction, text)


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(History(bot))
