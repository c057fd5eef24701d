"""Hostile text: whatever a player types, ``parse_action`` either returns an action
whose notation round-trips or refuses it with a game error that says why; nothing else escapes.

Before the shared helpers (``games.core.parse_number`` and ``parse_cell_name``) a superscript
``²`` (``str.isdigit`` true, ``int`` refuses it) or a number of 5,000 digits raised ``ValueError``
in every game's number and cell parsing.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import GAMES, GameError
from games.core import parse_cell_name, parse_number, quoted

GAME_NAMES = sorted(GAMES)

#: Verbs and arguments of every game, so that the random text reaches the number and cell parsers.
VERBS = [
    "place",
    "walk",
    "rope",
    "bear",
    "go",
    "torch",
    "torches",
    "take",
    "steal",
    "from",
    "swim",
    "leap",
    "shift",
    "die",
    "plan",
    "face",
    "reset",
    "move",
    "slide",
    "crack",
    "play",
    "order",
    "vote",
    "keep",
    "discard",
    "mass",
    "catch",
    "white",
    "pink",
    "simple",
    "block",
    "pay",
    "rope",
    "when-bear-adjacent",
]
HOSTILE_WORDS = [
    "²",
    "٣",
    "1²",
    "C²",
    "C٣",
    "Ⅻ",
    "A" + "9" * 50,
    "9" * 5000,
    "0",
    "-1",
    "+2",
    "1_0",
    " ",
    "\x00",
    "\u200b",
]
word = st.one_of(
    st.sampled_from(VERBS + HOSTILE_WORDS),
    st.text(max_size=6),
    st.from_regex(r"[A-Ma-m][0-9²³¹٠-٩]{1,4}", fullmatch=True),
    st.from_regex(r"[0-9²٣]{1,6}", fullmatch=True),
)
sentence = st.lists(word, max_size=6).map(" ".join)


def check_parse(name: str, text: str) -> None:
    game = GAMES[name]
    try:
        action = game.parse_action(text)
    except GameError as e:
        assert str(e).strip(), f"{name}: a refusal of {text!r} without a reason"
        assert len(str(e)) < 400, f"{name}: the refusal of {text[:20]!r}... is {len(str(e))} characters"
        return
    assert game.parse_action(str(action)) == action, f"{name}: {text!r} -> {action!r} does not round-trip"
    # Whatever parses is then played or refused with a reason, never another exception.
    state = FRESH[name]
    for seat in sorted(game.to_act(state)):
        try:
            games.play(game, state, seat, action)
        except GameError as e:
            assert str(e).strip()


FRESH = {
    name: GAMES[name].new_game(GAMES[name].players.start, GAMES[name].options(), 7) for name in GAME_NAMES
}


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(sentence, st.text(max_size=40)))
def test_any_text_parses_or_is_refused_with_a_reason(name: str, text: str) -> None:
    check_parse(name, text)


EXPLICIT = [
    "²",
    "٣",
    "9" * 5000,
    "",
    "   ",
    "\x00\x07\x1b[31m",
    "x" * 100_000,
    "place C²",
    "place C٣",
    "place C" + "9" * 5000,
    "steal white white from ²",
    "steal white white from " + "9" * 5000,
    "walk ² C2",
    "walk " + "9" * 5000 + " C2",
    "reset A²",
    "play catch ²",
    "play catch " + "7" * 5000,
    "go C" + "1" * 5000,
    "bear C²  NE",
    "slide D" + "4" * 5000 + " N",
]


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("text", EXPLICIT, ids=lambda t: repr(t[:16]))
def test_superscripts_huge_numbers_and_control_characters_are_refused(name: str, text: str) -> None:
    with pytest.raises(GameError) as refused:
        GAMES[name].parse_action(text)
    message = str(refused.value)
    assert message.strip() and len(message) < 400
    assert all(ch.isprintable() for ch in message), "a refusal shows no control characters"


def test_parse_number_takes_ascii_digits_only_and_bounded() -> None:
    assert parse_number("12") == 12 and parse_number(" 3 ") == 3
    for bad in ["²", "٣", "1²", "", " ", "-1", "+1", "1_0", "9" * 5000, "1 2"]:
        assert parse_number(bad) is None, bad


def test_parse_cell_name_takes_an_ascii_letter_and_number() -> None:
    assert parse_cell_name("c4") == (2, 3) and parse_cell_name(" M10 ") == (12, 9)
    for bad in ["C²", "C٣", "É4", "4C", "C", "", "C" + "9" * 5000, "CC4"]:
        assert parse_cell_name(bad) is None, bad


def test_a_quoted_refusal_is_short_and_printable() -> None:
    assert quoted("walk") == "'walk'"
    long = quoted("9" * 5000)
    assert len(long) <= 26 and long.endswith("…'")
    assert quoted("a\x00b") == "'a?b'"
