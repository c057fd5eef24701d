"""What Discord refuses in a message or an autocomplete answer (resources/message.mdx,
reference.mdx, application-commands.mdx of github.com/discord/discord-api-docs), for both fakes:
the strict in-process Discord (tests/support/strict_discord.py) and the wire-level one
(tests/support/wire_discord.py). Discord answers such a request 400 with code 50035 (Invalid
Form Body); each function here returns what is wrong, one line per breach ([]: nothing).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

INVALID_FORM_BODY = 50035
MESSAGE_CHARACTERS = 2000
EMBEDS = 10
EMBED_CHARACTERS = 6000
SELECT_OPTIONS = 25
AUTOCOMPLETE_CHOICES = 25
CHOICE_CHARACTERS = 100
FILE_BYTES = 10 * 1024 * 1024
REQUEST_BYTES = 25 * 1024 * 1024


def message_breaches(body: dict[str, Any], file_sizes: Sequence[int]) -> list[str]:
    """What is past Discord's limits in a message's JSON ``body`` and its files' sizes."""
    found: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MESSAGE_CHARACTERS:
        found.append(f"a message of {len(content)} characters: {content[:80]!r}…")
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        found.append(f"a message with {len(embeds)} embeds")
    embed_text = sum(len(text) for embed in embeds for text in _embed_texts(embed))
    if embed_text > EMBED_CHARACTERS:
        found.append(f"embeds of {embed_text} characters")
    for component in _walk(body.get("components") or []):
        options = component.get("options") or []
        if len(options) > SELECT_OPTIONS:
            found.append(f"a select menu of {len(options)} options")
    if any(size > FILE_BYTES for size in file_sizes):
        found.append(f"a file of {max(file_sizes)} bytes")
    if sum(file_sizes) > REQUEST_BYTES:
        found.append(f"files of {sum(file_sizes)} bytes in one request")
    return found


def choice_breaches(choices: list[dict[str, Any]]) -> list[str]:
    """What is past Discord's limits in an autocomplete answer's ``choices``."""
    found: list[str] = []
    if len(choices) > AUTOCOMPLETE_CHOICES:
        found.append(f"an autocomplete answer of {len(choices)} choices")
    for choice in choices:
        for key in ("name", "value"):
            text = choice.get(key)
            if isinstance(text, str) and not 1 <= len(text) <= CHOICE_CHARACTERS:
                found.append(f"an autocomplete choice {key} of {len(text)} characters: {text[:40]!r}")
    return found


def _walk(components: list[Any]) -> Iterator[dict[str, Any]]:
    for component in components:
        if isinstance(component, dict):
            yield component
            yield from _walk(component.get("components") or [])


def _embed_texts(embed: dict[str, Any]) -> Iterator[str]:
    for key in ("title", "description"):
        if isinstance(embed.get(key), str):
            yield embed[key]
    for part in ("footer", "author"):
        value = (embed.get(part) or {}).get("text" if part == "footer" else "name")
        if isinstance(value, str):
            yield value
    for field in embed.get("fields") or []:
        yield str(field.get("name", ""))
        yield str(field.get("value", ""))
