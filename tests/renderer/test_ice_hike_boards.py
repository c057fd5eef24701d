"""Ice Hike board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
import renderer
from games.ice_hike import board as B
from games.ice_hike.state import OVER
from renderer import ice_hike as ih
from renderer import ice_hike_words, lettering, pens
from tests.support.board_layout import assert_texts_inside, drawn, playout
from tests.support.ice_hike import G, pos

GAME = games.get("ice-hike")
NAMES = ["Zoë", "Ωmega", "Дмитрий", "小明", "🐧 Pingu"]
LONG = ["Bartholomew Featherstonehaugh-Smythe", "Maximiliana Worthington-Hughes", "Ωmega", "Дмитрий", "Zoë"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_late_game_boards_keep_every_text_inside_its_box(players: int, seed: int) -> None:
    states = playout("ice-hike", players, seed, max_steps=300)
    for state in [*states[-3:], states[len(states) // 2]]:
        for names in (NAMES[:players], LONG[:players]):
            with pens.record_layout() as layout:
                img = ih.draw(GAME.view(state, None), names)
            assert_texts_inside(img, layout)


def test_the_header_is_shown_in_full_with_long_names() -> None:
    """Playtest: the header (whose turn, what is asked) was cut off."""
    view = GAME.view(GAME.new_game(2, GAME.options(), 1), None)
    line = ice_hike_words.status(view, LONG[:2])
    with pens.record_layout() as layout:
        ih.draw(view, LONG[:2])
    words = " ".join(drawn(layout)).split()
    assert all(w in words for w in line.split()), line


def test_the_panels_key_lines_are_whole_and_never_part_a_letter_from_its_word() -> None:
    """Playtest: "Finds: b berries (blue), t torch (red), r r..." was cut off; then "r" ended a
    line and "rope" began the next, and "Tiles left: 49 Bears in the box: 1" ran together."""
    view = GAME.view(GAME.new_game(4, GAME.options(), 2), None)
    with pens.record_layout() as layout:
        ih.draw(view, NAMES[:4])
    shown = drawn(layout)
    (finds,) = [t for t in shown if t.startswith("Finds")]
    assert all(pair in finds for pair in ("b berries", "t torch", "r rope")), finds
    assert not finds.endswith("…")
    assert f"Tiles left: {view.tiles_left}, bears in the box: {view.bears_in_box}" in shown, shown


def test_a_bear_never_hides_a_find() -> None:
    """Playtest: bears covered the find markers lying on mountains."""
    for state in playout("ice-hike", 3, 4, max_steps=300):
        view = GAME.view(state, None)
        found = [k for k in range(B.NCELLS) if view.cubes[k] in ih.CUBE_RGB]
        if found:
            break
    else:
        raise AssertionError("no find lay on the board")
    cell = found[0]
    view = replace(view, bears=(B.NAMES[cell],), drowned=())
    img = ih.draw(view, NAMES[:3])
    cx, cy = ih.centre(cell)
    x, y = cx + ih.SIZE * 0.45, cy - ih.SIZE * 0.45  # the find's square
    assert img.getpixel((round(x - ih.CUBE + 2), round(y + ih.CUBE - 2))) == ih.CUBE_RGB[view.cubes[cell]]


def test_the_cross_has_a_key() -> None:
    """Playtest: the "X" on the board had no key."""
    view = GAME.view(GAME.new_game(2, GAME.options(), 1), None)
    assert ih.shows_cross(view)
    with pens.record_layout() as layout:
        ih.draw(view, NAMES[:2])
    assert any("X on F7" in t for t in drawn(layout))
    assert "Finish of the shorter game" in " ".join(drawn(layout))
    shorter = GAME.view(GAME.new_game(2, GAME.options().from_mapping({"shorter_game": True}), 1), None)
    assert not ih.shows_cross(shorter)
    assert not any("X on" in line for line in ice_hike_words.footer(shorter, NAMES[:2]))


def test_the_text_board_has_a_key_of_its_glyphs() -> None:
    states = playout("ice-hike", 3, 2, max_steps=200)
    board = ih.text(GAME.view(states[-1], None), NAMES[:3])
    key = next(line for line in board.splitlines() if line.startswith("Key:"))
    for glyph, meaning in (
        *((g, k) for k, g in ice_hike_words.TEXT_TERRAIN.items()),
        ("@", "bear"),
        ("i", "igloo"),
    ):
        assert f"{glyph} {meaning.split()[0]}" in key


def test_a_long_name_never_cuts_off_the_place_home() -> None:
    """The legend's "#1 home" is its own text: a long name is cut, the place is not ("#1…")."""
    state = replace(pos(players=3), finished=(0,), phase=OVER)
    names = ["Floe the very long-named computer player (normal)", "Bo", "Cy"]
    with pens.record_layout() as layout:
        renderer.draw(G.view(state, None), names=names, detailed=True)
    texts = drawn(layout)
    assert "#1 home" in texts, [t for t in texts if "#" in t]
    assert not any("#1…" in t or t.endswith("#…") for t in texts)


