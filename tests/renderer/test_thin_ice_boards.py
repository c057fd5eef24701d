"""Thin Ice board polish: what players saw, the board growing to show pieces out in
the sea, and late-game boards whose every text stays inside its box."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PIL import ImageChops

import games
from games.thin_ice.board import name
from games.thin_ice.state import LastAction, ThinIceOptions
from renderer import lettering, pens, theme
from renderer import thin_ice as ti
from tests.support.board_layout import assert_texts_inside, drawn, playout
from tests.support.thin_ice import G, make

GAME = games.get("thin-ice")
NAMES = ["Zoë", "Ωmega", "Дмитрий", "小明", "🐧 Pingu", "Bartholomew Featherstonehaugh-Smythe"]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_late_game_boards_keep_every_text_inside_its_box(players: int, seed: int) -> None:
    states = playout("thin-ice", players, seed, max_steps=300)
    for state in [*states[-3:], states[len(states) // 2]]:
        for seat in (None, state.current):
            with pens.record_layout() as layout:
                img = ti.draw(GAME.view(state, seat), NAMES[:players])
            assert_texts_inside(img, layout)


def _boxes(face: str, turn: int, monkeypatch: pytest.MonkeyPatch) -> tuple[theme.Box, theme.Box, theme.Box]:
    """A tile's crack pixels' box, its name's box and the box of a meeple standing on it."""
    box = ti.cell_box((3, 3))
    img, d = pens.canvas(theme.TARGET_WIDTH, 800)
    ti.tile(d, box, face, turn)
    with monkeypatch.context() as m:
        m.setattr(ti, "corner_cracks", lambda *args: None)
        plain, d2 = pens.canvas(theme.TARGET_WIDTH, 800)
        ti.tile(d2, box, face, turn)
    crack = ImageChops.difference(img, plain).getbbox()
    assert crack is not None
    label = d.textbbox((box[0] + 5, box[1] + 4), "D4", font=lettering.font(10))
    cx, cy = ti.cell_centre((3, 3))
    r = ti.TOKEN_R + 2
    return crack, label, (cx - r, cy + 4 - r, cx + r, cy + 4 + r)


def _overlap(a: theme.Box, b: theme.Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(("face", "turn"), [("cracked", 0), *(("cracked-partial", t) for t in range(4))])
def test_crack_lines_stay_clear_of_the_square_name_and_the_pieces(
    face: str, turn: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Playtest: crack lines ran over the pieces and the squares' names."""
    crack, label, meeple = _boxes(face, turn, monkeypatch)
    assert not _overlap(crack, label)
    assert not _overlap(crack, meeple)


def test_the_last_move_highlight_leaves_the_square_name_readable() -> None:
    """Playtest: the highlight hid a square's name ("E3" showed as "=3")."""
    state = playout("thin-ice", 3, 1)[12]
    view = GAME.view(state, None)
    target = next(cell for cell, face, _ in view.tiles if face == "ice")
    lit = replace(view, last=LastAction(0, f"move {name(target)}"))
    assert target in ti._last_cells(lit)
    plain, lit_img = ti.draw(replace(view, last=None), NAMES[:3]), ti.draw(lit, NAMES[:3])
    box = ti.cell_box(target, ti.geometry(view))
    x, y = box[0] + 5, box[1] + 4  # where the name is written: its glyphs' box must be untouched
    label = lettering.font(10).getbbox(name(target))
    region = (round(x + label[0]), round(y + label[1]), round(x + label[2]), round(y + label[3]))
    assert ImageChops.difference(plain.crop(region), lit_img.crop(region)).getbbox() is None
    assert ImageChops.difference(plain, lit_img).getbbox() is not None  # the ring is drawn


def test_perma_ice_carries_no_letter_a_player_wears() -> None:
    img, d = pens.canvas(100, 100)
    with pens.record_layout() as layout:
        ti.tile(d, (10, 10, 78, 78), "perma")
    assert drawn(layout) == ["∞"]
    assert not {p.letter for p in theme.PLAYER_COLOURS} & set(drawn(layout))
    state = playout("thin-ice", 3, 1)[0]
    board = ti.text(GAME.view(state, None), NAMES[:3])
    assert "# perma-ice" in board


@pytest.mark.parametrize("far", [(14, 3), (-6, -2), (3, 30)])
def test_the_board_grows_to_show_a_piece_far_out_in_the_sea(far: tuple[int, int]) -> None:
    state = GAME.new_game(4, ThinIceOptions(), 3)
    view = replace(GAME.view(state, None), bear=far, awake=True)
    geo = ti.geometry(view)
    assert geo.west <= far[0] < geo.west + geo.cols and geo.north <= far[1] < geo.north + geo.rows
    with pens.record_layout() as layout:
        img = ti.draw(view, NAMES[:4])
    assert img.width == theme.TARGET_WIDTH
    assert_texts_inside(img, layout)
    x, y = ti.cell_centre(far, geo)
    assert 0 < x < ti.PANEL_LEFT and 0 < y < img.height
    k = geo.scale
    assert img.getpixel((round(x - 8 * k), round(y + 3 * k))) == ti.BEAR_FILL  # the bear's cheek
    # the grid keeps its place among the squares shown
    assert ti.cell_box(view.grid[0], geo)[0] >= geo.ox


def test_a_board_with_nothing_out_at_sea_keeps_its_size() -> None:
    state = playout("thin-ice", 3, 1)[5]
    view = GAME.view(state, None)
    assert ti.geometry(view) == ti.Geometry(0, 0, view.width, view.width, ti.CELL, *ti.field_origin())


def test_winners_who_went_down_together_are_crowned_not_struck_through() -> None:
    """ "The last meeple in the game wins": players who went down at the same moment share the
    win, and the legend shows them as winners, not greyed and struck through like the others."""
    state = make(". i .\n. i .", players=3, meeples={0: "B1", 1: "B2"})
    state = replace(
        state,
        out=("lost at sea", "lost at sea", "lost at sea"),
        meeples=(None, None, None),
        winners=frozenset({0, 1}),
        phase="over",
    )
    rows = ti._rows(G.view(state, None), ["Ann", "Bo", "Cy"])
    assert [(r.winner, r.out) for r in rows] == [(True, False), (True, False), (False, True)]


def test_a_lasting_card_names_its_owner_with_their_letter_not_a_seat_number() -> None:
    from games.thin_ice.state import Effect

    view = replace(GAME.view(G.new_game(4, ThinIceOptions(), 3), None), effects=(Effect("jacket", 1, 2),))
    names = ["Ann", "Floe (normal)", "Cy", "Dee"]
    letter = theme.player(1).letter
    with pens.record_layout() as layout:
        ti.draw(view, names)
    assert f"Life Jacket: Floe (normal) [{letter}]" in drawn(layout)
    assert f"Life Jacket: Floe (normal) [{letter}]" in ti.text(view, names)
    assert "player 2" not in ti.text(view, names)
