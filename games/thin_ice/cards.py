"""Thin Ice event cards: one copy of each of the 26 cards of the rulebook (data, ``RULINGS.md``).

Each card has a short key (its notation), its printed title, its timing class and its effect.
Timing classes:

* ``any``: "At any time": on your own turn, or in any reaction window you are asked in.
* ``turn``: "In your turn" / "During your turn": on your own turn, outside reaction windows.
* ``start``: "At the start of your turn": on your turn before your first action.
* ``bear``: "Immediately after a polar bear has been rolled": in the window after a bear roll.
* ``rolled``: "Immediately after the dice has been rolled": in the window after any roll.
* ``chased``: "Immediately after the polar bear has moved onto your tile": in your chase window.
* ``card``: "Immediately after any card has been played": in the window after a card is played.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.words import Said, say
from util.records import frozen


@frozen
class Card:
    """A card: ``key`` its notation, ``name`` its printed title and ``effect`` its printed text
    (sayings, told in the reader's language)."""

    key: str
    name: Said
    timing: str
    effect: Said
    args: str = ""  # "", "dir", "ortho", "side", "seat", "cell", "cells"

    @property
    def title(self) -> str:
        """The printed title in English ("Bear-ly there")."""
        return str(self.name)

    @property
    def text(self) -> str:
        """The printed effect in English."""
        return str(self.effect)

    @property
    def brief(self) -> Said:
        """When the card may be played and what it does, in one short line (:data:`BRIEFS`)."""
        return BRIEFS[self.key]

    @property
    def line(self) -> Said:
        """Its title and :attr:`brief`: "Flare — After a bear roll: the bear cannot be moved..."."""
        # Translators: {card} is a card's title, {effect} when it may be played and what it does
        return say("{card} — {effect}", card=self.name, effect=self.brief)


CARDS: tuple[Card, ...] = (
    Card(
        "bearly",
        say("Bear-ly there"),
        "bear",
        say("The polar bear doesn't crack a tile or cause a cracked tile to be discarded this turn."),
    ),
    Card("distracted", say("Easily distracted"), "bear", say("You move the bear this turn.")),
    Card("hibernate", say("Hi-bear-nation"), "any", say("The bear goes back to sleep again.")),
    Card(
        "nature",
        say("At one with nature"),
        "any",
        say("The polar bear may not be moved towards you until after your next turn."),
    ),
    Card(
        "sawit",
        say("Saw it coming"),
        "chased",
        say("You decide which adjacent tile you move to when chased by the polar bear."),
    ),
    Card(
        "roar",
        say("RRRAAHHHH!"),
        "any",
        say(
            "If you are adjacent to the bear you can move the bear one "
            "tile away from you, but it cannot chase another player."
        ),
        "dir",
    ),
    Card(
        "zen",
        say("Zen moment"),
        "turn",
        say(
            "Look through the top 3 event cards. Keep one of them and put "
            "the other two cards either at the top or bottom of the deck."
        ),
    ),
    Card("run", say("Run…"), "turn", say("Move your playing piece an extra tile this turn.")),
    Card(
        "leap",
        say("Mighty Leap"),
        "turn",
        say("For your move you may jump over a player on an adjacent tile."),
    ),
    Card(
        "ohno",
        say("Oh no you don't"),
        "card",
        say("Cancel the effect of the card that has just been played."),
    ),
    Card(
        "vote",
        say("Let's vote on that"),
        "card",
        say(
            "Every player votes whether the effect of the played card "
            "happens; a draw or more votes against means it doesn't."
        ),
    ),
    Card("slip", say("Sudden slip"), "any", say("The current player misses the rest of their turn.")),
    Card(
        "panic",
        say("Mass panic!!"),
        "any",
        say("Everyone passes their hand to the player on their left or right."),
        "side",
    ),
    Card("sure", say("Are you sure?"), "rolled", say("The player has to reroll the dice.")),
    Card("plan", say("What's the plan?"), "any", say("Look at a single player's hand of cards."), "seat"),
    Card(
        "shift",
        say("Ice shift"),
        "any",
        say("Swap the position of two adjacent tiles even if they have a polar bear or player on them."),
        "cells",
    ),
    Card(
        "icewith",
        say("Ice with that?"),
        "any",
        say("Take an ice tile from the discarded tiles and place it ice face up adjacent to any other tile."),
        "cell",
    ),
    Card("moving", say("It's moving"), "turn", say("You have an extra tile slide this turn.")),
    Card("snap", say("Cold Snap"), "any", say("Refreeze any cracked tile."), "cell"),
    Card(
        "company",
        say("Two's company"),
        "turn",
        say("During your movement this turn you may move onto an uncracked tile occupied by another meeple."),
    ),
    Card(
        "together",
        say("In it together"),
        "start",
        say("Pick a meeple on an adjacent tile. If you become lost at sea this turn it does too."),
        "seat",
    ),
    Card(
        "catch",
        say("Catch this!"),
        "any",
        say(
            "Choose a player on an adjacent tile. They roll: a bear and they are given "
            "this card; otherwise they miss their next turn and discard a card."
        ),
        "seat",
    ),
    Card(
        "style",
        say("Sliding in style"),
        "any",
        say("Until the end of your next turn a player moving off a tile does not crack it or discard it."),
    ),
    Card(
        "jacket",
        say("Life Jacket"),
        "any",
        say(
            "Until the end of your next turn you can be in the sea and still "
            "be in the game, and move from one sea space into another."
        ),
    ),
    Card("flare", say("Flare"), "bear", say("The bear cannot be moved this turn.")),
    Card(
        "paddle",
        say("Paddle like mad"),
        "any",
        say("Move the tile you are on 1 space orthogonally (also when you become adrift)."),
        "ortho",
    ),
)
#: Each card in one short line for whoever holds it or must answer it (the hand, the menus, how to
#: play): when it may be played, then what it does, in the rulebook's words.
BRIEFS: Mapping[str, Said] = {
    "bearly": say("After a bear roll: the bear cracks no tile and discards none this turn."),
    "distracted": say("After a bear roll: you move the bear this turn."),
    "hibernate": say("Any time: the bear goes back to sleep and must wake before it moves."),
    "nature": say("Any time: the bear may not be moved towards you until after your next turn."),
    "sawit": say("When the bear chases you: you choose the adjacent tile you move to."),
    "roar": say("Any time, next to the bear: move it one tile away from you; it chases nobody."),
    "zen": say("Your turn: look at the top 3 event cards, keep one, put two on top or bottom."),
    "run": say("Your turn: move your meeple one extra tile."),
    "leap": say("Your turn: for your move, jump over a player on an adjacent tile."),
    "ohno": say("After any card: cancel the effect of the card just played."),
    "vote": say("After any card: everyone votes whether it happens; a draw means it doesn't."),
    "slip": say("Any time: the current player misses the rest of their turn."),
    "panic": say("Any time: everyone passes their hand to the left or right, as you choose."),
    "sure": say("After a roll: the player has to reroll the die."),
    "plan": say("Any time: look at one player's hand of cards."),
    "shift": say("Any time: swap two adjacent tiles, even with a bear or a meeple on them."),
    "icewith": say("Any time: put a discarded tile back, ice side up, next to another tile."),
    "moving": say("Your turn: slide one extra tile this turn."),
    "snap": say("Any time: refreeze any cracked tile."),
    "company": say("Your turn: you may move onto an uncracked tile with another meeple on it."),
    "together": say("Start of your turn: pick an adjacent meeple; if you are lost at sea, so is it."),
    "catch": say("Any time: an adjacent player rolls; no bear: they miss a turn and discard a card."),
    "style": say("Any time: until your next turn ends, leaving a tile doesn't crack or discard it."),
    "jacket": say("Any time: until your next turn ends, you can be in the sea and swim in it."),
    "flare": say("After a bear roll: the bear cannot be moved this turn."),
    "paddle": say("Any time, or when you become adrift: move your tile 1 space orthogonally."),
}
BY_KEY: Mapping[str, Card] = {c.key: c for c in CARDS}
KEYS: tuple[str, ...] = tuple(c.key for c in CARDS)
#: The short deck option: the first 13 cards of the rulebook's list.
FIRST_13: tuple[str, ...] = KEYS[:13]
HAND_LIMIT = 2

#: Which cards answer which reaction window (besides "any" cards in event windows).
ANSWERS: Mapping[str, frozenset[str]] = {
    "card": frozenset({"ohno", "vote"}),
    "roll": frozenset({"sure"}),
    "bear": frozenset({"sure", "flare", "bearly", "distracted"}),
    "chase": frozenset({"sawit"}),
    "adrift": frozenset({"paddle"}),
}

#: Standing-order triggers by card (order notation: ``order <card> when-<trigger>``).
TRIGGERS: Mapping[str, tuple[str, ...]] = {
    "sure": ("rolled", "bear-rolled", "bear-adjacent"),
    "flare": ("bear-rolled", "bear-adjacent"),
    "bearly": ("bear-rolled", "bear-adjacent"),
    "distracted": ("bear-rolled", "bear-adjacent"),
    "sawit": ("chased",),
    "paddle": ("adrift",),
    "ohno": KEYS,
    "vote": KEYS,
}
#: The reaction windows each trigger answers; a card's key as a trigger answers a "card" window.
TRIGGER_WINDOWS: Mapping[str, frozenset[str]] = {
    "rolled": frozenset({"roll", "bear"}),
    "bear-rolled": frozenset({"bear"}),
    "bear-adjacent": frozenset({"bear"}),
    "chased": frozenset({"chase"}),
    "adrift": frozenset({"adrift"}),
}
#: Triggers that need the polar bear in the game.
BEAR_TRIGGERS = frozenset({"bear-rolled", "bear-adjacent", "chased"})
