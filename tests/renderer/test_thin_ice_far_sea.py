"""Thin Ice boards of the unbounded sea: a bear (or a pushed meeple) far beyond the ring of sea
is drawn, in the picture and in the text board, where its cell's name says (rulebook, "The
Bear": the bear walks off the grid into the sea; cells out there are named AA, -A, -1 ...)."""

from __future__ import annotations

import re
from dataclasses import replace

from PIL import Image, ImageChops

import renderer
from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import extent, name, parse_cell, width
from games.thin_ice.state import PLAY, ThinIceOptions, ThinIceState, ThinIceView
from renderer import theme
from renderer import thin_ice as ti

NAMES = ["Ann", "Bob", "Cy"]


def cell(text: str) -> tuple[int, int]:
    found = parse_cell(text)
    assert found is not None
    return found


def far_view(bear: tuple[int, int] | None, meeple: tuple[int, int] | None = None) -> ThinIceView:
    s: ThinIceState = G.new_game(3, ThinIceOptions(), 1)
    s = replace(s, phase=PLAY, current=0, bear=bear, awake=True)
    if meeple is not None:
        s = replace(s, meeples=(meeple, *s.meeples[1:]))
    view = G.view(s, None)
    pieces = [p for p in (bear, meeple) if p is not None]
    assert view.extent == extent(3, [c for c, _, _ in view.tiles] + [m for m in view.meeples if m] + pieces)
    return view


def text_cell(board: str, where: tuple[int, int]) -> str:
    """The four characters of the text board's square ``where``, found by its column label in
    the header and its row label at the start of a line, as a player reading the board finds it."""
    lines = board.split("\n")
    label = name(where)
    row = re.search(r"-?[0-9]+$", label)
    assert row is not None
    column = label[: row.start()]
    starts = {m.group(): m.start() for m in re.finditer(r"\S+", lines[0])}
    at = starts[column]
    for line in lines[1:]:
        if line.startswith("Key:"):
            break
        if line.split()[0] == row.group():
            return line[at : at + 4]
    raise AssertionError(f"no row {row.group()} in the text board")


def test_a_bear_three_cells_west_and_north_of_the_ring_is_on_the_text_board() -> None:
    bear = (-3, -2)  # "-C-2": three columns west of A, two rows north of row 1
    assert name(bear) == "-C-2"
    board = renderer.render_text(far_view(bear), NAMES)
    header = board.split("\n")[0].split()
    assert header[:4] == ["-C", "-B", "-A", "A"]  # the columns out in the sea come first
    assert text_cell(board, bear).startswith(".*")  # sea, with the bear awake on it
    assert board.count("*") == 2  # the bear's square, and the key's "* bear awake"


def test_a_bear_and_a_meeple_far_south_east_are_on_the_text_board() -> None:
    w = width(3)
    bear, meeple = (w + 2, w + 1), (w + 3, 1)  # beyond the ring: columns after the field
    view = far_view(bear, meeple)
    board = renderer.render_text(view, NAMES)
    assert text_cell(board, bear).startswith(".*")
    assert text_cell(board, meeple).startswith("." + theme.player(0).letter)  # Ann's piece, in the sea
    rows = [line.split()[0] for line in board.split("\n")[1 : 2 + view.extent[1][1]]]
    assert rows[-1] == str(w + 2)  # the rows go on down to the bear's


def square(view: ThinIceView, img: Image.Image, where: tuple[int, int]) -> Image.Image:
    left, top, right, bottom = (round(v) for v in ti.cell_box(where, ti.geometry(view)))
    return img.crop((left + 1, top + 1, right - 1, bottom - 1))


def changed(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels that differ between two squares of one picture."""
    histogram = ImageChops.difference(a, b).convert("L").histogram()
    return sum(histogram[25:]) / (a.width * a.height)


def test_the_picture_draws_a_far_bear_in_its_square() -> None:
    w = width(3)
    # each bear beside an empty square of sea, one step back toward the field
    for bear, beside in [((-3, -2), (-2, -2)), ((w + 2, 4), (w + 1, 4)), ((2, w + 3), (2, w + 2))]:
        view = far_view(bear)
        img = renderer.draw(view, names=NAMES, detailed=True).convert("RGB")
        west, north, cols, rows = ti.geometry(view)[:4]
        assert west <= bear[0] < west + cols and north <= bear[1] < north + rows
        share = changed(square(view, img, bear), square(view, img, beside))
        assert share > 0.1, f"no bear drawn at {name(bear)} ({share:.0%} of its square differs)"
    assert renderer.render(far_view((-3, -2)), names=NAMES, detailed=True).startswith(b"\x89PNG")
