"""Pictures that know their colours: :func:`canvas` and :func:`drawing` give a :class:`Pen`,
Pillow's drawing context that notes every colour drawn with (and what text edges blend into) in
the picture's :class:`Inks`, from which :func:`renderer.encoding.to_png` makes the palette. Copy
and paste pictures with :func:`duplicate` and :func:`paste` so that they keep their colours;
an animation's frame notes the boxes it changed (:func:`note_changed`).

Also the layout recording the layout tests read (:func:`record_layout`): the box of every text
and card the helpers draw.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderer.theme import BACKGROUND, RGB, Box, PixelBox

# --------------------------------------------------------------------------- layout recording


@dataclass(frozen=True)
class DrawnText:
    """One text drawn by the helpers here: its pixel bounding box, the string drawn, its font size
    in pixels, and whether it is a per-cell name (the small name printed in a board's cell)."""

    box: Box
    text: str
    size: int = 0
    cell_name: bool = False


@dataclass
class Layout:
    """What the helpers drew while :func:`record_layout` was active (for layout tests)."""

    texts: list[DrawnText]
    cards: list[Box]


#: The layout being recorded in this thread (``recording.layout``, unset or None when nothing
#: records): set by :func:`record_layout`, added to by the text and card helpers, and swapped
#: by :mod:`renderer.layers` while it draws a layer.
recording = threading.local()


@contextmanager
def record_layout() -> Iterator[Layout]:
    """Record the box of every text and card the helpers draw in this thread (tests use it to
    check that no text leaves its picture or its panel). Costs nothing when not recording."""
    layout = Layout([], [])
    recording.layout = layout
    try:
        yield layout
    finally:
        recording.layout = None


# --------------------------------------------------------------------------- canvas and shapes


@dataclass
class Inks:
    """The colours drawn on one picture, from which :func:`renderer.encoding.to_png` builds its palette.

    ``flat`` holds every colour a shape, a line, a fill or a text was drawn with (Pillow draws
    shapes without anti-aliasing, so they are exactly these colours); ``blends`` holds pairs
    (text colour, colour under the text) whose mixtures anti-aliased text leaves on its edges.
    Each picture has its own: a copy of a cached layer gets a copy of the layer's inks, so what
    one view drew never reaches another view's palette (public boards of one shape share the
    colours they drew, :func:`renderer.palettes.palette_of`; a seat's board never does).
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
CHANGED_KEY = "floe.changed"
#: Where a picture keeps its palette family (``Image.info``; never written to a file): the key
#: of the cached layer it was drawn on (:func:`renderer.layers.layer`,
#: :func:`renderer.palettes.set_family`).
FAMILY_KEY = "floe.family"


def moved_text(t: DrawnText, shift: tuple[int, int]) -> DrawnText:
    """``t`` drawn ``shift`` pixels right and down."""
    return DrawnText(moved(t.box, shift), t.text, t.size, t.cell_name)


def moved(box: Box, shift: tuple[int, int]) -> Box:
    """``box`` moved ``shift`` pixels right and down."""
    return (box[0] + shift[0], box[1] + shift[1], box[2] + shift[0], box[3] + shift[1])


def note_changed(img: Image.Image, boxes: Sequence[PixelBox] | None) -> None:
    """Note that ``img``, a frame of an animation, differs from the frame before only inside
    ``boxes`` (None: anywhere); :func:`renderer.encoding.to_gif` then looks only there, and
    stores each box that changed on its own (two small boxes far apart cost less than the box
    around both)."""
    img.info[CHANGED_KEY] = None if boxes is None else merged(boxes)


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
    (when either does not know its colours, ``dst`` forgets its own:
    :func:`renderer.encoding.to_png` then finds the palette by quantizing)."""
    dst.paste(src, xy, mask)
    note_pasted(dst, src)


def note_pasted(dst: Image.Image, src: Image.Image) -> None:
    """Note the colours drawn on ``src``, pasted on ``dst``, in ``dst``'s inks (see :func:`paste`)."""
    mine, theirs = inks(dst), inks(src)
    if FAMILY_KEY in src.info:
        dst.info.setdefault(FAMILY_KEY, src.info[FAMILY_KEY])
    if mine is not None and theirs is not None:
        mine.update(theirs)
    else:
        dst.info.pop(_INKS, None)


# --------------------------------------------------------------------------- rearranging


#: One part of a picture moved elsewhere: the box it is cut from, the mask of the pixels kept
#: (the box's size, or None for all of them) and where its top left corner goes.
Part = tuple[PixelBox, "Image.Image | None", tuple[int, int]]


def arranged(
    img: Image.Image, size: tuple[int, int], parts: Sequence[Part], background: RGB = BACKGROUND
) -> Image.Image:
    """A new picture of ``size`` holding ``parts`` of ``img`` (a crop is one part), keeping the
    colours drawn on ``img``. The layout being recorded follows: a text or card whose centre
    lies in a part moves with it, one in no part is dropped."""
    out, _pen = canvas(size[0], size[1], background)
    for box, mask, at in parts:
        paste(out, img.crop(box), at, mask)
    for key in (FAMILY_KEY,):
        if key in img.info:
            out.info[key] = img.info[key]
    layout: Layout | None = getattr(recording, "layout", None)
    if layout is not None:
        layout.texts[:] = [
            moved_text(t, shift) for t in layout.texts if (shift := _shift_of(t.box, parts)) is not None
        ]
        layout.cards[:] = [
            moved(c, shift) for c in layout.cards if (shift := _shift_of(c, parts)) is not None
        ]
    return out


def _shift_of(box: Box, parts: Sequence[Part]) -> tuple[int, int] | None:
    """How far the part holding the centre of ``box`` moves, or None when no part holds it."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    for (x0, y0, x1, y1), mask, (ax, ay) in parts:
        if x0 <= cx < x1 and y0 <= cy < y1 and (mask is None or mask.getpixel((int(cx - x0), int(cy - y0)))):
            return ax - x0, ay - y0
    return None
