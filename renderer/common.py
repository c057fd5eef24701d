"""Shared drawing helpers for every board renderer: palette, fonts, text, hexes, legend, encoding.

Every ``renderer/<game>.py`` builds its picture with these helpers so that all five boards look
like one family and keep these design rules:

* **Colour is never the only signal.** Each player colour comes with a letter *and* a shape
  (:data:`PLAYER_COLOURS`, :func:`player_token`); game colours that matter (bear colours, tile
  kinds) should likewise carry a letter. The palette is Okabe-Ito, which stays distinguishable
  for the common colour-vision deficiencies.
* **Fonts.** DejaVu Sans and DejaVu Sans Bold, shipped in ``renderer/fonts`` (with their
  licence), never a font of one machine. They draw Latin, Greek, Cyrillic and most symbols;
  text goes through :func:`printable` (the text helpers here do it for you), which drops what
  the font cannot draw (CJK, emoji, scripts that need shaping), and player names through
  :func:`display_name`, which falls back to "Player k" when nothing of a name is drawable.
  Long text is shortened by :func:`fit` (a logarithmic number of measurements) or broken into
  lines by :func:`wrap`.
* **Pure and fast.** The only state kept is memos that depend on nothing from a view: fonts
  per thread, text widths, text masks, polygon clipping masks, hex corners and palettes (and
  the colours public boards of one shape drew, which they share: :func:`palette_of`). A
  whole board (draw + :func:`to_png`) aims at 10 ms: Pillow's primitives are fast, anti-aliasing
  by supersampling is not, so shapes are drawn at 1x with outlines that hide the jaggies; each
  line of text is rasterised once and its mask reused (:func:`text`); what never changes in a
  game is drawn once, and pieces with few looks are pasted from sprites (:mod:`renderer.layers`);
  pictures are cut into small blocks of one size that Pillow reuses, so a board faults in few
  fresh pages (:func:`keep_picture_blocks`).
* **Draw with the helpers' context.** :func:`canvas` and :func:`drawing` give a :class:`Pen`,
  which notes every colour drawn with (and what text edges blend into) in the picture's
  :class:`Inks`; :func:`to_png` makes the palette from them and maps each pixel to its nearest
  entry, exact for flat colours, instead of quantizing the picture (:func:`quantize`, kept for
  pictures that do not know their colours). Copy and paste pictures with :func:`duplicate` and
  :func:`paste` so that they keep their colours. Animations (:func:`to_gif`) share one such
  palette and store only the boxes each frame changed.

Coordinates are pixels, ``box`` is ``(left, top, right, bottom)``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import itertools
import math
import struct
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw, ImageFont, _imaging

from games import hexgrid
from renderer.png import palette_png

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
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

#: Pillow cuts each picture's buffer into blocks of at most this many bytes (whole lines; a
#: 960 px board is about 22 of them); its default, 16 MiB, makes a picture one block of its own
#: size (:func:`keep_picture_blocks`).
PICTURE_BLOCK_SIZE = 128 << 10
#: Freed picture blocks Pillow keeps for the next pictures (at most 8 MiB of them).
PICTURE_BLOCKS = 64
#: Allocations at least this large get their own memory mapping from the C allocator, given
#: back to the system when freed: every full picture block (a block of a 960 px picture is
#: 127.5 KiB), while smaller buffers (zlib's, text masks) stay on the heap.
IMAGE_MMAP_THRESHOLD = 96 << 10
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number


def return_freed_pictures() -> bool:
    """Make freed picture buffers go back to the system at once (glibc only; True if applied).

    glibc serves a large allocation from its own mapping, but raises that threshold to the size
    of every such block freed, so after the first boards each picture buffer (several per
    board) came from the heap of the worker thread that drew it, and a freed buffer stayed
    there: with 1,000 games played, 90 MB of heap held 20 MB in use (bench/bench_memory.py).
    A fixed threshold keeps picture blocks in mappings; :func:`keep_picture_blocks` keeps the
    last few for the next pictures, so a board faults in almost no page.
    """
    name = ctypes.util.find_library("c")
    if not name:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to tune
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, IMAGE_MMAP_THRESHOLD))


def keep_picture_blocks(blocks: int = PICTURE_BLOCKS, block_size: int = PICTURE_BLOCK_SIZE) -> None:
    """Let Pillow cut pictures into blocks of ``block_size`` bytes, keep up to ``blocks`` freed
    blocks and hand them to the next pictures.

    A board makes a few pictures as large as itself (the canvas or a layer's copy, the palette
    picture) and many small ones (text masks, crops). Pillow hands the last block freed to the
    next picture whatever its size and resizes it: with one block per picture, a board-sized
    buffer resized for a small picture and back is a fresh mapping whose pages the kernel
    faults in and zeroes (about 600 page faults, 1.5-2 ms per board under load). Blocks of one
    size serve every picture as they are: a board then faults in almost no page. Each block is
    its own mapping (:data:`IMAGE_MMAP_THRESHOLD`; from the heap, 1,000 games left 250 MB of
    thread heaps, bench/bench_memory.py), so the memory held apart from pictures in use is
    ``blocks * block_size`` at most.
    """
    _imaging.set_block_size(block_size)  # Pillow's block allocator (also PILLOW_BLOCK_SIZE)
    _imaging.set_blocks_max(blocks)  # (also PILLOW_BLOCKS_MAX)


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


# --------------------------------------------------------------------------- layout recording


@dataclass(frozen=True)
class DrawnText:
    """One text drawn by the helpers here: its pixel bounding box and the string drawn."""

    box: Box
    text: str


@dataclass
class Layout:
    """What the helpers drew while :func:`record_layout` was active (for layout tests)."""

    texts: list[DrawnText]
    cards: list[Box]


_recording = threading.local()


@contextmanager
def record_layout() -> Iterator[Layout]:
    """Record the box of every text and card the helpers draw in this thread (tests use it to
    check that no text leaves its picture or its panel). Costs nothing when not recording."""
    layout = Layout([], [])
    _recording.layout = layout
    try:
        yield layout
    finally:
        _recording.layout = None


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
    layout: Layout | None = getattr(_recording, "layout", None)
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


# --------------------------------------------------------------------------- canvas and shapes


@dataclass
class Inks:
    """The colours drawn on one picture, from which :func:`to_png` builds its palette.

    ``flat`` holds every colour a shape, a line, a fill or a text was drawn with (Pillow draws
    shapes without anti-aliasing, so they are exactly these colours); ``blends`` holds pairs
    (text colour, colour under the text) whose mixtures anti-aliased text leaves on its edges.
    Each picture has its own: a copy of a cached layer gets a copy of the layer's inks, so what
    one view drew never reaches another view's palette (public boards of one shape share the
    colours they drew, :func:`palette_of`; a seat's board never does).
    """

    flat: set[RGB]
    blends: set[tuple[RGB, RGB]]

    def copy(self) -> Inks:
        return Inks(set(self.flat), set(self.blends))

    def update(self, other: Inks) -> None:
        self.flat |= other.flat
        self.blends |= other.blends


#: Where a picture keeps its :class:`Inks` (``Image.info``; never written to a file).
_INKS = "floe.inks"


def inks(img: Image.Image) -> Inks | None:
    """The colours drawn on ``img``, or None when it was not made by :func:`canvas`."""
    found = img.info.get(_INKS)
    return found if isinstance(found, Inks) else None


def set_inks(img: Image.Image, found: Inks) -> None:
    """Make ``found`` the colours drawn on ``img`` (a picture drawn again from a layer)."""
    img.info[_INKS] = found


#: Where a frame of an animation keeps the boxes where it can differ from the frame before.
_CHANGED = "floe.changed"

PixelBox = tuple[int, int, int, int]


def moved(box: Box, shift: tuple[int, int]) -> Box:
    """``box`` moved ``shift`` pixels right and down."""
    return (box[0] + shift[0], box[1] + shift[1], box[2] + shift[0], box[3] + shift[1])


def note_changed(img: Image.Image, boxes: Sequence[PixelBox] | None) -> None:
    """Note that ``img``, a frame of an animation, differs from the frame before only inside
    ``boxes`` (None: anywhere); :func:`to_gif` then looks only there, and stores each box that
    changed on its own (two small boxes far apart cost less than the box around both)."""
    img.info[_CHANGED] = None if boxes is None else merged(boxes)


def merged(boxes: Sequence[PixelBox]) -> list[PixelBox]:
    """``boxes`` with every two that overlap replaced by the box around both."""
    out: list[PixelBox] = []
    for box in boxes:
        while True:
            hit = next(
                (b for b in out if b[0] < box[2] and box[0] < b[2] and b[1] < box[3] and box[1] < b[3]), None
            )
            if hit is None:
                break
            out.remove(hit)
            box = (min(box[0], hit[0]), min(box[1], hit[1]), max(box[2], hit[2]), max(box[3], hit[3]))
        out.append(box)
    return out


def _rgb(colour: object) -> RGB | None:
    if isinstance(colour, tuple) and len(colour) >= 3:
        return (int(colour[0]), int(colour[1]), int(colour[2]))
    return None


#: Colour arguments :class:`Pen` remembers Pillow's answer for (colour tuples, and None).
_ASKABLE = (tuple, type(None))


class Pen(ImageDraw.ImageDraw):
    """Pillow's drawing context that also notes every colour it draws with in the picture's
    :class:`Inks` (every primitive asks ``_getink`` for its colours)."""

    def __init__(self, img: Image.Image) -> None:
        super().__init__(img)
        self.picture = img
        self.inks = inks(img)
        #: (ink, fill) colours already asked for on an RGB picture, with Pillow's answer: a board
        #: asks a few hundred times for a few dozen colours (each already noted in ``inks``).
        self._asked: dict[tuple[object, object], tuple[int | None, int | None]] | None = (
            {} if self.mode == "RGB" else None
        )

    def _getink(self, ink: object, fill: object = None) -> tuple[int | None, int | None]:
        asked = self._asked
        if (
            asked is not None
            and ink.__class__ in _ASKABLE
            and fill.__class__ in _ASKABLE
            and (ink is not None or fill is not None)
        ):
            hit = asked.get((ink, fill))
            if hit is None:
                hit = asked[(ink, fill)] = self._note_and_getink(ink, fill)
            return hit
        return self._note_and_getink(ink, fill)

    def _note_and_getink(self, ink: object, fill: object) -> tuple[int | None, int | None]:
        if self.inks is not None:
            for colour in (ink, fill):
                if colour.__class__ is tuple and len(colour) == 3:
                    self.inks.flat.add(colour)
                elif colour is not None:
                    rgb = _rgb(colour)
                    if rgb is not None:
                        self.inks.flat.add(rgb)
        return super()._getink(ink, fill)  # type: ignore[arg-type]


def drawing(img: Image.Image) -> ImageDraw.ImageDraw:
    """A drawing context on ``img`` (a :class:`Pen`: use it rather than ``ImageDraw.Draw``)."""
    return Pen(img)


def canvas(w: int, h: int, background: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new RGB picture filled with ``background`` and a drawing context on it."""
    img = Image.new("RGB", (int(w), int(h)), background)
    img.info[_INKS] = Inks({background}, set())
    return img, Pen(img)


