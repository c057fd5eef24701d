"""The ``easy`` level: a one-ply look with the game's evaluation, plus human-like noise.

Each candidate action is tried on a few determinizations (the other seats of a simultaneous
group then act by the rollout policy) and scored by ``evaluate`` after it; every score gets
random noise, and now and then the player simply plays the rollout policy's move (a slip).

A game whose turn is a chain of small decisions (Ice Hike: choose the puppet, then walk step by
step) can ask, in its :class:`EasyStyle`, to see each candidate played on to the end of its own
turn by the rollout policy before it is scored: one step on its own barely moves the
evaluation, and choosing the puppet does not move it at all, so noise alone would decide.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ai.hooks import Hooks
from games import Seat
from games.core import randbelow


@dataclass(frozen=True)
class EasyStyle:
    """How the ``easy`` level of a game looks at its candidates (a game's own in
    :mod:`ai.registry`, else these defaults)."""

    #: How many determinizations each candidate is tried on.
    samples: int = 2
    #: The spread of the noise added to each evaluation (evaluations lie in [0, 1]).
    noise: float = 0.15
    #: The chance of a slip: the rollout policy's move instead of the considered one.
    slip: float = 0.1
    #: At most this many candidates are looked at (the rest are skipped, as a hurried player would).
    looked_at: int = 12
    #: After a candidate, at most this many more of the seat's own actions are played by the
    #: rollout policy while its turn lasts, before the evaluation (0: the evaluation right after).
    own_turn: int = 0


def choose_easy(hooks: Hooks, view: Any, seat: Seat, r: random.Random, style: EasyStyle) -> str:
    """The ``easy`` choice for ``seat`` in ``view``, looked at as ``style`` says."""
    game = hooks.game
    states = [hooks.sample(view, seat, r) for _ in range(style.samples)]
    awaited = game.to_act(states[0])
    if seat not in awaited:
        raise ValueError(f"seat {seat} is not awaited now")
    actions = list(hooks.candidates(states[0], seat))
    if not actions:
        raise ValueError(f"seat {seat} has no legal action")
    if len(actions) == 1:
        return str(actions[0])
    if r.random() < style.slip:
        return str(hooks.rollout(states[0], seat, r))
    if len(actions) > style.looked_at:
        picked = sorted({randbelow(r, len(actions)) for _ in range(style.looked_at)})
        actions = [actions[i] for i in picked]
    others = sorted(awaited - {seat})
    best, best_score = str(actions[0]), -1.0
    for action in actions:
        score = 0.0
        for state in states:
            after, _ = game.apply(state, seat, action)
            after = hooks.others_act(after, others, r)
            after = _own_turn_on(hooks, after, seat, style.own_turn, r)
            score += hooks.rewards(after, {seat})[seat]
        score = score / len(states) + style.noise * (r.random() - 0.5) * 2
        if score > best_score:
            best, best_score = str(action), score
    return best


def _own_turn_on(hooks: Hooks, state: Any, seat: Seat, actions: int, r: random.Random) -> Any:
    """``state`` after at most ``actions`` more of ``seat``'s own actions by the rollout policy,
    while ``seat`` alone is awaited (its turn goes on)."""
    for _ in range(actions):
        if hooks.game.to_act(state) != {seat}:
            break
        state, _ = hooks.game.apply(state, seat, hooks.rollout(state, seat, r))
    return state
