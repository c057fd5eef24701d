"""Text on a board: the shipped fonts, what they can draw, player names, measuring, shortening
(:func:`fit`) and wrapping (:func:`wrap`), and drawing lines of text (:func:`text`,
:func:`halo_text`, ...) with each rasterised line's mask remembered.

**Fonts.** DejaVu Sans and DejaVu Sans Bold, shipped in ``renderer/fonts`` (with their
licence), never a font of one machine. They draw Latin, Greek, Cyrillic and most symbols;
text goes through :func:`printable` (the text helpers here do it for you), which drops what
the font cannot draw (CJK, emoji, scripts that need shaping), and player names through
:func:`display_name`, which falls back to "Player k" when nothing of a name is drawable.
Long text is shortened by :func:`fit` (a logarithmic number of measurements) or broken into
lines by :func:`wrap`.

**Pillow's text blending, done here.** Each line of text is rasterised once and its mask reused
(:func:`text`; pixel for pixel Pillow's ``draw.text``, a line of new words is joined from the
masks of words already drawn); on a :class:`renderer.pens.Pen` the colours its edges blend
into are noted in the picture's inks.
"""

from __future__ import annotations

import functools
import itertools
import math
import struct
import threading
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PIL import ImageDraw, ImageFont, _imaging

from renderer.pens import DrawnText, Inks, Layout, Pen, recording
from renderer.theme import INK, RGB, TEXT_SIZE, Box, Point, ink_for

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore


Anchor = Literal["la", "lm", "ls", "ma", "mm", "ms", "ra", "rm", "rs", "lt", "mt", "rt", "lb", "mb", "rb"]


#: The fonts shipped with the package (DejaVu Sans; licence in ``renderer/fonts/LICENSE``).
FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {False: FONT_DIR / "DejaVuSans.ttf", True: FONT_DIR / "DejaVuSans-Bold.ttf"}

