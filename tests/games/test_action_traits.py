"""Every action of every registered game declares its traits (games.core.ActionTraits: secret,
private, deadline only, label), so the session reads them as attributes, never by guessing."""

from __future__ import annotations

import pytest

import games
from games.core import ActionTraits
from games.words import Said
from tests.support.board_layout import playout


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_legal_action_declares_its_traits(name: str) -> None:
    game = games.get(name)
    for players in sorted({min(game.players), max(game.players)}):
        for state in playout(name, players, seed=5, max_steps=120):
            for seat in game.to_act(state):
                for action in game.legal_actions(state, seat):
                    assert isinstance(action, ActionTraits), (name, type(action).__name__)
                    assert isinstance(action.label, (str, Said)) and str(action.label)
