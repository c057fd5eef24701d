"""Small pieces every part of the Discord adapter shares: files, mentions, shortening, the bot."""

from __future__ import annotations

import io
import re
import unicodedata
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.core import catalogue
from bot.core.pictures import Picture
from bot.core.readers import NAMES, SPOKEN
from bot.core.sessions.controls import Grid
from bot.core.texts import MAX_MOVE_TEXT as MAX_MOVE_TEXT
from bot.core.texts import MESSAGE_LIMIT as MESSAGE_LIMIT  # the adapter takes them from here
from bot.core.texts import shorten as shorten

if TYPE_CHECKING:  # types only: the components reach the bot through the interaction
    from bot.adapter.app import FloeBot

CUSTOM_ID_LIMIT = 100
NO_PINGS = discord.AllowedMentions.none()
#: Discord's longest display name (a nickname, a global name), in characters.
NAME_LIMIT = 32
#: Unicode categories taken out of a name: control characters (Cc), format characters (Cf: the
#: bidirectional marks, embeddings, overrides and isolates, the zero-width space, joiner and
#: non-joiner, the word joiner, the byte order mark) and line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})
#: A ``[`` or ``<`` after an even number of backslashes (none included): not escaped yet.
_UNESCAPED_OPENER = re.compile(r"(\\*)([\[<])")


def app_of(interaction: discord.Interaction) -> FloeBot:
    """The Floe bot behind an interaction."""
    return cast("FloeBot", interaction.client)


async def attached(picture: Picture | None, filename: str) -> list[discord.File]:
    """The picture, drawn now if it was not yet, as a file list to send (empty when there is none),
    with its alt text (Discord shows an attachment's description to screen readers)."""
    if picture is None or not (data := await picture.data()):
        return []
    return [discord.File(io.BytesIO(data), filename=filename, description=picture.description())]


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


def visible_name(raw: str) -> str:
    """``raw`` without the characters that change how the text around a name reads (control,
    bidirectional and zero-width characters), trimmed and cut to :data:`NAME_LIMIT`."""
    kept = "".join(c for c in raw if unicodedata.category(c) not in HIDDEN_CATEGORIES)
    return kept.strip()[:NAME_LIMIT].strip()


def safe_name(raw: str) -> str:
    """A name as the bot remembers it, safe to put in any message: :func:`visible_name`, then its
    markdown escaped (backslashes, masked links, code, emphasis, headings, quotes: discord.py's
    ``escape_markdown``), its mentions broken (``escape_mentions``), and every ``[`` and ``<``
    escaped: ``escape_markdown`` leaves the ``[`` of a link that a cut left unclosed, which a
    later ``)`` in the post would close, and a ``<`` would show a channel, an emoji or a
    timestamp. Empty when nothing visible is left.
    :func:`bot.core.texts.unescaped` gives back the visible name (for a picture)."""
    name = discord.utils.escape_mentions(discord.utils.escape_markdown(visible_name(raw)))
    return _UNESCAPED_OPENER.sub(lambda m: m[1] + ("\\" if len(m[1]) % 2 == 0 else "") + m[2], name)


def member_name(user: discord.abc.User) -> str:
    """The name the bot remembers for ``user``: their display name made safe (:func:`safe_name`),
    else their username (which Discord keeps plain), else "a player"."""
    return safe_name(user.display_name) or safe_name(user.name) or "a player"


def mentions(*users: int) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly ``users``."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in users]
    )


def seats(players: range) -> str:
    """``2–4 players``, or ``2 players`` when the count is fixed."""
    least, most = players.start, players.stop - 1
    return f"{least} players" if least == most else f"{least}–{most} players"


GAME_CHOICES = [
    app_commands.Choice(name=f"{g.title} ({seats(g.players)})", value=name)
    for name, g in sorted(catalogue.GAMES.items())
]

#: The languages Floe speaks, each named in itself, for ``/settings`` and ``/floe config``.
LANGUAGE_CHOICES = [app_commands.Choice(name=NAMES[code], value=code) for code in SPOKEN]
#: ``/settings language:``'s value for "my Discord's language" (the choice cleared).
DISCORD_LANGUAGE = "discord"


#: Discord's limits on a message's components, which the core lays a turn's actions out in:
#: 5 action rows, 5 buttons in a row (a select menu fills its row), 25 options per select menu,
#: 80 characters of a button's label, 100 of a select menu option's, 150 of a select menu's
#: placeholder.
DISCORD_GRID = Grid(rows=5, per_row=5, menu_options=25, label=80, option_label=100, placeholder=150)
