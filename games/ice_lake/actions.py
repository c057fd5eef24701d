"""Ice Lake's actions and the menu of short plans (notation: :mod:`games.ice_lake`)."""

from __future__ import annotations

from itertools import product
from typing import ClassVar

from games.core import ActionTraits
from games.hexgrid import Hex
from games.ice_lake.board import LETTERS, name
from util.records import frozen

# ----------------------------------------------------------------------------- actions


@frozen
class Plan(ActionTraits):
    """A secret plan of S/L/R letters."""

    moves: str
    secret: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"plan {self.moves}"


@frozen
class Face(ActionTraits):
    """After a forced stop: the facing the skater turns to."""

    direction: str

    def __str__(self) -> str:
        return f"face {self.direction}"


@frozen
class Reset(ActionTraits):
    """A cut-off skater's new hex on the largest patch."""

    cell: Hex

    def __str__(self) -> str:
        return f"reset {name(self.cell)}"


Action = Plan | Face | Reset

PLAN_MENU: tuple[Plan, ...] = tuple(Plan("".join(p)) for n in (1, 2, 3) for p in product(LETTERS, repeat=n))
