"""The Polar Derby board: pixels at known places, every state of random playouts, the text board."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from PIL import Image

import games
import renderer
from bot.core.languages import PSEUDO_LANGUAGE, language
from games.polar_derby.board import COLOURS, FREE
from games.polar_derby.state import DECIDE, OVER, DerbyOptions, DerbyView
from renderer import lettering, pens, theme
from renderer import polar_derby as pd
from renderer.registry import RENDERERS

GAME = games.get("polar-derby")
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _view(players: int = 3, **changes: Any) -> DerbyView:
    view = GAME.view(GAME.new_game(players, DerbyOptions(), 1), None)
    assert isinstance(view, DerbyView)
    return dataclasses.replace(view, **changes)


def _image(view: DerbyView, names: list[str] | None = None) -> Image.Image:
    return renderer.draw(view, names=names, detailed=True)  # exact colours: before the palette PNG


def _body(xy: tuple[float, float], r: float) -> tuple[int, int]:
    """A point on a bear's face away from its letter (the lower left of the face)."""
    return round(xy[0] - r * 0.6), round(xy[1] + r * 0.45)


def test_png_size_and_mode() -> None:
    for players in (2, 3, 4):
        img = _image(_view(players))
        assert img.mode == "RGB"
        assert img.width == pd.WIDTH
        assert img.height >= pd.height(players)


def test_bears_in_the_middle_have_their_colour_and_empty_slots_do_not() -> None:
    middle = (5, 3, 0, 1, 5)
    img = _image(_view(middle=middle))
    for i, colour in enumerate(COLOURS):
        for k in range(5):
            pixel = img.getpixel(_body(pd.middle_slot(i, k), pd.BEAR_RADIUS))
            if k < middle[i]:
                assert pixel == pd.BEAR_RGB[colour], (colour, k)
            else:
                assert pixel != pd.BEAR_RGB[colour], (colour, k)


def test_a_locked_colour_is_marked() -> None:
    img = _image(
        _view(locked=frozenset({"pink"}), phase=DECIDE, dice=("pink", "blue"), pulled=(0, 0, 0, 1, 0))
    )
    pink, blue = COLOURS.index("pink"), COLOURS.index("blue")
    for i, locked in ((pink, True), (blue, False)):
        left, top, right, bottom = pd.lane_box(i)
        edge = img.getpixel((round(left) + 1, round((top + bottom) / 2)))
        assert (edge == theme.DANGER) is locked
    # the padlock's body sits beside "LOCKED" at the foot of the lane, clear of the heading
    left, top, right, bottom = pd.lane_box(pink)
    lock_x = (left + right) / 2 - lettering.text_width("LOCKED", theme.SMALL_SIZE, bold=True) / 2 - 2
    assert img.getpixel((round(lock_x - 6), round(bottom - 14 + 8))) == theme.DANGER
    assert "pink 4 LOCKED" in renderer.render_text(
        _view(locked=frozenset({"pink"}), phase=DECIDE, middle=(5, 5, 5, 4, 5)), NAMES
    )


def test_longer_words_on_a_locked_lane_and_a_free_skate_die_stay_whole_and_inside() -> None:
    view = _view(locked=frozenset({"pink"}), phase="take", dice=("pink", FREE), pulled=(0, 0, 0, 1, 0))
    with pens.record_layout() as layout:
        renderer.draw(view, names=NAMES[:3], detailed=True, language=language(PSEUDO_LANGUAGE))
    x, y = pd.die_centre(1)
    s = pd.DIE_SIZE / 2
    for word, box in (("LÖÇKÉD", pd.lane_box(COLOURS.index("pink"))), ("FRÉÉ", (x - s, y - s, x + s, y + s))):
        (drawn,) = [t for t in layout.texts if word in t.text]
        assert lettering.ELLIPSIS not in drawn.text
        assert box[0] <= drawn.box[0] and drawn.box[2] <= box[2], (drawn, box)


def test_locks_are_not_shown_once_the_game_is_over() -> None:
    img = _image(_view(locked=frozenset({"pink"}), phase=OVER, current=None, middle=(0,) * 5))
    left, top, _right, bottom = pd.lane_box(COLOURS.index("pink"))
    assert img.getpixel((round(left) + 1, round((top + bottom) / 2))) != theme.DANGER


def test_dice_show_their_colour_and_free_skate_is_a_star() -> None:
    img = _image(_view(dice=("orange", FREE), phase="take"))
    x, y = pd.die_centre(0)
    assert (
        img.getpixel((round(x - pd.DIE_SIZE / 2 + 8), round(y - pd.DIE_SIZE / 2 + 8)))
        == pd.BEAR_RGB["orange"]
    )
    x, y = pd.die_centre(1)
    assert img.getpixel((round(x), round(y - 7))) == theme.HIGHLIGHT  # the star's centre
    assert img.getpixel((round(x - pd.DIE_SIZE / 2 + 8), round(y - pd.DIE_SIZE / 2 + 8))) == theme.WHITE


