"""Ice Team board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

import pytest

import games
import renderer
from renderer import ice_team as it
from renderer import pens, theme
from tests.support.board_layout import assert_texts_inside, drawn, playout

GAME = games.get("ice-team")
NAMES = ["Дмитрий", "Bartholomew Featherstonehaugh-Smythe"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_late_game_boards_keep_every_text_inside_its_box(seed: int) -> None:
    states = playout("ice-team", 2, seed)
    for state in [*states[-3:], states[len(states) // 2]]:
        with pens.record_layout() as layout:
            img = it.draw(GAME.view(state, None), NAMES)
        assert_texts_inside(img, layout)


def _overlap(a: theme.Box, b: theme.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_bear_tokens_leave_the_cell_names_readable() -> None:
    checked = 0
    for state in playout("ice-team", 2, 4)[::5]:
        view = GAME.view(state, None)
        with pens.record_layout() as layout:
            it.draw(view, NAMES)
        names = {t.text: t.box for t in layout.texts if t.text in dict(view.cells)}
        for seat, row in enumerate(view.bears):
            for bear, where in enumerate(row):
                if where in ("start", "finish"):
                    continue
                x, y = it.position_center(where, seat, bear)
                r = it.BEAR_RADIUS + 2  # the token and its outline
                assert not _overlap(names[where], (x - r, y - r, x + r, y + r)), where
                checked += 1
    assert checked > 10


def test_the_picture_keeps_one_size_for_the_whole_game() -> None:
    for seed in (1, 5):
        states = playout("ice-team", 2, seed)
        sizes = {
            it.draw(GAME.view(s, None), NAMES).size
            for s in states[:: max(1, len(states) // 25)] + states[-1:]
        }
        assert len(sizes) == 1, sizes


def test_the_board_names_players_never_player_n() -> None:
    """The last move and the four bears home name the player, as everything else on the board."""
    game = games.get("ice-team")
    views = [v for v in (game.view(s, None) for s in playout("ice-team", 2, seed=5)) if v.last]
    assert views
    for view in views[:: max(1, len(views) // 12)]:
        with pens.record_layout() as layout:
            renderer.draw(view, names=["Ann", "Bo"], detailed=True)
        texts = drawn(layout)
        assert not [t for t in texts if "player 1" in t.lower() or "player 2" in t.lower()], texts
        assert any(t.startswith("Last move: Ann") or t.startswith("Last move: Bo") for t in texts)


def test_a_game_won_on_fish_says_who_brought_four_bears_home_and_that_fish_decide() -> None:
    from dataclasses import replace

    from games.ice_team.state import OVER

    view = replace(GAME.view(playout("ice-team", 2, 1)[0], None), phase=OVER, ended="finish", four=0)
    view = replace(view, winners=frozenset({1}), current=None, scores=(3, 5))
    names = ["Ann", "Bo"]
    with pens.record_layout() as layout:
        it.draw(view, names)
    shown = " ".join(drawn(layout))
    assert "Ann brought four bears home; most fish wins" in shown
    assert "four bears reached the Finish" not in shown and "Four bears home" not in shown
    assert "Bo wins (Ann brought four bears home; most fish wins)" in it.text(view, names)


def test_the_last_move_keeps_its_path_whole_and_cuts_a_long_name_instead() -> None:
    names = ["Floe (normal)", "Maximiliana Worthington-Hughes X"]
    views = [GAME.view(s, None) for s in playout("ice-team", 2, 7)]
    view = next(v for v in views if v.last and v.last_mover[0] == 1 and len(v.last) >= 3)
    with pens.record_layout() as layout:
        it.draw(view, names)
    (line,) = [t for t in drawn(layout) if t.startswith("Last move: ")]
    assert line.endswith(f"'s bear {view.last_mover[1] + 1}, " + " > ".join(view.last)), line
    assert line.startswith("Last move: Maximiliana"), line
