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

**Drawing.** Each line of text is rasterised once and its mask reused (:func:`text`; pixel for
pixel Pillow's ``draw.text``): the masks and the blending are :mod:`renderer.text_masks`'s.
"""

from __future__ import annotations

import functools
import struct
import threading
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from PIL import ImageDraw, ImageFont

from games.words import say
from renderer.pens import DrawnText, Layout, recording
from renderer.speech import told
from renderer.text_masks import draw_crisp, draw_line
from renderer.text_masks import measure as _measure
from renderer.theme import INK, RGB, TEXT_SIZE, Box, Point, ink_for

if TYPE_CHECKING:
    pass


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
    return shown if any(ch.isalnum() for ch in shown) else told(say("Player {n}", n=seat + 1))


#: Characters of a name kept at most (a 960 px board holds fewer even in its narrowest glyphs).
NAME_LIMIT = 300
ELLIPSIS = "…"


def display_names(names: Sequence[str]) -> list[str]:
    """:func:`display_name` of each seat's name."""
    return [display_name(n, seat) for seat, n in enumerate(names)]


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


def largest_size(s: str, sizes: Sequence[int], max_width: float, *, bold: bool = False) -> int:
    """The first of ``sizes`` (largest first) at which ``s`` fits ``max_width`` px, else the
    last (where :func:`fit` then shortens it)."""
    return next((size for size in sizes if text_width(s, size, bold) <= max_width), sizes[-1])


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


def _record_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    f: ImageFont.FreeTypeFont,
    anchor: str,
    stroke: int = 0,
    *,
    cell_name: bool = False,
) -> None:
    layout: Layout | None = getattr(recording, "layout", None)
    if layout is not None and s:
        box = draw.textbbox(xy, s, font=f, anchor=anchor, stroke_width=stroke)
        layout.texts.append(DrawnText(box, s, round(f.size), cell_name))


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
    cell_name: bool = False,
) -> float:
    """Draw one line of text; returns its width. ``anchor`` is Pillow's (``"mm"`` = centred).

    ``bold`` uses DejaVu Sans Bold; ``max_width`` shortens the text with "…" to fit.
    ``cell_name`` says the text is the small name printed in a board's cell, which a phone
    board may keep below its smallest text size where its edges carry the coordinates (the
    layout recording notes it).
    """
    s = fit(s, size, max_width, bold=bold) if max_width is not None else printable(s)
    text_line(draw, xy, s, size, fill, anchor=anchor, bold=bold, cell_name=cell_name)
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
    cell_name: bool = False,
) -> None:
    """:func:`text` of a line known to be printable and to fit, without measuring it (a new
    text's measurement lays it out with every glyph loaded, a fifth of the cost of drawing it)."""
    f = font(size, bold)
    draw_line(draw, xy, s, f, fill, anchor)
    _record_text(draw, xy, s, f, anchor, cell_name=cell_name)


def crisp_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    s: str,
    size: int,
    fill: RGB,
    *,
    anchor: Anchor = "la",
    cell_name: bool = False,
) -> None:
    """A small printable label without anti-aliasing (FreeType's hinted one-bit rendering, made
    for small sizes), at whole pixels: one flat colour and no blended edges, so a board that
    prints a hundred labels (Ice Hike's cell names) stays a small PNG."""
    f = font(size)
    at = (round(xy[0]), round(xy[1]))
    draw_crisp(draw, at, f, s, fill, anchor)
    _record_text(draw, at, s, f, anchor, cell_name=cell_name)


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
    cell_name: bool = False,
) -> None:
    """Text with an outline (halo) so it reads on any background: labels over a busy board.

    The halo defaults to white for dark text and black for light text.
    """
    halo = halo if halo is not None else ink_for(fill)
    s, f = printable(s), font(size, bold)
    draw_line(draw, xy, s, f, fill, anchor, stroke=width, stroke_fill=halo)
    _record_text(draw, xy, s, f, anchor, width, cell_name=cell_name)
