"""The Thin Ice board: the square grid of ice in its ring of sea, the bear, meeples and cards.

Layout (960 px wide)::

    +-------------------------------------+  +-----------------------+
    |    A   B   C   D   E   F   G         |  | legend: whose turn,   |
    | 1 sea ...                            |  | players (status,      |
    | 2     ice tiles, bear, meeples       |  | cards in hand)        |
    | ...                                  |  | deck / discard / die  |
    +-------------------------------------+  | your hand, effects    |
    | key: tile faces            [die]    |  +-----------------------+
    +-------------------------------------+

Each tile face has its own colour *and* mark: plain ice, cracked ice (crack lines in a corner,
clear of the square's name and of the pieces in its middle), ice hole (a dark hole), cracked
hole (hole and cracks), Killer Whale (dark water with a fin and "W"), perma-ice (snow with a
thick frame and "∞", never a letter a player could wear), Kraken (purple with tentacles and
"K"), partial ice (only the iced corner is ice; rotating partial ice adds a turning arrow;
cracked ones carry cracks). The bear is a white bear's head when awake and a lying body with
"zz" when asleep. Meeples are their player's shape, colour and letter; a fallen meeple lies on
its side (a bar under it), a swimmer wears an orange ring. The last action's squares are
ringed; each square's name is drawn over the ring, on a plate of the tile's colour.

The sea is unbounded: the board grows from the field to every tile, meeple or bear beyond it
(:func:`geometry`), shrinking the squares to keep the picture's width.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from itertools import pairwise
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.thin_ice.board import CORNERS, name
from games.thin_ice.state import ThinIceView
from games.words import Said, say
from renderer import drawing, layers, legend, lettering, pens, theme
from renderer.registry import Drawing
from renderer.speech import told
from renderer.theme import RGB
from renderer.thin_ice_words import footer as panel_footer
from renderer.thin_ice_words import holding, in_words, key, text
from renderer.thin_ice_words import rows as _rows  # noqa: F401  (the tests' name)
from renderer.thin_ice_words import rows as panel_rows
from renderer.thin_ice_words import status as panel_status

# --------------------------------------------------------------------------- layout

WIDTH = theme.TARGET_WIDTH
CELL = 68  # square side in pixels (8x8 field for 5-6 players, 7x7 for 3-4)
LABEL = 24  # coordinate band
BOARD_LEFT = theme.MARGIN
BOARD_TOP = theme.MARGIN
PANEL_LEFT = WIDTH - theme.MARGIN - theme.PANEL_WIDTH
KEY_HEIGHT = 92
TOKEN_R = 15

SEA: RGB = theme.TERRAIN["water"]
SEA_EDGE: RGB = theme.darken(SEA, 0.2)
FACE_FILL: dict[str, RGB] = {
    "ice": theme.TERRAIN["ice"],
    "cracked": theme.TERRAIN["thin ice"],
    "hole": theme.TERRAIN["ice"],
    "cracked-hole": theme.TERRAIN["thin ice"],
    "whale": theme.TERRAIN["deep water"],
    "perma": theme.TERRAIN["snow"],
    "kraken": (120, 70, 140),
    "partial": theme.TERRAIN["ice"],
    "cracked-partial": theme.TERRAIN["thin ice"],
    "rotating": theme.TERRAIN["ice"],
    "cracked-rotating": theme.TERRAIN["thin ice"],
}
#: The key card's tile faces and their names (:func:`key_labels` lays the names out).
KEY_FACES: tuple[tuple[str, Said], ...] = (
    # Translators: the names under the tiles of the key card: each at most about 9 letters
    ("ice", say("ice")),
    ("cracked", say("cracked")),
    ("hole", say("hole")),
    # Translators: short for "cracked hole", under a tile of the key card
    ("cracked-hole", say("crk hole")),
    ("whale", say("whale")),
    ("perma", say("perma-ice")),
    ("kraken", say("kraken")),
    ("partial", say("partial")),
    ("rotating", say("rotating")),
)
#: The die's faces as its label prints them (at most about 54 px wide at 11 px).
DIE_MARK: dict[str, Said] = {
    "bear": say("BEAR"),
    "crack": say("CRACK"),
    "slide": say("SLIDE"),
    "refreeze": say("FREEZE"),
}
#: The key's tiles: their side, how far apart they are, and their names' size, line pitch and the
#: room a name leaves its neighbour.
KEY_TILE = 40
KEY_STEP = 56
KEY_LABEL_SIZE = 11
KEY_LABEL_PITCH = 13
KEY_LABEL_GAP = 4
#: The widest a key name on one line of names gets (a little more than a step).
KEY_LABEL_WIDTH = 60
#: The die's box on the key card: its width, and its label's sizes, largest first.
DIE_WIDTH = 62
DIE_MARK_SIZES = (11, 10, 9)
JACKET: RGB = theme.OKABE_ITO["orange"]
BEAR_FILL: RGB = theme.WHITE


#: Room for the field left of the legend: squares shrink below :data:`CELL` to stay within it.
FIELD_ROOM = PANEL_LEFT - theme.GAP - BOARD_LEFT - LABEL
#: Smallest square that still prints its name.
NAMED_CELL = 44


class Geometry(NamedTuple):
    """Where the squares are: the cell at the north-west corner shown, the number of columns
    and rows shown, the square side and the pixel corner of that north-west cell."""

    west: int
    north: int
    cols: int
    rows: int
    cell: float
    ox: float
    oy: float

    @property
    def scale(self) -> float:
        """Pieces and marks shrink with the squares."""
        return self.cell / CELL


def field_origin() -> tuple[float, float]:
    return BOARD_LEFT + LABEL, BOARD_TOP + LABEL


def geometry(view: ThinIceView) -> Geometry:
    """The squares to show: the field (``view.width`` squares a side) and every tile, meeple
    and bear present, however far out in the sea (computed from the positions, so any distance
    works); square sides shrink when the extent is wider than :data:`FIELD_ROOM` allows."""
    cells = [(0, 0), (view.width - 1, view.width - 1), *(cell for cell, _, _ in view.tiles)]
    cells += [m for m in view.meeples if m is not None]
    if view.bear is not None:
        cells.append(view.bear)
    west, north = min(x for x, _ in cells), min(y for _, y in cells)
    cols = max(x for x, _ in cells) - west + 1
    rows = max(y for _, y in cells) - north + 1
    cell = min(float(CELL), FIELD_ROOM / max(cols, rows))
    ox, oy = field_origin()
    return Geometry(west, north, cols, rows, cell, ox, oy)


#: The geometry of a field of 8 squares with nothing beyond it (tests and the key use it).
DEFAULT = Geometry(0, 0, 8, 8, CELL, *field_origin())


def cell_box(cell: tuple[int, int], geo: Geometry = DEFAULT) -> theme.Box:
    x = geo.ox + (cell[0] - geo.west) * geo.cell
    y = geo.oy + (cell[1] - geo.north) * geo.cell
    return (x, y, x + geo.cell, y + geo.cell)


def cell_centre(cell: tuple[int, int], geo: Geometry = DEFAULT) -> tuple[float, float]:
    b = cell_box(cell, geo)
    return (b[0] + b[2]) / 2, (b[1] + b[3]) / 2


def board_bottom(view: ThinIceView) -> float:
    geo = geometry(view)
    return geo.oy + geo.rows * geo.cell


def _names(view: ThinIceView, names: Sequence[str]) -> list[str]:
    return lettering.display_names(list(names) + legend.default_names(view.players)[len(names) :])


def height(view: ThinIceView, names: Sequence[str] = ()) -> int:
    names = _names(view, names)
    legend_h = legend.legend_height(
        panel_rows(view, names), [told(line, names) for line in panel_footer(view, lettered=True)]
    )
    board_h = board_bottom(view) - BOARD_TOP + theme.GAP + KEY_HEIGHT
    return int(max(board_h, legend_h) + 2 * theme.MARGIN)


# --------------------------------------------------------------------------- tiles


#: Where a tile's cracks go, as fractions of the square: a corner clear of the name (top left)
#: and of the pieces (the middle). Partial ice puts them in its iced corner.
CRACK_REGION: dict[str, theme.Box] = {
    "full": (0.76, 0.5, 0.98, 0.98),
    "NE": (0.76, 0.03, 0.98, 0.4),
    "SE": (0.76, 0.5, 0.98, 0.98),
    "SW": (0.03, 0.62, 0.22, 0.98),
    "NW": (0.4, 0.03, 0.7, 0.3),
}


def corner_cracks(draw: ImageDraw.ImageDraw, box: theme.Box, where: str, colour: RGB) -> None:
    """A tile's crack mark, in the corner :data:`CRACK_REGION` names."""
    x0, y0, x1, y1 = box
    fx0, fy0, fx1, fy1 = CRACK_REGION[where]
    w, h = x1 - x0, y1 - y0
    cracks(draw, (x0 + fx0 * w, y0 + fy0 * h, x0 + fx1 * w, y0 + fy1 * h), colour)


