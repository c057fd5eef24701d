"""Pillow's text blending, redone with remembered masks: the one module that leans on how
Pillow draws text, and why.

A board draws the same labels, names and numbers move after move, and rasterising them is most
of what drawing them costs. Pillow has no public way to draw a rasterised line again: its
``ImageDraw.text`` asks FreeType for the line's coverage mask (``FreeTypeFont.getmask2``) each
time and blends it with the ink at the integer part of where it is drawn. So :func:`draw_line`
does what ``ImageDraw.text`` does with a mask remembered in :data:`masks` (and a line of new
words joined from its words' masks, :func:`joined_mask`), through parts of Pillow that are not its
documented API (``ImageDraw._getink``, ``ImageDraw.draw.draw_bitmap``, ``PIL._imaging``).
It relies on Pillow drawing a line as exactly that mask blended there: when an upgrade changes
it, tests/renderer/test_text_masks.py (Pillow's own drawing of the same texts against the
remembered masks, pixel for pixel) and tests/renderer/test_masks_and_palettes.py fail. On a
:class:`renderer.pens.Pen` the colours a line's edges blend into are noted in the picture's
inks (:func:`grounds_under`).
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import TYPE_CHECKING

from PIL import ImageDraw, ImageFont, _imaging

from renderer.pens import Inks, Pen
from renderer.theme import RGB, Point

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore


#: Advance widths already measured, by (font file, size, text): a board measures the same
#: labels, names and wrapped lines move after move. Cleared when it grows past ``WIDTHS_MAX``.
widths: dict[tuple[str, int, str], float] = {}
WIDTHS_MAX = 20_000


def measure(f: ImageFont.FreeTypeFont, s: str) -> float:
    """The advance width of ``s`` in ``f``: every measurement of :func:`fit` goes through here
    (remembered: a width depends only on the font, its size and the text)."""
    key = (str(f.path), int(f.size), s)
    width = widths.get(key)
    if width is None:
        if len(widths) >= WIDTHS_MAX:
            widths.clear()
        width = widths[key] = f.getlength(s)
    return width


#: Rasterised text already drawn, by (font file, size, text, anchor, stroke, sub-pixel start):
#: FreeType's mask and its offset from the integer start. A board draws the same labels, names
#: and numbers move after move, and rasterising them was most of a board's drawing time.
#: Cleared when it grows past ``MASKS_MAX`` (a mask is a few KiB).
masks: dict[tuple[object, ...], tuple[ImagingCore, tuple[int, int]]] = {}
MASKS_MAX = 4096


def draw_line(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str,
    *,
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> None:
    """``draw.text(xy, s, font=f, fill=fill, anchor=anchor, stroke_width=stroke,
    stroke_fill=stroke_fill)`` for one line, pixel for pixel, with each mask remembered.

    Pillow draws a line as FreeType's coverage mask for the fractional part of ``xy``, blended
    at the integer part; the mask depends only on the key of :data:`masks`, so a remembered
    mask drawn the same way gives the same pixels (the stroke first, as Pillow does).
    """
    if not s:
        return
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    passes = [(stroke, stroke_fill if stroke_fill is not None else fill)] if stroke else []
    if not stroke or stroke_fill != fill:
        passes.append((0, fill))
    grounds: set[RGB] = set()  # under the line: the letters' edges may reach through a thin halo
    for width, colour in passes:
        mask, offset = line_mask(f, s, anchor, width, start)
        ink = draw._getink(colour)[0]
        at = (int(x) + offset[0], int(y) + offset[1])
        if isinstance(draw, Pen) and draw.inks is not None:
            grounds |= grounds_under(draw, draw.inks, at, mask.size, along=width > 0)
            draw.inks.blends.update((colour, u) for u in grounds if u != colour)
        draw.draw.draw_bitmap(at, mask, ink)
    if (
        stroke
        and stroke_fill is not None
        and stroke_fill != fill
        and isinstance(draw, Pen)
        and draw.inks is not None
    ):
        draw.inks.blends.add((fill, stroke_fill))  # the letters' edges over their halo


def line_mask(
    f: ImageFont.FreeTypeFont, s: str, anchor: str, stroke: int, start: tuple[float, float]
) -> tuple[ImagingCore, tuple[int, int]]:
    """FreeType's coverage mask of one line and its offset from the integer start, as Pillow's
    ``getmask2`` makes it for ``start`` (the fractional part of where it is drawn), remembered in
    :data:`masks`. A line of several words is put together from its words' masks
    (:func:`joined_mask`) when it can be: a caption or a status line is new move after move,
    but made of words already drawn, and FreeType's rendering of a new line would be most of an
    animation's drawing time."""
    key = (f.path, f.size, s, anchor, stroke, start[0], start[1])
    hit = masks.get(key)
    if hit is None:
        joined = joined_mask(f, s, anchor, start) if not stroke and len(s) > 1 else None
        if len(masks) >= MASKS_MAX:
            masks.clear()
        hit = masks[key] = joined or f.getmask2(
            s, "L", None, None, None, stroke, anchor, 0, start, stroke_filled=True
        )
    return hit


