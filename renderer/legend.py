"""The players' legend, the side panel of every board: a title, the status line ("Turn: Ann",
"Winner: Bob", after the token of the seat it names), one row per player (token, name, score, detail, note; an arrow for who is awaited, a
crown for a winner, greyed and struck when out) and footer lines, long lines wrapped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from games.words import say
from renderer.drawing import arrow_marker, card, crown, player_token
from renderer.lettering import fit_apart, printable, text, text_width, wrap
from renderer.speech import told
from renderer.theme import (
    FAINT,
    GOOD,
    GREYED,
    HEADING_SIZE,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    INK,
    MUTED,
    PAD,
    PANEL_WIDTH,
    ROW_HEIGHT,
    SMALL_SIZE,
    TEXT_SIZE,
    TITLE_SIZE,
    TOKEN_RADIUS,
    Box,
    lighten,
    player,
)


@dataclass(frozen=True)
class LegendRow:
    """One player in the legend.

    ``score`` is right-aligned (points, "12 pts", "3 cards"); ``detail`` is a small second line
    (hand counts, "at risk: 3") and ``note`` a small third one (Ice Lake's last plan), both
    beside the row's token; one wider than :func:`note_width` wraps onto a second line
    (:data:`DETAIL_LINES`). ``awaited`` draws an arrow, ``winner`` a crown, ``out`` greys
    the row, strikes the name and says ``out_label`` ("left", "sunk"; empty: "out"): first on the
    detail line ("out - adrift"), so the name keeps its room, or after the name when the row
    has no detail (:func:`shown_detail`). ``token_label``
    replaces the letter on the player's token (see :func:`renderer.drawing.player_token`).
    """

    seat: int
    name: str
    score: str = ""
    detail: str = ""
    awaited: bool = False
    winner: bool = False
    out: bool = False
    out_label: str = ""
    token_label: str | None = None
    note: str = ""


#: Lines a row's detail, and its note, take at most (the last one cut short when text is left).
DETAIL_LINES = 2


def row_lines(row: LegendRow, width: float = PANEL_WIDTH) -> tuple[list[str], list[str]]:
    """The lines of ``row``'s detail (:func:`shown_detail`) and of its note in a panel ``width``
    px wide, each wrapped to :func:`note_width`."""
    room = note_width(width)
    detail, note = shown_detail(row), row.note
    return (
        wrap(detail, SMALL_SIZE, room, max_lines=DETAIL_LINES) if detail else [],
        wrap(note, SMALL_SIZE, room, max_lines=DETAIL_LINES) if note else [],
    )


def row_height(row: LegendRow, width: float = PANEL_WIDTH) -> int:
    """The height of ``row`` in a legend ``width`` px wide: the name line, then its detail and
    note lines."""
    detail, note = row_lines(row, width)
    return ROW_HEIGHT + (SMALL_SIZE + 2) * (len(detail) + len(note))


#: Where a row's name, detail and note start, from the panel's left edge.
NAME_INDENT = PAD + 14 + 2 * TOKEN_RADIUS + 16


def note_width(width: float = PANEL_WIDTH) -> float:
    """The room of a row's detail and note lines in a panel ``width`` px wide."""
    return width - NAME_INDENT - PAD


def out_label(row: LegendRow) -> str:
    """What ``row`` says when its player is out: its ``out_label``, or "out"."""
    return row.out_label or told(say("out"))


def shown_detail(row: LegendRow) -> str:
    """The detail line of ``row`` as drawn: with its ``out_label`` first when the player is out
    (unless the detail already begins with it)."""
    if not (row.out and row.detail) or row.detail.startswith(out_label(row)):
        return row.detail
    return f"{out_label(row)} - {row.detail}"


def row_mark(*, acts: bool, won: bool, winner_symbol: str, words: bool) -> str:
    """How a player's line in a text board begins: ``>`` to act and ``winner_symbol`` for a
    winner in the terminal's board; in words for alt text, which a screen reader reads aloud."""
    if words:
        return told(say("To play:")) if acts else told(say("Winner:")) if won else "-"
    return ">" if acts else winner_symbol if won else " "


def lettered(name: str, seat: int) -> str:
    """A name mentioned in a line of text on a board, with its seat's letter, as its token
    shows it: "Ann [O]"."""
    return f"{name} [{player(seat).letter}]"


def lettered_placeholders(text: str) -> str:
    """``text`` with each ``{k}`` placeholder of a seat's name (:func:`games.words.tell`)
    followed by that seat's letter: "{1}: place D3" -> "{1} [O]: place D3"."""
    return re.sub(r"\{(\d+)\}", lambda m: lettered(m[0], int(m[1])), text)


def default_names(players: int) -> list[str]:
    return [told(say("Player {n}", n=i + 1)) for i in range(players)]


def status_line(rows: Sequence[LegendRow]) -> str:
    """ "Turn: Ann", "Waiting for: Ann, Bob", "Winner: Ann", "Winners: ..." or "Game over"."""
    winners = [r.name for r in rows if r.winner]
    awaited = [r.name for r in rows if r.awaited]
    if awaited:
        who = ", ".join(awaited)
        return told(say("Turn: {who}", who=who) if len(awaited) == 1 else say("Waiting for: {who}", who=who))
    if winners:
        who = ", ".join(winners)
        return told(say("Winner: {who}", who=who) if len(winners) == 1 else say("Winners: {who}", who=who))
    return told(say("Game over"))


#: Lines of the legend's status (a long result wraps) and of each footer line at most.
STATUS_LINES = 3
FOOTER_LINES = 4
#: Room before the status for the token of the seat it names (always kept, so the legend's
#: height does not depend on whether a seat is named), and that token's radius.
STATUS_TOKEN = 26
STATUS_TOKEN_RADIUS = 10


def status_row(rows: Sequence[LegendRow], status: str) -> LegendRow | None:
    """The row of the one seat the status is about (the only one awaited, else the only
    winner) when the status names it: its token goes before the status, as before every other
    mention of a name on the board."""
    awaited = [r for r in rows if r.awaited]
    named = awaited or [r for r in rows if r.winner]
    if len(named) != 1:
        return None
    name = printable(named[0].name)
    number = f"{named[0].seat + 1} "  # a row may name its seat by number first (Ice Lake's "1 Ann")
    return named[0] if name in status or (name.startswith(number) and name[len(number) :] in status) else None


def _legend_text(
    rows: Sequence[LegendRow], footer: Sequence[str], status: str | None, width: float
) -> tuple[list[str], list[str]]:
    """The legend's status and footer, wrapped to the panel's inner width."""
    inner = width - 2 * PAD
    status = status if status is not None else status_line(rows)
    status_rows = wrap(status, HEADING_SIZE, inner - STATUS_TOKEN, max_lines=STATUS_LINES)
    footer_rows = [row for line in footer for row in wrap(line, SMALL_SIZE, inner, max_lines=FOOTER_LINES)]
    return status_rows, footer_rows


def legend_height(
    rows: Sequence[LegendRow],
    footer: Sequence[str] = (),
    *,
    status: str | None = None,
    width: float = PANEL_WIDTH,
) -> int:
    """The height :func:`legend` needs for these rows, footer lines and status in a panel
    ``width`` px wide (long lines wrap, so the width matters)."""
    status_rows, footer_rows = _legend_text(rows, footer, status, width)
    h = PAD + TITLE_SIZE + 8 + len(status_rows) * (HEADING_SIZE + 4) + 10
    h += sum(row_height(r, width) for r in rows)
    if footer_rows:
        h += 10 + len(footer_rows) * (SMALL_SIZE + 6)
    return h + PAD


def _names_apart(rows: Sequence[LegendRow], room: float) -> list[str]:
    """The rows' names as the legend shows them (with "(out)" where a player is out), each in the
    room its score leaves, and never two alike (:func:`renderer.lettering.fit_apart`)."""
    names = [printable(r.name) + (f" ({out_label(r)})" if r.out and not r.detail else "") for r in rows]
    widths = [room - (text_width(r.score, HEADING_SIZE, bold=not r.out) if r.score else 0) - 8 for r in rows]
    return fit_apart(names, TEXT_SIZE, widths, bold=[r.awaited or r.winner for r in rows])


def legend(
    draw: ImageDraw.ImageDraw,
    box: Box,
    title: str,
    rows: Sequence[LegendRow],
    footer: Sequence[str] = (),
    *,
    status: str | None = None,
) -> float:
    """The side panel: title, whose turn (``status``, else :func:`status_line`), one row per
    player, then small footer lines (tiles left, options). Returns the bottom y of the content.

    The status and footer lines wrap to the panel's width; the panel is drawn as a card filling
    ``box``, so size ``box`` with :func:`legend_height` (same ``status`` and width).
    """
    left, top, right, _bottom = box
    card(draw, box)
    x, y = left + PAD, top + PAD
    inner = right - left - 2 * PAD
    status_rows, footer_rows = _legend_text(rows, footer, status, right - left)
    text(draw, (x, y), title, TITLE_SIZE, INK, bold=True, max_width=inner)
    y += TITLE_SIZE + 8
    over = not any(r.awaited for r in rows)
    colour = GOOD if over and any(r.winner for r in rows) else INK
    named = status_row(rows, " ".join(status_rows))
    indent = STATUS_TOKEN if named is not None else 0  # the lines are wrapped to leave it either way
    if named is not None:
        mid = y + HEADING_SIZE / 2 + 2
        player_token(
            draw, named.seat, x + STATUS_TOKEN_RADIUS, mid, STATUS_TOKEN_RADIUS, label=named.token_label
        )
    for line in status_rows:
        text(draw, (x + indent, y), line, HEADING_SIZE, colour, max_width=inner - indent)
        y += HEADING_SIZE + 4
    y += 4
    draw.line((x, y, right - PAD, y), fill=FAINT, width=2)
    y += 6
    name_x = left + NAME_INDENT
    shown_names = _names_apart(rows, right - PAD - name_x)
    for row, shown_name in zip(rows, shown_names, strict=True):
        detail_lines, note_lines = row_lines(row, right - left)
        h = ROW_HEIGHT + (SMALL_SIZE + 2) * (len(detail_lines) + len(note_lines))
        if row.awaited:
            draw.rounded_rectangle(
                (left + 4, y + 2, right - 4, y + h - 2),
                radius=8,
                fill=lighten(HIGHLIGHT, 0.55),
                outline=HIGHLIGHT_EDGE,
            )
        mid = y + ROW_HEIGHT / 2
        if row.awaited:
            arrow_marker(draw, x + 5, mid, 7)
        elif row.winner:
            crown(draw, x + 6, mid, 9)
        player_token(draw, row.seat, x + 14 + TOKEN_RADIUS + 6, mid, out=row.out, label=row.token_label)
        score_w = text_width(row.score, HEADING_SIZE, bold=not row.out) if row.score else 0
        colour = GREYED if row.out else INK
        name = shown_name
        w = text(
            draw,
            (name_x, mid),
            name,
            TEXT_SIZE,
            colour,
            anchor="lm",
            bold=row.awaited or row.winner,
            max_width=right - PAD - name_x - score_w - 8,
        )
        if row.out:
            draw.line((name_x, mid + 1, name_x + w, mid + 1), fill=GREYED, width=2)
        if row.score:
            text(draw, (right - PAD, mid), row.score, HEADING_SIZE, colour, anchor="rm", bold=not row.out)
        below = y + ROW_HEIGHT - 6
        for line in (*detail_lines, *note_lines):
            text(
                draw,
                (name_x, below),
                line,
                SMALL_SIZE,
                GREYED if row.out else MUTED,
                anchor="la",
                max_width=right - PAD - name_x,
            )
            below += SMALL_SIZE + 2
        y += h
    if footer_rows:
        y += 4
        draw.line((x, y, right - PAD, y), fill=FAINT, width=2)
        y += 6
        for line in footer_rows:
            text(draw, (x, y), line, SMALL_SIZE, MUTED, max_width=inner)
            y += SMALL_SIZE + 6
    return y


def fact_line(row: LegendRow) -> str:
    """``row`` as a line of the message text beside a phone board: "Ann [B] (to play): 11,
    5 bears safe" (the token's label in brackets, as the board shows it). The row's small
    third line (Ice Lake's last plan) is left to the narration and the detailed board."""
    mark = row.token_label if row.token_label is not None else player(row.seat).letter
    state = " " + told(say("(to play)")) if row.awaited else " " + told(say("(winner)")) if row.winner else ""
    out = out_label(row) if row.out and not row.detail else ""
    said = ", ".join(part for part in (row.score, shown_detail(row) or out) if part)
    return f"{printable(row.name)} [{mark}]{state}" + (f": {said}" if said else "")


def facts(rows: Sequence[LegendRow], footer: Sequence[str] = (), *, status: str | None = None) -> list[str]:
    """What the panel says, as lines of text: the status, one line per player, the footer."""
    status = status if status is not None else status_line(rows)
    return [line for line in (status, *(fact_line(r) for r in rows), *footer) if line]