def duplicate(img: Image.Image, box: PixelBox | None = None) -> Image.Image:
    """A copy of ``img`` (or of its ``box``) with its own copy of the colours drawn on it."""
    out = img.copy() if box is None else img.crop(box)
    found = inks(img)
    if found is not None:
        out.info[_INKS] = found.copy()
    return out


def paste(dst: Image.Image, src: Image.Image, xy: tuple[int, int], mask: Image.Image | None = None) -> None:
    """``dst.paste(src, xy, mask)``, noting the colours drawn on ``src`` in ``dst``'s inks
    (when either does not know its colours, ``dst`` forgets its own: :func:`to_png` then finds
    the palette by quantizing)."""
    dst.paste(src, xy, mask)
    note_pasted(dst, src)


def note_pasted(dst: Image.Image, src: Image.Image) -> None:
    """Note the colours drawn on ``src``, pasted on ``dst``, in ``dst``'s inks (see :func:`paste`)."""
    mine, theirs = inks(dst), inks(src)
    if _FAMILY in src.info:
        dst.info.setdefault(_FAMILY, src.info[_FAMILY])
    if mine is not None and theirs is not None:
        mine.update(theirs)
    else:
        dst.info.pop(_INKS, None)


def card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: RGB = PANEL,
    outline: RGB = PANEL_EDGE,
    *,
    radius: int = RADIUS,
    width: int = 2,
) -> None:
    """A rounded panel, the frame of each area of a board (recorded by :func:`record_layout`)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    layout: Layout | None = getattr(_recording, "layout", None)
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
) -> None:
    """A coloured shape with a letter in it: the basic "colour plus letter" piece."""
    shape(draw, kind, cx, cy, r, fill, outline, width)
    size = max(10, round(r * (1.1 if kind in ("circle", "square", "hexagon") else 0.95)))
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
) -> None:
    """Seat's piece: its shape, in its colour, with its letter (greyed when ``out``).

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


