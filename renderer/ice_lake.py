"""The Ice Lake board: the hex lake with its printed names, cracks, skaters, and a legend.

Layout (960 px wide)::

    +-----------------------------------+  +-----------+
    |  A  B  C  D  E  F  G  H  I  J  K  |  |  legend   |
    |        hex lake, radius 5         |  | (round,   |
    |   every hex shows its name (F6)   |  |  who is   |
    |  compass                          |  |  awaited) |
    +-----------------------------------+  +-----------+

* Cell names are the notation's (``reset F1``): columns A..K west to east, rows from 1 at the
  top of each column; each hex prints its name, and the column letters run along the top.
* A skater is an arrow pointing the way it faces, in its seat's colour (:mod:`renderer.theme`)
  with the seat's letter on it, so colour is never the only signal. A skater that is out is drawn greyed, crossed, where it was
  last on the lake.
* Cracks are lines between hex centres; those of the last movement phase are drawn thicker.
  Ice closed off from the shore is shaded (a key line under the legend); each skater's row says
  its last revealed plan.
* A seat's private view during planning adds that seat's own planned path (dashed, numbered
  step by step, a cross where it would leave the lake).
* :func:`frames` draws the last movement phase, one picture per step, for an animated GIF,
  its closed-off ice shaded step by step as the still board shades it.

What the board says in words (panel, text board, facts and key): :mod:`renderer.ice_lake_words`.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.hexgrid import CLOCKWISE, DIRECTIONS, Hex
from games.ice_lake.board import BORDER, LAKE, RADIUS, Edge, name
from games.ice_lake.state import Frame, LakeView
from renderer import drawing, layers, legend, lettering, pens, theme
from renderer.ice_lake_words import Triangle, closed_triangles, footer, panel_rows, status
from renderer.ice_lake_words import facts as facts
from renderer.ice_lake_words import key as key
from renderer.ice_lake_words import text as text
from renderer.registry import Drawing
from renderer.speech import told
from renderer.theme import RGB

# --------------------------------------------------------------------------- layout

WIDTH = theme.TARGET_WIDTH
BOARD_LEFT = theme.MARGIN
BOARD_RIGHT = WIDTH - theme.MARGIN - theme.PANEL_WIDTH - theme.GAP
PANEL_LEFT = BOARD_RIGHT + theme.GAP
#: Circumradius of one hex in pixels.
HEX = 33
#: Room above the lake for the column letters.
HEADER = 30
#: Pixel centre of the middle hex (F6).
ORIGIN = ((BOARD_LEFT + BOARD_RIGHT) / 2, theme.MARGIN + HEADER + math.sqrt(3) * HEX * (RADIUS + 0.5) + 4)
BOARD_BOTTOM = int(ORIGIN[1] + math.sqrt(3) * HEX * (RADIUS + 0.5) + 12)
#: Height of the caption strip under an animation frame.
CAPTION = 40
#: The compass's letters: legible on a movement frame (the lake and its caption) shown at a
#: phone's width, as every text of a phone board is.
COMPASS_SIZE = theme.phone_text(BOARD_RIGHT + theme.MARGIN)
SKATER = 19  # arrow "radius"
CELL_NAME_SIZE = 11
CRACK: RGB = (40, 62, 96)
CRACK_WIDTH = 3
NEW_CRACK_WIDTH = 6
ICE: RGB = theme.TERRAIN["ice"]
#: Ice closed off by cracks (no line of uncracked ice to the shore): a skater there falls.
CLOSED: RGB = (150, 166, 186)
SHORE: RGB = theme.TERRAIN["thin ice"]
WATER: RGB = theme.TERRAIN["water"]
#: Screen angle (degrees, y down) of each facing on flat-top hexes.
ANGLES: dict[str, float] = {
    d: math.degrees(math.atan2(math.sqrt(3) * (dr + dq / 2), 1.5 * dq)) for d, (dq, dr) in DIRECTIONS.items()
}


@functools.cache
def center(h: Hex) -> tuple[float, float]:
    """Pixel centre of a hex of the lake (or just off it) on the board picture (remembered)."""
    return drawing.hex_center(h, HEX, ORIGIN)


# --------------------------------------------------------------------------- pieces


def skater(draw: ImageDraw.ImageDraw, seat: int, h: Hex, facing: str, *, out: bool = False) -> None:
    """An arrow pointing the way the skater faces, in its colour, with its letter."""
    cx, cy = center(h)
    p = theme.player(seat)
    fill = theme.grey(p.rgb) if out else p.rgb
    drawing.polygon(draw, _arrow(h, facing), fill=fill, outline=theme.GREYED if out else theme.INK, width=2)
    lettering.text(
        draw, (cx, cy), p.letter, 17, theme.INK if out else theme.ink_for(fill), anchor="mm", bold=True
    )
    if out:
        k = SKATER * 0.7
        drawing.cross(draw, (cx - k, cy - k, cx + k, cy + k), fill=theme.DANGER, width=3)


@functools.cache
def _arrow(h: Hex, facing: str) -> tuple[tuple[float, float], ...]:
    """The outline of a skater on ``h`` facing ``facing``: a teardrop, a round body (where its
    letter goes) with a point the way it faces (remembered: a lake has 91 hexes, 6 facings)."""
    cx, cy = center(h)
    a = math.radians(ANGLES[facing])

    def at(angle: float, r: float) -> tuple[float, float]:
        return cx + r * math.cos(a + angle), cy + r * math.sin(a + angle)

    body = [at(math.radians(t), SKATER * 0.8) for t in range(40, 321, 10)]
    return (at(0, SKATER * 1.45), *body)


def _crack(draw: ImageDraw.ImageDraw, e: Edge, width: int) -> None:
    a, b = center(e[0]), center(e[1])
    draw.line((a, b), fill=CRACK, width=width)
    for x, y in (a, b):
        k = width / 2
        draw.ellipse((x - k, y - k, x + k, y + k), fill=CRACK)


def _compass(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float = 26) -> None:
    """The six facings of the notation around a dot: face N, NE, SE, S, SW, NW (letters of
    :data:`COMPASS_SIZE`, legible on a movement frame shown at a phone's width)."""
    draw.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=theme.INK)
    for d in CLOCKWISE:
        a = math.radians(ANGLES[d])
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        draw.line(
            (cx + 6 * math.cos(a), cy + 6 * math.sin(a), x * 0.6 + cx * 0.4, y * 0.6 + cy * 0.4),
            fill=theme.MUTED,
            width=2,
        )
        lettering.text(draw, (x, y), d, COMPASS_SIZE, theme.INK, anchor="mm", bold=True)


