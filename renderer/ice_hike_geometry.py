"""Ice Hike's board geometry and paint data: where each hex, its name, its pieces and the panel
sit on the 960-pixel picture (:mod:`renderer.ice_hike` draws it), and the colours of the levels,
hikers and finds."""

from __future__ import annotations

import functools
import math

from games.ice_hike import board as B
from games.ice_hike.state import HikeView
from renderer import lettering, theme
from renderer.theme import RGB

# --------------------------------------------------------------------------- layout

WIDTH = theme.TARGET_WIDTH
SIZE = 29  # hex circumradius
SQ3 = math.sqrt(3)
LABEL = 26  # the band for coordinates around the board
BOARD_LEFT = theme.MARGIN
BOARD_TOP = theme.MARGIN
#: Centre of A1 (column 0, row 0); the printed rectangle runs through the edge hexes' centres.
ORIGIN_X = BOARD_LEFT + theme.PAD + LABEL
ORIGIN_Y = BOARD_TOP + theme.PAD + LABEL
RECT = (ORIGIN_X, ORIGIN_Y, ORIGIN_X + 1.5 * SIZE * (B.COLS - 1), ORIGIN_Y + SQ3 * SIZE * (B.ROWS - 0.5))
BOARD_RIGHT = RECT[2] + LABEL + theme.PAD
BOARD_BOTTOM = RECT[3] + LABEL + theme.PAD
PANEL_LEFT = BOARD_RIGHT + theme.GAP
PANEL_RIGHT = WIDTH - theme.MARGIN
HEIGHT_MIN = int(BOARD_BOTTOM + theme.MARGIN)
PUPPET_R = 9
#: From this many puppets on one cell on, they are drawn smaller, so each letter shows.
CROWD = 4
CROWDED_PUPPET_R = 7
BEAR_R = 11
CUBE = 6

#: Level shades (data for the picture only).
TERRAIN_RGB: dict[str, RGB] = {
    "ice": theme.TERRAIN["ice"],
    "land": (214, 184, 140),
    "mountain": (150, 132, 116),
    "water": theme.TERRAIN["water"],
    "fish": (40, 150, 160),
}
#: The hikers' colours (the game's colours, with letters that carry the same information).
HIKER_RGB: dict[str, RGB] = {
    "orange": theme.OKABE_ITO["orange"],
    "white": (250, 250, 250),
    "brown": (140, 84, 40),
    "grey": (150, 150, 150),
    "black": (30, 30, 30),
}
HIKER_LETTER: dict[str, str] = {"orange": "O", "white": "W", "brown": "B", "grey": "G", "black": "K"}
CUBE_RGB: dict[str, RGB] = {
    B.BERRIES: theme.OKABE_ITO["blue"],
    B.TORCH: theme.OKABE_ITO["vermillion"],
    B.ROPE: theme.OKABE_ITO["yellow"],
}
CUBE_LETTER: dict[str, str] = {B.BERRIES: "b", B.TORCH: "t", B.ROPE: "r"}
BEAR_RGB: RGB = (252, 252, 248)


def centre(cell: int) -> tuple[float, float]:
    """Pixel centre of a cell (number or name)."""
    col, row = divmod(cell, B.ROWS)
    return ORIGIN_X + 1.5 * SIZE * col, ORIGIN_Y + SQ3 * SIZE * (row + (col & 1) / 2)


def centre_of(name: str) -> tuple[float, float]:
    return centre(B.INDEX[name])


#: How far a piece on a half hex or corner stands from the cut edge, inwards (across a side
#: cut, and across a top or bottom cut, where the cell's name lies along the cut).
SIDE_CUT_SHIFT = SIZE * 0.42
END_CUT_SHIFT = SIZE * 0.6
#: The faint name printed on each cell (``D5``); a half hex or corner prints it smaller.
CELL_NAME_SIZE = 9
CUT_CELL_NAME_SIZE = 8
CELL_NAME_INK = theme.darken(theme.TERRAIN["ice"], 0.4)