# --------------------------------------------------------------------------- legend


@dataclass(frozen=True)
class LegendRow:
    """One player in the legend.

    ``score`` is right-aligned (points, "12 pts", "3 cards"); ``detail`` is a small second line
    (hand counts, "at risk: 3"). ``awaited`` draws an arrow, ``winner`` a crown, ``out`` greys
    the row, strikes the name and adds ``out_label`` ("out", "left", "sunk"). ``token_label``
    replaces the letter on the player's token (see :func:`player_token`).
    """

    seat: int
    name: str
    score: str = ""
    detail: str = ""
    awaited: bool = False
    winner: bool = False
    out: bool = False
    out_label: str = "out"
    token_label: str | None = None


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


#: Lines of the legend's status (a long result wraps) and of each footer line at most.
STATUS_LINES = 3
FOOTER_LINES = 4


def _legend_text(
    rows: Sequence[LegendRow], footer: Sequence[str], status: str | None, width: float
) -> tuple[list[str], list[str]]:
    """The legend's status and footer, wrapped to the panel's inner width."""
    inner = width - 2 * PAD
    status = status if status is not None else status_line(rows)
    status_rows = wrap(status, HEADING_SIZE, inner, max_lines=STATUS_LINES)
    footer_rows = [row for line in footer for row in wrap(line, SMALL_SIZE, inner, max_lines=FOOTER_LINES)]
    return status_rows, footer_rows


