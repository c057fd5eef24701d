"""The ``easy`` level: a one-ply look with the game's evaluation, plus human-like noise.

Each candidate action is tried on a few determinizations (the other seats of a simultaneous
group then act by the rollout policy) and scored by ``evaluate`` after it; every score gets
random noise, and now and then the player simply plays the rollout policy's move (a slip).
"""

from __future__ import annotations

import random
from typing import Any

from ai.hooks import Hooks
from games import Seat
from games.core import randbelow

#: How many determinizations each candidate is tried on.
SAMPLES = 2
#: The spread of the noise added to each evaluation (evaluations lie in [0, 1]).
NOISE = 0.15
#: The chance of a slip: the rollout policy's move instead of the considered one.
SLIP = 0.1
#: At most this many candidates are looked at (the rest are skipped, as a hurried player would).
LOOKED_AT = 12


def choose_easy(hooks: Hooks, view: Any, seat: Seat, r: random.Random) -> str:
    game = hooks.game
    states = [hooks.sample(view, seat, r) for _ in range(SAMPLES)]
    awaited = game.to_act(states[0])
    if seat not in awaited:
        raise ValueError(f"seat {seat} is not awaited now")
    actions = list(hooks.candidates(states[0], seat))
    if not actions:
        raise ValueError(f"seat {seat} has no legal action")
    if len(actions) == 1:
        return str(actions[0])
    if r.random() < SLIP:
        return str(hooks.rollout(states[0], seat, r))
    if len(actions) > LOOKED_AT:
        picked = sorted({randbelow(r, len(actions)) for _ in range(LOOKED_AT)})
        actions = [actions[i] for i in picked]
    others = sorted(awaited - {seat})
    best, best_score = str(actions[0]), -1.0
    for action in actions:
        score = 0.0
        for state in states:
            after, _ = game.apply(state, seat, action)
            after = hooks.others_act(after, others, r)
            score += hooks.rewards(after, {seat})[seat]
        score = score / len(states) + NOISE * (r.random() - 0.5) * 2
        if score > best_score:
            best, best_score = str(action), score
    return best
