"""What renderer/text_masks.py relies on in Pillow (its docstring): Pillow draws a line of text
as FreeType's mask for where it starts, blended at the integer part, so a mask remembered from
an earlier drawing draws what Pillow's own ``draw.text`` draws now, pixel for pixel. These fail
when a Pillow upgrade changes how it draws text."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from renderer import lettering, pens, text_masks, theme

#: Lines as boards draw them: labels, names, numbers, a caption of known words, a halo'd letter.
LINES = ("F8", "Player 3", "12/56", "Ice Lake: skates F8, facing NE.", "Ωmega Дж ñ…", "K")
STARTS = ((12, 30), (12.5, 30.5), (40.25, 29.3), (7.75, 31))


def difference(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """The box where two pictures differ, or None."""
    assert a.size == b.size
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("anchor", ["la", "ls", "mm"])
def test_remembered_masks_draw_what_pillow_draws(anchor: str, bold: bool) -> None:
    f = lettering.font(theme.TEXT_SIZE, bold)
    for s in LINES:
        for xy in STARTS:
            text_masks.draw_line(pens.canvas(400, 60)[1], xy, s, f, theme.INK, anchor)  # remembers
            key = (f.path, f.size, s, anchor, 0, xy[0] % 1.0, xy[1] % 1.0)
            assert key in text_masks.masks
            mine, d = pens.canvas(400, 60, theme.PANEL)
            theirs, e = pens.canvas(400, 60, theme.PANEL)
            text_masks.draw_line(d, xy, s, f, theme.INK, anchor)  # from the remembered mask
            e.text(xy, s, font=f, fill=theme.INK, anchor=anchor)
            assert difference(mine, theirs) is None, (s, xy, anchor, bold)


def test_remembered_halo_masks_draw_what_pillow_draws() -> None:
    f = lettering.font(theme.HEADING_SIZE, True)
    for s in LINES:
        for xy in STARTS:
            mine, d = pens.canvas(400, 60, theme.TERRAIN["water"])
            theirs, e = pens.canvas(400, 60, theme.TERRAIN["water"])
            for _ in range(2):  # the second from the remembered masks
                text_masks.draw_line(d, xy, s, f, theme.WHITE, "mm", stroke=3, stroke_fill=theme.INK)
                e.text(xy, s, font=f, fill=theme.WHITE, anchor="mm", stroke_width=3, stroke_fill=theme.INK)
            assert difference(mine, theirs) is None, (s, xy)


@pytest.mark.parametrize("anchor", ["la", "mm"])
def test_crisp_lines_draw_what_pillow_draws_without_anti_aliasing(anchor: str) -> None:
    """Ice Hike's cell names: a remembered one-bit mask draws what Pillow's ``draw.text`` draws
    with ``fontmode = "1"`` (no anti-aliasing) at the same whole pixels."""
    f = lettering.font(11)
    for s in ("A1", "M10", "F8", "START"):
        for at in ((12, 30), (40, 29)):
            mine, d = pens.canvas(200, 60, theme.PANEL)
            theirs, e = pens.canvas(200, 60, theme.PANEL)
            for _ in range(2):  # the second from the remembered mask
                text_masks.draw_crisp(d, at, f, s, theme.INK, anchor)
            e.fontmode = "1"
            e.text(at, s, font=f, fill=theme.INK, anchor=anchor)
            e.text(at, s, font=f, fill=theme.INK, anchor=anchor)
            assert difference(mine, theirs) is None, (s, at, anchor)
