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
from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    key: str
    title: str
    timing: str
    text: str
    args: str = ""  # "", "dir", "ortho", "side", "seat", "cell", "cells"


CARDS: tuple[Card, ...] = (
    Card(
        "bearly",
        "Bear-ly there",
        "bear",
        "The polar bear doesn't crack a tile or cause a cracked tile to be discarded this turn.",
    ),
    Card("distracted", "Easily distracted", "bear", "You move the bear this turn."),
    Card("hibernate", "Hi-bear-nation", "any", "The bear goes back to sleep again."),
    Card(
        "nature",
        "At one with nature",
        "any",
        "The polar bear may not be moved towards you until after your next turn.",
    ),
    Card(
        "sawit",
        "Saw it coming",
        "chased",
        "You decide which adjacent tile you move to when chased by the polar bear.",
    ),
    Card(
        "roar",
        "RRRAAHHHH!",
        "any",
        "If you are adjacent to the bear you can move the bear one tile away from you, "
        "but it cannot chase another player.",
        "dir",
    ),
    Card(
        "zen",
        "Zen moment",
        "turn",
        "Look through the top 3 event cards. Keep one of them and put the other two cards "
        "either at the top or bottom of the deck.",
    ),
    Card("run", "Run…", "turn", "Move your playing piece an extra tile this turn."),
    Card("leap", "Mighty Leap", "turn", "For your move you may jump over a player on an adjacent tile."),
    Card("ohno", "Oh no you don't", "card", "Cancel the effect of the card that has just been played."),
    Card(
        "vote",
        "Let's vote on that",
        "card",
        "Every player votes whether the effect of the played card happens; a draw or more "
        "votes against means it doesn't.",
    ),
    Card("slip", "Sudden slip", "any", "The current player misses the rest of their turn."),
    Card(
        "panic",
        "Mass panic!!",
        "any",
        "Everyone passes their hand to the player on their left or right.",
        "side",
    ),
    Card("sure", "Are you sure?", "rolled", "The player has to reroll the dice."),
    Card("plan", "What's the plan?", "any", "Look at a single player's hand of cards.", "seat"),
    Card(
        "shift",
        "Ice shift",
        "any",
        "Swap the position of two adjacent tiles even if they have a polar bear or player on them.",
        "cells",
    ),
    Card(
        "icewith",
        "Ice with that?",
        "any",
        "Take an ice tile from the discarded tiles and place it ice face up adjacent to any other tile.",
        "cell",
    ),
    Card("moving", "It's moving", "turn", "You have an extra tile slide this turn."),
    Card("snap", "Cold Snap", "any", "Refreeze any cracked tile.", "cell"),
    Card(
        "company",
        "Two's company",
        "turn",
        "During your movement this turn you may move onto an uncracked tile occupied by another meeple.",
    ),
    Card(
        "together",
        "In it together",
        "start",
        "Pick a meeple on an adjacent tile. If you become lost at sea this turn it does too.",
        "seat",
    ),
    Card(
        "catch",
        "Catch this!",
        "any",
        "Choose a player on an adjacent tile. They roll: a bear and they are given this card; "
        "otherwise they miss their next turn and discard a card.",
        "seat",
    ),
    Card(
        "style",
        "Sliding in style",
        "any",
        "Until the end of your next turn a player moving off a tile does not crack it or discard it.",
    ),
    Card(
        "jacket",
        "Life Jacket",
        "any",
        "Until the end of your next turn you can be in the sea and still be in the game, and move "
        "from one sea space into another.",
    ),
    Card("flare", "Flare", "bear", "The bear cannot be moved this turn."),
    Card(
        "paddle",
        "Paddle like mad",
        "any",
        "Move the tile you are on 1 space orthogonally (also when you become adrift).",
        "ortho",
    ),
)
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
