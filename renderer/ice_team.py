"""The Ice Team board: the course as a hex strip, START and FINISH, bears, fish and the last move.

Layout (960 px wide)::

    +--------------------------------------------------------------------+
    | START |  A    B    C    D  ...  L   (12 columns, rows 1-3)  | FINISH |
    +--------------------------------------------------------------------+
    +--------------------------+  +--------------------------------------+
    | legend: turn, fish       |  | key: tile faces, dice, last move     |
    +--------------------------+  +--------------------------------------+

The course is drawn with pointy-top hexes: the game's axial cells (column ``q`` = letter, row
``r`` = number, see :mod:`games.ice_team`) are placed at ``x = sqrt(3) * S * (q + r / 2)``,
``y = 1.5 * S * r``, i.e. the flat-top grid of :mod:`games.hexgrid` turned by 30 degrees so the
strip runs left to right. Each hex prints its name (the notation's "C2").

Tile faces differ by colour *and* by a mark: cracks (cracked), a paw print (bear paws, which is
cracked too), penguins with their count, a double arrow (shifting), a dome with a fish (igloo,
unsearched) or a dome with an X (searched), plain water for open sea. Bears are their player's
shape and colour (blue circle, orange square) with the bear's number.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.ice_team.board import BEARS, CRACKED, IGLOO, PAWS, PENGUINS, PLAIN, SEA, SEARCHED, SHIFTING, STEAL
from games.ice_team.state import OVER, PAWS_PHASE, SHIFT, VILLAGE, IceTeamView
from games.words import Said, say, say_n
from renderer import drawing, layers, legend, lettering, pens, theme
from renderer.registry import Drawing
from renderer.speech import NAME, around, spoken_key, told
from renderer.theme import RGB

# --------------------------------------------------------------------------- layout

WIDTH = theme.TARGET_WIDTH
SIZE = 31  # hex circumradius
SQ3 = math.sqrt(3)
NODE_WIDTH = 70  # START and FINISH boxes
STRIP_TOP = theme.MARGIN
LABEL_BAND = 26  # column letters above the strip
ORIGIN_X = theme.MARGIN + theme.PAD + NODE_WIDTH + 34 + SQ3 * SIZE / 2  # centre of A1
ORIGIN_Y = STRIP_TOP + theme.PAD + LABEL_BAND + SIZE  # centre of A1
STRIP_BOTTOM = ORIGIN_Y + 4 * SIZE + theme.PAD
BEAR_RADIUS = 13
NODE_BEAR_RADIUS = 11  # bears in START and FINISH
#: The sizes of START's and FINISH's names, the largest that fits its box taken: a long word is
#: drawn smaller rather than cut (on the phone board even below its smallest text size).
NODE_LABEL_SIZES = (14, 13, 12, 11, 10)
LOWER_TOP = STRIP_BOTTOM + theme.GAP
LEGEND_WIDTH = 420

#: Tile colours (ice family from the shared terrain, plus the game's own).
FILL: dict[str, RGB] = {
    SEA: theme.TERRAIN["water"],
    PLAIN: theme.TERRAIN["ice"],
    CRACKED: theme.TERRAIN["thin ice"],
    PAWS: theme.TERRAIN["thin ice"],
    "1": theme.TERRAIN["ice"],
    "2": theme.TERRAIN["ice"],
    "3": theme.TERRAIN["ice"],
    SHIFTING: (226, 214, 240),
    IGLOO: theme.TERRAIN["snow"],
    SEARCHED: (222, 226, 232),
}
STRIP_FILL: RGB = theme.mix(theme.TERRAIN["water"], theme.WHITE, 0.55)
CRACK: RGB = (40, 84, 128)
SHIFT_INK: RGB = (110, 64, 160)
FISH: RGB = theme.OKABE_ITO["orange"]
FROZEN: RGB = theme.OKABE_ITO["sky blue"]
KEY_NAMES: tuple[tuple[str, Said], ...] = (
    (PLAIN, say("plain ice")),
    (CRACKED, say("cracked: breaks when left")),
    (PAWS, say("bear paws: extra action")),
    ("2", say("penguins: freeze fish")),
    (SHIFTING, say("shifting tile")),
    (IGLOO, say("igloo with its fish")),
    (SEARCHED, say("searched igloo")),
    (SEA, say("open sea (swim)")),
)


def cell_center(q: int, r: int) -> tuple[float, float]:
    """Pixel centre of cell (column ``q``, row ``r``), both 0-based."""
    return ORIGIN_X + SQ3 * SIZE * (q + r / 2), ORIGIN_Y + 1.5 * SIZE * r


def _cell_of(name: str) -> tuple[int, int]:
    return ord(name[0].upper()) - ord("A"), int(name[1:]) - 1


def node_box(which: str, columns: int = 12) -> theme.Box:
    """The START (``"start"``) or FINISH box."""
    top, bottom = ORIGIN_Y - SIZE, ORIGIN_Y + 4 * SIZE
    if which == "start":
        left = theme.MARGIN + theme.PAD
        return left, top, left + NODE_WIDTH, bottom
    right = WIDTH - theme.MARGIN - theme.PAD
    return right - NODE_WIDTH, top, right, bottom


def node_slot(which: str, k: int) -> tuple[float, float]:
    """Centre of the ``k``-th bear slot (0..7) in a node: two columns of four."""
    left, top, right, bottom = node_box(which)
    x = left + (right - left) * (0.28 if k % 2 == 0 else 0.72)
    y = top + 40 + (k // 2) * ((bottom - top - 40 - NODE_BEAR_RADIUS - 6) / 3)  # below the label and its ring
    return x, y


#: Bears stand in the lower part of a hex, below its printed name.
BEAR_DY = 0.2 * SIZE
NAME_DY = -0.6 * SIZE
NAME_SIZE = 11


def position_center(name: str, seat: int = 0, bear: int = 0) -> tuple[float, float]:
    """Where a bear is drawn: below a cell's name, or the slot of (seat, bear) in START/FINISH."""
    if name in ("start", "finish"):
        return node_slot(name, bear * 2 + seat)
    x, y = cell_center(*_cell_of(name))
    return x, y + BEAR_DY


