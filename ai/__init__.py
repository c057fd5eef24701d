"""Computer players for every Floe game (standard library and :mod:`games` only).

One entry point, :func:`choose`: given only what a seat sees (its view, never the state), the
notation of a legal action for that seat. Levels:

* ``easy``: a one-ply look with the game's evaluation plus noise and occasional slips
  (:mod:`ai.easy`; a game's own :class:`EasyStyle` in :mod:`ai.registry`);
* ``normal``: information-set search by determinization (:mod:`ai.search`) within a budget;
* ``hard``: the same search with about three times the budget.

The choice is deterministic for a given seed and iteration budget. ``seconds`` adds a
wall-clock cap (the bot passes :data:`LEVELS`' ``seconds``); with a cap the choice may depend
on the machine's speed. Arguments and result are plain, picklable values, so a worker process
can run it.

Each game's computer player is one module, ``ai/<game>.py``, that declares its hooks
(``sample``, ``evaluate`` and optionally ``candidate_actions``, ``rollout_action``: see
:mod:`ai.hooks`); the game's registration in :mod:`games.registry` names it, and :mod:`ai.registry` holds its tuned search iterations. The rules in
:mod:`games` know nothing of them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import games
from ai.easy import EasyStyle, choose_easy
from ai.hooks import Hooks, NoComputerPlayer
from ai.registry import COMPUTERS
from ai.search import Budget, best_action
from games import Seat

#: The search budget of each level (iterations: a game's own in :mod:`ai.registry`, these for a
#: game without them; ``seconds``: the wall-clock cap the bot passes, so a busy machine still
#: answers in time; on an idle one the iterations run out first). ``hard`` is ``normal``'s search
#: with about three times the iterations. Variants with other playouts did worse: deeper ones
#: (20 actions of a rough policy, more noise in every estimate) showed no edge over ``normal`` in
#: the few games measured, and in Ice Lake shorter ones (4 plans) won 7 and lost 6 against
#: ``normal``, where the same playouts as ``normal``'s won 23 and lost 7 (bench/bench_ai.py's
#: games 0-29 of that cell).
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=0, seconds=None),
    "normal": Budget(iterations=200, seconds=1.0, tree_depth=10, rollout_depth=10),
    "hard": Budget(iterations=600, seconds=3.0, tree_depth=10, rollout_depth=10),
}


def budget(game_name: str, level: str) -> Budget:
    """The budget of ``level`` for ``game_name``: iterations (and the cap the bot should pass)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: try one of {', '.join(LEVELS)}")
    base = LEVELS[level]
    computer = COMPUTERS.get(game_name)
    return replace(base, iterations=computer.iterations.get(level, base.iterations)) if computer else base


def easy_style(game_name: str) -> EasyStyle:
    """How the ``easy`` level of ``game_name`` looks at its candidates (:mod:`ai.registry`)."""
    computer = COMPUTERS.get(game_name)
    return computer.easy if computer else EasyStyle()


def has_computer(game_name: str) -> bool:
    """Whether the game has a computer player."""
    return game_name in COMPUTERS


def hooks(game_name: str) -> Hooks:
    """The computer player's hooks of ``game_name``; :class:`NoComputerPlayer` for a game
    without one (``InvalidOptions`` for an unknown game)."""
    computer = COMPUTERS.get(game_name)
    if computer is None:
        raise NoComputerPlayer(f"{games.get(game_name).title} has no computer player yet")
    return computer.hooks


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
    player = hooks(game_name)
    plan = budget(game_name, level)
    r = random.Random(f"floe-ai:{game_name}:{level}:{seed}")
    if level == "easy":
        return choose_easy(player, view, seat, r, easy_style(game_name))
    plan = replace(plan, iterations=plan.iterations if iterations is None else iterations, seconds=seconds)
    return best_action(player, view, seat, r, plan)


__all__ = [
    "COMPUTERS",
    "LEVELS",
    "Budget",
    "EasyStyle",
    "Hooks",
    "NoComputerPlayer",
    "budget",
    "choose",
    "easy_style",
    "has_computer",
    "hooks",
]
