"""Ice Team's components and geometry (data): the course boards, tiles and dice, cell positions and
names, straight lines, and the course layouts allowed at setup."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations, product

from games.core import (
    InvalidAction,
    parse_cell_name,
    quoted,
)
from games.hexgrid import Hex, cell_name, neighbours
from games.words import Said, say, say_n

# ----------------------------------------------------------------------------- data

#: Course boards (data): local (column, row) of the two igloos and of the always-empty space.
BOARDS: Mapping[str, tuple[tuple[tuple[int, int], ...], tuple[int, int]]] = {
    "A": (((0, 1), (2, 2)), (1, 0)),
    "B": (((1, 1), (0, 2)), (2, 0)),
    "C": (((2, 0), (0, 1)), (1, 2)),
    "D": (((1, 0), (2, 2)), (0, 1)),
}
BOARD_SIZE = 3
COLUMNS = BOARD_SIZE * len(BOARDS)  # 12, along the course
ROWS = BOARD_SIZE  # 3, across it
CELLS = COLUMNS * ROWS

# Cell codes (one character per cell in ``IceTeamState.cells``).
SEA = "."  # empty sea space (no tile)
IGLOO = "I"  # unsearched igloo (one fish on it)
SEARCHED = "i"  # searched igloo
PLAIN = "P"
CRACKED = "C"
PAWS = "B"  # bear paws (always cracked)
PENGUIN1, PENGUIN2, PENGUIN3 = "1", "2", "3"
SHIFTING = "S"
PENGUINS: Mapping[str, int] = {PENGUIN1: 1, PENGUIN2: 2, PENGUIN3: 3}
THIN_ICE = frozenset({CRACKED, PAWS})  # removed when a bear leaves them
SEA_ICE = frozenset({PLAIN, CRACKED, PAWS, PENGUIN1, PENGUIN2, PENGUIN3, SHIFTING})
TILE_NAMES: Mapping[str, Said] = {
    SEA: say("open sea"),
    IGLOO: say("igloo"),
    SEARCHED: say("searched igloo"),
    PLAIN: say("plain ice"),
    CRACKED: say("cracked ice"),
    PAWS: say("bear paws"),
    PENGUIN1: say_n("{n} penguin", "{n} penguins", 1),
    PENGUIN2: say_n("{n} penguin", "{n} penguins", 2),
    PENGUIN3: say_n("{n} penguin", "{n} penguins", 3),
    # Translators: a tile that moves on with the bear standing on it
    SHIFTING: say("shifting tile"),
}

#: The 24 double-sided sea-ice tiles (data): (side one, side two), how many.
TILES: tuple[tuple[tuple[str, str], int], ...] = (
    ((PLAIN, CRACKED), 6),
    ((PAWS, PLAIN), 4),
    ((PAWS, PENGUIN1), 4),
    ((PENGUIN2, CRACKED), 4),
    ((PENGUIN3, SHIFTING), 2),
    ((SHIFTING, PLAIN), 4),
)
#: The faces of each of the two identical dice (data).
STEAL = "steal"
DIE: tuple[str, ...] = ("1", "1", "2", "2", "3", STEAL)
STEAL_MAX = 2
BEARS = 4

# Positions of bears: a cell index 0..35 (q * ROWS + r), or one of the two end nodes.
START = -1
FINISH = -2


# ----------------------------------------------------------------------------- geometry


def _index(h: Hex) -> int:
    return h.q * ROWS + h.r


HEXES: tuple[Hex, ...] = tuple(Hex(i // ROWS, i % ROWS) for i in range(CELLS))


def _target(h: Hex) -> int | None:
    """The position a step reaches: a cell, START (west end), FINISH (east end), or None (side)."""
    if h.q >= COLUMNS:
        return FINISH
    if h.q < 0:
        return START
    if 0 <= h.r < ROWS:
        return _index(h)
    return None


#: STEP[cell][direction]: the position one step away.
STEP: tuple[Mapping[str, int | None], ...] = tuple(
    {d: _target(h) for d, h in neighbours(HEXES[i])} for i in range(CELLS)
)
#: The straight lines out of START: (first cell, direction). A line leaving an A cell westwards
#: (NW or SW) reaches START, so START enters each A cell going SE or NE.
START_LINES: tuple[tuple[int, str], ...] = tuple(
    (_index(Hex(0, r)), d) for r in range(ROWS) for d in ("NE", "SE")
)


def steps_along(at: int, d: str, k: int) -> int | None:
    """The cell ``k`` steps from cell ``at`` in direction ``d`` (None off the course)."""
    x: int | None = at
    for _ in range(k):
        if x is None or x < 0:
            return None
        x = STEP[x][d]
    return x if x is not None and x >= 0 else None


def first_steps(pos: int) -> Iterable[tuple[int | None, str]]:
    """The first step of every straight line out of ``pos`` (START or a cell)."""
    if pos == START:
        return START_LINES
    return ((t, d) for d, t in STEP[pos].items())


def pos_name(pos: int) -> str:
    if pos == START:
        return "start"
    if pos == FINISH:
        return "finish"
    h = HEXES[pos]
    return cell_name(h.q, h.r)


def parse_pos(text: str) -> int:
    """A cell name (``c2``) or ``finish``/``start``; raises :class:`InvalidAction`."""
    t = text.lower()
    if t in ("finish", "f", "village"):
        return FINISH
    if t == "start":
        return START
    cr = parse_cell_name(t)
    if cr is None or not (0 <= cr[0] < COLUMNS and 0 <= cr[1] < ROWS):
        raise InvalidAction(
            # Translators: {text} is what the player typed; A1, L3 and finish are typed as they are
            say("{text} is not a place on the course: cells are A1 to L3, or finish", text=quoted(text))
        )
    return _index(Hex(cr[0], cr[1]))


# ----------------------------------------------------------------------------- setup helpers


def _board_cells(letter: str, turned: bool) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    igloos, blank = BOARDS[letter]
    if turned:  # 180 degrees: (c, r) -> (2 - c, 2 - r)
        n = BOARD_SIZE - 1
        return [(n - c, n - r) for c, r in igloos], (n - blank[0], n - blank[1])
    return list(igloos), blank


def layouts() -> list[tuple[str, ...]]:
    """Every course layout (order and turn of the four boards) with no igloo next to START."""
    out = []
    for order in permutations(sorted(BOARDS)):
        for turns in product((False, True), repeat=len(order)):
            igloos, _ = _board_cells(order[0], turns[0])
            # Setup 2: "make sure that the Start Board is not directly connected to an Igloo space"
            if any(c == 0 for c, _ in igloos):
                continue
            out.append(tuple(b + ("'" if t else "") for b, t in zip(order, turns, strict=True)))
    return out


def course(boards: Sequence[str]) -> list[str]:
    """Cell codes of an empty course: igloos (unsearched), the blank spaces, '?' for sea spaces."""
    cells = ["?"] * CELLS
    for k, b in enumerate(boards):
        igloos, blank = _board_cells(b[0], b.endswith("'"))
        for c, r in igloos:
            cells[_index(Hex(BOARD_SIZE * k + c, r))] = IGLOO
        c, r = blank
        cells[_index(Hex(BOARD_SIZE * k + c, r))] = SEA
    return cells
