"""The computer players by game name, each with its search budget.

A game's computer player is the module its registration names (:mod:`games.registry`, the one
place a game is registered); its search iterations per level are the tuned ones below, or
:data:`ai.LEVELS`' for a game not tuned yet (a new game needs no line here).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module

from ai.hooks import Hooks
from games.registry import REGISTERED


@dataclass(frozen=True)
class Computer:
    """A game's computer player (its hooks) and its search iterations per level."""

    hooks: Hooks
    iterations: Mapping[str, int]


#: The search iterations per level of the games tuned so far.
#:
#: They were set with bench/bench_ai.py (CPU time per decision) so that ``normal`` stayed near
#: 0.8 s median and ``hard`` near 2.5 s on one core of the loaded development machine. With the
#: faster rules of the fourth session ``normal`` takes 0.4-0.6 s and ``hard`` 1.2-2.0 s median
#: (README, "Computer players"); the budgets were kept, so the strength measured before and
#: after is that of the same players. They live here, not beside the hooks, so retuning a level
#: keeps the games bench/bench_ai.py stored for the others (its code digest reads the hooks'
#: module, not this one).
ITERATIONS: dict[str, Mapping[str, int]] = {
    "ice-hike": {"normal": 170, "hard": 500},
    "ice-lake": {"normal": 90, "hard": 320},
    "ice-team": {"normal": 220, "hard": 660},
    "polar-derby": {"normal": 950, "hard": 2800},
    "thin-ice": {"normal": 300, "hard": 900},
}


class Computers(Mapping[str, Computer]):
    """The computer player of every registered game that has one, by name (a game registered
    later included); its module is imported when first asked for."""

    def __getitem__(self, name: str) -> Computer:
        module = REGISTERED[name].computer
        if module is None:
            raise KeyError(name)
        hooks: Hooks = import_module(module).HOOKS
        return Computer(hooks, ITERATIONS.get(name, {}))

    def __iter__(self) -> Iterator[str]:
        return (name for name, registration in REGISTERED.items() if registration.computer is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


COMPUTERS = Computers()
