"""Thin Ice board: cells, directions, tile kinds and faces (all data in one place each).

The field is the grid of tiles plus one ring of sea around it (ruling: nothing may go further
out; RULINGS calls the sea unbounded, but a tile can never slide beyond the ring without going
adrift, so only the bear, swimmers and "Ice with that?" notice the bound). Columns are letters
from A (west), rows numbers from 1 (north); the ring is column A, row 1 and the last column and
row, so the grid is B2..F6 (3-4 players) or B2..G7 (5-6 players) and the ice hole is D4 in
both (RULINGS' "C3 of A-F/1-6" named without the ring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.core import parse_cell_name

Cell = tuple[int, int]

#: The eight directions, clockwise from north: (dx, dy) with y growing southward.
DIRS: Mapping[str, Cell] = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}
ORTHO: tuple[str, ...] = ("N", "E", "S", "W")
OPPOSITE: Mapping[str, str] = {
    "N": "S",
    "NE": "SW",
    "E": "W",
    "SE": "NW",
    "S": "N",
    "SW": "NE",
    "W": "E",
    "NW": "SE",
}

#: Grid side by player count (Set Up: 3-4 players 5x5, 5-6 players 6x6).
GRID_SIDE: Mapping[int, int] = {3: 5, 4: 5, 5: 6, 6: 6}
MARGIN = 1  # the ring of sea around the grid that the field includes

# Tile kinds: the identity of a double-sided tile. Faces: (front, back); the front is up at
# the start ("shuffle them Ice side up") and the back is revealed when the tile cracks.
ICE, WHALE, PERMA, HOLE, KRAKEN, PARTIAL, ROTATING = (
    "ice",
    "whale",
    "perma",
    "hole",
    "kraken",
    "partial",
    "rotating",
)
FACES: Mapping[str, tuple[str, str]] = {
    ICE: ("ice", "cracked"),
    WHALE: ("ice", "whale"),
    PERMA: ("ice", "perma"),
    HOLE: ("hole", "cracked-hole"),
    KRAKEN: ("ice", "kraken"),
    PARTIAL: ("partial", "cracked-partial"),
    ROTATING: ("rotating", "cracked-rotating"),
}
#: Faces that are "cracked": leaving them removes the tile; they cannot slide.
CRACKED_FACES = frozenset({"cracked", "cracked-hole", "cracked-partial", "cracked-rotating"})
#: Faces nobody may stand on (Killer Whale, Kraken); only these may slide onto the bear.
BLOCKING_FACES = frozenset({"whale", "kraken"})
HOLE_FACES = frozenset({"hole", "cracked-hole"})
PARTIAL_FACES = frozenset({"partial", "cracked-partial", "rotating", "cracked-rotating"})

#: Tiles besides the ice hole (data, RULINGS): by grid side.
TILE_COUNTS: Mapping[int, Mapping[str, int]] = {
    5: {ICE: 18, WHALE: 3, PERMA: 3},
    6: {ICE: 27, WHALE: 4, PERMA: 4},
}
#: Kraken expansion: these replace plain ice tiles (data, RULINGS).
KRAKEN_TILES: Mapping[str, int] = {KRAKEN: 1, PARTIAL: 2, ROTATING: 2}

#: The die (data, RULINGS): two bears, two cracks, a slide, a refreeze.
BEAR, CRACK, SLIDE, REFREEZE = "bear", "crack", "slide", "refreeze"
DIE: tuple[str, ...] = (BEAR, BEAR, CRACK, CRACK, SLIDE, REFREEZE)

#: Partial tiles: the iced corner by orientation (0..3); both edges at that corner are ice.
CORNERS: tuple[str, ...] = ("NE", "SE", "SW", "NW")


@dataclass(frozen=True)
class Tile:
    kind: str
    flipped: bool = False
    turn: int = 0  # orientation of partial tiles: index into CORNERS

    @property
    def face(self) -> str:
        return FACES[self.kind][1 if self.flipped else 0]

    @property
    def public_face(self) -> str:
        """What everyone sees: the up face (backs are unknown until revealed)."""
        return self.face


def side(players: int) -> int:
    return GRID_SIDE[players]


def width(players: int) -> int:
    return GRID_SIDE[players] + 2 * MARGIN


def hole_cell(players: int) -> Cell:
    n = GRID_SIDE[players]
    c = MARGIN + (n - 1) // 2
    return (c, c)


def grid_cells(players: int) -> list[Cell]:
    n = GRID_SIDE[players]
    return [(x, y) for y in range(MARGIN, MARGIN + n) for x in range(MARGIN, MARGIN + n)]


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    dx, dy = DIRS[d]
    return (cell[0] + k * dx, cell[1] + k * dy)


def cheb(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def name(cell: Cell) -> str:
    return f"{chr(65 + cell[0])}{cell[1] + 1}"


def parse_cell(text: str) -> Cell | None:
    """``"d4"`` -> ``(3, 3)``; ``None`` when the text is not a letter and a number."""
    parsed = parse_cell_name(text)
    if parsed is None or parsed[1] < 0:
        return None
    return parsed


def iced_edges(tile: Tile) -> frozenset[str]:
    """The edges with ice: all four for whole tiles, two adjacent ones for partial tiles."""
    if tile.face not in PARTIAL_FACES:
        return frozenset(ORTHO)
    corner = CORNERS[tile.turn % 4]
    return frozenset(corner)


def passes(tile: Tile | None, d: str) -> bool:
    """Partial Ice: "you may only move on/off these tiles from an edge with ice" (RULINGS:
    orthogonal moves through an iced edge, diagonal moves only where both edges are ice)."""
    if tile is None or tile.face not in PARTIAL_FACES:
        return True
    return set(d) <= iced_edges(tile)
