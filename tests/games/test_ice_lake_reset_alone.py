"""Ice Lake, Reset! (``seeds/ice-lake.txt``): "move your skater to a shore edge of the largest
patch of ice containing another skater". A single cut-off skater always moves, even when it
stands on the largest patch; "the skater already on that patch does not get moved" is for
several cut-off skaters only.
"""

from __future__ import annotations

import games
from games.hexgrid import Hex
from games.ice_lake import ICE_LAKE as G
from games.ice_lake.board import BORDER
from games.ice_lake.choices import cut_off, reset_choices
from games.ice_lake.state import PLAN, RESET
from tests.support.ice_lake import lake, plans, wall

EAST = Hex(2, 0)  # on the patch of 70 hexes east of the wall
WEST_A, WEST_B = Hex(-4, 2), Hex(-4, 4)  # on the patch of 21 hexes west of it


def test_reset_a_lone_skater_on_the_largest_patch_moves_to_the_others() -> None:
    """Reset!, first sentence: the lone skater on the big patch moves to the patch of the others."""
    state = lake([(EAST, "N"), (WEST_A, "N"), (WEST_B, "N")], cracks=wall())
    state, _ = plans(state, {0: "S", 1: "S", 2: "S"})
    assert cut_off(state) == [0]
    assert state.phase == RESET and G.to_act(state) == {0}
    choices = reset_choices(state, 0)
    assert choices and all(h.q <= -3 and h in BORDER for h in choices)
    state, events = games.play(G, state, 0, G.default_action(state, 0))
    assert state.positions[0] is not None and state.positions[0].q <= -3
    assert state.phase == PLAN and "Reset!" in str(events[0].text)


def test_reset_several_cut_off_skaters_the_one_on_the_largest_patch_stays() -> None:
    """Reset!, second and third sentences: with two skaters cut off, the one on the largest patch
    stays and the other moves to it."""
    state = lake([(EAST, "N"), (WEST_A, "N")], cracks=wall())
    state, _ = plans(state, {0: "S", 1: "S"})
    assert cut_off(state) == [1]
    state, _ = games.play(G, state, 1, G.default_action(state, 1))
    assert state.positions[1] is not None and state.positions[1].q >= -2
    assert state.positions[0] == EAST.step("N")
