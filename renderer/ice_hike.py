"""The Ice Hike board: the hex map with levels, pieces, the last move, and the hikers' panel.

Layout (960 px wide)::

    +------------------------------------------+  +-------------+
    |      A   B   C   ...   M                  |  | Ice Hike    |
    |   1  flat-top hexes, odd columns lower  1 |  | whose turn  |
    |  ..  (the printed rectangle cuts the      |  | one row per |
    |  10   edge hexes in half)              10 |  | colour:     |
    |      A   B   C   ...   M                  |  | finds,      |
    +------------------------------------------+  | igloos      |
                                                  | tiles left  |
                                                  +-------------+

Levels are shaded distinctly *and* marked, so colour is never the only signal: ice (level 1,
plain pale blue), land (level 2, tan with furrow lines), mountain (level 3, grey-brown with a
peak), water (blue with waves), fish water (teal with a fish). START and FINISH carry their
names, the shorter game's cross an X, and every free cell its own faint name (``D5``), so
"place D5" names a cell a stranger can find. Pieces on a half hex or corner stand in the part
the printed rectangle keeps (:func:`spot`). Puppets are circles in their colour with its letter;
igloos are domes in the owner's colour with the letter; bears are white bear heads (a drowned
one greyed in the water); cave finds are small cubes drawn over the pieces, so a bear never
hides one. The last move's path is a yellow line with dark edges, the last tile placed has a
yellow ring. The panel's lines wrap, so a long name or result is shown in full; where a line
naming a hiker must be cut, the name is cut, never its colour.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from PIL import Image, ImageChops, ImageDraw

from games.ice_hike import board as B
from games.ice_hike.state import OVER, HikeView
from games.words import say
from renderer import drawing, layers, legend, lettering, pens, theme
from renderer.ice_hike_geometry import (
    BEAR_R,
    BEAR_RGB,
    BOARD_BOTTOM,
    BOARD_LEFT,
    BOARD_RIGHT,
    BOARD_TOP,
    CELL_NAME_INK,
    CUBE,
    CUBE_LETTER,
    CUBE_RGB,
    HEIGHT_MIN,
    HIKER_LETTER,
    HIKER_RGB,
    LABEL,
    ORIGIN_X,
    ORIGIN_Y,
    PANEL_LEFT,
    PANEL_RIGHT,
    PUPPET_R,
    RECT,
    SIZE,
    SQ3,
    TERRAIN_RGB,
    WIDTH,
    cell_name_place,
    centre,
    centre_of,
    cuts,
    puppet_places,
    puppet_radius,
    shows_cross,
    spot,
    spot_of,
    terrain,
)
from renderer.ice_hike_words import facts as facts
from renderer.ice_hike_words import (
    fit_hiker,
    hiker_awaited,
    hiker_name,
    holding,
    panel_text,
    paths,
    status_colour,
)
from renderer.ice_hike_words import key as key
from renderer.ice_hike_words import text as text
from renderer.registry import Drawing
from renderer.speech import told
from renderer.theme import RGB

# --------------------------------------------------------------------------- drawing


def draw(view: HikeView, names: Sequence[str]) -> Image.Image:
    names = lettering.display_names(names)
    panel_h = _panel_height(view, names)
    h = max(HEIGHT_MIN, int(theme.MARGIN * 2 + panel_h))
    img, d = _board(view, h)
    _draw_panel(d, view, names, (PANEL_LEFT, theme.MARGIN, PANEL_RIGHT, theme.MARGIN + panel_h))
    return img


#: The part of the picture a phone board shows: the board's card.
PHONE_BOX = (BOARD_LEFT, BOARD_TOP, math.ceil(BOARD_RIGHT) + 1, math.ceil(BOARD_BOTTOM) + 1)
#: The phone board's smallest text (px) but the cells' names (the edges carry the coordinates).
PHONE_TEXT_SIZE = theme.phone_text(PHONE_BOX[2] - PHONE_BOX[0])


def phone(view: HikeView, names: Sequence[str]) -> Image.Image:
    """The phone board: the board's card alone, its letters sized to read on a phone (pieces a
    little larger to hold them); :func:`facts` says what the panel said."""
    img, _d = _board(view, HEIGHT_MIN, PHONE_TEXT_SIZE)
    x0, y0, x1, y1 = PHONE_BOX
    return pens.arranged(img, (x1 - x0, y1 - y0), [(PHONE_BOX, None, (0, 0))])


def _board(view: HikeView, h: int, least: int = 0) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture ``h`` px tall with the board drawn on it (its words and pieces' letters
    ``least`` px tall at least, the cells' names excepted) and room for the panel."""
    if layers.active():
        # the card, the clipped margins, the coordinates and every cell as plain ice come from a
        # cached layer; only the cells that differ are drawn on it (_draw_changed_cells), then
        # the margins are put back over them as a drawing from scratch does
        key, paint = _ice_board(view)
        board = layers.layer(key, (WIDTH, HEIGHT_MIN), paint)
        if h == HEIGHT_MIN:
            img, d = board, pens.drawing(board)
        else:
            img, d = pens.canvas(WIDTH, h)
            pens.paste(img, board, (0, 0))
        _draw_changed_cells(img, d, view, layers.source(key, (WIDTH, HEIGHT_MIN), paint))
        for band in _margin_boxes():
            part = layers.layer(key, (WIDTH, HEIGHT_MIN), paint, box=band)
            pens.paste(img, part, band[:2], _band_mask(band))
        d.rectangle(RECT, outline=theme.INK, width=2)
    else:
        img, d = pens.canvas(WIDTH, h)
        drawing.card(d, (BOARD_LEFT, BOARD_TOP, BOARD_RIGHT, BOARD_BOTTOM))
        _draw_cells(d, view)
        _clip_to_rectangle(d)
        _draw_labels(d)
    _draw_path(d, view)
    _draw_pieces(d, view, least)
    _draw_finds(d, view, least)
    _draw_end_names(d, view, least)
    return img, d


