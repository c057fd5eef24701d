"""Sprites (renderer.layers.sprites): a piece pasted from its stored pixels gives exactly the
picture that painting it gives, whatever lies under it, in the order pieces are drawn."""

from __future__ import annotations

from PIL import ImageDraw

from renderer import drawing, layers, lettering, pens, theme


def _hexes(d: ImageDraw.ImageDraw, cx: float, fill: theme.RGB) -> None:
    drawing.hex_polygon(d, cx, 40.5, 20.3, fill=fill, outline=theme.darken(fill, 0.3))
    lettering.text(d, (cx, 40.2), "B7", 11, theme.INK, anchor="mm", bold=True)


def _pieces(colours: list[theme.RGB]) -> list[layers.Piece]:
    """Overlapping hexes (each shares an edge with the next) with a label inside each."""
    out: list[layers.Piece] = []
    for k, colour in enumerate(colours):
        cx = 30.25 + 30 * k

        def paint(d: ImageDraw.ImageDraw, cx: float = cx, colour: theme.RGB = colour) -> None:
            _hexes(d, cx, colour)

        out.append((("test", "hex", k, colour), (int(cx) - 23, 17, int(cx) + 24, 65), paint))
    return out


def _board(colours: list[theme.RGB]) -> tuple[bytes, pens.Inks | None]:
    img, d = pens.canvas(200, 80, theme.PANEL)
    d.rectangle((0, 0, 90, 80), fill=theme.TERRAIN["water"])  # pieces over two backgrounds
    layers.sprites(d, _pieces(colours))
    return img.tobytes(), pens.inks(img)


def test_pasted_sprites_equal_painted_pieces_over_any_background() -> None:
    layers.clear()
    colours = [
        theme.TERRAIN["ice"],
        (214, 184, 140),
        theme.TERRAIN["ice"],
        (150, 132, 116),
        theme.TERRAIN["snow"],
    ]
    with layers.uncached():
        scratch, scratch_inks = _board(colours)
    first, _ = _board(colours)  # paints and stores each sprite
    again, inks = _board(colours)  # pastes them
    assert first == scratch and again == scratch
    assert inks is not None and scratch_inks is not None
    assert scratch_inks.flat <= inks.flat and scratch_inks.blends <= inks.blends
    assert theme.BLACK not in inks.flat  # a sprite's painting background is no colour of the board
    layers.clear()


def test_a_sprite_replays_its_texts_into_the_layout() -> None:
    layers.clear()
    colours = [theme.TERRAIN["ice"], theme.TERRAIN["snow"]]
    with layers.uncached(), pens.record_layout() as scratch:
        _board(colours)
    _board(colours)
    with pens.record_layout() as cached:
        _board(colours)
    assert cached.texts == scratch.texts and len(cached.texts) == 2
    layers.clear()


def test_a_piece_without_key_is_drawn_directly_in_its_turn() -> None:
    layers.clear()
    _, d = pens.canvas(100, 80, theme.PANEL)
    drawn: list[int] = []
    pieces: list[layers.Piece] = [
        (None, (0, 0, 10, 10), lambda d: drawn.append(1)),
        (None, (0, 0, 10, 10), lambda d: drawn.append(2)),
    ]
    layers.sprites(d, pieces)
    layers.sprites(d, pieces)
    assert drawn == [1, 2, 1, 2] and layers.cached_keys() == []


def test_the_sprites_are_bounded() -> None:
    layers.clear()
    _, d = pens.canvas(20, 20)
    for k in range(layers.MAX_SPRITES + 5):
        layers.sprites(d, [(("test", k), (0, 0, 4, 4), lambda d: d.point((1, 1), fill=theme.INK))])
    assert 0 < len(layers.cached_keys()) <= layers.MAX_SPRITES
    layers.clear()
