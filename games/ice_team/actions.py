"""Ice Team's actions and their labels (notation: :mod:`games.ice_team`)."""

from __future__ import annotations

from dataclasses import field

from games.core import ActionTraits
from games.ice_team.board import FINISH, STEAL, STEAL_MAX, pos_name
from games.words import Listed, Said, Text, say, say_n
from util.records import frozen

WALK, LEAP, SWIM = "walk", "leap", "swim"
ANY_MOVE = "move"  # parsed alias: a walk or a swim, resolved by the distance


def destination(pos: int) -> Said:
    """Where a move goes, with its "to": a cell, or the Finish board."""
    if pos == FINISH:
        # Translators: where a bear moves to, "Bear 2 walks to the Finish" (the finish board)
        return say("to the Finish")
    # Translators: where a bear moves to, "Bear 2 walks to C3"; {cell} is a cell name
    return say("to {cell}", cell=pos_name(pos))


# ----------------------------------------------------------------------------- actions


@frozen
class Move(ActionTraits):
    """Move bear ``bear`` (0-based) by ``kind``: ``path`` is the destination, or every landing of
    a leap chain. ``note`` (the landing tile, for the label) is not part of the action."""

    bear: int
    kind: str
    path: tuple[int, ...]
    note: Text = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        return f"{self.kind} {self.bear + 1} " + " ".join(pos_name(p) for p in self.path)

    @property
    def label(self) -> Said:
        if not self.note:
            return self.plain_label
        # Translators: a button: a move, and what its landing tile does ("igloo: fish and a roll")
        return say("{move} ({note})", move=self.plain_label, note=self.note)

    @property
    def plain_label(self) -> Said:
        """The label without its note: the move alone."""
        bear, dest = self.bear + 1, destination(self.path[-1])
        if self.kind == LEAP and len(self.path) > 1:
            via = Listed(tuple(pos_name(p) for p in self.path[:-1]))
            # Translators: a button; {dest} is "to C3" or "to the Finish", {cells} the landings
            # before it ("C3, C1")
            move = say("Bear {bear} leaps {dest} via {cells}", bear=bear, dest=dest, cells=via)
        elif self.kind == LEAP:
            move = say("Bear {bear} leaps {dest}", bear=bear, dest=dest)
        elif self.kind == WALK:
            # Translators: a button; {dest} is "to C3" or "to the Finish"
            move = say("Bear {bear} walks {dest}", bear=bear, dest=dest)
        elif self.kind == SWIM:
            move = say("Bear {bear} swims {dest}", bear=bear, dest=dest)
        else:
            move = say("Bear {bear} moves {dest}", bear=bear, dest=dest)
        return move


@frozen
class Shift(ActionTraits):
    """Shift the tile under the bear to ``to``: simple, or block (a push in a straight line in the
    bear's moving direction; ``to`` is where the shifting tile itself ends). ``note`` (what the
    push moves, for the label) is not part of the action."""

    block: bool
    to: int
    note: Text = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        return f"shift {'block' if self.block else 'simple'} {pos_name(self.to)}"

    @property
    def label(self) -> Said:
        if self.block and self.note:
            # Translators: a button (block shifting); {note} says what else the push moves
            return say(
                "Push the ice: the shifting tile goes to {cell} ({note})",
                cell=pos_name(self.to),
                note=self.note,
            )
        return self.plain_label

    @property
    def plain_label(self) -> Said:
        """The label without its note (what else a push moves)."""
        cell = pos_name(self.to)
        if self.block:
            return say("Push the ice: the shifting tile goes to {cell}", cell=cell)
        # Translators: a button (simple shifting)
        return say("Slide the shifting tile to {cell}", cell=cell)


@frozen
class Die(ActionTraits):
    """The village: keep one of the two dice rolled."""

    face: str

    def __str__(self) -> str:
        return f"die {self.face}"

    @property
    def label(self) -> Said:
        if self.face == STEAL:
            # Translators: a button: keep the die that steals from the opponent
            return say_n("Steal up to {n} fresh fish", "Steal up to {n} fresh fish", STEAL_MAX)
        # Translators: a button: keep the die showing {n}
        return say_n("Take {n} fish", "Take {n} fish", int(self.face))


@frozen
class End(ActionTraits):
    """Decline the bear-paws extra action."""

    def __str__(self) -> str:
        return "end"

    @property
    def label(self) -> Said:
        # Translators: a button: decline the extra action of a bear paws tile
        return say("No extra action")


Action = Move | Shift | Die | End