def _draw_cells(d: ImageDraw.ImageDraw, view: HikeView) -> None:
    """Every cell, then START's and FINISH's names, then the last tile placed. (Not a sprite per
    cell and level: they cost more memory than the time they save; docs/performance.md.)"""
    for cell in range(B.NCELLS):
        _cell_paint(cell, terrain(view, cell), _crossed(view, cell))(d)
    _draw_cell_names(d, view, range(B.NCELLS))
    _draw_ends(d, view)


def _draw_cell_names(d: ImageDraw.ImageDraw, view: HikeView, cells: Sequence[int] | range) -> None:
    """The faint names of the free cells (no tile yet) among ``cells``."""
    for cell in cells:
        if view.tiles[cell] == B.NO_TILE:
            _cell_name(d, cell)


def _cell_name(d: ImageDraw.ImageDraw, cell: int) -> None:
    """A free cell's faint name. Only free cells print one: they are where a tile is placed
    ("place D5"), the cells a move names are found from them and the coordinates, and a late
    board keeps few; drawn crisp (:func:`renderer.lettering.crisp_text`), a name costs the PNG
    about 25 bytes."""
    x, y, anchor, size = cell_name_place(cell)
    lettering.crisp_text(d, (x, y), B.NAMES[cell], size, CELL_NAME_INK, anchor=anchor, cell_name=True)


def _crossed(view: HikeView, cell: int) -> bool:
    """Whether ``cell`` shows the printed cross (an X)."""
    return cell == B.CROSS and shows_cross(view)


def _draw_ends(d: ImageDraw.ImageDraw, view: HikeView) -> None:
    """The ring of the last tile placed (START's and FINISH's names come last of all:
    :func:`_draw_end_names`)."""
    if view.last_place:
        x, y = centre_of(view.last_place)
        drawing.highlight_ring(d, x, y, SIZE - 3, hexagonal=True)


#: The widest an end's name is drawn (px): wider, it would run into the finds and pieces at its
#: neighbours' near corners, so a longer word is drawn smaller (on the phone board even below its
#: smallest text size). English START and FINISH are 47 px at the phone board's size.
END_NAME_ROOM = 48


