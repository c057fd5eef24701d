"""Polar Derby's computer player: its hooks (see :mod:`ai.hooks`).

* ``sample``: Polar Derby shows everything on the table; only the dice to come are unknown, so
  the state is the view's table with a seed drawn from ``r``.
* ``evaluate``: the lead over the best opponent (safe points, plus half the points at risk this
  turn for the player pulling them) through a logistic curve that flattens while many points are
  still in the middle.
* ``rollout_action``: roll at the start; take the most valuable bears the dice allow (a steal
  counts extra: it also hurts an opponent); after a take, roll again with a chance that falls
  with every colour already pulled (in the no-risk version always roll: nothing can be lost).
"""

from __future__ import annotations

import math
import random

from ai.hooks import Hooks
from games.core import Seat
from games.polar_derby import POLAR_DERBY
from games.polar_derby.actions import Action, Roll, Steal, Stop, Take
from games.polar_derby.board import BEARS_PER_COLOUR, COLOURS, VALUES
from games.polar_derby.rules import points
from games.polar_derby.state import DECIDE, OVER, ROLL, DerbyOptions, DerbyState, DerbyView

#: Chance of stopping after a take, by the number of colours already pulled this turn.
STOP_CHANCE = (0.0, 0.1, 0.5, 0.85, 1.0, 1.0)
#: The share of the points at risk this turn that the evaluation counts for the puller.
AT_RISK_WORTH = 0.5


def sample(view: DerbyView, seat: Seat, r: random.Random) -> DerbyState:
    younger = all(v == 1 for v in view.values.values())
    options = DerbyOptions(younger_players=younger, no_risk=view.no_risk, long_game=view.games > 1)
    over = view.phase == OVER
    totals = view.totals if over else tuple(t - s for t, s in zip(view.totals, view.scores, strict=True))
    return DerbyState(
        seed=int(r.random() * 2**53),
        step=view.step,
        players=view.players,
        options=options,
        current=view.current if view.current is not None else view.first,
        phase=view.phase,
        middle=view.middle,
        safe=view.safe,
        pulled=view.pulled,
        locked=view.locked,
        dice=view.dice,
        game_number=view.game_number,
        first=view.first,
        totals=totals,
        bear_totals=view.bear_totals or (0,) * view.players,
        retired=view.retired,
    )


def evaluate(state: DerbyState, seat: Seat) -> float:
    if state.phase == OVER:
        outcome = POLAR_DERBY.outcome(state)
        return 1.0 if outcome is not None and seat in outcome.winners else 0.0
    if seat in state.retired:
        return 0.0
    worth = [float(t + points(state.options, row)) for t, row in zip(state.totals, state.safe, strict=True)]
    worth[state.current] += AT_RISK_WORTH * points(state.options, state.pulled)
    rivals = [worth[s] for s in range(state.players) if s != seat and s not in state.retired]
    if not rivals:
        return 1.0
    games_left = (state.players if state.options.long_game else 1) - state.game_number
    full_game = points(state.options, (BEARS_PER_COLOUR,) * len(COLOURS))
    still_open = points(state.options, state.middle) + games_left * full_game
    lead = worth[seat] - max(rivals)
    return 1.0 / (1.0 + math.exp(-lead / (3.0 + 0.3 * still_open)))


def _take_worth(state: DerbyState, action: Action) -> float:
    if isinstance(action, Take):
        return float(sum(1 if state.options.younger_players else VALUES[c] for c in action.colours))
    if isinstance(action, Steal):
        value = 1 if state.options.younger_players else VALUES[action.colour]
        return 1.5 * value * len(action.victims)
    return 0.0


def rollout_action(state: DerbyState, seat: Seat, r: random.Random) -> Action:
    if state.phase == ROLL:
        return Roll()
    if state.phase == DECIDE:
        if state.options.no_risk:
            return Roll()
        stop = STOP_CHANCE[min(len(state.locked), len(STOP_CHANCE) - 1)]
        return Stop() if r.random() < stop else Roll()
    actions = POLAR_DERBY.legal_actions(state, seat)
    return max(actions, key=lambda a: _take_worth(state, a) + 0.5 * r.random())


#: Polar Derby's computer player (named by its registration in :mod:`games.registry`).
HOOKS = Hooks.declare(POLAR_DERBY, sample=sample, evaluate=evaluate, rollout_action=rollout_action)
