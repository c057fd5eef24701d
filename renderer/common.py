"""Shared drawing helpers for every board renderer: palette, fonts, text, hexes, legend, encoding.

Every ``renderer/<game>.py`` builds its picture with these helpers so that all five boards look
like one family and keep these design rules:

* **Colour is never the only signal.** Each player colour comes with a letter *and* a shape
  (:data:`PLAYER_COLOURS`, :func:`player_token`); game colours that matter (bear colours, tile
  kinds) should likewise carry a letter. The palette is Okabe-Ito, which stays distinguishable
  for the common colour-vision deficiencies.
* **Fonts.** Only Pillow's bundled scalable font (``ImageFont.load_default(size=...)``, Aileron
  Regular) is used, never a font file of one machine. It covers printable ASCII plus a handful of
  symbols, *not* accented letters or emoji: pass player names through :func:`printable` (the
  text helpers here do it for you) and draw symbols (arrows, stars, crowns) as shapes, not
  glyphs. There is one weight; :func:`text` fakes bold by drawing twice.
* **Pure and fast.** Nothing here keeps state except a per-thread font cache. A whole board
  (draw + :func:`to_png`) should stay under 50 ms: Pillow's primitives are fast, anti-aliasing
  by supersampling is not, so shapes are drawn at 1x with outlines that hide the jaggies.

Coordinates are pixels, ``box`` is ``(left, top, right, bottom)``.
"""

from __future__ import annotations

import io
import math
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from games import hexgrid

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
Anchor = Literal["la", "lm", "ls", "ma", "mm", "ms", "ra", "rm", "rs", "lt", "mt", "rt", "lb", "mb", "rb"]

# --------------------------------------------------------------------------- layout constants

#: Width most boards aim for: Discord's inline preview is about 800-1000 px wide.
TARGET_WIDTH = 960
#: Outer margin of a picture and the gap between its parts.
MARGIN = 20
GAP = 14
#: Width of the side panel drawn by :func:`legend` (boards put it on the right).
PANEL_WIDTH = 300
#: Inner padding of panels and cards.
PAD = 12
#: Corner radius of panels and cards.
RADIUS = 12
#: Font sizes, readable once Discord scales a 960 px picture down to its preview.
TITLE_SIZE = 26
HEADING_SIZE = 20
TEXT_SIZE = 17
SMALL_SIZE = 14
#: One player row of the legend, and the radius of its player token.
ROW_HEIGHT = 44
TOKEN_RADIUS = 13
#: Width of the "last move" ring.
RING_WIDTH = 4

# --------------------------------------------------------------------------- palette

#: Okabe-Ito, the colour-blind-safe palette (Okabe & Ito 2008).
OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish purple": (204, 121, 167),
}

#: The picture's neutral colours: a light icy background, white cards, dark navy ink.
BACKGROUND: RGB = (232, 241, 248)
PANEL: RGB = (255, 255, 255)
PANEL_EDGE: RGB = (176, 196, 214)
INK: RGB = (28, 39, 64)
MUTED: RGB = (108, 122, 142)
FAINT: RGB = (200, 210, 222)
#: Greyed-out players and pieces (retired, out of the game).
GREYED: RGB = (168, 174, 182)
#: The "last move" highlight: yellow with a dark edge reads on light and dark backgrounds.
HIGHLIGHT: RGB = OKABE_ITO["yellow"]
HIGHLIGHT_EDGE: RGB = INK
#: Good / bad accents (win, danger); never used alone, always with a word or symbol.
GOOD: RGB = OKABE_ITO["bluish green"]
DANGER: RGB = OKABE_ITO["vermillion"]
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

Shape = Literal["circle", "square", "triangle", "diamond", "hexagon", "star"]


class PlayerColour(NamedTuple):
    """One player's colour, with the letter and shape that say the same thing without colour."""

    name: str
    rgb: RGB
    letter: str
    shape: Shape


#: Seat k plays ``PLAYER_COLOURS[k]`` (up to six players). Letters are the colour initials.
PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("blue", OKABE_ITO["blue"], "B", "circle"),
    PlayerColour("orange", OKABE_ITO["orange"], "O", "square"),
    PlayerColour("green", OKABE_ITO["bluish green"], "G", "triangle"),
    PlayerColour("purple", OKABE_ITO["reddish purple"], "P", "diamond"),
    PlayerColour("red", OKABE_ITO["vermillion"], "R", "hexagon"),
    PlayerColour("yellow", OKABE_ITO["yellow"], "Y", "star"),
)

#: Board surfaces shared by the ice games; a renderer may add its own keys with ``TERRAIN | {...}``.
TERRAIN: dict[str, RGB] = {
    "ice": (214, 236, 248),
    "thin ice": (174, 214, 238),
    "snow": (248, 251, 253),
    "water": (64, 132, 190),
    "deep water": (30, 84, 140),
    "rock": (150, 142, 132),
    "hole": (22, 48, 84),
    "start": (196, 232, 214),
    "finish": (252, 236, 180),
}


