"""Every registered game's presentation (games/presentation.py) is well formed: every action its
random playouts offer has a label and a menu (or none). Its notation examples parse:
tests/games/test_conformance.py."""

from __future__ import annotations

import pytest

import games
from games.presentation import PLAIN, Presentation
from games.words import tell
from tests.support.presentation import offered_actions


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_offered_action_has_a_label_and_a_menu_or_none(name: str) -> None:
    game = games.get(name)
    shown = games.presentation_of(game)
    assert isinstance(shown, Presentation)
    for players in (min(game.players), max(game.players)):
        for action in offered_actions(game, players, seed=players, steps=150):
            label = tell(shown.action_label(action))
            assert isinstance(label, str) and label.strip(), (name, action)
            said_group = shown.action_group(action)
            group = None if said_group is None else tell(said_group)
            assert group is None or isinstance(group, str), (name, action)
            assert isinstance(shown.public_action(action), bool), (name, action)


def test_a_game_never_registered_is_shown_with_the_defaults() -> None:
    game = games.get("polar-derby")

    class Unregistered(type(game)):  # type: ignore[misc]
        name = "unregistered"

    assert games.presentation_of(Unregistered()) is PLAIN
    assert PLAIN.action_group(object()) is None
    assert str(PLAIN.private_input_label) == "Answer privately"
    assert str(PLAIN.action_label(game.parse_action("roll"))) == "roll"
