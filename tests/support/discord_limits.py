"""What Discord refuses in a message, a modal or an autocomplete answer (resources/message.mdx,
reference.mdx, application-commands.mdx, components/reference.mdx of
github.com/discord/discord-api-docs, under developers/), for both fakes: the strict in-process
Discord (tests/support/strict_discord.py) and the wire-level one (tests/support/wire_discord.py).
Discord answers such a request 400 with code 50035 (Invalid Form Body); each function here returns
what is wrong, one line per breach ([]: nothing).

Components V2 (components/reference.mdx, its introduction and each component's section;
resources/message.mdx, "Create Message" and "Edit Message"): a message sent with the
IS_COMPONENTS_V2 flag carries no content, embeds, poll or stickers, keeps the flag through every
edit, holds at most 40 components counted through every nesting, and its media name by
``attachment://`` only files the request carries. The 4,000 characters of text display content
per message is the limit discord.py 2.7 states (``LayoutView.content_length``); Discord's
documentation gives no figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
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

COMPONENTS_V2 = 1 << 15  # the message flag IS_COMPONENTS_V2
V2_COMPONENTS = 40
V2_TEXT_CHARACTERS = 4000
SECTION_TEXTS = 3
GALLERY_ITEMS = 10
ROW_BUTTONS = 5
MODAL_COMPONENTS = 5
LABEL_CHARACTERS = 45
LABEL_DESCRIPTION_CHARACTERS = 100
ACCENT_MAX = 0xFFFFFF
ATTACHMENT = "attachment://"
EPHEMERAL = 1 << 6

# component types (components/reference.mdx, "Component Types")
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL = 1, 2, 9, 10, 11
MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER, LABEL = 12, 13, 14, 17, 18
SELECTS = frozenset({3, 5, 6, 7, 8})
NAMES: dict[Any, str] = {  # keyed by what a payload says its type is
    ACTION_ROW: "action row",
    BUTTON: "button",
    SECTION: "section",
    TEXT_DISPLAY: "text display",
    THUMBNAIL: "thumbnail",
    MEDIA_GALLERY: "media gallery",
    FILE: "file component",
    SEPARATOR: "separator",
    CONTAINER: "container",
    LABEL: "label",
    **{select: "select menu" for select in SELECTS},
}
V2_ONLY = frozenset({SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
V2_TOP_LEVEL = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER})
CONTAINER_CHILDREN = V2_TOP_LEVEL - {CONTAINER}


def message_breaches(
    body: dict[str, Any], file_sizes: Sequence[int], file_names: Sequence[str] = (), earlier_flags: int = 0
) -> list[str]:
    """What is past Discord's limits in a message's JSON ``body`` and its files (sizes, names);
    ``earlier_flags`` are those of the message an edit changes (0 for a new message)."""
    found = _legacy_breaches(body, file_sizes)
    found += components_v2_breaches(body, [*file_names, *_kept_names(body)], earlier_flags)
    return found


def _legacy_breaches(body: dict[str, Any], file_sizes: Sequence[int]) -> list[str]:
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


def components_v2_breaches(body: dict[str, Any], carried: Sequence[str], earlier_flags: int) -> list[str]:
    """What Components V2 refuses in a message ``body`` whose request carries files named
    ``carried``. An edit without ``flags`` keeps the message's: the V2 rules hold it still."""
    flags = body.get("flags")
    dropped = flags is not None and _v2(earlier_flags) and not _v2(flags)
    found = ["an edit that drops the IS_COMPONENTS_V2 flag"] if dropped else []
    components = [c for c in body.get("components") or [] if isinstance(c, dict)]
    if not (_v2(flags) or _v2(earlier_flags)):
        return found + [
            f"a {NAMES[c['type']]} without the IS_COMPONENTS_V2 flag"
            for c in _walk(components)
            if c.get("type") in V2_ONLY
        ]
    found += _not_components(body)
    found += _totals(list(_walk(components)))
    found += [f"a {_name(c)} at the top of a V2 message" for c in _outside(components, V2_TOP_LEVEL)]
    for component in _walk(components):
        found += _component_breaches(component, carried)
    return found


def modal_breaches(modal: dict[str, Any]) -> list[str]:
    """What is past Discord's limits in a modal (interactions/receiving-and-responding.mdx,
    "Modal": 1 to 5 components; components/reference.mdx, "Label")."""
    components = [c for c in modal.get("components") or [] if isinstance(c, dict)]
    found = [] if 1 <= len(components) <= MODAL_COMPONENTS else [f"a modal of {len(components)} components"]
    for label in _walk(components):
        if label.get("type") != LABEL:
            continue
        text, description = str(label.get("label") or ""), label.get("description")
        if len(text) > LABEL_CHARACTERS:
            found.append(f"a label of {len(text)} characters: {text[:40]!r}")
        if isinstance(description, str) and len(description) > LABEL_DESCRIPTION_CHARACTERS:
            found.append(f"a label description of {len(description)} characters")
    return found


def deferred_breaches(data: dict[str, Any]) -> list[str]:
    """A deferred answer (callback type 5) may set no flag but EPHEMERAL: a V2 message is made by
    editing the original response (interactions/receiving-and-responding.mdx, "Messages")."""
    flags = data.get("flags")
    if isinstance(flags, int) and flags & ~EPHEMERAL:
        return [f"a deferred answer with flags {flags} (only EPHEMERAL may be set)"]
    return []


