"""What a stopped or a cut-off skater may choose in Ice Lake: the facings that can be skated
after a forced stop, and on Reset! the patch to go to and its free hexes (rulings:
:mod:`games.ice_lake`)."""

from __future__ import annotations

from games.core import Seat
from games.hexgrid import CLOCKWISE, Hex, neighbours
from games.ice_lake.board import BORDER, LAKE, LAKE_SET, edge, patches
from games.ice_lake.state import LakeState


def legal_facings(state: LakeState, seat: Seat) -> list[str]:
    """Directions that can be skated now, clockwise from N (ruling: on the lake, no skater
    there, segment uncracked)."""
    here = state.positions[seat]
    assert here is not None
    taken = {p for p in state.positions if p is not None}
    return [
        d
        for d, n in neighbours(here)
        if n in LAKE_SET and n not in taken and edge(here, n) not in state.cracks
    ]


def default_facing(state: LakeState, seat: Seat) -> str:
    """The default answer: the first legal facing clockwise starting from the current one."""
    options = legal_facings(state, seat)
    start = CLOCKWISE.index(state.facings[seat])
    for k in range(6):
        d = CLOCKWISE[(start + k) % 6]
        if d in options:
            return d
    raise AssertionError("no legal facing")


def target_patch(state: LakeState, seat: Seat | None = None) -> frozenset[Hex]:
    """Reset rule: the largest patch holding a skater other than ``seat`` (``None``: any skater;
    ties: the patch with the first hex in reading order)."""
    occupied = {p for s, p in enumerate(state.positions) if p is not None and s != seat}
    best: frozenset[Hex] = frozenset()
    for patch in patches(state.cracks):  # in reading order of their first hex
        if patch & occupied and len(patch) > len(best):
            best = patch
    return best


def reset_choices(state: LakeState, seat: Seat) -> list[Hex]:
    """Where ``seat`` may go on Reset!: free shore hexes of the largest patch holding another
    skater, in reading order (any free hex of it if none is on the shore)."""
    patch = target_patch(state, seat)
    occupied = {p for p in state.positions if p is not None}
    free = [h for h in LAKE if h in patch and h not in occupied]
    shore = [h for h in free if h in BORDER]
    return shore or free


def cut_off(state: LakeState) -> list[Seat]:
    """Reset rule: the skaters to move, those that cannot reach any other skater.

    A single cut-off skater always moves ("to ... the largest patch of ice containing another
    skater"), even from the largest patch. Of several, the one already on the largest patch
    holding at least one skater stays (the rulebook's second and third sentences).
    """
    living = state.living()
    patch_of: dict[Seat, frozenset[Hex]] = {}
    for patch in patches(state.cracks):
        for s in living:
            if state.positions[s] in patch:
                patch_of[s] = patch
    alone = [s for s in living if not any(patch_of[o] is patch_of[s] for o in living if o != s)]
    if len(alone) <= 1 or len(living) < 2:
        return alone if len(living) >= 2 else []
    target = target_patch(state)
    return [s for s in alone if state.positions[s] not in target]
