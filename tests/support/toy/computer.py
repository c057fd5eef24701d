"""Snowballs' computer player (the ai module its registration names): nothing is hidden, so a
sample is the view's position."""

from __future__ import annotations

import random

from ai.hooks import Hooks
from games.core import Seat, replace
from tests.support.toy.rules import SNOWBALLS, SnowballState, SnowballView


def sample(view: SnowballView, seat: Seat, r: random.Random) -> SnowballState:
    state = SNOWBALLS.new_game(view.players, SNOWBALLS.options(), r.randrange(1 << 30))
    current = seat if view.current is None else view.current
    return replace(state, step=view.step, pile=view.pile, current=current)


def evaluate(state: SnowballState, seat: Seat) -> float:
    """A pile that is a multiple of three is lost for the player to take."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    mine = state.current == seat
    return 0.2 if (state.pile % 3 == 0) == mine else 0.8


HOOKS = Hooks.declare(SNOWBALLS, sample=sample, evaluate=evaluate)
