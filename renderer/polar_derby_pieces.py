"""The Polar Derby board's pieces: bear heads with their letters, dice (Free Skate's star and
word), a padlock, an empty slot, and a locked lane's hatching (:mod:`renderer.polar_derby`
lays them out)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from games.polar_derby.board import FREE
from games.words import say
from renderer import drawing, layers, lettering, theme
from renderer.polar_derby_words import LETTERS
from renderer.speech import told
from renderer.theme import RGB

DIE_SIZE = 66

#: Bear colours: Okabe-Ito where the game's colours allow; letters carry the same information.
BEAR_RGB: dict[str, RGB] = {
    "white": (250, 250, 250),
    "blue": theme.OKABE_ITO["sky blue"],
    "green": theme.OKABE_ITO["bluish green"],
    "pink": theme.OKABE_ITO["reddish purple"],
    "orange": theme.OKABE_ITO["orange"],
}


def bear(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour: str, *, faded: bool = False
) -> None:
    """A bear head (ears and a round face) in its colour, with its letter on the face."""
    fill = BEAR_RGB[colour]
    edge = theme.INK
    if faded:
        fill, edge = theme.grey(fill, 0.5), theme.GREYED
    er = r * 0.42
    for side in (-1, 1):
        ex, ey = cx + side * r * 0.68, cy - r * 0.68
        draw.ellipse((ex - er, ey - er, ex + er, ey + er), fill=fill, outline=edge, width=2)
        ir = er * 0.45
        draw.ellipse((ex - ir, ey - ir, ex + ir, ey + ir), fill=theme.mix(fill, edge, 0.3))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    lettering.text(
        draw,
        (cx, cy + r * 0.08),
        LETTERS[colour],
        max(10, round(r * 1.15)),
        theme.ink_for(fill),
        anchor="mm",
        bold=True,
    )


def bears(draw: ImageDraw.ImageDraw, heads: Sequence[tuple[float, float, float, str, bool]]) -> None:
    """:func:`bear` at each (cx, cy, r, colour, faded): a bear draws over its own face only
    and bears never overlap, so each is a sprite per place and look
    (:func:`renderer.layers.sprites`)."""
    pieces: list[layers.Piece] = []
    for cx, cy, r, colour, faded in heads:
        box = (
            math.floor(cx - 1.15 * r) - 2,
            math.floor(cy - 1.15 * r) - 2,
            math.ceil(cx + 1.15 * r) + 2,
            math.ceil(cy + r) + 3,
        )
        pieces.append(
            (("polar-derby", "bear", cx, cy, r, colour, faded), box, _bear_paint(cx, cy, r, colour, faded))
        )
    layers.sprites(draw, pieces)


def _bear_paint(cx: float, cy: float, r: float, colour: str, faded: bool) -> layers.Paint:
    def paint(d: ImageDraw.ImageDraw) -> None:
        bear(d, cx, cy, r, colour, faded=faded)

    return paint


def padlock(draw: ImageDraw.ImageDraw, cx: float, cy: float, colour: RGB = theme.DANGER) -> None:
    """A small padlock (shackle and body) centred on (cx, cy): "locked"."""
    draw.arc((cx - 6, cy - 12, cx + 6, cy + 2), 180, 360, fill=colour, width=3)
    draw.line((cx - 6, cy - 5, cx - 6, cy - 1), fill=colour, width=3)
    draw.line((cx + 5, cy - 5, cx + 5, cy - 1), fill=colour, width=3)
    draw.rounded_rectangle((cx - 9, cy - 2, cx + 9, cy + 11), radius=3, fill=colour)
    draw.ellipse((cx - 2, cy + 2, cx + 2, cy + 6), fill=theme.WHITE)


def empty_slot(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.FAINT, width=2)


def die(draw: ImageDraw.ImageDraw, cx: float, cy: float, face: str | None, least: int = 0) -> None:
    """One die: its colour and letter; Free Skate is a white die with a star and "FREE" (a
    smaller size where a long word needs it, ``least`` px at least); ``None`` (not rolled yet)
    is a dashed-looking blank with "?"."""
    s = DIE_SIZE / 2
    box = (cx - s, cy - s, cx + s, cy + s)
    if face is None:
        draw.rounded_rectangle(box, radius=12, fill=theme.BACKGROUND, outline=theme.FAINT, width=3)
        lettering.text(draw, (cx, cy), "?", 32, theme.MUTED, anchor="mm")
        return
    if face == FREE:
        draw.rounded_rectangle(box, radius=12, fill=theme.WHITE, outline=theme.INK, width=3)
        drawing.polygon(
            draw, drawing.star_points(cx, cy - 7, 21, 0.48), fill=theme.HIGHLIGHT, outline=theme.INK, width=2
        )
        # Translators: the Free Skate face of a die, under its star (very short)
        free = told(say("FREE"))
        sizes = [size for size in FREE_SIZES if size >= least] or [least]
        size = lettering.largest_size(free, sizes, DIE_SIZE - 8, bold=True)
        lettering.text(
            draw, (cx, cy + s - 12), free, size, theme.INK, anchor="mm", bold=True, max_width=DIE_SIZE - 8
        )
        return
    fill = BEAR_RGB[face]
    draw.rounded_rectangle(box, radius=12, fill=fill, outline=theme.INK, width=3)
    lettering.text(draw, (cx, cy), LETTERS[face], 34, theme.ink_for(fill), anchor="mm", bold=True)


#: The sizes of the Free Skate face's word, largest first.
FREE_SIZES = (14, 12, 11)


def hatch(draw: ImageDraw.ImageDraw, box: theme.Box, colour: RGB, step: int = 14) -> None:
    """Diagonal stripes inside ``box`` (a locked lane): a pattern, not just a tint."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    x = x0 - h
    while x < x1:
        a = (max(x, x0), y0 + (max(x, x0) - x))
        b = (min(x + h, x1), y0 + (min(x + h, x1) - x))
        draw.line((a, b), fill=colour, width=3)
        x += step
