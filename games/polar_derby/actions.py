"""Polar Derby's actions and their labels (notation: :mod:`games.polar_derby`)."""

from __future__ import annotations

from typing import ClassVar

from games.core import (
    ActionTraits,
    Seat,
)
from util.records import frozen

# ----------------------------------------------------------------------------- actions


@frozen
class Roll(ActionTraits):
    def __str__(self) -> str:
        return "roll"


@frozen
class Stop(ActionTraits):
    def __str__(self) -> str:
        return "stop"


@frozen
class Take(ActionTraits):
    """Take one or two bears of different colours from the middle."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + " ".join(self.colours)


@frozen
class Steal(ActionTraits):
    """Take one or two bears of one colour from opponents' possession (one victim per bear)."""

    colour: str
    victims: tuple[Seat, ...]

    def __str__(self) -> str:
        bears = " ".join([self.colour] * len(self.victims))
        sources = sorted(set(self.victims))
        return f"steal {bears} from " + " ".join(str(v + 1) for v in sources)


@frozen
class TimeOut(ActionTraits):
    """The deadline default: the turn is lost as by a bust. Played only by the session."""

    deadline_only: ClassVar[bool] = True

    def __str__(self) -> str:
        return "time out"


Action = Roll | Stop | Take | Steal | TimeOut
