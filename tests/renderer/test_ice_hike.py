"""The Ice Hike board: image size and mode, colours at known cells, random playouts render."""

from __future__ import annotations

import dataclasses
import random

from PIL import Image

import games
import renderer
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.state import HikeOptions, HikeView
from renderer import ice_hike as ih
from renderer import theme
from renderer.registry import RENDERERS

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def _view(players: int = 3, **changes: object) -> HikeView:
    view = G.view(G.new_game(players, HikeOptions(), 1), None)
    return dataclasses.replace(view, **changes)  # type: ignore[arg-type]


def _tiles(**cells: str) -> str:
    tiles = list(G.new_game(3, HikeOptions(), 1).tiles)
    for name, t in cells.items():
        tiles[B.INDEX[name]] = t
    return "".join(tiles)


def _image(view: HikeView) -> Image.Image:
    return renderer.draw(
        view, names=NAMES[: view.players], detailed=True
    )  # exact colours: before the palette PNG


def _at(img: Image.Image, name: str, dx: float = 0, dy: float = 0) -> tuple[int, ...]:
    x, y = ih.centre_of(name)
    pixel = img.getpixel((round(x + dx), round(y + dy)))
    assert isinstance(pixel, tuple)
    return pixel


def test_registered_and_png_size_and_mode() -> None:
    assert RENDERERS["ice-hike"] is ih.DRAWING
    for players in (2, 3, 5):
        img = _image(_view(players))
        assert img.mode == "RGB"
        assert img.width == ih.WIDTH and img.height >= ih.HEIGHT_MIN


def test_levels_are_shaded_distinctly() -> None:
    tiles = _tiles(H4=B.LAND, H5=B.MOUNTAIN, H6=B.WATER, H7=B.FISH)
    img = _image(_view(tiles=tiles))
    assert _at(img, "H3") == ih.TERRAIN_RGB["ice"]
    assert _at(img, "H4") == ih.TERRAIN_RGB["land"]
    assert _at(img, "H5", dy=4) == ih.TERRAIN_RGB["mountain"]
    assert _at(img, "H6") == ih.TERRAIN_RGB["water"]
    assert _at(img, "H7", dy=ih.SIZE * 0.2) == ih.TERRAIN_RGB["fish"]
    assert _at(img, "E1", dy=ih.SIZE * 0.6) == ih.TERRAIN_RGB["water"]  # printed edge water
    assert len({ih.TERRAIN_RGB[k] for k in ("ice", "land", "mountain", "water", "fish")}) == 5


def test_half_hexes_are_cut_by_the_board_edge() -> None:
    img = _image(_view())
    # C1 is a half hex: above its centre is the frame, below it the ice
    assert _at(img, "C1", dy=-ih.SIZE * 0.5) != ih.TERRAIN_RGB["ice"]
    assert _at(img, "C1", dy=ih.SIZE * 0.5) == ih.TERRAIN_RGB["ice"]
    # B1 is whole
    assert _at(img, "B1", dy=-ih.SIZE * 0.6) == ih.TERRAIN_RGB["ice"]


def test_puppets_bears_igloos_and_cubes() -> None:
    view = _view(
        puppets=("H3", "C3", "L1"),
        bears=("F5",),
        igloos=(("J7",), (), ()),
        tiles=_tiles(D6=B.MOUNTAIN),
        cubes="".join(B.TORCH if n == "D6" else "." for n in B.NAMES),
    )
    img = _image(view)
    assert _at(img, "H3", dx=-6, dy=-ih.SIZE * 0.15) == ih.HIKER_RGB["orange"]
    assert _at(img, "C3", dx=-6, dy=-ih.SIZE * 0.15) == ih.HIKER_RGB["white"]
    assert _at(img, "F5", dx=-6, dy=5) == ih.BEAR_RGB
    assert _at(img, "J7", dx=-ih.SIZE * 0.3, dy=ih.SIZE * 0.1) == ih.HIKER_RGB["orange"]
    assert _at(img, "D6", dx=ih.SIZE * 0.45 - 4, dy=-ih.SIZE * 0.45 + 4) == ih.CUBE_RGB[B.TORCH]


def test_last_move_path_is_highlighted() -> None:
    view = _view(last_moves=(("puppet", ("H3", "H4", "H5")),))
    img = _image(view)
    x0, y0 = ih.centre_of("H3")
    x1, y1 = ih.centre_of("H4")
    pixel = img.getpixel((round((x0 + x1) / 2), round((y0 + y1) / 2)))
    assert pixel == theme.HIGHLIGHT


def test_text_board() -> None:
    view = _view(puppets=("H3", "H3", "C5"), bears=("F5",), tiles=_tiles(H4=B.MOUNTAIN))
    out = renderer.render_text(view, NAMES[:3])
    lines = out.splitlines()
    assert lines[0].startswith("Ice Hike")
    row3 = lines[2 + 3 - 1]
    assert row3.split()[0] == "3"
    assert ".*" in out and ".@" in out and "^" in out and "=S" in out and "=F" in out