def cracks(draw: ImageDraw.ImageDraw, box: theme.Box, colour: RGB = theme.INK) -> None:
    """A zigzag crack with a branch filling ``box`` (the die's crack face, a tile's mark)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    line = [
        (x0 + 0.15 * w, y0 + 0.2 * h),
        (x0 + 0.4 * w, y0 + 0.45 * h),
        (x0 + 0.3 * w, y0 + 0.6 * h),
        (x0 + 0.6 * w, y0 + 0.85 * h),
    ]
    draw.line(line, fill=colour, width=2)
    draw.line(
        [(x0 + 0.4 * w, y0 + 0.45 * h), (x0 + 0.75 * w, y0 + 0.3 * h), (x0 + 0.85 * w, y0 + 0.12 * h)],
        fill=colour,
        width=2,
    )


def tile(draw: ImageDraw.ImageDraw, box: theme.Box, face: str, turn: int = 0, *, least: int = 0) -> None:
    """One tile face, distinct by colour and by mark (its letters ``least`` px tall at least)."""
    x0, y0, x1, y1 = box
    inset = (x0 + 2, y0 + 2, x1 - 2, y1 - 2)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = (x1 - x0) / 2
    fill = FACE_FILL.get(face, theme.TERRAIN["ice"])
    if face in ("partial", "cracked-partial", "rotating", "cracked-rotating"):
        corner = CORNERS[turn % 4]
        pts = {
            "NW": (inset[0], inset[1]),
            "NE": (inset[2], inset[1]),
            "SE": (inset[2], inset[3]),
            "SW": (inset[0], inset[3]),
        }
        order = ["NW", "NE", "SE", "SW"]
        i = order.index(corner)
        tri = [pts[order[(i - 1) % 4]], pts[corner], pts[order[(i + 1) % 4]]]
        drawing.polygon(draw, tri, fill=fill, outline=theme.INK, width=2)
        if face.startswith("cracked"):
            corner_cracks(draw, inset, corner, theme.darken(fill, 0.5))
        if "rotating" in face:
            draw.arc(
                (cx - r * 0.35, cy - r * 0.35, cx + r * 0.35, cy + r * 0.35),
                200,
                500,
                fill=theme.INK,
                width=3,
            )
            drawing.polygon(
                draw,
                [(cx + r * 0.35, cy - 6), (cx + r * 0.35 + 7, cy + 2), (cx + r * 0.35 - 7, cy + 2)],
                fill=theme.INK,
            )
        return
    if face == "perma":
        draw.rectangle(inset, fill=fill, outline=theme.INK, width=max(2, round(r / 7)))
        lettering.text(
            draw, (cx, cy), "∞", max(9, least, round(r * 0.85)), theme.MUTED, anchor="mm", bold=True
        )
        return
    draw.rectangle(inset, fill=fill, outline=theme.INK, width=2)
    if face in ("hole", "cracked-hole"):
        draw.ellipse(
            (cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6),
            fill=theme.TERRAIN["hole"],
            outline=theme.INK,
            width=2,
        )
    if face in ("cracked", "cracked-hole"):
        corner_cracks(draw, inset, "full", theme.darken(fill, 0.55))
    if face == "whale":
        drawing.polygon(
            draw,
            [(cx - r * 0.45, cy + r * 0.25), (cx + r * 0.1, cy - r * 0.55), (cx + r * 0.25, cy + r * 0.25)],
            fill=theme.BLACK,
            outline=theme.WHITE,
            width=2,
        )
        lettering.halo_text(draw, (cx, cy + r * 0.5), "W", max(8, least, round(r * 0.47)), theme.WHITE)
    if face == "kraken":
        for k in range(4):
            a = k * math.pi / 2 + math.pi / 4
            ex, ey = cx + math.cos(a) * r * 0.7, cy + math.sin(a) * r * 0.7
            draw.line([(cx, cy), (ex, ey)], fill=theme.lighten(fill, 0.5), width=4)
        lettering.halo_text(draw, (cx, cy), "K", max(8, least, round(r * 0.6)), theme.WHITE)


# --------------------------------------------------------------------------- pieces


def bear(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, awake: bool, k: float = 1.0, *, least: int = 0
) -> None:
    """Awake: a white bear's head with ears and eyes. Asleep: a lying body with "zz" (``least``
    px tall at least). ``k`` scales it with the squares."""

    def box(x0: float, y0: float, x1: float, y1: float) -> theme.Box:
        return (cx + x0 * k, cy + y0 * k, cx + x1 * k, cy + y1 * k)

    if awake:
        r = 14
        for ex in (-10, 10):
            draw.ellipse(box(ex - 6, -r - 2, ex + 6, -r + 10), fill=BEAR_FILL, outline=theme.INK, width=2)
        draw.ellipse(box(-r, -r, r, r), fill=BEAR_FILL, outline=theme.INK, width=2)
        for ex in (-6, 6):
            draw.ellipse(box(ex - 2, -5, ex + 2, -1), fill=theme.INK)
        draw.ellipse(box(-4, 4, 4, 9), fill=theme.INK)
    else:
        draw.ellipse(box(-24, -10, 24, 12), fill=BEAR_FILL, outline=theme.INK, width=2)
        draw.ellipse(box(14, -16, 30, 0), fill=BEAR_FILL, outline=theme.INK, width=2)
        lettering.text(
            draw, (cx - 6 * k, cy + k), "zz", max(8, least, round(15 * k)), theme.INK, anchor="mm", bold=True
        )


def meeple(
    draw: ImageDraw.ImageDraw,
    seat: int,
    cx: float,
    cy: float,
    *,
    down: bool,
    swimming: bool,
    k: float = 1.0,
    least: int = 0,
) -> None:
    """A meeple (``k`` scales it with the squares): its player's token, an orange ring when it
    swims, a red bar under it when it is down. Its letter is ``least`` px tall at least: the
    token grows to hold it."""
    r = max(TOKEN_R * k, least / 1.1)
    if swimming:
        ring = r + 6 * k
        draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), outline=JACKET, width=max(2, round(5 * k)))
    drawing.player_token(draw, seat, cx, cy, r)
    if down:  # lying down: a bar under it
        draw.rectangle((cx - r, cy + r + 3 * k, cx + r, cy + r + 7 * k), fill=theme.DANGER)


def die(draw: ImageDraw.ImageDraw, box: theme.Box, face: str) -> None:
    draw.rounded_rectangle(box, radius=10, fill=theme.WHITE, outline=theme.INK, width=3)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    if not face:
        lettering.text(draw, (cx, cy), "-", 20, theme.MUTED, anchor="mm")
        return
    if face == "bear":
        bear(draw, cx, cy - 4, True)
    elif face == "crack":
        cracks(draw, (box[0] + 8, box[1] + 6, box[2] - 8, box[3] - 14))
    elif face == "slide":
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            draw.line((cx, cy - 4, cx + dx * 18, cy - 4 + dy * 14), fill=theme.INK, width=3)
    else:
        for k in range(3):
            a = k * math.pi / 3
            draw.line(
                (
                    cx - math.cos(a) * 16,
                    cy - 4 - math.sin(a) * 16,
                    cx + math.cos(a) * 16,
                    cy - 4 + math.sin(a) * 16,
                ),
                fill=theme.OKABE_ITO["blue"],
                width=3,
            )
    mark = in_words(DIE_MARK, face)
    room = box[2] - box[0] - 6
    size = lettering.largest_size(mark, DIE_MARK_SIZES, room)
    lettering.text(draw, (cx, box[3] - 9), mark, size, theme.INK, anchor="mm", max_width=room)


def _last_cells(view: ThinIceView) -> list[tuple[int, int]]:
    """The cells the last action's notation names, else the cell of its player's meeple."""
    if view.last is None:
        return []
    out = []
    for m in re.finditer(r"\b([A-H])([1-9])\b", view.last.notation.upper()):
        out.append((ord(m.group(1)) - 65, int(m.group(2)) - 1))
    seat = view.last.seat
    if not out and seat < view.players:
        mine = view.meeples[seat]
        if mine is not None:
            out.append(mine)
    return out


# --------------------------------------------------------------------------- draw


def draw(view: ThinIceView, names: Sequence[str]) -> Image.Image:
    names = _names(view, names)
    geo = geometry(view)
    rows = panel_rows(view, names)
    footer = [told(line, names) for line in panel_footer(view, lettered=True)]
    legend_h = legend.legend_height(rows, footer)
    img, d = _background(view, geo, legend_h)
    _draw_board(d, view, geo)
    ky = geo.oy + geo.rows * geo.cell + theme.GAP
    die(d, (DIE_LEFT, ky + 10, DIE_LEFT + DIE_WIDTH, ky + KEY_HEIGHT - 10), view.die)
    legend.legend(
        d, (PANEL_LEFT, theme.MARGIN, WIDTH - theme.MARGIN, theme.MARGIN + legend_h), "Thin Ice", rows, footer
    )
    return img


def phone(view: ThinIceView, names: Sequence[str]) -> Image.Image:
    """The phone board: the squares shown and their coordinates, without the key, the die and
    the panel (:func:`facts` says them in words); every text on it reads on a phone."""
    geo = geometry(view)
    edge = theme.PHONE_EDGE
    box = (
        BOARD_LEFT - edge,
        BOARD_TOP - edge,
        math.ceil(geo.ox + geo.cols * geo.cell) + edge,
        math.ceil(geo.oy + geo.rows * geo.cell) + edge,
    )
    least = theme.phone_text(box[2] - box[0])
    img, d = _background(view, geo, 0, least)
    _draw_board(d, view, geo, least)
    return pens.arranged(img, (box[2] - box[0], box[3] - box[1]), [(box, None, (0, 0))])


def facts(view: ThinIceView, names: Sequence[str]) -> list[str]:
    """The panel's lines for the message beside the phone board (the key apart: :func:`key`)."""
    names = _names(view, names)
    footer = [told(line, names) for line in panel_footer(view, lettered=True)]
    return [*legend.facts(panel_rows(view, names), footer, status=panel_status(view, names)), *holding(view)]