def test_the_status_line_shows_the_awaited_puppet_before_the_name() -> None:
    view = GAME.view(playout("ice-hike", 5, 3)[40], None)
    assert view.current is not None
    with pens.record_layout() as layout:
        img = ih.draw(view, ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Ann", "B" * 32])
    assert_texts_inside(img, layout)
    status = ice_hike_words.status(
        view,
        lettering.display_names(["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Ann", "B" * 32]),
    )
    panel = [t for t in layout.texts if t.box[0] > ih.PANEL_LEFT and len(t.text) > 1]
    line = min((t for t in panel if status.startswith(t.text)), key=lambda t: t.box[1])
    mid = (line.box[1] + line.box[3]) / 2
    letter = ih.HIKER_LETTER[view.colours[view.current]]
    assert any(
        t.text == letter and t.box[1] <= mid <= t.box[3] and 0 < line.box[0] - t.box[2] < 24
        for t in layout.texts
    ), line


@pytest.mark.parametrize("left", [False, True])
def test_a_long_name_in_the_legend_is_cut_keeping_its_colour_note(left: bool) -> None:
    long = "Bartholomew Featherstonehaugh-XY"  # Discord's longest: 32 characters
    assert len(long) == 32
    state = pos(players=4)
    if left:
        state = replace(state, retired=frozenset({3}))
    with pens.record_layout() as layout:
        img = ih.draw(G.view(state, None), ["Ann", "Bo", "Cy", long])
    assert_texts_inside(img, layout)
    (row,) = [t.text for t in layout.texts if t.box[0] > ih.PANEL_LEFT and t.text.startswith("Bartholomew")]
    assert row.endswith(" (grey) (left)" if left else " (grey)"), row
    assert "…" in row, row  # the name was shortened, not the note


def _panel_words(layout: pens.Layout) -> str:
    """The panel's texts in reading order, joined as one text (wrapped lines join again)."""
    panel = sorted((t for t in layout.texts if t.box[0] > ih.PANEL_LEFT), key=lambda t: (t.box[1], t.box[0]))
    return " ".join(t.text for t in panel)


@pytest.mark.parametrize("turn", ["this turn", "the last turn"])
def test_the_last_move_says_whose_hiker_moved_alike_in_picture_text_board_and_alt_text(turn: str) -> None:
    views = [GAME.view(s, None) for s in playout("ice-hike", 4, 3)]
    if turn == "this turn":
        view = next(v for v in views if v.moves and v.current == 1)
    else:
        view = next(v for v in views if not v.moves and v.last_moves and v.last_colour == 1 != v.current)
    names = ["Ann", "Bob", "Cy", "Dee"]
    said = "Last move: Bob (white), " + "; ".join(
        f"{p} {'-'.join(cells)}" for p, cells in view.moves or view.last_moves
    )
    assert said in renderer.render_text(view, names).splitlines()
    assert said in renderer.describe(view, names).splitlines()
    with pens.record_layout() as layout:
        ih.draw(view, names)
    assert said in _panel_words(layout)


def test_a_long_name_in_the_last_move_is_cut_keeping_its_colour_and_the_move() -> None:
    views = [GAME.view(s, None) for s in playout("ice-hike", 4, 3)]
    view = next(v for v in views if not v.moves and v.last_moves and v.last_colour == 1 != v.current)
    names = ["Floe (normal)", "W" * 32, "Floe (normal) 2", "Dee"]
    with pens.record_layout() as layout:
        img = ih.draw(view, names)
    assert_texts_inside(img, layout)
    (line,) = [t.text for t in layout.texts if t.text.startswith("Last move: ")]
    assert line.startswith("Last move: WWW") and line.endswith("… (white),"), line
    moved = "; ".join(f"{p} {'-'.join(cells)}" for p, cells in view.last_moves)
    assert f"{line} {moved}" in _panel_words(layout)  # the move follows, whole


def test_two_long_one_word_names_in_the_status_are_cut_apart_and_keep_the_words_after_them() -> None:
    """Two winners named with one long word each, alike but for their ends: the status line cut
    both to the same "Bartholomewfeathersto…" and lost "win!". Each is cut to fit with the words
    after it, and kept apart from the other (as the legend keeps names apart)."""
    names = ["Bartholomewfeatherstonehaughsmy1", "Bartholomewfeatherstonehaughsmy2"]
    view = replace(
        GAME.view(GAME.new_game(2, GAME.options(), 1), None), phase=OVER, winners=frozenset({0, 1})
    )
    with pens.record_layout() as layout:
        img = ih.draw(view, names)
    assert_texts_inside(img, layout)
    status = [t.text for t in layout.texts if t.box[0] > ih.PANEL_LEFT and t.text.startswith("Bartholomew")][
        :2
    ]
    assert len(status) == 2 and status[0] != status[1], status
    assert all("…" in s for s in status), status
    assert "win!" in _panel_words(layout)
