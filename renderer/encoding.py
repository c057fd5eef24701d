"""Pictures to files: a board as a palette PNG (:func:`to_png`, written by
:func:`renderer.png.palette_png`) and an animation as a looping GIF (:func:`to_gif`: one palette
for every frame, each frame after the first stored as the boxes it changed, shrunk to fit
Discord's upload limit).
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from PIL import GifImagePlugin, Image, ImageChops, _imaging

from renderer.palettes import family_palette, palette_of, quantize, to_palette
from renderer.pens import CHANGED_KEY, FAMILY_KEY, inks
from renderer.png import palette_png
from renderer.theme import BACKGROUND, RGB

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore


#: Discord's upload limit for a bot without boosts.
DISCORD_LIMIT = 10 * 1024 * 1024


def to_png(img: Image.Image, *, shared: bool = False) -> bytes:
    """PNG bytes of ``img`` as a palette picture: a third of the bytes of an RGB PNG and faster
    to encode (written by :func:`renderer.png.palette_png`).

    A picture drawn by these helpers knows its colours (:class:`renderer.pens.Inks`), so its
    palette is made from them (:func:`renderer.palettes.ink_palette`) and each pixel is mapped
    to its nearest entry, which costs a tenth of finding a palette by quantizing; other pictures
    are quantized (:func:`renderer.palettes.quantize`).
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
    frame): what is kept is copied. A frame that notes where it changed (:func:`renderer.pens.note_changed`)
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
            self.size, self.family = rgb.size, frame.info.get(FAMILY_KEY)
            return
        hints = frame.info.get(CHANGED_KEY)
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
        the colours drawn on them (:func:`renderer.palettes.ink_palette`; with ``shared``, those
        of the animations of their family so far, as :func:`renderer.palettes.palette_of`) or
        else by quantizing
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
