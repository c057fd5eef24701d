"""The Ice Team board: size and mode, pixels at known cells, every state of random playouts."""

from __future__ import annotations

import io
import random
from dataclasses import replace

from PIL import Image

import games
import renderer
from games.ice_team import ICE_TEAM
from games.ice_team.board import CELLS, FINISH, PLAIN, SEA, SEARCHED, SHIFTING, START, parse_pos
from games.ice_team.state import MOVE, IceTeamState, IceTeamView
from renderer import ice_team as it
from renderer import theme
from renderer.registry import RENDERERS

G = ICE_TEAM
NAMES = ["Ann", "Bob"]


def _state(
    cells: dict[str, str], bears0: tuple[str, ...], bears1: tuple[str, ...], **kw: object
) -> IceTeamState:
    codes = [PLAIN] * CELLS
    for name, code in cells.items():
        codes[parse_pos(name)] = code
    state = IceTeamState(
        seed=1,
        step=3,
        boards=("B'", "A", "C", "D"),
        cells="".join(codes),
        bears=(tuple(parse_pos(p) for p in bears0), tuple(parse_pos(p) for p in bears1)),
        fish=((2, 1), (0, 4)),
        first=0,
        current=0,
        phase=MOVE,
        actions_left=2,
    )
    return replace(state, **kw)  # type: ignore[arg-type]


def _image(view: IceTeamView) -> Image.Image:
    return renderer.draw(view, names=NAMES, detailed=True)  # exact colours: before the palette PNG


def _face_point(name: str) -> tuple[int, int]:
    """A point of a hex's face away from its marks, name and bear."""
    q, r = ord(name[0]) - ord("A"), int(name[1:]) - 1
    x, y = it.cell_center(q, r)
    return round(x - 0.6 * it.SIZE), round(y + 0.15 * it.SIZE)


def _bear_point(name: str) -> tuple[int, int]:
    q, r = ord(name[0]) - ord("A"), int(name[1:]) - 1
    x, y = it.cell_center(q, r)
    return round(x - 8), round(y + 6)


def test_registered_png_size_and_mode() -> None:
    assert RENDERERS["ice-team"] is it.DRAWING
    view = G.view(G.new_game(2, G.options(), 1), None)
    img = Image.open(io.BytesIO(renderer.render(view, names=NAMES, detailed=True)))
    assert img.format == "PNG" and img.mode == "P"  # a palette PNG
    assert img.size == (it.WIDTH, it.height(view))


def test_tile_faces_have_their_colours() -> None:
    cells = {"C2": SEA, "D2": SHIFTING, "E2": SEARCHED, "F2": "C", "G2": "2"}
    view = G.view(_state(cells, ("start",) * 4, ("start",) * 4), None)
    img = _image(view)
    assert img.getpixel(_face_point("C2")) == it.FILL[SEA]
    assert img.getpixel(_face_point("D2")) == it.FILL[SHIFTING]
    assert img.getpixel(_face_point("E2")) == it.FILL[SEARCHED]
    assert img.getpixel(_face_point("F2")) == it.FILL["C"]
    assert img.getpixel(_face_point("B2")) == it.FILL[PLAIN]
    assert it.FILL[SEA] != it.FILL[PLAIN] != it.FILL["C"]


def test_bears_show_their_team_colour_where_they_stand() -> None:
    view = G.view(_state({}, ("C2", "start", "start", "finish"), ("E3", "start", "start", "start")), None)
    img = _image(view)
    assert img.getpixel(_bear_point("C2")) == theme.player(0).rgb
    assert img.getpixel(_bear_point("E3")) == theme.player(1).rgb
    assert img.getpixel(_bear_point("D2")) != theme.player(0).rgb
    x, y = it.position_center("finish", 0, 3)
    assert img.getpixel((round(x - 6), round(y + 5))) == theme.player(0).rgb
    x, y = it.position_center("start", 1, 1)
    assert img.getpixel((round(x - 6), round(y + 5))) == theme.player(1).rgb


def test_last_move_path_is_highlighted() -> None:
    state = _state(
        {},
        ("E2", "start", "start", "start"),
        ("start",) * 4,
        last=(parse_pos("C2"), parse_pos("D2"), parse_pos("E2")),
        last_mover=(0, 0),
    )
    img = _image(G.view(state, None))
    a, b = it.position_center("C2"), it.position_center("D2")  # the path joins where bears stand
    mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
    assert img.getpixel(mid) == theme.HIGHLIGHT
    plain = _image(G.view(_state({}, ("E2", "start", "start", "start"), ("start",) * 4), None))
    assert plain.getpixel(mid) != theme.HIGHLIGHT


def test_text_board_names_cells_bears_and_fish() -> None:
    state = _state({"C2": SEA, "D2": SHIFTING}, ("E2", "start", "start", "finish"), ("start",) * 4)
    board = renderer.render_text(G.view(state, None), NAMES)
    assert "Ann: 3 fish (fresh 2, frozen 1), 1/4 at finish" in board
    assert "sB1" not in board and "B1" in board  # E2 holds blue bear 1
    assert "Finish: B4" in board
    assert START != FINISH


def test_every_state_of_random_playouts_renders() -> None:
    for seed in (1, 2):
        state = G.new_game(2, G.options(), seed)
        chooser = random.Random(seed)
        k = 0
        while True:
            view = G.view(state, state.current if k % 2 else None)
            # every state of the first playout; every fifth of the second (the test stays fast)
            if seed == 1 or k % 5 == 0 or not G.to_act(state):
                img = it.draw(view, NAMES)
                assert img.size == (it.WIDTH, it.height(view))
            assert it.text(view, NAMES)
            if not G.to_act(state):
                break
            action = chooser.choice(list(G.legal_actions(state, state.current)))
            state, _ = games.play(G, state, state.current, action)
            k += 1
