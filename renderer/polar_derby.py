"""The Polar Derby board: the middle, the last roll, the bears at risk, everyone's safe bears.

Layout (960 px wide, height grows with the number of players)::

    +----------------------------------------------+  +-----------+
    | The middle: five colour lanes of 5 bear slots |  |  legend   |
    +----------------+-----------------------------+  | (turn,    |
    | dice (2)       | at risk this turn / result   |  |  scores,  |
    +----------------+-----------------------------+  |  totals)  |
    | safe bears: one row per player                |  |           |
    +----------------------------------------------+  +-----------+

Bears are round heads with ears in their colour *and* their letter (W/B/G/P/O), so colour is
never the only signal; players are their shapes in their colours carrying their *numbers*
(never a letter, which would read as a bear). A locked colour's lane is hatched and labelled
"LOCKED" with a padlock. Colour names and player numbers are the ones the notation uses
("steal white from 2"); the footer lists the moves legal now, from the view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.polar_derby.board import COLOURS, FREE
from games.polar_derby.state import DECIDE, OVER, DerbyView
from games.words import say, say_n
from renderer import drawing, layers, legend, lettering, pens, theme
from renderer.polar_derby_pieces import BEAR_RGB, DIE_SIZE, bears, die, empty_slot, hatch, padlock
from renderer.polar_derby_words import display, legend_rows, points, prompt, result_line
from renderer.polar_derby_words import footer as panel_footer
from renderer.polar_derby_words import text as text
from renderer.registry import Drawing
from renderer.speech import NAME, around, told
from renderer.theme import RGB

# --------------------------------------------------------------------------- layout

WIDTH = theme.TARGET_WIDTH
BOARD_LEFT = theme.MARGIN
BOARD_RIGHT = WIDTH - theme.MARGIN - theme.PANEL_WIDTH - theme.GAP
PANEL_LEFT = BOARD_RIGHT + theme.GAP
#: The middle card and its five lanes.
MIDDLE_TOP = theme.MARGIN
LANE_TOP = MIDDLE_TOP + 46  # below the card's heading
LANE_HEADER = 44  # colour name and value
SLOT_TOP = LANE_TOP + LANE_HEADER + 22  # centre of the first slot
SLOT_STEP = 40
BEAR_RADIUS = 16
MIDDLE_BOTTOM = SLOT_TOP + SLOT_STEP * 4 + BEAR_RADIUS + 40
LANE_WIDTH = (BOARD_RIGHT - BOARD_LEFT - 2 * theme.PAD) / len(COLOURS)
#: The dice card and the at-risk card beside it.
ROW_TOP = MIDDLE_BOTTOM + theme.GAP
ROW_HEIGHT = 132
DICE_RIGHT = BOARD_LEFT + 214
#: The safe-bears card: one row per player.
SAFE_TOP = ROW_TOP + ROW_HEIGHT + theme.GAP
SAFE_HEADING = 40
SAFE_ROW = 48
SMALL_BEAR = 12

LOCK_TINT: RGB = (250, 226, 214)


def middle_slot(colour: int, k: int) -> tuple[float, float]:
    """Pixel centre of the ``k``-th bear slot (0 at the top) of lane ``colour`` in the middle."""
    x = BOARD_LEFT + theme.PAD + LANE_WIDTH * (colour + 0.5)
    return x, SLOT_TOP + SLOT_STEP * k


def lane_box(colour: int) -> theme.Box:
    x0 = BOARD_LEFT + theme.PAD + LANE_WIDTH * colour
    return x0 + 3, LANE_TOP, x0 + LANE_WIDTH - 3, MIDDLE_BOTTOM - theme.PAD


def die_centre(i: int) -> tuple[float, float]:
    """Pixel centre of die ``i`` (0 or 1)."""
    x = BOARD_LEFT + 24 + DIE_SIZE / 2 + i * (DIE_SIZE + 24)
    return x, ROW_TOP + 40 + DIE_SIZE / 2


def safe_row_middle(seat: int) -> float:
    return SAFE_TOP + SAFE_HEADING + SAFE_ROW * seat + SAFE_ROW / 2


def safe_bear_centre(seat: int, colour: int) -> tuple[float, float]:
    """Pixel centre of the bear icon of ``colour`` in ``seat``'s safe row."""
    return BOARD_LEFT + 214 + colour * 64, safe_row_middle(seat)


