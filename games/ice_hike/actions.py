"""Ice Hike actions and their notation (``str(action)`` is the notation; :func:`parse` reads it).

=====================  ========================================================================
``place C4``           place the drawn tile (with its cube or bear) on a free full hexagon
``puppet`` / ``bear``  play this turn with your puppet (2 steps) or with a polar bear (3 steps)
``walk NE``            one step of your puppet (N, NE, SE, S, SW, NW)
``walk NE pay rope``   ... onto another player's igloo, paying it one find (berries/torch/rope)
``rope NE``            climb or descend two levels with a rope (also ``rope NE pay torch``)
``torch NE SE``        step onto the bear to the NE and push it SE with a torch (no steps)
``build``              build an igloo where your puppet stands (2 steps)
``search``             take the find from the cave (mountain) you stand on (2 steps)
``berries``            eat blueberries: two more steps this turn
``end``                end your turn (or your bear's walk)
``bear F5 NE``         start walking the bear on F5 one step NE; then ``bear NE`` ...
``torch yes|no``       (attacked) fend off the bear with a torch or not
``go start``/``go C4`` (attacked) where your puppet goes; ``go C4 pay rope`` to a stranger's igloo
``torches always|never|ask``  your standing choice about torches when a bear attacks
=====================  ========================================================================
"""

from __future__ import annotations

from typing import ClassVar

from games.core import ActionTraits, InvalidAction, quoted, words
from games.hexgrid import CLOCKWISE
from games.ice_hike.board import BERRIES, FIND_NAMES, NAMES, ROPE, START, TORCH, cell
from games.words import say
from util.records import frozen

_FIND_BY_WORD = {
    "berries": BERRIES,
    "berry": BERRIES,
    "blueberries": BERRIES,
    "blue": BERRIES,
    "torch": TORCH,
    "red": TORCH,
    "rope": ROPE,
    "yellow": ROPE,
}
POLICIES = ("always", "never", "ask")


def _pay(pay: str) -> str:
    return f" pay {FIND_NAMES[pay]}" if pay else ""


@frozen
class Place(ActionTraits):
    cell: int

    def __str__(self) -> str:
        return f"place {NAMES[self.cell]}"


@frozen
class Choose(ActionTraits):
    piece: str  # "puppet" or "bear"

    def __str__(self) -> str:
        return self.piece


@frozen
class Walk(ActionTraits):
    direction: str
    pay: str = ""

    def __str__(self) -> str:
        return f"walk {self.direction}{_pay(self.pay)}"


@frozen
class Rope(ActionTraits):
    direction: str
    pay: str = ""

    def __str__(self) -> str:
        return f"rope {self.direction}{_pay(self.pay)}"


@frozen
class TorchPush(ActionTraits):
    direction: str
    push: str

    def __str__(self) -> str:
        return f"torch {self.direction} {self.push}"


@frozen
class Build(ActionTraits):
    def __str__(self) -> str:
        return "build"


@frozen
class Search(ActionTraits):
    def __str__(self) -> str:
        return "search"


@frozen
class Berries(ActionTraits):
    def __str__(self) -> str:
        return "berries"


@frozen
class End(ActionTraits):
    def __str__(self) -> str:
        return "end"


@frozen
class BearStep(ActionTraits):
    direction: str
    start: int = -1  # the bear's cell on the first step of its walk

    def __str__(self) -> str:
        where = f"{NAMES[self.start]} " if self.start >= 0 else ""
        return f"bear {where}{self.direction}"


@frozen
class TorchAnswer(ActionTraits):
    use: bool

    def __str__(self) -> str:
        return "torch yes" if self.use else "torch no"


@frozen
class Go(ActionTraits):
    cell: int
    pay: str = ""

    def __str__(self) -> str:
        where = "start" if self.cell == START else NAMES[self.cell]
        return f"go {where}{_pay(self.pay)}"


@frozen
class Policy(ActionTraits):
    """The standing torch choice: only its owner's view shows it, so it is never told."""

    choice: str
    private: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"torches {self.choice}"


Action = (
    Place
    | Choose
    | Walk
    | Rope
    | TorchPush
    | Build
    | Search
    | Berries
    | End
    | BearStep
    | TorchAnswer
    | Go
    | Policy
)

#: Every kind of move, as typed (notation: the same in every language).
EXAMPLES = (
    "place C4, puppet, bear, walk NE, rope NE, torch NE SE, build, search, berries, end, "
    "bear F5 NE, torch yes, go start, go C4 pay rope, torches ask"
)
# Translators: {moves} lists the moves as typed (they stay English).
HINT = say("try: {moves}", moves=EXAMPLES)


def _direction(word: str) -> str:
    d = word.upper()
    if d not in CLOCKWISE:
        raise InvalidAction(
            # Translators: {word} is what the player typed; N, NE, SE, S, SW, NW are typed as they are.
            say("{word} is not a direction: use N, NE, SE, S, SW or NW", word=quoted(word))
        )
    return d


def _cell(word: str) -> int:
    c = cell(word)
    if c is None:
        raise InvalidAction(say("{word} is not a cell of the board (A1 to M10)", word=quoted(word)))
    return c


def _pay_words(rest: list[str]) -> str:
    if not rest:
        return ""
    if len(rest) == 2 and rest[0] == "pay" and rest[1] in _FIND_BY_WORD:
        return _FIND_BY_WORD[rest[1]]
    # Translators: "pay berries", "pay torch" and "pay rope" are typed as they are.
    raise InvalidAction(say("pay with one find: pay berries, pay torch or pay rope"))


def parse(text: str) -> Action:
    parts = words(text)
    if not parts:
        raise InvalidAction(say("type a move; {hint}", hint=HINT))
    verb, rest = parts[0], parts[1:]
    n = len(rest)
    if verb == "place" and n == 1:
        return Place(_cell(rest[0]))
    simple: dict[str, Action] = {
        "puppet": Choose("puppet"),
        "end": End(),
        "build": Build(),
        "search": Search(),
        "berries": Berries(),
    }
    if verb in simple and n == 0:
        return simple[verb]
    if verb == "bear":
        if n == 0:
            return Choose("bear")
        if n == 1:
            return BearStep(_direction(rest[0]))
        if n == 2:
            return BearStep(_direction(rest[1]), _cell(rest[0]))
    if verb in ("walk", "rope") and n in (1, 3):
        d, pay = _direction(rest[0]), _pay_words(rest[1:])
        return Walk(d, pay) if verb == "walk" else Rope(d, pay)
    if verb == "torch" and n == 1 and rest[0] in ("yes", "no", "use"):
        return TorchAnswer(rest[0] != "no")
    if verb == "no" and rest == ["torch"]:
        return TorchAnswer(False)
    if verb == "torch" and n == 2:
        return TorchPush(_direction(rest[0]), _direction(rest[1]))
    if verb == "go" and n in (1, 3):
        where = START if rest[0] == "start" else _cell(rest[0])
        return Go(where, _pay_words(rest[1:]))
    if verb in ("torches", "torch") and n == 1 and rest[0] in POLICIES:
        return Policy(rest[0])
    raise InvalidAction(say("{text} is not an Ice Hike move; {hint}", text=quoted(text), hint=HINT))
