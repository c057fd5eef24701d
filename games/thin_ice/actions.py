"""Thin Ice actions and their notation (``str(action)``; :func:`parse` reads it back).

Notation (case and spacing are free; cells like ``D4``, directions N NE E SE S SW W NW,
players by number from 1 as on the board):

* ``place D3``: put your meeple next to the ice hole at the start.
* ``move NE`` / ``move NE cw``: move your meeple (``cw``/``ccw`` turns a rotating partial tile
  you leave); ``jump NE``: Mighty Leap over the meeple next to you; ``stand``: stand back up.
* ``slide C3 N``: slide the tile on C3 one space north.
* ``roll``: roll the die; then ``bear NE`` / ``destroy E5`` (Kraken) / ``crack E5`` /
  ``refreeze E5`` / ``slide C3 N`` to resolve it.
* ``chase NE``: send the meeple the bear chased away (or the Kraken evicted) one step NE.
* ``whale N``: move the Killer Whale the Kraken landed on.
* ``play <card> [args]``: ``play flare``, ``play roar NE``, ``play panic left``,
  ``play plan 2``, ``play shift D4 E4``, ``play snap C3``, ``play paddle N``.
* ``pass``: let a reaction window go by; ``vote yes`` / ``vote no``.
* ``keep run top`` / ``keep run bottom``: Zen moment: keep a card, the others go on top/bottom.
* ``discard <card>``; ``end``: end your turn.
* ``order flare when-bear-adjacent``, ``order ohno when-slip``, ``order pass``,
  ``order when-playable``, ``order clear``: private standing orders.
"""

from __future__ import annotations

from typing import ClassVar

from games.core import ActionTraits, InvalidAction, parse_number, quoted, words
from games.thin_ice.board import DIRS, ORTHO, Cell, name, parse_cell
from games.thin_ice.cards import BY_KEY, TRIGGERS
from games.words import Said, say, say_in
from util.records import frozen


@frozen
class Place(ActionTraits):
    cell: Cell

    def __str__(self) -> str:
        return f"place {name(self.cell)}"


@frozen
class Move(ActionTraits):
    dir: str
    rot: str = ""  # "", "cw" or "ccw"
    jump: bool = False

    def __str__(self) -> str:
        verb = "jump" if self.jump else "move"
        return f"{verb} {self.dir}" + (f" {self.rot}" if self.rot else "")


@frozen
class Slide(ActionTraits):
    cell: Cell
    dir: str

    def __str__(self) -> str:
        return f"slide {name(self.cell)} {self.dir}"


