"""The Thin Ice board: size and mode, pixels at known squares, every state of random playouts."""

from __future__ import annotations

import random
from dataclasses import replace

from PIL import Image

import games
import renderer
from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import Tile, parse_cell
from games.thin_ice.state import PLAY, ThinIceOptions, ThinIceState, ThinIceView
from renderer import theme
from renderer import thin_ice as ti
from renderer.registry import RENDERERS

NAMES = ["Ann", "Bob", "Cy"]


def cell(text: str) -> tuple[int, int]:
    p = parse_cell(text)
    assert p is not None
    return p


def _state(**kw: object) -> ThinIceState:
    tiles = {
        cell("B2"): Tile("ice"),
        cell("C2"): Tile("ice", True),
        cell("D2"): Tile("hole"),
        cell("E2"): Tile("whale", True),
        cell("B3"): Tile("perma", True),
        cell("C3"): Tile("kraken", True),
        cell("D3"): Tile("partial", False, 0),
        cell("E3"): Tile("ice"),
        cell("B4"): Tile("ice"),
        cell("C4"): Tile("ice"),
    }
    s = G.new_game(3, ThinIceOptions(kraken=True), 1)
    s = replace(
        s,
        phase=PLAY,
        current=0,
        tiles=tuple(sorted(tiles.items())),
        meeples=(cell("E3"), cell("B4"), None),
        out=("", "", "lost at sea"),
        bear=cell("C4"),
        awake=True,
        die="crack",
    )
    return replace(s, **kw)  # type: ignore[arg-type]


def _image(view: ThinIceView) -> Image.Image:
    return renderer.draw(view, names=NAMES, detailed=True)  # exact colours: before the palette PNG


def _at(img: Image.Image, name: str, fx: float, fy: float) -> tuple[int, int, int]:
    x0, y0, x1, y1 = ti.cell_box(cell(name))
    px = img.getpixel((int(x0 + fx * (x1 - x0)), int(y0 + fy * (y1 - y0))))
    assert isinstance(px, tuple)
    return (px[0], px[1], px[2])


def test_registered_and_size_and_mode() -> None:
    assert RENDERERS["thin-ice"] is ti.DRAWING
    view = G.view(_state(), 0)
    img = ti.draw(view, NAMES)
    assert img.mode == "RGB" and img.size == (theme.TARGET_WIDTH, ti.height(view))


def test_each_tile_face_at_its_square() -> None:
    img = _image(G.view(_state(), None))
    assert _at(img, "A1", 0.5, 0.5) == ti.SEA
    assert _at(img, "B2", 0.5, 0.6) == ti.FACE_FILL["ice"]
    assert _at(img, "C2", 0.8, 0.7) == ti.FACE_FILL["cracked"]
    assert _at(img, "D2", 0.5, 0.5) == theme.TERRAIN["hole"]
    assert _at(img, "E2", 0.85, 0.15) == ti.FACE_FILL["whale"]
    assert _at(img, "B3", 0.3, 0.7) == ti.FACE_FILL["perma"]
    assert _at(img, "C3", 0.5, 0.9) == ti.FACE_FILL["kraken"]
    # partial ice, NE corner iced: ice near that corner, sea in the opposite one
    assert _at(img, "D3", 0.85, 0.3) == ti.FACE_FILL["partial"]
    assert _at(img, "D3", 0.12, 0.88) == ti.SEA


def test_meeples_by_colour_and_bear_awake_or_asleep() -> None:
    img = _image(G.view(_state(), None))
    x0, y0, x1, y1 = ti.cell_box(cell("E3"))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2 + 4
    assert img.getpixel((int(mx - 10), int(my))) == theme.player(0).rgb
    bx, by = ti.cell_centre(cell("C4"))
    awake = img.getpixel((int(bx + 18), int(by + 5)))
    asleep = _image(G.view(_state(awake=False), None)).getpixel((int(bx + 18), int(by + 5)))
    assert asleep == ti.BEAR_FILL and awake != ti.BEAR_FILL


def test_hand_only_in_the_owners_picture_and_text() -> None:
    s = _state(hands=(("flare",), ("run", "leap"), ()))
    assert "Flare" in ti.text(G.view(s, 0), NAMES)
    assert "Flare" not in ti.text(G.view(s, 1), NAMES) and "Run" in ti.text(G.view(s, 1), NAMES)
    assert "Flare" not in ti.text(G.view(s, None), NAMES)
    out = ti.text(G.view(s, None), NAMES)
    assert "Ann: on ice, 1 card" in out and "Cy: lost at sea" in out and "Die: crack" in out
    assert out.splitlines()[0].split()[:3] == ["A", "B", "C"]


def test_every_state_of_random_playouts_renders() -> None:
    for players, kraken, seed in ((3, False, 1), (6, True, 2)):
        s = G.new_game(players, ThinIceOptions(kraken=kraken), seed)
        rnd = random.Random(seed)
        while True:
            for seat in (None, s.current) if s.step % 2 else (s.current,):
                view = G.view(s, seat)
                img = ti.draw(view, NAMES[:players])
                assert img.size[0] == theme.TARGET_WIDTH
                assert ti.text(view, NAMES[:players])
            if not G.to_act(s):
                break
            seat = rnd.choice(sorted(G.to_act(s)))
            s, _ = games.play(G, s, seat, rnd.choice(list(G.legal_actions(s, seat))))