def _draw_board(d: ImageDraw.ImageDraw, view: ThinIceView, geo: Geometry, least: int = 0) -> None:
    """The tiles, the last action's rings, the bear and the meeples (their letters ``least``
    px tall at least)."""
    tiles = {cell: face for cell, face, _ in view.tiles}
    last = [
        cell
        for cell in _last_cells(view)
        if geo.west <= cell[0] < geo.west + geo.cols and geo.north <= cell[1] < geo.north + geo.rows
    ]
    _draw_tiles(d, view, geo, last, least)
    for cell in last:
        if cell not in tiles:
            _ring(d, cell_box(cell, geo))
    k = geo.scale
    if view.bear is not None:
        bx, by = cell_centre(view.bear, geo)
        bear(d, bx + (10 * k if _meeples_at(view, view.bear) else 0), by, view.awake, k, least=least)
    groups: dict[tuple[int, int], list[int]] = {}
    for s, m in enumerate(view.meeples):
        if m is not None and view.status[s] not in ("retired",):
            groups.setdefault(m, []).append(s)
    for cell, seats in groups.items():
        mx, my = cell_centre(cell, geo)
        for i, s in enumerate(seats):
            dx = (i - (len(seats) - 1) / 2) * (TOKEN_R * 2 + 2) * k
            meeple(
                d,
                s,
                mx + dx,
                my + 4 * k,
                down=view.status[s] == "down",
                swimming=cell not in tiles,
                k=k,
                least=least,
            )


