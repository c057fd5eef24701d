"""Ice Lake's computer player (ai/ice_lake.py): secret plans stay secret, and the plans it
considers stay on the lake and off the cracks (tiny search budgets: strength is measured in
bench/bench_ai.py)."""

from __future__ import annotations

import random

import pytest

import ai
from ai.ice_lake import HOOKS, LONGEST_PLAN, candidate_actions, sensible_plans
from games.ice_lake import ICE_LAKE
from games.ice_lake.actions import Plan
from games.ice_lake.board import LAKE_SET, planned_path
from games.ice_lake.state import PLAN, LakeState
from tests.support.ai_play import random_states


def _planning_with_rival_planned(players: int) -> tuple[LakeState, LakeState]:
    """Two Ice Lake states in the Planning Phase, alike but for seat 1's secret plan."""
    state = ICE_LAKE.new_game(players, ICE_LAKE.options(), 4)
    a, _ = ICE_LAKE.apply(state, 1, Plan("SS"))
    b, _ = ICE_LAKE.apply(state, 1, Plan("RSL"))
    return a, b


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rivals_plans_stay_secret(players: int) -> None:
    """ "Keep your plan hidden": two states alike but for a rival's written plan look the same to
    seat 0 and give the same choice; the sampler draws the rival's plan (1 letter at least,
    "no standing still") and keeps seat 0's own."""
    a, b = _planning_with_rival_planned(players)
    if players == 2:  # seat 1's plan would end planning; seat 0 plans first instead
        return
    assert ICE_LAKE.view(a, 0) == ICE_LAKE.view(b, 0)
    for level in ("easy", "normal"):
        first = ai.choose("ice-lake", ICE_LAKE.view(a, 0), 0, level, seed=3, iterations=20)
        assert ai.choose("ice-lake", ICE_LAKE.view(b, 0), 0, level, seed=3, iterations=20) == first
    mine, _ = ICE_LAKE.apply(a, 0, Plan("L"))
    r = random.Random(1)
    drawn = {HOOKS.sample(ICE_LAKE.view(mine, 0), 0, r).plans[1] for _ in range(20)}
    assert len(drawn) > 1, "the rival's plan is drawn, not read"
    for plan in drawn:
        assert plan and set(plan) <= set("SLR")
    assert HOOKS.sample(ICE_LAKE.view(mine, 0), 0, r).plans[0] == "L"


def test_two_players_plan_secret_from_each_other() -> None:
    state = ICE_LAKE.new_game(2, ICE_LAKE.options(), 4)
    a, _ = ICE_LAKE.apply(state, 0, Plan("SS"))
    b, _ = ICE_LAKE.apply(state, 0, Plan("LLR"))
    assert ICE_LAKE.view(a, 1) == ICE_LAKE.view(b, 1)
    first = ai.choose("ice-lake", ICE_LAKE.view(a, 1), 1, "normal", seed=2, iterations=20)
    assert ai.choose("ice-lake", ICE_LAKE.view(b, 1), 1, "normal", seed=2, iterations=20) == first


def test_candidate_plans_stay_on_the_lake_and_off_cracks() -> None:
    """ "If you skate off the edge of the lake, you are out" and "You cannot skate along a crack":
    every plan the computer considers, skated alone, does neither; plans have 1 letter at least."""
    for state in random_states("ice-lake", 3, 2, 80):
        for seat in sorted(ICE_LAKE.to_act(state)):
            if state.phase != PLAN:
                continue
            here = state.positions[seat]
            assert here is not None
            for plan in candidate_actions(state, seat):
                assert isinstance(plan, Plan) and 1 <= len(plan.moves) <= LONGEST_PLAN
                path = planned_path(here, state.facings[seat], plan.moves, state.cracks)
                if len(sensible_plans(state, seat)) > 0:
                    assert len(path) == len(plan.moves) + 1 and path[-1] in LAKE_SET
