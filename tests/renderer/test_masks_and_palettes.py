"""Remembered text masks and reused polygon masks draw exactly what Pillow draws; boards are
palette PNGs made from the colours drawn on them (flat colours exact, nothing from another
picture in the palette); the Ice Lake movement GIF is drawn on one picture and stores each step's
changed boxes, and still shows every step as drawn from scratch."""

from __future__ import annotations

import io
import itertools
import random
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence

import games
import renderer
from games.ice_lake.actions import Plan
from renderer import drawing, encoding, ice_lake, layers, lettering, palettes, pens, text_masks, theme
from renderer.registry import RENDERERS
from tests.support.board_layout import playout
from tests.support.board_movement import frame_from_scratch, movement_views


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def _largest_difference(a: Image.Image, b: Image.Image) -> int:
    return max(high for _low, high in ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getextrema())


# --------------------------------------------------------------------------- text and polygons


@pytest.mark.parametrize("anchor", ["la", "mm", "rm", "ma", "ls"])
def test_remembered_text_masks_draw_what_pillow_draws(anchor: str) -> None:
    places = [(40, 30), (40.5, 30.25), (41.75, 29.5), (-3.4, 12.6), (250.1, 57.9)]
    texts = ["Ann", "F6", "Zoë skates to K11", "Waiting for: Ann, Bob"]
    for size, bold in ((theme.TEXT_SIZE, False), (theme.SMALL_SIZE, True)):
        f = lettering.font(size, bold)
        mine, d = pens.canvas(300, 80, theme.PANEL)
        theirs, e = pens.canvas(300, 80, theme.PANEL)
        for _round in range(2):  # the second round draws from the remembered masks
            for xy in places:
                for s in texts:
                    lettering.text(d, xy, s, size, theme.INK, anchor=anchor, bold=bold)
                    e.text(xy, s, font=f, fill=theme.INK, anchor=anchor)
        assert _same(mine, theirs)


def test_lines_joined_from_their_words_draw_what_pillow_draws() -> None:
    """A new line is put together from its words' remembered masks (a movement caption is new
    every frame, its words are not): thousands of random lines, with kerned pairs, accents,
    double spaces and fractional starts, in both fonts and several sizes, are drawn pixel for
    pixel as Pillow draws them, and nearly all of them were joined from their words."""
    rnd = random.Random(7)
    letters = "abcdefghijklmnopqrstuvwxyzAVTWYLPFKR0123456789.,:;!?'-()/ÄÖÜéèçñßΩДж…"
    joined = total = 0
    for size, bold in (
        (theme.TEXT_SIZE, False),
        (theme.SMALL_SIZE, True),
        (theme.HEADING_SIZE, False),
        (11, False),
    ):
        f = lettering.font(size, bold)
        for _ in range(150):
            words = [
                "".join(rnd.choice(letters) for _ in range(rnd.randint(1, 8)))
                for _ in range(rnd.randint(2, 7))
            ]
            s = rnd.choice((" ", "  ")).join(words)
            anchor = rnd.choice(("la", "ls"))
            xy = (rnd.choice((12, 12.5, 13.25, 40.1, 0.3, 7.75)), rnd.choice((30, 30.5, 29.3)))
            start = (xy[0] % 1.0, xy[1] % 1.0)
            joined += text_masks.joined_mask(f, s, anchor, start) is not None
            total += 1
            mine, d = pens.canvas(700, 60, theme.PANEL)
            theirs, e = pens.canvas(700, 60, theme.PANEL)
            lettering.text_line(d, xy, s, size, theme.INK, anchor=anchor, bold=bold)  # type: ignore[arg-type]
            e.text(xy, s, font=f, fill=theme.INK, anchor=anchor)
            assert _same(mine, theirs), (s, size, bold, anchor, xy)
    assert joined > 0.8 * total