def _draw_end_names(d: ImageDraw.ImageDraw, view: HikeView, least: int = 0) -> None:
    """START's and FINISH's names, over everything on the board (a name is wider than its cell,
    and every puppet starts on START), so no piece hides them."""
    # Translators: START and FINISH are printed under the two end cells of the board
    ends = ((view.start, told(say("START"))), (view.finish, told(say("FINISH"))))
    for name, label in ends:
        cell = B.INDEX[name]
        cx, cy = centre(cell)
        fill = TERRAIN_RGB[terrain(view, cell)]
        size = lettering.largest_size(label, range(max(11, least), 7, -1), END_NAME_ROOM)
        lettering.halo_text(d, (cx, cy + SIZE * 0.62), label, size, theme.INK, halo=fill, width=2)


def _cell_paint(cell: int, kind: str, crossed: bool) -> layers.Paint:
    """A cell of level ``kind``: its hex, its mark, and the printed cross when ``crossed``.
    Everything it draws is opaque and inside the hex (:func:`_footprint`)."""

    def paint(d: ImageDraw.ImageDraw) -> None:
        cx, cy = centre(cell)
        fill = TERRAIN_RGB[kind]
        drawing.hex_polygon(d, cx, cy, SIZE, fill=fill, outline=theme.darken(fill, 0.3), width=1)
        _mark(d, kind, cx, cy)
        if crossed:
            r = SIZE * 0.25
            d.line((cx - r, cy - r, cx + r, cy + r), fill=theme.MUTED, width=2)
            d.line((cx - r, cy + r, cx + r, cy - r), fill=theme.MUTED, width=2)

    return paint


def _ice_board_crossed(view: HikeView) -> bool:
    """Whether the ice board of ``view``'s shape shows the printed cross: unless it is the Finish."""
    return B.INDEX[view.finish] != B.CROSS


def _ice_board(view: HikeView) -> tuple[tuple[str, str, bool], layers.Paint]:
    """The key and paint of the static layer of ``view``'s board shape: the card, every cell as
    plain ice (with the cross, unless the cross is the Finish), the margins, the coordinates."""
    cross = _ice_board_crossed(view)

    def paint(d: ImageDraw.ImageDraw) -> None:
        drawing.card(d, (BOARD_LEFT, BOARD_TOP, BOARD_RIGHT, BOARD_BOTTOM))
        for cell in range(B.NCELLS):
            _cell_paint(cell, "ice", cross and cell == B.CROSS)(d)
        printed = B.base_tiles(B.FINISH if cross else B.CROSS)  # the FINISH of this shape
        for cell in range(B.NCELLS):
            if printed[cell] == B.NO_TILE:
                _cell_name(d, cell)
        _clip_to_rectangle(d)
        _draw_labels(d)

    return ("ice-hike", "ice board", cross), paint


def _draw_changed_cells(img: Image.Image, d: ImageDraw.ImageDraw, view: HikeView, board: Image.Image) -> None:
    """What :func:`_draw_cells` draws, on a copy of the ice board ``board``, drawing only the
    cells that differ from it.

    Cells are drawn in order and each one's pixels (:func:`_footprint`) are the last drawn over
    its border with an earlier neighbour. So, in order: a cell that differs is drawn; a cell that
    does not, but touches an earlier one that does, gets its own pixels back from ``board``
    (which holds, there, what the later cells drew over it, as the drawing from scratch does,
    unless a later cell differs, and that one is drawn after). Every other pixel is the board's.
    A cell draws only opaque colours inside its hex, so its pixels are the same whatever its
    level (a test checks both, and every state of seeded playouts against the drawing from
    scratch)."""
    base_cross = _ice_board_crossed(view)
    changed = [
        terrain(view, cell) != "ice" or _crossed(view, cell) != (base_cross and cell == B.CROSS)
        for cell in range(B.NCELLS)
    ]
    core, source = img.im, board.im
    for cell in range(B.NCELLS):
        if changed[cell]:
            _draw_cell(d, cell, terrain(view, cell), _crossed(view, cell))
        elif any(changed[other] for other in _earlier_neighbours(cell)):
            box, mask = _footprint(cell)
            core.paste(source.crop(box), box, mask.im)
    _draw_cell_names(d, view, [cell for cell in range(B.NCELLS) if changed[cell]])
    _draw_ends(d, view)