def _path(draw: ImageDraw.ImageDraw, seat: int, path: Sequence[Hex], step_size: int = 12) -> None:
    """The viewer's own planned path: dashed in its colour, each hex numbered by step (numbers
    ``step_size`` px tall)."""
    colour = theme.darken(theme.player(seat).rgb, 0.15)
    points = [center(h) for h in path]
    for (x0, y0), (x1, y1) in pairwise(points):
        n = 6
        for i in range(0, n, 2):
            t0, t1 = i / n, (i + 1) / n
            draw.line(
                (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
                fill=colour,
                width=5,
            )
    for k, h in enumerate(path[1:], start=1):
        x, y = center(h)
        if h in LAKE_SET:
            draw.ellipse((x - 10, y - 10, x + 10, y + 10), fill=theme.WHITE, outline=colour, width=3)
            lettering.text(draw, (x, y), str(k), step_size, theme.INK, anchor="mm", bold=True)
        else:
            drawing.cross(draw, (x - 10, y - 10, x + 10, y + 10), fill=theme.DANGER, width=4)


def _route_end(draw: ImageDraw.ImageDraw, last: Hex, end: str) -> None:
    """Where the own plan's route ends early: a red ring where it stops (a crack or a skater
    ahead), a red cross where it falls through (off the lake is crossed by :func:`_path`)."""
    x, y = center(last)
    if end in ("crack", "skater"):
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), outline=theme.DANGER, width=4)
    elif end == "through":
        drawing.cross(draw, (x - 12, y - 12, x + 12, y + 12), fill=theme.DANGER, width=4)