def height(players: int) -> int:
    board = SAFE_TOP + SAFE_HEADING + SAFE_ROW * players + theme.PAD + theme.MARGIN
    return int(board)


# --------------------------------------------------------------------------- board


def phone(view: DerbyView, names: Sequence[str]) -> Image.Image:
    """The phone board: the middle, the dice, the turn's bears at risk and the safe bears, cut
    at the cards' edges (their padding is the margin), without the panel (:func:`facts`)."""
    names = lettering.display_names(names)
    img, d = _background(view, height(view.players), PHONE_TEXT_SIZE)
    _draw_board(d, view, names, PHONE_TEXT_SIZE)
    box = (BOARD_LEFT, MIDDLE_TOP - 1, BOARD_RIGHT, height(view.players) - theme.MARGIN + 1)
    return pens.arranged(img, (box[2] - box[0], box[3] - box[1]), [(box, None, (0, 0))])


#: The phone board's smallest text (px): it shows the cards from ``BOARD_LEFT`` to ``BOARD_RIGHT``.
PHONE_TEXT_SIZE = theme.phone_text(BOARD_RIGHT - BOARD_LEFT)


def facts(view: DerbyView, names: Sequence[str]) -> list[str]:
    """The panel's lines for the message beside the phone board."""
    names = lettering.display_names(names)
    status = result_line(view, names) if view.phase == OVER else None
    return legend.facts(legend_rows(view, names), panel_footer(view), status=status)


def _draw_board(d: ImageDraw.ImageDraw, view: DerbyView, names: Sequence[str], least: int = 0) -> None:
    """Everything but the panel (the tokens' numbers ``least`` px tall at least)."""
    _draw_middle(d, view)
    _draw_dice(d, view, least)
    if view.phase == OVER:
        _draw_result(d, view, names, least)
    else:
        _draw_at_risk(d, view, names, least)
    _draw_safe(d, view, names, least)


def draw(view: DerbyView, names: Sequence[str]) -> Image.Image:
    names = lettering.display_names(names)
    rows = legend_rows(view, names)
    footer = panel_footer(view)
    status = result_line(view, names) if view.phase == OVER else None
    legend_h = legend.legend_height(rows, footer, status=status)
    h = max(height(view.players), theme.MARGIN * 2 + legend_h)
    img, d = _background(view, h)
    _draw_board(d, view, names)
    title = "Polar Derby" if view.games == 1 else f"Polar Derby {view.game_number}/{view.games}"
    legend.legend(
        d,
        (PANEL_LEFT, theme.MARGIN, WIDTH - theme.MARGIN, theme.MARGIN + legend_h),
        title,
        rows,
        footer,
        status=status,
    )
    return img


