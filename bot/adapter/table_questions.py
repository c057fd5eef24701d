"""The questions a notice puts to a table, as buttons: the stall vote (pause, skip, replace, a
computer plays for them; :mod:`bot.core.scheduler.reminders`) and the host's choice for the seat of
a member who left the server (:mod:`bot.core.scheduler.departures`)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.adapter.common import app_of
from bot.adapter.errors import guard, say_privately
from bot.core.catalogue import ENGLISH, Language, Said, say, tell
from bot.core.scheduler.reminders import VOTE_CHOICES


class StallVoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:vote:(?P<gid>\d+):(?P<step>\d+):(?P<c>pause|skip|replace|computer)",
):
    LABELS: ClassVar[dict[str, tuple[Said, discord.ButtonStyle]]] = {
        "pause": (say("Pause the game"), discord.ButtonStyle.secondary),
        "skip": (say("Skip (play the default)"), discord.ButtonStyle.primary),
        "replace": (say("Replace the player"), discord.ButtonStyle.danger),
        "computer": (say("A computer plays for them"), discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, step: int, choice: str, language: Language = ENGLISH) -> None:
        label, style = self.LABELS[choice]
        super().__init__(
            discord.ui.Button(
                label=tell(label, (), language),
                style=style,
                custom_id=f"floe:vote:{game_id}:{step}:{choice}",
            )
        )
        self.game_id, self.step, self.choice = game_id, step, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StallVoteButton:
        return cls(int(match["gid"]), int(match["step"]), match["c"])

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        answer = await app_of(interaction).clock.stall_vote(
            self.game_id, self.step, interaction.user.id, self.choice
        )
        await say_privately(interaction, answer)


class DepartedSeatButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:left:(?P<gid>\d+):(?P<uid>\d+):(?P<c>computer|wait)",
):
    """The host's (or a moderator's) choice for the seat of a member who left the server
    (:mod:`bot.core.scheduler.departures`): a computer player takes it, or the table waits."""

    LABELS: ClassVar[dict[str, tuple[Said, discord.ButtonStyle]]] = {
        "computer": (say("A computer takes the seat"), discord.ButtonStyle.primary),
        "wait": (say("Wait for them"), discord.ButtonStyle.secondary),
    }

    def __init__(self, game_id: int, user_id: int, choice: str, language: Language = ENGLISH) -> None:
        label, style = self.LABELS[choice]
        super().__init__(
            discord.ui.Button(
                label=tell(label, (), language),
                style=style,
                custom_id=f"floe:left:{game_id}:{user_id}:{choice}",
            )
        )
        self.game_id, self.user_id, self.choice = game_id, user_id, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DepartedSeatButton:
        return cls(int(match["gid"]), int(match["uid"]), match["c"])

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        bot = app_of(interaction)
        departures = bot.clock.departures
        moderator = await bot.is_moderator(interaction)
        if self.choice == "wait":
            waiting = await departures.wait_for(
                self.game_id, interaction.user.id, self.user_id, moderator=moderator
            )
            await say_privately(interaction, waiting)
            return
        reply = await departures.give_seat(
            self.game_id, interaction.user.id, self.user_id, moderator=moderator
        )
        await bot.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)


def departed_seat_view(game_id: int, user_id: int, language: Language = ENGLISH) -> discord.ui.View:
    """The choice under the notice that ``user_id`` left the server (in ``language``, the game's)."""
    view = discord.ui.View(timeout=None)
    for choice in DepartedSeatButton.LABELS:
        view.add_item(DepartedSeatButton(game_id, user_id, choice, language))
    return view


def vote_view(game_id: int, step: int, language: Language = ENGLISH) -> discord.ui.View:
    """The stall vote's buttons: pause, skip, replace, a computer plays for them (in ``language``,
    the game's)."""
    view = discord.ui.View(timeout=None)
    for choice in VOTE_CHOICES:
        view.add_item(StallVoteButton(game_id, step, choice, language))
    return view
