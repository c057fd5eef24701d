"""Static layers: what does not change during a game (the lake, the grid, coordinates, fixed
labels) drawn once per game shape and copied for each move, which then draws only what changed.

A renderer asks for a layer with :func:`layer`, giving a key built from the game's *shape* only
(game name, what the layer is, picture size, and the seat count or options when they change the
layout) and a paint function that draws the layer from that shape alone. Never put anything from
a view in a key or a paint function: the cache outlives the view, and a layer drawn from one
player's view would show up in everyone's picture.

The texts and cards a layer draws are recorded once and replayed into
:func:`renderer.common.record_layout` each time the layer is used, so the layout tests see
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

from renderer import common as c

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

#: Layers kept (least recently used dropped first); a 960 x 720 layer is about 2 MB. Renderers
#: key layers by the board's own size (not the picture's, which grows with the legend), so a
#: handful serves every game.
MAX_LAYERS = 8
#: Sprites kept (all forgotten when full, as text masks are); a hex cell's sprite is about
#: 15 KB.
MAX_SPRITES = 1024

_cache: OrderedDict[Hashable, tuple[Image.Image, c.Layout]] = OrderedDict()
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
    """Forget every cached layer and sprite."""
    with _lock:
        _cache.clear()
        _sprites.clear()


def cached_keys() -> list[Hashable]:
    """The keys of the layers and sprites stored."""
    with _lock:
        return [*_cache, *_sprites]


def _paint(size: tuple[int, int], paint: Paint, background: c.RGB) -> tuple[Image.Image, c.Layout]:
    """The layer drawn from scratch, with the texts and cards it drew (recorded apart from any
    recording in progress, which is restored afterwards)."""
    outer = getattr(c._recording, "layout", None)
    own = c.Layout([], [])
    c._recording.layout = own
    try:
        img, d = c.canvas(size[0], size[1], background)
        paint(d)
    finally:
        c._recording.layout = outer
    return img, own


def layer(
    key: Hashable,
    size: tuple[int, int],
    paint: Paint,
    background: c.RGB = c.BACKGROUND,
    *,
    box: tuple[int, int, int, int] | None = None,
) -> Image.Image:
    """A new picture of ``size`` holding the static layer ``key`` (``paint`` on ``background``),
    drawn on first use and copied afterwards; draw the move's changes on it. With ``box``, only
    that part of the layer (to put back what a move drew over)."""
    full_key = (key, size, background)
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
    img, recorded = hit
    if box is not None:
        return c.duplicate(img, box)
    outer = getattr(c._recording, "layout", None)
    if outer is not None:
        outer.texts.extend(recorded.texts)
        outer.cards.extend(recorded.cards)
    return c.duplicate(img)


class _Sprite(NamedTuple):
    image: Image.Image  # the box's pixels as drawn, with the colours drawn on them
    picture: ImagingCore  # its pixels (pasted without Image.paste's checks, which cost more)
    mask: ImagingCore  # "1": set where the paint drew a pixel (pastes faster than "L")
    inks: c.Inks | None  # the colours drawn
    layout: c.Layout  # the texts and cards it drew


#: Sprites by key (a dict's get and set are atomic: no lock), cleared when full.
_sprites: dict[Hashable, _Sprite] = {}

#: Two backgrounds a sprite is painted on: a pixel that comes out the same on both was drawn.
_SPRITE_GROUNDS: tuple[c.RGB, c.RGB] = (c.BLACK, c.WHITE)


def _paint_sprite(box: c.PixelBox, paint: Paint) -> _Sprite:
    """``paint`` drawn on two backgrounds in a picture reaching ``box`` (so every coordinate is
    the picture's own and rounds as it does there), cut to ``box``."""
    size = (box[2], box[3])
    (a, layout), (b, _) = (_paint(size, paint, ground) for ground in _SPRITE_GROUNDS)
    on_a, on_b = c.inks(a), c.inks(b)
    a, b = a.crop(box), b.crop(box)
    differs = ImageChops.difference(a, b).split()
    mask = ImageChops.lighter(ImageChops.lighter(differs[0], differs[1]), differs[2]).point(_DRAWN, "1")
    drawn = None
    a.info.clear()
    if on_a is not None and on_b is not None:  # what was drawn on both, not their backgrounds
        drawn = c.Inks(on_a.flat & on_b.flat, on_a.blends & on_b.blends)
        c.set_inks(a, drawn)
    return _Sprite(a, a.im, mask.im, drawn, layout)


#: ``point`` table: a channel difference of 0 (drawn) sets the mask, anything else clears it.
_DRAWN = [255] + [0] * 255

#: One piece for :func:`sprites`: its key (None: drawn directly, never stored), its box and
#: how to paint it.
Piece = tuple[Hashable | None, c.PixelBox, Paint]


def sprites(img: Image.Image, pieces: Iterable[Piece]) -> None:
    """Each piece painted on ``img`` in turn: from scratch the first time (and inside
    :func:`uncached`), afterwards its stored pixels pasted over exactly the pixels it drew.

    A piece's paint draws in ``img``'s coordinates, inside the whole-pixel box only, and what
    it draws must not depend on what is under it: flat shapes, and text only over what the
    same paint drew (text edges blend into what is under them; such a piece has the key None
    and is drawn directly, in its turn). A key names the piece's place (which fixes its box)
    and look only, never a view (as for :func:`layer`).
    """
    pen = c.drawing(img)
    if not active():
        for _key, _box, paint in pieces:
            paint(pen)
        return
    core = img.im
    found = c.inks(img)
    outer: c.Layout | None = getattr(c._recording, "layout", None)
    stored = _sprites
    for key, box, paint in pieces:
        if key is None:
            paint(pen)
            continue
        hit = stored.get(key)
        if hit is None:
            hit = _paint_sprite(box, paint)
            if len(stored) >= MAX_SPRITES:  # a game's pieces refill it soon
                stored.clear()
            stored[key] = hit
        core.paste(hit.picture, box, hit.mask)
        if found is not None and hit.inks is not None:
            found.update(hit.inks)
        elif found is not None:  # a piece that does not know its colours: forget them all
            c.note_pasted(img, hit.image)
            found = None
        if outer is not None:
            outer.texts.extend(hit.layout.texts)
            outer.cards.extend(hit.layout.cards)