LAKE_SET = frozenset(LAKE)


# --------------------------------------------------------------------------- the board


def _lake(draw: ImageDraw.ImageDraw, name_size: int = CELL_NAME_SIZE) -> None:
    """Water, the ice hexes with their names (``name_size`` px tall), the column letters and a
    compass."""
    top = theme.MARGIN
    draw.rounded_rectangle((BOARD_LEFT, top, BOARD_RIGHT, BOARD_BOTTOM), radius=theme.RADIUS, fill=WATER)
    for h in LAKE:
        cx, cy = center(h)
        drawing.hex_polygon(draw, cx, cy, HEX, fill=SHORE if h in BORDER else ICE, outline=theme.PANEL_EDGE)
        _cell_name(draw, h, theme.MUTED, name_size)
    for q in range(-RADIUS, RADIUS + 1):
        top_hex = min((h for h in LAKE if h.q == q), key=lambda h: h.r)
        x, y = center(top_hex)
        lettering.halo_text(
            draw,
            (x, y - HEX * 0.87 - 12),
            chr(ord("A") + q + RADIUS),
            theme.HEADING_SIZE,
            theme.WHITE,
            theme.INK,
        )
    _compass(draw, BOARD_LEFT + 52, BOARD_BOTTOM - 52)


def _background(height: int, width: int = WIDTH) -> Image.Image:
    """The static lake (a cached layer: the board's width and height), on a picture of
    ``width`` x ``height`` ready to draw a position on (a taller legend makes a taller picture)."""
    size = (min(width, WIDTH), BOARD_BOTTOM + theme.MARGIN)
    lake = layers.layer(("ice-lake", "lake"), size, _lake)
    if lake.size == (width, height):
        return lake
    img, _ = pens.canvas(width, height)
    pens.paste(img, lake, (0, 0))
    return img


def _cell_name(draw: ImageDraw.ImageDraw, h: Hex, ink: RGB, size: int) -> None:
    """``h``'s printed name near its top. The lake's edges carry its column letters only, so
    a name as large as the phone board's coordinates is its row's only coordinate: only a
    smaller one is a cell's name a phone board may keep small."""
    cx, cy = center(h)
    small = size < PHONE_TEXT_SIZE
    lettering.text(draw, (cx, cy - HEX * 0.62), name(h), size, ink, anchor="mm", cell_name=small)


def _closed_off(draw: ImageDraw.ImageDraw, cracks: frozenset[Edge], name_size: int = CELL_NAME_SIZE) -> None:
    """The ice closed off by cracks, shaded, with the names of the hexes it covers again on top."""
    triangles = closed_triangles(cracks)
    for corners in triangles:
        draw.polygon([center(h) for h in corners], fill=CLOSED)
    # a hex's name lies on the side to its northern neighbour: on either triangle of that side
    named = {h for corners in triangles for h in corners if h.step("N") in corners}
    for h in sorted(named):
        _cell_name(draw, h, theme.INK, name_size)


def _pieces(
    draw: ImageDraw.ImageDraw,
    positions: Sequence[Hex | None],
    facings: Sequence[str],
    fallen_at: Sequence[Hex | None],
    cracks: frozenset[Edge],
    new: frozenset[Edge],
    highlight: int | None = None,
) -> None:
    """Cracks (those of ``new`` thicker; one flat colour without anti-aliasing, so the order
    they are drawn in does not change a pixel), then the skaters (:func:`_skaters`)."""
    for e in sorted(cracks - new):
        _crack(draw, e, CRACK_WIDTH)
    for e in sorted(new & cracks):
        _crack(draw, e, NEW_CRACK_WIDTH)
    for piece in _skaters(positions, facings, fallen_at, highlight):
        piece.draw(draw)


