"""Ice Team's actions and their labels (notation: :mod:`games.ice_team`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import ActionTraits
from games.ice_team.board import FINISH, STEAL, STEAL_MAX, pos_name

WALK, LEAP, SWIM = "walk", "leap", "swim"
ANY_MOVE = "move"  # parsed alias: a walk or a swim, resolved by the distance


# ----------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Move(ActionTraits):
    """Move bear ``bear`` (0-based) by ``kind``: ``path`` is the destination, or every landing of
    a leap chain. ``note`` (the landing tile, for the label) is not part of the action."""

    bear: int
    kind: str
    path: tuple[int, ...]
    note: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        return f"{self.kind} {self.bear + 1} " + " ".join(pos_name(p) for p in self.path)

    @property
    def label(self) -> str:
        verb = {WALK: "walks", LEAP: "leaps", SWIM: "swims", ANY_MOVE: "moves"}[self.kind]
        dest = "the Finish" if self.path[-1] == FINISH else pos_name(self.path[-1])
        via = ""
        if self.kind == LEAP and len(self.path) > 1:
            via = " via " + ", ".join(pos_name(p) for p in self.path[:-1])
        note = f" ({self.note})" if self.note else ""
        return f"Bear {self.bear + 1} {verb} to {dest}{via}{note}"


@dataclass(frozen=True)
class Shift(ActionTraits):
    """Shift the tile under the bear to ``to``: simple, or block (a push in a straight line in the
    bear's moving direction; ``to`` is where the shifting tile itself ends). ``note`` (what the
    push moves, for the label) is not part of the action."""

    block: bool
    to: int
    note: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        return f"shift {'block' if self.block else 'simple'} {pos_name(self.to)}"

    @property
    def label(self) -> str:
        if self.block:
            note = f" ({self.note})" if self.note else ""
            return f"Push the ice: the shifting tile goes to {pos_name(self.to)}{note}"
        return f"Slide the shifting tile to {pos_name(self.to)}"


@dataclass(frozen=True)
class Die(ActionTraits):
    """The village: keep one of the two dice rolled."""

    face: str

    def __str__(self) -> str:
        return f"die {self.face}"

    @property
    def label(self) -> str:
        if self.face == STEAL:
            return f"Steal up to {STEAL_MAX} fresh fish"
        return f"Take {self.face} fish"


@dataclass(frozen=True)
class End(ActionTraits):
    """Decline the bear-paws extra action."""

    def __str__(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "No extra action"


Action = Move | Shift | Die | End
