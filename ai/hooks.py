"""What a game's computer player is made of: its hooks, declared in one module per game
(``ai/<game>.py``), named by the game's registration in :mod:`games.registry`.

Every game declares the same four hooks with the same signatures (the game itself is the
registered rules object, imported by the module, never an argument):

* ``sample(view, seat, r: random.Random) -> state``: a full state consistent with what ``seat``
  sees, ``game.view(sample(view, seat, r), seat) == view``. Every hidden part (other hands,
  plans, standing orders, deck or pile order) is drawn from ``r``, consistent with everything
  visible, and the state's seed is replaced by one drawn from ``r`` (the dice to come are not
  the real ones).
* ``evaluate(state, seat) -> float``: a quick heuristic value in [0, 1] for ``seat`` (a finished
  game: 1 for every winner, shared wins included, else 0); it cuts playouts short and drives the
  ``easy`` level.
* ``candidate_actions(state, seat) -> Sequence[action]`` (optional): the legal actions the
  computer considers, where ``legal_actions`` is only a menu of open-ended input or far too
  large (Ice Lake plans). Default: the game's ``legal_actions``.
* ``rollout_action(state, seat, r) -> action`` (optional): a cheap, sensible policy for
  playouts. Default: uniform among the candidate actions.

Hooks are pure and use the standard library and :mod:`games` only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games import AnyGame, Seat
from games.core import pick

Sampler = Callable[[Any, Seat, random.Random], Any]
Evaluation = Callable[[Any, Seat], float]
Candidates = Callable[[Any, Seat], Sequence[Any]]
Policy = Callable[[Any, Seat, random.Random], Any]


class NoComputerPlayer(ValueError):
    """The game has no computer player (its registration in :mod:`games.registry` names no computer player)."""


@dataclass(frozen=True)
class Hooks:
    """A game's computer-player hooks, the optional ones filled with their defaults
    (:meth:`declare`), so the search never asks whether a hook exists."""

    game: AnyGame
    sample: Sampler
    evaluate: Evaluation
    candidates: Candidates
    rollout: Policy

    @classmethod
    def declare(
        cls,
        game: AnyGame,
        *,
        sample: Sampler,
        evaluate: Evaluation,
        candidate_actions: Candidates | None = None,
        rollout_action: Policy | None = None,
    ) -> Hooks:
        """A game's hooks; a hook left out gets its default (see the module docstring)."""
        candidates = candidate_actions or game.legal_actions
        if rollout_action is None:

            def rollout_action(state: Any, seat: Seat, r: random.Random) -> Any:
                return pick(r, list(candidates(state, seat)))

        return cls(game, sample, evaluate, candidates, rollout_action)

    def rewards(self, state: Any, seats: set[Seat]) -> dict[Seat, float]:
        """Each seat's reward: 1 or 0 for a finished game, else the evaluation."""
        outcome = self.game.outcome(state)
        if outcome is not None:
            return {s: 1.0 if s in outcome.winners else 0.0 for s in seats}
        return {s: self.evaluate(state, s) for s in seats}

    def others_act(self, state: Any, seats: Sequence[Seat], r: random.Random) -> Any:
        """The other seats of a simultaneous group act by the rollout policy (those still awaited)."""
        for other in seats:
            if other in self.game.to_act(state):
                state, _ = self.game.apply(state, other, self.rollout(state, other, r))
        return state