def player(seat: int) -> PlayerColour:
    """The colour of ``seat`` (wraps past six, which no game allows)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` (0..1) towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float = 0.6) -> RGB:
    return mix(c, WHITE, t)


def darken(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, BLACK, t)


def grey(c: RGB, t: float = 0.75) -> RGB:
    """A faded, desaturated version of ``c``, for retired players and unavailable things."""
    g = round(0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2])
    return mix(mix(c, (g, g, g), t), WHITE, 0.35)


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def ink_for(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill`` (for letters on tokens)."""
    return BLACK if luminance(fill) > 0.22 else WHITE


# --------------------------------------------------------------------------- fonts and text

_fonts = threading.local()


def font(size: int) -> Font:
    """Pillow's bundled scalable font at ``size`` px, cached per thread.

    The cache is per thread because a FreeType face must not be used by two threads at once,
    and the bot renders in worker threads.
    """
    cache: dict[int, Font] | None = getattr(_fonts, "cache", None)
    if cache is None:
        cache = _fonts.cache = {}
    f = cache.get(size)
    if f is None:
        f = cache[size] = ImageFont.load_default(size=size)
    return f


#: Characters the bundled font draws (found by comparing each glyph with the missing-glyph box).
FONT_CHARS = frozenset(chr(c) for c in range(32, 127)) | frozenset("©«°±´·»‘’“”…‹›")
_REPLACEMENTS = {"–": "-", "—": "-", "×": "x", "→": "->", "←": "<-", "•": "·", "\u00a0": " "}


def printable(text: str) -> str:
    """``text`` with only characters the bundled font can draw.

    Accents are dropped ("José" -> "Jose"), a few symbols get ASCII stand-ins, and anything else
    (emoji, other scripts) is removed; an all-removed name becomes "?".
    """
    out = []
    for ch in text:
        if ch in FONT_CHARS:
            out.append(ch)
        elif ch in _REPLACEMENTS:
            out.append(_REPLACEMENTS[ch])
        else:
            base = unicodedata.normalize("NFKD", ch)
            out.extend(c for c in base if c in FONT_CHARS)
    result = "".join(out).strip()
    return result if result or not text.strip() else "?"


def text_width(s: str, size: int) -> float:
    return font(size).getlength(printable(s))


def fit(s: str, size: int, max_width: float) -> str:
    """``s`` made printable and shortened with "…" until it fits ``max_width`` px."""
    s = printable(s)
    f = font(size)
    if f.getlength(s) <= max_width:
        return s
    while s and f.getlength(s + "…") > max_width:
        s = s[:-1]
    return s.rstrip() + "…"


def text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    size: int = TEXT_SIZE,
    fill: RGB = INK,
    *,
    anchor: Anchor = "la",
    bold: bool = False,
    max_width: float | None = None,
) -> float:
    """Draw one line of text; returns its width. ``anchor`` is Pillow's (``"mm"`` = centred).

    ``bold`` draws twice, one pixel apart (the bundled font has one weight); ``max_width`` shortens the
    text with "…" to fit.
    """
    s = fit(s, size, max_width) if max_width is not None else printable(s)
    f = font(size)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)
    if bold:  # one weight only: a second pass one pixel to the right reads as bold
        draw.text((xy[0] + 1, xy[1]), s, font=f, fill=fill, anchor=anchor)
    return f.getlength(s) + (1 if bold else 0)


def centered(
    draw: ImageDraw.ImageDraw, box: Box, s: str, size: int = TEXT_SIZE, fill: RGB = INK, *, bold: bool = False
) -> None:
    """Text centred in ``box`` (both ways)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    text(draw, (cx, cy), s, size, fill, anchor="mm", bold=bold, max_width=box[2] - box[0])


def halo_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    size: int = TEXT_SIZE,
    fill: RGB = INK,
    halo: RGB | None = None,
    *,
    anchor: Anchor = "mm",
    width: int = 3,
) -> None:
    """Text with an outline (halo) so it reads on any background: labels over a busy board.

    The halo defaults to white for dark text and black for light text.
    """
    halo = halo if halo is not None else ink_for(fill)
    draw.text(
        xy, printable(s), font=font(size), fill=fill, anchor=anchor, stroke_width=width, stroke_fill=halo
    )


# --------------------------------------------------------------------------- canvas and shapes


def canvas(w: int, h: int, background: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new RGB picture filled with ``background`` and a drawing context on it."""
    img = Image.new("RGB", (int(w), int(h)), background)
    return img, ImageDraw.Draw(img)


