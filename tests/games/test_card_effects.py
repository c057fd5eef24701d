"""Cards that say what they do: each Thin Ice event card and each Ice Hike cave find has one
short line saying it (games/thin_ice/cards.py ``BRIEFS``, games/ice_hike/board.py
``FIND_EFFECTS``), translated in every language, short enough for a select option's
description; the menus put it under the action that plays it and the terminal's ``rules``
lists them all after how to play."""

from __future__ import annotations

import pytest

import games
from bot.core.languages import LANGUAGES, language
from bot.terminal.local import rules_text
from games.ice_hike import board as B
from games.ice_hike.actions import Berries, End, Rope, TorchAnswer, TorchPush
from games.thin_ice.actions import Discard, Keep, Order, Play, Simple
from games.thin_ice.cards import BRIEFS, CARDS
from games.words import Said, tell

#: Discord's limit for a select option's description.
DESCRIPTION = 100

FINDS = (*B.FINDS, B.BEAR_CUBE, B.EMPTY)


def every_line() -> list[tuple[str, Said]]:
    """Every card's and find's line, by its key."""
    return [(card.key, card.brief) for card in CARDS] + [(f"find {f}", B.FIND_EFFECTS[f]) for f in FINDS]


def test_every_card_and_every_find_has_its_line() -> None:
    assert set(BRIEFS) == {card.key for card in CARDS}
    assert set(B.FIND_EFFECTS) == set(FINDS)
    english = [tell(said) for _, said in every_line()]
    assert len(set(english)) == len(english), "no two cards or finds say the same"
    assert all("\n" not in line and line.endswith(".") for line in english)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_line_is_translated_and_fits_a_select_options_description(code: str) -> None:
    for key, said in every_line():
        told = tell(said, (), language(code))
        assert told != tell(said), f"{key} is not translated in {code}"
        assert "\n" not in told and len(told) <= DESCRIPTION, (key, code, told)


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_the_terminals_rules_list_every_card_and_find_after_how_to_play(code: str) -> None:
    reader = language(code)
    thin_ice = rules_text(games.get("thin-ice"), reader)
    page = games.presentation_of(games.get("thin-ice")).page(reader).strip()
    assert thin_ice.startswith(page)
    for card in CARDS:
        assert tell(card.line, (), reader) in thin_ice.splitlines(), (code, card.key)
    ice_hike = rules_text(games.get("ice-hike"), reader)
    for find in FINDS:
        assert tell(B.FIND_EFFECTS[find], (), reader) in ice_hike.splitlines(), (code, find)


def test_a_menu_option_says_what_its_card_does() -> None:
    shown = games.presentation_of(games.get("thin-ice"))
    flare = BRIEFS["flare"]
    for action in (Play("flare"), Discard("flare"), Keep("flare", "top"), Order("flare", "bear-rolled")):
        assert shown.action_description(action) == flare, action
    assert shown.action_description(Simple("roll")) == ""
    assert shown.action_description(Order("", "pass")) == ""


def test_a_menu_option_says_what_its_find_does() -> None:
    shown = games.presentation_of(games.get("ice-hike"))
    assert shown.action_description(Berries()) == B.FIND_EFFECTS[B.BERRIES]
    assert shown.action_description(Rope("NE")) == B.FIND_EFFECTS[B.ROPE]
    assert shown.action_description(TorchPush("NE", "SE")) == B.FIND_EFFECTS[B.TORCH]
    assert shown.action_description(TorchAnswer(True)) == B.FIND_EFFECTS[B.TORCH]
    assert shown.action_description(TorchAnswer(False)) == ""
    assert shown.action_description(End()) == ""


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_offered_description_is_one_line_or_none(name: str) -> None:
    """Every game's actions have a description or none (the default), never a broken one."""
    game = games.get(name)
    shown = games.presentation_of(game)
    state = game.new_game(min(game.players), game.options(), 3)
    for seat in sorted(game.to_act(state)):
        for action in game.legal_actions(state, seat):
            described = tell(shown.action_description(action))
            assert "\n" not in described and len(described) <= DESCRIPTION, (name, action)