def _v2(flags: Any) -> bool:
    return isinstance(flags, int) and bool(flags & COMPONENTS_V2)


def _not_components(body: dict[str, Any]) -> list[str]:
    """Fields a V2 message cannot carry (empty ones, as an edit that clears them sends, pass)."""
    fields = {"content": "content", "embeds": "embeds", "poll": "a poll", "sticker_ids": "stickers"}
    return [f"IS_COMPONENTS_V2 with {what}" for field, what in fields.items() if body.get(field)]


def _totals(components: list[dict[str, Any]]) -> list[str]:
    found = [] if len(components) <= V2_COMPONENTS else [f"a V2 message of {len(components)} components"]
    text = sum(len(str(c.get("content") or "")) for c in components if c.get("type") == TEXT_DISPLAY)
    if text > V2_TEXT_CHARACTERS:
        found.append(f"text displays of {text} characters in one message")
    return found


def _component_breaches(component: dict[str, Any], carried: Sequence[str]) -> list[str]:
    kind = component.get("type")
    if kind == CONTAINER:
        return _container_breaches(component)
    if kind == SECTION:
        return _section_breaches(component)
    if kind == ACTION_ROW:
        return _row_breaches(component)
    if kind == MEDIA_GALLERY:
        items = [i for i in component.get("items") or [] if isinstance(i, dict)]
        found = [] if 1 <= len(items) <= GALLERY_ITEMS else [f"a media gallery of {len(items)} items"]
        return found + _media_breaches((i.get("media") for i in items), "a media gallery", carried)
    if kind == THUMBNAIL:
        return _media_breaches([component.get("media")], "a thumbnail", carried)
    if kind == FILE:
        url = str((component.get("file") or {}).get("url") or "")
        if not url.startswith(ATTACHMENT):
            return [f"a file component's URL must be attachment://<name>, not {url[:80]!r}"]
        return _media_breaches([component.get("file")], "a file component", carried)
    return []


def _container_breaches(container: dict[str, Any]) -> list[str]:
    accent = container.get("accent_color")
    found = []
    if accent is not None and not (isinstance(accent, int) and 0 <= accent <= ACCENT_MAX):
        found.append(f"a container accent colour of {accent!r} (0 to 0xFFFFFF)")
    children = [c for c in container.get("components") or [] if isinstance(c, dict)]
    return found + [f"a {_name(c)} in a container" for c in _outside(children, CONTAINER_CHILDREN)]


def _section_breaches(section: dict[str, Any]) -> list[str]:
    children = [c for c in section.get("components") or [] if isinstance(c, dict)]
    found = []
    if not 1 <= len(children) <= SECTION_TEXTS:
        found.append(f"a section of {len(children)} components (1 to 3 text displays)")
    found += [f"a {_name(c)} in a section" for c in _outside(children, {TEXT_DISPLAY})]
    accessory = section.get("accessory")
    if not isinstance(accessory, dict) or accessory.get("type") not in (BUTTON, THUMBNAIL):
        found.append("a section without a button or a thumbnail as its accessory")
    return found


def _row_breaches(row: dict[str, Any]) -> list[str]:
    """An action row holds 1 to 5 buttons or a single select menu (components/reference.mdx)."""
    kinds = [c.get("type") for c in row.get("components") or [] if isinstance(c, dict)]
    if kinds and all(kind == BUTTON for kind in kinds) and len(kinds) <= ROW_BUTTONS:
        return []
    if len(kinds) == 1 and kinds[0] in SELECTS:
        return []
    if all(kind == BUTTON for kind in kinds):
        return [f"an action row of {len(kinds)} buttons"]
    held = ", ".join(NAMES.get(kind, str(kind)) for kind in kinds)
    return [f"an action row of {held} (5 buttons or one select menu)"]


def _media_breaches(media: Iterable[Any], where: str, carried: Sequence[str]) -> list[str]:
    """Media naming by ``attachment://`` a file the request does not carry."""
    found = []
    for item in media:
        url = item.get("url") if isinstance(item, dict) else None
        named = url.removeprefix(ATTACHMENT) if isinstance(url, str) and url.startswith(ATTACHMENT) else None
        if named is not None and named not in carried:
            found.append(f"{url} in {where}, which the request does not carry")
    return found


def _kept_names(body: dict[str, Any]) -> list[str]:
    """The file names the body's ``attachments`` list (the new files, and those an edit keeps)."""
    attachments = [a for a in body.get("attachments") or [] if isinstance(a, dict)]
    return [str(a["filename"]) for a in attachments if a.get("filename")]


def _outside(components: list[dict[str, Any]], allowed: Iterable[int]) -> list[dict[str, Any]]:
    kinds = set(allowed)
    return [c for c in components if c.get("type") not in kinds]


def _name(component: dict[str, Any]) -> str:
    return NAMES.get(component.get("type"), f"component of type {component.get('type')!r}")


def _walk(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component, nested ones included: a container's or a row's ``components``, a
    section's ``accessory`` and a label's ``component`` (media gallery items are not components)."""
    for component in components:
        if isinstance(component, dict):
            yield component
            yield from _walk(component.get("components") or [])
            yield from _walk([component.get("accessory"), component.get("component")])


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
