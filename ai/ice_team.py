"""Ice Team's computer player: its hooks (see :mod:`ai.hooks`).

* ``sample``: Ice Team lays every sea-ice tile face up (a random side up at setup), so the
  course, the bears and the fish are all in the view; only the dice to come are unknown: the
  state is the view's table with a seed drawn from ``r``.
* ``evaluate``: the fish lead plus a share of the bears' progress along the course (a bear
  further east is closer to the village's dice and to ending the game), through a logistic
  curve.
* ``rollout_action``: the move that gains the most ground, with a bonus for an unsearched igloo
  or the Finish and some noise; the better die in the village (a steal counts what it takes
  from the opponent twice); any shift; a bear-paws extra action when it gains ground.
"""

from __future__ import annotations

import math
import random

from ai.hooks import Hooks
from games.core import Seat, pick
from games.ice_team import ICE_TEAM
from games.ice_team.actions import Action, Die, End, Move
from games.ice_team.board import COLUMNS, FINISH, IGLOO, ROWS, START, STEAL, STEAL_MAX, parse_pos
from games.ice_team.state import OVER, SHIFT, VILLAGE, IceTeamState, IceTeamView

#: The fish a bear's step of progress is worth in the evaluation.
PROGRESS_WORTH = 0.3
#: The fish an unsearched igloo or the village is worth to the rollout policy.
LANDING_BONUS = 2.0


def sample(view: IceTeamView, seat: Seat, r: random.Random) -> IceTeamState:
    return IceTeamState(
        seed=int(r.random() * 2**53),
        step=view.step,
        boards=view.boards,
        cells="".join(code for _, code in view.cells),
        bears=tuple(tuple(parse_pos(p) for p in row) for row in view.bears),
        fish=view.fish,
        first=view.current if view.current is not None else 0,
        current=view.current if view.current is not None else 0,
        phase=view.phase,
        actions_left=view.actions_left,
        bear=view.bear,
        dirs=view.dirs,
        dice=view.dice,
        last=tuple(parse_pos(p) for p in view.last),
        last_mover=view.last_mover,
        four=view.four,
        loser=view.loser,
        ended=view.ended,
    )


def _column(pos: int) -> int:
    """How far east a position is: START 0, column A 1 ... column L 12, FINISH 13."""
    if pos == START:
        return 0
    if pos == FINISH:
        return COLUMNS + 1
    return pos // ROWS + 1


def evaluate(state: IceTeamState, seat: Seat) -> float:
    if state.phase == OVER:
        outcome = ICE_TEAM.outcome(state)
        return 1.0 if outcome is not None and seat in outcome.winners else 0.0
    worth = [
        fresh + frozen + PROGRESS_WORTH * sum(_column(p) for p in bears)
        for (fresh, frozen), bears in zip(state.fish, state.bears, strict=True)
    ]
    lead = worth[seat] - worth[1 - seat]
    return 1.0 / (1.0 + math.exp(-lead / 4.0))


def _move_worth(state: IceTeamState, action: Action, r: random.Random) -> float:
    if isinstance(action, End):
        return 0.5
    assert isinstance(action, Move)
    origin = state.bears[state.current][action.bear]
    dest = action.path[-1]
    gain = float(_column(dest) - _column(origin))
    if dest == FINISH or (dest >= 0 and state.cells[dest] == IGLOO):
        gain += LANDING_BONUS
    return gain + 1.5 * r.random()


def _die_worth(state: IceTeamState, face: str) -> float:
    if face == STEAL:
        return 2.0 * min(STEAL_MAX, state.fish[1 - state.current][0])
    return float(face)


def rollout_action(state: IceTeamState, seat: Seat, r: random.Random) -> Action:
    if state.phase == VILLAGE:
        return Die(max(state.dice, key=lambda f: _die_worth(state, f)))
    actions = ICE_TEAM.legal_actions(state, seat)
    if state.phase == SHIFT:
        return pick(r, actions)
    return max(actions, key=lambda a: _move_worth(state, a, r))


#: Ice Team's computer player (named by its registration in :mod:`games.registry`).
HOOKS = Hooks.declare(ICE_TEAM, sample=sample, evaluate=evaluate, rollout_action=rollout_action)