def legend_height(
    rows: Sequence[LegendRow],
    footer: Sequence[str] = (),
    *,
    status: str | None = None,
    width: float = PANEL_WIDTH,
) -> int:
    """The height :func:`legend` needs for these rows, footer lines and status in a panel
    ``width`` px wide (long lines wrap, so the width matters)."""
    status_rows, footer_rows = _legend_text(rows, footer, status, width)
    h = PAD + TITLE_SIZE + 8 + len(status_rows) * (HEADING_SIZE + 4) + 10
    h += sum(ROW_HEIGHT + (SMALL_SIZE + 2 if r.detail else 0) for r in rows)
    if footer_rows:
        h += 10 + len(footer_rows) * (SMALL_SIZE + 6)
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

    The status and footer lines wrap to the panel's width; the panel is drawn as a card filling
    ``box``, so size ``box`` with :func:`legend_height` (same ``status`` and width).
    """
    left, top, right, _bottom = box
    card(draw, box)
    x, y = left + PAD, top + PAD
    inner = right - left - 2 * PAD
    status_rows, footer_rows = _legend_text(rows, footer, status, right - left)
    text(draw, (x, y), title, TITLE_SIZE, INK, bold=True, max_width=inner)
    y += TITLE_SIZE + 8
    over = not any(r.awaited for r in rows)
    colour = GOOD if over and any(r.winner for r in rows) else INK
    for line in status_rows:
        text(draw, (x, y), line, HEADING_SIZE, colour, max_width=inner)
        y += HEADING_SIZE + 4
    y += 4
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
        player_token(draw, row.seat, x + 14 + TOKEN_RADIUS + 6, mid, out=row.out, label=row.token_label)
        name_x = x + 14 + 2 * TOKEN_RADIUS + 16
        score_w = text_width(row.score, HEADING_SIZE, bold=not row.out) if row.score else 0
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
    if footer_rows:
        y += 4
        draw.line((x, y, right - PAD, y), fill=FAINT, width=2)
        y += 6
        for line in footer_rows:
            text(draw, (x, y), line, SMALL_SIZE, MUTED, max_width=inner)
            y += SMALL_SIZE + 6
    return y


# --------------------------------------------------------------------------- encoding

#: Discord's upload limit for a bot without boosts.
DISCORD_LIMIT = 10 * 1024 * 1024
#: Colours of a board PNG: a board has a few dozen flat colours and a thousand or two
#: anti-aliasing shades.
PNG_COLOURS = 256
#: The most a channel of a pixel of :func:`to_png` may differ from the RGB drawing (the tests
#: hold it on late boards of every game). Flat colours are exact (two less than 4 apart share an
#: entry, within 3); only the anti-aliased edges of text are mixtures, drawn as the nearest
#: shade of their blend, at most 18 off on the boards measured (the blend gap of 20 allows 10
#: along the blend, plus Pillow's lookup by colour rounded down to a multiple of 4).
PNG_TOLERANCE = 24
#: :func:`quantize` reads every ``_SAMPLE_STEP``-th pixel each way to find each palette entry's
#: most common colour, and moves the entry onto it when within ``_SNAP`` per channel.
_SAMPLE_STEP = 4
_SNAP = 8


def quantize(img: Image.Image) -> Image.Image:
    """``img`` as a palette picture of at most :data:`PNG_COLOURS` colours, without dithering.

    Pillow's fast octree gives each entry the mean of its pixels (every pixel stays within about
    15 per channel), which shifts flat areas by a unit or two; each entry then moves onto the most
    common colour among its pixels, so that backgrounds, tiles and pieces keep their exact colour
    unless the octree put two flat colours less than 16 apart (white and near-white) in one entry.
    Remapping to a corrected palette would be exact more often but Pillow's nearest-colour mapping
    is itself approximate (it moves other flat colours) and costs a millisecond more.
    """
    rgb = img.convert("RGB")
    octree = rgb.quantize(colors=PNG_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    size = (max(1, rgb.width // _SAMPLE_STEP), max(1, rgb.height // _SAMPLE_STEP))
    sample = rgb.resize(size, Image.Resampling.NEAREST)
    index = Image.frombytes("L", size, octree.resize(size, Image.Resampling.NEAREST).tobytes())
    counts = Image.merge("RGBA", (*sample.split(), index)).getcolors(size[0] * size[1]) or []
    modal: dict[int, tuple[int, int, int, int]] = {}
    for count, colour in counts:
        assert isinstance(colour, tuple)
        r, g, b, i = colour
        if count > modal.get(i, (0, 0, 0, 0))[0]:
            modal[i] = (count, r, g, b)
    entries = octree.getpalette() or []
    for i, (_count, r, g, b) in modal.items():
        old = entries[3 * i : 3 * i + 3]
        if max(abs(old[0] - r), abs(old[1] - g), abs(old[2] - b)) <= _SNAP:
            entries[3 * i : 3 * i + 3] = (r, g, b)
    octree.putpalette(entries)
    return octree


#: Gaps (largest channel difference) tried between neighbouring shades of a blend in a palette
#: of :func:`ink_palette`, finest first: the first whose palette fits is used.
_BLEND_GAPS = (20, 28, 40, 64)


class InkPalette(NamedTuple):
    """A palette made from a picture's :class:`Inks`: ``lookup`` is a 1x1 "P" picture to map
    with, whose entries are the colours rounded down to a multiple of 4 (Pillow's nearest-colour
    search looks up each pixel by its colour so rounded, so a drawn colour finds its own entry
    exactly); ``colours`` are the true colours to write, entry for entry."""

    lookup: Image.Image
    colours: list[int]


def ink_palette(
    flat: frozenset[RGB], blends: frozenset[tuple[RGB, RGB]], size: int = 256
) -> InkPalette | None:
    """A palette of at most ``size`` entries holding every flat colour exactly and, for each
    blend, shades from one colour to the other no more than a gap of :data:`_BLEND_GAPS` apart
    (the finest that fits); None when the flat colours alone do not fit.

    The entries are remembered (:func:`_ink_entries`), and the last few lookup pictures
    (:func:`_lookup`): Pillow keeps its nearest-colour cache (512 KB, filled as colours are met)
    on the palette it maps with, so mapping with a remembered lookup costs half as much, but
    each holds its cache."""
    entries = _ink_entries(flat, blends, size)
    if entries is None:
        return None
    return InkPalette(_lookup(tuple(entries)), [v for c in entries.values() for v in c])


@functools.lru_cache(maxsize=4)
def _lookup(rounded: tuple[RGB, ...]) -> Image.Image:
    """A 1x1 "P" picture whose palette is exactly ``rounded`` (none maps past its entries)."""
    lookup = Image.new("P", (1, 1))
    lookup.putpalette([v for c in rounded for v in c])
    return lookup


@functools.lru_cache(maxsize=64)
def _ink_entries(
    flat: frozenset[RGB], blends: frozenset[tuple[RGB, RGB]], size: int
) -> dict[RGB, RGB] | None:
    """The entries of :func:`ink_palette`: rounded colour -> true colour, in palette order."""
    entries: dict[RGB, RGB] = {}  # rounded colour -> true colour
    # two flat colours less than 4 apart share an entry (within 3): the shared neutrals, which
    # fill the largest areas, keep theirs
    for colour in sorted(flat, key=lambda c: (c not in _NEUTRALS, c)):
        entries.setdefault(_rounded(colour), colour)
    if len(entries) > size:
        return None
    ordered = sorted(blends)
    for gap in _BLEND_GAPS:
        shades = dict(entries)
        taken = {_cell(c, gap) for c in shades.values()}
        for a, b in ordered:
            steps = math.ceil(max(abs(a[k] - b[k]) for k in range(3)) / gap)
            for k in range(1, steps):
                shade = mix(a, b, k / steps)
                cell = _cell(shade, gap)
                if cell not in taken:
                    taken.add(cell)
                    shades.setdefault(_rounded(shade), shade)
        if len(shades) <= size:
            entries = shades
            break
    return entries


_NEUTRALS = frozenset({BACKGROUND, PANEL, WHITE, BLACK, INK, PANEL_EDGE, MUTED, FAINT})


def _rounded(c: RGB) -> RGB:
    return (c[0] & ~3, c[1] & ~3, c[2] & ~3)


def _cell(c: RGB, gap: int) -> RGB:
    half = max(1, gap // 2)
    return (c[0] // half, c[1] // half, c[2] // half)


def palette_of(img: Image.Image, size: int = 256, *, shared: bool = False) -> InkPalette | None:
    """The :func:`ink_palette` of the colours drawn on ``img`` (None when not known); with
    ``shared``, of the colours of every picture of its family drawn so far (:func:`set_family`)."""
    found = inks(img)
    if found is None:
        return None
    return family_palette(found.flat, found.blends, img.info.get(_FAMILY) if shared else None, size)


def family_palette(
    flat: Iterable[RGB], blends: Iterable[tuple[RGB, RGB]], family: Hashable | None, size: int
) -> InkPalette | None:
    """The :func:`ink_palette` of ``flat`` and ``blends``, widened by the colours of ``family``
    so far (:func:`_family_colours`; None: these colours alone)."""
    mine, edges = frozenset(flat), frozenset(blends)
    if family is not None:
        mine, edges = _family_colours(family, mine, edges, size)
    return ink_palette(mine, edges, size)


#: Where a picture keeps its palette family (``Image.info``; never written to a file): the key
#: of the cached layer it was drawn on (:func:`renderer.layers.layer`).
_FAMILY = "floe.family"
#: Families remembered (least recently used dropped first): a few dozen colours each.
MAX_FAMILIES = 64
_families: OrderedDict[Hashable, tuple[frozenset[RGB], frozenset[tuple[RGB, RGB]]]] = OrderedDict()
_families_lock = threading.Lock()


def set_family(img: Image.Image, key: Hashable) -> None:
    """Make ``img`` (a copy of the cached layer ``key``) one of the family ``key``: its public
    boards share one palette (:func:`palette_of` with ``shared``)."""
    img.info[_FAMILY] = key


def forget_families() -> None:
    """Forget every family's colours (for tests)."""
    with _families_lock:
        _families.clear()