@frozen
class Simple(ActionTraits):
    """``roll``, ``stand``, ``end``, ``pass``."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@frozen
class Step(ActionTraits):
    """A one-step choice: ``bear NE``, ``chase NE``, ``whale N``."""

    verb: str
    dir: str

    def __str__(self) -> str:
        return f"{self.verb} {self.dir}"


@frozen
class Target(ActionTraits):
    """A tile choice: ``crack E5``, ``refreeze E5``, ``destroy E5``."""

    verb: str
    cell: Cell

    def __str__(self) -> str:
        return f"{self.verb} {name(self.cell)}"


@frozen
class Play(ActionTraits):
    card: str
    arg: str = ""  # a direction or left/right
    seat: int = -1  # a player (0-based; 1-based in notation)
    cells: tuple[Cell, ...] = ()

    def __str__(self) -> str:
        parts = ["play", self.card]
        if self.arg:
            parts.append(self.arg)
        if self.seat >= 0:
            parts.append(str(self.seat + 1))
        parts += [name(c) for c in self.cells]
        return " ".join(parts)


@frozen
class Discard(ActionTraits):
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@frozen
class Vote(ActionTraits):
    yes: bool

    def __str__(self) -> str:
        return "vote yes" if self.yes else "vote no"


@frozen
class Keep(ActionTraits):
    card: str
    where: str  # "top" or "bottom"
    secret: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"keep {self.card} {self.where}"


#: The standing orders without a card, by trigger: their notation after ``order``.
CARDLESS_ORDERS: dict[str, str] = {"pass": "pass", "playable": "when-playable", "clear": "clear"}
#: How the standing orders without a card read in menus and listings.
CARDLESS_ORDER_LABELS: dict[str, Said] = {
    # Translators: a standing order: answer every reaction window with pass
    "pass": say("Pass every window"),
    # Translators: a standing order: pass the reaction windows where none of my cards can be played
    "playable": say("Ask me only when I can play a card"),
    # Translators: a standing order: forget every standing order given so far
    "clear": say("Clear my orders"),
}
#: What the triggers of standing orders read as in labels ("Flare when bear adjacent"); a card's
#: key as a trigger reads as its title.
TRIGGER_WORDS: dict[str, Said] = {
    # Translators: a standing order's trigger: after any roll of the die
    "rolled": say("rolled"),
    # Translators: a standing order's trigger: after a polar bear is rolled on the die
    "bear-rolled": say("bear rolled"),
    # Translators: a standing order's trigger: after a polar bear is rolled next to my meeple
    "bear-adjacent": say("bear adjacent"),
    # Translators: a standing order's trigger: the polar bear moved onto my tile
    "chased": say("chased"),
    # Translators: a standing order's trigger: my tile went adrift
    "adrift": say_in("a standing order's trigger", "adrift"),
}


@frozen
class Order(ActionTraits):
    """A private standing order: ``card`` is "" for ``order pass`` (pass every window),
    ``order when-playable`` (ask me only when I can play a card) and ``order clear``."""

    card: str
    trigger: str
    secret: ClassVar[bool] = True

    def __str__(self) -> str:
        if not self.card:
            return f"order {CARDLESS_ORDERS[self.trigger]}"
        return f"order {self.card} when-{self.trigger}"

    @property
    def label(self) -> Said:
        """In words, for menus and the terminal's list: "Flare when bear adjacent"."""
        if not self.card:
            return CARDLESS_ORDER_LABELS[self.trigger]
        about = BY_KEY[self.trigger].name if self.trigger in BY_KEY else TRIGGER_WORDS[self.trigger]
        # Translators: a standing order's label: a card, and when it is played ("Flare when bear adjacent")
        return say("{card} when {trigger}", card=BY_KEY[self.card].name, trigger=about)


Action = Place | Move | Slide | Simple | Step | Target | Play | Discard | Vote | Keep | Order

#: Examples of the notation, as refusals of what is not an action suggest them.
# Translators: {actions} lists examples of the notation players type (kept in English)
HINT = say(
    "try: {actions}",
    actions="move NE, slide C3 N, roll, bear NE, crack E5, refreeze E5, chase NE, play flare, "
    "pass, vote yes, discard flare, end, order flare when-bear-adjacent",
)


def _dir(text: str, ortho: bool = False) -> str:
    d = text.upper()
    if d not in DIRS or (ortho and d not in ORTHO):
        if ortho:
            # Translators: the directions are typed as they are, in English letters
            raise InvalidAction(say("{text} is not a direction: use N, E, S or W", text=quoted(text)))
        raise InvalidAction(
            # Translators: the directions are typed as they are, in English letters
            say("{text} is not a direction: use N, NE, E, SE, S, SW, W or NW", text=quoted(text))
        )
    return d


def _cell(text: str) -> Cell:
    c = parse_cell(text)
    if c is None:
        raise InvalidAction(
            say("{text} is not a square: use a letter and a number, like D4", text=quoted(text))
        )
    return c


def _card(text: str) -> str:
    key = text.lower().replace("-", "").replace("'", "")
    if key not in BY_KEY:
        raise InvalidAction(
            # Translators: {cards} lists the cards' short names as they are typed
            say("there is no card {text}: cards are {cards}", text=quoted(text), cards=", ".join(BY_KEY))
        )
    return key


def _seat(text: str) -> int:
    number = parse_number(text)
    if number is None or not 1 <= number <= 6:
        raise InvalidAction(say("{text} is not a player: name players by number, 1 to 6", text=quoted(text)))
    return number - 1