def _draw_cell(d: ImageDraw.ImageDraw, cell: int, kind: str, crossed: bool) -> None:
    """:func:`_cell_paint` of ``cell``, as the sprite of a cell whose look is the same moved by
    whole pixels (:func:`_model`): a few places serve the 130 cells, so the sprites of every
    level stay small (docs/performance.md, "Design figures")."""
    model, shift = _model(cell, kind, crossed)
    paint = _cell_paint(model, kind, crossed)
    key = ("ice-hike", "cell", model, kind, crossed)
    layers.sprites(d, [(key, _footprint(model)[0], paint)], shift=shift)


#: The cell whose sprite draws each (cell, level, cross), and the move from it (:func:`_model`).
_models: dict[tuple[int, str, bool], tuple[int, tuple[int, int]]] = {}


def _model(cell: int, kind: str, crossed: bool) -> tuple[int, tuple[int, int]]:
    """The first cell that draws ``cell``'s look (level ``kind``, the cross or not) pixel for
    pixel moved by whole pixels, and that move; or ``cell`` itself. Found once per look and
    cell by drawing both: two centres the same way between pixels do not always rasterise
    alike (Pillow rounds a polygon's edges from their coordinates, and in the second column
    they round otherwise than further right)."""
    found = _models.get((cell, kind, crossed))
    if found is None:
        found = (cell, (0, 0))
        x, y = centre(cell)
        box = _footprint(cell)[0]
        for other in range(cell):
            ox, oy = centre(other)
            if not ((x - ox).is_integer() and (y - oy).is_integer()):
                continue
            shift = (int(x - ox), int(y - oy))
            if pens.moved(_footprint(other)[0], shift) == box and _draws_alike(cell, other, kind, crossed):
                found = (other, shift)
                break
        _models[(cell, kind, crossed)] = found
    return found


def _draws_alike(cell: int, other: int, kind: str, crossed: bool) -> bool:
    """Whether ``other``'s look, moved as far as their footprints' boxes lie apart, is ``cell``'s, pixel for pixel (each drawn
    where it lies on black and on white, as sprites are, then cut to its footprint's box)."""
    for ground in (theme.BLACK, theme.WHITE):
        cuts = []
        for which in (cell, other):
            box = _footprint(which)[0]
            picture, pen = pens.canvas(box[2], box[3], ground)
            _cell_paint(which, kind, crossed)(pen)
            cuts.append(picture.crop(box))
        if ImageChops.difference(*cuts).getbbox() is not None:
            return False
    return True


@functools.cache
def _earlier_neighbours(cell: int) -> tuple[int, ...]:
    """The cells before ``cell`` whose pixels may touch its own (their boxes overlap)."""
    x0, y0, x1, y1 = _footprint(cell)[0]
    return tuple(
        other
        for other in range(cell)
        if (b := _footprint(other)[0])[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]
    )


@functools.cache
def _footprint(cell: int) -> tuple[tuple[int, int, int, int], Image.Image]:
    """The box around ``cell``'s hex and, in it, the pixels its paint draws (a "1" mask): what
    comes out different from the background on a black picture or on a white one."""
    cx, cy = centre(cell)
    box = (
        max(0, math.floor(cx - SIZE) - 2),
        max(0, math.floor(cy - SIZE) - 2),
        min(WIDTH, math.ceil(cx + SIZE) + 3),
        min(HEIGHT_MIN, math.ceil(cy + SIZE) + 3),
    )
    drawn = []
    for ground in (theme.BLACK, theme.WHITE):
        picture, pen = pens.canvas(box[2], box[3], ground)
        _cell_paint(cell, "ice", False)(pen)
        drawn.append(picture.crop(box))
    # the paint is opaque: a pixel it drew is the same on both grounds, one it did not differs
    mask = ImageChops.invert(ImageChops.difference(*drawn).convert("L")).convert(
        "1", dither=Image.Dither.NONE
    )
    return box, mask


def _draw_finds(d: ImageDraw.ImageDraw, view: HikeView, least: int = 0) -> None:
    """The cave finds lying on mountains, over the pieces so a bear or puppet never hides one."""
    found = []
    for cell in range(B.NCELLS):
        cube = view.cubes[cell]
        if cube in CUBE_RGB:
            cx, cy = centre(cell)
            found.append((cx + SIZE * 0.45, cy - SIZE * 0.45, cube))
    cubes(d, found, least)