def pointy(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hex."""
    return drawing.regular_polygon(cx, cy, size, 6)


def height(view: IceTeamView, names: Sequence[str] = ()) -> int:
    """One height for the whole game: the legend's room is sized for its longest status and
    footer, so the picture does not jump in the chat from move to move."""
    return int(LOWER_TOP + max(_legend_height(view, names), _key_height()) + theme.MARGIN)


# --------------------------------------------------------------------------- tile faces


def _cracks(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    pts = [
        (cx - 0.1 * s, cy - 0.75 * s),
        (cx + 0.15 * s, cy - 0.35 * s),
        (cx - 0.05 * s, cy),
        (cx + 0.3 * s, cy + 0.3 * s),
        (cx + 0.15 * s, cy + 0.75 * s),
    ]
    d.line(pts, fill=CRACK, width=2)
    d.line([(cx + 0.15 * s, cy - 0.35 * s), (cx + 0.55 * s, cy - 0.3 * s)], fill=CRACK, width=2)


def _paw(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    pad = 0.22 * s
    d.ellipse((cx - pad, cy + 0.05 * s, cx + pad, cy + 0.05 * s + 1.6 * pad), fill=theme.INK)
    for dx, dy in ((-0.3, -0.05), (-0.1, -0.22), (0.1, -0.22), (0.3, -0.05)):
        x, y = cx + dx * s, cy + dy * s
        t = 0.09 * s
        d.ellipse((x - t, y - t, x + t, y + t), fill=theme.INK)


def _penguin(d: ImageDraw.ImageDraw, cx: float, cy: float, h: float) -> None:
    w = h * 0.55
    d.ellipse((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=theme.INK)
    d.ellipse((cx - w / 3.2, cy - h / 6, cx + w / 3.2, cy + h / 2.4), fill=theme.WHITE)
    drawing.polygon(
        d, [(cx - 2, cy - h / 3.5), (cx + 3, cy - h / 3.5), (cx, cy - h / 5)], fill=theme.OKABE_ITO["orange"]
    )


def _fish(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: RGB = FISH) -> None:
    d.ellipse((cx - s, cy - s * 0.45, cx + s * 0.5, cy + s * 0.45), fill=fill, outline=theme.INK)
    drawing.polygon(
        d,
        [(cx + s * 0.4, cy), (cx + s, cy - s * 0.45), (cx + s, cy + s * 0.45)],
        fill=fill,
        outline=theme.INK,
    )


def _igloo(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, searched: bool) -> None:
    w = 0.5 * s
    d.pieslice(
        (cx - w, cy - w * 0.9, cx + w, cy + w * 1.1), 180, 360, fill=theme.WHITE, outline=theme.INK, width=2
    )
    d.line((cx - w, cy + w * 0.1, cx + w, cy + w * 0.1), fill=theme.INK, width=2)
    d.rectangle((cx - w * 0.22, cy - w * 0.25, cx + w * 0.22, cy + w * 0.1), fill=theme.INK)
    if searched:
        drawing.cross(
            d, (cx + w * 0.45, cy + w * 0.3, cx + w * 0.95, cy + w * 0.8), fill=theme.MUTED, width=2
        )
    else:
        _fish(d, cx + w * 0.1, cy + w * 0.55, w * 0.45)


def _shift_mark(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    a = 0.45 * s
    d.line((cx - a, cy, cx + a, cy), fill=SHIFT_INK, width=3)
    drawing.polygon(d, [(cx - a - 5, cy), (cx - a + 4, cy - 6), (cx - a + 4, cy + 6)], fill=SHIFT_INK)
    drawing.polygon(d, [(cx + a + 5, cy), (cx + a - 4, cy - 6), (cx + a - 4, cy + 6)], fill=SHIFT_INK)


def tile(d: ImageDraw.ImageDraw, cx: float, cy: float, code: str, s: float = SIZE, name: str = "") -> None:
    """One hex of the course with its face; ``name`` printed small at the top."""
    fill = FILL.get(code, theme.TERRAIN["ice"])
    outline = theme.mix(theme.TERRAIN["water"], theme.INK, 0.3) if code == SEA else theme.INK
    drawing.polygon(d, pointy(cx, cy, s - 1), fill=fill, outline=outline, width=2 if code != SEA else 1)
    my = cy + 0.22 * s  # marks sit in the lower part; the name at the top
    if code in (CRACKED, PAWS):
        _cracks(d, cx + 0.15 * s, cy + 0.05 * s, s * 0.8)
    if code == PAWS:
        _paw(d, cx - 0.05 * s, my - 0.05 * s, s * 0.9)
    elif code in PENGUINS:
        n = PENGUINS[code]
        for k in range(n):
            _penguin(d, cx + (k - (n - 1) / 2) * 0.34 * s, my, 0.5 * s)
    elif code == SHIFTING:
        _shift_mark(d, cx, my, s)
    elif code in (IGLOO, SEARCHED):
        _igloo(d, cx, my, s, code == SEARCHED)
    if name:
        cell_name(d, cx, cy, code, name, s)


def cell_name(d: ImageDraw.ImageDraw, cx: float, cy: float, code: str, name: str, s: float = SIZE) -> None:
    """A hex's printed name near its top, haloed in the tile's colour so a path never hides it."""
    fill = FILL.get(code, theme.TERRAIN["ice"])
    ink = theme.WHITE if code == SEA else theme.darken(theme.MUTED, 0.2)
    lettering.halo_text(d, (cx, cy + NAME_DY * s / SIZE), name, NAME_SIZE, ink, fill, width=2, cell_name=True)


# --------------------------------------------------------------------------- board


def _display(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else told(say("Player {n}", n=seat + 1))


def bear_token(
    d: ImageDraw.ImageDraw, seat: int, bear: int, cx: float, cy: float, r: float = BEAR_RADIUS
) -> None:
    p = theme.player(seat)
    drawing.token(d, cx, cy, r, p.rgb, str(bear + 1), kind=p.shape)


def _last_path(view: IceTeamView) -> list[tuple[float, float]]:
    seat, bear = view.last_mover
    return [position_center(n, seat, bear) for n in view.last]


def draw(view: IceTeamView, names: Sequence[str]) -> Image.Image:
    names = lettering.display_names(names)
    img, d = _background(view, height(view, names))
    _draw_strip(d, view)
    _draw_legend(d, view, names)
    _draw_key(d, view, names)
    return img


def phone(view: IceTeamView, names: Sequence[str]) -> Image.Image:
    """The phone board: the strip cut in two between its middle columns along the hexes'
    edges, the first half (from START) over the second (to FINISH), each under its column
    letters and beside its row numbers, so the hexes stay large on a phone's width; without the
    panel and the key (:func:`facts`)."""
    img, d = _background(view, LOWER_TOP + _key_height() + theme.MARGIN)
    _draw_strip(d, view)
    first, second = _halves(view.columns, view.rows)
    size = (max(_width(first), _width(second) + PHONE_ROW_BAND), 2 * _height(first) + theme.GAP)
    down = (size[0] - _width(second), _height(first) + theme.GAP)
    out = pens.arranged(
        img, size, [(first[0], first[1], (0, 0)), (second[0], second[1], down)], background=STRIP_FILL
    )
    pen = pens.drawing(out)
    split = (view.columns + 1) // 2
    for r in range(view.rows):
        x, y = cell_center(split, r)
        at = (x - second[0][0] + down[0] - SQ3 * SIZE / 2 - 10, y - second[0][1] + down[1])
        lettering.text(pen, at, str(r + 1), 16, theme.INK, anchor="mm", bold=True)
    return out


#: Room left of the second half of a phone board for its row numbers.
PHONE_ROW_BAND = 36

_Half = tuple[theme.PixelBox, Image.Image]


def _width(half: _Half) -> int:
    return half[0][2] - half[0][0]


def _height(half: _Half) -> int:
    return half[0][3] - half[0][1]


@functools.cache
def _halves(columns: int, rows: int) -> tuple[_Half, _Half]:
    """The two halves of the strip's card a phone board stacks: each one's box on the picture
    and the mask of its pixels, cut along the edges between the hexes of the middle columns
    (a staircase, as the rows are shifted by half a hex)."""
    split = (columns + 1) // 2
    top, bottom = STRIP_TOP, math.ceil(STRIP_BOTTOM) + 1
    stairs: list[tuple[float, float]] = []
    for r in range(rows):
        x, y = cell_center(split, r)
        x -= SQ3 * SIZE / 2
        stairs += [(x, top if r == 0 else y - SIZE / 2), (x, bottom if r == rows - 1 else y + SIZE / 2)]
    left_box = (theme.MARGIN, top, math.ceil(max(x for x, _ in stairs)) + 1, bottom)
    right_box = (math.floor(min(x for x, _ in stairs)) - 1, top, WIDTH - theme.MARGIN + 1, bottom)
    halves = []
    for box, side in ((left_box, theme.MARGIN - 2), (right_box, WIDTH)):
        mask = Image.new("1", (box[2] - box[0], box[3] - box[1]), 0)
        outline = [*stairs, (side, bottom), (side, top)]
        ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in outline], fill=1)
        halves.append((box, mask))
    return halves[0], halves[1]


def facts(view: IceTeamView, names: Sequence[str]) -> list[str]:
    """The panel's lines for the message beside the phone board (the key apart: :func:`key`)."""
    names = lettering.display_names(names)
    rows = _legend_rows(view, names)
    lines = legend.facts(rows, _footer(view, names), status=_status(view, names))
    if view.last:
        seat, bear = view.last_mover
        mover = legend.lettered(_display(names, seat), seat)
        path = " > ".join(view.last)
        lines.append(told(say("Last move: {who}'s bear {bear}, {path}", who=mover, bear=bear + 1, path=path)))
    return lines


def key(view: IceTeamView) -> list[str]:
    """What the phone board's tiles and marks mean."""
    return [told(KEY_WORDS), told(VILLAGE_DICE)]


#: The village's dice, in words (the faces 1 1 2 2 3 steal stay as the notation names them).
# Translators: FINISH is the board's label; the die faces 1 1 2 2 3 steal stay as they are
VILLAGE_DICE = say("FINISH is the village: roll both dice, keep one (1 1 2 2 3 steal)")
#: What the tiles look like and mean, in words (the detailed board's key card).
KEY_WORDS = say(
    "Tiles: pale plain ice; crack lines: cracked, breaks when left; paw print: bear paws, an extra"
    " action; penguins (1-3): freeze fish; purple with arrows: shifting; dome with a fish: igloo;"
    " crossed dome: searched igloo; dark blue: open sea (swim). Tokens are bears, numbered 1-4"
)


def _background(view: IceTeamView, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture ``h`` px tall holding the static layer of this course's shape
    (:func:`_draw_static`: its columns, rows and course boards), which is as tall as the strip
    and the key (the legend's height depends on the names: a layer per height would be a layer
    per table)."""
    shape = (view.columns, view.rows, len(view.boards))
    players = view.players
    size = (WIDTH, LOWER_TOP + _key_height() + theme.MARGIN)

    def paint(d: ImageDraw.ImageDraw) -> None:
        _draw_static(d, *shape)
        colours = ("ice-team", "colours", players)
        layers.expect(d, colours, (WIDTH, LOWER_TOP + 560), lambda pen: _vocabulary(pen, players))

    static = layers.layer(("ice-team", "course", *shape, players), size, paint)
    if static.size == (WIDTH, h):
        return static, pens.drawing(static)
    img, d = pens.canvas(WIDTH, h)
    pens.paste(img, static, (0, 0))
    return img, d


def _vocabulary(d: ImageDraw.ImageDraw, players: int) -> None:
    """Everything a move may draw over the static layer, once in each look (every tile with
    its name, under and over the last move's path, each player's bears and rings, the legend's
    rows awaited, winning and out): its colours make the palette of every board of the game
    (:func:`renderer.layers.expect`)."""
    drawing.card(d, (theme.MARGIN, STRIP_TOP, WIDTH - theme.MARGIN, STRIP_BOTTOM), fill=STRIP_FILL)
    for q, code in enumerate(FILL):
        cx, cy = cell_center(q, 0)
        tile(d, cx, cy, code, SIZE)
        cell_name(d, cx, cy, code, "A1")
        cx, cy = cell_center(q, 2)
        tile(d, cx, cy, code, SIZE)
        path = [(cx - SIZE, cy + NAME_DY), (cx + SIZE, cy + NAME_DY), (cx + SIZE, cy + BEAR_DY)]
        d.line(path, fill=theme.HIGHLIGHT_EDGE, width=theme.RING_WIDTH + 4, joint="curve")
        d.line(path, fill=theme.HIGHLIGHT, width=theme.RING_WIDTH, joint="curve")
        d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=theme.HIGHLIGHT, outline=theme.INK)
        cell_name(d, cx, cy, code, "A1")
    for seat in range(players):
        for bear in range(BEARS):
            x, y = position_center("start", seat, bear)
            bear_token(d, seat, bear, x, y, NODE_BEAR_RADIUS)
            x, y = cell_center(bear, 1 + seat % 2)
            bear_token(d, seat, bear, x, y + BEAR_DY, BEAR_RADIUS)
            drawing.highlight_ring(d, x, y + BEAR_DY, BEAR_RADIUS + 1)
            drawing.highlight_ring(d, x, y + BEAR_DY, BEAR_RADIUS + 6, width=2)
    looks = [{}, {"awaited": True}, {"winner": True}, {"out": True}]
    rows = [
        legend.LegendRow(seat, "Player", score="9 fish", detail="fresh 1", **look)  # type: ignore[arg-type]
        for seat in range(players)
        for look in looks
    ]
    legend.legend(
        d, (theme.MARGIN, LOWER_TOP, theme.MARGIN + LEGEND_WIDTH, LOWER_TOP + 560), "Ice Team", rows, ["Dice"]
    )
    winner = [legend.LegendRow(0, "Player", winner=True)]
    legend.legend(d, (theme.MARGIN + LEGEND_WIDTH, LOWER_TOP, WIDTH, LOWER_TOP + 300), "Ice Team", winner)


def _draw_static(d: ImageDraw.ImageDraw, columns: int, rows: int, boards: int) -> None:
    """What a course keeps all game long: the strip's card, its coordinates and the course
    boards' bands, START and FINISH, and the key card with every tile face and the village's
    dice (the tiles, the path, the bears and the last move are drawn on it)."""
    drawing.card(d, (theme.MARGIN, STRIP_TOP, WIDTH - theme.MARGIN, STRIP_BOTTOM), fill=STRIP_FILL)
    # board outlines (four course boards of three columns) as faint bands under the letters
    for q in range(columns):
        x, _ = cell_center(q, 0)
        lettering.text(d, (x, ORIGIN_Y - SIZE - 12), chr(ord("A") + q), 16, theme.INK, anchor="mm", bold=True)
    for k in range(1, boards):
        x = (cell_center(3 * k - 1, 0)[0] + cell_center(3 * k, 0)[0]) / 2
        d.line((x, ORIGIN_Y - SIZE - 22, x, ORIGIN_Y - SIZE - 4), fill=theme.PANEL_EDGE, width=2)
    for r in range(rows):
        x, y = cell_center(0, r)
        lettering.text(d, (x - SQ3 * SIZE / 2 - 10, y), str(r + 1), 16, theme.INK, anchor="mm", bold=True)
    for which, label in (("start", told(say("START"))), ("finish", told(say("FINISH")))):
        box = node_box(which)
        drawing.card(d, box, fill=theme.TERRAIN[which], outline=theme.INK, radius=10)
        size = lettering.largest_size(label, NODE_LABEL_SIZES, NODE_WIDTH - 4, bold=True)
        lettering.text(
            d, ((box[0] + box[2]) / 2, box[1] + 14), label, size, theme.INK, anchor="mm", bold=True
        )
    _draw_key_frame(d)


def _draw_strip(d: ImageDraw.ImageDraw, view: IceTeamView) -> None:
    """The course's tiles, the last move's path, the names and the bears, on the static layer.

    Each tile is a sprite (:func:`renderer.layers.sprites`: tiles never overlap), with its name
    when the path passes nowhere near it; the other names are drawn over the path."""
    path = _last_path(view)
    near = _path_boxes(path)
    over_path = []
    pieces: list[layers.Piece] = []
    for name, code in view.cells:
        cx, cy = cell_center(*_cell_of(name))
        box = _tile_box(cx, cy)
        named = not any(_overlap(box, b) for b in near)
        if not named:
            over_path.append((name, code))
        pieces.append((("ice-team", "tile", name, code, named), box, _tile_paint(cx, cy, code, name, named)))
    layers.sprites(d, pieces)
    # the last move's path, under the bears
    if len(path) >= 2:
        d.line(path, fill=theme.HIGHLIGHT_EDGE, width=theme.RING_WIDTH + 4, joint="curve")
        d.line(path, fill=theme.HIGHLIGHT, width=theme.RING_WIDTH, joint="curve")
        for x, y in path[:-1]:
            d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=theme.HIGHLIGHT, outline=theme.INK)
    for name, code in over_path:  # names over the path, under nothing
        cell_name(d, *cell_center(*_cell_of(name)), code, name)
    for seat, row in enumerate(view.bears):
        for bear, where in enumerate(row):
            x, y = position_center(where, seat, bear)
            bear_token(d, seat, bear, x, y, NODE_BEAR_RADIUS if where in ("start", "finish") else BEAR_RADIUS)
    if len(path) >= 2:
        x, y = path[-1]
        drawing.highlight_ring(d, x, y, BEAR_RADIUS + 1)
    if view.bear >= 0 and view.current is not None and view.phase in (PAWS_PHASE, SHIFT, VILLAGE):
        x, y = position_center(view.bears[view.current][view.bear], view.current, view.bear)
        drawing.highlight_ring(d, x, y, BEAR_RADIUS + 6, width=2)


def _tile_paint(cx: float, cy: float, code: str, name: str, named: bool) -> layers.Paint:
    def paint(d: ImageDraw.ImageDraw) -> None:
        tile(d, cx, cy, code, SIZE)
        if named:
            cell_name(d, cx, cy, code, name)

    return paint


def _tile_box(cx: float, cy: float) -> theme.PixelBox:
    """Whole pixels around a tile of the course (and its name)."""
    return (
        math.floor(cx - SIZE) - 2,
        math.floor(cy - SIZE) - 2,
        math.ceil(cx + SIZE) + 2,
        math.ceil(cy + SIZE) + 2,
    )


#: How far the last move's path draws from the line through its points (its edge, its dots).
PATH_REACH = theme.RING_WIDTH + 8


def _path_boxes(path: Sequence[tuple[float, float]]) -> list[theme.Box]:
    """Boxes around each leg of the path, as far as it draws."""
    if len(path) < 2:
        return []
    return [
        (
            min(a[0], b[0]) - PATH_REACH,
            min(a[1], b[1]) - PATH_REACH,
            max(a[0], b[0]) + PATH_REACH,
            max(a[1], b[1]) + PATH_REACH,
        )
        for a, b in itertools.pairwise(path)
    ]


def _overlap(a: theme.Box, b: theme.Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _fish_text(fish: tuple[int, int]) -> str:
    return told(say("fresh {fresh}, frozen {frozen}", fresh=fish[0], frozen=fish[1]))


def _status(view: IceTeamView, names: Sequence[str]) -> str:
    if view.phase == OVER:
        if len(view.winners) == 1:
            return told(say("Winner: {who}", who=_display(names, next(iter(view.winners)))))
        return told(say("Game over"))
    seat = view.current if view.current is not None else 0
    return told(say("Turn: {who}", who=_display(names, seat)))


def _prompt(view: IceTeamView, names: Sequence[str]) -> str:
    if view.phase == PAWS_PHASE:
        return told(say("bear paws: bear {bear} may move again", bear=view.bear + 1))
    if view.phase == SHIFT:
        return told(say("shift the tile under bear {bear}", bear=view.bear + 1))
    if view.phase == VILLAGE:
        return told(say("village: keep one die"))
    if view.phase == OVER:
        if view.ended == "finish" and view.four is not None:  # the rulebook: then most fish wins
            home = _display(names, view.four)
            if len(set(view.scores)) == 1:
                return told(say("a tie on fish: {who} brought four bears home first", who=home))
            return told(say("{who} brought four bears home; most fish wins", who=home))
        ended = {"blocked": say("a player could not move"), "resigned": say("a player resigned")}
        return told(ended.get(view.ended, say("game over")))
    return told(say_n("{n} action left", "{n} actions left", view.actions_left))


def _legend_rows(view: IceTeamView, names: Sequence[str]) -> list[legend.LegendRow]:
    rows = []
    for seat in range(view.players):
        at_finish = say("at finish {n}/{bears}", n=view.finished[seat], bears=BEARS)
        detail = f"{_fish_text(view.fish[seat])} - {told(at_finish)}"
        rows.append(
            legend.LegendRow(
                seat=seat,
                name=_display(names, seat),
                score=told(say_n("{n} fish", "{n} fish", view.scores[seat])),
                detail=detail,
                awaited=view.current == seat,
                winner=seat in view.winners,
                out=view.loser == seat,
                out_label=told(say("blocked") if view.ended == "blocked" else say("left")),
            )
        )
    return rows


def _footer(view: IceTeamView, names: Sequence[str]) -> list[str]:
    lines = [_prompt(view, names)]
    if view.dice:
        lines.append(told(say("Dice: {dice}", dice=_dice(view.dice))))
    if view.four is not None and view.phase != OVER:  # the game over line says it
        lines.append(told(say("Four bears home: {who}", who=_display(names, view.four))))
    return lines


def _legend_height(view: IceTeamView, names: Sequence[str]) -> int:
    """The legend's height for the longest status and footer this game can show."""
    names = list(names) + legend.default_names(view.players)[len(names) :]
    actual = legend.legend_height(
        _legend_rows(view, names), _footer(view, names), status=_status(view, names), width=LEGEND_WIDTH
    )
    reserved = _reserved_legend_height(tuple(_display(names, s) for s in range(view.players)), spoken_key())
    return max(reserved, actual)


def _dice(dice: Sequence[str]) -> str:
    """The dice's faces as the notation names them, joined by "and": "3 and steal"."""
    return (" " + told(say("and")) + " ").join(dice)


@functools.lru_cache(maxsize=256)
def _reserved_legend_height(names: tuple[str, ...], language: str) -> int:
    """The legend's height with its longest status ("Winner: <longest name>") and a full
    footer: the same for every view of a game (rows always have a detail line), in the
    language spoken (``language``, :func:`renderer.speech.spoken_key`)."""
    del language  # the key of the memo: the words below are told in it
    score = told(say_n("{n} fish", "{n} fish", 99))
    rows = [legend.LegendRow(seat, name, score=score, detail="-") for seat, name in enumerate(names)]
    return max(
        legend.legend_height(
            rows,
            [
                told(say("bear paws: bear {bear} may move again", bear=4)),
                told(say("Dice: {dice}", dice=_dice(("steal", "steal")))),
                told(say("Four bears home: {who}", who=name)),
            ],
            status=status,
            width=LEGEND_WIDTH,
        )
        for name in names
        for status in (told(say("Winner: {who}", who=name)), told(say("Turn: {who}", who=name)))
    )


def _draw_legend(d: ImageDraw.ImageDraw, view: IceTeamView, names: Sequence[str]) -> None:
    rows = _legend_rows(view, names)
    box = (theme.MARGIN, LOWER_TOP, theme.MARGIN + LEGEND_WIDTH, LOWER_TOP + _legend_height(view, names))
    legend.legend(d, box, "Ice Team", rows, _footer(view, names), status=_status(view, names))


KEY_ROW = 34


def _key_height() -> int:
    return theme.PAD * 2 + 26 + KEY_ROW * ((len(KEY_NAMES) + 1) // 2) + 8 + 3 * (theme.SMALL_SIZE + 6)


KEY_LEFT = theme.MARGIN + LEGEND_WIDTH + theme.GAP
KEY_RIGHT = WIDTH - theme.MARGIN


def _draw_key_frame(d: ImageDraw.ImageDraw) -> None:
    """The key card: every tile face with its meaning, and the village's dice under the line
    :func:`_draw_key` fills with the last move."""
    left, right, top = KEY_LEFT, KEY_RIGHT, LOWER_TOP
    drawing.card(d, (left, top, right, top + _key_height()))
    lettering.text(
        d, (left + theme.PAD, top + theme.PAD), told(say("Tiles")), theme.HEADING_SIZE, theme.INK, bold=True
    )
    col_w = (right - left - 2 * theme.PAD) / 2
    for i, (code, label) in enumerate(KEY_NAMES):
        x = left + theme.PAD + (i % 2) * col_w + 16
        y = top + theme.PAD + 26 + KEY_ROW * (i // 2) + KEY_ROW / 2
        tile(d, x, y, code, 16)
        rows = lettering.wrap(told(label), theme.SMALL_SIZE, col_w - 44, max_lines=2)
        for k, row in enumerate(rows):  # two lines share the row's height
            at = (x + 22, y + (k - (len(rows) - 1) / 2) * KEY_ROW / 2)
            lettering.text(d, at, row, theme.SMALL_SIZE, theme.INK, anchor="lm", max_width=col_w - 44)
    y = top + theme.PAD + 26 + KEY_ROW * ((len(KEY_NAMES) + 1) // 2) + 8
    inner = right - left - 2 * theme.PAD
    rows = lettering.wrap(told(VILLAGE_DICE), theme.SMALL_SIZE, inner, max_lines=2)
    lettering.lines(
        d,
        (left + theme.PAD, y + theme.SMALL_SIZE + 6),
        rows,
        theme.SMALL_SIZE,
        theme.MUTED,
        max_width=inner,
        spacing=6,
    )


def _draw_key(d: ImageDraw.ImageDraw, view: IceTeamView, names: Sequence[str]) -> None:
    """The last move, on the key card of the static layer."""
    left, right = KEY_LEFT, KEY_RIGHT
    y = LOWER_TOP + theme.PAD + 26 + KEY_ROW * ((len(KEY_NAMES) + 1) // 2) + 8
    room = right - left - 2 * theme.PAD
    if view.last:  # a long name is cut, the path kept whole
        seat, bear = view.last_mover
        path = " > ".join(view.last)
        before, after = around(
            say("Last move: {who}'s bear {bear}, {path}", who=NAME, bear=bear + 1, path=path)
        )
        everyone = [_display(names, s) for s in range(len(names))]
        text = lettering.fit_name_in(before, everyone[seat], after, theme.SMALL_SIZE, room, apart=everyone)
    else:
        text = told(say("No move yet"))
    lettering.text(d, (left + theme.PAD, y), text, theme.SMALL_SIZE, theme.MUTED, max_width=room)


# --------------------------------------------------------------------------- text board

#: One letter per tile face in the text board.
TEXT_CODES: dict[str, str] = {
    SEA: "~",
    PLAIN: ".",
    CRACKED: "c",
    PAWS: "p",
    "1": "1",
    "2": "2",
    "3": "3",
    SHIFTING: "s",
    IGLOO: "I",
    SEARCHED: "i",
}


def text(view: IceTeamView, names: Sequence[str], *, grid: bool = True) -> str:
    """A compact course for the terminal: each cell is its tile letter and its bear, if any
    (``B2`` = blue player's bear 2, ``O3`` = orange player's bear 3); rows are shifted by half a
    cell as on the picture. Without ``grid``, the lines around the course, for alt text."""
    at: dict[str, str] = {}
    nodes: dict[str, list[str]] = {"start": [], "finish": []}
    for seat, row in enumerate(view.bears):
        for bear, where in enumerate(row):
            tag = f"{theme.player(seat).letter}{bear + 1}"
            if where in nodes:
                nodes[where].append(tag)
            else:
                at[where] = tag
    codes = dict(view.cells)
    lines = []
    if view.phase == OVER:
        winners = (" " + told(say("and")) + " ").join(_display(names, s) for s in sorted(view.winners))
        if not winners:
            over = say("Ice Team - game over: nobody wins ({what})", what=_prompt(view, names))
        else:
            over = say("Ice Team - game over: {who} wins ({what})", who=winners, what=_prompt(view, names))
        lines.append(told(over))
    else:
        seat = view.current if view.current is not None else 0
        turn = say("Ice Team - turn: {who} ({what})", who=_display(names, seat), what=_prompt(view, names))
        lines.append(told(turn))
    if grid:
        lines.append("      " + "".join(f"{chr(ord('A') + q):<5}" for q in range(view.columns)))
        for r in range(view.rows):
            cells = []
            for q in range(view.columns):
                name = f"{chr(ord('A') + q)}{r + 1}"
                cells.append(f"{TEXT_CODES.get(codes[name], '?')}{at.get(name, '  '):<2}  ")
            lines.append(f"  {r + 1}   " + " " * (2 * r + (r + 1) // 2) + "".join(cells).rstrip())
    start, finish = " ".join(nodes["start"]) or "-", " ".join(nodes["finish"]) or "-"
    lines.append(told(say("Start:  {start}   Finish: {finish}", start=start, finish=finish)))
    for seat in range(view.players):
        mark = legend.row_mark(
            acts=seat == view.current, won=seat in view.winners, winner_symbol="*", words=not grid
        )
        p = theme.player(seat)
        player = say(
            "{who}: {n} fish ({fish}), {home}/{bears} at finish",
            who=_display(names, seat),
            n=view.scores[seat],
            fish=_fish_text(view.fish[seat]),
            home=view.finished[seat],
            bears=BEARS,
        )
        lines.append(f"{mark} {seat + 1} [{p.letter}] {told(player)}")
    if view.dice:
        dice = told(say("Dice: {dice}", dice=_dice(view.dice)))
        if STEAL in view.dice:
            # Translators: steal is the die's face, as the notation names it
            dice += told(say("  (steal: up to 2 fresh fish)"))
        lines.append(dice)
    if view.last:
        seat, bear = view.last_mover
        path = " > ".join(view.last)
        lines.append(
            told(say("Last move: {bear} {path}", bear=f"{theme.player(seat).letter}{bear + 1}", path=path))
        )
    if grid:
        # Translators: the signs and letters are the text board's: they stay as they are
        lines.append(
            told(
                say(
                    "Key: . plain  c cracked  p bear paws  1-3 penguins  s shifting  I igloo  i searched  ~ sea"
                )
            )
        )
    return "\n".join(lines)


#: What :mod:`renderer` draws Ice Team with (:class:`renderer.registry.Drawing`).
DRAWING = Drawing(
    draw=draw,
    text=text,
    phone=phone,
    facts=facts,
    key=key,
    last_move=("Last move: ",),
)