def parse(text: str) -> Action:
    parts = words(text)
    if not parts:
        raise InvalidAction(say("type an action: {hint}", hint=HINT))
    verb, rest = parts[0], parts[1:]
    n = len(rest)
    if verb in ("roll", "stand", "end", "pass") and n == 0:
        return Simple(verb)
    if verb == "place" and n == 1:
        return Place(_cell(rest[0]))
    if verb in ("move", "jump") and n in (1, 2):
        rot = ""
        if n == 2:
            if rest[1] not in ("cw", "ccw"):
                raise InvalidAction(say("turn a rotating tile with cw or ccw: move NE cw"))
            rot = rest[1]
        return Move(_dir(rest[0]), rot, verb == "jump")
    if verb == "slide" and n == 2:
        return Slide(_cell(rest[0]), _dir(rest[1], ortho=True))
    if verb in ("bear", "chase") and n == 1:
        return Step(verb, _dir(rest[0]))
    if verb == "whale" and n == 1:
        return Step(verb, _dir(rest[0], ortho=True))
    if verb in ("crack", "refreeze", "destroy") and n == 1:
        return Target(verb, _cell(rest[0]))
    if verb == "discard" and n == 1:
        return Discard(_card(rest[0]))
    if verb == "vote" and n == 1 and rest[0] in ("yes", "no", "for", "against"):
        return Vote(rest[0] in ("yes", "for"))
    if verb == "keep" and n == 2 and rest[1] in ("top", "bottom"):
        return Keep(_card(rest[0]), rest[1])
    cardless = {words: trigger for trigger, words in CARDLESS_ORDERS.items()}
    if verb == "order" and n == 1 and rest[0] in cardless:
        return Order("", cardless[rest[0]])
    if verb == "order" and n >= 2:
        card = _card(rest[0])
        trig = "-".join(rest[1:]).removeprefix("when-").removeprefix("when")
        if card in ("ohno", "vote"):
            trig = _card(trig)
        if trig not in TRIGGERS.get(card, ()):
            triggers = ", ".join(f"when-{t}" for t in TRIGGERS.get(card, ())[:4])
            if not triggers:
                raise InvalidAction(
                    # Translators: {card} is a card's short name as typed
                    say("{card} cannot be a standing order with that trigger (none)", card=card)
                )
            raise InvalidAction(
                # Translators: {card} is a card's short name, {triggers} the triggers as typed (when-rolled)
                say(
                    "{card} cannot be a standing order with that trigger ({triggers})",
                    card=card,
                    triggers=triggers,
                )
            )
        return Order(card, trig)
    if verb == "play" and n >= 1:
        return _parse_play(_card(rest[0]), rest[1:])
    raise InvalidAction(say("{text} is not a Thin Ice action: {hint}", text=quoted(text), hint=HINT))


def _parse_play(card: str, rest: list[str]) -> Play:
    kind = BY_KEY[card].args
    if kind == "" and not rest:
        return Play(card)
    if kind in ("dir", "ortho") and len(rest) == 1:
        return Play(card, arg=_dir(rest[0], ortho=kind == "ortho"))
    if kind == "side" and len(rest) == 1 and rest[0] in ("left", "right"):
        return Play(card, arg=rest[0])
    if kind == "seat" and len(rest) == 1:
        return Play(card, seat=_seat(rest[0]))
    if kind == "cell" and len(rest) == 1:
        return Play(card, cells=(_cell(rest[0]),))
    if kind == "cells" and len(rest) == 2:
        return Play(card, cells=(_cell(rest[0]), _cell(rest[1])))
    examples = {
        "": f"play {card}",
        "dir": f"play {card} NE",
        "ortho": f"play {card} N",
        "side": f"play {card} left",
        "seat": f"play {card} 2",
        "cell": f"play {card} C3",
        "cells": f"play {card} D4 E4",
    }
    # Translators: a card's title, then how to play it, typed as it is ("play roar NE")
    raise InvalidAction(say("{card}: type {example}", card=BY_KEY[card].name, example=examples[kind]))
