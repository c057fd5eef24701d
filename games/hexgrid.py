"""The one hex-grid helper: flat-top hexes in axial coordinates.

Every hex game (Ice Hike, Ice Team, Ice Lake) uses this module for neighbours, directions,
distances and the conversion to and from "offset columns" (the letter-number names printed on a
board). The renderer uses :func:`center` to place a hex on the picture.

Axial coordinates ``(q, r)`` on flat-top hexes: ``q`` grows to the east (one column per step),
``r`` grows to the south-east... concretely the six neighbours are the six :data:`DIRECTIONS`.
Directions are named by compass: N, NE, SE, S, SW, NW (flat-top hexes have a flat edge to the
north and to the south, so there is no E or W neighbour).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    q: int
    r: int

    def __add__(self, other: object) -> Hex:
        assert isinstance(other, tuple)
        return Hex(self.q + other[0], self.r + other[1])

    def step(self, direction: str, times: int = 1) -> Hex:
        dq, dr = DIRECTIONS[direction]
        return Hex(self.q + dq * times, self.r + dr * times)

    @property
    def s(self) -> int:
        return -self.q - self.r


#: Compass name -> axial offset, clockwise from north.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}
#: Compass names clockwise from north.
CLOCKWISE: tuple[str, ...] = tuple(DIRECTIONS)
OPPOSITE: dict[str, str] = {d: CLOCKWISE[(i + 3) % 6] for i, d in enumerate(CLOCKWISE)}


def turn(direction: str, sixths: int) -> str:
    """The direction ``sixths`` steps clockwise (negative: counter-clockwise) of ``direction``."""
    return CLOCKWISE[(CLOCKWISE.index(direction) + sixths) % 6]


def neighbours(h: Hex) -> Iterator[tuple[str, Hex]]:
    for name, (dq, dr) in DIRECTIONS.items():
        yield name, Hex(h.q + dq, h.r + dr)


def direction_between(a: Hex, b: Hex) -> str | None:
    """The direction from ``a`` to its neighbour ``b`` (``None`` if not adjacent)."""
    delta = (b.q - a.q, b.r - a.r)
    for name, d in DIRECTIONS.items():
        if d == delta:
            return name
    return None


def distance(a: Hex, b: Hex) -> int:
    return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2


def hexagon(radius: int) -> list[Hex]:
    """All hexes of a hexagon-shaped board of ``radius`` around (0, 0), in reading order."""
    cells = [
        Hex(q, r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ]
    return sorted(cells, key=reading_order)


def reading_order(h: Hex) -> tuple[float, int]:
    """Sort key: top to bottom, then left to right, as a person reads the picture."""
    _x, y = center(h, 1.0)
    return (round(y, 6), h.q)


# ---------------------------------------------------------------- offset columns (odd-q)


def from_offset(col: int, row: int) -> Hex:
    """Column/row on a board whose odd columns sit half a hex lower ("odd-q")."""
    return Hex(col, row - (col - (col & 1)) // 2)


def to_offset(h: Hex) -> tuple[int, int]:
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def cell_name(col: int, row: int) -> str:
    """Letter-number notation: column 0 is ``A``, row 0 is ``1`` ("C4")."""
    return f"{chr(ord('A') + col)}{row + 1}"


# ---------------------------------------------------------------- drawing


def center(h: Hex, size: float) -> tuple[float, float]:
    """Pixel centre of a flat-top hex of circumradius ``size`` (hex (0, 0) at the origin)."""
    x = size * 1.5 * h.q
    y = size * math.sqrt(3) * (h.r + h.q / 2)
    return x, y


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex around a pixel centre, for polygon drawing."""
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
