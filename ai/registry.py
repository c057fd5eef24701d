"""The computer players by game name, each with its search budget.

A game's computer player is the module its registration names (:mod:`games.registry`, the one
place a game is registered); its search iterations per level are the tuned ones below, or
:data:`ai.LEVELS`' for a game not tuned yet (a new game needs no line here).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module

from ai.easy import EasyStyle
from ai.hooks import Hooks
from games.registry import REGISTERED


@dataclass(frozen=True)
class Computer:
    """A game's computer player (its hooks), its search iterations per level and how its
    ``easy`` level looks at its candidates.

    The iterations are set with bench/bench_ai.py (CPU time per decision) and kept fixed, so
    that strength measured at different times is that of the same players. ``easy`` keeps
    :class:`EasyStyle`'s defaults except where they lost to random play or played as well as
    ``normal`` (Ice Hike, Polar Derby: a turn there is a chain of small decisions, so each
    candidate is played on to the end of its turn). Why each style, with its figures:
    docs/computer-players.md, "The levels".

    Budgets and styles live here, not beside the hooks, so retuning a level keeps the games
    bench/bench_ai.py stored for the others (its code digest reads the hooks' module, not this
    one; each record keeps its levels' budgets and a game's own ``easy`` style).
    """

    hooks: Hooks
    iterations: Mapping[str, int]
    easy: EasyStyle = field(default_factory=EasyStyle)


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

#: How ``easy`` looks at its candidates where :class:`EasyStyle`'s defaults lost to random play,
#: or played as well as ``normal`` (the docstring of :class:`Computer`; a new game needs no line
#: here).
EASY_STYLES: dict[str, EasyStyle] = {
    "ice-hike": EasyStyle(own_turn=10, noise=0.02, looked_at=5),
    "polar-derby": EasyStyle(own_turn=10),
}


class Computers(Mapping[str, Computer]):
    """The computer player of every registered game that has one, by name (a game registered
    later included); its module is imported when first asked for."""

    def __getitem__(self, name: str) -> Computer:
        module = REGISTERED[name].computer
        if module is None:
            raise KeyError(name)
        hooks: Hooks = import_module(module).HOOKS
        return Computer(hooks, ITERATIONS.get(name, {}), EASY_STYLES.get(name, EasyStyle()))

    def __iter__(self) -> Iterator[str]:
        return (name for name, registration in REGISTERED.items() if registration.computer is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


COMPUTERS = Computers()