class _Piece(NamedTuple):
    """One thing drawn over the lake and its cracks: a skater (greyed and crossed when out,
    ringed when it is the one moving) or a movement frame's caption. ``box`` holds every pixel
    it can touch."""

    box: theme.PixelBox
    draw: Callable[[ImageDraw.ImageDraw], object]


def _skaters(
    positions: Sequence[Hex | None],
    facings: Sequence[str],
    fallen_at: Sequence[Hex | None],
    highlight: int | None,
) -> list[_Piece]:
    """The skaters in drawing order: greyed skaters that went out, then those on the lake, the
    one ``highlight`` over a ring."""
    out = [
        _Piece(_skater_box(where), functools.partial(_out_skater, seat, where, facings[seat]))
        for seat, where in enumerate(fallen_at)
        if positions[seat] is None and where is not None
    ]
    out += [
        _Piece(_skater_box(h), functools.partial(_skater_drawn, seat, h, facings[seat], seat == highlight))
        for seat, h in enumerate(positions)
        if h is not None
    ]
    return out


def _out_skater(seat: int, where: Hex, facing: str, d: ImageDraw.ImageDraw) -> None:
    skater(d, seat, where, facing, out=True)


def _skater_drawn(seat: int, here: Hex, facing: str, ringed: bool, d: ImageDraw.ImageDraw) -> None:
    """A skater on the lake, over the ring when it is the one moving."""
    if ringed:
        cx, cy = center(here)
        drawing.highlight_ring(d, cx, cy, SKATER + 6)
    skater(d, seat, here, facing)


# --------------------------------------------------------------------------- board


def draw(view: LakeView, names: Sequence[str]) -> Image.Image:
    names = lettering.display_names(names)
    rows = panel_rows(view, names)
    lines = footer(view, names)
    said = status(view, names)
    legend_h = legend.legend_height(rows, lines, status=said)
    h = max(BOARD_BOTTOM + theme.MARGIN, theme.MARGIN * 2 + legend_h)
    img = _background(h)
    d = pens.drawing(img)
    _draw_position(d, view)
    legend.legend(
        d,
        (PANEL_LEFT, theme.MARGIN, WIDTH - theme.MARGIN, theme.MARGIN + legend_h),
        "Ice Lake",
        rows,
        lines,
        status=said,
    )
    return img


#: The part of the board a phone board shows: the lake in its water, the card's corners cut off.
PHONE_BOX = (BOARD_LEFT + 14, theme.MARGIN + 6, BOARD_RIGHT - 14, BOARD_BOTTOM - 6)
#: The phone board's smallest text (px): the cells' names, the steps of the own plan.
PHONE_TEXT_SIZE = theme.phone_text(PHONE_BOX[2] - PHONE_BOX[0])


def phone(view: LakeView, names: Sequence[str]) -> Image.Image:
    """The phone board: the lake alone, every cell's name as large as its smallest text (the
    edges carry the column letters only); :func:`facts` says what the panel said."""
    size = (BOARD_RIGHT + theme.MARGIN, BOARD_BOTTOM + theme.MARGIN)
    img = layers.layer(("ice-lake", "phone lake"), size, functools.partial(_lake, name_size=PHONE_TEXT_SIZE))
    _draw_position(pens.drawing(img), view, PHONE_TEXT_SIZE)
    x0, y0, x1, y1 = PHONE_BOX
    return pens.arranged(img, (x1 - x0, y1 - y0), [(PHONE_BOX, None, (0, 0))])


def _draw_position(d: ImageDraw.ImageDraw, view: LakeView, text_size: int = CELL_NAME_SIZE) -> None:
    """The position on the lake: the ice closed off, cracks, skaters and the viewer's own plan
    (the names and step numbers it draws ``text_size`` px tall, the steps at least 12)."""
    _closed_off(d, view.cracks, text_size)
    _pieces(d, view.positions, view.facings, view.fallen_at, view.cracks, view.last_cracks)
    if view.viewer is not None and view.own_path:
        _path(d, view.viewer, view.own_path, max(12, text_size))
        _route_end(d, view.own_path[-1], view.own_end)
        here = view.positions[view.viewer]
        if here is not None:
            skater(d, view.viewer, here, view.facings[view.viewer])


