"""Polar Derby's actions and their labels (notation: :mod:`games.polar_derby`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core import (
    ActionTraits,
    Seat,
)

# ----------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Roll(ActionTraits):
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Stop(ActionTraits):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Take(ActionTraits):
    """Take one or two bears of different colours from the middle."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + " ".join(self.colours)


@dataclass(frozen=True)
class Steal(ActionTraits):
    """Take one or two bears of one colour from opponents' possession (one victim per bear)."""

    colour: str
    victims: tuple[Seat, ...]

    def __str__(self) -> str:
        bears = " ".join([self.colour] * len(self.victims))
        sources = sorted(set(self.victims))
        return f"steal {bears} from " + " ".join(str(v + 1) for v in sources)


@dataclass(frozen=True)
class TimeOut(ActionTraits):
    """The deadline default: the turn is lost as by a bust. Played only by the session."""

    deadline_only: ClassVar[bool] = True

    def __str__(self) -> str:
        return "time out"


Action = Roll | Stop | Take | Steal | TimeOut