def cubes(d: ImageDraw.ImageDraw, where: Sequence[tuple[float, float, str]], least: int = 0) -> None:
    """A find's cube with its letter at each (x, y, find), the cube's centre: the letter lies
    on the cube, so each is a sprite per place and find (:func:`renderer.layers.sprites`). A
    letter ``least`` px tall (at least) gets a cube that holds it."""
    size = max(11, least)
    half = max(CUBE, round(size * 0.6))
    pieces: list[layers.Piece] = []
    for x, y, find in where:
        box = (
            math.floor(x - half) - 1,
            math.floor(y - half) - 1,
            math.ceil(x + half) + 2,
            math.ceil(y + half) + 2,
        )
        pieces.append((("ice-hike", "cube", x, y, find, size), box, _cube_paint(x, y, find, size, half)))
    layers.sprites(d, pieces)


def _cube_paint(x: float, y: float, find: str, size: int = 11, half: float = CUBE) -> layers.Paint:
    def paint(d: ImageDraw.ImageDraw) -> None:
        d.rectangle((x - half, y - half, x + half, y + half), fill=CUBE_RGB[find], outline=theme.INK)
        lettering.text(
            d, (x, y), CUBE_LETTER[find], size, theme.ink_for(CUBE_RGB[find]), anchor="mm", bold=True
        )

    return paint


def _mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float) -> None:
    """The second signal of a level besides its shade."""
    s = SIZE
    if kind == "mountain":
        peak = [(cx - s * 0.5, cy + s * 0.3), (cx - s * 0.1, cy - s * 0.35), (cx + s * 0.3, cy + s * 0.3)]
        d.line([*peak, peak[0]], fill=theme.darken(TERRAIN_RGB["mountain"], 0.4), width=2)
        d.line((cx - s * 0.2, cy - s * 0.2, cx, cy - s * 0.2), fill=(245, 245, 245), width=2)
    elif kind == "land":
        for k in (-1, 1):
            y = cy + k * s * 0.18 - s * 0.35
            d.line(
                (cx - s * 0.35, y, cx + s * 0.35, y), fill=theme.darken(TERRAIN_RGB["land"], 0.25), width=1
            )
    elif kind in ("water", "fish"):
        ink = theme.lighten(TERRAIN_RGB[kind], 0.45)
        for k in (-1, 1):
            y = cy + k * s * 0.3
            pts = [(cx - s * 0.45 + i * s * 0.15, y + (2 if i % 2 else -2)) for i in range(7)]
            d.line(pts, fill=ink, width=2)
        if kind == "fish":
            d.ellipse((cx - s * 0.28, cy - s * 0.12, cx + s * 0.12, cy + s * 0.12), fill=ink)
            drawing.polygon(
                d,
                [(cx + s * 0.1, cy), (cx + s * 0.3, cy - s * 0.14), (cx + s * 0.3, cy + s * 0.14)],
                fill=ink,
            )


def _clip_to_rectangle(d: ImageDraw.ImageDraw) -> None:
    """The printed board is a rectangle through the centres of the edge hexes: half hexes."""
    _fill_margins(d, theme.PANEL)
    d.rectangle(RECT, outline=theme.INK, width=2)


def _margins() -> list[tuple[float, float, float, float]]:
    """The four bands of the card around the printed rectangle."""
    left, top, right, bottom = RECT
    return [
        (BOARD_LEFT + 2, BOARD_TOP + 2, BOARD_RIGHT - 2, top - 1),
        (BOARD_LEFT + 2, bottom + 1, BOARD_RIGHT - 2, BOARD_BOTTOM - 2),
        (BOARD_LEFT + 2, BOARD_TOP + 2, left - 1, BOARD_BOTTOM - 2),
        (right + 1, BOARD_TOP + 2, BOARD_RIGHT - 2, BOARD_BOTTOM - 2),
    ]


def _fill_margins(d: ImageDraw.ImageDraw, fill: RGB | int) -> None:
    for band in _margins():
        d.rectangle(band, fill=fill)


