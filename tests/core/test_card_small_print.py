"""The small print under a public turn card: what the phone board leaves to the text, briefly."""

from __future__ import annotations

from bot.core.sessions.loading import SMALL_PRINT_LINE, card_facts


def test_the_card_leaves_out_what_it_says_above_and_joins_short_facts() -> None:
    """The pings say who is to play and what is asked, the prompt the plan's letters, the board
    the last tile: the small print keeps the standings and what the board holds, short facts
    sharing a line."""
    lines = [
        "Reaction window: everyone may play a card",  # the status
        "alice [B] (to play): on ice, 2 cards",
        "bob [O] (to play): on ice, 2 cards",
        "carol [G]: swimming, 1 card",
        "Deck 20 - discards 0 - tiles gone 1",
        "Die: crack",
        "Reaction window: roll",
        "1 action left",
        "Last tile placed: J4",
        "Plan: letters S straight, L left, R right",
    ]
    assert card_facts(lines) == [
        "alice [B]: on ice, 2 cards",
        "bob [O]: on ice, 2 cards",
        "carol [G]: swimming, 1 card",
        "Deck 20 - discards 0 - tiles gone 1",
        "Die: crack · 1 action left",
    ]
    assert all(len(line) <= SMALL_PRINT_LINE for line in card_facts(lines))


def test_a_long_fact_keeps_its_own_line() -> None:
    long = "1 alice [B]: out - skated off the lake, last plan: LR"
    assert card_facts(["status", long, "Dice: 2"]) == [long, "Dice: 2"]
