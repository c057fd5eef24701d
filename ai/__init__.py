"""Computer players for every Floe game (standard library and :mod:`games` only).

One entry point, :func:`choose`: given only what a seat sees (its view, never the state), the
notation of a legal action for that seat. Levels:

* ``easy``: a one-ply look with the game's evaluation plus noise and occasional slips
  (:mod:`ai.easy`);
* ``normal``: information-set search by determinization (:mod:`ai.search`) within a budget;
* ``hard``: the same search with about three times the budget.

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
from ai.search import Budget, Hooks, NoComputerPlayer, best_action
from games import Seat

#: The search budget of each level for a game without its own row below (iterations;
#: ``seconds``: the wall-clock cap the bot passes, so a busy machine still answers in time;
#: on an idle one the iterations run out first).
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=0, seconds=None),
    "normal": Budget(iterations=200, seconds=1.0, tree_depth=10, rollout_depth=10),
    "hard": Budget(iterations=600, seconds=3.0, tree_depth=10, rollout_depth=10),
}
#: Iterations per game and level, set with bench/bench_ai.py (CPU time per decision) so that
#: ``normal`` stayed near 0.8 s median and ``hard`` near 2.5 s on one core of the loaded
#: development machine. With the faster rules of the fourth session ``normal`` takes 0.4-0.6 s
#: and ``hard`` 1.2-2.0 s median (README, "Computer players"); the budgets were kept, so the
#: strength measured before and after is that of the same players.
GAME_ITERATIONS: dict[tuple[str, str], int] = {
    ("polar-derby", "normal"): 950,
    ("polar-derby", "hard"): 2800,
    ("ice-team", "normal"): 220,
    ("ice-team", "hard"): 660,
    ("ice-lake", "normal"): 90,
    ("ice-lake", "hard"): 320,
    ("ice-hike", "normal"): 170,
    ("ice-hike", "hard"): 500,
    ("thin-ice", "normal"): 300,
    ("thin-ice", "hard"): 900,
}


#: Other search settings of one game and level (``Budget`` fields), where a game needs them; none
#: does now. ``hard`` is ``normal``'s search with about three times the iterations. Variants
#: with other playouts did worse: deeper ones (20 actions of a rough policy, more noise in every
#: estimate) showed no edge over ``normal`` in the few games measured, and in Ice Lake shorter
#: ones (4 plans) won 7 and lost 6 against ``normal``, where the same playouts as ``normal``'s won
#: 23 and lost 7 (bench/bench_ai.py's games 0-29 of that cell).
GAME_SETTINGS: dict[tuple[str, str], dict[str, int]] = {}


def budget(game_name: str, level: str) -> Budget:
    """The budget of ``level`` for ``game_name``: iterations (and the cap the bot should pass)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: try one of {', '.join(LEVELS)}")
    base = LEVELS[level]
    iterations = GAME_ITERATIONS.get((game_name, level), base.iterations)
    return replace(base, iterations=iterations, **GAME_SETTINGS.get((game_name, level), {}))


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
    return best_action(hooks, view, seat, r, plan)


__all__ = [
    "GAME_ITERATIONS",
    "GAME_SETTINGS",
    "LEVELS",
    "Budget",
    "NoComputerPlayer",
    "budget",
    "choose",
    "has_computer",
]
