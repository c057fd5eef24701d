"""Edits of the bot's messages on Discord's terms: coalesced per message, through a click's own
interaction when the message is the one clicked, and what an edit Discord will not take now says.

How the outbox uses them (the turn card edited in the background, ordered by step, posted anew
when too slow): :mod:`bot.adapter.outbox`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.adapter.errors import RECEIVED
from util.records import frozen

log = logging.getLogger("floe.discord")

#: How long to wait before taking the controls off a message Discord would not let the bot edit
#: now, when Discord does not say (seconds): trying at once would only be refused again.
EDIT_RETRY_AFTER = 60.0
#: How long after a click its interaction still edits the clicked message (seconds): Discord
#: keeps an interaction's token for 15 minutes; a later edit goes through the channel.
INTERACTION_EDITS_FOR = 12 * 60.0


@dataclass
class _Slot:
    """The edits of one message: the newest content not applied yet (None: nothing waits)."""

    pending: dict[str, Any] | None
    step: int


class Editable(Protocol):
    """A message the bot can edit: a channel's message, or the one an interaction is about."""

    @property
    def id(self) -> int: ...

    @property
    def edit(self) -> Callable[..., Awaitable[Any]]: ...


@frozen
class ClickedMessage:
    """The message a player's click is on, edited through that interaction's own response.

    A button or menu is acknowledged as a deferred update (``defer()``), after which Discord
    lets the app edit the clicked message as the interaction's original response
    (developers/interactions/receiving-and-responding.mdx). That call is an interaction
    endpoint, which is not bound to the bot's global rate limit nor counted as a write in the
    channel (developers/topics/rate-limits.mdx), so a move's own card costs the channel nothing.
    Refused there (a token Discord no longer takes, say), the edit goes through the channel, so
    its errors are the channel's own.
    """

    interaction: discord.Interaction
    in_channel: discord.PartialMessage

    @property
    def id(self) -> int:
        return self.in_channel.id

    async def edit(self, **content: Any) -> Any:
        try:
            return await self.interaction.edit_original_response(**content)
        except discord.HTTPException as err:
            log.info("the clicked message %s is edited in its channel (%s)", self.id, err)
            return await self.in_channel.edit(**content)


def editable(
    channel: discord.abc.Messageable, message_id: int, interaction: discord.Interaction | None = None
) -> Editable:
    """Message ``message_id`` of ``channel``, edited through ``interaction`` when that is a click
    on it whose response may still edit it (acknowledged as a deferred update, well within the
    interaction's 15 minutes: :class:`ClickedMessage`), else in the channel."""
    plain = in_channel(channel, message_id)
    if interaction is None or interaction.message is None or interaction.message.id != message_id:
        return plain
    if interaction.response.type != discord.InteractionResponseType.deferred_message_update:
        return plain
    received = interaction.extras.get(RECEIVED)
    if not isinstance(received, float) or time.monotonic() - received > INTERACTION_EDITS_FOR:
        return plain
    return ClickedMessage(interaction, plain)


@dataclass
class EditQueue:
    """Coalesced edits per message: one in flight at a time; the newest waiting one wins.

    A caller whose message already has an edit in flight only leaves its content (merged over
    what was waiting, so a removal of the controls keeps the newest board) and returns; the
    caller that started the edits applies whatever waits until nothing does, so the last state
    is never dropped. ``step`` orders replies: content drawn for an older step never replaces
    newer content. ``applied`` counts the edits sent (for tests and bench/bench_messages.py).
    """

    slots: dict[int, _Slot] = field(default_factory=dict)
    applied: int = 0

    async def edit(self, message: Editable, step: int, **content: Any) -> None:
        slot = self.slots.get(message.id)
        if slot is not None:
            if step >= slot.step:
                slot.pending = {**(slot.pending or {}), **content}
                slot.step = step
            return
        slot = self.slots[message.id] = _Slot(content, step)
        try:
            while slot.pending is not None:
                now, slot.pending = slot.pending, None
                if "files" in now:  # an edit replaces the attachments
                    now["attachments"] = now.pop("files")
                await message.edit(**now)
                self.applied += 1
        finally:
            del self.slots[message.id]


def too_slow(err: Exception) -> bool:
    """An edit Discord will not take now: rate-limited longer than the bot waits, or a 429 such as
    30046 (edits of messages older than an hour)."""
    return isinstance(err, discord.RateLimited) or (
        isinstance(err, discord.HTTPException) and err.status == 429
    )


def retry_after(err: Exception) -> float:
    """How long Discord asked the bot to wait (seconds): ``RateLimited``'s, else the 429's
    ``Retry-After`` header, else :data:`EDIT_RETRY_AFTER`."""
    if isinstance(err, discord.RateLimited):
        return err.retry_after
    headers = getattr(getattr(err, "response", None), "headers", None) or {}
    try:
        return float(headers.get("Retry-After", EDIT_RETRY_AFTER))
    except (TypeError, ValueError):
        return EDIT_RETRY_AFTER


def in_channel(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage:
    get = getattr(channel, "get_partial_message", None)
    assert get is not None, "turn messages live in text channels and threads"
    partial: discord.PartialMessage = get(message_id)
    return partial
