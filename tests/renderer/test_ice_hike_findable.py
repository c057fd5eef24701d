"""Ice Hike cells a stranger can find: every cell but START and FINISH prints its name, and no
piece covers the coordinates around the board or START's and FINISH's names."""

from __future__ import annotations

import dataclasses

from PIL import Image

import renderer
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.state import HikeOptions, HikeView
from renderer import ice_hike as ih
from renderer import layers, pens

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def _view(players: int = 5, **changes: object) -> HikeView:
    view = G.view(G.new_game(players, HikeOptions(), 1), None)
    return dataclasses.replace(view, **changes)  # type: ignore[arg-type]


def _texts(view: HikeView) -> list[pens.DrawnText]:
    with pens.record_layout() as layout:
        renderer.draw(view, names=NAMES[: view.players], detailed=True)
    return layout.texts


def _inside_rectangle(box: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = ih.RECT
    return box[0] >= left and box[1] >= top and box[2] <= right and box[3] <= bottom


def test_every_free_cell_prints_its_name_inside_the_board() -> None:
    """A free cell (no tile yet: where "place D5" puts one) prints its name; a tile covers it."""
    view = _view(tiles=_tiles(D5=B.MOUNTAIN, E5=B.WATER, A4=B.WATER, M6=B.LAND, B10=B.FISH, F7=B.LAND))
    free = {B.NAMES[c] for c in range(B.NCELLS) if view.tiles[c] == B.NO_TILE}
    assert len(free) > 100 and {"D5", "A4", "M6", "B10", "L1", "B9"}.isdisjoint(free)
    with layers.uncached():  # a cached layer replays the names a tile now covers
        named = {t.text: t for t in _texts(view) if t.text in B.INDEX}
    assert set(named) == free, sorted(free ^ set(named))
    for name in free:
        assert _inside_rectangle(named[name].box), (name, named[name].box, ih.RECT)
    cached = renderer.draw(view, names=NAMES, detailed=True)
    with layers.uncached():
        assert cached.tobytes() == renderer.draw(view, names=NAMES, detailed=True).tobytes()


def _tiles(**cells: str) -> str:
    tiles = list(G.new_game(3, HikeOptions(), 1).tiles)
    for name, t in cells.items():
        tiles[B.INDEX[name]] = t
    return "".join(tiles)


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _margin_labels(view: HikeView) -> list[pens.DrawnText]:
    """The column letters and row numbers around the printed rectangle."""
    left, top, right, bottom = ih.RECT
    return [
        t
        for t in _texts(view)
        if t.box[2] <= ih.BOARD_RIGHT and not _overlaps(t.box, (left + 1, top + 1, right - 1, bottom - 1))
    ]


def _differs(a: Image.Image, b: Image.Image, box: tuple[float, ...]) -> bool:
    crop = (int(box[0]), int(box[1]), int(box[2]) + 1, int(box[3]) + 1)
    return a.crop(crop).tobytes() != b.crop(crop).tobytes()


def test_a_puppet_on_a_half_hex_or_corner_covers_no_coordinate() -> None:
    empty = _view(puppets=(None,) * 5)
    plain = renderer.draw(empty, names=NAMES, detailed=True)
    labels = _margin_labels(empty)
    assert len(labels) == 2 * (B.COLS + B.ROWS)
    for where in ("M1", "A1", "C1", "M5", "A6", "B10", "L10"):
        for crowd in (1, 3, 5):
            view = _view(puppets=(where,) * crowd + (None,) * (5 - crowd))
            img = renderer.draw(view, names=NAMES, detailed=True)
            covered = [t.text for t in labels if _differs(img, plain, t.box)]
            assert not covered, (where, crowd, covered)


def test_start_shows_its_name_under_five_puppets() -> None:
    empty = _view(puppets=(None,) * 5)
    crowded = _view(puppets=(B.START_NAME,) * 5)
    start = [t for t in _texts(empty) if t.text == "START"]
    assert len(start) == 1
    box = start[0].box
    plain, img = (
        renderer.draw(empty, names=NAMES, detailed=True),
        renderer.draw(crowded, names=NAMES, detailed=True),
    )
    crop = (int(box[0]), int(box[1]), int(box[2]) + 1, int(box[3]) + 1)
    # the name's own pixels are the same with five puppets there (drawn last, over them)
    name_pixels = [
        (x, y)
        for x in range(crop[0], crop[2])
        for y in range(crop[1], crop[3])
        if plain.getpixel((x, y)) == (30, 30, 30) or sum(plain.getpixel((x, y))) < 200  # type: ignore[arg-type]
    ]
    assert name_pixels
    assert all(img.getpixel(p) == plain.getpixel(p) for p in name_pixels)