_fonts = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (``bold``: DejaVu Sans Bold) at ``size`` px, cached per thread.

    The cache is per thread because a FreeType face must not be used by two threads at once,
    and the bot renders in worker threads. The layout engine is Pillow's basic one on every
    machine (with or without libraqm), so a board is drawn and measured the same everywhere;
    :func:`drawable` therefore leaves out scripts that need shaping or right-to-left order.
    """
    cache: dict[tuple[int, bool], ImageFont.FreeTypeFont] | None = getattr(_fonts, "cache", None)
    if cache is None:
        cache = _fonts.cache = {}
    f = cache.get((size, bold))
    if f is None:
        f = cache[(size, bold)] = ImageFont.truetype(
            str(FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC
        )
    return f


def _cmap(path: Path) -> frozenset[int]:
    """The code points a TrueType font maps to glyphs (its Unicode ``cmap``: format 12 or 4)."""
    data = path.read_bytes()
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack(">I", data[20 + 16 * i : 24 + 16 * i])[0]
        for i in range(struct.unpack(">H", data[4:6])[0])
    }
    cmap = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack(">H", data[cmap + 2 : cmap + 4])[0]):
        platform, encoding, offset = struct.unpack(">HHI", data[cmap + 4 + 8 * i : cmap + 12 + 8 * i])
        subtables[(platform, encoding)] = cmap + offset
    points: set[int] = set()
    if (3, 10) in subtables:  # format 12: groups of (first, last, glyph)
        at = subtables[(3, 10)]
        for g in range(struct.unpack(">I", data[at + 12 : at + 16])[0]):
            first, last, _glyph = struct.unpack(">III", data[at + 16 + 12 * g : at + 28 + 12 * g])
            points.update(range(first, last + 1))
        return frozenset(points)
    at = subtables[(3, 1)]  # format 4: segments; glyph 0 means "missing"
    segs = struct.unpack(">H", data[at + 6 : at + 8])[0] // 2
    ends = struct.unpack(f">{segs}H", data[at + 14 : at + 14 + 2 * segs])
    starts = struct.unpack(f">{segs}H", data[at + 16 + 2 * segs : at + 16 + 4 * segs])
    deltas = struct.unpack(f">{segs}h", data[at + 16 + 4 * segs : at + 16 + 6 * segs])
    range_at = at + 16 + 6 * segs
    offsets = struct.unpack(f">{segs}H", data[range_at : range_at + 2 * segs])
    for k in range(segs):
        for cp in range(starts[k], ends[k] + 1):
            if cp == 0xFFFF:
                continue
            if offsets[k] == 0:
                glyph = (cp + deltas[k]) & 0xFFFF
            else:
                where = range_at + 2 * k + offsets[k] + 2 * (cp - starts[k])
                glyph = struct.unpack(">H", data[where : where + 2])[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                points.add(cp)
    return frozenset(points)


@functools.cache
def font_chars() -> frozenset[int]:
    """Code points both shipped fonts draw (read once from their ``cmap`` tables)."""
    return _cmap(FONT_FILES[False]) & _cmap(FONT_FILES[True])


#: Unicode categories never drawn: marks left over after composition (they would stack), format
#: and control characters (zero-width joiners, direction overrides), private use, surrogates.
_NEVER_DRAWN = frozenset({"Mn", "Me", "Cf", "Cc", "Co", "Cs", "Zl", "Zp"})
#: Right-to-left and joining scripts need shaping and reordering the basic layout does not do.
_NEEDS_SHAPING = frozenset({"R", "AL", "AN", "NSM"})


@functools.lru_cache(maxsize=4096)
def drawable(ch: str) -> bool:
    """Whether the shipped font draws ``ch`` as it is meant to be read.

    True for Latin, Greek, Cyrillic, Armenian, Georgian, most symbols and punctuation; false
    for what the font lacks (CJK, emoji, most Indic scripts) and for Hebrew and Arabic, which it
    has but which read correctly only with shaping and right-to-left order.
    """
    return (
        ord(ch) in font_chars()
        and unicodedata.category(ch) not in _NEVER_DRAWN
        and unicodedata.bidirectional(ch) not in _NEEDS_SHAPING
    )


def printable(text: str) -> str:
    """``text`` with only characters the shipped font draws.

    Text is composed first (NFC, so "Zoe" + combining diaeresis is "Zoë"); a character the font
    lacks is replaced by its compatibility decomposition when that is drawable (full-width
    "Ａ" -> "A"), otherwise dropped; runs of spaces become one space. An all-removed text
    becomes "?". Player names go through :func:`display_name` instead, which falls back to the
    seat.
    """
    if text.isascii() and text.isprintable():  # the common case: every character is drawn
        return " ".join(text.split())
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        if ch.isspace():
            ch = " "
        if drawable(ch):
            if not (ch == " " and out and out[-1] == " "):
                out.append(ch)
            continue
        out.extend(c for c in unicodedata.normalize("NFKD", ch) if drawable(c) and not c.isspace())
    result = "".join(out).strip()
    return result if result or not text.strip() else "?"


def display_name(name: str, seat: int) -> str:
    """A player's name as the board shows it: the drawable part of ``name``, or "Player k".

    "Zoë", "Ωmega" and "Дмитрий" are drawn as they are; "🐧 Pingu" shows its drawable part,
    "Pingu". A name with no drawable letter or digit ("小明", "🐧🐧") becomes "Player k", the
    seat's number as the notation and the legend use it (the legend's token beside the name
    still shows the seat's colour, shape and letter).
    """
    shown = printable(name)
    if len(shown) > NAME_LIMIT:  # no board has room for more; later trimming stays cheap
        shown = shown[:NAME_LIMIT].rstrip() + ELLIPSIS
    return shown if any(ch.isalnum() for ch in shown) else f"Player {seat + 1}"


#: Characters of a name kept at most (a 960 px board holds fewer even in its narrowest glyphs).
NAME_LIMIT = 300
ELLIPSIS = "…"


def display_names(names: Sequence[str]) -> list[str]:
    """:func:`display_name` of each seat's name."""
    return [display_name(n, seat) for seat, n in enumerate(names)]


#: Advance widths already measured, by (font file, size, text): a board measures the same
#: labels, names and wrapped lines move after move. Cleared when it grows past ``_WIDTHS_MAX``.
_widths: dict[tuple[str, int, str], float] = {}
_WIDTHS_MAX = 20_000


