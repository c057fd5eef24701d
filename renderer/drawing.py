"""Shapes drawn with a pen: cards (panels), polygons clipped by a small mask, the players'
token shapes and tokens, hexes, the "last move" ring and small markers (cross, arrow, crown).

Shapes are drawn at 1x (no supersampling) with outlines that hide the jaggies: Pillow's
primitives are fast, anti-aliasing by supersampling is not.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games import hexgrid
from renderer.lettering import text
from renderer.pens import Layout, recording
from renderer.theme import (
    DANGER,
    GREYED,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    PANEL,
    PANEL_EDGE,
    RADIUS,
    RGB,
    RING_WIDTH,
    TOKEN_RADIUS,
    Box,
    Point,
    Shape,
    grey,
    ink_for,
    player,
)


def card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: RGB = PANEL,
    outline: RGB = PANEL_EDGE,
    *,
    radius: int = RADIUS,
    width: int = 2,
) -> None:
    """A rounded panel, the frame of each area of a board (recorded by
    :func:`renderer.pens.record_layout`)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    layout: Layout | None = getattr(recording, "layout", None)
    if layout is not None:
        layout.cards.append(box)


#: Per thread, by picture size: a cleared mode "1" picture that :func:`polygon` draws its
#: clipping masks on (and clears again where it drew).
_polygon_masks = threading.local()


def polygon(
    draw: ImageDraw.ImageDraw,
    xy: Sequence[Point],
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """``draw.polygon(xy, fill, outline, width)``, pixel for pixel, without its cost.

    For an outline wider than 1 px Pillow clips the outline to the polygon with a mask as large
    as the whole picture, made anew for every polygon (a third of Ice Team's drawing time went
    into these masks); this draws the same mask on a picture kept per thread and size and clears
    only the polygon's box afterwards.
    """
    if width <= 1 or outline is None or draw.im is None:
        draw.polygon(xy, fill=fill, outline=outline, width=width)
        return
    ink, fill_ink = draw._getink(outline, fill)
    if fill_ink is not None:
        draw.draw.draw_polygon(xy, fill_ink, 1)
    if ink is None or ink == fill_ink:
        return
    size = draw.im.size
    masks: dict[tuple[int, int], tuple[Image.Image, ImageDraw.ImageDraw]] | None = getattr(
        _polygon_masks, "by_size", None
    )
    if masks is None:
        masks = _polygon_masks.by_size = {}
    if size not in masks:
        if len(masks) >= 4:
            masks.clear()
        mask = Image.new("1", size)
        masks[size] = (mask, ImageDraw.Draw(mask))
    mask, mask_draw = masks[size]
    mask_draw.draw.draw_polygon(xy, mask_draw._getink(1)[0], 1)
    draw.draw.draw_polygon(xy, ink, 0, width * 2 - 1, mask.im)
    xs, ys = [p[0] for p in xy], [p[1] for p in xy]
    mask_draw.draw.draw_rectangle(
        (math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs)) + 2, math.ceil(max(ys)) + 2),
        mask_draw._getink(0)[0],
        1,
    )