def test_every_state_of_random_playouts_renders() -> None:
    for players, seed, opts in (
        (2, 1, HikeOptions()),
        (4, 2, HikeOptions(shorter_game=True)),
        (5, 3, HikeOptions()),
    ):
        state = G.new_game(players, opts, seed)
        chooser = random.Random(seed)
        k = 0
        while G.to_act(state):
            if k % 10 == 0:
                for seat in (None, chooser.randrange(players)):
                    view = G.view(state, seat)
                    assert _image(view).width == ih.WIDTH
                    assert renderer.render_text(view, NAMES[:players])
            seat = chooser.choice(sorted(G.to_act(state)))
            state, _ = games.play(G, state, seat, chooser.choice(list(G.legal_actions(state, seat))))
            k += 1
        _image(G.view(state, None))


def _drawn_on_two_grounds(paint: object, box: tuple[int, int, int, int]) -> tuple[Image.Image, Image.Image]:
    from renderer import pens, theme

    out = []
    for ground in (theme.BLACK, theme.WHITE):
        picture, pen = pens.canvas(box[2], box[3], ground)
        paint(pen)  # type: ignore[operator]
        out.append(picture.crop(box))
    return out[0], out[1]


def test_a_cell_draws_opaque_pixels_inside_its_box_the_same_at_every_level() -> None:
    """What drawing only the changed cells rests on: a cell's pixels (its footprint) do not
    depend on its level or cross, it blends nothing, and its box holds them with room to spare."""
    from PIL import ImageChops

    for cell in range(B.NCELLS):
        box, want = ih._footprint(cell)
        inner = want.getbbox()
        assert inner is not None and inner[0] > 0 and inner[1] > 0, cell
        assert (inner[2] < want.width or box[2] == ih.WIDTH) and (
            inner[3] < want.height or box[3] == ih.HEIGHT_MIN
        )
        for kind in ih.TERRAIN_RGB:
            for crossed in (False, True):
                on_black, on_white = _drawn_on_two_grounds(ih._cell_paint(cell, kind, crossed), box)
                difference = ImageChops.difference(on_black, on_white).convert("L")
                counts = difference.histogram()
                assert sum(counts[1:255]) == 0, (cell, kind)  # opaque: each pixel drawn or not
                drawn = ImageChops.invert(difference).convert("1", dither=Image.Dither.NONE)
                assert drawn.tobytes() == want.tobytes(), (cell, kind, crossed)


def test_a_cell_drawn_from_the_sprite_of_another_place_is_the_cell_drawn_where_it_lies() -> None:
    """A changed cell is pasted from the sprite of a cell that lies the same way between pixels
    (about 30 sprites per level serve 130 cells): every cell at every level, with and without the
    cross, drawn so twice (the second time from the stored sprite) is the cell painted directly."""
    from PIL import ImageChops

    from renderer import pens

    shared = 0
    for cell in range(B.NCELLS):
        for kind in ih.TERRAIN_RGB:
            for crossed in (False, True):
                direct, pen = pens.canvas(ih.WIDTH, ih.HEIGHT_MIN)
                ih._cell_paint(cell, kind, crossed)(pen)
                pasted, pen = pens.canvas(ih.WIDTH, ih.HEIGHT_MIN)
                ih._draw_cell(pen, cell, kind, crossed)
                ih._draw_cell(pen, cell, kind, crossed)
                assert ImageChops.difference(direct, pasted).getbbox() is None, (cell, kind, crossed)
                shared += ih._model(cell, kind, crossed)[0] != cell
    assert shared > 0.7 * B.NCELLS * len(ih.TERRAIN_RGB) * 2


def test_drawing_only_changed_cells_gives_the_board_drawn_from_scratch_in_every_state() -> None:
    """Every third state of seeded playouts, both games' lengths, the public view and a seat's."""
    from renderer import layers

    for players, seed, shorter in ((2, 1, False), (5, 3, False), (3, 4, True)):
        state = G.new_game(players, HikeOptions(shorter_game=shorter), seed)
        rnd = random.Random(seed)
        for step in range(300):
            if step % 3 == 0:
                for seat in (None, step % players):
                    view = G.view(state, seat)
                    cached = renderer.draw(view, names=NAMES[:players], detailed=True)
                    with layers.uncached():
                        scratch = renderer.draw(view, names=NAMES[:players], detailed=True)
                    assert cached.tobytes() == scratch.tobytes(), (players, seed, step, seat)
            awaited = sorted(G.to_act(state))
            if not awaited:
                break
            seat = rnd.choice(awaited)
            state, _ = games.play(G, state, seat, rnd.choice(list(G.legal_actions(state, seat))))