@functools.cache
def cuts(cell: int) -> tuple[bool, bool, bool, bool]:
    """Which sides of ``cell``'s hex the printed rectangle cuts away: (left, top, right, bottom)."""
    col = cell // B.ROWS
    _x, y = centre(cell)
    return col == 0, abs(y - RECT[1]) < 1, col == B.COLS - 1, abs(y - RECT[3]) < 1


def spot(cell: int) -> tuple[float, float]:
    """Where ``cell``'s pieces stand: its centre, or for a half hex or corner the middle of the
    part the printed rectangle keeps, so a piece never lies over the coordinates around it."""
    cx, cy = centre(cell)
    left, top, right, bottom = cuts(cell)
    return cx + SIDE_CUT_SHIFT * (left - right), cy + END_CUT_SHIFT * (top - bottom)


def spot_of(name: str) -> tuple[float, float]:
    return spot(B.INDEX[name])


def cell_name_place(cell: int) -> tuple[float, float, lettering.Anchor, int]:
    """Where ``cell`` prints its faint name (x, y, anchor, size): low in a whole hex (under a
    lone puppet, over an igloo's base), along the cut of a half hex cut at the top or bottom
    (its pieces stand in the other half), near the cut of one cut at a side."""
    cx, cy = centre(cell)
    left, top, right, bottom = cuts(cell)
    rise = (5 if top else -5) if top or bottom else SIZE * (0.45 if left or right else 0.62)
    y = cy + rise
    size = CELL_NAME_SIZE if not any(cuts(cell)) else CUT_CELL_NAME_SIZE
    if left:
        return cx + 2, y, "lm", size
    if right:
        return cx - 2, y, "rm", size
    return cx, y, "mm", size


def puppet_places(cell: int, n: int) -> list[tuple[float, float]]:
    """The centres of ``n`` puppets on ``cell``: one a little above the middle of a whole hex,
    several in a ring above its name (and START's); on a half hex or corner, in a line across
    the part the printed rectangle keeps, never out of it."""
    x, y = spot(cell)
    left, top, right, bottom = cuts(cell)
    if not (left or top or right or bottom):
        if n == 1:
            return [(x, y - SIZE * 0.15)]
        y -= SIZE * 0.2
        turn = math.pi / n if n % 2 == 0 else 0.0  # none straight down, where the name lies
        ring = SIZE * (0.38 if n < CROWD else 0.42)
        return [
            (x + math.cos(a) * ring, y + math.sin(a) * ring)
            for a in (2 * math.pi * k / n - math.pi / 2 + turn for k in range(n))
        ]
    if n == 1:
        return [_inside(x, y - (0 if top or bottom else SIZE * 0.15))]
    if top or bottom:  # a row along the cut
        step = min(2 * CROWDED_PUPPET_R + 1, SIZE * 1.1 / (n - 1))
        return [_inside(x + (k - (n - 1) / 2) * step, y) for k in range(n)]
    step = min(2 * CROWDED_PUPPET_R + 1, SIZE * 1.0 / (n - 1))  # a column above the name
    return [_inside(x, y - SIZE * 0.3 + (k - (n - 1) / 2) * step) for k in range(n)]


def puppet_radius(cell: int, n: int) -> float:
    """The radius of each of ``n`` puppets on ``cell``: smaller when they crowd it."""
    return PUPPET_R if n == 1 or (n < CROWD and not any(cuts(cell))) else CROWDED_PUPPET_R


def _inside(x: float, y: float, r: float = PUPPET_R + 1) -> tuple[float, float]:
    """(x, y) moved into the printed rectangle far enough for a piece of radius ``r``."""
    left, top, right, bottom = RECT
    return min(max(x, left + r), right - r), min(max(y, top + r), bottom - r)


def terrain(view: HikeView, cell: int) -> str:
    t = view.tiles[cell]
    if t == B.WATER:
        return "water"
    if t == B.FISH:
        return "fish"
    if t == B.LAND:
        return "land"
    if t == B.MOUNTAIN:
        return "mountain"
    return "ice"


def shows_cross(view: HikeView) -> bool:
    """Whether the printed cross (the shorter game's Finish) is visible: not the Finish, no tile."""
    return B.INDEX[view.finish] != B.CROSS and view.tiles[B.CROSS] == B.NO_TILE