def frames(view: LakeView, names: Sequence[str]) -> Iterator[Image.Image]:
    """The last movement phase, one picture per step (the board only, with a caption).

    Every step is drawn on the same picture, pixel for pixel as if drawn alone on the lake: the
    lake keeps the cracks drawn so far (a phase only adds cracks); the first step is drawn
    whole, each next one only where it can differ from the step before (:func:`_redraw`). The
    picture notes those boxes (:func:`renderer.pens.note_changed`). A picture is valid until
    the next one is taken; copy one to keep it.
    """
    if not view.last_movement:
        return
    names = lettering.display_names(names)
    before = view.last_movement[0].cracks
    base, on_base = _frame_background(), frozenset[Edge]()
    shaded: frozenset[Triangle] = frozenset()  # the closed-off ice shaded on ``base``
    img: Image.Image | None = None
    last: Frame | None = None
    caption_right = 0.0  # where the last caption ended
    for k, f in enumerate(view.last_movement):
        lake_changed: list[theme.PixelBox] | None = []  # boxes of the lake drawn anew (None: all of it)
        closing: list[theme.PixelBox] = []  # boxes of ice shaded anew
        closes = f.cracks != on_base and _may_close(f.cracks - on_base, f.cracks)
        closed = frozenset(closed_triangles(f.cracks)) if closes else shaded
        if not on_base <= f.cracks or closed != shaded:  # drawn from the lake again
            closing = [_triangle_box(t) for t in closed ^ shaded]
            lake_changed = (
                None if not on_base <= f.cracks else [*closing, *map(_crack_box, f.cracks - on_base)]
            )
            base, on_base, shaded = _frame_lake(f.cracks, before), f.cracks, closed
        gained = f.cracks - on_base
        if gained:  # the lake under the skaters gains this frame's new cracks
            d = pens.drawing(base)
            for e in sorted(gained):
                _crack(d, e, CRACK_WIDTH if e in before else NEW_CRACK_WIDTH)
                if lake_changed is not None:
                    lake_changed.append(_crack_box(e))
            on_base = f.cracks
        caption, width = _fitted(_caption(view, k, names))
        right = CAPTION_AT[0] + width
        pieces = _frame_pieces(view, f, caption, right)
        if img is None:
            img = pens.duplicate(base)
            _draw_all(img, pieces)
            last, caption_right = f, right
            yield img
            continue
        assert last is not None
        seats = _seat_boxes(view, last, f)
        captions = _caption_box(max(caption_right, right))
        if lake_changed is None:
            img.paste(base, (0, 0))
            pens.set_inks(img, _inks_of(base).copy())
            _draw_all(img, pieces)
        else:
            _inks_of(img).update(_inks_of(base))  # the colours of every frame so far, and the lake's
            _redraw(img, base, pieces, [*lake_changed, *seats, captions])
        cracks = [_crack_box(e) for e in (last.cracks ^ f.cracks) - before]  # drawn differently
        pens.note_changed(img, [_clamped(b, img.size) for b in [*seats, *cracks, *closing, captions]])
        last, caption_right = f, right
        yield img


def _may_close(gained: frozenset[Edge], cracks: frozenset[Edge]) -> bool:
    """Whether cracks ``gained`` can have closed off more ice: ice is closed off by a loop of
    cracks, and a crack on a loop meets another crack at both ends (cheap; finding the closed
    ice is not)."""
    ends = Counter(h for e in cracks for h in e)
    return any(ends[a] > 1 and ends[b] > 1 for a, b in gained)


def _frame_lake(cracks: frozenset[Edge], before: frozenset[Edge]) -> Image.Image:
    """The lake of a movement frame: the ice ``cracks`` close off shaded as on the still board,
    then the cracks (those not in ``before`` thicker)."""
    base = _frame_background()
    d = pens.drawing(base)
    _closed_off(d, cracks)
    for e in sorted(cracks & before):
        _crack(d, e, CRACK_WIDTH)
    for e in sorted(cracks - before):
        _crack(d, e, NEW_CRACK_WIDTH)
    return base


