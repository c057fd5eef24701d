"""Texts built from data, bounded to what Discord accepts, and each front end's words in them.

A message is at most :data:`MESSAGE_LIMIT` characters, suffixes included: a list is built so
that the whole of it fits (:func:`fit_lines` keeps whole lines and says how many it left
out), never cut afterwards, where a cut would drop a line's end, a mention or a page line.

Where a text the terminal may show too tells the player how to do something (give a secret
choice, see the log, start a game), it is built with the front end's :class:`FrontEndWords`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from games.words import ENGLISH, Language, Text, say, tell
from util.records import frozen

#: Discord's limit on a message's content.
MESSAGE_LIMIT = 2000
#: The longest answer a player may type, in every input (a command's option, the private text
#: box's ``max_length``, a DM reply): far longer than any notation, and what an Ice Lake plan,
#: which the rules do not limit, may hold (RULINGS.md).
MAX_MOVE_TEXT = 100


@frozen
class FrontEndWords:
    """How a front end tells a player to do what the session's texts ask of them.

    The core says what it means (give your secret choice, see the whole log, start a new game,
    your private view comes with this note) and builds its sentences around these words, so no
    front end rewrites a sentence after it is made. A front end passes its own to
    ``Sessions(words=...)``; Discord's are :data:`DISCORD_WORDS`, the terminal's are in
    :mod:`bot.terminal.local`. Texts only Discord can show (its lobbies, the scheduler's
    reminders, a move sent by a private path) name its commands themselves.
    """

    #: The line under a secret prompt (an Ice Lake plan, a Thin Ice card): how to give the choice,
    #: told in the player's language (a saying, or verbatim text).
    answer_secret: Text
    #: How to read the whole move log, after "(and 3 earlier: ...)" in a digest: a command, told
    #: verbatim, or a saying told in the post's language.
    see_log: Text
    #: How to start a new game, after "start a new one with ...".
    start_game: str
    #: The sentence saying a private note carries the player's own view of the board; "" where
    #: the front end shows that view itself.
    view_attached: Text
    #: Whether a post recaps what happened since a pinged player's last turn ("📜 Since Ann's
    #: last turn: ..."); False where the player still has it in front of them (a terminal).
    recaps: bool = True


#: The Discord bot's words.
DISCORD_WORDS = FrontEndWords(
    answer_secret=say(
        "Tap it below or reply here (up to {n} characters). Only you see it; "
        "you may change it until all are in.",
        n=MAX_MOVE_TEXT,
    ),
    see_log="/game log",
    start_game="/game new",
    view_attached=say("Your private view (only you see it) is attached."),
)

#: A backslash escaping the character after it, or the zero-width space that breaks a mention.
_ESCAPE = re.compile(r"\\(.)|\u200b", re.DOTALL)


def unescaped(name: str) -> str:
    """A remembered name (escaped for messages when it was remembered:
    :func:`bot.adapter.common.safe_name`) as plain text, for a picture, which reads no markdown."""
    return _ESCAPE.sub(lambda m: m.group(1) or "", name)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


_ITEM = re.compile(r"\s*(\d+\.|[-•])\s")


def reflowed(page: str) -> str:
    """A page wrapped for a terminal (how to play, the cards) as paragraphs a chat app wraps
    itself: a line joins the one before it unless that one is blank, it is indented less than
    that one, or it begins a numbered step or a bullet. Blank lines and indents are kept."""
    out: list[str] = []
    before = ""
    for line in page.splitlines():
        continues = bool(before.strip() and line.strip()) and not _ITEM.match(line)
        if continues and _indent(line) >= _indent(before):
            out[-1] = f"{out[-1]} {line.strip()}"
        else:
            out.append(line.rstrip())
        before = line
    return "\n".join(out)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def more_lines(left_out: int, language: Language = ENGLISH) -> str:
    """The note about ``left_out`` lines a text leaves out, in ``language``."""
    return tell(say("…and {n} more.", n=left_out), (), language)


def fit_lines(
    lines: Sequence[str],
    limit: int = MESSAGE_LIMIT,
    more: Callable[[int], str] = more_lines,
    *,
    hidden: int = 0,
) -> str:
    """The lines joined, as many whole ones as fit in ``limit`` with the note ``more(n)`` about
    the ``n`` left out. ``hidden``: lines the caller left out already (counted in the note,
    which is then always there). A line longer than ``limit`` on its own is shortened."""
    lines = [shorten(line, limit) for line in lines]
    whole = "\n".join([*lines, more(hidden)] if hidden else lines)
    if len(whole) <= limit:
        return whole
    size = sum(len(line) for line in lines) + len(lines) - 1  # all the lines, joined
    for kept in range(len(lines) - 1, -1, -1):
        size -= len(lines[kept]) + (1 if kept else 0)
        note = more(len(lines) - kept + hidden)
        if size + (1 if kept else 0) + len(note) <= limit:
            return "\n".join([*lines[:kept], note])
    return shorten(more(len(lines) + hidden), limit)
