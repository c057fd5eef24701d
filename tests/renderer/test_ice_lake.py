"""The Ice Lake board: pixels at known cell centres, every state of random playouts, frames, text."""

from __future__ import annotations

import io
import math
import random
from dataclasses import replace

from PIL import Image

import games
import renderer
from games.hexgrid import Hex
from games.ice_lake import ICE_LAKE
from games.ice_lake.actions import Plan
from games.ice_lake.board import edge
from games.ice_lake.state import IceLakeOptions, LakeState, LakeView
from games.words import tell
from renderer import encoding, theme
from renderer import ice_lake as r
from renderer.registry import RENDERERS

G = ICE_LAKE
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def _state(players: int = 3) -> LakeState:
    return G.new_game(players, IceLakeOptions(), 1)


def _image(view: LakeView) -> Image.Image:
    return renderer.draw(
        view, names=NAMES[: view.players], detailed=True
    )  # exact colours: before the palette PNG


def _px(img: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    p = img.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(p, tuple)
    return p[0], p[1], p[2]


def test_registered_and_png_size_and_mode() -> None:
    assert RENDERERS["ice-lake"] is r.DRAWING
    for players in (2, 3, 4):
        data = renderer.render(G.view(_state(players), None), names=NAMES[:players], detailed=True)
        img = Image.open(io.BytesIO(data))
        assert img.format == "PNG" and img.mode == "P"  # a palette PNG
        assert img.width == r.WIDTH and img.height >= r.BOARD_BOTTOM


def test_ice_and_shore_hexes_at_their_centres() -> None:
    img = _image(G.view(_state(), None))
    assert _px(img, r.center(Hex(1, 1))) == r.ICE  # an empty inner hex
    assert _px(img, r.center(Hex(0, 5))) == r.SHORE  # F11, on the shore
    assert _px(img, r.center(Hex(6, 0))) == r.WATER  # off the lake


def test_skaters_are_drawn_in_their_colour_and_fallen_ones_greyed() -> None:
    state = _state(3)
    state = replace(
        state, positions=(state.positions[0], None, state.positions[2]), fallen_at=(None, Hex(2, 2), None)
    )
    img = _image(G.view(state, None))
    for seat in (0, 2):
        h = state.positions[seat]
        assert h is not None
        x, y = r.center(h)
        assert _px(img, (x - 8, y + 8)) == theme.player(seat).rgb
    x, y = r.center(Hex(2, 2))
    assert _px(img, (x - 10, y + 1)) == theme.grey(theme.player(1).rgb)  # clear of the red cross


def test_cracks_are_lines_between_centres() -> None:
    a, b = Hex(1, 1), Hex(1, 2)
    state = replace(_state(), cracks=frozenset({edge(a, b)}))
    img = _image(G.view(state, None))
    (x0, y0), (x1, y1) = r.center(a), r.center(b)
    assert _px(img, ((x0 + x1) / 2, (y0 + y1) / 2)) == r.CRACK
    other = r.center(Hex(-2, 1)), r.center(Hex(-2, 2))
    mid = ((other[0][0] + other[1][0]) / 2, (other[0][1] + other[1][1]) / 2)
    assert _px(img, mid) != r.CRACK


def test_private_planning_view_draws_the_own_planned_path_only() -> None:
    state, _ = games.play(G, _state(3), 0, Plan("SSS"))
    start, facing = state.positions[0], state.facings[0]
    assert start is not None
    third = start.step(facing, 3)
    x, y = r.center(third)
    ring = (x + 9, y)
    colour = theme.darken(theme.player(0).rgb, 0.15)
    assert _px(_image(G.view(state, 0)), ring) == colour
    assert _px(_image(G.view(state, None)), ring) != colour
    assert _px(_image(G.view(state, 1)), ring) != colour


def test_frames_animate_the_last_movement_phase() -> None:
    state = _state(2)
    state, _ = games.play(G, state, 0, Plan("SS"))
    state, _ = games.play(G, state, 1, Plan("SL"))
    view = G.view(state, None)
    shots = [shot.copy() for shot in r.frames(view, NAMES[:2])]  # one picture redrawn: keep copies
    assert len(shots) == len(view.last_movement) == 5
    assert len({s.size for s in shots}) == 1
    # In the first frame skater 0 stands on its start hex; in the last it has moved on.
    first = view.last_movement[0].positions[0]
    assert first is not None
    x, y = r.center(first)
    assert _px(shots[0], (x - 8, y + 8)) == theme.player(0).rgb
    assert _px(shots[-1], (x - 8, y + 8)) != theme.player(0).rgb
    gif = renderer.render_animation(view, NAMES[:2])
    assert gif is not None and gif[:6] == b"GIF89a" and len(gif) < encoding.DISCORD_LIMIT


def test_no_animation_before_any_movement() -> None:
    assert renderer.render_animation(G.view(_state(), None), NAMES[:3]) is None


def test_text_board_names_cells_and_skaters() -> None:
    state = _state(2)
    out = renderer.render_text(G.view(state, 0), NAMES[:2])
    assert "F6" in out and "1SE" in out and "2NW" in out
    assert "Ann: F3 facing SE" in out
    state, _ = games.play(G, state, 0, Plan("LRS"))
    assert "your plan: LRS" in renderer.render_text(G.view(state, 0), NAMES[:2])
    assert "LRS" not in renderer.render_text(G.view(state, 1), NAMES[:2])


def test_tell_names_the_seats_of_a_finished_text() -> None:
    assert tell("{0} skates to {1}", ["Ann", "Bob"]) == "Ann skates to Bob"


def test_every_state_of_random_playouts_renders() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = G.new_game(players, IceLakeOptions(), seed)
        chooser = random.Random(seed)
        while True:
            for seat in [None, *range(players)]:
                view = G.view(state, seat)
                img = r.draw(view, NAMES[:players])
                assert img.mode == "RGB" and img.width == r.WIDTH
                assert r.text(view, NAMES[:players])
            if view.last_movement:
                assert sum(1 for _ in r.frames(view, NAMES[:players])) == len(view.last_movement)
            awaited = G.to_act(state)
            if not awaited:
                break
            seat = chooser.choice(sorted(awaited))
            state, _ = games.play(G, state, seat, chooser.choice(list(G.legal_actions(state, seat))))


def test_facing_angles_point_at_the_neighbour() -> None:
    h = Hex(0, 0)
    cx, cy = r.center(h)
    for d, angle in r.ANGLES.items():
        nx, ny = r.center(h.step(d))
        assert math.isclose(math.degrees(math.atan2(ny - cy, nx - cx)), angle, abs_tol=1e-6)


def _ring_around(h: Hex) -> frozenset[tuple[Hex, Hex]]:
    """The six cracks between ``h``'s neighbours: ``h`` and its six triangles are closed off."""
    from games.hexgrid import CLOCKWISE

    around = [h.step(d) for d in CLOCKWISE]
    return frozenset(edge(a, b) for a, b in zip(around, around[1:] + around[:1], strict=True))


def _inside_triangle(a: Hex, b: Hex, c: Hex) -> tuple[float, float]:
    """A point of the triangle of these hex centres inside ``a``'s hex, clear of its outline and
    its name (the triangle's centroid is the three hexes' shared corner)."""
    points = [r.center(h) for h in (a, b, c)]
    weights = (0.5, 0.25, 0.25)
    return sum(w * p[0] for w, p in zip(weights, points, strict=True)), sum(
        w * p[1] for w, p in zip(weights, points, strict=True)
    )


def test_ice_closed_off_by_cracks_is_shaded_and_named_in_the_text() -> None:
    from games.hexgrid import CLOCKWISE

    middle = Hex(0, 0)
    state = replace(_state(), cracks=_ring_around(middle))
    view = G.view(state, None)
    img = _image(view)
    around = [middle.step(d) for d in CLOCKWISE]
    closed = _inside_triangle(middle, around[0], around[1])
    assert _px(img, closed) == r.CLOSED  # a triangle inside the ring of cracks
    open_ice = _inside_triangle(around[0], around[1], around[0].step(CLOCKWISE[1]))
    assert _px(img, open_ice) == r.ICE  # just outside it, the ice still reaches the shore
    assert "Closed off by cracks: F6" in renderer.describe(view, NAMES[:3])
    assert "Closed off" not in renderer.describe(G.view(_state(), None), NAMES[:3])