def star_points(cx: float, cy: float, r: float, inner: float = 0.45, points: int = 5) -> list[Point]:
    """Corners of a star pointing up (``inner`` is the inner radius as a fraction of ``r``)."""
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.pi * i / points - math.pi / 2
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = 0.0) -> list[Point]:
    """Corners of a regular polygon; ``rotation`` in degrees, 0 puts a corner straight up."""
    return [
        (
            cx + r * math.cos(math.radians(rotation - 90 + 360 * i / sides)),
            cy + r * math.sin(math.radians(rotation - 90 + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def shape(
    draw: ImageDraw.ImageDraw,
    kind: Shape,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    outline: RGB = INK,
    width: int = 2,
) -> None:
    """A filled shape of "radius" ``r`` centred on (cx, cy); shapes are sized to look equal."""
    if kind == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif kind == "square":
        s = r * 0.88
        draw.rounded_rectangle(
            (cx - s, cy - s, cx + s, cy + s), radius=max(1, r / 5), fill=fill, outline=outline, width=width
        )
    elif kind == "triangle":
        polygon(
            draw, regular_polygon(cx, cy + r * 0.18, r * 1.25, 3), fill=fill, outline=outline, width=width
        )
    elif kind == "diamond":
        polygon(draw, regular_polygon(cx, cy, r * 1.15, 4), fill=fill, outline=outline, width=width)
    elif kind == "hexagon":
        polygon(draw, regular_polygon(cx, cy, r * 1.05, 6), fill=fill, outline=outline, width=width)
    else:
        polygon(draw, star_points(cx, cy, r * 1.3, 0.5), fill=fill, outline=outline, width=width)


def token(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    letter: str,
    *,
    kind: Shape = "circle",
    outline: RGB = INK,
    width: int = 2,
    least: int = 0,
) -> None:
    """A coloured shape with a letter in it (``least`` px tall at least): the basic "colour plus
    letter" piece."""
    shape(draw, kind, cx, cy, r, fill, outline, width)
    size = max(10, least, round(r * (1.1 if kind in ("circle", "square", "hexagon") else 0.95)))
    ty = cy + (r * 0.25 if kind == "triangle" else 0)
    text(draw, (cx, ty), letter, size, ink_for(fill), anchor="mm", bold=True)


def player_token(
    draw: ImageDraw.ImageDraw,
    seat: int,
    cx: float,
    cy: float,
    r: float = TOKEN_RADIUS,
    *,
    out: bool = False,
    label: str | None = None,
    least: int = 0,
) -> None:
    """Seat's piece: its shape, in its colour, with its letter (greyed when ``out``; ``least``
    px tall at least).

    ``label`` replaces the letter where letters mean something else on the board (Polar Derby's
    bears are lettered by colour, so its players carry their numbers).
    """
    p = player(seat)
    fill = grey(p.rgb) if out else p.rgb
    token(
        draw,
        cx,
        cy,
        r,
        fill,
        p.letter if label is None else label,
        kind=p.shape,
        outline=GREYED if out else INK,
        least=least,
    )


def hex_polygon(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    size: float,
    fill: RGB | None = None,
    outline: RGB | None = INK,
    width: int = 1,
) -> list[Point]:
    """A flat-top hex of circumradius ``size`` around a pixel centre; returns its corners.

    Place hexes with :func:`hex_center` (``games.hexgrid.center`` plus an origin) so every hex
    game lays out the same way.
    """
    pts = _hex_corners(cx, cy, size)
    polygon(draw, pts, fill=fill, outline=outline, width=width)
    return list(pts)


@functools.lru_cache(maxsize=4096)
def _hex_corners(cx: float, cy: float, size: float) -> tuple[Point, ...]:
    """``hexgrid.corners`` remembered: a board draws its hexes at the same places every move."""
    return tuple(hexgrid.corners(cx, cy, size))


def hex_center(h: hexgrid.Hex, size: float, origin: Point) -> Point:
    """Pixel centre of ``h`` with hex (0, 0) at ``origin``."""
    x, y = hexgrid.center(h, size)
    return origin[0] + x, origin[1] + y


def highlight_ring(
    draw: ImageDraw.ImageDraw,
    cx: float,
    cy: float,
    r: float,
    *,
    width: int = RING_WIDTH,
    hexagonal: bool = False,
) -> None:
    """The "last move" mark: a yellow ring with dark edges around a piece or (``hexagonal``) a hex.

    The dark edges keep it visible on yellow or white; a renderer draws it after the piece.
    """
    if hexagonal:
        for rr, col, w in (
            (r + width, HIGHLIGHT_EDGE, 1),
            (r, HIGHLIGHT, width),
            (r - width, HIGHLIGHT_EDGE, 1),
        ):
            pts = hexgrid.corners(cx, cy, rr)
            draw.line([*pts, pts[0]], fill=col, width=w, joint="curve")
        return
    draw.ellipse(
        (cx - r - width, cy - r - width, cx + r + width, cy + r + width), outline=HIGHLIGHT_EDGE, width=1
    )
    draw.ellipse(
        (cx - r - width + 1, cy - r - width + 1, cx + r + width - 1, cy + r + width - 1),
        outline=HIGHLIGHT,
        width=width - 1,
    )
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=HIGHLIGHT_EDGE, width=1)


def cross(draw: ImageDraw.ImageDraw, box: Box, fill: RGB = DANGER, width: int = 4) -> None:
    """An X across ``box``: "locked", "not available" (always with a word nearby)."""
    draw.line((box[0], box[1], box[2], box[3]), fill=fill, width=width)
    draw.line((box[0], box[3], box[2], box[1]), fill=fill, width=width)


def arrow_marker(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB = INK) -> None:
    """A right-pointing triangle: "this player is awaited" (the font has no arrow glyph)."""
    polygon(draw, [(cx - r * 0.7, cy - r), (cx + r, cy), (cx - r * 0.7, cy + r)], fill=fill)


def crown(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB = HIGHLIGHT) -> None:
    """A small crown: "winner"."""
    pts = [
        (cx - r, cy + r * 0.7),
        (cx - r, cy - r * 0.5),
        (cx - r * 0.5, cy + r * 0.05),
        (cx, cy - r * 0.8),
        (cx + r * 0.5, cy + r * 0.05),
        (cx + r, cy - r * 0.5),
        (cx + r, cy + r * 0.7),
    ]
    polygon(draw, pts, fill=fill, outline=INK, width=2)
