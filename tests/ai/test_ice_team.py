"""Ice Team's computer player (ai/ice_team.py): the dice to come stay hidden and the evaluation
scores the rulebook's goal (tiny search budgets: strength is measured in bench/bench_ai.py)."""

from __future__ import annotations

from dataclasses import replace

from ai.ice_team import HOOKS
from games.ice_team import ICE_TEAM
from tests.support.ai_play import assert_dice_to_come_are_hidden


def test_dice_to_come_are_hidden_from_the_computer() -> None:
    assert_dice_to_come_are_hidden("ice-team")


def test_the_evaluation_prefers_more_fish() -> None:
    """ "Most fish (fresh + frozen) wins": more fish, a higher value."""
    state = ICE_TEAM.new_game(2, ICE_TEAM.options(), 2)
    state = replace(state, fish=((5, 2), (1, 0)))
    assert HOOKS.evaluate(state, 0) > 0.5 > HOOKS.evaluate(state, 1)