def _background(
    view: ThinIceView, geo: Geometry, legend_h: int, least: int = 0
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture as tall as the board or the legend holding the static layer of the squares
    shown (:func:`_draw_static`, keyed by the geometry and the field's corners: numbers that
    change only when a piece or tile goes further out to sea), its coordinates ``least`` px
    tall at least."""
    (gx0, gy0), (gx1, gy1) = view.grid
    players = view.players
    key = ("thin-ice", "field", *geo, gx0, gy0, gx1, gy1, players, least)
    board_h = int(geo.oy + geo.rows * geo.cell + theme.GAP + KEY_HEIGHT + theme.MARGIN)
    h = int(max(board_h - 2 * theme.MARGIN, legend_h) + 2 * theme.MARGIN)

    def paint(d: ImageDraw.ImageDraw) -> None:
        _draw_static(d, ((gx0, gy0), (gx1, gy1)), geo, least)
        colours = ("thin-ice", "colours", *geo, players)
        layers.expect(d, colours, (WIDTH, max(board_h, 900)), lambda pen: _vocabulary(pen, geo, players))

    static = layers.layer(key, (WIDTH, board_h), paint)
    if static.size == (WIDTH, h):
        return static, pens.drawing(static)
    img, d = pens.canvas(WIDTH, h)
    pens.paste(img, static, (0, 0))
    return img, d


def _draw_tiles(
    d: ImageDraw.ImageDraw, view: ThinIceView, geo: Geometry, last: Sequence[tuple[int, int]], least: int = 0
) -> None:
    """Every tile, ringed when the last action named it, with its name when squares are large
    enough (names over the marks and the ring, under the pieces). A tile draws inside its own
    square only, so each is drawn whole in turn. (Not sprites: the squares are large and change
    size and place with the geometry, so they would hold much memory for little.)"""
    named = geo.cell >= NAMED_CELL
    for cell, face, turn in view.tiles:
        box = cell_box(cell, geo)
        _tile_paint(box, face, turn, name(cell) if named else "", cell in last, least)(d)


def _tile_paint(
    box: theme.Box, face: str, turn: int, label: str, ringed: bool, least: int = 0
) -> layers.Paint:
    def paint(d: ImageDraw.ImageDraw) -> None:
        tile(d, box, face, turn, least=least)
        if ringed:
            _ring(d, box)
        if label:
            cell_label(d, box, label, FACE_FILL.get(face, theme.TERRAIN["ice"]))

    return paint


def _ring(d: ImageDraw.ImageDraw, box: theme.Box) -> None:
    """The last action's mark on a square."""
    x0, y0, x1, y1 = box
    d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=theme.HIGHLIGHT, width=theme.RING_WIDTH)


