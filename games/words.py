"""Words built from data, shared by the games' narration, the boards' text and the front ends."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, agreeing: "1 step", "2 steps", "0 cards"; ``plural`` where adding an
    "s" is wrong ("fresh fish")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def aside_opening(name: str) -> str:
    """What comes before an aside about ``name``: "Ann (", or "Floe (normal, " for a name that
    ends in an aside of its own, so the two read as one."""
    if name.endswith(")") and "(" in name:
        return name[:-1] + ", "
    return name + " ("


def with_aside(name: str, aside: str) -> str:
    """``name`` with ``aside`` in brackets: "Ann (white)", "Floe (normal, white)"."""
    return f"{aside_opening(name)}{aside})"
