"""What ``floe play`` is given beside the game: ``--computer`` (which seats the computer plays)
and ``--option`` (the game's options), read into what :func:`bot.terminal.local.run_local` takes.
A mistake is refused with a saying (:class:`InvalidOptions`), told in the player's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.catalogue import InvalidOptions, Listed, say
from bot.core.computers import LEVELS


@dataclass(frozen=True)
class ComputerSeats:
    """``--computer`` as given: every seat at ``everyone`` (a level), or seats (from 1) by level."""

    everyone: str | None = None
    seats: Mapping[int, str] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return self.everyone is not None or bool(self.seats)


def parse_computers(items: Sequence[str]) -> ComputerSeats:
    """``["all"]``, ``["all:hard"]``, ``["1:normal", "3"]`` or ``["1:normal,3:easy"]``: seats
    counted from 1 in play order, the level ``normal`` when none is given."""
    everyone: str | None = None
    seats: dict[int, str] = {}
    for part in (p.strip() for item in items for p in item.split(",")):
        if not part:
            continue
        where, _, level = part.partition(":")
        level = (level.strip() or "normal").lower()
        if level not in LEVELS:
            raise InvalidOptions(
                say(
                    "unknown computer level {level} in {part}: pick {levels}",
                    level=repr(level),
                    part=repr(part),
                    levels=Listed(tuple(LEVELS), say("or")),
                )
            )
        where = where.strip().lower()
        if where == "all":
            everyone = level
        elif where.isdigit() and int(where) >= 1:
            seats[int(where)] = level
        else:
            raise InvalidOptions(
                say(
                    "{option} {part}: give a seat number from 1 (like {example}) or {all}",
                    option="--computer",
                    part=repr(part),
                    example="2:normal",
                    all="all",
                )
            )
    if everyone is not None and seats:
        raise InvalidOptions(
            say("{option} already takes every seat: drop the seat numbers", option="--computer all")
        )
    return ComputerSeats(everyone, seats)


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["no-risk", "long_game=yes"]`` -> ``{"no_risk": True, "long_game": "yes"}``.

    A bare name switches the option on; values are converted by the game's options class.
    """
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not name:
            raise InvalidOptions(
                say("option {option} has no name (use name or name=value)", option=repr(item))
            )
        out[name] = value.strip() if sep else True
    return out
