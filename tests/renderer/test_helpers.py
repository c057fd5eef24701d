"""Shared renderer helpers: fonts without system fonts, palette rules, shapes, legend, encoders."""

from __future__ import annotations

import io
import random

from PIL import Image

from renderer import drawing, encoding, legend, lettering, pens, theme


def _png(img: Image.Image) -> Image.Image:
    data = encoding.to_png(img)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


def test_text_draws_with_the_shipped_font() -> None:
    img, d = pens.canvas(200, 60)
    width = lettering.text(d, (10, 30), "Floe board", 20, theme.INK, anchor="lm", bold=True)
    assert 60 < width < 190
    assert img.crop((10, 10, 190, 50)).getextrema() != ((232, 232), (241, 241), (248, 248))


def test_player_colours_never_rely_on_colour_alone() -> None:
    assert len(theme.PLAYER_COLOURS) >= 6
    assert len({p.rgb for p in theme.PLAYER_COLOURS}) == len(theme.PLAYER_COLOURS)
    assert len({p.letter for p in theme.PLAYER_COLOURS}) == len(theme.PLAYER_COLOURS)
    assert len({p.shape for p in theme.PLAYER_COLOURS}) == len(theme.PLAYER_COLOURS)
    okabe_ito = set(theme.OKABE_ITO.values())
    assert all(p.rgb in okabe_ito for p in theme.PLAYER_COLOURS)


def test_canvas_png_size_and_mode() -> None:
    img, _ = pens.canvas(320, 200)
    out = _png(img)
    assert out.size == (320, 200) and out.mode == "P"  # a palette PNG
    out = out.convert("RGB")
    assert out.getpixel((5, 5)) == theme.BACKGROUND


def test_player_token_has_its_colour_and_greys_out() -> None:
    img, d = pens.canvas(200, 100)
    drawing.player_token(d, 0, 50, 50, 20)
    drawing.player_token(d, 0, 150, 50, 20, out=True)
    assert img.getpixel((50 - 13, 50)) == theme.PLAYER_COLOURS[0].rgb
    assert img.getpixel((150 - 13, 50)) != theme.PLAYER_COLOURS[0].rgb


def test_every_player_shape_draws() -> None:
    img, d = pens.canvas(400, 80)
    for seat in range(6):
        drawing.player_token(d, seat, 30 + seat * 60, 40, 18)
    colours = {img.getpixel((30 + seat * 60, 40 + 9)) for seat in range(6)}
    assert len(colours) >= 5


def test_hex_polygon_fills_its_centre() -> None:
    img, d = pens.canvas(200, 200)
    corners = drawing.hex_polygon(d, 100, 100, 40, theme.TERRAIN["water"], theme.INK, 2)
    assert len(corners) == 6
    assert img.getpixel((100, 100)) == theme.TERRAIN["water"]
    assert img.getpixel((100, 100 - 40)) == theme.BACKGROUND  # flat top: no corner straight up
    assert img.getpixel((139, 100)) != theme.BACKGROUND  # a corner points east


def test_hex_center_uses_the_hexgrid_layout() -> None:
    from games.hexgrid import Hex

    assert drawing.hex_center(Hex(0, 0), 30, (100, 80)) == (100, 80)
    x, y = drawing.hex_center(Hex(1, 0), 30, (100, 80))
    assert x == 145 and y > 80


def test_highlight_ring_is_yellow_around_the_piece() -> None:
    img, d = pens.canvas(100, 100)
    drawing.highlight_ring(d, 50, 50, 20)
    assert img.getpixel((50 + 22, 50)) == theme.HIGHLIGHT
    img, d = pens.canvas(100, 100)
    drawing.highlight_ring(d, 50, 50, 30, hexagonal=True)
    assert img.getpixel((50 + 30, 50)) == theme.HIGHLIGHT


