"""Thin Ice in other languages: what the rules say (games/words.py) is told from the catalogues in
bot/locales/<lang>/LC_MESSAGES/thin_ice.po, with the players' names; English stays the key."""

from __future__ import annotations

import pytest

from bot.core.languages import language
from games import GameError
from games.thin_ice import THIN_ICE as G
from games.thin_ice.state import ThinIceOptions
from games.words import tell
from tests.support.thin_ice import FIELD, act_events, make

NAMES = ["Ann", "Floe (normal)", "Cy"]


def test_a_move_and_a_card_played_are_told_in_dutch_and_french_with_the_names() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    s, moved = act_events(s, 0, "move N")
    move = next(e for e in moved if e.kind == "move")
    assert tell(move.text, NAMES) == "Ann moves to C2."
    assert tell(move.text, NAMES, language("nl")) == "Ann gaat naar C2."
    assert tell(move.text, NAMES, language("fr")) == "Ann va en C2."

    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={1: ("slip",)}, current=1)
    s, played = act_events(s, 1, "play slip")
    told = [e.text for e in played if e.kind in ("play", "slip")]
    english = [tell(t, NAMES) for t in told]
    assert english == ["Floe (normal) plays Sudden slip.", "Floe (normal) misses the rest of the turn."]
    assert [tell(t, NAMES, language("nl")) for t in told] == [
        "Floe (normal) speelt Uitglijder.",
        "Floe (normal) mist de rest van de beurt.",
    ]
    french = [tell(t, NAMES, language("fr")) for t in told]
    assert french == ["Floe (normal) joue Glissade soudaine.", "Floe (normal) perd le reste du tour."]
    assert not set(french) & set(english)


@pytest.mark.parametrize(
    ("code", "told"),
    [("nl", "{} is aan de beurt."), ("fr", "À {} de jouer."), ("de", "{} ist am Zug.")],
)
def test_whose_turn_it_is_is_told_in_each_language(code: str, told: str) -> None:
    s = G.new_game(3, ThinIceOptions(), 5)
    for _ in range(3):  # every seat places its meeple; then the first player's turn begins
        (seat,) = G.to_act(s)
        s, events = G.apply(s, seat, G.legal_actions(s, seat)[0])
    turn = next(e for e in events if e.kind == "turn")
    first = NAMES[s.current]
    assert tell(turn.text, NAMES) == f"It is {first}'s turn."
    assert tell(turn.text, NAMES, language(code)) == told.format(first)


def test_a_refusal_is_told_in_german() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    with pytest.raises(GameError) as refused:
        G.check(s, 0, G.parse_action("end"))
    assert str(refused.value) == "roll the dice first: it is mandatory (Roll the Dice)"
    assert tell(refused.value.said, NAMES, language("de")) == "würfle zuerst: Das ist Pflicht (Würfeln)"
    with pytest.raises(GameError) as not_yours:
        G.check(s, 1, G.parse_action("roll"))
    assert tell(not_yours.value.said, NAMES, language("de")) == "du bist nicht am Zug"


def test_a_card_title_is_translated_and_its_notation_is_not() -> None:
    with pytest.raises(GameError) as refused:
        G.parse_action("play roar")
    assert tell(refused.value.said, NAMES, language("de")) == "RRRAAHHHH!: Gib play roar NE ein"
    with pytest.raises(GameError) as unknown:
        G.parse_action("play nothing")
    assert tell(unknown.value.said, NAMES, language("nl")).startswith(
        "er is geen kaart 'nothing': de kaarten zijn bearly, "
    )
