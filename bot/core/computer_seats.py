"""Computer seats: their reserved synthetic user ids, names and levels (see
:mod:`bot.core.computers` for the decisions). Imported by the session service, so it imports
nothing of the bot at run time.

A computer seat's id is negative (no Discord id and no local terminal id is), one per level and
number, so two computer seats of one table stay apart; its name comes from the id: "Floe
(normal)", "Floe (normal) 2"."""

from __future__ import annotations

from collections.abc import Collection

from games.words import Said, say

#: The levels, in the order of their synthetic ids.
LEVELS = ("easy", "normal", "hard")
_BASE = 1_000_000  # synthetic ids are -(_BASE + 1000 * level index + number)
_PER_LEVEL = 1000


def computer_user_id(level: str, number: int) -> int:
    """The reserved user id of the ``number``-th (from 1) computer of ``level`` at a table."""
    if level not in LEVELS or not 1 <= number < _PER_LEVEL:
        raise ValueError(f"no computer player {level!r} {number}")
    return -(_BASE + _PER_LEVEL * LEVELS.index(level) + number)


def is_computer_user(user_id: int) -> bool:
    return _BASE < -user_id < _BASE + _PER_LEVEL * len(LEVELS)


def computer_name(user_id: int) -> str:
    """ "Floe (normal)", and "Floe (normal) 2" for the second one of that level."""
    index, number = divmod(-user_id - _BASE, _PER_LEVEL)
    name = f"Floe ({LEVELS[index]})"
    return name if number == 1 else f"{name} {number}"


def next_computer_user(taken: Collection[int], level: str) -> int:
    """The first synthetic id of ``level`` not among ``taken`` (the users seated at a table)."""
    number = 1
    while computer_user_id(level, number) in taken:
        number += 1
    return computer_user_id(level, number)


def level_named(text: str) -> str:
    level = text.strip().lower()
    if level not in LEVELS:
        raise ValueError(str(unknown_level(text)))
    return level


def unknown_level(text: str) -> Said:
    """The refusal of ``text``, which names no level."""
    return say("unknown level {level}: pick easy, normal or hard", level=repr(text))
