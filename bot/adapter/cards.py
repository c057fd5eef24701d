"""Components V2 cards: every message the bot sends (a turn, the lobby, the game over, a notice,
a DM, a private answer) is one card, a container holding its text, its pictures and its controls.

Discord's components reference (discord-api-docs, components/reference.mdx): a message sent
with the IS_COMPONENTS_V2 flag carries no ``content`` (its text is a Text Display) and keeps the
flag through every edit; its pictures are files the same request uploads, shown by a Media
Gallery that names them ``attachment://<name>``, each with its alt text. discord.py's
:class:`discord.ui.LayoutView` sets the flag. Mentions in a Text Display ping as content does,
within the message's ``allowed_mentions``.

An older turn collapses to one line without controls or pictures (:func:`collapsed`): the
channel reads as the game's story, one line a turn, and the newest card below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Any

import discord
from discord import ui

from bot.core.catalogue import ENGLISH, Language, say, tell
from bot.core.sessions import Post
from bot.core.texts import shorten
from util.lru import keep_newest

#: Characters of text a card may hold (discord.py's and Discord's limit for a message's Text
#: Displays together).
TEXT_LIMIT = 4000


#: The files a card shows as pictures in its media gallery; any other file is a file component.
PICTURE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".webp")


def card(
    text: str,
    *,
    pictures: Sequence[discord.File] = (),
    controls: ui.View | None = None,
    accent: int | None = None,
    documents: Sequence[discord.File] = (),
) -> ui.LayoutView:
    """One card: ``text``, then ``pictures`` (uploaded with the same request), then the rows of
    ``controls`` (a classic view's items, laid out as it lays them), in a container with the
    ``accent`` colour (the awaited player's). ``documents`` (a rulebook) are shown as files."""
    box: ui.Container[Any] = ui.Container(accent_colour=accent)
    box.add_item(ui.TextDisplay(_fitted(text)))
    if pictures:
        box.add_item(
            ui.MediaGallery(
                *(
                    discord.MediaGalleryItem(f"attachment://{f.filename}", description=f.description)
                    for f in pictures
                )
            )
        )
    for document in documents:
        box.add_item(ui.File(f"attachment://{document.filename}"))
    for row in rows_of(controls):
        box.add_item(row)
    view = ui.LayoutView(timeout=None)
    view.add_item(box)
    return view


def card_of_files(
    text: str, files: Sequence[discord.File] = (), controls: ui.View | None = None
) -> ui.LayoutView:
    """A card of ``text`` showing ``files`` as they are: pictures in its gallery, others as files."""
    pictures = [f for f in files if f.filename.lower().endswith(PICTURE_SUFFIXES)]
    documents = [f for f in files if f not in pictures]
    return card(text, pictures=pictures, controls=controls, documents=documents)


def collapsed(line: str) -> ui.LayoutView:
    """An older turn's card once it is over: one line, no pictures, no controls."""
    view = ui.LayoutView(timeout=None)
    view.add_item(ui.TextDisplay(_fitted(line)))
    return view


def rows_of(controls: ui.View | None) -> list[ui.ActionRow[Any]]:
    """The action rows of a classic view, in the rows it laid its items out in."""
    if controls is None:
        return []
    controls.to_components()  # lays the items out in their rows

    def row(item: ui.Item[Any]) -> int:
        return item._rendered_row or 0

    items = sorted(controls.children, key=row)
    return [ui.ActionRow(*group) for _, group in groupby(items, key=row)]


class Headlines:
    """What each card of this process said first, for the one line it collapses to once its
    turn is over (a lobby's: that it closed); a card it never saw reads generically."""

    KEPT = 4096

    def __init__(self) -> None:
        self._lines: dict[int, str] = {}

    def remember(self, message_id: int, post: Post) -> None:
        """Remember ``post``'s line: the one it says it closes to, else its first."""
        keep_newest(self._lines, message_id, post.closed or first_line(post.text), self.KEPT)

    def of(self, message_id: int, language: Language = ENGLISH) -> str:
        """The line ``message_id`` collapses to (one this process never saw: in ``language``)."""
        return self._lines.get(message_id) or tell(
            say("An earlier turn: the game goes on below."), (), language
        )


def asked_lines(post: Post) -> str:
    """Who is asked what: a line per prompt, mentioning everyone it asks ("Your turn: " before
    the one player awaited)."""
    asked: dict[str, list[int]] = {}
    for a in post.awaited:
        asked.setdefault(shorten(a.prompt, 200), []).append(a.user_id)
    lines = "\n".join(" ".join(f"<@{u}>" for u in users) + f" {prompt}" for prompt, users in asked.items())
    return (
        tell(say("Your turn: {asked}", asked=lines), (), post.language) if len(post.awaited) == 1 else lines
    )


def headline(text: str) -> str:
    """``text`` without its small print (the board's facts, ``-#`` lines): what a private menu
    says above the player's choices, the facts being on the board's card."""
    return "\n".join(line for line in text.splitlines() if not line.startswith("-# "))


def first_line(text: str) -> str:
    """The first line of ``text`` with something in it (a card's headline when it collapses)."""
    return next((line for line in text.splitlines() if line.strip()), "")


def _fitted(text: str) -> str:
    text = text or "…"
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"
