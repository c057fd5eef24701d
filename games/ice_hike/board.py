"""The Ice Hike board as data (``RULINGS.md``, Ice Hike: all values marked *data*).

Flat-top hexes in 13 columns A-M (west to east) and 10 rows 1-10 (north to south); odd columns
(B, D, ...) sit half a hex lower: that is :func:`games.hexgrid.from_offset` ("odd-q"). Cells are
numbered ``col * ROWS + row`` (A1 = 0, A2 = 1, ..., M10 = 129) so that the blockade searches
work on small integer arrays; :data:`NAMES` and :func:`cell` convert to and from "C4".
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core import parse_cell_name
from games.hexgrid import DIRECTIONS, Hex, cell_name, from_offset, to_offset
from games.words import Said, say

COLS = 13
ROWS = 10
NCELLS = COLS * ROWS

# Cell kinds: a full hexagon takes tiles and igloos; half hexes and corners only carry pieces.
FULL, HALF, CORNER = "full", "half", "corner"

#: The four corners of the board.
CORNER_NAMES: frozenset[str] = frozenset({"A1", "M1", "A10", "M10"})
#: Half hexes: columns A and M, row 1 of the even columns C E G I K (the higher ones), row 10 of
#: the odd columns B D F H J L (the lower ones).
HALF_NAMES: frozenset[str] = (
    frozenset(
        {f"A{r}" for r in range(1, 11)}
        | {f"M{r}" for r in range(1, 11)}
        | {f"{c}1" for c in "CEGIK"}
        | {f"{c}10" for c in "BDFHJL"}
    )
    - CORNER_NAMES
)

START_NAME = "L1"
FINISH_NAME = "B9"
#: The finish of the shorter game: the cross printed on the board.
CROSS_NAME = "F7"
#: Land printed on the board (level 2) besides START and FINISH: the two cells left of the finish.
LAND_NAMES: frozenset[str] = frozenset({"A9", "A10"})
#: Water printed on the edge of the board (blue halves).
EDGE_WATER_NAMES: frozenset[str] = frozenset({"E1", "I1", "F10", "J10", "A3", "A6", "M5", "M8"})

# Tile codes (one character per cell in a state's ``tiles`` string).
NO_TILE, WATER, FISH, LAND, MOUNTAIN = ".", "w", "f", "l", "m"
#: What each tile is called in the narration ("draws water with fish").
TILE_NAMES: Mapping[str, Said] = {
    # Translators: a tile, as in "Ann places water on C4" and "You draw water."
    WATER: say("water"),
    # Translators: a tile, as in "Ann places water with fish on C4".
    FISH: say("water with fish"),
    # Translators: a tile, as in "Ann places land on C4".
    LAND: say("land"),
    # Translators: a tile, as in "Ann places mountain on C4" (a mountain with no cave find).
    MOUNTAIN: say("mountain"),
}
#: The face-down tiles (data): 20 water (4 with fish), 16 land, 24 mountain.
TILE_COUNTS: Mapping[str, int] = {WATER: 16, FISH: 4, LAND: 16, MOUNTAIN: 24}
#: Level of each tile: water is level 1 like the ice, land 2, mountain 3.
TILE_LEVEL: Mapping[str, int] = {WATER: 1, FISH: 1, LAND: 2, MOUNTAIN: 3}

# Cave finds (cubes in the grab bag).
BERRIES, TORCH, ROPE, BEAR_CUBE, EMPTY = "b", "r", "y", "w", "k"
#: The grab bag (data): 5 blue, 5 red, 5 yellow, 5 white, 4 black.
CUBE_COUNTS: Mapping[str, int] = {BERRIES: 5, TORCH: 5, ROPE: 5, BEAR_CUBE: 5, EMPTY: 4}
#: The finds a puppet can carry, in inventory order, with their notation names.
FINDS: tuple[str, ...] = (BERRIES, TORCH, ROPE)
FIND_NAMES: Mapping[str, str] = {BERRIES: "berries", TORCH: "torch", ROPE: "rope"}
#: A find as the cube paid for an igloo ("paying white a red cube").
FIND_CUBES: Mapping[str, Said] = {
    # Translators: a cave find paid as a toll, as in "Ann walks NE to C4, paying white a blue cube".
    BERRIES: say("a blue cube"),
    # Translators: a cave find paid as a toll, as in "Ann walks NE to C4, paying white a red cube".
    TORCH: say("a red cube"),
    # Translators: a cave find paid as a toll, as in "Ann walks NE to C4, paying white a yellow cube".
    ROPE: say("a yellow cube"),
}
#: What each cube from the grab bag does, in one short line for whoever finds or holds it (the
#: hand, the menus, how to play), in the rulebook's words.
FIND_EFFECTS: Mapping[str, Said] = {
    BERRIES: say("Blueberries: 2 extra steps for your puppet, once."),
    TORCH: say("Torch: fend off one bear attack, or push a bear one space aside in your turn."),
    ROPE: say("Rope: climb or descend two levels at once (level 1 to 3 or back), once."),
    BEAR_CUBE: say("Bear cave: a polar bear comes out onto the mountain."),
    EMPTY: say("Empty cave: nothing to find."),
}
#: Polar bears in the box: the fifth white cube counts as a black one.
BEARS_IN_BOX = 4

#: Shorter game: tiles and black cubes removed at random (data, the rulebook's table):
#: (water, land, mountain, black) for 2-4 players and for 5 players.
SHORT_REMOVALS: Mapping[int, tuple[int, int, int, int]] = {4: (4, 4, 4, 4), 5: (4, 3, 3, 3)}


def _name(c: int) -> str:
    return cell_name(c // ROWS, c % ROWS)


NAMES: tuple[str, ...] = tuple(_name(c) for c in range(NCELLS))
INDEX: Mapping[str, int] = {n: i for i, n in enumerate(NAMES)}
HEXES: tuple[Hex, ...] = tuple(from_offset(c // ROWS, c % ROWS) for c in range(NCELLS))
_BY_HEX: Mapping[Hex, int] = {h: i for i, h in enumerate(HEXES)}

KIND: tuple[str, ...] = tuple(
    CORNER if n in CORNER_NAMES else HALF if n in HALF_NAMES else FULL for n in NAMES
)
START = INDEX[START_NAME]
FINISH = INDEX[FINISH_NAME]
CROSS = INDEX[CROSS_NAME]
LAND_CELLS: frozenset[int] = frozenset(INDEX[n] for n in LAND_NAMES)
EDGE_WATER: frozenset[int] = frozenset(INDEX[n] for n in EDGE_WATER_NAMES)


def _step(c: int, direction: str) -> int:
    dq, dr = DIRECTIONS[direction]
    h = HEXES[c]
    return _BY_HEX.get(Hex(h.q + dq, h.r + dr), -1)


#: STEP[c][direction] is the neighbour of cell c in that direction, or -1 off the board.
STEP: tuple[Mapping[str, int], ...] = tuple({d: _step(c, d) for d in DIRECTIONS} for c in range(NCELLS))
#: The neighbours of each cell on the board.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in STEP[c].values() if n >= 0) for c in range(NCELLS)
)


def cell(text: str) -> int | None:
    """``"c4"`` -> the cell number, ``None`` when the text names no cell of the board."""
    parsed = parse_cell_name(text)
    if parsed is None:
        return None
    col, row = parsed
    if not (0 <= col < COLS and 0 <= row < ROWS):
        return None
    return col * ROWS + row


def column(c: int) -> int:
    """West to east, 0 (A) to 12 (M)."""
    return c // ROWS


def back_toward_start(attacked_on: int, igloo: int) -> bool:
    """Where an attacked puppet may go "back": an igloo "on the same north-south row of hexagons
    as where you are when you are attacked, or ... on a north-south row closer to the start
    tile" (the rows are the columns; column M lies east of START's)."""
    start = column(START)
    here, there = column(attacked_on), column(igloo)
    return there == here or abs(there - start) < abs(here - start)


def distance(a: int, b: int) -> int:
    ha, hb = HEXES[a], HEXES[b]
    return (abs(ha.q - hb.q) + abs(ha.r - hb.r) + abs(ha.q + ha.r - hb.q - hb.r)) // 2


def base_tiles(finish: int) -> str:
    """The printed board as a tile string: START, FINISH and the land beside the finish are land;
    the edge water is water; everything else is ice (no tile)."""
    out = [NO_TILE] * NCELLS
    for c in (START, finish, *LAND_CELLS):
        out[c] = LAND
    for c in EDGE_WATER:
        out[c] = WATER
    return "".join(out)


assert all(to_offset(HEXES[c]) == (c // ROWS, c % ROWS) for c in range(NCELLS))
assert KIND[START] == FULL and KIND[FINISH] == FULL and KIND[CROSS] == FULL
