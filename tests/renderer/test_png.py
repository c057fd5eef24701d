"""renderer.png: palette pictures written as PNG files by hand, compressed with ISA-L; any
decoder (here Pillow's) reads back exactly the picture, pixels and palette."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image

import games
import renderer
from renderer import encoding, palettes, png
from renderer.registry import RENDERERS
from tests.support.board_layout import playout


def _palette_picture(width: int, height: int, colours: int, seed: int) -> Image.Image:
    rnd = random.Random(seed)
    picture = Image.frombytes(
        "P", (width, height), bytes(rnd.randrange(colours) for _ in range(width * height))
    )
    picture.putpalette([rnd.randrange(256) for _ in range(3 * colours)])
    return picture


def _same_picture(data: bytes, picture: Image.Image) -> None:
    read = Image.open(io.BytesIO(data))
    assert read.format == "PNG" and read.mode == "P" and read.size == picture.size
    assert read.tobytes() == picture.tobytes()  # every pixel's palette index
    assert read.getpalette() == picture.getpalette()
    assert read.convert("RGB").tobytes() == picture.convert("RGB").tobytes()


@pytest.mark.parametrize(
    ("width", "height", "colours"), [(1, 1, 1), (7, 3, 2), (960, 40, 256), (33, 250, 17)]
)
def test_a_palette_picture_reads_back_pixel_for_pixel(width: int, height: int, colours: int) -> None:
    picture = _palette_picture(width, height, colours, seed=width * height)
    _same_picture(png.palette_png(picture), picture)


def test_the_file_is_a_valid_png_every_chunk_checked() -> None:
    """Signature, IHDR (palette, 8 bits), PLTE, IDAT, IEND, each chunk's CRC right (PNG spec 5.3)."""
    data = png.palette_png(_palette_picture(12, 5, 9, seed=1))
    assert data.startswith(png.SIGNATURE)
    kinds, at = [], len(png.SIGNATURE)
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        crc = int.from_bytes(data[at + 8 + length : at + 12 + length], "big")
        assert crc == zlib.crc32(kind + body), kind
        kinds.append(kind)
        if kind == b"IHDR":
            assert body == (12).to_bytes(4, "big") + (5).to_bytes(4, "big") + bytes((8, 3, 0, 0, 0))
        if kind == b"IDAT":  # each row: filter type 0, then the row's indices
            rows = zlib.decompress(body)
            assert len(rows) == 5 * 13 and all(rows[r * 13] == 0 for r in range(5))
        at += 12 + length
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_the_palette_is_written_as_the_picture_holds_it() -> None:
    picture = Image.frombytes("P", (3, 1), bytes((0, 1, 2)))
    picture.putpalette([10, 20, 30, 40, 50, 60, 70, 80, 90])
    data = png.palette_png(picture)
    at = data.index(b"PLTE")
    assert data[at - 4 : at] == (9).to_bytes(4, "big") and data[at + 4 : at + 13] == bytes(range(10, 91, 10))
    _same_picture(data, picture)


def test_other_pictures_are_written_by_pillow() -> None:
    """An RGB picture, or a palette one with a transparent entry, is Pillow's PNG as it was."""
    rgb = Image.new("RGB", (4, 4), (9, 8, 7))
    see_through = _palette_picture(4, 4, 3, seed=2)
    see_through.info["transparency"] = 0
    for picture in (rgb, see_through):
        buf = io.BytesIO()
        picture.save(buf, format="PNG", compress_level=png.ZLIB_LEVEL)
        assert png.palette_png(picture) == buf.getvalue()


def _stream(data: bytes) -> bytes:
    """The IDAT chunk's body of a file written by ``palette_png`` (one IDAT)."""
    at = data.index(b"IDAT")
    return data[at + 4 : at + 4 + int.from_bytes(data[at - 4 : at], "big")]


def _rows(picture: Image.Image) -> bytes:
    return b"".join(
        b"\0" + picture.tobytes()[y * picture.width : (y + 1) * picture.width] for y in range(picture.height)
    )


def test_a_file_within_the_budget_is_isa_l_s_stream() -> None:
    picture = _palette_picture(40, 30, 50, seed=3)
    assert _stream(png.palette_png(picture)) == png.isal_zlib.compress(_rows(picture), png.ISAL_LEVEL)


def test_a_file_past_the_budget_is_compressed_again_by_zlib_when_that_is_smaller(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rows that repeat one row shifted, among noise, in 3 colours: zlib finds the repeats that
    ISA-L's level 1 misses, so past a tiny budget its stream is kept."""
    rnd = random.Random(1)
    row = [rnd.randrange(3) for _ in range(300)]
    pixels = [
        row[(y * 37) % 300 :] + row[: (y * 37) % 300] if y % 3 else [rnd.randrange(3) for _ in range(300)]
        for y in range(200)
    ]
    picture = Image.frombytes("P", (300, 200), bytes(v for line in pixels for v in line))
    picture.putpalette(list(range(9)))
    monkeypatch.setattr(png, "RECOMPRESS_PAST", 100)
    data = png.palette_png(picture)
    rows = _rows(picture)
    fast, small = png.isal_zlib.compress(rows, png.ISAL_LEVEL), zlib.compress(rows, png.ZLIB_LEVEL)
    assert len(small) < len(fast) and _stream(data) == small
    _same_picture(data, picture)


def test_without_isal_zlib_writes_the_same_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = _palette_picture(40, 30, 50, seed=3)
    monkeypatch.setattr(png, "isal_zlib", None)
    data = png.palette_png(picture)
    assert _stream(data) == zlib.compress(_rows(picture), png.ZLIB_LEVEL)
    _same_picture(data, picture)


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_every_game_s_late_board_is_the_picture_pillow_would_write(name: str) -> None:
    """The board file decodes to the very palette picture ``to_png`` mapped, as Pillow's own PNG
    writer stores it (the bytes differ: another compressor)."""
    game = games.get(name)
    players = max(game.players)
    view = game.view(playout(name, players, seed=11)[-1], None)
    drawn = renderer.draw(view, names=[f"Player {k + 1}" for k in range(players)], detailed=True)
    palette = palettes.palette_of(drawn)
    assert palette is not None
    mapped = palettes.to_palette(drawn, palette)
    ours = Image.open(io.BytesIO(encoding.to_png(drawn)))
    buf = io.BytesIO()
    mapped.save(buf, format="PNG")
    pillows = Image.open(io.BytesIO(buf.getvalue()))
    assert ours.tobytes() == pillows.tobytes() == mapped.tobytes()
    assert ours.convert("RGB").tobytes() == pillows.convert("RGB").tobytes()
