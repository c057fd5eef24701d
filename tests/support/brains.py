"""How the end-to-end tests' simulated players choose among the offered actions: scores of a
state for a seat (lower is better), given to ``tests.support.driver.greedy``."""

from __future__ import annotations

from typing import Any

from games.ice_hike import board as B
from games.ice_hike.blockade import colours_of


def progress_score(game: Any, state: Any, seat: int) -> float:
    """Ice Team: own bears far along the course, own fish kept."""
    outcome = game.outcome(state)
    if outcome is not None:
        return -1000 if seat in outcome.winners else 1000

    def column(p: int) -> int:
        return 13 if p == -2 else (0 if p == -1 else p // 3 + 1)

    return -sum(column(p) for p in state.bears[seat]) - 0.1 * sum(state.fish[seat])


def distance_score(game: Any, state: Any, seat: int) -> float:
    """Ice Hike: own puppets near FINISH, the others' far from it (so bears attack)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return -1000 if seat in outcome.winners else 1000
    total = 0.0
    for colour, pos in enumerate(state.pos):
        if pos < 0:
            continue
        d = B.distance(pos, state.finish)
        total += d if colour in colours_of(state, seat) else -0.3 * d
    return total
