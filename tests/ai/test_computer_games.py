"""Whole games of Polar Derby, Ice Team and Ice Lake with a computer at every seat, at every
level and seat count: every action is legal and every game ends (tiny budgets, so the test
stays fast: strength is measured in bench/bench_ai.py)."""

from __future__ import annotations

import pytest

import games
from tests.ai.helpers import play_computers

THREE = ("polar-derby", "ice-team", "ice-lake")
CASES = [(name, n) for name in THREE for n in games.GAMES[name].players]


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_computers_at_every_seat_play_legally_to_the_end(name: str, players: int, level: str) -> None:
    state = play_computers(name, players, seed=players, level=level, iterations=2, steps=1500)
    assert games.get(name).outcome(state) is not None, "the game did not end"
