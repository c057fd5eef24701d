"""The computer players by game name, each with its search budget. Add one line per game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ai import ice_hike, ice_lake, ice_team, polar_derby, thin_ice
from ai.hooks import Hooks


@dataclass(frozen=True)
class Computer:
    """A game's computer player (its hooks) and its search iterations per level.

    The iterations were set with bench/bench_ai.py (CPU time per decision) so that ``normal``
    stayed near 0.8 s median and ``hard`` near 2.5 s on one core of the loaded development
    machine. With the faster rules of the fourth session ``normal`` takes 0.4-0.6 s and ``hard``
    1.2-2.0 s median (README, "Computer players"); the budgets were kept, so the strength
    measured before and after is that of the same players. They live here, not beside the
    hooks, so retuning a level keeps the games bench/bench_ai.py stored for the others (its code
    digest reads the hooks' module, not this one).
    """

    hooks: Hooks
    iterations: Mapping[str, int]


COMPUTERS: dict[str, Computer] = {
    computer.hooks.game.name: computer
    for computer in (
        Computer(ice_hike.HOOKS, {"normal": 170, "hard": 500}),
        Computer(ice_lake.HOOKS, {"normal": 90, "hard": 320}),
        Computer(ice_team.HOOKS, {"normal": 220, "hard": 660}),
        Computer(polar_derby.HOOKS, {"normal": 950, "hard": 2800}),
        Computer(thin_ice.HOOKS, {"normal": 300, "hard": 900}),
    )
}