def _family_colours(
    key: Hashable, flat: frozenset[RGB], blends: frozenset[tuple[RGB, RGB]], size: int
) -> tuple[frozenset[RGB], frozenset[tuple[RGB, RGB]]]:
    """The colours of family ``key``: those of its pictures so far and ``flat`` and ``blends``.

    Pillow's nearest-colour lookup is kept on the palette mapped with and filled as colours are
    met, so a board mapped with a palette already used costs half as much as one mapped with a
    new one: boards of one shape differ by a few pieces and legend rows, so each would otherwise
    have a palette of its own. Colours only join a family (flat ones stay exact, text edges get
    the blend gap their number allows), and a family that would no longer fit ``size`` keeps its
    colours while this picture takes its own. Only public boards share (:func:`to_png`): a
    colour a private picture drew never reaches anyone else's palette."""
    with _families_lock:
        known = _families.get(key)
        if known is not None and flat <= known[0] and blends <= known[1]:
            _families.move_to_end(key)
            return known
        wider = (flat, blends) if known is None else (known[0] | flat, known[1] | blends)
        if _ink_entries(*wider, size) is None:
            return flat, blends
        _families[key] = wider
        _families.move_to_end(key)
        while len(_families) > MAX_FAMILIES:
            _families.popitem(last=False)
        return wider