@functools.cache
def _margin_boxes() -> list[tuple[int, int, int, int]]:
    """Whole-pixel boxes around the bands (with :func:`_margins_mask`, exactly their pixels)."""
    return [
        (math.floor(x0) - 1, math.floor(y0) - 1, math.ceil(x1) + 2, math.ceil(y1) + 2)
        for x0, y0, x1, y1 in _margins()
    ]


@functools.cache
def _band_mask(band: tuple[int, int, int, int]) -> Image.Image:
    """The part of :func:`_margins_mask` in ``band`` (one of :func:`_margin_boxes`)."""
    return _margins_mask().crop(band)


@functools.cache
def _margins_mask() -> Image.Image:
    """The pixels :func:`_fill_margins` covers, as a mask (the same rasterization)."""
    mask = Image.new("1", (WIDTH, HEIGHT_MIN), 0)  # "1": pastes faster than "L"
    _fill_margins(ImageDraw.Draw(mask), 1)
    return mask


def _draw_labels(d: ImageDraw.ImageDraw) -> None:
    left, top, right, bottom = RECT
    for col in range(B.COLS):
        x = ORIGIN_X + 1.5 * SIZE * col
        letter = chr(ord("A") + col)
        lettering.text(
            d, (x, top - LABEL / 2 - 2), letter, theme.SMALL_SIZE, theme.MUTED, anchor="mm", bold=True
        )
        lettering.text(
            d, (x, bottom + LABEL / 2 + 2), letter, theme.SMALL_SIZE, theme.MUTED, anchor="mm", bold=True
        )
    for row in range(B.ROWS):
        y = ORIGIN_Y + SQ3 * SIZE * (row + 0.25)
        lettering.text(
            d, (left - LABEL / 2 - 2, y), str(row + 1), theme.SMALL_SIZE, theme.MUTED, anchor="mm", bold=True
        )
        lettering.text(
            d, (right + LABEL / 2 + 2, y), str(row + 1), theme.SMALL_SIZE, theme.MUTED, anchor="mm", bold=True
        )


def _draw_path(d: ImageDraw.ImageDraw, view: HikeView) -> None:
    for _piece, cells in paths(view):
        pts = [spot_of(n) for n in cells]
        if len(pts) < 2:
            continue
        d.line(pts, fill=theme.HIGHLIGHT_EDGE, width=theme.RING_WIDTH + 4, joint="curve")
        d.line(pts, fill=theme.HIGHLIGHT, width=theme.RING_WIDTH, joint="curve")
        x, y = pts[0]
        d.ellipse((x - 4, y - 4, x + 4, y + 4), fill=theme.HIGHLIGHT, outline=theme.HIGHLIGHT_EDGE)


def _draw_pieces(d: ImageDraw.ImageDraw, view: HikeView, least: int = 0) -> None:
    """Igloos, bears, puppets and the torch's ring; letters on pieces ``least`` px tall at least
    (puppets then grow a little to hold them)."""
    for colour, cells in enumerate(view.igloos):
        for name in cells:
            cx, cy = centre_of(name)
            _igloo(d, cx, cy + SIZE * 0.18, view.colours[colour], colour in view.finished, least)
    for name in view.bears:
        cx, cy = spot_of(name)
        _bear(d, cx, cy, name in view.drowned, walking=name == view.walking_bear)
    by_cell: dict[str, list[int]] = {}
    for colour, where in enumerate(view.puppets):
        if where is not None:
            by_cell.setdefault(where, []).append(colour)
    for name, colours in by_cell.items():
        places = puppet_places(B.INDEX[name], len(colours))
        r = puppet_radius(B.INDEX[name], len(colours)) + (2 if least else 0)
        for (x, y), colour in zip(places, colours, strict=True):
            puppet(d, x, y, view.colours[colour], out=view.owners[colour] in view.retired, r=r, least=least)
    if view.torch_cell:
        cell = B.INDEX[view.torch_cell]
        cx, cy = spot(cell)
        drawing.highlight_ring(d, cx, cy, SIZE * (0.7 if not any(cuts(cell)) else 0.5))


def puppet(
    d: ImageDraw.ImageDraw,
    x: float,
    y: float,
    colour: str,
    *,
    out: bool = False,
    r: float = PUPPET_R,
    least: int = 0,
) -> None:
    fill = HIKER_RGB[colour]
    letter = HIKER_LETTER[colour]
    drawing.token(d, x, y, r, theme.grey(fill) if out else fill, letter, outline=theme.INK, least=least)


