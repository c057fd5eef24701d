"""The one error path of the Discord adapter.

Every failure ends in :func:`answer_error`: slash commands through the command tree's error
handler (:meth:`bot.adapter.app.FloeTree.on_error`) or :func:`guarded`, components, modals and
DMs through :func:`guarded` / :func:`error_text`. A game or session error is the player's to
fix and is answered with its reason; anything else is logged with a reference and answered
with a short apology.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import discord

import games
from bot.adapter.common import MAX_MOVE_TEXT, NO_PINGS, shorten
from bot.core.sessions import SessionError

log = logging.getLogger("floe.discord")


#: An error answer never comes near Discord's 2,000 characters, whatever text it echoes.
ANSWER_LIMIT = 600


class TooLong(SessionError):
    """Text longer than a move can be."""


def user_message(err: Exception) -> str:
    text = str(err).strip() or "that did not work"
    text = text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
    return shorten(text, ANSWER_LIMIT)


def check_move_text(text: str) -> None:
    """Refuse text longer than any move before it reaches the game."""
    if len(text) > MAX_MOVE_TEXT:
        raise TooLong(
            f"that is {len(text):,} characters long; a move is at most {MAX_MOVE_TEXT} "
            "(`/game move` suggests what you may play). Nothing was changed"
        )


def error_text(err: Exception, where: str = "an interaction") -> str:
    """What to tell the user about ``err`` (logging the unexpected ones with a reference)."""
    if isinstance(err, games.GameError | SessionError):
        return user_message(err)
    ref = secrets.token_hex(3)
    log.exception("unexpected error in %s (ref %s)", where, ref, exc_info=err)
    return f"Sorry, something went wrong on our side (ref {ref}). Nothing was changed; please try again."


async def answer_error(interaction: discord.Interaction, err: Exception) -> None:
    """Answer privately: the reason for a game or session error, an apology for anything else."""
    await say_privately(interaction, error_text(err))


async def say_privately(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    """Run ``work``; a failure becomes a private answer (:func:`answer_error`)."""
    try:
        await work()
    except Exception as err:  # the one place that turns failures into answers
        await answer_error(interaction, err)
