"""Thin Ice's prompts as a game's page tells spectators: in the third person, the seat named
where the public prompt says "your"."""

from __future__ import annotations

from games.core import Seat
from games.words import Said, Text, Who, say


def spectator_prompt(said: Text, seat: Seat) -> Text:
    """``said`` (``seat``'s public prompt) as spectators read it."""
    if not isinstance(said, Said):
        return said
    if said.key == "place your meeple next to the Ice Hole (place <square>)":
        # Translators: {who} is a player's name; "place <square>" is typed as it is (place D3)
        return say("place {who}'s meeple next to the Ice Hole (place <square>)", who=Who(seat))
    if said.key == "the polar bear is on your tile: play a card or pass":
        # Translators: {who} is a player's name
        return say("the polar bear is on {who}'s tile: play a card or pass", who=Who(seat))
    if said.key == "your tile is adrift: play a card or pass":
        # Translators: {who} is a player's name
        return say("{who}'s tile is adrift: play a card or pass", who=Who(seat))
    if said.key == "your turn: play cards, discard, or end":
        return say("play cards, discard, or end")
    if said.key == "your turn: {todo} (any order)":
        # Translators: {todo} lists what is still to do this turn ("move, slide a tile, roll")
        return say("{todo} (any order)", todo=said.param("todo"))
    return said
