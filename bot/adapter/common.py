"""Small pieces every part of the Discord adapter shares: files, mentions, shortening, the bot."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

import games
from bot.core.pictures import Picture
from bot.core.texts import MESSAGE_LIMIT as MESSAGE_LIMIT  # the adapter takes them from here
from bot.core.texts import shorten as shorten

if TYPE_CHECKING:  # types only: the components reach the bot through the interaction
    from bot.adapter.app import FloeBot

CUSTOM_ID_LIMIT = 100
#: The longest move a player may type (the longest notation of any game is far shorter); also
#: the ``max_length`` of the text options that take a move.
MAX_MOVE_TEXT = 100
NO_PINGS = discord.AllowedMentions.none()


def app_of(interaction: discord.Interaction) -> FloeBot:
    """The Floe bot behind an interaction."""
    return cast("FloeBot", interaction.client)


async def attached(picture: Picture | None, filename: str) -> list[discord.File]:
    """The picture, drawn now if it was not yet, as a file list to send (empty when there is none)."""
    data = await picture.data() if picture is not None else None
    return [discord.File(io.BytesIO(data), filename=filename)] if data else []


def selected_values(interaction: discord.Interaction) -> list[str]:
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]


def modal_values(interaction: discord.Interaction) -> dict[str, str]:
    """The text a modal submission carries, by its inputs' custom ids (rows and labels walked)."""
    data: Any = interaction.data or {}
    out: dict[str, str] = {}
    todo = list(data.get("components") or [])
    while todo:
        node = todo.pop()
        todo += node.get("components") or []
        if node.get("component"):
            todo.append(node["component"])
        if "custom_id" in node and isinstance(node.get("value"), str):
            out[node["custom_id"]] = node["value"]
    return out


def mentions(*users: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly ``users``."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in users]
    )


GAME_CHOICES = [
    app_commands.Choice(name=f"{g.title} ({g.players.start}–{g.players.stop - 1} players)", value=name)
    for name, g in sorted(games.GAMES.items())
]
