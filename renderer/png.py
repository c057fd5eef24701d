"""Palette pictures written as PNG files, compressed with ISA-L instead of zlib.

Pillow's PNG writer compresses with zlib and offers no other compressor, a large part of every
board's time (docs/performance.md, "Design figures"). A palette PNG is simple enough to write
here: the signature, ``IHDR``, ``PLTE``, one ``IDAT`` holding the rows (each led by filter type
0, "None", as Pillow writes palette pictures too) as one zlib stream, and ``IEND`` (the PNG
specification, sections 5 and 11). Any PNG decoder reads it: the stream is plain deflate.

The stream comes from Intel's ISA-L (``isal.isal_zlib``, pinned in pyproject.toml): its level 1
is several times faster than zlib's level 3 on boards, for files a little larger. The largest
late boards (Ice Hike with five hikers) would then pass the 40 KiB a board may take, so a file
past :data:`RECOMPRESS_PAST` is compressed again with zlib at :data:`ZLIB_LEVEL` (the bytes
Pillow wrote): only those few pay for both. No PNG filter (Sub, Up): on boards each makes the
files larger. Without ``isal`` (a platform without its wheels) every stream comes from :mod:`zlib`.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from PIL import Image

try:
    from isal import isal_zlib
except ImportError:  # pragma: no cover - every platform we ship on has isal's wheels
    isal_zlib = None  # type: ignore[assignment]

#: ISA-L's level for board PNGs: as small as zlib's 3 within a few KiB at a fifth of the time
#: (its level 2 is no smaller on boards, its level 3 larger and four times slower).
ISAL_LEVEL = 1
#: zlib's level: for files past :data:`RECOMPRESS_PAST`, and every file without ISA-L.
ZLIB_LEVEL = 3
#: A file larger than this (bytes) is compressed again with zlib, which makes it 2-3 KiB smaller:
#: a margin under the 40 KiB a board may take.
RECOMPRESS_PAST = 38 * 1024

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: IHDR's fields after the size: bit depth 8, colour type 3 (palette), compression, filter and
#: interlace methods 0.
_PALETTE_8_BITS = bytes((8, 3, 0, 0, 0))


def compress(rows: Callable[[], Iterator[bytes]], budget: int) -> bytes:
    """The bytes ``rows()`` yields as one zlib stream: ISA-L's when it is at most ``budget``
    bytes, else the smaller of ISA-L's and zlib's (which reads ``rows()`` again)."""
    if isal_zlib is None:
        return _stream(zlib.compressobj(ZLIB_LEVEL), rows())
    fast = _stream(isal_zlib.compressobj(ISAL_LEVEL), rows())
    if len(fast) <= budget:
        return fast
    return min(fast, _stream(zlib.compressobj(ZLIB_LEVEL), rows()), key=len)


class _Compressor(Protocol):
    def compress(self, data: bytes, /) -> bytes: ...
    def flush(self) -> bytes: ...


def _stream(compressor: _Compressor, parts: Iterable[bytes]) -> bytes:
    return b"".join([*map(compressor.compress, parts), compressor.flush()])


#: The bytes of the rows :func:`filtered_rows` reads at a time: under the size the C allocator
#: maps on its own (renderer.memory.IMAGE_MMAP_THRESHOLD), so they come from its heap, reused,
#: instead of fresh pages faulted in and zeroed for each board.
ROWS_CHUNK = 64 << 10


def filtered_rows(picture: Image.Image) -> Iterator[bytes]:
    """The palette indices of ``picture``, every row led by its filter type, 0 ("None"), in
    pieces of about :data:`ROWS_CHUNK` bytes.

    Pillow's raw encoder, asked for rows one byte longer than the picture's, pads each row with
    a 0 after it: that 0 is the filter type of the next row, so the rows are one 0, then what
    the encoder writes but its last byte. (Pasting the picture into one a column wider and
    reading it out whole with ``tobytes`` copied it twice, into fresh pages.)"""
    width, height = picture.size
    encoder = Image._getencoder("P", "raw", ("P", width + 1))
    try:
        encoder.setimage(picture.im, (0, 0, width, height))
        yield b"\x00"
        held = b""
        while True:
            _consumed, status, data = encoder.encode(max(ROWS_CHUNK, width + 1))
            if held:
                yield held
            held = data
            if status:
                break
        if status < 0:
            raise RuntimeError(f"Pillow's raw encoder stopped with status {status}")
        yield held[:-1]
    finally:
        encoder.cleanup()


def chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, and the CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def palette_png(picture: Image.Image) -> bytes:
    """The PNG file of ``picture``, a palette ("P") picture without transparency whose palette
    holds every index it uses (as :func:`renderer.palettes.to_palette` and ``quantize`` make them;
    Pillow's own writer takes the palette so too, without reading the pixels). Any other picture
    is written by Pillow, at :data:`ZLIB_LEVEL`."""
    if picture.mode != "P" or "transparency" in picture.info:
        buf = io.BytesIO()
        picture.save(buf, format="PNG", compress_level=ZLIB_LEVEL)
        return buf.getvalue()
    width, height = picture.size
    plte = bytes((picture.getpalette("RGB") or [0, 0, 0])[: 3 * 256])
    head = (
        SIGNATURE + chunk(b"IHDR", struct.pack(">II", width, height) + _PALETTE_8_BITS) + chunk(b"PLTE", plte)
    )
    tail = chunk(b"IEND", b"")
    # each chunk adds 12 bytes of its own: the budget is the stream's share of RECOMPRESS_PAST
    stream = compress(lambda: filtered_rows(picture), RECOMPRESS_PAST - len(head) - len(tail) - 12)
    return head + chunk(b"IDAT", stream) + tail