def test_words_joined_from_their_letters_draw_what_pillow_draws() -> None:
    """A new word is put together from its letters' masks where their boxes do not overlap
    (a movement caption's "12/56"), and rendered whole where they do ("The", "facing"): the
    game's words and random ones, drawn pixel for pixel as Pillow draws them."""
    rnd = random.Random(11)
    letters = "abcdefghijklmnopqrstuvwxyzAVTWYLPFKR0123456789.,:;!?'-()/ÄÖÜéèçñßΩДж…"
    words = ["12/56", "Player", "skates", "F8,", "facing", "NE.", "The", "Movement", "Ice", "Lake"]
    words += ["".join(rnd.choice(letters) for _ in range(rnd.randint(2, 9))) for _ in range(300)]
    joined = 0
    for size, bold in ((theme.TEXT_SIZE, False), (theme.SMALL_SIZE, True)):
        f = lettering.font(size, bold)
        for s in words:
            text_masks.masks.clear()  # the word is new, its letters too
            anchor = rnd.choice(("la", "ls"))
            xy = (rnd.choice((12, 12.5, 13.25, 40.1)), rnd.choice((30, 30.5, 29.3)))
            joined += text_masks.joined_mask(f, s, anchor, (xy[0] % 1.0, xy[1] % 1.0)) is not None
            mine, d = pens.canvas(300, 60, theme.PANEL)
            theirs, e = pens.canvas(300, 60, theme.PANEL)
            lettering.text_line(d, xy, s, size, theme.INK, anchor=anchor, bold=bold)  # type: ignore[arg-type]
            e.text(xy, s, font=f, fill=theme.INK, anchor=anchor)
            assert _same(mine, theirs), (s, size, bold, anchor, xy)
    assert joined > 0.1 * 2 * len(words)


def test_halo_text_draws_what_pillow_draws() -> None:
    mine, d = pens.canvas(200, 60, theme.TERRAIN["water"])
    theirs, e = pens.canvas(200, 60, theme.TERRAIN["water"])
    for _round in range(2):
        for xy in ((30, 20), (90.5, 30.5), (150.25, 40.75)):
            lettering.halo_text(d, xy, "K", theme.HEADING_SIZE, theme.WHITE, theme.INK)
            e.text(
                xy,
                "K",
                font=lettering.font(theme.HEADING_SIZE),
                fill=theme.WHITE,
                anchor="mm",
                stroke_width=3,
                stroke_fill=theme.INK,
            )
    assert _same(mine, theirs)


def test_outlined_polygons_draw_what_pillow_draws() -> None:
    mine, d = pens.canvas(240, 160)
    theirs, e = pens.canvas(240, 160)
    rnd = random.Random(3)
    for _ in range(40):  # overlapping polygons: the shared mask must be clear each time
        cx, cy = rnd.uniform(0, 240), rnd.uniform(0, 160)
        points = drawing.regular_polygon(
            cx, cy, rnd.uniform(5, 40), rnd.choice((3, 4, 5, 6)), rnd.uniform(0, 90)
        )
        fill = theme.player(rnd.randrange(6)).rgb
        width = rnd.choice((1, 2, 3, 4))
        drawing.polygon(d, points, fill=fill, outline=theme.INK, width=width)
        e.polygon(points, fill=fill, outline=theme.INK, width=width)
    assert _same(mine, theirs)


# --------------------------------------------------------------------------- palette PNGs