def _measure(f: ImageFont.FreeTypeFont, s: str) -> float:
    """The advance width of ``s`` in ``f``: every measurement of :func:`fit` goes through here
    (remembered: a width depends only on the font, its size and the text)."""
    key = (str(f.path), int(f.size), s)
    width = _widths.get(key)
    if width is None:
        if len(_widths) >= _WIDTHS_MAX:
            _widths.clear()
        width = _widths[key] = f.getlength(s)
    return width


#: Texts up to this length are measured whole first (the usual case: one measurement).
SHORT_TEXT = 64


def text_width(s: str, size: int, bold: bool = False) -> float:
    return _measure(font(size, bold), printable(s))


def fit(s: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """``s`` made printable and shortened with "…" until it fits ``max_width`` px.

    A logarithmic number of measurements whatever the length (a 10,000-character name costs
    about 30, not 10,000): prefixes of doubling length find an upper bound, then a binary
    search finds the longest prefix that fits with the ellipsis.
    """
    s = printable(s)
    f = font(size, bold)
    if len(s) <= SHORT_TEXT and _measure(f, s) <= max_width:
        return s
    if len(s) > SHORT_TEXT:  # long: measure growing prefixes, never the whole text at once
        k = SHORT_TEXT
        while k < len(s) and _measure(f, s[:k]) <= max_width:
            k *= 2
        if k >= len(s) and _measure(f, s) <= max_width:
            return s

    def fits(k: int) -> bool:
        return _measure(f, s[:k].rstrip() + ELLIPSIS) <= max_width

    lo, hi = 0, 8  # fits(lo) is assumed (an ellipsis alone may overflow a tiny box), fits(hi) unknown
    while hi < len(s) and fits(hi):
        lo, hi = hi, hi * 2
    hi = min(hi, len(s))  # the whole text does not fit: the answer is below len(s)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return s[:lo].rstrip() + ELLIPSIS


def fit_apart(
    names: Sequence[str], size: int, widths: Sequence[float], *, bold: Sequence[bool] = ()
) -> list[str]:
    """Each of ``names`` :func:`fit` to its width, except where two would then look alike (cut
    before what tells them apart, as "Floe (norm…" and "Floe (normal…"): such a name is cut in
    the middle instead, keeping the end that differs ("Floe (n…al) 2"), so no two seats read
    the same. Names that fit, or differ before the cut, come out as :func:`fit` gives them."""
    plain = [printable(n) for n in names]
    heavy = [bool(bold[i]) if i < len(bold) else False for i in range(len(names))]
    fitted = [fit(n, size, widths[i], bold=heavy[i]) for i, n in enumerate(plain)]
    out = list(fitted)
    for i, shown in enumerate(fitted):
        if not shown.endswith(ELLIPSIS):
            continue
        seen = shown[: -len(ELLIPSIS)].rstrip()
        alike = [o for j, o in enumerate(plain) if j != i and o != plain[i] and o.startswith(seen)]
        if alike:
            tail = max(_common_suffix(plain[i], o) for o in alike) + 1
            out[i] = _cut_in_the_middle(
                plain[i], size, widths[i], heavy[i], min(len(plain[i]) - 1, max(3, tail))
            )
    return out


def fit_name_in(
    before: str,
    name: str,
    after: str,
    size: int,
    max_width: float,
    *,
    bold: bool = False,
    apart: Sequence[str] = (),
) -> str:
    """``before + name + after`` in ``max_width`` px, the name cut (never the words around it:
    "AT RISK: Bartholo…", "Last move: Maximiliana W…'s bear 4, C3 > D2"), and kept apart from
    the names of ``apart`` as :func:`fit_apart` keeps them."""
    room = max_width - _measure(font(size, bold), printable(before + after))
    while True:
        names = [name, *(n for n in apart if n != name)]
        shown = fit_apart(names, size, [room] * len(names), bold=[bold] * len(names))[0]
        line = printable(before + shown + after)
        if _measure(font(size, bold), line) <= max_width or room <= 0:
            return line
        room -= 1  # kerning across the joins


def _common_suffix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _cut_in_the_middle(s: str, size: int, max_width: float, bold: bool, tail: int) -> str:
    """``s`` as its longest start, "…" and its last ``tail`` characters that fit ``max_width``."""
    f = font(size, bold)
    end = s[len(s) - tail :]
    head = 0
    while head < len(s) - tail and _measure(f, s[: head + 1].rstrip() + ELLIPSIS + end) <= max_width:
        head += 1
    return s[:head].rstrip() + ELLIPSIS + end if head else fit(s, size, max_width, bold=bold)


def wrap(s: str, size: int, max_width: float, *, bold: bool = False, max_lines: int = 3) -> list[str]:
    """``s`` broken at spaces into lines of at most ``max_width`` px (at most ``max_lines``;
    the last one shortened with "…" when text is left over). A word wider than a line is
    shortened with "…" on a line of its own."""
    f = font(size, bold)
    words = printable(s).split(" ")
    lines: list[str] = []
    line = ""
    for k, word in enumerate(words):
        candidate = f"{line} {word}" if line else word
        if _measure(f, candidate) <= max_width:
            line = candidate
            continue
        if line and len(lines) == max_lines - 1:  # the last line: shorten what is left
            return [*lines, fit(" ".join([line, *words[k:]]), size, max_width, bold=bold)]
        if line:
            lines.append(line)
        line = word if _measure(f, word) <= max_width else fit(word, size, max_width, bold=bold)
    return [*lines, line] if line or not lines else lines


#: Rasterised text already drawn, by (font file, size, text, anchor, stroke, sub-pixel start):
#: FreeType's mask and its offset from the integer start. A board draws the same labels, names
#: and numbers move after move, and rasterising them was most of a board's drawing time.
#: Cleared when it grows past ``_MASKS_MAX`` (a mask is a few KiB).
_masks: dict[tuple[object, ...], tuple[ImagingCore, tuple[int, int]]] = {}
_MASKS_MAX = 4096


def _draw_line(
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
    at the integer part; the mask depends only on the key of :data:`_masks`, so a remembered
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
        mask, offset = _mask(f, s, anchor, width, start)
        ink = draw._getink(colour)[0]
        at = (int(x) + offset[0], int(y) + offset[1])
        if isinstance(draw, Pen) and draw.inks is not None:
            grounds |= _grounds(draw, draw.inks, at, mask.size, along=width > 0)
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


def _mask(
    f: ImageFont.FreeTypeFont, s: str, anchor: str, stroke: int, start: tuple[float, float]
) -> tuple[ImagingCore, tuple[int, int]]:
    """FreeType's coverage mask of one line and its offset from the integer start, as Pillow's
    ``getmask2`` makes it for ``start`` (the fractional part of where it is drawn), remembered in
    :data:`_masks`. A line of several words is put together from its words' masks
    (:func:`_joined`) when it can be: a caption or a status line is new move after move,
    but made of words already drawn, and FreeType's rendering of a new line was most of an
    animation's drawing time."""
    key = (f.path, f.size, s, anchor, stroke, start[0], start[1])
    hit = _masks.get(key)
    if hit is None:
        joined = _joined(f, s, anchor, start) if not stroke and len(s) > 1 else None
        if len(_masks) >= _MASKS_MAX:
            _masks.clear()
        hit = _masks[key] = joined or f.getmask2(
            s, "L", None, None, None, stroke, anchor, 0, start, stroke_filled=True
        )
    return hit


def _joined(
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
    if anchor not in ("la", "ls") or start[0] < 0:  # a start left of a pixel: see _draw_line
        return None
    parts, gap = (s.split(" "), " ") if " " in s else (list(s), "")
    gap_width = _measure(f, gap) if gap else 0.0
    placed: list[tuple[ImagingCore, int, int]] = []  # each part's mask at its pixel offset
    advance = 0.0
    for k, part in enumerate(parts):
        after = parts[k + 1] if k + 1 < len(parts) else ""
        if part:
            x = start[0] + advance
            mask, (dx, dy) = _mask(f, part, anchor, 0, (x % 1.0, start[1]))
            if mask.size[0] and mask.size[1]:
                placed.append((mask, math.floor(x) + dx, dy))
            advance += _measure(f, part)
        if gap:  # the space, and the kerning on either side of it
            advance += gap_width
            advance += _kerning(f, part[-1], gap) if part else 0.0
            advance += _kerning(f, gap, after[0]) if after else 0.0
        elif after:
            advance += _kerning(f, part, after)
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
def _kerning(f: ImageFont.FreeTypeFont, a: str, b: str) -> float:
    """What Pillow's basic layout adds between characters ``a`` and ``b`` (in px; usually 0)."""
    return f.getlength(a + b) - _measure(f, a) - _measure(f, b)


def _grounds(
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
        points += [(x, y) for x in range(x0, x1, _HALO_STEP) for y in (y0, y1)]
        points += [(x, y) for y in range(y0, y1, _HALO_STEP) for x in (x0, x1)]
    return {u for u in map(pixel, points) if u in found.flat}


#: :func:`_grounds` looks every ``_HALO_STEP`` pixels along a halo's box.
_HALO_STEP = 4


def _record_text(
    draw: ImageDraw.ImageDraw, xy: Point, s: str, f: ImageFont.FreeTypeFont, anchor: str, stroke: int = 0
) -> None:
    layout: Layout | None = getattr(recording, "layout", None)
    if layout is not None and s:
        box = draw.textbbox(xy, s, font=f, anchor=anchor, stroke_width=stroke)
        layout.texts.append(DrawnText(box, s))


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

    ``bold`` uses DejaVu Sans Bold; ``max_width`` shortens the text with "…" to fit.
    """
    s = fit(s, size, max_width, bold=bold) if max_width is not None else printable(s)
    text_line(draw, xy, s, size, fill, anchor=anchor, bold=bold)
    return _measure(font(size, bold), s)


def text_line(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    size: int = TEXT_SIZE,
    fill: RGB = INK,
    *,
    anchor: Anchor = "la",
    bold: bool = False,
) -> None:
    """:func:`text` of a line known to be printable and to fit, without measuring it (a new
    text's measurement lays it out with every glyph loaded, a fifth of the cost of drawing it)."""
    f = font(size, bold)
    _draw_line(draw, xy, s, f, fill, anchor)
    _record_text(draw, xy, s, f, anchor)


def crisp_text(
    draw: ImageDraw.ImageDraw, xy: Point, s: str, size: int, fill: RGB, *, anchor: Anchor = "la"
) -> None:
    """A small printable label without anti-aliasing (FreeType's hinted one-bit rendering, made
    for small sizes), at whole pixels: one flat colour and no blended edges, so a board that
    prints a hundred labels (Ice Hike's cell names) stays a small PNG."""
    f = font(size)
    mask, offset = _crisp_mask(size, s, anchor)
    at = (round(xy[0]), round(xy[1]))
    draw.draw.draw_bitmap((at[0] + offset[0], at[1] + offset[1]), mask, draw._getink(fill)[0])
    _record_text(draw, at, s, f, anchor)


@functools.lru_cache(maxsize=1024)
def _crisp_mask(size: int, s: str, anchor: str) -> tuple[ImagingCore, tuple[int, int]]:
    return font(size).getmask2(s, "1", anchor=anchor)


def lines(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    rows: Sequence[str],
    size: int = TEXT_SIZE,
    fill: RGB = INK,
    *,
    bold: bool = False,
    max_width: float | None = None,
    spacing: int = 4,
) -> float:
    """Draw ``rows`` one under the other from ``xy`` (top left); returns the y below the last."""
    x, y = xy
    for row in rows:
        text(draw, (x, y), row, size, fill, bold=bold, max_width=max_width)
        y += size + spacing
    return y


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
    bold: bool = False,
) -> None:
    """Text with an outline (halo) so it reads on any background: labels over a busy board.

    The halo defaults to white for dark text and black for light text.
    """
    halo = halo if halo is not None else ink_for(fill)
    s, f = printable(s), font(size, bold)
    _draw_line(draw, xy, s, f, fill, anchor, stroke=width, stroke_fill=halo)
    _record_text(draw, xy, s, f, anchor, width)
