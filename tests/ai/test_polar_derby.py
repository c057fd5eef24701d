"""Polar Derby's computer player (ai/polar_derby.py): the dice to come stay hidden, a forced
move is played at once, and the evaluation scores the rulebook's goal (tiny search budgets:
strength is measured in bench/bench_ai.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import ai
from ai.polar_derby import HOOKS
from games.polar_derby import POLAR_DERBY
from games.polar_derby.actions import Roll, Stop
from games.polar_derby.state import DECIDE, OVER
from tests.support.ai_play import assert_dice_to_come_are_hidden


def test_dice_to_come_are_hidden_from_the_computer() -> None:
    assert_dice_to_come_are_hidden("polar-derby")


def test_a_forced_move_is_returned_at_once() -> None:
    """ "Start your turn by rolling both dice": the only action is returned without a search."""
    state = POLAR_DERBY.new_game(3, POLAR_DERBY.options(), 2)
    seat = min(POLAR_DERBY.to_act(state))
    assert ai.choose("polar-derby", POLAR_DERBY.view(state, seat), seat, "hard", iterations=0) == "roll"


def test_a_shared_win_counts_as_a_win() -> None:
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
    assert [HOOKS.evaluate(state, s) for s in range(3)] == [1.0, 1.0, 0.0]


def test_the_evaluation_prefers_the_leader() -> None:
    """ "Score the most points": more safe points, a higher value for that seat."""
    state = POLAR_DERBY.new_game(2, POLAR_DERBY.options(), 2)
    state = replace(state, safe=((0, 0, 0, 0, 2), (1, 0, 0, 0, 0)), middle=(4, 5, 5, 5, 3))
    assert HOOKS.evaluate(state, 0) > 0.5 > HOOKS.evaluate(state, 1)


def test_easy_rolls_on_after_a_first_small_take() -> None:
    """ "Roll again or stop": with one orange bear at risk and four colours still free, rolling
    on is the play (``normal``'s search rolls); ``easy`` plays each choice on to the end of its
    turn before scoring it, so it rolls on at least one and a half times as often as it stops
    over 200 decisions (looking only at the position right after, it stopped more often than
    it rolled)."""
    state = POLAR_DERBY.new_game(2, POLAR_DERBY.options(), 2)
    state = replace(
        state,
        phase=DECIDE,
        middle=(5, 5, 5, 5, 4),
        pulled=(0, 0, 0, 0, 1),
        locked=frozenset({"orange"}),
        dice=("white", "orange"),
    )
    view = POLAR_DERBY.view(state, 0)
    assert ai.choose("polar-derby", view, 0, "normal", seed=0) == str(Roll())
    choices = Counter(ai.choose("polar-derby", view, 0, "easy", seed=k) for k in range(200))
    assert choices[str(Roll())] >= 1.5 * choices[str(Stop())], choices