def _background(view: DerbyView, h: int, least: int = 0) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture ``h`` px tall holding the static layer of this table (:func:`_draw_static`:
    the number of players and the bears' values, which the options fix for the whole game)."""
    values = tuple(view.values[colour] for colour in COLOURS)
    board = (WIDTH, height(view.players))
    key = ("polar-derby", "board", view.players, values, view.games, least)

    def paint(d: ImageDraw.ImageDraw) -> None:
        _draw_static(d, view.players, values, view.games, least)
        colours = ("polar-derby", "colours", view.players, values, view.games)
        layers.expect(d, colours, board, lambda pen: _vocabulary(pen, view.players, values, view.games))

    static = layers.layer(key, board, paint)
    if static.size == (WIDTH, h):
        return static, pens.drawing(static)
    img, d = pens.canvas(WIDTH, h)
    pens.paste(img, static, (0, 0))
    return img, d


def _draw_static(
    d: ImageDraw.ImageDraw, players: int, values: Sequence[int], games: int, least: int = 0
) -> None:
    """What a table of ``players`` keeps all game long: the cards, the middle's heading (one
    game), each lane as when unlocked with its empty slots, the dice card, the safe bears'
    headings, stripes, players' tokens and empty places. The move's drawing covers what
    changes exactly (a bear covers its slot, a locked lane its whole lane, the current player's
    highlight its row, which is drawn again on it)."""
    drawing.card(d, (BOARD_LEFT, MIDDLE_TOP, BOARD_RIGHT, MIDDLE_BOTTOM))
    if games == 1:
        lettering.text(
            d,
            (BOARD_LEFT + theme.PAD, MIDDLE_TOP + theme.PAD),
            told(say("The middle")),
            theme.HEADING_SIZE,
            bold=True,
        )
    for i in range(len(COLOURS)):
        _lane(d, i, values[i], locked=False)
        for k in range(5):
            empty_slot(d, *middle_slot(i, k), BEAR_RADIUS)
    drawing.card(d, (BOARD_LEFT, ROW_TOP, DICE_RIGHT, ROW_TOP + ROW_HEIGHT))
    _draw_safe_frame(d, players)
    for seat in range(players):
        if seat % 2 == 1:
            _stripe(d, seat, (244, 248, 251))
        _safe_places(d, seat, least=least)


def _vocabulary(d: ImageDraw.ImageDraw, players: int, values: Sequence[int], games: int) -> None:
    """Everything a move may draw over the static layer, once in each look, from made-up
    tables of this shape (lanes locked and full, the dice, bears at risk, the result, each
    player's safe row current, winning and out, the legend's rows): its colours make the
    palette of every board of the game (:func:`renderer.layers.expect`)."""
    seats = range(players)
    names = [f"Player {s + 1}" for s in seats]
    full = tuple(6 for _ in COLOURS)
    table = DerbyView(
        game="polar-derby",
        step=1,
        players=players,
        current=players - 1,
        phase=DECIDE,
        middle=full,
        safe=tuple(full for _ in seats),
        pulled=full,
        locked=frozenset(COLOURS),
        dice=(FREE, FREE),
        scores=tuple(1 for _ in seats),
        totals=tuple(1 for _ in seats),
        game_number=1,
        games=games,
        values=dict(zip(COLOURS, values, strict=True)),
        retired=frozenset(),
        winners=frozenset(),
        viewer=None,
    )
    _draw_middle(d, table)
    _draw_at_risk(d, table, names)
    _draw_safe(d, table, names)
    for dice in ((FREE, COLOURS[0]), (COLOURS[0], COLOURS[1]), *((col, col) for col in COLOURS)):
        _draw_dice(d, dataclasses.replace(table, dice=dice))
    _draw_dice(d, dataclasses.replace(table, dice=None))
    quiet = dataclasses.replace(table, pulled=tuple(0 for _ in COLOURS), current=0)
    _draw_at_risk(d, quiet, names)
    _draw_safe(d, dataclasses.replace(quiet, retired=frozenset(seats)), names)
    over = dataclasses.replace(table, phase=OVER, current=None, winners=frozenset(seats))
    _draw_result(d, over, names)
    for seat in seats:  # one winner: the result after the winner's token
        _draw_result(d, dataclasses.replace(over, winners=frozenset({seat})), names)
    _draw_safe(d, over, names)
    rows = [
        legend.LegendRow(s, "Player", "1", "1 bear safe", awaited=a, winner=w, out=o, token_label="1")
        for s in seats
        for a, w, o in (
            (False, False, False),
            (True, False, False),
            (False, True, False),
            (False, False, True),
        )
    ]
    legend.legend(
        d, (PANEL_LEFT, theme.MARGIN, WIDTH - theme.MARGIN, height(players)), "Polar Derby", rows, ["Move 1"]
    )
    legend.legend(d, (BOARD_LEFT, theme.MARGIN, BOARD_RIGHT, height(players)), "Polar Derby", rows[2:3])


def _lane(d: ImageDraw.ImageDraw, i: int, value: int, *, locked: bool) -> theme.Box:
    """Lane ``i``'s background, its colour's name and value; returns the lane's box."""
    colour = COLOURS[i]
    box = lane_box(i)
    tint = theme.lighten(BEAR_RGB[colour], 0.86)
    d.rounded_rectangle(
        box, radius=10, fill=LOCK_TINT if locked else tint, outline=theme.mix(tint, theme.INK, 0.12)
    )
    if locked:
        hatch(
            d, (box[0] + 2, box[1] + LANE_HEADER, box[2] - 2, box[3] - 26), theme.lighten(theme.DANGER, 0.7)
        )
    cx = (box[0] + box[2]) / 2
    lettering.text(d, (cx, box[1] + 6), colour, theme.TEXT_SIZE, theme.INK, anchor="ma", bold=True)
    lettering.text(
        d,
        (cx, box[1] + 27),
        told(say_n("{n} point", "{n} points", value)),
        theme.SMALL_SIZE,
        theme.MUTED,
        anchor="ma",
    )
    return box


def _draw_middle(d: ImageDraw.ImageDraw, view: DerbyView) -> None:
    """The middle on the static layer: its heading in a long game, what is left, the locked
    lanes (drawn whole again) and the bears."""
    if view.games != 1:
        heading = told(
            say("The middle - game {number} of {games}", number=view.game_number, games=view.games)
        )
        lettering.text(
            d, (BOARD_LEFT + theme.PAD, MIDDLE_TOP + theme.PAD), heading, theme.HEADING_SIZE, bold=True
        )
    left = sum(view.middle)
    lettering.text(
        d,
        (BOARD_RIGHT - theme.PAD, MIDDLE_TOP + theme.PAD + 2),
        told(say_n("{n} bear left", "{n} bears left", left)),
        theme.TEXT_SIZE,
        theme.MUTED,
        anchor="ra",
    )
    for i, colour in enumerate(COLOURS):
        locked = colour in view.locked and view.phase != OVER
        box = _lane(d, i, view.values[colour], locked=True) if locked else lane_box(i)
        cx = (box[0] + box[2]) / 2
        heads = []
        for k in range(5):
            x, y = middle_slot(i, k)
            if k < view.middle[i]:
                heads.append((x, y, BEAR_RADIUS, colour, False))
            elif locked:
                empty_slot(d, x, y, BEAR_RADIUS)
        bears(d, heads)
        extra = view.middle[i] - 5  # a bust can never return more than 5, but never hide a bear
        if extra > 0:
            lettering.text(
                d, (cx + BEAR_RADIUS + 4, middle_slot(i, 4)[1]), f"+{extra}", theme.SMALL_SIZE, anchor="lm"
            )
        if locked:
            _locked_label(d, box)
        else:
            left_word = told(say("{n} left", n=view.middle[i]))
            lettering.text(d, (cx, box[3] - 12), left_word, theme.SMALL_SIZE, theme.MUTED, anchor="mm")
        if locked:
            d.rounded_rectangle(box, radius=10, outline=theme.DANGER, width=3)


#: The room a padlock takes before "LOCKED" (its width and the space after it).
PADLOCK_ROOM = 22


def _locked_label(d: ImageDraw.ImageDraw, box: theme.Box) -> None:
    """The word "LOCKED" at the foot of the locked lane ``box``, after a padlock; a word too long for
    both goes alone (the hatching and the red edge say it too)."""
    word = told(say("LOCKED"))
    cx, room = (box[0] + box[2]) / 2, box[2] - box[0] - 4
    w = lettering.text_width(word, theme.SMALL_SIZE, bold=True)
    if w + PADLOCK_ROOM <= room:
        padlock(d, cx - w / 2 - 2, box[3] - 14)
        cx += PADLOCK_ROOM / 2
    lettering.text(
        d, (cx, box[3] - 12), word, theme.SMALL_SIZE, theme.DANGER, anchor="mm", bold=True, max_width=room
    )


def _draw_dice(d: ImageDraw.ImageDraw, view: DerbyView, least: int = 0) -> None:
    """The dice, on the dice card of the static layer (their words ``least`` px tall at least)."""
    label = told(say("Last roll") if view.dice else say("Dice"))
    lettering.text(d, (BOARD_LEFT + theme.PAD, ROW_TOP + theme.PAD - 2), label, theme.HEADING_SIZE, bold=True)
    faces: Sequence[str | None] = view.dice if view.dice else (None, None)
    for i, face in enumerate(faces):
        x, y = die_centre(i)
        die(d, x, y, face, least)
    if view.dice:
        a, b = view.dice
        if a == b == FREE:
            caption = told(say("double Free Skate!"))
        elif a == b or FREE in (a, b):
            caption = told(say("doubles: may steal"))
        else:
            caption = f"{a} + {b}"
        lettering.text(
            d,
            ((BOARD_LEFT + DICE_RIGHT) / 2, ROW_TOP + ROW_HEIGHT - 12),
            caption,
            theme.SMALL_SIZE,
            theme.MUTED,
            anchor="mm",
        )


def _draw_at_risk(d: ImageDraw.ImageDraw, view: DerbyView, names: Sequence[str], least: int = 0) -> None:
    box = (DICE_RIGHT + theme.GAP, ROW_TOP, BOARD_RIGHT, ROW_TOP + ROW_HEIGHT)
    n = sum(view.pulled)
    at_risk = n > 0
    drawing.card(
        d,
        box,
        fill=theme.lighten(theme.DANGER, 0.9) if at_risk else theme.PANEL,
        outline=theme.DANGER if at_risk else theme.PANEL_EDGE,
    )
    x, y = box[0] + theme.PAD, box[1] + theme.PAD - 2
    inner = box[2] - box[0] - 2 * theme.PAD
    if at_risk:
        # A warning triangle with "!" (a shape, not a glyph) before the heading.
        drawing.polygon(
            d,
            drawing.regular_polygon(x + 11, y + 15, 15, 3),
            fill=theme.HIGHLIGHT,
            outline=theme.INK,
            width=2,
        )
        lettering.text(d, (x + 11, y + 18), "!", 15, theme.INK, anchor="mm", bold=True)
        _heading(d, (x + 30, y), view, names, *around(say("AT RISK: {who}", who=NAME)), inner - 30, least)
    else:
        _heading(d, (x, y), view, names, *around(say("{who}'s turn", who=NAME)), inner, least)
    bx, by = x + BEAR_RADIUS + 2, box[1] + 64
    if at_risk:
        heads = []
        for i, colour in enumerate(COLOURS):
            for _ in range(view.pulled[i]):
                heads.append((bx, by, BEAR_RADIUS, colour, False))
                bx += 2 * BEAR_RADIUS + 6
        bears(d, heads)
        pts = points(view, view.pulled)
        lettering.text(
            d,
            (bx + 4, by),
            told(
                say(
                    "{bears}, {points}",
                    bears=say_n("{n} bear", "{n} bears", n),
                    points=say_n("{n} pt", "{n} pts", pts),
                )
            ),
            theme.TEXT_SIZE,
            theme.INK,
            anchor="lm",
        )
    else:
        quiet = told(say("No bears pulled yet this turn."))
        if view.dice == (FREE, FREE):
            quiet = told(say("Double Free Skate: bears banked, go again!"))
        lettering.text(d, (x, by), quiet, theme.TEXT_SIZE, theme.MUTED, anchor="lm", max_width=inner)
    now = lettering.wrap(told(say("Now: {what}", what=prompt(view))), theme.TEXT_SIZE, inner, max_lines=2)
    for k, line in enumerate(now):  # the last line at the card's foot, a second one above it
        below = (len(now) - 1 - k) * NOW_PITCH
        lettering.text(
            d, (x, box[3] - 14 - below), line, theme.TEXT_SIZE, theme.INK, anchor="lm", max_width=inner
        )


#: The pitch of the turn card's "Now:" line when it wraps (it keeps clear of the bears above).
NOW_PITCH = theme.TEXT_SIZE + 4


#: The radius of the seat's token before the turn heading, and the room it takes.
HEADING_TOKEN_RADIUS = 10
HEADING_TOKEN = 2 * HEADING_TOKEN_RADIUS + 6


def _heading(
    d: ImageDraw.ImageDraw,
    xy: theme.Point,
    view: DerbyView,
    names: Sequence[str],
    before: str,
    after: str,
    room: float,
    least: int = 0,
) -> None:
    """The turn card's heading, ``before``, the name of the seat to play and ``after``, after
    the seat's token (numbered as in the legend): a long name is cut, never the words around it,
    and never so that it reads like another seat's ("AT RISK: Floe (n…) 2")."""
    x, y = xy
    seat = view.current if view.current is not None else 0
    drawing.player_token(
        d,
        seat,
        x + HEADING_TOKEN_RADIUS,
        y + theme.HEADING_SIZE / 2 + 2,
        HEADING_TOKEN_RADIUS,
        label=str(seat + 1),
        least=least,
    )
    everyone = [display(names, s) for s in range(view.players)]
    line = lettering.fit_name_in(
        before, everyone[seat], after, theme.HEADING_SIZE, room - HEADING_TOKEN, bold=True, apart=everyone
    )
    lettering.text(
        d,
        (x + HEADING_TOKEN, y),
        line,
        theme.HEADING_SIZE,
        theme.INK,
        bold=True,
        max_width=room - HEADING_TOKEN,
    )


def _draw_result(d: ImageDraw.ImageDraw, view: DerbyView, names: Sequence[str], least: int = 0) -> None:
    """The game-over card: the result, after the winner's token when one seat wins (as the
    turn heading it replaces shows the seat to play), and each player's score after their token
    (not on a phone board, whose ``least`` text size their small tokens would not hold: the
    scores are in its facts)."""
    box = (DICE_RIGHT + theme.GAP, ROW_TOP, BOARD_RIGHT, ROW_TOP + ROW_HEIGHT)
    drawing.card(d, box, fill=theme.lighten(theme.HIGHLIGHT, 0.7), outline=theme.INK)
    x, inner = box[0] + theme.PAD, box[2] - box[0] - 2 * theme.PAD
    drawing.crown(d, x + 12, box[1] + 22, 12)
    lettering.text(
        d, (x + 32, box[1] + 22), told(say("Game over")), theme.TITLE_SIZE, theme.INK, anchor="lm", bold=True
    )
    y: float = box[1] + 42
    indent = 0
    if len(view.winners) == 1:
        (winner,) = view.winners
        indent = HEADING_TOKEN
        r = HEADING_TOKEN_RADIUS
        drawing.player_token(
            d, winner, x + r, y + theme.TEXT_SIZE / 2 + 2, r, label=str(winner + 1), least=least
        )
    rows = lettering.wrap(result_line(view, names), theme.TEXT_SIZE, inner - indent, bold=True, max_lines=3)
    y = lettering.lines(
        d, (x + indent, y), rows, theme.TEXT_SIZE, theme.INK, bold=True, max_width=inner - indent
    )
    if least:
        return
    ranked = sorted((s for s in range(view.players) if s not in view.retired), key=lambda s: -view.totals[s])
    shown = lettering.fit_apart(
        [display(names, s) for s in ranked], theme.SMALL_SIZE, [inner * 0.6 - SCORE_TOKEN] * len(ranked)
    )
    entries = [(s, f"{name}: {view.totals[s]}") for name, s in zip(shown, ranked, strict=True)]
    label = told(say("Totals of {n} games:", n=view.games) if view.games > 1 else say("Scores:"))
    lines = whole_entries(label, entries, theme.SMALL_SIZE, inner, max_lines=4 - len(rows))
    for line in lines:
        _draw_entries(d, (x, y + 2), line)
        y += theme.SMALL_SIZE + 4


#: The radius of a player's token before their score on the game-over card, and the room it takes.
SCORE_TOKEN_RADIUS = 7
SCORE_TOKEN = 2 * SCORE_TOKEN_RADIUS + 4
#: The room between two pieces of a line of scores (a space's width and a little more).
ENTRY_GAP = 7

#: A piece of a line of scores: the seat whose token goes before its text (None: no token), and the text.
Entry = tuple[int | None, str]


def _entries_width(line: Sequence[Entry], size: int) -> float:
    """The width of ``line`` as :func:`_draw_entries` draws it."""
    return sum(
        (SCORE_TOKEN if seat is not None else 0) + lettering.text_width(words, size) for seat, words in line
    ) + ENTRY_GAP * (len(line) - 1)


def _draw_entries(d: ImageDraw.ImageDraw, xy: theme.Point, line: Sequence[Entry]) -> None:
    """One line of :func:`whole_entries`, each entry after its seat's numbered token."""
    x, y = xy
    for seat, words in line:
        if seat is not None:
            r = SCORE_TOKEN_RADIUS
            drawing.player_token(d, seat, x + r, y + theme.SMALL_SIZE / 2 + 2, r, label=str(seat + 1))
            x += SCORE_TOKEN
        x += lettering.text(d, (x, y), words, theme.SMALL_SIZE, theme.INK) + ENTRY_GAP


def whole_entries(
    label: str, entries: Sequence[tuple[int, str]], size: int, width: float, max_lines: int
) -> list[list[Entry]]:
    """``label`` and ``entries`` (a seat and its text) in lines of ``width`` px, each entry
    after its seat's token and followed by ",", never broken ("Floe (normal) 2: 22"); what does
    not fit in ``max_lines`` is counted ("2 more"), so no name is cut into one that reads like
    another."""
    pieces: list[Entry] = [(seat, f"{words},") for seat, words in entries]
    rows: list[list[Entry]] = []
    line: list[Entry] = [(None, label)]

    def fits(candidate: Sequence[Entry]) -> bool:
        return _entries_width(candidate, size) <= width

    for k, piece in enumerate(pieces):
        if fits([*line, piece]) or not any(seat is not None for seat, _ in line):
            line.append(piece)
            continue
        if len(rows) + 1 == max_lines:  # the last line: make room for the count of the rest
            left = len(pieces) - k
            while len(line) > 2 - bool(rows) and not fits([*line, (None, told(say("{n} more", n=left)))]):
                line.pop()
                left += 1
            return [*rows, [*line, (None, told(say("{n} more", n=left)))]]
        rows.append(line)
        line = [piece]
    last_seat, last_text = line[-1]
    return [*rows, [*line[:-1], (last_seat, last_text.removesuffix(","))]]


def _draw_safe_frame(d: ImageDraw.ImageDraw, players: int) -> None:
    """The safe bears' card and its headings."""
    bottom = SAFE_TOP + SAFE_HEADING + SAFE_ROW * players + theme.PAD
    drawing.card(d, (BOARD_LEFT, SAFE_TOP, BOARD_RIGHT, bottom))
    lettering.text(
        d,
        (BOARD_LEFT + theme.PAD, SAFE_TOP + theme.PAD - 2),
        told(say("Safe bears")),
        theme.HEADING_SIZE,
        bold=True,
    )
    lettering.text(
        d,
        (BOARD_RIGHT - theme.PAD, SAFE_TOP + theme.PAD),
        # Translators: the heading of the column of each player's points
        told(say("points")),
        theme.SMALL_SIZE,
        theme.MUTED,
        anchor="ra",
    )
    for i, colour in enumerate(COLOURS):
        hx = safe_bear_centre(0, i)[0] + 8
        lettering.text(d, (hx, SAFE_TOP + theme.PAD), colour, theme.SMALL_SIZE, theme.MUTED, anchor="ma")


def _stripe(d: ImageDraw.ImageDraw, seat: int, fill: RGB) -> None:
    """The background of ``seat``'s safe row (every other row is tinted)."""
    mid = safe_row_middle(seat)
    d.rectangle((BOARD_LEFT + 4, mid - SAFE_ROW / 2, BOARD_RIGHT - 4, mid + SAFE_ROW / 2), fill=fill)


def _safe_places(d: ImageDraw.ImageDraw, seat: int, *, out: bool = False, least: int = 0) -> None:
    """``seat``'s token and a dot for each colour it has no bear of (the static layer draws
    them for every seat; a bear covers its dot)."""
    mid = safe_row_middle(seat)
    drawing.player_token(d, seat, BOARD_LEFT + theme.PAD + 16, mid, out=out, label=str(seat + 1), least=least)
    for i in range(len(COLOURS)):
        bx, by = safe_bear_centre(seat, i)
        d.ellipse((bx - 3, by - 3, bx + 3, by + 3), fill=theme.FAINT)


def _draw_safe(d: ImageDraw.ImageDraw, view: DerbyView, names: Sequence[str], least: int = 0) -> None:
    """Each player's safe bears, on the static layer's card (whose rows hold the tokens and
    empty places: the current player's row is highlighted and drawn again, a retired player's
    token is drawn greyed over its own)."""
    for seat in range(view.players):
        mid = safe_row_middle(seat)
        out = seat in view.retired
        if seat == view.current:
            if seat % 2 == 1:
                _stripe(d, seat, theme.PANEL)
            d.rounded_rectangle(
                (BOARD_LEFT + 4, mid - SAFE_ROW / 2 + 2, BOARD_RIGHT - 4, mid + SAFE_ROW / 2 - 2),
                radius=8,
                fill=theme.lighten(theme.HIGHLIGHT, 0.55),
            )
        x = BOARD_LEFT + theme.PAD
        if seat in view.winners:
            drawing.crown(d, BOARD_RIGHT - theme.PAD - 48, mid, 10)
        if seat == view.current or out:
            _safe_places(d, seat, out=out, least=least)
        label = display(names, seat) + (" " + told(say("(left)")) if out else "")
        lettering.text(
            d,
            (x + 38, mid),
            label,
            theme.TEXT_SIZE,
            theme.GREYED if out else theme.INK,
            anchor="lm",
            max_width=150,
        )
        row = view.safe[seat]
        for i, colour in enumerate(COLOURS):
            bx, by = safe_bear_centre(seat, i)
            if row[i]:
                bears(d, [(bx, by, SMALL_BEAR, colour, out)])
                lettering.text(
                    d,
                    (bx + SMALL_BEAR + 5, by),
                    f"x{row[i]}",
                    theme.TEXT_SIZE,
                    theme.GREYED if out else theme.INK,
                    anchor="lm",
                )
        lettering.text(
            d,
            (BOARD_RIGHT - theme.PAD, mid),
            str(view.scores[seat]),
            theme.HEADING_SIZE,
            theme.GREYED if out else theme.INK,
            anchor="rm",
            bold=True,
        )


#: What :mod:`renderer` draws Polar Derby with (:class:`renderer.registry.Drawing`).
DRAWING = Drawing(
    draw=draw,
    text=text,
    phone=phone,
    facts=facts,
    last_move=("Dice: ",),  # the last roll, as the picture's "Last roll",
)