def to_palette(img: Image.Image, palette: InkPalette) -> Image.Image:
    """``img`` mapped onto ``palette``: each pixel becomes its nearest entry, without dithering."""
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    out = rgb.quantize(palette=palette.lookup, dither=Image.Dither.NONE)
    out.putpalette(palette.colours)
    return out


def to_png(img: Image.Image, *, shared: bool = False) -> bytes:
    """PNG bytes of ``img`` as a palette picture: a third of the bytes of an RGB PNG and faster
    to encode (written by :func:`renderer.png.palette_png`).

    A picture drawn by these helpers knows its colours (:class:`Inks`), so its palette is made
    from them (:func:`ink_palette`) and each pixel is mapped to its nearest entry, which costs a
    tenth of finding a palette by quantizing; other pictures are quantized (:func:`quantize`).
    ``shared``: ``img`` shows only what everyone may see, and shares its family's palette.
    """
    palette = palette_of(img, shared=shared)
    picture = to_palette(img, palette) if palette is not None else quantize(img)
    return palette_png(picture)


#: The palette index a GIF frame uses for "unchanged since the previous frame" (palettes have 255
#: colours so that this one stays free).
_GIF_CLEAR = 255


#: :func:`_gif_palette` also reads every ``_GIF_SAMPLE_STEP``-th pixel each way of every frame.
_GIF_SAMPLE_STEP = 8


