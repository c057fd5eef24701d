"""Reading Components V2 cards in the tests as a member reads them: a card has no ``content``
(its text is in Text Displays), so the tests' ``message.content`` reads the card's text, its
Text Displays joined by line breaks, the way Discord shows it. Installed for every test
(tests/conftest.py); a message with content of its own reads as before."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from simcord import actors, builders, results
from simcord.components import walk_components
from simcord.enums import ChannelType

#: Discord's message flag for a Components V2 message.
IS_COMPONENTS_V2 = 1 << 15
TEXT_DISPLAY = 10


def card_text(components: list[Any]) -> str:
    """The text of a card's Text Displays, in order, one after the other on their own lines."""
    raw = [c if isinstance(c, dict) else c.to_dict() for c in components]
    return "\n".join(c["content"] for c in walk_components(raw) if c.get("type") == TEXT_DISPLAY)


def read_cards_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    original = results.to_discord_message

    def with_text(env: Any, message: Any) -> Any:
        shown = original(env, message)
        if not shown.content and int(getattr(message, "flags", 0) or 0) & IS_COMPONENTS_V2:
            shown.content = card_text(message.components)
        return shown

    for module in (results, builders, actors):
        monkeypatch.setattr(module, "to_discord_message", with_text)

    def content(self: Any) -> str:
        stored = self._message
        if stored.content or not int(getattr(stored, "flags", 0) or 0) & IS_COMPONENTS_V2:
            return str(stored.content)
        return card_text(stored.components)

    monkeypatch.setattr(results.ResponseMessage, "content", property(content))


def request_text(request: Any) -> str:
    """The text a request to Discord sends: its ``content``, or its card's Text Displays."""
    body = request.json or {}
    return str(body.get("content") or "") or card_text(body.get("components") or [])


@contextmanager
def cards_read_as_text() -> Iterator[None]:
    """:func:`read_cards_as_text` for a script outside pytest (the benchmarks), while it runs."""
    with pytest.MonkeyPatch.context() as patch:
        read_cards_as_text(patch)
        yield


def plain_messages(env: Any, channel_ids: Iterable[int]) -> list[str]:
    """The bot's messages that are not Components V2 cards, each as "channel: text", in every DM
    channel and in ``channel_ids`` (private answers there included)."""
    backend = env.backend
    bot_id = env.bot.user.id
    dms = [c for c, channel in backend.channels.items() if channel.type == ChannelType.DM]
    plain = []
    for channel_id in [*channel_ids, *dms]:
        for message in backend.messages.get(channel_id, {}).values():
            if message.author_id == bot_id and not int(message.flags or 0) & IS_COMPONENTS_V2:
                plain.append(f"{channel_id}: {message.content[:80]!r}")
    return plain
