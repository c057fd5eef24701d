"""Ice Lake positions built directly (:func:`lake`) and plans handed in on them, for the rules'
tests."""

from __future__ import annotations

from dataclasses import replace

import games
from games.core import Event
from games.hexgrid import Hex, neighbours
from games.ice_lake import ICE_LAKE as G
from games.ice_lake.actions import Plan
from games.ice_lake.board import LAKE, edge
from games.ice_lake.state import IceLakeOptions, LakeState

# The worked example's spaces.
X = Hex(0, -2)
B = X.step("S")
C = X.step("SE")
E = B.step("S")
F = C.step("S")
GG = C.step("SE")
# Somewhere far from the example, for the other skaters.
FAR1 = (Hex(-3, 1), "N")
FAR2 = (Hex(-4, 4), "N")


def lake(
    skaters: list[tuple[Hex, str]],
    cracks: list[tuple[Hex, Hex]] | None = None,
    first: int = 0,
    attempted: frozenset[int] | None = None,
) -> LakeState:
    """A planning-phase position: skaters (hex, facing) by seat, cracks, the first mover.

    By default every skater has already moved once (a position from the middle of a game).
    """
    n = len(skaters)
    state = G.new_game(n, IceLakeOptions(), 1)
    return replace(
        state,
        round=2,
        positions=tuple(h for h, _ in skaters),
        facings=tuple(f for _, f in skaters),
        cracks=frozenset(edge(a, b) for a, b in (cracks or [])),
        first=first,
        turn=first,
        attempted=frozenset(range(n)) if attempted is None else attempted,
    )


def plans(state: LakeState, by_seat: dict[int, str]) -> tuple[LakeState, list[Event]]:
    """Every seat hands in its plan (through the one door in), in seat order."""
    events: list[Event] = []
    for seat in sorted(by_seat):
        state, evs = games.play(G, state, seat, Plan(by_seat[seat]))
        events += evs
    return state, events


def wall() -> list[tuple[Hex, Hex]]:
    """Cracks from shore to shore between columns C and D: patches of 21 and 70 hexes."""
    return [(a, b) for a in LAKE if a.q == -3 for _, b in neighbours(a) if b in LAKE and b.q == -2]
