"""The computer-player hooks of Polar Derby, Ice Team and Ice Lake (tiny search budgets:
strength is measured in bench/bench_ai.py)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import ai
import games
from games.ice_lake import ICE_LAKE, LAKE_SET, PLAN, Plan, planned_path
from games.ice_lake import ai as lake_ai
from games.ice_team import ICE_TEAM
from games.polar_derby import OVER, POLAR_DERBY
from tests.ai.helpers import is_legal, random_states

THREE = ("polar-derby", "ice-team", "ice-lake")
CASES = [(name, n) for name in THREE for n in games.GAMES[name].players]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_rollout_policy_and_the_candidates_are_legal(name: str, players: int) -> None:
    game = games.get(name)
    r = random.Random(3)
    for state in random_states(name, players, 6, 120):
        for seat in sorted(game.to_act(state)):
            assert is_legal(game, state, seat, str(game.rollout_action(state, seat, r)))
            candidates = getattr(game, "candidate_actions", game.legal_actions)(state, seat)
            assert candidates
            assert all(is_legal(game, state, seat, str(a)) for a in candidates)


@pytest.mark.parametrize("name", ["polar-derby", "ice-team"])
def test_dice_to_come_are_hidden_from_the_computer(name: str) -> None:
    """Dice are drawn from the state's seed: two states that differ only in their seed (the dice
    to come) look the same, give the same choice, and the sampler draws a fresh seed."""
    game = games.get(name)
    for k, state in enumerate(random_states(name, 2, 8, 40)):
        awaited = game.to_act(state)
        if not awaited or k % 4:
            continue
        seat = min(awaited)
        other = replace(state, seed=state.seed + 1000)
        assert game.view(other, seat) == game.view(state, seat)
        mine = ai.choose(name, game.view(state, seat), seat, "normal", seed=k, iterations=25)
        assert ai.choose(name, game.view(other, seat), seat, "normal", seed=k, iterations=25) == mine
        assert game.sample(game.view(state, seat), seat, random.Random(k)).seed != state.seed


def _planning_with_rival_planned(players: int) -> tuple[object, object]:
    """Two Ice Lake states in the Planning Phase, alike but for seat 1's secret plan."""
    state = ICE_LAKE.new_game(players, ICE_LAKE.options(), 4)
    a, _ = ICE_LAKE.apply(state, 1, Plan("SS"))
    b, _ = ICE_LAKE.apply(state, 1, Plan("RSL"))
    return a, b


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ice_lake_rivals_plans_stay_secret(players: int) -> None:
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
    drawn = {ICE_LAKE.sample(ICE_LAKE.view(mine, 0), 0, r).plans[1] for _ in range(20)}
    assert len(drawn) > 1, "the rival's plan is drawn, not read"
    for plan in drawn:
        assert plan and set(plan) <= set("SLR")
    assert ICE_LAKE.sample(ICE_LAKE.view(mine, 0), 0, r).plans[0] == "L"


def test_ice_lake_two_players_plan_secret_from_each_other() -> None:
    state = ICE_LAKE.new_game(2, ICE_LAKE.options(), 4)
    a, _ = ICE_LAKE.apply(state, 0, Plan("SS"))
    b, _ = ICE_LAKE.apply(state, 0, Plan("LLR"))
    assert ICE_LAKE.view(a, 1) == ICE_LAKE.view(b, 1)
    first = ai.choose("ice-lake", ICE_LAKE.view(a, 1), 1, "normal", seed=2, iterations=20)
    assert ai.choose("ice-lake", ICE_LAKE.view(b, 1), 1, "normal", seed=2, iterations=20) == first


def test_ice_lake_candidate_plans_stay_on_the_lake_and_off_cracks() -> None:
    """ "If you skate off the edge of the lake, you are out" and "You cannot skate along a crack":
    every plan the computer considers, skated alone, does neither; plans have 1 letter at least."""
    for state in random_states("ice-lake", 3, 2, 80):
        for seat in sorted(ICE_LAKE.to_act(state)):
            if state.phase != PLAN:
                continue
            here = state.positions[seat]
            assert here is not None
            for plan in lake_ai.candidate_actions(state, seat):
                assert isinstance(plan, Plan) and 1 <= len(plan.moves) <= lake_ai.LONGEST_PLAN
                path = planned_path(here, state.facings[seat], plan.moves, state.cracks)
                if len(lake_ai.sensible_plans(state, seat)) > 0:
                    assert len(path) == len(plan.moves) + 1 and path[-1] in LAKE_SET


def test_a_forced_move_is_returned_at_once() -> None:
    """ "Start your turn by rolling both dice": the only action is returned without a search."""
    state = POLAR_DERBY.new_game(3, POLAR_DERBY.options(), 2)
    seat = min(POLAR_DERBY.to_act(state))
    assert ai.choose("polar-derby", POLAR_DERBY.view(state, seat), seat, "hard", iterations=0) == "roll"


def test_polar_derby_shared_win_counts_as_a_win() -> None:
    """ "Ties are broken in favor of the player with the most polar bears" and, still tied, the
    win is shared: both sharers evaluate to 1."""
    state = POLAR_DERBY.new_game(3, POLAR_DERBY.options(), 2)
    row = (1, 1, 0, 0, 0)
    state = replace(
        state,
        phase=OVER,
        middle=(0,) * 5,
        safe=(row, row, (1, 0, 0, 0, 0)),
        totals=(3, 3, 1),
        bear_totals=(2, 2, 1),
    )
    assert POLAR_DERBY.outcome(state) is not None
    assert [POLAR_DERBY.evaluate(state, s) for s in range(3)] == [1.0, 1.0, 0.0]


def test_polar_derby_evaluation_prefers_the_leader() -> None:
    """ "Score the most points": more safe points, a higher value for that seat."""
    state = POLAR_DERBY.new_game(2, POLAR_DERBY.options(), 2)
    state = replace(state, safe=((0, 0, 0, 0, 2), (1, 0, 0, 0, 0)), middle=(4, 5, 5, 5, 3))
    assert POLAR_DERBY.evaluate(state, 0) > 0.5 > POLAR_DERBY.evaluate(state, 1)


def test_ice_team_evaluation_prefers_more_fish() -> None:
    """ "Most fish (fresh + frozen) wins": more fish, a higher value."""
    state = ICE_TEAM.new_game(2, ICE_TEAM.options(), 2)
    state = replace(state, fish=((5, 2), (1, 0)))
    assert ICE_TEAM.evaluate(state, 0) > 0.5 > ICE_TEAM.evaluate(state, 1)
