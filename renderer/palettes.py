"""A picture's palette: made from the colours it was drawn with (:func:`ink_palette`, exact for
flat colours, with shades along each text edge's blend), shared by the public boards of one shape
(their palette family: :func:`palette_of`, :func:`set_family`), and each pixel mapped to its
nearest entry (:func:`to_palette`) instead of quantizing the picture (:func:`quantize`, kept for
pictures that do not know their colours).
"""

from __future__ import annotations

import functools
import math
import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import NamedTuple

from PIL import Image

from renderer.pens import FAMILY_KEY, inks
from renderer.theme import BACKGROUND, BLACK, FAINT, INK, MUTED, PANEL, PANEL_EDGE, RGB, WHITE, mix

#: Colours of a board PNG: a board has a few dozen flat colours and a thousand or two
#: anti-aliasing shades.
PNG_COLOURS = 256
#: The most a channel of a pixel of :func:`renderer.encoding.to_png` may differ from the RGB
#: drawing (the tests hold it on late boards of every game). Flat colours are exact (two less
#: than 4 apart share an entry, within 3); only the anti-aliased edges of text are mixtures,
#: drawn as the nearest shade of their blend, at most 18 off on the boards measured (the blend
#: gap of 20 allows 10 along the blend, plus Pillow's lookup by colour rounded down to a
#: multiple of 4).
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
    """A palette made from a picture's :class:`renderer.pens.Inks`: ``lookup`` is a 1x1 "P" picture to map
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
    return family_palette(found.flat, found.blends, img.info.get(FAMILY_KEY) if shared else None, size)


def family_palette(
    flat: Iterable[RGB], blends: Iterable[tuple[RGB, RGB]], family: Hashable | None, size: int
) -> InkPalette | None:
    """The :func:`ink_palette` of ``flat`` and ``blends``, widened by the colours of ``family``
    so far (:func:`_family_colours`; None: these colours alone)."""
    mine, edges = frozenset(flat), frozenset(blends)
    if family is not None:
        mine, edges = _family_colours(family, mine, edges, size)
    return ink_palette(mine, edges, size)


#: Families remembered (least recently used dropped first): a few dozen colours each.
MAX_FAMILIES = 64
_families: OrderedDict[Hashable, tuple[frozenset[RGB], frozenset[tuple[RGB, RGB]]]] = OrderedDict()
_families_lock = threading.Lock()


def set_family(img: Image.Image, key: Hashable) -> None:
    """Make ``img`` (a copy of the cached layer ``key``) one of the family ``key``: its public
    boards share one palette (:func:`palette_of` with ``shared``)."""
    img.info[FAMILY_KEY] = key


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
    colours while this picture takes its own. Only public boards share (:func:`renderer.encoding.to_png`): a
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
