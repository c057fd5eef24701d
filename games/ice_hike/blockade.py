"""The three rules for blockades, as road searches on the board.

A *blockade-free road* (RULINGS.md) is a chain of adjacent cells (full, half or corner) with a
level change of at most one between neighbours and no water; step costs are ignored and puppets
never block. What else blocks depends on the rule:

* Rule 1, START to FINISH: water, mountains (through the level rule), every igloo and every bear.
* Rule 2, each other player's puppet to FINISH: water, mountains and the igloos of other players;
  the puppet's own igloos (in the two-player game: either colour of its player) and bears do not
  block. It protects only a puppet that has such a road now.
* Rule 3, your own puppet: not protected at all (nothing to compute).

How the checks are computed (and why they are fast): every check is "after changing one cell x
(a tile, an igloo or a bear), is there still a road from a to b?". A road found before the change
(a *witness*, from one breadth-first search) survives any change at a cell it does not pass
through, so only the cells on a witness need a second search with x changed. A placement menu
therefore costs one search per protected road plus one per candidate cell that lies on a witness
(about a dozen), not one per candidate. A land tile never needs a search at all: it raises an ice
cell from level 1 to 2, which keeps every edge it had (1-1 becomes 2-1, 1-2 becomes 2-2) and only
adds edges to mountains.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ice_hike.board import NEIGHBOURS

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


class Witness:
    """A road found once, to test many one-cell changes against."""

    __slots__ = ("dst", "level", "on_road", "open_", "road", "src")

    def __init__(self, level: Sequence[int], open_: Sequence[bool], src: int, dst: int) -> None:
        self.level, self.open_, self.src, self.dst = level, open_, src, dst
        self.road = find_road(level, open_, src, dst)
        self.on_road = frozenset(self.road or ())

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
