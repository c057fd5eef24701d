"""Secret choices: ``/plan`` (works in DMs) and answers typed in a DM to the bot."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.app import FloeBot
from bot.adapter.cogs import Family, anywhere
from bot.adapter.common import MAX_MOVE_TEXT, shorten
from bot.adapter.components import SECRET_MODAL, answer_from_box
from bot.adapter.errors import guard, reader_language
from bot.core.catalogue import say, tell
from bot.core.sessions import NoGameHere, SessionError


class Private(Family):
    @app_commands.command(
        name="plan", description="Send a secret choice (an Ice Lake plan); works in DMs too"
    )
    @anywhere
    @app_commands.describe(
        letters=f"Your plan, up to {MAX_MOVE_TEXT} letters, for example SSLR",
        game="Which game, if several wait for you",
    )
    @guard
    async def plan(
        self,
        interaction: discord.Interaction,
        letters: app_commands.Range[str, 1, MAX_MOVE_TEXT],
        game: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id: int | None = int(game) if game and game.isdigit() else None
        if game_id is None:
            tables = await bot.sessions.secret_tables(interaction.user.id)
            if not tables:
                raise NoGameHere(say("none of your games is waiting for a secret choice from you"))
            if len(tables) > 1:
                raise SessionError(say("several games wait for you: pick one with the game option"))
            game_id = tables[0].record.id
        await bot.flows.play(interaction, game_id, letters, None, private_only=True)

    @plan.autocomplete("game")
    async def plan_games(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        tables = await self.bot.sessions.secret_tables(interaction.user.id)
        told = await reader_language(interaction)
        out = []
        for t in tables:
            where = say(
                "{game} in {channel}",
                game=t.game.title,
                channel=f"#{self.bot.channel_name(t.record.channel_id)}",
            )
            label = tell(where, (), told)
            if current.lower() in label.lower():
                out.append(app_commands.Choice(name=shorten(label, 100), value=str(t.record.id)))
        return out[:25]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A private text box's submission, dispatched by its custom id (restart-safe)."""
        if interaction.type != discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        match = SECRET_MODAL.fullmatch(custom_id)
        if match is not None:
            await answer_from_box(interaction, match)

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        await self.bot.flows.on_dm(message)


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(Private(bot))
