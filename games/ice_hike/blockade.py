"""The three rules for blockades, as road searches on the board.

A *blockade-free road* (see the rulings in :mod:`games.ice_hike.rules`) is a chain of adjacent cells (full, half or corner) with a
level change of at most one between neighbours and no water; step costs are ignored and puppets
never block. What else blocks depends on the rule:

* Rule 1, START to FINISH: water, mountains (through the level rule), every igloo and every bear.
* Rule 2, each other player's puppet to FINISH: water, mountains and the igloos of other players;
  the puppet's own igloos (in the two-player game: either colour of its player) and bears do not
  block. It protects only a puppet that has such a road now and had one at the start of this
  turn: a puppet that walked into a closed area has given up the protection (rule 3) and regains
  it only at the start of a turn (``HikeState.exposed``). A road that the mover's own tile opens
  and the same turn's igloo closes again protects nobody (rules 2 & 3, example C).
* Rule 3, your own puppet: not protected at all (nothing to compute).

Why the checks are fast: every check is "after changing one cell x, is there still a road from a
to b?", and a road found first (a *witness*) survives any change at a cell it does not pass
through. Each witness is a pair of roads sharing as few cells as possible (a 0-1 breadth-first
search), so only their shared cells need a second search with x changed: a placement menu costs
two searches per protected road plus one per shared candidate, not one per candidate. A land
tile needs no search: raising ice from level 1 to 2 keeps every edge and only adds some.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.core import Seat
from games.ice_hike import board as B
from games.ice_hike.board import NEIGHBOURS
from games.ice_hike.state import COLOUR_WORDS, HikeState
from games.words import Said, Who, say

Road = list[int]


def find_road(
    level: Sequence[int],
    open_: Sequence[bool],
    src: int,
    dst: int,
    x: int = -1,
    x_level: int = 0,
    x_open: bool = True,
) -> Road | None:
    """A shortest road from ``src`` to ``dst`` (both included) or ``None``.

    ``open_[c]`` says whether cell c may be on a road; ``src`` itself is always allowed (a puppet
    stands where it stands). The optional ``x`` overrides one cell's level and openness: the
    hypothetical change being checked.
    """
    if src == dst:
        return [src]
    parent = {src: src}
    frontier = [src]
    while frontier:
        nxt: list[int] = []
        for c in frontier:
            lc = x_level if c == x else level[c]
            for n in NEIGHBOURS[c]:
                if n in parent:
                    continue
                if n == x:
                    if not x_open or abs(x_level - lc) > 1:
                        continue
                elif not open_[n] or abs(level[n] - lc) > 1:
                    continue
                parent[n] = c
                if n == dst:
                    road = [n]
                    while road[-1] != src:
                        road.append(parent[road[-1]])
                    road.reverse()
                    return road
                nxt.append(n)
        frontier = nxt
    return None


def _detour(level: Sequence[int], open_: Sequence[bool], src: int, dst: int, avoid: frozenset[int]) -> Road:
    """A road from ``src`` to ``dst`` using as few cells of ``avoid`` as possible (0-1 search)."""
    cost = {src: 0}
    parent = {src: src}
    queue: deque[int] = deque([src])
    done: set[int] = set()
    while queue:
        c = queue.popleft()
        if c in done:
            continue
        done.add(c)
        if c == dst:
            break
        lc = level[c]
        for n in NEIGHBOURS[c]:
            if n in done or not open_[n] or abs(level[n] - lc) > 1:
                continue
            w = 1 if n in avoid and n != dst else 0
            k = cost[c] + w
            if k < cost.get(n, 1 << 30):
                cost[n] = k
                parent[n] = c
                if w:
                    queue.append(n)
                else:
                    queue.appendleft(n)
    road = [dst]
    while road[-1] != src:
        road.append(parent[road[-1]])
    return road


class Witness:
    """A road found once, to test many one-cell changes against.

    The second road (and with it the shared cells) is searched only when a change is first
    tested: the check at the start of every turn asks only whether a road exists."""

    __slots__ = ("_shared", "dst", "level", "open_", "road", "src")

    def __init__(self, level: Sequence[int], open_: Sequence[bool], src: int, dst: int) -> None:
        self.level, self.open_, self.src, self.dst = level, open_, src, dst
        self.road = find_road(level, open_, src, dst)
        self._shared: frozenset[int] | None = None

    @property
    def on_road(self) -> frozenset[int]:
        """The cells a change must avoid for a road to survive without a new search."""
        if self._shared is None:
            cells = frozenset(self.road or ())
            if self.road is not None and len(self.road) > 2:
                # A second road sharing as few cells with the first as possible: a change at a
                # cell that only one of them uses leaves the other, so only the shared cells
                # need a search.
                cells &= frozenset(_detour(self.level, self.open_, self.src, self.dst, cells))
            self._shared = cells
        return self._shared

    @property
    def exists(self) -> bool:
        return self.road is not None

    def survives(self, x: int, x_level: int, x_open: bool) -> bool:
        """Is there still a road when cell ``x`` gets this level and openness?

        Only meaningful when a road exists now (``exists``)."""
        if x not in self.on_road:
            return True
        if x == self.src and x != self.dst:
            # the start cell is always usable; only its level matters
            x_open = True
        return find_road(self.level, self.open_, self.src, self.dst, x, x_level, x_open) is not None


# ----------------------------------------------------------------------------- on a state

FAR = 999

# Translators: why a tile, an igloo or a bear may not go somewhere; START and FINISH are the
# board's two land tiles, printed in capitals on the board.
RULE1 = say("no free road would be left from START to FINISH (rule 1)")


def rule2_text(colour: int) -> Said:
    """Rule 2's refusal for the puppet of ``colour``."""
    # Translators: {colour} is a player's colour ("white").
    return say("{colour} would have no free road to the finish (rule 2)", colour=COLOUR_WORDS[colour])