def card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: RGB = PANEL,
    outline: RGB = PANEL_EDGE,
    *,
    radius: int = RADIUS,
    width: int = 2,
) -> None:
    """A rounded panel, the frame of each area of a board."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


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
        draw.polygon(regular_polygon(cx, cy + r * 0.18, r * 1.25, 3), fill=fill, outline=outline, width=width)
    elif kind == "diamond":
        draw.polygon(regular_polygon(cx, cy, r * 1.15, 4), fill=fill, outline=outline, width=width)
    elif kind == "hexagon":
        draw.polygon(regular_polygon(cx, cy, r * 1.05, 6), fill=fill, outline=outline, width=width)
    else:
        draw.polygon(star_points(cx, cy, r * 1.3, 0.5), fill=fill, outline=outline, width=width)


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
) -> None:
    """A coloured shape with a letter in it: the basic "colour plus letter" piece."""
    shape(draw, kind, cx, cy, r, fill, outline, width)
    size = max(10, round(r * (1.1 if kind in ("circle", "square", "hexagon") else 0.95)))
    ty = cy + (r * 0.25 if kind == "triangle" else 0)
    text(draw, (cx, ty), letter, size, ink_for(fill), anchor="mm", bold=True)


def player_token(
    draw: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, r: float = TOKEN_RADIUS, *, out: bool = False
) -> None:
    """Seat's piece: its shape, in its colour, with its letter (greyed when ``out``)."""
    p = player(seat)
    fill = grey(p.rgb) if out else p.rgb
    token(draw, cx, cy, r, fill, p.letter, kind=p.shape, outline=GREYED if out else INK)


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
    pts = hexgrid.corners(cx, cy, size)
    draw.polygon(pts, fill=fill, outline=outline, width=width)
    return pts


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
    draw.polygon([(cx - r * 0.7, cy - r), (cx + r, cy), (cx - r * 0.7, cy + r)], fill=fill)


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
    draw.polygon(pts, fill=fill, outline=INK, width=2)


# --------------------------------------------------------------------------- legend


@dataclass(frozen=True)
class LegendRow:
    """One player in the legend.

    ``score`` is right-aligned (points, "12 pts", "3 cards"); ``detail`` is a small second line
    (hand counts, "at risk: 3"). ``awaited`` draws an arrow, ``winner`` a crown, ``out`` greys
    the row, strikes the name and adds ``out_label`` ("out", "left", "sunk").
    """

    seat: int
    name: str
    score: str = ""
    detail: str = ""
    awaited: bool = False
    winner: bool = False
    out: bool = False
    out_label: str = "out"


def default_names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


def status_line(rows: Sequence[LegendRow]) -> str:
    """ "Turn: Ann", "Waiting for: Ann, Bob", "Winner: Ann", "Winners: ..." or "Game over"."""
    winners = [r.name for r in rows if r.winner]
    awaited = [r.name for r in rows if r.awaited]
    if awaited:
        return ("Turn: " if len(awaited) == 1 else "Waiting for: ") + ", ".join(awaited)
    if winners:
        return ("Winner: " if len(winners) == 1 else "Winners: ") + ", ".join(winners)
    return "Game over"


def legend_height(rows: Sequence[LegendRow], footer: Sequence[str] = ()) -> int:
    """The height :func:`legend` needs for these rows and footer lines."""
    h = PAD + TITLE_SIZE + 8 + HEADING_SIZE + 14
    h += sum(ROW_HEIGHT + (SMALL_SIZE + 2 if r.detail else 0) for r in rows)
    if footer:
        h += 10 + len(footer) * (SMALL_SIZE + 6)
    return h + PAD