def _triangle_box(corners: Triangle) -> theme.PixelBox:
    """Every pixel shading the triangle ``corners`` changes: the triangle, the names of its
    hexes drawn again over it, and the cracks along its sides drawn again over the shade."""
    points = [center(h) for h in corners]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    k = NEW_CRACK_WIDTH + 2
    top = min(ys) - HEX * 0.62 - CELL_NAME_SIZE
    return (
        math.floor(min(xs) - k - 14),
        math.floor(min(top, min(ys) - k)),
        math.ceil(max(xs) + k + 14) + 1,
        math.ceil(max(ys) + k) + 1,
    )


def _frame_background() -> Image.Image:
    return _background(BOARD_BOTTOM + CAPTION + theme.MARGIN, BOARD_RIGHT + theme.MARGIN)


def _caption(view: LakeView, k: int, names: Sequence[str]) -> str:
    return f"{k}/{len(view.last_movement) - 1}  {told(view.last_movement[k].text, names)}"


def _inks_of(img: Image.Image) -> pens.Inks:
    found = pens.inks(img)
    assert found is not None  # pictures made from :func:`_background` know their colours
    return found


#: The widest caption of a movement frame, and where its line starts.
CAPTION_WIDTH = BOARD_RIGHT - BOARD_LEFT
CAPTION_AT = (BOARD_LEFT + 4, BOARD_BOTTOM + 10)
#: Rows a line of text at ``theme.TEXT_SIZE`` can touch, from the top of the line: every character
#: the shipped font draws stays within 2 px above it and 22 px below (a test checks them all).
TEXT_ROWS = (-2, 22)


#: What kerning may add to a line of text, per character, at most: far more than the shipped
#: font's kerning does (its hinted advances are whole pixels; a pair of Latin, Greek or Cyrillic
#: letters moves by 1/64 px at most).
KERNING_SLACK = 1.0


@functools.lru_cache(maxsize=1024)
def _advance(ch: str) -> float:
    return lettering.text_width(ch, theme.TEXT_SIZE)


def _fitted(caption: str) -> tuple[str, float]:
    """The caption as ``lettering.text(..., max_width=CAPTION_WIDTH)`` draws it, and a width at least
    its own. A caption whose characters' advances, with :data:`KERNING_SLACK` each, fit is
    drawn whole without measuring the line (a new line's measurement costs a fifth of drawing
    it); a longer one is measured and shortened by ``lettering.fit``."""
    s = lettering.printable(caption)
    bound = sum(_advance(ch) for ch in s) + KERNING_SLACK * len(s)
    if bound <= CAPTION_WIDTH:
        return s, bound
    s = lettering.fit(s, theme.TEXT_SIZE, CAPTION_WIDTH)
    return s, lettering.text_width(s, theme.TEXT_SIZE)


def _caption_box(right: float) -> theme.PixelBox:
    """Every pixel a caption ending at ``right`` can touch (one line of text under the lake,
    from ``CAPTION_AT``, a pixel to spare each way; a glyph may reach a few pixels past its
    advance)."""
    x, y = CAPTION_AT
    return (x - 8, y + TEXT_ROWS[0] - 1, math.ceil(right) + 8, y + TEXT_ROWS[1] + 1)


def _frame_pieces(view: LakeView, f: Frame, caption: str, right: float) -> list[_Piece]:
    """What frame ``f`` draws over the lake and its cracks, in drawing order: the skaters, then
    the caption, which ends at ``right``."""
    caption_piece = _Piece(
        _caption_box(right),
        functools.partial(
            lettering.text_line, xy=CAPTION_AT, s=caption, size=theme.TEXT_SIZE, fill=theme.INK
        ),
    )
    return [*_skaters(f.positions, f.facings, _fallen(view, f), f.mover), caption_piece]