def _vocabulary(d: ImageDraw.ImageDraw, geo: Geometry, players: int) -> None:
    """Everything a move may draw over the static layer, once in each look (every tile face
    with its name, ringed or not, the bear, each player's meeple in every state, the die's
    faces, the legend's rows awaited, winning and out): its colours make the palette of every
    board of the game (:func:`renderer.layers.expect`)."""
    k = geo.scale
    for i, face in enumerate(FACE_FILL):
        box = cell_box((i % geo.cols, i // geo.cols), geo)
        tile(d, box, face, 0)
        if i % 2:
            _ring(d, box)
        cell_label(d, box, "A1", FACE_FILL[face])
        for seat in range(players):
            meeple(d, seat, *cell_centre((seat, 0), geo), down=i % 2 == 1, swimming=i % 3 == 0, k=k)
    bear(d, *cell_centre((0, 2), geo), True, k)
    bear(d, *cell_centre((1, 2), geo), False, k)
    for i, face in enumerate(["", *DIE_MARK]):
        die(d, (BOARD_LEFT + 70 * i, 600, BOARD_LEFT + 70 * i + 62, 672), face)
    looks = [{}, {"awaited": True}, {"winner": True}, {"out": True}]
    rows = [
        legend.LegendRow(seat, "Player", score="2 cards", detail="on the ice", **look)  # type: ignore[arg-type]
        for seat in range(players)
        for look in looks
    ]
    legend.legend(d, (PANEL_LEFT, theme.MARGIN, WIDTH - theme.MARGIN, 880), "Thin Ice", rows, ["Deck"])
    legend.legend(
        d,
        (BOARD_LEFT, 700, PANEL_LEFT - theme.GAP, 880),
        "Thin Ice",
        [legend.LegendRow(0, "Player", winner=True)],
    )


def _draw_static(
    d: ImageDraw.ImageDraw, grid: tuple[tuple[int, int], tuple[int, int]], geo: Geometry, least: int = 0
) -> None:
    """What stays while the squares shown stay: the sea and its coordinates (``least`` px tall
    at least), the field's outline, and under them the key card with every tile face (the die
    is drawn on it)."""
    _draw_field(d, grid, geo, least)
    ky = geo.oy + geo.rows * geo.cell + theme.GAP
    drawing.card(d, (BOARD_LEFT, ky, PANEL_LEFT - theme.GAP, ky + KEY_HEIGHT))
    labels = [told(label) for _, label in KEY_FACES]
    for k, ((face, _), (line, room)) in enumerate(zip(KEY_FACES, key_labels(labels), strict=True)):
        kx = KEY_LEFT + k * KEY_STEP
        tile(d, (kx, ky + 10, kx + KEY_TILE, ky + 10 + KEY_TILE), face, 0)
        at = (kx + KEY_TILE / 2, ky + 62 + line * KEY_LABEL_PITCH)
        lettering.text(d, at, labels[k], KEY_LABEL_SIZE, theme.INK, anchor="ma", max_width=room)


#: Where the key's first tile and the die start.
KEY_LEFT = BOARD_LEFT + theme.PAD
DIE_LEFT = PANEL_LEFT - theme.GAP - theme.PAD - DIE_WIDTH


def key_labels(labels: Sequence[str]) -> list[tuple[int, float]]:
    """The line (0 or 1) and the room of each key name, centred under its tile: all on one
    line while each neighbour keeps its :data:`KEY_LABEL_GAP` (the English names do); else the
    names alternate between two lines, each with the room of two steps, short of the card's
    edge and of the die."""
    widths = [lettering.text_width(s, KEY_LABEL_SIZE) for s in labels]
    one_line = all(w <= KEY_LABEL_WIDTH for w in widths) and all(
        (a + b) / 2 + KEY_LABEL_GAP <= KEY_STEP for a, b in pairwise(widths)
    )
    if one_line:
        return [(0, KEY_LABEL_WIDTH)] * len(labels)
    out = []
    for k in range(len(labels)):
        centre = KEY_LEFT + k * KEY_STEP + KEY_TILE / 2
        edge = min(centre - BOARD_LEFT, DIE_LEFT - centre) - KEY_LABEL_GAP
        out.append((k % 2, min(2 * KEY_STEP - KEY_LABEL_GAP, 2 * edge)))
    return out


def _draw_field(
    d: ImageDraw.ImageDraw, grid: tuple[tuple[int, int], tuple[int, int]], geo: Geometry, least: int = 0
) -> None:
    """The sea with its squares, the coordinates around it, and the grid's outline."""
    x1, y1 = geo.ox + geo.cols * geo.cell, geo.oy + geo.rows * geo.cell
    d.rectangle((geo.ox, geo.oy, x1, y1), fill=SEA)
    size = max(least, theme.SMALL_SIZE if geo.cell >= 30 else max(7, round(geo.cell * 0.45)))
    for k in range(geo.cols):
        column = name((geo.west + k, 0))[:-1]  # the name of the square in row 1, less the "1"
        x = geo.ox + (k + 0.5) * geo.cell
        lettering.text(d, (x, BOARD_TOP + LABEL / 2), column, size, theme.INK, anchor="mm", bold=True)
    for k in range(geo.rows):
        row = name((0, geo.north + k))[1:]  # the name of the square in column A, less the "A"
        y = geo.oy + (k + 0.5) * geo.cell
        lettering.text(d, (BOARD_LEFT + LABEL / 2, y), row, size, theme.INK, anchor="mm", bold=True)
    for k in range(geo.cols):
        for j in range(geo.rows):
            d.rectangle(cell_box((geo.west + k, geo.north + j), geo), outline=SEA_EDGE, width=1)
    (gx0, gy0), (gx1, gy1) = grid
    nw, se = cell_box((gx0, gy0), geo), cell_box((gx1, gy1), geo)
    d.rectangle((nw[0], nw[1], se[2], se[3]), outline=theme.lighten(SEA, 0.4), width=2)


def cell_label(d: ImageDraw.ImageDraw, box: theme.Box, label: str, plate: RGB) -> None:
    """A square's name in its top-left corner on a plate of the tile's colour: readable over
    the last-move ring and the tile's marks."""
    x, y = box[0] + 5, box[1] + 4
    x0, y0, x1, y1 = _label_bbox(label)
    d.rectangle((x + x0 - 1, y + y0 - 1, x + x1 + 1, y + y1 + 1), fill=plate)
    ink = theme.MUTED if theme.luminance(plate) > 0.3 else theme.lighten(plate, 0.65)
    lettering.text(d, (x, y), label, 10, ink, cell_name=True)


@functools.lru_cache(maxsize=512)
def _label_bbox(label: str) -> tuple[float, float, float, float]:
    """The box of a square's name drawn at (0, 0) (``ImageDraw.textbbox`` adds the start to
    the font's box, which depends on the text alone)."""
    return lettering.font(10).getbbox(label)


def _meeples_at(view: ThinIceView, cell: tuple[int, int]) -> bool:
    return any(m == cell for m in view.meeples)


#: What :mod:`renderer` draws Thin Ice with (:class:`renderer.registry.Drawing`).
DRAWING = Drawing(
    draw=draw,
    text=text,
    phone=phone,
    facts=facts,
    key=key,
    holding=holding,
    last_move=("Last: ",),
)
