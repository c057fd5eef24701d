"""The lake of Ice Lake: its hexes and printed names, cracks, the triangle rule, patches.

Pure geometry on :mod:`games.hexgrid`; the rules are in :mod:`games.ice_lake.rules`.

* Lake (data, :data:`RADIUS`): a flat-top hexagon of radius 5 (91 hexes), axial ``(q, r)``.
* Cell names: columns ``A``..``K`` west to east, rows from 1 at the top of each column
  (A1..A6, F1..F11, K1..K6; the centre is F6).
* A crack is the segment between two adjacent hex centres (:data:`Edge`, sorted).
* "Completely surrounded by cracks" (formal ruling): triangles of three mutually adjacent hex
  centres connect through uncracked shared sides, and to the shore through uncracked border
  sides; a skater is safe on a border hex or when a triangle around its hex reaches the shore.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.core import parse_cell_name
from games.hexgrid import CLOCKWISE, Hex, cell_name, distance, hexagon, neighbours, turn
from util.records import frozen

#: Radius of the hexagonal lake (data).
RADIUS = 5
LETTERS = "SLR"
#: Turn per letter, in sixths of a full turn clockwise ("L" is -60 degrees, "R" +60).
TURNS: Mapping[str, int] = {"S": 0, "L": -1, "R": 1}

Edge = tuple[Hex, Hex]  # a crack: two adjacent hex centres, in sorted order

# ----------------------------------------------------------------------------- the lake

LAKE: tuple[Hex, ...] = tuple(hexagon(RADIUS))  # reading order
LAKE_SET: frozenset[Hex] = frozenset(LAKE)
BORDER: frozenset[Hex] = frozenset(h for h in LAKE if distance(h, Hex(0, 0)) == RADIUS)


def edge(a: Hex, b: Hex) -> Edge:
    return (a, b) if a <= b else (b, a)


def _triangles() -> tuple[tuple[Edge, ...], ...]:
    """Every triangle of three mutually adjacent lake hexes, as its three sides."""
    seen: set[tuple[Hex, ...]] = set()
    tris: list[tuple[Edge, ...]] = []
    for h in LAKE:
        for i in range(6):
            a = h.step(CLOCKWISE[i])
            b = h.step(CLOCKWISE[(i + 1) % 6])
            if a in LAKE_SET and b in LAKE_SET:
                key = tuple(sorted((h, a, b)))
                if key not in seen:
                    seen.add(key)
                    tris.append((edge(h, a), edge(h, b), edge(a, b)))
    return tuple(tris)


TRIANGLES = _triangles()
_EDGE_TRIS: dict[Edge, list[int]] = {}
for _i, _sides in enumerate(TRIANGLES):
    for _side in _sides:
        _EDGE_TRIS.setdefault(_side, []).append(_i)
#: Triangles around each hex.
_HEX_TRIS: dict[Hex, list[int]] = {h: [] for h in LAKE}
for _i, _sides in enumerate(TRIANGLES):
    for _h in {x for side in _sides for x in side}:
        _HEX_TRIS[_h].append(_i)
#: The triangles with a side on the lake border (a side only one triangle has).
_BORDER_SIDES: tuple[tuple[int, Edge], ...] = tuple(
    (tris[0], side) for side, tris in _EDGE_TRIS.items() if len(tris) == 1
)
#: Every side numbered, for :func:`shore_reaching_triangles`.
_SIDE_ID: dict[Edge, int] = {side: i for i, side in enumerate(_EDGE_TRIS)}
_SIDE_TRIS: tuple[tuple[int, ...], ...] = tuple(tuple(tris) for tris in _EDGE_TRIS.values())
_TRI_SIDE_IDS: tuple[tuple[int, ...], ...] = tuple(tuple(_SIDE_ID[s] for s in sides) for sides in TRIANGLES)
_BORDER_SIDE_IDS: tuple[tuple[int, int], ...] = tuple((tri, _SIDE_ID[side]) for tri, side in _BORDER_SIDES)

# Column letter per q and the top r of each column, for cell names.
_TOP_R: dict[int, int] = {q: max(-RADIUS, -q - RADIUS) for q in range(-RADIUS, RADIUS + 1)}


def name(h: Hex) -> str:
    """The printed name of a lake hex: column A..K west to east, row from 1 at the top."""
    return cell_name(h.q + RADIUS, h.r - _TOP_R[h.q])


def parse_cell(text: str) -> Hex | None:
    """``"f6"`` -> the centre hex; ``None`` when the text names no hex of the lake."""
    parsed = parse_cell_name(text)
    if parsed is None:
        return None
    col, row = parsed
    q = col - RADIUS
    if q not in _TOP_R:
        return None
    h = Hex(q, _TOP_R[q] + row)
    return h if h in LAKE_SET else None


def shore_reaching_triangles(cracks: frozenset[Edge]) -> set[int]:
    """The triangles connected to the shore through uncracked sides (the formal ruling).

    Sides are numbered once (:data:`_SIDE_ID`), so the search compares small integers rather
    than hashing pairs of hexes: it runs at every step of every skater, and in every playout of
    the computer player.
    """
    cut = {_SIDE_ID.get(c, -1) for c in cracks}
    reached: set[int] = set()
    todo: list[int] = []
    for tri, side in _BORDER_SIDE_IDS:
        if side not in cut and tri not in reached:
            reached.add(tri)
            todo.append(tri)
    while todo:
        tri = todo.pop()
        for side in _TRI_SIDE_IDS[tri]:
            if side in cut:
                continue
            for other in _SIDE_TRIS[side]:
                if other not in reached:
                    reached.add(other)
                    todo.append(other)
    return reached


def surrounded(h: Hex, cracks: frozenset[Edge], reached: set[int] | None = None) -> bool:
    """Rule "completely surrounded by cracks": no line of uncracked ice to the shore."""
    if h in BORDER:
        return False
    if reached is None:
        reached = shore_reaching_triangles(cracks)
    return not any(t in reached for t in _HEX_TRIS[h])


def patches(cracks: frozenset[Edge]) -> list[frozenset[Hex]]:
    """The lake split into patches: hexes joined by uncracked segments (reading order)."""
    seen: set[Hex] = set()
    out: list[frozenset[Hex]] = []
    for start in LAKE:
        if start in seen:
            continue
        patch = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for _, n in neighbours(h):
                if n in LAKE_SET and n not in patch and edge(h, n) not in cracks:
                    patch.add(n)
                    todo.append(n)
        seen |= patch
        out.append(frozenset(patch))
    return out


def move_direction(facing: str, letter: str) -> str:
    """The direction a letter moves a skater facing ``facing`` (and its facing afterwards)."""
    return turn(facing, TURNS[letter])


#: How a planned route ends (:class:`Route`): the whole plan skated, a stop before a crack or
#: another skater, off the edge of the lake, or through the ice, surrounded by cracks.
ROUTE_ENDS = ("", "crack", "skater", "off", "through")


@frozen
class Route:
    """Where a plan would take a skater if nobody else moved, and how it would end there."""

    path: tuple[Hex, ...]  # the start and every hex reached (a step off the lake included)
    end: str  # one of ROUTE_ENDS


def planned_route(
    start: Hex, facing: str, plan: str, cracks: frozenset[Edge], others: frozenset[Hex] = frozenset()
) -> Route:
    """The route of ``plan`` on today's ice, the other skaters standing where they are
    (``others``): each letter as movement skates it, until the first stop or peril."""
    path = [start]
    here, cracked = start, set(cracks)
    for letter in plan:
        facing = move_direction(facing, letter)
        there = here.step(facing)
        if there in others:  # "You cannot collide with another skater."
            return Route(tuple(path), "skater")
        if edge(here, there) in cracked:  # "You cannot skate along a crack in the ice."
            return Route(tuple(path), "crack")
        path.append(there)
        if there not in LAKE_SET:  # "If you skate off the edge of the lake, you are out."
            return Route(tuple(path), "off")
        cracked.add(edge(here, there))
        here = there
        if surrounded(here, frozenset(cracked)):  # "completely surrounded by cracks"
            return Route(tuple(path), "through")
    return Route(tuple(path), "")


def planned_path(start: Hex, facing: str, plan: str, cracks: frozenset[Edge]) -> tuple[Hex, ...]:
    """Where a plan would take a skater if nobody else moved: the start and every hex reached.

    Stops before a cracked segment; a step off the lake is included (and ends the path).
    """
    return planned_route(start, facing, plan, cracks).path
