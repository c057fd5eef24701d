"""Ice Team's phases, options, state and a seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from games.core import (
    Options,
    Seat,
)
from games.words import Text
from util.records import frozen

# Phases
MOVE = "move"  # the current player moves a bear (an action of the turn)
PAWS_PHASE = "paws"  # bear paws: an optional extra action with the same bear
SHIFT = "shift"  # the bear stands on a shifting tile that must shift
VILLAGE = "village"  # the bear reached FINISH: choose one of the two dice
OVER = "over"


@frozen
class IceTeamOptions(Options):
    help: ClassVar[Mapping[str, Text]] = {}


# ----------------------------------------------------------------------------- state


@frozen
class IceTeamState:
    seed: int
    step: int
    boards: tuple[str, ...]  # west to east, "A" or "A'" (turned 180 degrees)
    cells: str  # one code per cell (see the cell codes above), index q * ROWS + r
    bears: tuple[tuple[int, ...], ...]  # per seat, per bear: a position
    fish: tuple[tuple[int, int], ...]  # per seat: (fresh, frozen)
    first: Seat
    current: Seat
    phase: str
    actions_left: int  # actions of the turn still to take (the extra action not counted)
    bear: int = -1  # the bear whose effect is pending (paws, shift, village)
    dirs: tuple[str, ...] = ()  # the directions the bear arrived from (block shifting)
    dice: tuple[str, ...] = ()  # the last roll (one die: igloo; two dice: village)
    last: tuple[int, ...] = ()  # the last move's path: origin, every space crossed, destination
    last_mover: tuple[int, int] = (-1, -1)  # (seat, bear) of the last move
    four: Seat | None = None  # who brought four bears to FINISH
    loser: Seat | None = None  # blocked or resigned
    ended: str = ""  # "", "finish", "blocked", "resigned"


@frozen
class IceTeamView:
    """Everything on the table: Ice Team hides nothing but the future dice."""

    game: str
    step: int
    players: int
    columns: int
    rows: int
    boards: tuple[str, ...]
    cells: tuple[tuple[str, str], ...]  # (name, code) per cell, in index order
    bears: tuple[tuple[str, ...], ...]  # per seat, per bear: cell name, "start" or "finish"
    fish: tuple[tuple[int, int], ...]  # per seat: (fresh, frozen)
    scores: tuple[int, ...]
    finished: tuple[int, ...]  # bears on FINISH per seat
    current: Seat | None
    phase: str
    actions_left: int
    bear: int  # the acting bear (0-based) during paws/shift/village, else -1
    dice: tuple[str, ...]
    last: tuple[str, ...]  # the last move's path, names
    last_mover: tuple[int, int]
    four: Seat | None
    loser: Seat | None
    ended: str
    winners: frozenset[Seat]
    viewer: Seat | None
    dirs: tuple[str, ...] = ()  # the acting bear's moving directions (block shifting)