def test_legend_marks_the_awaited_player_and_fits_its_height() -> None:
    rows = [
        legend.LegendRow(0, "Ann", score="12", detail="3 bears", awaited=True),
        legend.LegendRow(1, "Bob", score="9"),
        legend.LegendRow(2, "Cy", score="4", out=True),
        legend.LegendRow(3, "Dee", score="15", winner=True),
    ]
    footer = ["Tiles left: 12"]
    h = legend.legend_height(rows, footer)
    img, d = pens.canvas(theme.PANEL_WIDTH + 40, h + 40)
    bottom = legend.legend(d, (20, 20, 20 + theme.PANEL_WIDTH, 20 + h), "Test", rows, footer)
    assert bottom <= 20 + h
    first_row = 20 + theme.PAD + theme.TITLE_SIZE + 8 + theme.HEADING_SIZE + 14
    assert img.getpixel((theme.PANEL_WIDTH - 10, first_row + 6)) == theme.lighten(theme.HIGHLIGHT, 0.55)
    assert legend.status_line(rows) == "Turn: Ann"
    assert legend.status_line([legend.LegendRow(0, "Ann", winner=True)]) == "Winner: Ann"
    assert legend.status_line(
        [legend.LegendRow(0, "A", awaited=True), legend.LegendRow(1, "B", awaited=True)]
    ) == ("Waiting for: A, B")


def test_a_legend_row_wraps_a_long_detail_and_note_and_grows() -> None:
    long = "on the far side of the lake, facing the wind"
    short = legend.LegendRow(0, "Ann", detail="on F3", note="last plan: SSL")
    wrapped = legend.LegendRow(0, "Ann", detail=long, note=long)
    assert legend.row_height(wrapped) == legend.row_height(short) + 2 * (theme.SMALL_SIZE + 2)
    h = legend.legend_height([wrapped])
    img, d = pens.canvas(theme.PANEL_WIDTH + 40, h + 40)
    with pens.record_layout() as layout:
        legend.legend(d, (20, 20, 20 + theme.PANEL_WIDTH, 20 + h), "Test", [wrapped])
    lines = [t.text for t in layout.texts if t.size == theme.SMALL_SIZE and t.text != "B"]  # not the token
    assert len(lines) == 4 and " ".join(lines[:2]) == long and lettering.ELLIPSIS not in lines[1]
    assert all(t.box[2] <= 20 + theme.PANEL_WIDTH - theme.PAD for t in layout.texts)


def _frames(n: int, size: int = 160, noise: bool = False) -> list[Image.Image]:
    out = []
    rnd = random.Random(n)
    for i in range(n):
        if noise:
            img = Image.frombytes(
                "RGB", (size, size), bytes(rnd.getrandbits(8) for _ in range(size * size * 3))
            )
        else:
            img, d = pens.canvas(size, size)
            drawing.player_token(d, i % 6, 20 + i * 10, size / 2, 14)
        out.append(img)
    return out


def test_gif_is_animated_looping_and_small() -> None:
    data = encoding.to_gif(_frames(6), 300)
    assert data[:6] in (b"GIF87a", b"GIF89a") and len(data) < encoding.DISCORD_LIMIT
    gif = Image.open(io.BytesIO(data))
    assert getattr(gif, "n_frames", 1) == 6 and getattr(gif, "is_animated", False)
    assert gif.info.get("loop") == 0 and gif.info.get("duration") == 300


def test_gif_shrinks_and_drops_frames_to_fit_the_limit() -> None:
    frames = _frames(8, 120, noise=True)
    full = len(encoding.to_gif(frames, 100))
    limit = full // 8
    data = encoding.to_gif(frames, 100, limit=limit)
    assert len(data) <= limit
    gif = Image.open(io.BytesIO(data))
    assert gif.size[0] <= 60
    n_frames: int = getattr(gif, "n_frames", 1)
    assert 2 <= n_frames < 8
    total = 0
    for k in range(n_frames):
        gif.seek(k)
        total += gif.info["duration"]
    assert total == 800  # the animation keeps its length
