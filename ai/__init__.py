"""Computer players for every Floe game (standard library and :mod:`games` only).

One entry point, :func:`choose`: given only what a seat sees (its view, never the state), the
notation of a legal action for that seat. Levels:

* ``easy``: a one-ply look with the game's evaluation plus noise and occasional slips
  (:mod:`ai.easy`);
* ``normal``: information-set search by determinization (:mod:`ai.search`) within a budget;
* ``hard``: the same search with a bigger budget and deeper playouts.

The choice is deterministic for a given seed and iteration budget. ``seconds`` adds a
wall-clock cap (the bot passes :data:`LEVELS`' ``seconds``); with a cap the choice may depend
on the machine's speed. Arguments and result are plain, picklable values, so a worker process
can run it.

Every game contributes its hooks next to its rules (``sample``, ``evaluate`` and optionally
``candidate_actions``, ``rollout_action``: see :mod:`games.core`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import games
from ai.easy import choose_easy
from ai.search import Budget, Hooks, NoComputerPlayer, search
from games import Seat

#: The search budget of each level (iterations; ``seconds``: the cap the bot should pass).
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=0, seconds=1.0),
    "normal": Budget(iterations=300, seconds=1.0, tree_depth=10, rollout_depth=10),
    "hard": Budget(iterations=1000, seconds=3.0, tree_depth=16, rollout_depth=20),
}
#: Per game, the iterations of a level where the game's moves are cheaper or dearer to simulate
#: (measured with bench/bench_ai.py so that the medians stay within 1 s and 3 s).
GAME_ITERATIONS: dict[tuple[str, str], int] = {}


def budget(game_name: str, level: str) -> Budget:
    """The budget of ``level`` for ``game_name`` (without a time cap)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: try one of {', '.join(LEVELS)}")
    base = LEVELS[level]
    return replace(base, iterations=GAME_ITERATIONS.get((game_name, level), base.iterations), seconds=None)


def has_computer(game_name: str) -> bool:
    """Whether the game has the hooks a computer player needs."""
    game = games.get(game_name)
    return hasattr(game, "sample") and hasattr(game, "evaluate")


def choose(
    game_name: str,
    view: Any,
    seat: Seat,
    level: str = "normal",
    seed: int = 0,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
) -> str:
    """The notation of a legal action for ``seat``, which must be awaited in ``view``.

    ``iterations`` overrides the level's iteration count, ``seconds`` caps the thinking time.
    Raises :class:`NoComputerPlayer` for a game without the hooks and ``ValueError`` for an
    unknown level or a seat that is not awaited.
    """
    game = games.get(game_name)
    hooks = Hooks.of(game)
    plan = budget(game_name, level)
    r = random.Random(f"floe-ai:{game_name}:{level}:{seed}")
    if level == "easy":
        return choose_easy(hooks, view, seat, r)
    plan = replace(plan, iterations=plan.iterations if iterations is None else iterations, seconds=seconds)
    return search(hooks, view, seat, r, plan)


__all__ = ["LEVELS", "Budget", "NoComputerPlayer", "budget", "choose", "has_computer"]
