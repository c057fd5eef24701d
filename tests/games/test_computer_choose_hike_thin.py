"""``ai.choose`` on Ice Hike and Thin Ice at every level: given only a seat's view, it returns
the notation of a legal action, also in reaction windows and torch questions where several
seats are awaited at once. Small iteration budgets keep this fast; strength and think time are
measured by ``bench/bench_ai.py``.
"""

from __future__ import annotations

import random

import pytest

import ai
import games

LEVELS = ("easy", "normal", "hard")


CASES = [
    *(("ice-hike", 2, level) for level in LEVELS),
    ("ice-hike", 4, "normal"),
    *(("thin-ice", 3, level) for level in LEVELS),
    ("thin-ice", 5, "normal"),
]


@pytest.mark.parametrize(("name", "players", "level"), CASES)
def test_choose_plays_legal_moves_from_the_view(name: str, players: int, level: str) -> None:
    """Every awaited seat asks the computer (seat order varies) for a stretch of the game; each
    answer parses and passes ``check``."""
    game = games.get(name)
    state = game.new_game(players, game.options(), 11)
    r = random.Random(players)
    asked = 0
    for move in range(30):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        seat = awaited[r.randrange(len(awaited))]
        if move % 3 == 0:
            text = ai.choose(name, game.view(state, seat), seat, level, seed=move, iterations=6)
            action = game.parse_action(text)
            asked += 1
        else:
            action = game.rollout_action(state, seat, r)  # type: ignore[attr-defined]
        game.check(state, seat, action)
        state, _ = game.apply(state, seat, action)
    assert asked >= 8


@pytest.mark.parametrize("name", ["ice-hike", "thin-ice"])
def test_choose_is_deterministic_for_a_seed_and_budget(name: str) -> None:
    """The same view, seed and iteration budget give the same move."""
    game = games.get(name)
    state = game.new_game(3, game.options(), 5)
    r = random.Random(5)
    for _ in range(12):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, game.rollout_action(state, seat, r))  # type: ignore[attr-defined]
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    assert ai.choose(name, view, seat, seed=3, iterations=12) == ai.choose(
        name, view, seat, seed=3, iterations=12
    )
