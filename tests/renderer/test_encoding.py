"""Board pictures as palette PNGs and animations as delta GIFs: small files that stay faithful to
the drawing."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence

import games
import renderer
from renderer import drawing, encoding, lettering, palettes, pens, theme
from renderer.registry import RENDERERS
from tests.support.board_layout import playout

#: Discord shows a board fastest when the file is small; the goal for a late-game board.
BOARD_KIB = 40


def _largest_difference(a: Image.Image, b: Image.Image) -> int:
    return max(high for _low, high in ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getextrema())


def _late_boards(name: str) -> list[tuple[object, list[str]]]:
    """The public board at the end of a seeded random playout, at the fewest and most players."""
    game = games.get(name)
    out = []
    for players in sorted({min(game.players), max(game.players)}):
        state = playout(name, players, seed=7)[-1]
        out.append((game.view(state, None), [f"Player {k + 1}" for k in range(players)]))
    return out


@pytest.mark.parametrize("name", sorted(RENDERERS))
@pytest.mark.parametrize("detailed", [False, True], ids=["phone", "detailed"])
def test_late_boards_are_small_palette_pngs_within_the_tolerance(name: str, detailed: bool) -> None:
    for view, names in _late_boards(name):
        drawn = renderer.draw(view, names=names, detailed=detailed)
        data = renderer.render(view, names=names, detailed=detailed)
        png = Image.open(io.BytesIO(data))
        assert png.format == "PNG" and png.mode == "P" and png.size == drawn.size
        assert _largest_difference(png, drawn) <= palettes.PNG_TOLERANCE
        assert len(data) < BOARD_KIB * 1024, f"{name}: {len(data) / 1024:.0f} KiB"


def test_quantize_keeps_flat_colours_exact() -> None:
    img, d = pens.canvas(300, 200)
    drawing.card(d, (10, 10, 290, 190))
    for seat in range(6):
        drawing.player_token(d, seat, 40 + seat * 45, 100, 18)
    lettering.text(d, (20, 30), "Flat colours stay", theme.TEXT_SIZE)
    q = palettes.quantize(img).convert("RGB")
    assert q.getpixel((3, 3)) == theme.BACKGROUND and q.getpixel((150, 170)) == theme.PANEL
    for seat in range(6):  # each token's face keeps its player's colour
        cx = 40 + seat * 45
        face = [
            (x, y)
            for x in range(cx - 18, cx + 19)
            for y in range(82, 119)
            if img.getpixel((x, y)) == theme.player(seat).rgb
        ]
        assert len(face) > 100 and all(q.getpixel(xy) == theme.player(seat).rgb for xy in face)
    assert _largest_difference(q, img) <= palettes.PNG_TOLERANCE


def _moving_frames(n: int) -> list[Image.Image]:
    """A token moving right under a changing caption, like a movement GIF."""
    frames = []
    for k in range(n):
        img, d = pens.canvas(320, 160)
        drawing.card(d, (10, 10, 310, 120))
        drawing.player_token(d, k % 4, 40 + 30 * k, 60, 16)
        drawing.highlight_ring(d, 40 + 30 * k, 60, 20)
        lettering.text(d, (12, 130), f"{k}/{n - 1} step {k}", theme.TEXT_SIZE)
        frames.append(img)
    return frames


def _close_enough(got: Image.Image, want: Image.Image) -> bool:
    """A GIF frame is faithful when 99% of its pixels are within ``PNG_TOLERANCE`` per channel
    (one palette serves every frame, so the anti-aliased edges of a colour seen in few frames may
    be further off)."""
    diff = ImageChops.difference(got.convert("RGB"), want.convert("RGB"))
    r, g, b = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), b).histogram()
    return sum(worst[palettes.PNG_TOLERANCE + 1 :]) <= 0.01 * got.width * got.height


def _decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    gif = Image.open(io.BytesIO(data))
    return [(f.convert("RGB"), int(f.info["duration"])) for f in ImageSequence.Iterator(gif)]


def test_gif_frames_decode_to_the_drawn_frames() -> None:
    frames = _moving_frames(8)
    data = encoding.to_gif(frames, 500)
    decoded = _decoded(data)
    assert len(decoded) == 8 and all(duration == 500 for _f, duration in decoded)
    for (got, _d), want in zip(decoded, frames, strict=True):
        assert got.size == want.size and _close_enough(got, want)


def test_gif_stores_only_the_changed_box_of_each_frame() -> None:
    frames = _moving_frames(8)
    data = encoding.to_gif(frames, 500)
    # every frame after the first is a smaller image placed at an offset
    gif = Image.open(io.BytesIO(data))
    boxes = []
    for k in range(1, 8):
        gif.seek(k)
        boxes.append(gif.dispose_extent)
    assert all(box != (0, 0, 320, 160) for box in boxes)
    # and the file is much smaller than the frames stored whole
    whole = io.BytesIO()
    quantized = [f.quantize(colors=255, method=Image.Quantize.FASTOCTREE) for f in frames]
    quantized[0].save(whole, format="GIF", save_all=True, append_images=quantized[1:], optimize=False)
    assert len(data) < len(whole.getvalue()) * 0.75


def test_gif_merges_a_repeated_frame_into_a_longer_one() -> None:
    frames = _moving_frames(3)
    data = encoding.to_gif([frames[0], frames[1], frames[1].copy(), frames[2]], 300)
    assert [d for _f, d in _decoded(data)] == [300, 600, 300]


def test_gif_keeps_colours_that_only_appear_mid_animation() -> None:
    """The shared palette also samples a middle frame: a highlight shown only in motion keeps
    its colour."""
    frames = _moving_frames(5)
    for k in (0, 4):  # no ring at the start and the end
        img, d = pens.canvas(320, 160)
        drawing.card(d, (10, 10, 310, 120))
        drawing.player_token(d, k % 4, 40 + 30 * k, 60, 16)
        lettering.text(d, (12, 130), f"{k}/4 step {k}", theme.TEXT_SIZE)
        frames[k] = img
    for (got, _d), want in zip(_decoded(encoding.to_gif(frames, 400)), frames, strict=True):
        assert _close_enough(got, want)


def test_gif_of_frames_of_different_heights_pads_them() -> None:
    frames = _moving_frames(3)
    taller, d = pens.canvas(320, 200)
    drawing.player_token(d, 0, 100, 100, 16)
    data = encoding.to_gif([*frames, taller], 300)
    decoded = _decoded(data)
    assert len(decoded) == 4 and all(f.size == (320, 200) for f, _d in decoded)
    assert _close_enough(decoded[-1][0], taller)