def _gif_palette(whole: Sequence[Image.Image], pieces: Sequence[Image.Image]) -> Image.Image:
    """One palette of 255 colours by quantizing: the octree of the ``whole`` frames given (the
    first and the last), plus a sparse sample of every changed piece (a colour shown only in
    passing still counts), tiled under them."""
    step = _GIF_SAMPLE_STEP
    w, h = max(f.width for f in whole), max(f.height for f in whole)
    samples = [
        p.resize((max(1, p.width // step), max(1, p.height // step)), Image.Resampling.NEAREST)
        for p in pieces
    ]
    sheet_w = len(whole) * w
    x = y = row_h = 0
    places = []
    for sample in samples:  # shelf packing under the whole frames
        if x + sample.width > sheet_w:
            x, y, row_h = 0, y + row_h, 0
        places.append((x, h + y))
        x, row_h = x + sample.width, max(row_h, sample.height)
    sheet = Image.new("RGB", (sheet_w, h + y + row_h), BACKGROUND)
    for k, f in enumerate(whole):
        sheet.paste(f, (k * w, 0))
    for sample, at in zip(samples, places, strict=True):
        sheet.paste(sample, at)
    return sheet.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


#: How long each piece of a frame but the last is shown, in ms: the shortest delay browsers
#: honour (10 ms or less is shown as 100 ms), so a frame that changed in two distant places is
#: seen whole after 20 ms.
_PIECE_MS = 20


class _Part(NamedTuple):
    """One frame of a delta GIF: the first whole, the next ones as the boxes that changed, each
    with where it goes."""

    pieces: list[tuple[Image.Image, tuple[int, int]]]  # RGB, or palette entries once mapped
    duration: int


class _DeltaFrames:
    """An animation taken one frame at a time, keeping only what each frame changed.

    A frame may be a picture its maker draws again for the next frame (one buffer for every
    frame): what is kept is copied. A frame that notes where it changed (:func:`note_changed`)
    is kept as those boxes; the frame before it whole is put together again from what is kept
    only for a frame that does not (to find where it changed), and kept up to date from then on.
    """

    def __init__(self) -> None:
        self.parts: list[_Part] = []
        self.previous: Image.Image | None = None  # the frame before, whole, once it was needed
        self.size = (0, 0)
        self.flat: set[RGB] = {BACKGROUND}
        self.blends: set[tuple[RGB, RGB]] = set()
        self.known = True  # every frame knew the colours drawn on it
        self.family: Hashable | None = None  # the palette family of the first frame

    def add(self, frame: Image.Image, duration: int) -> None:
        found = inks(frame)
        if found is None:
            self.known = False
        else:
            self.flat |= found.flat
            self.blends |= found.blends
        rgb = frame if frame.mode == "RGB" else frame.convert("RGB")
        if not self.parts:
            self.parts.append(_Part([(rgb.copy(), (0, 0))], duration))
            self.size, self.family = rgb.size, frame.info.get(_FAMILY)
            return
        hints = frame.info.get(_CHANGED)
        if hints is not None and rgb.size == self.size:
            boxes = list(hints)  # :meth:`gif` trims them to what changed, on palette entries
        else:
            previous = self.whole_before()
            if rgb.size != previous.size:  # e.g. replay boards whose panel grows: pad to the larger
                self.size = (max(rgb.width, previous.width), max(rgb.height, previous.height))
                previous = self.previous = _padded(previous, self.size)
                rgb = _padded(rgb, self.size)
            box = ImageChops.difference(previous, rgb).getbbox()
            boxes = [] if box is None else [box]
        if not boxes:  # the same picture: show the one before longer
            last = self.parts[-1]
            self.parts[-1] = last._replace(duration=last.duration + duration)
            return
        pieces = [(rgb.crop(box), (box[0], box[1])) for box in boxes]
        if self.previous is not None:
            core = self.previous.im
            for piece, (x, y) in pieces:
                core.paste(piece.im, (x, y, x + piece.width, y + piece.height))
        self.parts.append(_Part(pieces, duration))

    def whole_before(self) -> Image.Image:
        """The last frame taken, whole (put together from what is kept the first time)."""
        if self.previous is None:
            *_, self.previous = self._replayed()
        return self.previous

    def _replayed(self) -> Iterator[Image.Image]:
        """Every frame whole again, on one picture drawn over for each (copy one to keep it)."""
        current = Image.new("RGB", self.size, BACKGROUND)
        for part in self.parts:
            for piece, at in part.pieces:
                current.paste(piece, at)
            yield current

    def frames(self) -> tuple[list[Image.Image], list[int]]:
        """Every frame whole again (for :func:`to_gif` when the file is too large), and the
        durations."""
        return [f.copy() for f in self._replayed()], [p.duration for p in self.parts]

    def gif(self, *, shared: bool = False) -> bytes:
        """A looping GIF: the first frame whole, then each change with its unchanged pixels
        transparent (disposal 1 keeps what is shown); a frame that changed in several boxes
        shows each but the last for :data:`_PIECE_MS`. All frames share one palette, made from
        the colours drawn on them (:func:`ink_palette`; with ``shared``, those of the animations
        of their family so far, as :func:`palette_of`) or else by quantizing
        (:func:`_gif_palette`), so decoding gives exactly each frame mapped to that palette."""
        first = _padded(self.parts[0].pieces[0][0], self.size)
        family = ("gif", self.family) if shared and self.family is not None else None
        known = family_palette(self.flat, self.blends, family, _GIF_CLEAR) if self.known else None
        if known is not None:
            lookup = known.lookup
            # all 256 entries, so that the transparent index exists whatever the number of colours
            colours: list[int] | None = known.colours + [0] * (768 - len(known.colours))
        else:
            pieces = [piece for part in self.parts[1:] for piece, _at in part.pieces]
            lookup = _gif_palette([first, self.whole_before()], pieces)
            colours = None

        def entries(img: Image.Image) -> Image.Image:
            """The palette entries of ``img`` (a "P" picture: only the header's colours count)."""
            return img.quantize(palette=lookup, dither=Image.Dither.NONE)

        palette = entries(first)  # with the GIF's colours, for the header
        if colours is not None:
            palette.putpalette(colours)
        screen = palette.copy().im  # the palette entries on screen after each frame
        out: list[tuple[Image.Image, tuple[int, int], int]] = [(palette, (0, 0), self.parts[0].duration)]
        for part in self.parts[1:]:
            shots: list[tuple[Image.Image, tuple[int, int]]] = []
            for piece, (x, y) in part.pieces:
                picture = entries(piece)
                # on Pillow's pictures themselves: the wrappers' checks cost more than small boxes
                where = (x, y, x + picture.width, y + picture.height)
                difference = screen.crop(where).chop_difference(picture.im)
                box = difference.getbbox()
                if box is None:
                    continue
                screen.paste(picture.im, where)
                # pixels whose entry did not change stay transparent: the entry shown is kept
                picture.im.paste(_GIF_CLEAR, (0, 0, *picture.size), _where_zero(difference))
                shots.append((picture.crop(box), (x + box[0], y + box[1])))
            if not shots:  # nothing seen changes: show the frame before longer
                picture, at, shown_ms = out[-1]
                out[-1] = (picture, at, shown_ms + part.duration)
                continue
            early = _PIECE_MS * (len(shots) - 1)
            out += [(picture, at, _PIECE_MS) for picture, at in shots[:-1]]
            out.append((*shots[-1], max(_PIECE_MS, part.duration - early)))
        header, _ = GifImagePlugin.getheader(palette, info={"loop": 0, "duration": out[0][2]})
        chunks = list(header)
        for k, (picture, at, duration) in enumerate(out):
            chunks.append(_gif_frame(picture, at, duration, _GIF_CLEAR if k else None))
        chunks.append(b";")
        return b"".join(chunks)


def _padded(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """``img`` on a picture of ``size`` (at its top left, the rest background), or ``img`` itself
    when it has that size."""
    if img.size == size:
        return img
    out = Image.new("RGB", size, BACKGROUND)
    out.paste(img, (0, 0))
    return out


def _where_zero(difference: ImagingCore) -> ImagingCore:
    """An "L" mask of the pixels of a one-band picture (a difference of palette entries) that
    are 0: 255 there, 0 elsewhere. One operation, ``(0 - d) * 255 + 255`` clipped to 0..255
    (``point`` with a table costs twice as much: it rounds the 256 entries in Python)."""
    mask: ImagingCore = _imaging.fill("L", difference.size, 0).chop_subtract(difference, 1 / 255, 255)
    return mask


def _gif_frame(picture: Image.Image, at: tuple[int, int], duration: int, transparency: int | None) -> bytes:
    """One frame of a GIF drawn over the frames before (disposal 1), without a palette of its own
    (``picture`` holds palette entries): the bytes ``GifImagePlugin.getdata`` writes, for a
    tenth of its cost on a small frame."""
    flags = 1 << 2 | (transparency is not None)
    control = struct.pack("<4BH2B", 0x21, 0xF9, 4, flags, duration // 10, transparency or 0, 0)
    descriptor = struct.pack("<B4HBB", 0x2C, *at, *picture.size, 0, 8)  # no local palette, 8-bit codes
    return control + descriptor + picture.tobytes("gif", "P") + b"\0"


def _encode_gif(
    frames: Iterable[Image.Image], durations: Iterable[int], *, shared: bool = False
) -> tuple[bytes, _DeltaFrames]:
    """The delta GIF of ``frames`` (:class:`_DeltaFrames`; ``shared``: :meth:`_DeltaFrames.gif`),
    and what it kept of them."""
    delta = _DeltaFrames()
    for frame, duration in zip(frames, durations, strict=False):
        delta.add(frame, duration)
    if not delta.parts:
        raise ValueError("to_gif needs at least one frame")
    return delta.gif(shared=shared), delta


def to_gif(
    frames: Iterable[Image.Image], duration_ms: int = 600, *, limit: int = DISCORD_LIMIT, shared: bool = False
) -> bytes:
    """An animated, looping GIF of ``frames`` (each shown ``duration_ms``), under ``limit`` bytes.

    ``frames`` is read once, one frame at a time (a renderer may draw every frame on one
    picture). All frames share one palette and each frame after the first is stored as the box
    where it changed (:class:`_DeltaFrames`). When the file is too large, frames are scaled down
    (to 3/4, then 1/2), then every other frame is dropped (doubling the duration so the
    animation keeps its length); the last frame is always kept because it is the position the
    animation arrives at. ``shared``: the frames show only what everyone may see, and the GIF
    shares its family's palette (:meth:`_DeltaFrames.gif`).
    """
    data, delta = _encode_gif(frames, itertools.repeat(duration_ms), shared=shared)
    if len(data) <= limit:
        return data
    whole, durations = delta.frames()
    current = whole
    for scale in (0.75, 0.5):
        current = [
            f.resize(
                (max(1, round(f.width * scale)), max(1, round(f.height * scale))),
                Image.Resampling.BILINEAR,
            )
            for f in whole
        ]
        data, _ = _encode_gif(current, durations)
        if len(data) <= limit:
            return data
    while len(current) > 2:
        # Merge each pair into its first frame (keeping the total length); keep the last frame.
        kept, kept_durations = [], []
        for i in range(0, len(current) - 1, 2):
            kept.append(current[i])
            kept_durations.append(durations[i] + (durations[i + 1] if i + 1 < len(current) - 1 else 0))
        current, durations = [*kept, current[-1]], [*kept_durations, durations[-1]]
        data, _ = _encode_gif(current, durations)
        if len(data) <= limit:
            return data
    data, _ = _encode_gif(current[-1:], [duration_ms])
    if len(data) > limit:
        raise ValueError("even one frame of this picture is larger than the upload limit")
    return data