def test_safe_bears_and_the_current_row() -> None:
    safe = ((0, 2, 0, 0, 0), (1, 0, 0, 0, 3), (0, 0, 0, 0, 0))
    img = _image(_view(safe=safe, current=1))
    for seat, row in enumerate(safe):
        for i, colour in enumerate(COLOURS):
            pixel = img.getpixel(_body(pd.safe_bear_centre(seat, i), pd.SMALL_BEAR))
            assert (pixel == pd.BEAR_RGB[colour]) == bool(row[i]), (seat, colour)
    # the awaited player's row is highlighted
    y = round(pd.safe_row_middle(1))
    assert img.getpixel((pd.BOARD_LEFT + 8, y)) == theme.lighten(theme.HIGHLIGHT, 0.55)
    assert img.getpixel((pd.BOARD_LEFT + 8, round(pd.safe_row_middle(0)))) != theme.lighten(
        theme.HIGHLIGHT, 0.55
    )


def test_retired_player_is_greyed() -> None:
    img = _image(_view(retired=frozenset({2}), current=0))
    x = pd.BOARD_LEFT + theme.PAD + 34
    y = round(pd.safe_row_middle(2))
    token = img.getpixel((x - 10, y + 6))
    assert token != theme.PLAYER_COLOURS[2].rgb
    assert "(left)" in renderer.render_text(_view(retired=frozenset({2})), NAMES)


def test_names_default_and_are_made_printable() -> None:
    text = renderer.render_text(_view(2))
    assert "Player 1" in text and "Player 2" in text
    img = _image(_view(2), ["Zoë 🐻‍❄️", ""])
    assert img.mode == "RGB"


def test_text_board_shows_the_whole_table() -> None:
    view = _view(
        3,
        dice=("pink", "pink"),
        phase=DECIDE,
        pulled=(0, 0, 0, 2, 0),
        locked=frozenset({"pink"}),
        middle=(5, 5, 5, 5, 5),
        safe=((0, 0, 0, 0, 0), (1, 0, 0, 2, 0), (0, 0, 0, 1, 0)),
        current=0,
    )
    text = renderer.render_text(view, NAMES[:3])
    assert "turn: Ann" in text
    assert "Dice:    pink + pink" in text
    assert "At risk: P2" in text
    assert "Bob" in text and "W1 P2" in text
    assert text.isascii()


def test_over_shows_the_winner() -> None:
    view = _view(
        2,
        phase=OVER,
        current=None,
        middle=(0,) * 5,
        safe=((5, 5, 0, 0, 0), (0, 0, 5, 5, 5)),
        scores=(15, 60),
        totals=(15, 60),
        winners=frozenset({1}),
    )
    assert "game over: Bob wins" in renderer.render_text(view, NAMES[:2])
    assert _image(view, NAMES[:2]).mode == "RGB"


def test_registry_and_dispatch() -> None:
    assert set(RENDERERS) <= set(games.GAMES)
    assert RENDERERS["polar-derby"] is pd.DRAWING
    assert renderer.render_animation(_view()) is None  # no animated phase in Polar Derby
    assert renderer.player_label(1, "Bob") == "Bob [2 orange O]"
    with pytest.raises(KeyError):
        renderer.render(dataclasses.replace(_view(), game="no-such-game"), detailed=True)


PLAYOUTS = [
    (2, 1, DerbyOptions()),
    (3, 2, DerbyOptions(no_risk=True)),
    (4, 3, DerbyOptions()),
    (2, 4, DerbyOptions(long_game=True, younger_players=True)),
]


@pytest.mark.parametrize(("players", "seed", "options"), PLAYOUTS)
def test_every_state_of_random_playouts_renders(players: int, seed: int, options: DerbyOptions) -> None:
    state = GAME.new_game(players, options, seed)
    chooser = random.Random(seed)
    names = NAMES[:players]
    for step in range(3000):
        for seat in (None, *range(players)) if step == 0 else (None,):
            view = GAME.view(state, seat)
            img = pd.draw(view, names)
            assert img.mode == "RGB" and img.width == pd.WIDTH
            assert pd.text(view, names)
        if step % 10 == 0:
            assert renderer.render(GAME.view(state, None), names=names, detailed=True)[:4] == b"\x89PNG"
        awaited = GAME.to_act(state)
        if not awaited:
            break
        seat = chooser.choice(sorted(awaited))
        if players == 4 and step == 40:
            state, _ = GAME.retire(state, (seat + 1) % players)
            continue
        state, _ = games.play(GAME, state, seat, chooser.choice(list(GAME.legal_actions(state, seat))))
    assert GAME.outcome(state) is not None
    final = _image(GAME.view(state, None), names)
    assert final.width == pd.WIDTH
