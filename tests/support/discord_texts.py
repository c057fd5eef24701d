"""Every text the bot sent a person through Discord, read from simcord's log of the bot's REST
requests, and Discord's limits on the length of each (components/reference.mdx,
resources/message.mdx, interactions/receiving-and-responding.mdx of discord-api-docs).

A text reaches a person as a message's content, an embed's parts, a component's label,
placeholder or content, a select option's label and description, a modal's title and its labels,
an autocomplete choice's name, a thread's name, or a board's alt text (an attachment's or a media item's
``description``). Custom ids, option values, URLs and file names are not read as words.
:mod:`tests.support.discord_limits` (held by the strict double) checks the totals; this adds the
limits of each field, which simcord does not check."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: The most characters of each field (Discord's documentation, above).
LIMITS = {
    "content": 2000,
    "button label": 80,
    "select placeholder": 150,
    "option label": 100,
    "option description": 100,
    "modal title": 45,
    "label": 45,
    "label description": 100,
    "input placeholder": 100,
    "input value": 4000,
    "text display": 4000,
    "embed title": 256,
    "embed description": 4096,
    "field name": 256,
    "field value": 1024,
    "footer": 2048,
    "author": 256,
    "alt text": 1024,
    "choice name": 100,
    "thread name": 100,
}

BUTTON, TEXT_INPUT, TEXT_DISPLAY, LABEL = 2, 4, 10, 18
SELECTS = frozenset({3, 5, 6, 7, 8})


@dataclass(frozen=True)
class Sent:
    """One text a person reads: what kind of field it is, where it was sent, and the text."""

    field: str
    where: str
    text: str

    def too_long(self) -> bool:
        return len(self.text) > LIMITS[self.field]


def sent_texts(requests: list[Any]) -> list[Sent]:
    """Every text in the bot's requests (simcord's ``env.http_requests``) that a person reads:
    messages posted and edited (channels, DMs, interaction answers and follow-ups), modals and
    autocomplete answers."""
    found: list[Sent] = []
    for request in requests:
        body = request.json
        if request.method not in ("POST", "PATCH") or not isinstance(body, dict):
            continue
        where = f"{request.method} {request.path}"
        parts = request.path.strip("/").split("/")
        if parts[0] == "interactions" and parts[-1] == "callback":
            data = body.get("data") or {}
            if body.get("type") == 9:
                found += [Sent("modal title", where, str(data.get("title", "")))]
            found += [Sent("choice name", where, str(c.get("name", ""))) for c in data.get("choices") or []]
            found += list(_message_texts(data, where))
        elif parts[0] == "channels" and parts[-1] == "threads":
            found += [Sent("thread name", where, str(body.get("name", "")))]
        elif (parts[0] == "channels" and parts[2:3] == ["messages"] and len(parts) <= 4) or parts[
            0
        ] == "webhooks":
            found += list(_message_texts(body, where))
    return [sent for sent in found if sent.text]


def _message_texts(body: dict[str, Any], where: str) -> Iterator[Sent]:
    if isinstance(body.get("content"), str):
        yield Sent("content", where, body["content"])
    for embed in body.get("embeds") or []:
        yield from _embed_texts(embed, where)
    for attachment in body.get("attachments") or []:
        if isinstance(attachment, dict) and isinstance(attachment.get("description"), str):
            yield Sent("alt text", where, attachment["description"])
    for component in _walk(body.get("components") or []):
        yield from _component_texts(component, where)


def _embed_texts(embed: dict[str, Any], where: str) -> Iterator[Sent]:
    for key in ("title", "description"):
        if isinstance(embed.get(key), str):
            yield Sent(f"embed {key}", where, embed[key])
    for field in embed.get("fields") or []:
        yield Sent("field name", where, str(field.get("name", "")))
        yield Sent("field value", where, str(field.get("value", "")))
    if isinstance((embed.get("footer") or {}).get("text"), str):
        yield Sent("footer", where, embed["footer"]["text"])
    if isinstance((embed.get("author") or {}).get("name"), str):
        yield Sent("author", where, embed["author"]["name"])


def _component_texts(component: dict[str, Any], where: str) -> Iterator[Sent]:
    kind = component.get("type")
    if kind == BUTTON and component.get("label"):
        yield Sent("button label", where, str(component["label"]))
    elif kind in SELECTS:
        if component.get("placeholder"):
            yield Sent("select placeholder", where, str(component["placeholder"]))
        for option in component.get("options") or []:
            yield Sent("option label", where, str(option.get("label", "")))
            if option.get("description"):
                yield Sent("option description", where, str(option["description"]))
    elif kind == TEXT_INPUT:
        for key, field in (
            ("label", "label"),
            ("placeholder", "input placeholder"),
            ("value", "input value"),
        ):
            if component.get(key):
                yield Sent(field, where, str(component[key]))
    elif kind == TEXT_DISPLAY:
        yield Sent("text display", where, str(component.get("content", "")))
    elif kind == LABEL:
        yield Sent("label", where, str(component.get("label", "")))
        if component.get("description"):
            yield Sent("label description", where, str(component["description"]))
    for item in component.get("items") or []:  # a media gallery's
        if isinstance(item, dict) and item.get("description"):
            yield Sent("alt text", where, str(item["description"]))
    if kind == 11 and component.get("description"):  # a thumbnail
        yield Sent("alt text", where, str(component["description"]))


def _walk(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component, nested ones included (rows, containers, sections' accessories, labels')."""
    for component in components:
        if isinstance(component, dict):
            yield component
            yield from _walk(component.get("components") or [])
            yield from _walk([component.get("accessory"), component.get("component")])
