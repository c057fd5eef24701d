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
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from PIL import Image, ImageDraw

from renderer import common as c

#: Layers kept (least recently used dropped first); a 960 x 720 layer is about 2 MB. Renderers
#: key layers by the board's own size (not the picture's, which grows with the legend), so a
#: handful serves every game.
MAX_LAYERS = 8

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
    """Forget every cached layer."""
    with _lock:
        _cache.clear()


def cached_keys() -> list[Hashable]:
    with _lock:
        return list(_cache)


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
