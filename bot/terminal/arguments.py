"""What ``floe play`` is given beside the game: ``--computer`` (which seats the computer plays)
and ``--option`` (the game's options), read into what :func:`bot.terminal.local.run_local` takes.
A mistake is refused with a saying (:class:`InvalidOptions`), told in the player's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.catalogue import AnyGame, InvalidOptions, Listed, has_computer, say
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


def seating(rules: AnyGame, players: int | None, computers: ComputerSeats) -> tuple[int, dict[int, str]]:
    """The number of seats at a table of ``rules`` for ``players`` people and ``computers``, and
    the computer seats (from 0) with their levels; refused when the game cannot seat them."""
    allowed = rules.players
    if computers and not has_computer(rules):
        raise InvalidOptions(say("{game} has no computer player yet", game=rules.title))
    if computers.everyone is not None:
        n = allowed.start if players is None else players
        chosen = dict.fromkeys(range(n), computers.everyone)
    else:
        people = players if players is not None else max(1, allowed.start - len(computers.seats))
        n = people + len(computers.seats)
        beyond = [k for k in computers.seats if k > n]
        if beyond:
            raise InvalidOptions(
                say(
                    "{option} seat {seat}: the table has {n} seats ({people} for people, {computer} for the computer)",
                    option="--computer",
                    seat=beyond[0],
                    n=n,
                    people=people,
                    computer=len(computers.seats),
                )
            )
        chosen = {k - 1: level for k, level in computers.seats.items()}
    if n not in allowed:
        k = len(computers.seats)
        lo, hi = allowed.start, allowed.stop - 1
        raise InvalidOptions(
            say(
                "{game} is for {lo} to {hi} players, not {n} ({people} at this keyboard and {computer} for the computer)",
                game=rules.title,
                lo=lo,
                hi=hi,
                n=n,
                people=n - k,
                computer=k,
            )
            if k
            else say("{game} is for {lo} to {hi} players, not {n}", game=rules.title, lo=lo, hi=hi, n=n)
        )
    return n, chosen