def joined_mask(
    f: ImageFont.FreeTypeFont, s: str, anchor: str, start: tuple[float, float]
) -> tuple[ImagingCore, tuple[int, int]] | None:
    """The mask of line ``s`` made of its words' masks (a word's, of its characters'), each
    where Pillow's basic layout puts the part's first glyph, or ``None`` when that is not certain
    to be the same picture.

    Pillow renders every glyph at the origin and places it at its pen position rounded to a
    pixel, so a part drawn at the line's start plus the advance of the text before it (kerning
    between the parts included) covers the pixels it covers in the line; a test checks this
    against ``getmask2`` for thousands of lines, fonts, sizes and starts. Only for anchors whose
    start does not depend on the text's width or ink (left, at the ascender or the baseline),
    and only when the parts' boxes do not overlap: where two glyphs overlap, FreeType's mask
    blends them, which a paste would not (a word whose letters' boxes overlap is rendered
    whole). The joined mask's box is its parts' boxes together: FreeType's own box, or in a
    few lines of a thousand a pixel wider where a glyph's ink ends past the line's advance
    (nothing is drawn there).
    """
    if anchor not in ("la", "ls") or start[0] < 0:  # a start left of a pixel: see draw_line
        return None
    parts, gap = (s.split(" "), " ") if " " in s else (list(s), "")
    gap_width = measure(f, gap) if gap else 0.0
    placed: list[tuple[ImagingCore, int, int]] = []  # each part's mask at its pixel offset
    advance = 0.0
    for k, part in enumerate(parts):
        after = parts[k + 1] if k + 1 < len(parts) else ""
        if part:
            x = start[0] + advance
            mask, (dx, dy) = line_mask(f, part, anchor, 0, (x % 1.0, start[1]))
            if mask.size[0] and mask.size[1]:
                placed.append((mask, math.floor(x) + dx, dy))
            advance += measure(f, part)
        if gap:  # the space, and the kerning on either side of it
            advance += gap_width
            advance += kerning(f, part[-1], gap) if part else 0.0
            advance += kerning(f, gap, after[0]) if after else 0.0
        elif after:
            advance += kerning(f, part, after)
    if not placed:
        return None
    for (a, ax, _), (_, bx, _) in itertools.pairwise(placed):
        if ax + a.size[0] > bx:
            return None
    left, top = placed[0][1], min(dy for _, _, dy in placed)
    bottom = max(dy + m.size[1] for m, _, dy in placed)
    right = max(x + m.size[0] for m, x, _ in placed)
    out: ImagingCore = _imaging.fill("L", (right - left, bottom - top), 0)
    for mask, x, dy in placed:
        out.paste(mask, (x - left, dy - top, x - left + mask.size[0], dy - top + mask.size[1]))
    return out, (left, top)


@functools.lru_cache(maxsize=4096)
def kerning(f: ImageFont.FreeTypeFont, a: str, b: str) -> float:
    """What Pillow's basic layout adds between characters ``a`` and ``b`` (in px; usually 0)."""
    return f.getlength(a + b) - measure(f, a) - measure(f, b)


def grounds_under(
    draw: Pen, found: Inks, at: tuple[int, int], size: tuple[int, int], *, along: bool = False
) -> set[RGB]:
    """The flat colours under the corners and the middles of the sides of a text's box: its
    edges blend into them; ``along``, every few pixels along its sides too (a halo, whose
    letters may lie across several grounds). A pixel of another colour there is the edge of
    another text, not a ground: counting it would give each board a palette of its own."""
    assert draw.im is not None
    w, h = draw.im.size
    x0, y0 = max(0, at[0]), max(0, at[1])
    x1, y1 = min(w, at[0] + size[0]) - 1, min(h, at[1] + size[1]) - 1
    if x1 < x0 or y1 < y0:
        return set()
    xm, ym = (x0 + x1) // 2, (y0 + y1) // 2
    pixel = draw.im.getpixel
    points = [(x0, y0), (xm, y0), (x1, y0), (x0, ym), (x1, ym), (x0, y1), (xm, y1), (x1, y1)]
    if along:
        points += [(x, y) for x in range(x0, x1, HALO_STEP) for y in (y0, y1)]
        points += [(x, y) for y in range(y0, y1, HALO_STEP) for x in (x0, x1)]
    return {u for u in map(pixel, points) if u in found.flat}


#: :func:`grounds_under` looks every ``HALO_STEP`` pixels along a halo's box.
HALO_STEP = 4


def draw_crisp(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    font: ImageFont.FreeTypeFont,
    s: str,
    fill: RGB,
    anchor: str,
) -> None:
    """One line without anti-aliasing (FreeType's hinted one-bit rendering) at whole pixels
    ``at``, its mask remembered per font, text and anchor (Ice Hike's hundred cell names)."""
    mask, offset = _crisp_mask(font, s, anchor)
    draw.draw.draw_bitmap((at[0] + offset[0], at[1] + offset[1]), mask, draw._getink(fill)[0])


@functools.lru_cache(maxsize=1024)
def _crisp_mask(font: ImageFont.FreeTypeFont, s: str, anchor: str) -> tuple[ImagingCore, tuple[int, int]]:
    return font.getmask2(s, "1", anchor=anchor)