def _puppet_box(x: float, y: float) -> theme.PixelBox:
    """Whole pixels around a panel's puppet (radius 12)."""
    return (math.floor(x) - 15, math.floor(y) - 15, math.ceil(x) + 16, math.ceil(y) + 16)


def _puppet_paint(x: float, y: float, colour: str, out: bool) -> layers.Paint:
    """A panel's puppet: its letter lies on it, so it is a sprite per place and look."""

    def paint(d: ImageDraw.ImageDraw) -> None:
        puppet(d, x, y, colour, out=out, r=12)

    return paint


def _igloo(d: ImageDraw.ImageDraw, cx: float, cy: float, colour: str, faded: bool, least: int = 0) -> None:
    fill = HIKER_RGB[colour]
    fill = theme.lighten(fill, 0.3) if faded else fill
    r = SIZE * 0.5
    d.chord((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=fill, outline=theme.INK, width=2)
    d.line((cx - r, cy, cx + r, cy), fill=theme.INK, width=2)
    lettering.text(
        d,
        (cx, cy - r * 0.35),
        HIKER_LETTER[colour],
        max(11, least),
        theme.ink_for(fill),
        anchor="mm",
        bold=True,
    )


def _bear(d: ImageDraw.ImageDraw, cx: float, cy: float, drowned: bool, *, walking: bool = False) -> None:
    fill = theme.grey(BEAR_RGB, 0.4) if drowned else BEAR_RGB
    r = BEAR_R
    for side in (-1, 1):
        ex, ey = cx + side * r * 0.7, cy - r * 0.75
        d.ellipse(
            (ex - r * 0.38, ey - r * 0.38, ex + r * 0.38, ey + r * 0.38),
            fill=fill,
            outline=theme.INK,
            width=2,
        )
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=theme.INK, width=2)
    d.ellipse((cx - 2, cy + 1, cx + 2, cy + 4), fill=theme.INK)
    for side in (-1, 1):
        d.ellipse((cx + side * 4 - 1.5, cy - 4, cx + side * 4 + 1.5, cy - 1), fill=theme.INK)
    if walking:
        drawing.highlight_ring(d, cx, cy, r + 4)


# --------------------------------------------------------------------------- panel

ROW = 54


def _panel_height(view: HikeView, names: Sequence[str]) -> float:
    status_rows, footer_rows = panel_text(view, names)
    return (
        theme.PAD
        + theme.TITLE_SIZE
        + 8
        + len(status_rows) * (theme.HEADING_SIZE + 4)
        + theme.HEADING_SIZE
        + 8
        + 10
        + ROW * len(view.colours)
        + 14
        + len(footer_rows) * (theme.SMALL_SIZE + 6)
        + theme.PAD
    )


def home_place(view: HikeView, names: Sequence[str], colour: int, room: float, *, bold: bool) -> str:
    """The place home of the finished hiker of ``colour`` beside its name in ``room`` px: "#1
    home", or only "#1" where that keeps the name whole ("Floe (easy, white)", not "Floe (e…,
    white)"); a name too long for either is cut beside "#1 home"."""
    place = view.finished.index(colour) + 1
    rank = told(say("#{n} home", n=place))
    # Translators: a hiker's place home, short ("#1"), where "#{n} home" leaves no room for the name
    short = told(say("#{n}", n=place))
    needed = lettering.text_width(hiker_name(view, names, colour), theme.TEXT_SIZE, bold=bold) + 8
    for shown in (rank, short):
        if needed + lettering.text_width(shown, theme.TEXT_SIZE, bold=True) <= room:
            return shown
    return rank