def _draw_all(img: Image.Image, pieces: Sequence[_Piece]) -> None:
    d = pens.drawing(img)
    for piece in pieces:
        piece.draw(d)


def _redraw(
    img: Image.Image, base: Image.Image, pieces: Sequence[_Piece], changed: list[theme.PixelBox]
) -> None:
    """Make ``img`` (the frame before) the frame of ``pieces`` over ``base``, knowing that the
    two can differ only inside ``changed``.

    The region drawn again (boxes, those that overlap merged into the box around them) grows
    from ``changed`` by the box of every piece that touches it, until no other piece touches
    it; it gets the lake back and every piece that touches it, in order. Inside, that is the
    whole drawing (a piece outside never reaches in); outside, nothing is drawn, and the frame
    before already showed it.
    """
    region = pens.merged([_clamped(b, img.size) for b in changed])
    chosen = [False] * len(pieces)
    while True:
        touching = [
            i for i, p in enumerate(pieces) if not chosen[i] and any(_overlap(p.box, b) for b in region)
        ]
        if not touching:
            break
        for i in touching:
            chosen[i] = True
        region = pens.merged([*region, *(_clamped(pieces[i].box, img.size) for i in touching)])
    core, lake = img.im, base.im
    for box in region:
        if box[0] < box[2] and box[1] < box[3]:
            core.paste(lake.crop(box), box)
    d = pens.drawing(img)
    for piece, redraw in zip(pieces, chosen, strict=True):
        if redraw:
            piece.draw(d)


def _overlap(a: theme.PixelBox, b: theme.PixelBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _clamped(box: theme.PixelBox, size: tuple[int, int]) -> theme.PixelBox:
    return (max(0, box[0]), max(0, box[1]), min(size[0], box[2]), min(size[1], box[3]))


def _skater_box(h: Hex) -> theme.PixelBox:
    x, y = center(h)
    return (
        math.floor(x - SKATER_REACH),
        math.floor(y - SKATER_REACH),
        math.ceil(x + SKATER_REACH) + 1,
        math.ceil(y + SKATER_REACH) + 1,
    )


def _crack_box(e: Edge) -> theme.PixelBox:
    (x0, y0), (x1, y1) = center(e[0]), center(e[1])
    k = NEW_CRACK_WIDTH + 2
    return (
        math.floor(min(x0, x1) - k),
        math.floor(min(y0, y1) - k),
        math.ceil(max(x0, x1) + k) + 1,
        math.ceil(max(y0, y1) + k) + 1,
    )


def _seat_boxes(view: LakeView, last: Frame, f: Frame) -> list[theme.PixelBox]:
    """Boxes around every skater of ``last`` or ``f`` whose seat is drawn differently in the two
    (moved, turned, went out, gained or lost the ring)."""
    was, now = _fallen(view, last), _fallen(view, f)
    out = []
    for seat in range(view.players):
        old = (last.positions[seat], last.facings[seat], was[seat], last.mover == seat)
        new = (f.positions[seat], f.facings[seat], now[seat], f.mover == seat)
        if old != new:
            out += [_skater_box(w) for w in dict.fromkeys((old[0], old[2], new[0], new[2])) if w is not None]
    return out


#: Half the side of the box a skater, its cross or its ring can cover around its hex's centre
#: (the ring's outer edge is ``SKATER + 6 + RING_WIDTH`` away, the arrow's point ``1.45 SKATER``).
SKATER_REACH = SKATER + 6 + theme.RING_WIDTH + 3


def _fallen(view: LakeView, f: Frame) -> tuple[Hex | None, ...]:
    """Where to draw greyed skaters in a frame: those already out at the end and in this frame."""
    return tuple(view.fallen_at[s] if f.positions[s] is None else None for s in range(view.players))


#: What :mod:`renderer` draws Ice Lake with (:class:`renderer.registry.Drawing`).
DRAWING = Drawing(
    draw=draw,
    text=text,
    phone=phone,
    facts=facts,
    key=key,
    frames=frames,
    last_move=("Last plans: ",),
)
