"""The Ice Lake movement GIF drawn only where a step changes (the GIF goal): every
frame equals the step drawn whole, pixel for pixel, over many movement phases (skaters that
turn, stop, meet, go off the lake); the boxes a frame notes hold everything that changed; every
piece stays in its box; and the GIF writer's pieces are the bytes Pillow writes."""

from __future__ import annotations

import io
import itertools
from typing import Any

import pytest
from PIL import GifImagePlugin, Image, ImageChops, ImageSequence

import renderer
from renderer import encoding, ice_lake, lettering, palettes, pens, theme
from tests.support.board_movement import frame_from_scratch, movement_views

NAMES = ["Ann", "Zoë Ωmega-Дмитрий", "Bob", "Cy"]


def _differ_at(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def _phases() -> list[Any]:
    """Movement phases of 2 to 4 skaters: short plans (skaters meet and stop) and 40-letter
    plans (skaters skate off the lake and stay on it greyed and crossed)."""
    views = movement_views(3, players=4, plan_length=12)
    views += movement_views(2, players=2, plan_length=40, min_steps=4, seeds=range(3, 40))
    views += movement_views(2, players=3, plan_length=40, min_steps=8, seeds=range(5, 40))
    return views


@pytest.fixture(scope="module")
def phases() -> list[Any]:
    return _phases()


def test_phases_cover_skaters_going_out(phases: list[Any]) -> None:
    """The phases below include skaters that leave the lake (drawn greyed and crossed)."""
    assert any(any(p is None for p in f.positions) for view in phases for f in view.last_movement)
    assert {view.players for view in phases} == {2, 3, 4}


def test_every_frame_equals_the_step_drawn_whole(phases: list[Any]) -> None:
    for view in phases:
        names = NAMES[: view.players]
        for k, frame in enumerate(ice_lake.frames(view, names)):
            assert _differ_at(frame, frame_from_scratch(view, names, k)) is None, (view.round, k)


def test_noted_boxes_hold_every_pixel_that_changed(phases: list[Any]) -> None:
    """The GIF stores only the noted boxes of each frame: outside them nothing may change."""
    for view in phases:
        before: Image.Image | None = None
        for frame in ice_lake.frames(view, NAMES[: view.players]):
            if before is not None:
                boxes = frame.info["floe.changed"]
                outside = before.copy()
                for box in boxes:
                    outside.paste(frame.crop(box), box[:2])
                assert _differ_at(outside, frame) is None
            before = frame.copy()


def test_every_piece_draws_inside_its_box(phases: list[Any]) -> None:
    """What :func:`ice_lake._redraw` relies on: a piece (a skater with its ring or cross, the
    caption) touches no pixel outside its box."""
    for view in phases[:4]:
        names = lettering.display_names(NAMES[: view.players])
        for k, f in enumerate(view.last_movement):
            caption, width = ice_lake._fitted(ice_lake._caption(view, k, names))
            for piece in ice_lake._frame_pieces(view, f, caption, ice_lake.CAPTION_AT[0] + width):
                lake = ice_lake._frame_background()
                drawn = lake.copy()
                piece.draw(pens.drawing(drawn))
                changed = _differ_at(lake, drawn)
                assert changed is not None
                x0, y0, x1, y1 = piece.box
                assert x0 <= changed[0] and y0 <= changed[1] and changed[2] <= x1 and changed[3] <= y1


def test_every_character_the_font_draws_stays_within_the_text_rows() -> None:
    """The caption's box is as tall as ``TEXT_ROWS``: true of every character the shipped font
    draws, at the caption's size."""
    f = lettering.font(theme.TEXT_SIZE)
    top, bottom = ice_lake.TEXT_ROWS
    for code in sorted(lettering.font_chars()):
        ch = chr(code)
        if lettering.drawable(ch):
            box = f.getbbox(ch, anchor="la")
            assert top <= box[1] and box[3] <= bottom, ch


@pytest.mark.parametrize(
    "caption",
    [
        "12/40  Ann skates L to E7, facing NW.",
        "3/9  Zoë Ωmega-Дмитрий skates S to K11, facing SE. Ջոն Გიორგი ÀÉÎÕÜ ﬁ ﬂ AVAWAVA To Ty",
        "7/50  " + "W" * 120,
        "1/2  Ann\u2003 skates  \U0001f427 off the lake",
    ],
)
def test_a_caption_is_drawn_as_text_would_draw_it_and_within_its_width(caption: str) -> None:
    """``_fitted`` gives what ``lettering.text`` with the caption's width draws, and a width at least
    the line's (which the caption's box relies on)."""
    fitted, width = ice_lake._fitted(caption)
    assert fitted == lettering.fit(caption, theme.TEXT_SIZE, ice_lake.CAPTION_WIDTH)
    assert lettering.text_width(fitted, theme.TEXT_SIZE) <= width


def test_a_long_name_is_shortened_within_the_caption_box() -> None:
    view = movement_views(1)[0]
    names = ["W" * 200, "Ann", "Bob", "Cy"]
    for k, frame in enumerate(ice_lake.frames(view, names)):
        assert _differ_at(frame, frame_from_scratch(view, names, k)) is None


def test_the_gif_shows_every_step_as_drawn_whole(phases: list[Any]) -> None:
    """Decoded, the GIF ends each step on that step drawn whole (within the palette's
    tolerance), and lasts one frame time per step."""
    for view in phases[3:5]:
        names = NAMES[: view.players]
        alone = [frame_from_scratch(view, names, k) for k in range(len(view.last_movement))]
        data = renderer.render_animation(view, names=names)
        assert data is not None
        decoded = [
            (f.convert("RGB"), int(f.info["duration"]))
            for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))
        ]
        assert sum(d for _f, d in decoded) == renderer.FRAME_MS * len(alone)
        ends = [f for f, d in decoded if d != encoding._PIECE_MS]
        distinct = [alone[0]] + [b for a, b in itertools.pairwise(alone) if _differ_at(a, b) is not None]
        assert len(ends) == len(distinct)
        for got, want in zip(ends, distinct, strict=True):
            worst = max(high for _low, high in ImageChops.difference(got, want.convert("RGB")).getextrema())
            assert worst <= palettes.PNG_TOLERANCE


