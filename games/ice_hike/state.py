"""Ice Hike options, state and view (frozen dataclasses)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from games.core import Options, Seat

#: Colour names in seat order (the fifth, black, plays with five players).
COLOURS: tuple[str, ...] = ("orange", "white", "brown", "grey", "black")

# Phases
PLACE = "place"  # the mover places the drawn tile
CHOOSE = "choose"  # puppet or bear
ACT = "act"  # steps of the puppet and/or the bear, until ``end``
TORCH = "torch"  # attacked players with a torch (standing choice "ask") decide
FLEE = "flee"  # an attacked player chooses where the puppet goes
OVER = "over"


@dataclass(frozen=True)
class HikeOptions(Options):
    shorter_game: bool = False
    play_on: bool = False

    help: ClassVar[Mapping[str, str]] = {
        "shorter_game": "finish on the cross (F7), fewer tiles",
        "play_on": "after the winner, play on for second place and beyond",
    }


@dataclass(frozen=True)
class HikeState:
    seed: int
    step: int
    players: int
    options: HikeOptions
    finish: int  # the FINISH cell (B9, or F7 in the shorter game)
    first: int  # the colour who began
    current: int  # the colour whose turn it is
    phase: str
    mode: str  # "puppet" or "bear" once chosen, else ""
    drew: bool  # this turn began with a tile (else the tiles are finished: bears do not walk)
    steps: int  # puppet steps left this turn
    puppet_done: bool  # bear turn: the puppet's berry block is over
    bear: int  # index in ``bears`` of the bear walking this turn, or -1
    bear_steps: int
    bear_origin: int  # where the walking bear started (-1)
    bear_prev: int  # the cell the walking bear came from on its last step (-1)
    bear_done: bool  # the bear block of this turn is over
    tiles: str  # one code per cell (board.NO_TILE, WATER, FISH, LAND, MOUNTAIN)
    cubes: str  # one code per cell: the find lying on a mountain, or "."
    bears: tuple[int, ...]  # cells of the bears in play (a bear on fish water is drowned)
    pos: tuple[int, ...]  # puppet cell per colour (-1: off the board)
    igloos: tuple[tuple[int, ...], ...]  # per colour
    finds: tuple[tuple[int, int, int], ...]  # per colour: berries, torches, ropes
    pile: tuple[str, ...]  # face-down tiles, top first (secret)
    bag: tuple[str, ...]  # the grab bag, next draw first (secret)
    drawn: str  # the tile drawn this turn, "" when none (secret to all but the mover)
    drawn_cube: str  # its cave find when a mountain (secret likewise)
    turns: tuple[int, ...]  # turns begun per colour
    policy: tuple[str, ...]  # per seat: torches always / never / ask
    torch_cell: int  # attack waiting for torch answers (-1)
    torch_asked: frozenset[Seat]
    torch_declined: frozenset[Seat]
    flee: tuple[tuple[int, int], ...]  # (colour, attack cell) waiting for a destination
    finished: tuple[int, ...]  # colours on FINISH, in order
    retired: frozenset[Seat]
    best: tuple[int, ...]  # tiles finished: each colour's best distance to FINISH so far
    quiet: int  # tiles finished: turns in a row without progress
    moves: tuple[tuple[str, tuple[int, ...]], ...]  # this turn's paths ("puppet"/"bear", cells)
    last_moves: tuple[tuple[str, tuple[int, ...]], ...]  # the previous turn's paths
    last_colour: int  # whose turn ``last_moves`` was (-1)
    last_place: int  # the cell of the last tile placed (-1)
    result: str  # "" while playing; "win", "stall", "alone" when over


@dataclass(frozen=True)
class HikeView:
    """What one seat (or a spectator, ``viewer=None``) may see."""

    game: str
    step: int
    players: int
    viewer: Seat | None
    colours: tuple[str, ...]  # colour names, one per colour in play
    owners: tuple[Seat, ...]  # the seat playing each colour
    current: int | None  # colour to move (None when over)
    to_act: frozenset[Seat]
    phase: str
    mode: str
    steps: int
    bear_steps: int
    walking_bear: str | None
    start: str
    finish: str
    tiles: str  # per cell, codes of games.ice_hike.board (cells numbered col * 10 + row)
    cubes: str  # per cell, the find lying on a mountain
    bears: tuple[str, ...]
    drowned: tuple[str, ...]
    bears_in_box: int
    puppets: tuple[str | None, ...]  # per colour
    igloos: tuple[tuple[str, ...], ...]
    finds: tuple[tuple[int, int, int], ...]  # per colour: berries, torches, ropes (public)
    tiles_left: int
    tile_drawn: bool  # a tile is drawn and not yet placed (everyone sees that)
    drawn: str | None  # what it is: only in the mover's view
    torch_policy: str | None  # the viewer's own standing choice
    torch_cell: str | None
    torch_asked: frozenset[Seat]
    fleeing: int | None  # colour choosing where to go after an attack
    flee_options: tuple[str, ...]  # its choices (notation), in the fleeing owner's view only
    finished: tuple[int, ...]
    retired: frozenset[Seat]
    winners: frozenset[Seat]
    result: str
    moves: tuple[tuple[str, tuple[str, ...]], ...]  # this turn so far
    last_moves: tuple[tuple[str, tuple[str, ...]], ...]
    last_colour: int | None
    last_place: str | None
