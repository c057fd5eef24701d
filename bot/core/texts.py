"""Texts built from data, bounded to what Discord accepts.

A message is at most :data:`MESSAGE_LIMIT` characters, suffixes included: a list is built so
that the whole of it fits (:func:`fit_lines` keeps whole lines and says how many it left
out), never cut afterwards, where a cut would drop a line's end, a mention or a page line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

#: Discord's limit on a message's content.
MESSAGE_LIMIT = 2000
#: The longest answer a player may type, in every input (a command's option, the private text
#: box's ``max_length``, a DM reply): far longer than any notation, and what an Ice Lake plan,
#: which the rules do not limit, may hold (RULINGS.md).
MAX_MOVE_TEXT = 100
#: How a secret choice is asked for in Discord; a front end without replies says it its own way.
SECRET_REPLY = (
    f"Reply here with it (up to {MAX_MOVE_TEXT} characters; only you see it); "
    "you may change it until the last one is in."
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


def more_lines(left_out: int) -> str:
    return f"…and {left_out} more."


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