@pytest.mark.parametrize("transparency", [None, 255])
def test_a_gif_frame_is_written_as_pillow_writes_it(transparency: int | None) -> None:
    picture = Image.new("P", (37, 21), 3)
    picture.putpalette([v for k in range(256) for v in (k, 255 - k, k // 2)])
    picture.paste(200, (5, 4, 30, 12))
    params = {"duration": 700, "disposal": 1}
    if transparency is not None:
        params["transparency"] = transparency
    expected = b"".join(GifImagePlugin.getdata(picture, (12, 34), **params))
    assert encoding._gif_frame(picture, (12, 34), 700, transparency) == expected


def test_the_unchanged_mask_is_full_where_the_difference_is_zero() -> None:
    difference = Image.new("P", (6, 1))
    difference.putdata([0, 1, 2, 0, 128, 255])
    mask = encoding._where_zero(difference.im)
    assert [mask.getpixel((x, 0)) for x in range(6)] == [255, 0, 0, 255, 0, 0]


def _closing_phase() -> Any:
    """A movement phase during which cracks close off ice that was open when it began."""
    for view in movement_views(40, players=4, plan_length=12, min_steps=2):
        first, last = view.last_movement[0], view.last_movement[-1]
        if len(ice_lake.closed_triangles(last.cracks)) > len(ice_lake.closed_triangles(first.cracks)):
            return view
    raise AssertionError("no movement phase closed off ice")


def test_movement_frames_shade_the_closed_off_ice_as_the_still_board_does() -> None:
    view = _closing_phase()
    shaded = 0
    for k, frame in enumerate(ice_lake.frames(view, NAMES)):
        f = view.last_movement[k]
        skaters = [ice_lake.center(h) for h in (*f.positions, *view.fallen_at) if h is not None]
        for corners in ice_lake.closed_triangles(f.cracks):
            xs, ys = zip(*(ice_lake.center(h) for h in corners), strict=True)
            x, y = sum(xs) / 3, sum(ys) / 3
            if all(
                abs(x - sx) > ice_lake.SKATER_REACH or abs(y - sy) > ice_lake.SKATER_REACH
                for sx, sy in skaters
            ):
                assert frame.convert("RGB").getpixel((round(x), round(y))) == ice_lake.CLOSED, (k, corners)
                shaded += 1
    assert shaded
    still = ice_lake.draw(view, NAMES).convert("RGB")
    last = frame_from_scratch(view, NAMES, len(view.last_movement) - 1).convert("RGB")
    for corners in ice_lake.closed_triangles(view.cracks):
        xs, ys = zip(*(ice_lake.center(h) for h in corners), strict=True)
        at = (round(sum(xs) / 3), round(sum(ys) / 3))
        if still.getpixel(at) == ice_lake.CLOSED:  # no skater over it on the still board
            assert last.getpixel(at) == ice_lake.CLOSED, corners