# ----------------------------------------------------------------------------- board helpers


@lru_cache(maxsize=4096)
def terrain(tiles: str) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Level of every cell and whether it is water."""
    level = tuple(B.TILE_LEVEL.get(t, 1) for t in tiles)
    water = tuple(t in (B.WATER, B.FISH) for t in tiles)
    return level, water


@lru_cache(maxsize=256)
def finish_distances(tiles: str, finish: int) -> tuple[int, ...]:
    """Cells to FINISH over everything but water (levels ignored): the measure of progress."""
    _, water = terrain(tiles)
    dist = [FAR] * B.NCELLS
    dist[finish] = 0
    frontier = [finish]
    while frontier:
        nxt = []
        for c in frontier:
            for n in B.NEIGHBOURS[c]:
                if dist[n] == FAR and not water[n]:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


def ncolours(state: HikeState) -> int:
    return 4 if state.players == 2 else state.players


def owner(state: HikeState, colour: int) -> Seat:
    return colour % state.players


def team(state: HikeState, colour: int) -> frozenset[int]:
    return frozenset(c for c in range(ncolours(state)) if c % state.players == colour % state.players)


def colours_of(state: HikeState, seat: Seat) -> list[int]:
    return [c for c in range(ncolours(state)) if c % state.players == seat]


def active(state: HikeState, colour: int) -> bool:
    return (
        owner(state, colour) not in state.retired and colour not in state.finished and state.pos[colour] >= 0
    )


def who(state: HikeState, colour: int) -> Said:
    """The player of ``colour``, with it: "Ann (orange)"."""
    # Translators: a player's name with the colour they play ("Ann (orange)"); keep the space and
    # the bracket after {player}: a name that ends in an aside of its own joins it, as in
    # "Floe (normal, orange)".
    return say("{player} ({colour})", player=Who(owner(state, colour)), colour=COLOUR_WORDS[colour])


def igloo_owner(state: HikeState, cell: int) -> int:
    for c, cells in enumerate(state.igloos):
        if cell in cells:
            return c
    return -1


#: A mountain tile with the cave find on it, as the narration says it.
MOUNTAIN_WITH: dict[str, Said] = {
    # Translators: a tile, as in "You draw mountain with blueberries" and "Ann places ... on C4".
    B.BERRIES: say("mountain with blueberries"),
    # Translators: a tile, as in "You draw mountain with a torch".
    B.TORCH: say("mountain with a torch"),
    # Translators: a tile, as in "You draw mountain with a rope".
    B.ROPE: say("mountain with a rope"),
    # Translators: a tile, as in "You draw mountain with a bear cave" (a polar bear comes out).
    B.BEAR_CUBE: say("mountain with a bear cave"),
    # Translators: a tile, as in "You draw mountain with an empty cave".
    B.EMPTY: say("mountain with an empty cave"),
}


def tile_text(tile: str, cube: str) -> Said:
    """A tile (with its cave find) as the narration says it: "mountain with a torch"."""
    if tile == B.MOUNTAIN and cube in MOUNTAIN_WITH:
        return MOUNTAIN_WITH[cube]
    return B.TILE_NAMES[tile]


def with_item(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*items[:i], value, *items[i + 1 :])


def add_find(finds: tuple[tuple[int, int, int], ...], colour: int, find: str, n: int) -> Any:
    row = list(finds[colour])
    row[B.FINDS.index(find)] += n
    return with_item(finds, colour, (row[0], row[1], row[2]))


def has(state: HikeState, colour: int, find: str) -> int:
    return state.finds[colour][B.FINDS.index(find)]


@lru_cache(maxsize=4096)
def witness(tiles: str, closed: frozenset[int], src: int, dst: int) -> Witness:
    """The witness roads from ``src`` to ``dst`` over ``tiles`` with the ``closed`` cells (igloos,
    bears) blocking. Cached: the same board is checked again and again (every legal-move menu,
    and the computer player's searches, which replay the public board many times)."""
    level, water = terrain(tiles)
    open_ = [not w for w in water]
    for c in closed:
        open_[c] = False
    return Witness(level, open_, src, dst)


class Roads:
    """The blockade searches for one state (see :mod:`games.ice_hike.blockade`)."""

    def __init__(self, state: HikeState, skip_bear: int = -1) -> None:
        self.state = state
        self.level, self.water = terrain(state.tiles)
        self.skip_bear = skip_bear
        self._rule1: Witness | None = None
        self._rule2: dict[int, Witness] | None = None

    @property
    def rule1(self) -> Witness:
        """The witness of rule 1's road from START to FINISH (igloos and bears block)."""
        if self._rule1 is None:
            state = self.state
            igloo_cells = {c for cells in state.igloos for c in cells}
            bear_cells = {b for i, b in enumerate(state.bears) if i != self.skip_bear}
            self._rule1 = witness(state.tiles, frozenset(igloo_cells | bear_cells), B.START, state.finish)
        return self._rule1

    def rule2(self, mover_seat: Seat) -> dict[int, Witness]:
        """Witness roads of the puppets rule 2 protects: other players' puppets with a road now
        that had one at the start of the turn (not ``exposed``)."""
        if self._rule2 is None:
            self._rule2 = self._rule2_roads(mover_seat, self.state.exposed)
        return self._rule2

    def exposed_now(self) -> frozenset[int]:
        """The colours in play without a rule-2 road now (computed at the start of each turn)."""
        s = self.state
        roads = self._rule2_roads(-1, frozenset())
        return frozenset(a for a in range(ncolours(s)) if active(s, a) and a not in roads)

    def _rule2_roads(self, mover_seat: Seat, skip: frozenset[int]) -> dict[int, Witness]:
        s = self.state
        out: dict[int, Witness] = {}
        for a in range(ncolours(s)):
            if not active(s, a) or owner(s, a) == mover_seat or a in skip:
                continue
            t = team(s, a)
            closed = frozenset(x for c, cells in enumerate(s.igloos) if c not in t for x in cells)
            w = witness(s.tiles, closed, s.pos[a], s.finish)
            if w.exists:
                out[a] = w
        return out

    def change(
        self, mover_seat: Seat, x: int, level: int, r1_open: bool, r2_open: bool, igloo_of: int = -1
    ) -> Said | None:
        """Why a change of cell ``x`` breaks rule 1 or 2, or ``None``.

        ``igloo_of``: the change is an igloo of that colour (no blockade for its team)."""
        if self.rule1.exists and not self.rule1.survives(x, level, r1_open):
            return RULE1
        for a, w in self.rule2(mover_seat).items():
            opened = r2_open or (igloo_of >= 0 and igloo_of in team(self.state, a))
            if not w.survives(x, level, opened):
                return rule2_text(a)
        return None

    def bear_may_stop(self, x: int) -> bool:
        """Rule 1 with the walking bear (skipped when building this object) standing on ``x``."""
        if self.water[x]:
            return True  # drowned in fish water: the water blocks anyway
        return not self.rule1.exists or self.rule1.survives(x, self.level[x], False)