def legend(
    draw: ImageDraw.ImageDraw,
    box: Box,
    title: str,
    rows: Sequence[LegendRow],
    footer: Sequence[str] = (),
    *,
    status: str | None = None,
) -> float:
    """The side panel: title, whose turn (``status``, else :func:`status_line`), one row per
    player, then small footer lines (tiles left, options). Returns the bottom y of the content.

    The panel is drawn as a card filling ``box``; rows are not clipped, so size ``box`` with
    :func:`legend_height`.
    """
    left, top, right, _bottom = box
    card(draw, box)
    x, y = left + PAD, top + PAD
    inner = right - left - 2 * PAD
    text(draw, (x, y), title, TITLE_SIZE, INK, bold=True, max_width=inner)
    y += TITLE_SIZE + 8
    status = status if status is not None else status_line(rows)
    over = not any(r.awaited for r in rows)
    text(
        draw,
        (x, y),
        status,
        HEADING_SIZE,
        GOOD if over and any(r.winner for r in rows) else INK,
        max_width=inner,
    )
    y += HEADING_SIZE + 8
    draw.line((x, y, right - PAD, y), fill=FAINT, width=2)
    y += 6
    for row in rows:
        h = ROW_HEIGHT + (SMALL_SIZE + 2 if row.detail else 0)
        if row.awaited:
            draw.rounded_rectangle(
                (left + 4, y + 2, right - 4, y + h - 2),
                radius=8,
                fill=lighten(HIGHLIGHT, 0.55),
                outline=HIGHLIGHT_EDGE,
            )
        mid = y + ROW_HEIGHT / 2
        if row.awaited:
            arrow_marker(draw, x + 5, mid, 7)
        elif row.winner:
            crown(draw, x + 6, mid, 9)
        player_token(draw, row.seat, x + 14 + TOKEN_RADIUS + 6, mid, out=row.out)
        name_x = x + 14 + 2 * TOKEN_RADIUS + 16
        score_w = text_width(row.score, HEADING_SIZE) if row.score else 0
        colour = GREYED if row.out else INK
        name = printable(row.name) + (f" ({row.out_label})" if row.out else "")
        w = text(
            draw,
            (name_x, mid),
            name,
            TEXT_SIZE,
            colour,
            anchor="lm",
            bold=row.awaited or row.winner,
            max_width=right - PAD - name_x - score_w - 8,
        )
        if row.out:
            draw.line((name_x, mid + 1, name_x + w, mid + 1), fill=GREYED, width=2)
        if row.score:
            text(draw, (right - PAD, mid), row.score, HEADING_SIZE, colour, anchor="rm", bold=not row.out)
        if row.detail:
            text(
                draw,
                (name_x, y + ROW_HEIGHT - 6),
                row.detail,
                SMALL_SIZE,
                GREYED if row.out else MUTED,
                anchor="la",
                max_width=right - PAD - name_x,
            )
        y += h
    if footer:
        y += 4
        draw.line((x, y, right - PAD, y), fill=FAINT, width=2)
        y += 6
        for line in footer:
            text(draw, (x, y), line, SMALL_SIZE, MUTED, max_width=inner)
            y += SMALL_SIZE + 6
    return y


# --------------------------------------------------------------------------- encoding

#: Discord's upload limit for a bot without boosts.
DISCORD_LIMIT = 10 * 1024 * 1024
#: zlib level for PNGs: 1-3 are several times faster than 9 and only a little larger for flat
#: board pictures; ``optimize`` (level 9 plus filter search) costs ~100 ms and is never used.
PNG_COMPRESS_LEVEL = 3


def to_png(img: Image.Image) -> bytes:
    """PNG bytes of ``img``, encoded for speed (see :data:`PNG_COMPRESS_LEVEL`)."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def _encode_gif(frames: Sequence[Image.Image], durations: Sequence[int]) -> bytes:
    # One adaptive palette from the first frame keeps colours steady between frames (no flicker)
    # and quantising against a fixed palette is fast.
    first = frames[0].convert("RGB").quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    pal = [first] + [f.convert("RGB").quantize(palette=first, dither=Image.Dither.NONE) for f in frames[1:]]
    buf = io.BytesIO()
    pal[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=pal[1:],
        duration=list(durations) if len(durations) > 1 else durations[0],
        loop=0,
        optimize=False,
        disposal=1,
    )
    return buf.getvalue()


def to_gif(frames: Sequence[Image.Image], duration_ms: int = 600, *, limit: int = DISCORD_LIMIT) -> bytes:
    """An animated, looping GIF of ``frames`` (each shown ``duration_ms``), under ``limit`` bytes.

    All frames share one palette (quantised from the first frame; draw the richest frame first
    if colours differ). When the file is too large, frames are scaled down (to 3/4, then 1/2),
    then every other frame is dropped (doubling the duration so the animation keeps its length);
    the last frame is always kept because it is the position the animation arrives at.
    """
    if not frames:
        raise ValueError("to_gif needs at least one frame")
    current = list(frames)
    durations = [duration_ms] * len(current)
    for scale in (1.0, 0.75, 0.5):
        if scale != 1.0:
            current = [
                f.resize(
                    (max(1, round(f.width * scale)), max(1, round(f.height * scale))),
                    Image.Resampling.BILINEAR,
                )
                for f in frames
            ]
        data = _encode_gif(current, durations)
        if len(data) <= limit:
            return data
    while len(current) > 2:
        # Merge each pair into its first frame (keeping the total length); keep the last frame.
        kept, kept_durations = [], []
        for i in range(0, len(current) - 1, 2):
            kept.append(current[i])
            kept_durations.append(durations[i] + (durations[i + 1] if i + 1 < len(current) - 1 else 0))
        current, durations = [*kept, current[-1]], [*kept_durations, durations[-1]]
        data = _encode_gif(current, durations)
        if len(data) <= limit:
            return data
    data = _encode_gif(current[-1:], [duration_ms])
    if len(data) > limit:
        raise ValueError("even one frame of this picture is larger than the upload limit")
    return data
