"""The computer players by game name, each with its search budget. Add one line per game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ai import ice_hike, ice_lake, ice_team, polar_derby, thin_ice
from ai.easy import EasyStyle
from ai.hooks import Hooks


@dataclass(frozen=True)
class Computer:
    """A game's computer player (its hooks), its search iterations per level and how its
    ``easy`` level looks at its candidates.

    The iterations were set with bench/bench_ai.py (CPU time per decision) so that ``normal``
    stayed near 0.8 s median and ``hard`` near 2.5 s on one core of the loaded development
    machine; with today's faster rules they take less (docs/computer-players.md), and the
    budgets were kept, so the strength measured before and after is that of the same players.

    ``easy`` keeps :class:`EasyStyle`'s defaults except where they lost to random play (bench
    /bench_ai.py's ``easy:random`` cells). In Ice Hike and Polar Derby a turn is a chain of
    small decisions (choose the puppet, then walk step by step; roll, take, roll again), so
    ``easy`` plays each candidate on to the end of its turn by the rollout policy before scoring
    it (``own_turn``); in Ice Hike a step also moves the evaluation by a few hundredths only, so
    its noise is smaller there. With the defaults both lost too often to random play; the
    figures are in docs/computer-players.md.

    Budgets and styles live here, not beside the hooks, so retuning a level keeps the games
    bench/bench_ai.py stored for the others (its code digest reads the hooks' module, not this
    one; each record keeps its levels' budgets and a game's own ``easy`` style).
    """

    hooks: Hooks
    iterations: Mapping[str, int]
    easy: EasyStyle = field(default_factory=EasyStyle)


COMPUTERS: dict[str, Computer] = {
    computer.hooks.game.name: computer
    for computer in (
        Computer(
            ice_hike.HOOKS,
            {"normal": 170, "hard": 500},
            EasyStyle(own_turn=10, noise=0.02),
        ),
        Computer(ice_lake.HOOKS, {"normal": 90, "hard": 320}),
        Computer(ice_team.HOOKS, {"normal": 220, "hard": 660}),
        Computer(polar_derby.HOOKS, {"normal": 950, "hard": 2800}, EasyStyle(own_turn=10)),
        Computer(thin_ice.HOOKS, {"normal": 300, "hard": 900}),
    )
}
