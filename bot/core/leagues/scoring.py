"""A league's scoring (RULINGS.md, "Leagues"), in half-points so that shared places stay exact.

**Points by place.** At a table of ``k`` seats the places are worth ``k-1, k-2, ..., 0`` points
(2-1-0 at three seats, 1-0 at two). Players who share a place share the points of the places
they cover: two players tied first at three seats get (2+1)/2 = 1½ each. A computer seat takes
its place like anyone (it can push a person down) but earns no league points.

**A bye** is worth the average of a table's points, ``(k-1)/2``: 1 at three seats, ½ at two.

**A table still running when its round's time is up** is scored as a draw among the people
still playing (each the average of the places they cover); a player who resigned or was
withdrawn takes the last places.

**Tie-breaks**, in order: points; Buchholz (the sum of the points of every person met at a
table, each counted once per table); rating. Players equal on all three share a place, listed
in the order they signed up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from util.records import frozen

#: League points are kept in halves: a shared place or a bye may be worth half a point.
Halves = int


def shown_points(halves: Halves) -> str:
    """Points as players read them: ``2``, ``1½``, ``½``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def table_points(places: Sequence[int]) -> list[Halves]:
    """The half-points of each seat of a finished table whose seats finished at ``places``
    (1 best; equal numbers share a place, in any numbering: dense or not)."""
    k = len(places)
    order = sorted(range(k), key=lambda seat: places[seat])
    halves = [0] * k
    position = 0
    while position < k:
        tied = [s for s in order[position:] if places[s] == places[order[position]]]
        covered = [k - 1 - (position + i) for i in range(len(tied))]
        for seat in tied:
            halves[seat] = 2 * sum(covered) // len(tied)
        position += len(tied)
    return halves


def bye_points(seats: int) -> Halves:
    """What a bye is worth at a league of ``seats``-seat tables: a table's average."""
    return seats - 1


def unfinished_points(seats: int, out: Sequence[int]) -> list[Halves]:
    """The half-points of each seat of a table scored when time is up: the seats in ``out``
    (resigned or withdrawn, first out first) take the last places, the others draw."""
    places = [1] * seats
    for n, seat in enumerate(out):
        places[seat] = seats - n
    return table_points(places)


@dataclass
class Record:
    """One player's league so far."""

    player: int
    #: The order they signed up in (the last tie-break).
    joined: int
    rating: float = 0.0
    halves: Halves = 0
    #: Every person met at a table, once per table (Buchholz counts each meeting).
    met: list[int] = field(default_factory=list)
    byes: int = 0
    tables: int = 0
    withdrawn: bool = False


@frozen
class Standing:
    place: int
    record: Record
    buchholz: Halves


def standings(records: Sequence[Record]) -> list[Standing]:
    """The league's table: by points, Buchholz, then rating; players equal on all three share
    a place, listed in the order they signed up."""
    points: Mapping[int, Halves] = {r.player: r.halves for r in records}
    buchholz = {r.player: sum(points.get(p, 0) for p in r.met) for r in records}

    def key(r: Record) -> tuple[Halves, Halves, float]:
        return (-r.halves, -buchholz[r.player], -r.rating)

    ranked = sorted(records, key=lambda r: (*key(r), r.joined))
    out: list[Standing] = []
    for n, r in enumerate(ranked):
        place = out[-1].place if out and key(out[-1].record) == key(r) else n + 1
        out.append(Standing(place, r, buchholz[r.player]))
    return out
