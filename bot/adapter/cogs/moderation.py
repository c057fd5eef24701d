"""Moderation: ``/game replace`` and ``/game abandon`` (the host, Manage Server, or the server's moderator role),
and ``/game relocate`` (the host moves a game whose channel was lost)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.adapter.app import FloeBot
from bot.adapter.cogs import Family
from bot.adapter.errors import check_permissions, guard, say_privately
from bot.core import tables
from bot.core.catalogue import say
from bot.core.computers import LEVELS

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]


class Moderation(Family):
    GAME_SUBCOMMANDS = ("replace", "abandon", "relocate")

    @app_commands.command(
        name="replace", description="Give a player's seat to someone else (host or Manage Server)"
    )
    @app_commands.describe(
        old="The player leaving the seat",
        seat="Or: the seat's number on the board (to hand a computer player's seat to a person)",
        new="Who takes the seat over",
        computer="Or: a computer player of this level takes the seat over",
    )
    @app_commands.choices(computer=LEVEL_CHOICES)
    @guard
    async def replace(
        self,
        interaction: discord.Interaction,
        old: discord.User | None = None,
        seat: app_commands.Range[int, 1, 8] | None = None,
        new: discord.User | None = None,
        computer: str | None = None,
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        for user in (old, new):
            if user is not None:
                await bot.remember_user(user)
        if (old is None) == (seat is None):
            raise tables.NotAllowed(
                say(
                    "name the seat: either {old} the player or {seat} its number",
                    old="`old:`",
                    seat="`seat:`",
                )
            )
        if (new is None) == (computer is None):
            raise tables.NotAllowed(
                say(
                    "name who takes the seat: either {new} a member or {computer} a level",
                    new="`new:`",
                    computer="`computer:`",
                )
            )
        moderator = await bot.is_moderator(interaction)
        channel_id = interaction.channel_id or 0
        old_id = old.id if old is not None else await bot.tables.seat_holder(channel_id, seat or 0)
        if computer is not None:
            reply = await bot.tables.replace_with_computer(
                channel_id, interaction.user.id, old_id, computer, moderator=moderator
            )
        else:
            assert new is not None
            if new.bot:
                raise tables.NotAllowed(
                    say(
                        "a bot cannot take a seat: use {computer} for a computer player",
                        computer="`computer:`",
                    )
                )
            reply = await bot.tables.replace(
                channel_id, interaction.user.id, old_id, new.id, moderator=moderator
            )
        await bot.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)

    @app_commands.command(
        name="abandon", description="End the game in this channel without a result (host or Manage Server)"
    )
    @guard
    async def abandon(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        reply = await bot.tables.abandon(
            interaction.channel_id or 0,
            interaction.user.id,
            moderator=await bot.is_moderator(interaction),
        )
        await bot.outbox.close_lobby(reply)
        await bot.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)

    @app_commands.command(
        name="relocate", description="Move your game whose channel was lost to this channel (host)"
    )
    @guard
    async def relocate(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        check_permissions(interaction)  # the board must be posted here
        ack = await bot.clock.relocate(interaction.channel_id or 0, interaction.guild_id, interaction.user.id)
        await say_privately(interaction, ack)
        await bot.post_owed_boards()  # its board now, not at the next tick


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(Moderation(bot))
