"""Wording the games got wrong, found by a first hour at the terminal: a turn announced after the
game was won, a standing order shown as another, a plan's refusal naming letters nobody typed,
and a how-to-play that left out the two-player game and the puppet's free way down."""

from __future__ import annotations

import random

import pytest

import games
from bot.core.languages import language
from games import InvalidAction
from games.ice_hike.how_to_play import HOW_TO_PLAY
from games.thin_ice import THIN_ICE
from games.words import ENGLISH, Said, tell
from renderer import thin_ice_words
from tests.support.thin_ice import FIELD, MOVED, act, all_but, make, rolled

NAMES = ["Ann", "Bob", "Cy"]


def told_events(events: list[games.Event]) -> list[str]:
    out = []
    for event in events:
        said = getattr(event, "said", None) or getattr(event, "text", None)
        if isinstance(said, Said):
            out.append(tell(said, NAMES, ENGLISH))
    return out


def test_thin_ice_announces_no_turn_once_the_last_rival_went_out() -> None:
    """Seeded random games to their end: the move that leaves one player on the ice says who
    wins, and no turn after it (before, "It is Ann's turn." came right before "Ann wins")."""
    ended = 0
    for seed in range(4):
        pick = random.Random(seed)
        state = THIN_ICE.new_game(3, THIN_ICE.options.from_mapping({}), seed)
        for _ in range(3000):
            awaited = sorted(THIN_ICE.to_act(state))
            if not awaited:
                break
            seat = awaited[0]
            choices = [a for a in THIN_ICE.legal_actions(state, seat) if not str(a).startswith("order")]
            state, events = THIN_ICE.apply(state, seat, pick.choice(choices))
            said = "\n".join(told_events(events))
            if "the last on the ice" in said:
                ended += 1
                assert "turn." not in said and "draws" not in said, said
    assert ended, "no seeded game reached its end"


def test_thin_ice_view_names_an_ask_me_when_playable_order() -> None:
    """``order when-playable`` was shown in the private view as "Orders: pass"."""
    s = make(
        FIELD,
        hands={1: ("ohno", "sure")},
        discard=all_but("ohno", "sure", "zen"),
        meeples={0: "C3", 1: "F6", 2: "F2"},
        bear="D4",
        turn=MOVED,
    )
    s = rolled(s, 0, "crack")
    assert THIN_ICE.to_act(s) == {1}
    s = act(s, 1, "order when-playable")
    footer = "\n".join(thin_ice_words.footer(THIN_ICE.view(s, 1)))
    assert "Orders: ask me only when I can play a card" in footer
    assert "Orders: pass" not in footer


def refusal(text: str, code: str = "en") -> str:
    with pytest.raises(InvalidAction) as refused:
        games.get("ice-lake").parse_action(text)
    return tell(refused.value.said, NAMES, language(code))


def test_ice_lake_names_the_word_beside_a_plan() -> None:
    assert refusal("LLRS please").startswith("please is not part of a plan: a plan is one or more letters")
    assert refusal("plan LLRS please").startswith("please is not part of a plan")
    assert "AEP" not in refusal("LLRS please")
    assert refusal("plan SSX").startswith("X is not a move:")  # a letter no plan has, as before
    assert refusal("SLRL2").startswith("2 is not a move:")  # a typo in a plan is refused as a plan
    assert "SLRL" not in refusal("SLRL2")  # and never repeats the secret plan
    assert refusal("LLRS please", "fr").startswith("please ne fait pas partie d'un plan")


def how_to_play(code: str) -> str:
    return "\n".join(tell(line, (), language(code)) for line in HOW_TO_PLAY)


def test_ice_hike_how_to_play_tells_two_colours_and_the_free_way_down() -> None:
    page = how_to_play("en")
    assert "Two players: each plays two colours (two puppets)" in page
    assert "1 to go down (a puppet gets that\n     step back" in page
    for code, words in (("nl", "twee kleuren"), ("fr", "deux couleurs"), ("de", "zwei Farben")):
        assert words in how_to_play(code), code
