"""What a game offers its players, for the presentation tests (labels, menus, languages)."""

from __future__ import annotations

import random

import games


def offered_actions(game: games.AnyGame, players: int, seed: int, steps: int) -> list[object]:
    """The legal actions a random playout of ``game`` offers, in order."""
    state = game.new_game(players, game.options(), seed)
    r = random.Random(seed)
    offered: list[object] = []
    for _ in range(steps):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        seat = awaited[r.randrange(len(awaited))]
        legal = list(game.legal_actions(state, seat))
        offered += legal
        state, _ = games.play(game, state, seat, legal[r.randrange(len(legal))])
    return offered
