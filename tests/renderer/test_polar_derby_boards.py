"""Polar Derby board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

import pytest

import games
from games.polar_derby.state import OVER
from renderer import pens, theme
from renderer import polar_derby as pd
from tests.support.board_layout import assert_texts_inside, drawn, playout

GAME = games.get("polar-derby")
NAMES = ["Zoë", "Ωmega", "Дмитрий", "小明", "🐧 Pingu", "Bartholomew Featherstonehaugh-Smythe"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_late_game_boards_keep_every_text_inside_its_box(players: int, seed: int) -> None:
    states = playout("polar-derby", players, seed)
    for state in states[-4:] + states[len(states) // 2 : len(states) // 2 + 2]:
        with pens.record_layout() as layout:
            img = pd.draw(GAME.view(state, None), NAMES[:players])
        assert_texts_inside(img, layout)


def test_players_carry_numbers_so_their_markers_do_not_read_as_bears() -> None:
    state = playout("polar-derby", 4, 3)[30]
    with pens.record_layout() as layout:
        pd.draw(GAME.view(state, None), NAMES[:4])
    legend = [t.text for t in layout.texts if t.box[0] >= pd.PANEL_LEFT]
    assert {"1", "2", "3", "4"} <= set(legend)
    assert not {p.letter for p in theme.PLAYER_COLOURS} & set(legend)  # no "B" or "O" token in the legend


def test_the_moves_line_lists_the_moves_legal_now() -> None:
    for state in playout("polar-derby", 3, 5)[:40]:
        view = GAME.view(state, None)
        legal = [str(a) for a in GAME.legal_actions(state, state.current)] if state.phase != OVER else []
        assert list(view.moves) == legal
        with pens.record_layout() as layout:
            pd.draw(view, NAMES[:3])
        text = " ".join(drawn(layout))
        if legal:
            assert "Moves now: " + legal[0] in text
        assert "steal white white from 2" not in text or "steal white white from 2" in legal


def test_a_long_result_line_is_drawn_in_full() -> None:
    names = ["Bartholomew Featherstonehaugh", "Maximiliana Worthington-Hughes"]
    end = playout("polar-derby", 2, 7)[-1]
    view = GAME.view(end, None)
    assert view.phase == OVER and view.winners
    line = pd.result_line(view, names)
    assert len(line) > 40
    with pens.record_layout() as layout:
        img = pd.draw(view, names)
    assert_texts_inside(img, layout)
    words = " ".join(drawn(layout))
    assert line in words or all(w in words for w in line.split())
    assert "…" not in "".join(t for t in drawn(layout) if "wins" in t or "points" in t)
