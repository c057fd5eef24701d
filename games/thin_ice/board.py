"""Thin Ice board: cells, directions, tile kinds and faces (all data in one place each).

Outside the grid is sea, unbounded (ruling): the bear, a Killer Whale's push and slid or
placed tiles may go any distance out. The *field* is the grid plus one ring of sea (what a
board shows at least); columns are letters from A (west), rows numbers from 1 (north), the
ring being column A, row 1 and the last column and row, so the grid is B2..F6 (3-4 players) or
B2..G7 (5-6 players) and the ice hole is D4 in both (the rulings' "C3 of A-F/1-6" named
without the ring). Farther out the names go on: columns after Z are AA, AB ...; columns west
of A are -A, -B ... (one and two west of A) and rows north of 1 are -1, -2 ... ("-A-1" is the
sea space north-west of A1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from games.core import parse_number
from games.words import Said, say
from util.records import frozen

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

#: Tiles besides the ice hole (data, RULINGS.md): by grid side.
TILE_COUNTS: Mapping[int, Mapping[str, int]] = {
    5: {ICE: 18, WHALE: 3, PERMA: 3},
    6: {ICE: 27, WHALE: 4, PERMA: 4},
}
#: Kraken expansion: these replace plain ice tiles (data, RULINGS.md).
KRAKEN_TILES: Mapping[str, int] = {KRAKEN: 1, PARTIAL: 2, ROTATING: 2}

#: The die (data, RULINGS.md): two bears, two cracks, a slide, a refreeze.
BEAR, CRACK, SLIDE, REFREEZE = "bear", "crack", "slide", "refreeze"
DIE: tuple[str, ...] = (BEAR, BEAR, CRACK, CRACK, SLIDE, REFREEZE)
#: The die's faces in words, as a roll is told ("Ann rolls: bear.").
DIE_WORDS: Mapping[str, Said] = {
    # Translators: a face of the die: the polar bear moves (or wakes up)
    BEAR: say("bear"),
    # Translators: a face of the die: crack an ice tile or remove a cracked one
    CRACK: say("crack"),
    # Translators: a face of the die: slide a tile
    SLIDE: say("slide"),
    # Translators: a face of the die: refreeze a cracked tile
    REFREEZE: say("refreeze"),
}

#: Partial tiles: the iced corner by orientation (0..3); both edges at that corner are ice.
CORNERS: tuple[str, ...] = ("NE", "SE", "SW", "NW")


@frozen
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


def extent(players: int, pieces: Iterable[Cell]) -> tuple[Cell, Cell]:
    """The north-west and south-east corners of the smallest rectangle holding the field (the
    grid and its ring of sea) and every cell of ``pieces``: what a board must show."""
    xs, ys = [0, width(players) - 1], [0, width(players) - 1]
    for x, y in pieces:
        xs.append(x)
        ys.append(y)
    return (min(xs), min(ys)), (max(xs), max(ys))


def grid_cells(players: int) -> list[Cell]:
    n = GRID_SIDE[players]
    return [(x, y) for y in range(MARGIN, MARGIN + n) for x in range(MARGIN, MARGIN + n)]


def step(cell: Cell, d: str, k: int = 1) -> Cell:
    dx, dy = DIRS[d]
    return (cell[0] + k * dx, cell[1] + k * dy)


def cheb(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _letters(k: int) -> str:
    """Column letters of a column index >= 0: A..Z, then AA, AB ... (spreadsheet style)."""
    out = ""
    k += 1
    while k:
        k, r = divmod(k - 1, 26)
        out = chr(65 + r) + out
    return out


def name(cell: Cell) -> str:
    """``(3, 3)`` -> ``"D4"``; sea spaces west of A or north of row 1 get a minus sign."""
    x, y = cell
    column = _letters(x) if x >= 0 else "-" + _letters(-x - 1)
    row = str(y + 1) if y >= 0 else str(y)
    return column + row


_CELL = re.compile(r"(-?)([A-Z]{1,3})(-?[0-9]+)", re.ASCII)


def parse_cell(text: str) -> Cell | None:
    """``"d4"`` -> ``(3, 3)``, the inverse of :func:`name`; ``None`` when the text names no cell."""
    m = _CELL.fullmatch(text.strip().upper())
    if m is None:
        return None
    west, letters, row_text = m.groups()
    number = parse_number(row_text.removeprefix("-"))
    if number is None or number == 0:
        return None
    x = 0
    for ch in letters:
        x = x * 26 + ord(ch) - 64
    x -= 1
    return (-x - 1 if west else x, -number if row_text.startswith("-") else number - 1)


def iced_edges(tile: Tile) -> frozenset[str]:
    """The edges with ice: all four for whole tiles, two adjacent ones for partial tiles."""
    if tile.face not in PARTIAL_FACES:
        return frozenset(ORTHO)
    corner = CORNERS[tile.turn % 4]
    return frozenset(corner)


def passes(tile: Tile | None, d: str) -> bool:
    """Partial Ice: "you may only move on/off these tiles from an edge with ice" (RULINGS.md:
    orthogonal moves through an iced edge, diagonal moves only where both edges are ice)."""
    if tile is None or tile.face not in PARTIAL_FACES:
        return True
    return set(d) <= iced_edges(tile)