def _late_views(name: str) -> list[tuple[Any, list[str]]]:
    game = games.get(name)
    out = []
    for players in sorted({min(game.players), max(game.players)}):
        states = playout(name, players, seed=13)
        names = [f"Player {k + 1}" for k in range(players)]
        for state in (states[len(states) // 2], states[-1]):
            out += [(game.view(state, seat), names) for seat in (None, *range(players))]
    return out


def _flat_colours_kept(drawn: Image.Image, png: Image.Image, flat: set[theme.RGB]) -> bool:
    """Every pixel drawn in one of the ``flat`` colours has that colour in ``png``; two flat
    colours less than 4 apart in every channel share one entry (Pillow looks pixels up by their
    colour rounded down to a multiple of 4), so one of them may be off by up to 3."""
    difference = ImageChops.difference(drawn, png.convert("RGB"))
    r, g, b = difference.split()
    largest = ImageChops.lighter(ImageChops.lighter(r, g), b)
    combos = Image.merge("RGBA", (*drawn.split(), largest)).getcolors(drawn.width * drawn.height) or []
    slots: dict[theme.RGB, int] = {}
    for colour in flat:
        slots[palettes._rounded(colour)] = slots.get(palettes._rounded(colour), 0) + 1
    for _n, (red, green, blue, error) in combos:  # type: ignore[misc]
        colour = (red, green, blue)
        if colour in flat and error > (3 if slots[palettes._rounded(colour)] > 1 else 0):
            return False
    return True


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_boards_are_mapped_to_the_colours_drawn_on_them(name: str) -> None:
    """Each board knows its colours, its palette holds them, flat colours stay exact and every
    pixel stays within ``PNG_TOLERANCE`` (the anti-aliased edges of text are the only mixtures)."""
    for view, names in _late_views(name):
        drawn = renderer.draw(view, names=names, detailed=True)
        found = pens.inks(drawn)
        assert found is not None and palettes.palette_of(drawn) is not None
        png = Image.open(io.BytesIO(renderer.render(view, names=names, detailed=True)))
        assert png.mode == "P"
        assert _flat_colours_kept(drawn, png, found.flat)
        assert _largest_difference(png, drawn) <= palettes.PNG_TOLERANCE


def _palette(data: bytes) -> list[int]:
    return Image.open(io.BytesIO(data)).getpalette() or []


def _entries(palette: list[int]) -> set[tuple[int, ...]]:
    """The colours of a palette (as ``getpalette`` gives it), entry by entry."""
    return {tuple(palette[k : k + 3]) for k in range(0, len(palette), 3)}


def test_a_public_board_palette_holds_no_colour_of_a_private_view() -> None:
    """Secrecy: the palette of a board is made from what was drawn on that picture only. Ice
    Lake draws a player's own planned path (in a shade of its colour) in that player's view; the
    public board drawn afterwards from the same cached layer has no entry of that shade."""
    game = games.get("ice-lake")
    state = game.new_game(2, game.options(), 5)
    state, _ = games.play(game, state, 0, Plan("SSLRS"))
    names = ["Ann", "Bob"]
    path_shade = theme.darken(theme.player(0).rgb, 0.15)
    layers.clear()
    renderer.render(game.view(state, 0), names=names, detailed=True)  # the private board, encoded first
    private = renderer.draw(game.view(state, 0), names=names, detailed=True)
    private_inks = pens.inks(private)
    assert private_inks is not None and path_shade in private_inks.flat
    public = renderer.draw(game.view(state, None), names=names, detailed=True)
    public_inks = pens.inks(public)
    assert public_inks is not None and path_shade not in public_inks.flat
    png = Image.open(io.BytesIO(renderer.render(game.view(state, None), names=names, detailed=True)))
    entries = png.getpalette() or []
    assert path_shade not in _entries(entries)


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_public_boards_of_one_shape_share_one_palette_within_the_tolerance(name: str) -> None:
    """Pillow fills its nearest-colour lookup per palette: the public boards of a game shape
    share one (their family's, which grows with the colours met), so once the boards of a game
    have been drawn, drawing them again maps every one with the same palette, still faithful."""
    game = games.get(name)
    players = min(game.players)
    names = [f"Player {k + 1}" for k in range(players)]
    states = playout(name, players, seed=21, max_steps=40)
    layers.clear()
    views = [game.view(state, None) for state in states]
    for view in views:
        renderer.render(view, names=names, detailed=True)
    shapes: dict[object, list[int]] = {}
    for view in views:
        drawn = renderer.draw(view, names=names, detailed=True)
        data = renderer.render(view, names=names, detailed=True)
        family = drawn.info.get("floe.family")
        assert family is not None, "a board drawn on a cached layer is of its family"
        assert shapes.setdefault(family, _palette(data)) == _palette(data)
        png = Image.open(io.BytesIO(data))
        found = pens.inks(drawn)
        assert found is not None and _flat_colours_kept(drawn, png, found.flat)
        assert _largest_difference(png, drawn) <= palettes.PNG_TOLERANCE


def test_a_private_board_neither_joins_nor_takes_its_family_palette() -> None:
    """A seat's board is mapped with the colours drawn on it alone, and adds none of them to
    the family the public boards of its shape share (:func:`renderer.palettes.palette_of`)."""
    layers.clear()
    secret = (201, 17, 99)
    img, d = pens.canvas(40, 20)
    palettes.set_family(img, "shape")
    d.rectangle((0, 0, 9, 9), fill=secret)
    assert palettes.palette_of(img) is not None
    private = _palette(encoding.to_png(img))
    assert secret in _entries(private)
    plain, _ = pens.canvas(40, 20)
    palettes.set_family(plain, "shape")
    public = _palette(encoding.to_png(plain, shared=True))
    assert secret not in _entries(public)
    img_public = pens.duplicate(img)
    encoding.to_png(img_public, shared=True)  # a public board with the colour: now the family has it
    again = _palette(encoding.to_png(plain, shared=True))
    assert secret in _entries(again)


def test_a_board_whose_colours_would_overfill_its_family_keeps_its_own_palette() -> None:
    """A family keeps at most 256 flat colours: a board that would take it past them is mapped
    with its own colours, exactly, and the family keeps what it had."""
    layers.clear()

    def board(colours: list[theme.RGB]) -> Image.Image:
        img, d = pens.canvas(len(colours), 1)
        palettes.set_family(img, "crowded")
        for x, colour in enumerate(colours):
            d.point((x, 0), fill=colour)
        return img

    many = [(4 * (k // 64), 4 * (k % 64), 200) for k in range(250)]
    others = [(201, 4 * k, 17) for k in range(12)]
    first = board(many)
    assert (
        Image.open(io.BytesIO(encoding.to_png(first, shared=True))).convert("RGB").tobytes()
        == first.tobytes()
    )
    second = board(others)
    png = Image.open(io.BytesIO(encoding.to_png(second, shared=True)))
    assert png.convert("RGB").tobytes() == second.tobytes()  # its own palette: every colour exact
    assert len(_palette(encoding.to_png(second, shared=True))) // 3 < 250
    again = palettes.palette_of(board(many[:10]), shared=True)
    assert again is not None and len(again.colours) // 3 >= 250  # the family kept its colours


def test_a_halo_across_two_grounds_blends_its_letters_with_both() -> None:
    """A halo two pixels wide lets the letters' edges touch the grounds under it: each ground
    along the halo's sides is noted (here a stripe between the box's corner and the middle of
    its side), so those mixtures get shades in the palette."""
    stripe, ground = (40, 150, 160), (214, 236, 248)
    img, d = pens.canvas(200, 40, ground)
    x0, _, x1, _ = d.textbbox((100, 20), "FINISH", font=lettering.font(11), anchor="mm", stroke_width=2)
    d.rectangle((x0 + 4, 0, (x0 + x1) // 2 - 4, 39), fill=stripe)
    lettering.halo_text(d, (100, 20), "FINISH", 11, theme.INK, halo=(214, 184, 140), width=2)
    found = pens.inks(img)
    assert found is not None
    assert {(theme.INK, stripe), (theme.INK, ground)} <= found.blends
    png = Image.open(io.BytesIO(encoding.to_png(img)))
    assert _largest_difference(png, img) <= palettes.PNG_TOLERANCE


def test_a_picture_that_does_not_know_its_colours_is_quantized() -> None:
    img = Image.linear_gradient("L").convert("RGB").resize((120, 80))
    assert pens.inks(img) is None
    png = Image.open(io.BytesIO(encoding.to_png(img)))
    assert png.mode == "P" and _largest_difference(png, img) <= palettes.PNG_TOLERANCE


# --------------------------------------------------------------------------- the movement GIF


def test_movement_frames_drawn_on_one_picture_equal_frames_drawn_alone() -> None:
    names = [f"Player {k + 1}" for k in range(4)]
    for view in movement_views(3):
        with layers.uncached():
            alone = [frame_from_scratch(view, names, k) for k in range(len(view.last_movement))]
        drawn = [f.copy() for f in ice_lake.frames(view, names)]
        assert len(drawn) == len(alone)
        assert all(_same(a, b) for a, b in zip(drawn, alone, strict=True))


def test_movement_gifs_of_one_lake_share_one_palette() -> None:
    """Once each movement GIF has been made, making them again maps all of them with one
    palette (their family's, as the boards'), so Pillow's lookup stays warm; each still shows
    its steps as drawn (the test below)."""
    names = [f"Player {k + 1}" for k in range(4)]
    views = movement_views(3)
    layers.clear()
    for view in views:
        renderer.render_animation(view, names=names)
    seen = {tuple(_palette(renderer.render_animation(view, names=names) or b"")) for view in views}
    assert len(seen) == 1


def test_movement_gif_shows_every_step_as_drawn_and_keeps_its_length() -> None:
    """Each step ends on its frame as drawn (within ``PNG_TOLERANCE``; a step that changed in two
    places, the skaters and the caption, shows the first for 20 ms), and the animation lasts
    one frame time per step."""
    names = [f"Player {k + 1}" for k in range(4)]
    for view in movement_views(3):
        with layers.uncached():
            alone = [frame_from_scratch(view, names, k) for k in range(len(view.last_movement))]
        data = renderer.render_animation(view, names=names)
        assert data is not None and len(data) < 300 * 1024
        decoded = [
            (f.convert("RGB"), int(f.info["duration"]))
            for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))
        ]
        assert sum(d for _f, d in decoded) == renderer.FRAME_MS * len(alone)
        ends = [f for f, d in decoded if d != encoding._PIECE_MS]
        distinct = [alone[0]] + [b for a, b in itertools.pairwise(alone) if not _same(a, b)]
        assert len(ends) == len(distinct)
        assert all(
            _largest_difference(got, want) <= palettes.PNG_TOLERANCE
            for got, want in zip(ends, distinct, strict=True)
        )
        assert any(d == encoding._PIECE_MS for _f, d in decoded)  # the caption and a skater stored apart


def test_noted_boxes_that_overlap_are_merged() -> None:
    img, _ = pens.canvas(10, 10)
    pens.note_changed(img, [(0, 0, 4, 4), (3, 3, 6, 6), (8, 8, 10, 10)])
    assert sorted(img.info["floe.changed"]) == [(0, 0, 6, 6), (8, 8, 10, 10)]


def test_a_gif_too_large_is_rebuilt_from_the_kept_changes() -> None:
    """Frames may be one picture drawn again: the scaled-down fallback rebuilds them from what
    was kept, and the last frame shown is the last frame drawn."""
    frames = []
    img, d = pens.canvas(200, 120)
    for k in range(6):
        d.rectangle((0, 0, 200, 120), fill=theme.BACKGROUND)
        drawing.player_token(d, k % 4, 20 + 30 * k, 60, 14)
        lettering.text(d, (10, 100), f"step {k}", theme.SMALL_SIZE)
        frames.append(img.copy())

    def redrawn() -> Any:
        for f in frames:
            img.paste(f)
            yield img

    full = len(encoding.to_gif(redrawn(), 100))
    data = encoding.to_gif(redrawn(), 100, limit=full - 1)
    last = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))][-1]
    assert len(data) < full and last.size != frames[-1].size  # scaled down
    expected = frames[-1].resize(last.size, Image.Resampling.BILINEAR)
    assert _largest_difference(last, expected) <= palettes.PNG_TOLERANCE
