"""Information-set Monte Carlo tree search by determinization (single observer).

The computer sees only its seat's view. Each iteration draws one full state consistent with
that view from the game's ``sample`` hook (hidden hands, plans and tile orders drawn at random,
and a fresh seed, so dice and draws to come differ from the real ones), then walks one tree,
shared by every iteration, whose edges are action notations:

* selection: among the actions legal in this determinization, an untried one first, else the
  best UCB score, where an edge's exploration term counts the iterations in which it was
  available (ISMCTS with availability counts: the legal actions differ between determinizations);
* each tree level is one seat's decision. When several seats are awaited at once (simultaneous
  plans, a reaction window), the searching seat decides in the tree if it is awaited, else the
  lowest awaited seat; the other seats of that same group act by the rollout policy, so no seat
  "sees" a simultaneous choice of another in the tree;
* chance stays inside ``apply`` (open loop): the edge after ``roll`` gathers every outcome;
* expansion adds one edge per iteration; the playout then follows the rollout policy for a few
  actions and is cut short with the game's ``evaluate`` (a finished game scores 1 for every
  winner, shared wins included, 0 otherwise);
* each edge keeps the mean reward of the seat that chose it: every seat maximises its own.

The move played is the most visited action at the root (ties: the better mean, then notation).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from ai.hooks import Hooks
from games import Seat
from games.core import randbelow

#: The UCB exploration constant for rewards in [0, 1].
EXPLORATION = 0.7


def decider(awaited: frozenset[Seat], me: Seat) -> Seat:
    """Who decides at a tree level: the searching seat if awaited, else the lowest awaited seat."""
    return me if me in awaited else min(awaited)


@dataclass
class Node:
    """An edge of the tree and the node it leads to (edges are keyed by notation)."""

    children: dict[str, Node] = field(default_factory=dict)
    visits: int = 0
    total: float = 0.0  # summed rewards of the seat whose action leads here
    avail: int = 0  # iterations in which this action was legal

    def ucb(self) -> float:
        if self.visits == 0:
            return math.inf
        return self.total / self.visits + EXPLORATION * math.sqrt(math.log(max(self.avail, 1)) / self.visits)


@dataclass(frozen=True)
class Budget:
    """How long to think: iterations (deterministic) and an optional wall-clock cap."""

    iterations: int
    seconds: float | None = None
    tree_depth: int = 12  # edges added below the root at most (then the playout takes over)
    rollout_depth: int = 12  # playout actions before the evaluation cuts it short


def best_action(hooks: Hooks, view: Any, seat: Seat, r: random.Random, budget: Budget) -> str:
    """The notation of the action the search prefers for ``seat`` (awaited in ``view``)."""
    game = hooks.game
    first = hooks.sample(view, seat, r)
    awaited = game.to_act(first)
    if seat not in awaited:
        raise ValueError(f"seat {seat} is not awaited now")
    root_actions = {str(a): a for a in hooks.candidates(first, seat)}
    if not root_actions:
        raise ValueError(f"seat {seat} has no legal action")
    if len(root_actions) == 1:
        return next(iter(root_actions))
    root = Node()
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    for i in range(budget.iterations):
        state = first if i == 0 else hooks.sample(view, seat, r)
        _iterate(hooks, root, state, seat, r, budget, root_actions)
        if deadline is not None and time.perf_counter() > deadline:
            break
    return _best(root, root_actions)


def _best(root: Node, root_actions: dict[str, Any]) -> str:
    tried = [(name, node) for name, node in root.children.items() if name in root_actions]
    if not tried:
        return next(iter(root_actions))
    name, _ = max(tried, key=lambda kv: (kv[1].visits, kv[1].total / max(kv[1].visits, 1), kv[0]))
    return name


def _iterate(
    hooks: Hooks,
    root: Node,
    state: Any,
    me: Seat,
    r: random.Random,
    budget: Budget,
    root_actions: dict[str, Any],
) -> None:
    game = hooks.game
    path: list[tuple[Node, Seat]] = []
    node = root
    for level in range(budget.tree_depth + 1):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = decider(awaited, me)
        if level == 0:
            actions = {
                name: a
                for name, a in ((str(a), a) for a in hooks.candidates(state, seat))
                if name in root_actions
            }
            if not actions:  # no root action is legal in this determinization: skip it
                return
        else:
            actions = {str(a): a for a in hooks.candidates(state, seat)}
        if not actions:
            break
        untried = []
        for name in actions:
            child = node.children.get(name)
            if child is None:
                untried.append(name)
            else:
                child.avail += 1
        if untried:
            name = untried[randbelow(r, len(untried))]
            child = node.children[name] = Node(avail=1)
        else:
            name = max(actions, key=lambda n: node.children[n].ucb())
            child = node.children[name]
        state, _ = game.apply(state, seat, actions[name])
        state = hooks.others_act(state, sorted(awaited - {seat}), r)
        path.append((child, seat))
        node = child
        if untried:
            break
    state = _playout(hooks, state, r, budget.rollout_depth)
    rewards = hooks.rewards(state, {s for _, s in path})
    for child, seat in path:
        child.visits += 1
        child.total += rewards[seat]


def _playout(hooks: Hooks, state: Any, r: random.Random, depth: int) -> Any:
    game = hooks.game
    for _ in range(depth):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        state, _ = game.apply(state, seat, hooks.rollout(state, seat, r))
    return state
