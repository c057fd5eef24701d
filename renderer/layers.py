"""Static layers: what does not change during a game (the lake, the grid, coordinates, fixed
labels) drawn once per game shape and copied for each move, which then draws only what changed.

A renderer asks for a layer with :func:`layer`, giving a key built from the game's *shape* only
(game name, what the layer is, picture size, and the seat count or options when they change the
layout) and a paint function that draws the layer from that shape alone. Never put anything from
a view in a key or a paint function: the cache outlives the view, and a layer drawn from one
player's view would show up in everyone's picture. The language the words are told in
(:func:`renderer.speech.spoken_key`) is part of every layer's key.

The texts and cards a layer draws are recorded once and replayed into
:func:`renderer.pens.record_layout` each time the layer is used, so the layout tests see
exactly what a drawing from scratch draws. :func:`uncached` draws every layer from scratch (the
tests compare both paths pixel for pixel).

A sprite (:func:`sprites`) is the same idea for one piece that changes during a game but takes few
looks (a tile of a course, a cell of a map): drawn once per place and look, then pasted where
it drew, over exactly the pixels it drew.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

from PIL import Image, ImageChops, ImageDraw

from renderer import palettes, pens, speech, theme

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

#: Layers kept (least recently used dropped first); a 960 x 720 layer holds about 2.8 MB (Pillow
#: keeps 4 bytes a pixel). Renderers key layers by the board's own size where they can (not
#: the picture's, which grows with the legend), so a handful serves every game. bench_memory
#: --quick (1,000 mixed games): peak RSS 143 MB with 3 layers, 155 MB with 4 (over the 150 MB
#: budget), 139 MB before layers; 1,000 acts took as long as before (27-28 s).
MAX_LAYERS = 3
#: Sprites kept (least recently used dropped first); an Ice Team tile's sprite holds about 8 KB.
MAX_SPRITES = 384

_cache: OrderedDict[Hashable, tuple[Image.Image, pens.Layout]] = OrderedDict()
_lock = threading.Lock()
_local = threading.local()

Paint = Callable[[ImageDraw.ImageDraw], None]


@contextmanager
def uncached() -> Iterator[None]:
    """Draw every layer from scratch in this thread while active (for tests)."""
    before = getattr(_local, "off", False)
    _local.off = True
    try:
        yield
    finally:
        _local.off = before


def active() -> bool:
    """Whether layers come from the cache in this thread (not inside :func:`uncached`): a
    renderer whose cached path draws in another order than from scratch checks it."""
    return not getattr(_local, "off", False)


def clear() -> None:
    """Forget every cached layer, sprite, declared colours and palette family."""
    with _lock:
        _cache.clear()
        _sprites.clear()
        _expected.clear()
    palettes.forget_families()


def cached_keys() -> list[Hashable]:
    """The keys of the layers and sprites stored."""
    with _lock:
        return [*_cache, *_sprites]


def _paint(size: tuple[int, int], paint: Paint, background: theme.RGB) -> tuple[Image.Image, pens.Layout]:
    """The layer drawn from scratch, with the texts and cards it drew (recorded apart from any
    recording in progress, which is restored afterwards)."""
    outer = getattr(pens.recording, "layout", None)
    own = pens.Layout([], [])
    pens.recording.layout = own
    try:
        img, d = pens.canvas(size[0], size[1], background)
        paint(d)
    finally:
        pens.recording.layout = outer
    return img, own


def _stored(
    key: Hashable, size: tuple[int, int], paint: Paint, background: theme.RGB
) -> tuple[Image.Image, pens.Layout]:
    """The layer ``key`` as stored (painted first if it is not), and the texts and cards it drew."""
    full_key = (key, size, background, speech.spoken_key())  # a layer may hold words
    hit = None
    if not getattr(_local, "off", False):
        with _lock:
            hit = _cache.get(full_key)
            if hit is not None:
                _cache.move_to_end(full_key)
    if hit is None:
        hit = _paint(size, paint, background)
        if not getattr(_local, "off", False):
            with _lock:
                _cache[full_key] = hit
                while len(_cache) > MAX_LAYERS:
                    _cache.popitem(last=False)
    return hit


def layer(
    key: Hashable,
    size: tuple[int, int],
    paint: Paint,
    background: theme.RGB = theme.BACKGROUND,
    *,
    box: tuple[int, int, int, int] | None = None,
) -> Image.Image:
    """A new picture of ``size`` holding the static layer ``key`` (``paint`` on ``background``),
    drawn on first use and copied afterwards; draw the move's changes on it. With ``box``, only
    that part of the layer (to put back what a move drew over). The copy is of the palette family
    ``key`` (:func:`renderer.palettes.set_family`)."""
    img, recorded = _stored(key, size, paint, background)
    if box is not None:
        return pens.duplicate(img, box)
    outer = getattr(pens.recording, "layout", None)
    if outer is not None:
        outer.texts.extend(recorded.texts)
        outer.cards.extend(recorded.cards)
    out = pens.duplicate(img)
    palettes.set_family(out, key)
    return out


def source(
    key: Hashable, size: tuple[int, int], paint: Paint, background: theme.RGB = theme.BACKGROUND
) -> Image.Image:
    """The static layer ``key`` itself, to read pixels from while drawing on its copy (many
    small pieces put back: cheaper than a :func:`layer` cut for each). Never draw on it."""
    return _stored(key, size, paint, background)[0]


def expect(d: ImageDraw.ImageDraw, key: Hashable, size: tuple[int, int], paint: Paint) -> None:
    """Note in the colours of ``d``'s picture (a static layer) those ``paint`` draws on a
    scratch picture of ``size``, without drawing anything on the layer.

    A layer declares so the pieces, marks and legend rows a move may draw over it: then every
    board of a game shape has one palette, whose nearest-colour lookup Pillow has already
    filled (mapping a board to a new palette costs twice as much). ``paint`` draws from the
    game's shape alone, like the layer (never from a view), and ``key`` names that shape: the
    colours are remembered by it (a few dozen per shape), so a layer painted again (dropped
    while other games were drawn) does not paint them again.
    """
    mine = d.inks if isinstance(d, pens.Pen) else None
    if mine is None:
        return
    theirs = _expected.get(key) if active() else None
    if theirs is None:
        outer = getattr(pens.recording, "layout", None)
        pens.recording.layout = None  # nothing of the scratch picture is in the layer's layout
        try:
            scratch, pen = pens.canvas(size[0], size[1])
            paint(pen)
        finally:
            pens.recording.layout = outer
        theirs = pens.inks(scratch)
        if theirs is None:
            return
        if active():
            if len(_expected) >= MAX_EXPECTED:
                _expected.clear()
            _expected[key] = theirs
    mine.update(theirs)


#: The colours :func:`expect` noted, by shape (a dict's get and set are atomic: no lock);
#: forgotten all at once when full.
_expected: dict[Hashable, pens.Inks] = {}
MAX_EXPECTED = 256


class _Sprite(NamedTuple):
    #: Where to paste what: each part's pixels and box, with the mask of the pixels drawn
    #: ("1": pastes faster than "L"), or None where every pixel was drawn (pastes faster
    #: still); pasted without Image.paste's checks, which cost more than a small paste.
    parts: list[tuple[ImagingCore, theme.PixelBox, ImagingCore | None]]
    inks: pens.Inks | None  # the colours drawn
    layout: pens.Layout  # the texts and cards it drew


#: Sprites by key, least recently used first.
_sprites: OrderedDict[Hashable, _Sprite] = OrderedDict()

#: Two backgrounds a sprite is painted on: a pixel that comes out the same on both was drawn.
_SPRITE_GROUNDS: tuple[theme.RGB, theme.RGB] = (theme.BLACK, theme.WHITE)


def _paint_sprite(box: theme.PixelBox, paint: Paint) -> _Sprite:
    """``paint`` drawn on two backgrounds in picture coordinates (every coordinate rounds as
    it does on the board), cut to ``box``: the pixels that came out the same were drawn."""
    cut: list[Image.Image] = []
    drawn: list[pens.Inks | None] = []
    outer = getattr(pens.recording, "layout", None)
    layout = pens.Layout([], [])
    for ground in _SPRITE_GROUNDS:
        # as large as the picture up to the box: what a paint draws rounds as on the board
        picture, pen = pens.canvas(box[2], box[3], ground)
        pens.recording.layout = pens.Layout([], []) if cut else layout
        try:
            paint(pen)
        finally:
            pens.recording.layout = outer
        cut.append(picture.crop(box))
        drawn.append(pens.inks(picture))
    a, b = cut
    # undrawn pixels differ by 255 in every channel, drawn ones not at all (a paint draws
    # nothing that depends on what is under it)
    undrawn = ImageChops.difference(a, b).convert("L")
    mask = ImageChops.invert(undrawn).convert("1", dither=Image.Dither.NONE)
    inks = None
    if drawn[0] is not None and drawn[1] is not None:  # drawn on both, not their backgrounds
        inks = pens.Inks(drawn[0].flat & drawn[1].flat, drawn[0].blends & drawn[1].blends)
    return _Sprite(_parts(a, mask, box), inks, layout)


def _parts(
    picture: Image.Image, mask: Image.Image, box: theme.PixelBox
) -> list[tuple[ImagingCore, theme.PixelBox, ImagingCore | None]]:
    """The sprite cut to what it drew, and that cut in three: the widest band of whole columns
    (or rows) where every pixel was drawn, pasted without a mask, and the two sides, with."""
    bbox = mask.getbbox()
    if bbox is None:
        return []
    picture, mask = picture.crop(bbox), mask.crop(bbox)
    x0, y0 = box[0] + bbox[0], box[1] + bbox[1]
    w, h = picture.size
    full = mask.convert("L")
    columns = _full_run(full.resize((w, 1), Image.Resampling.BOX).tobytes())
    rows = _full_run(full.resize((1, h), Image.Resampling.BOX).tobytes())
    if (columns[1] - columns[0]) * h >= (rows[1] - rows[0]) * w:
        a, b = columns
        cuts = [(0, 0, a, h), (a, 0, b, h), (b, 0, w, h)]
    else:
        a, b = rows
        cuts = [(0, 0, w, a), (0, a, w, b), (0, b, w, h)]
    out = []
    for k, part in enumerate(cuts):
        left, top, right, bottom = part
        if right > left and bottom > top:
            where = (x0 + left, y0 + top, x0 + right, y0 + bottom)
            out.append((picture.crop(part).im, where, None if k == 1 else mask.crop(part).im))
    return out


def _full_run(means: bytes) -> tuple[int, int]:
    """The longest run of 255s (columns or rows drawn whole) as (start, end)."""
    best, start = (0, 0), None
    for k, value in enumerate([*means, 0]):
        if value == 255 and start is None:
            start = k
        elif value != 255 and start is not None:
            if k - start > best[1] - best[0]:
                best = (start, k)
            start = None
    return best


#: A picture that does not know its colours (:func:`renderer.pens.note_pasted` then makes
#: the picture it is noted on forget its own).
_UNKNOWN_COLOURS = Image.new("RGB", (1, 1))

#: One piece for :func:`sprites`: its key (None: drawn directly, never stored), its box and
#: how to paint it.
Piece = tuple[Hashable | None, theme.PixelBox, Paint]


def sprites(d: ImageDraw.ImageDraw, pieces: Iterable[Piece], *, shift: tuple[int, int] = (0, 0)) -> None:
    """Each piece painted with ``d`` in turn: from scratch the first time (and inside
    :func:`uncached`, or with a drawing context that is not a :class:`renderer.pens.Pen`),
    afterwards its stored pixels pasted over exactly the pixels it drew.

    A piece's paint draws in the picture's coordinates, inside the whole-pixel box only, and
    what it draws must not depend on what is under it: flat shapes, and text only over what
    the same paint drew (text edges blend into what is under them; such a piece has the key
    None and is drawn directly, in its turn). A key names the piece's place (which fixes its
    box) and look only, never a view (as for :func:`layer`), and a sprite draws no words (only
    notation: letters, cell names), as one serves every language.

    ``shift``: the pieces are shown that many whole pixels right and down of where their paint
    draws (one sprite then serves every place that lies the same way between pixels; the
    renderer's test checks that such places draw alike). Not with :func:`uncached`: a piece
    to shift is then drawn by the caller, where it lies.
    """
    if not active() or not isinstance(d, pens.Pen):
        assert shift == (0, 0), "a shifted sprite is drawn only from the cache"
        for _key, _box, paint in pieces:
            paint(d)
        return
    dx, dy = shift
    img = d.picture
    core = img.im
    found = pens.inks(img)
    outer: pens.Layout | None = getattr(pens.recording, "layout", None)
    stored = _sprites
    for key, box, paint in pieces:
        if key is None:
            paint(d)
            continue
        with _lock:
            hit = stored.get(key)
            if hit is not None:
                stored.move_to_end(key)
        if hit is None:
            hit = _paint_sprite(box, paint)
            with _lock:
                stored[key] = hit
                while len(stored) > MAX_SPRITES:
                    stored.popitem(last=False)
        for picture, (x0, y0, x1, y1), mask in hit.parts:
            where = (x0 + dx, y0 + dy, x1 + dx, y1 + dy)
            if mask is None:
                core.paste(picture, where)
            else:
                core.paste(picture, where, mask)
        if found is not None and hit.inks is not None:
            found.update(hit.inks)
        elif found is not None:  # a piece that does not know its colours: forget them all
            pens.note_pasted(img, _UNKNOWN_COLOURS)
            found = None
        if outer is not None:
            outer.texts.extend(pens.moved_text(t, shift) for t in hit.layout.texts)
            outer.cards.extend(pens.moved(box, shift) for box in hit.layout.cards)