def _draw_panel(d: ImageDraw.ImageDraw, view: HikeView, names: Sequence[str], box: theme.Box) -> None:
    left, top, right, _ = box
    drawing.card(d, box)
    x, y = left + theme.PAD, top + theme.PAD
    inner = right - left - 2 * theme.PAD
    status_rows, footer_rows = panel_text(view, names)
    lettering.text(d, (x, y), "Ice Hike", theme.TITLE_SIZE, theme.INK, bold=True, max_width=inner)
    y += theme.TITLE_SIZE + 8
    over = view.phase == OVER
    ink = theme.GOOD if over and view.winners else theme.INK
    named = status_colour(view)
    indent = legend.STATUS_TOKEN if named is not None else 0  # the lines leave it room either way
    if named is not None:
        r = legend.STATUS_TOKEN_RADIUS
        puppet(d, x + r, y + theme.HEADING_SIZE / 2 + 2, view.colours[named], r=r)
    y = (
        lettering.lines(d, (x + indent, y), status_rows, theme.HEADING_SIZE, ink, max_width=inner - indent)
        + 2
    )
    if view.drawn:
        tile = told(say("Your tile: {tile}", tile=view.drawn))
        lettering.text(d, (x, y), tile, theme.TEXT_SIZE, theme.INK, max_width=inner)
    elif view.tile_drawn:
        lettering.text(d, (x, y), told(say("A tile is drawn")), theme.TEXT_SIZE, theme.MUTED, max_width=inner)
    y += theme.HEADING_SIZE + 2
    d.line((x, y, right - theme.PAD, y), fill=theme.FAINT, width=2)
    y += 8
    for colour, name in enumerate(view.colours):
        seat = view.owners[colour]
        awaited = hiker_awaited(view, colour)
        out = seat in view.retired
        if awaited:
            d.rounded_rectangle(
                (left + 4, y, right - 4, y + ROW - 4),
                radius=8,
                fill=theme.lighten(theme.HIGHLIGHT, 0.55),
                outline=theme.HIGHLIGHT_EDGE,
            )
            drawing.arrow_marker(d, x + 5, y + 16, 7)
        elif seat in view.winners and view.finished and view.finished[0] == colour:
            drawing.crown(d, x + 6, y + 16, 9)
        layers.sprites(
            d,
            [
                (
                    ("ice-hike", "puppet", x + 28, y + 16, name, out),
                    _puppet_box(x + 28, y + 16),
                    _puppet_paint(x + 28, y + 16, name, out),
                )
            ],
        )
        rank_w = 0.0
        if colour in view.finished:  # its own text, so a long name never cuts the place off
            rank = home_place(view, names, colour, inner - 48, bold=awaited)
            rank_w = lettering.text_width(rank, theme.TEXT_SIZE, bold=True) + 8
            lettering.text(
                d, (right - theme.PAD, y + 16), rank, theme.TEXT_SIZE, theme.INK, anchor="rm", bold=True
            )
        room = inner - 48 - rank_w
        label = fit_hiker(
            view,
            names,
            colour,
            "",
            " " + told(say("(left)")) if out else "",
            theme.TEXT_SIZE,
            room,
            bold=awaited,
        )
        lettering.text(
            d,
            (x + 48, y + 16),
            label,
            theme.TEXT_SIZE,
            theme.GREYED if out else theme.INK,
            anchor="lm",
            bold=awaited,
            max_width=room,
        )
        bx = x + 48
        cubes(d, [(bx + k * 50 + CUBE, y + 38, find) for k, find in enumerate(B.FINDS)])
        for k in range(len(B.FINDS)):
            cx, cy = bx + k * 50, y + 38
            lettering.text(
                d,
                (cx + 2 * CUBE + 5, cy),
                str(view.finds[colour][k]),
                theme.SMALL_SIZE,
                theme.INK,
                anchor="lm",
            )
        igloos = len(view.igloos[colour])
        lettering.text(
            d,
            (bx + 150, y + 38),
            told(say("igloos {n}/2", n=igloos)),
            theme.SMALL_SIZE,
            theme.MUTED,
            anchor="lm",
        )
        y += ROW
    y += 6
    d.line((x, y, right - theme.PAD, y), fill=theme.FAINT, width=2)
    y += 8
    lettering.lines(d, (x, y), footer_rows, theme.SMALL_SIZE, theme.MUTED, max_width=inner, spacing=6)


#: What :mod:`renderer` draws Ice Hike with (:class:`renderer.registry.Drawing`).
DRAWING = Drawing(
    draw=draw,
    text=text,
    phone=phone,
    facts=facts,
    key=key,
    holding=holding,
    last_move=("Last move: ", "Last tile placed: "),
)
