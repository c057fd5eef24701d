"""A league's standings as a picture (:func:`render_standings`) and as its alt text
(:func:`describe_standings`): a title, then one row per player: place, name, points, Buchholz;
the leaders highlighted, a withdrawn player greyed. Phone width, like the boards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.words import ENGLISH, Language, say, say_n
from renderer import encoding
from renderer.lettering import text
from renderer.speech import speaking, told
from renderer.theme import (
    BACKGROUND,
    FAINT,
    GREYED,
    HEADING_SIZE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    TEXT_SIZE,
    lighten,
)

WIDTH = 600
MARGIN = 16
ROW = 34
TITLE_ROW = 44
#: Where each column starts (the name's width is what the others leave).
PLACE_X, NAME_X, POINTS_X, BUCHHOLZ_X = MARGIN + 8, MARGIN + 56, WIDTH - 200, WIDTH - 100


@dataclass(frozen=True)
class StandingRow:
    """One player's line: everything already written as players read it (``1½``)."""

    place: int
    name: str
    points: str
    buchholz: str
    withdrawn: bool = False


def render_standings(title: str, rows: Sequence[StandingRow], *, language: Language = ENGLISH) -> bytes:
    """The standings as PNG bytes, their column headings in ``language``."""
    with speaking(language):
        return encoding.to_png(draw_standings(title, rows))


def draw_standings(title: str, rows: Sequence[StandingRow]) -> Image.Image:
    height = MARGIN * 2 + TITLE_ROW + ROW * (len(rows) + 1)
    picture = Image.new("RGB", (WIDTH, height), BACKGROUND)
    pen = ImageDraw.Draw(picture)
    pen.rounded_rectangle(
        (MARGIN // 2, MARGIN // 2, WIDTH - MARGIN // 2, height - MARGIN // 2), 12, fill=PANEL
    )
    text(
        pen, (MARGIN + 8, MARGIN + 6), title, HEADING_SIZE, INK, bold=True, max_width=WIDTH - 2 * MARGIN - 16
    )
    y = MARGIN + TITLE_ROW
    headings = ((PLACE_X, told(say("Place"))), (NAME_X, told(say("Player"))), (POINTS_X, told(say("Points"))))
    for x, heading in (*headings, (BUCHHOLZ_X, "Buchholz")):
        text(
            pen,
            (x, y + 8),
            heading,
            TEXT_SIZE - 3,
            MUTED,
            bold=True,
            max_width=NAME_X - PLACE_X - 4 if x == PLACE_X else 96,
        )
    for n, row in enumerate(rows):
        top = y + ROW * (n + 1)
        if row.place == 1 and not row.withdrawn:
            pen.rectangle((MARGIN, top, WIDTH - MARGIN, top + ROW), fill=lighten(HIGHLIGHT, 0.55))
        pen.line((MARGIN, top, WIDTH - MARGIN, top), fill=FAINT)
        ink = GREYED if row.withdrawn else INK
        name = told(say("{name} (withdrawn)", name=row.name)) if row.withdrawn else row.name
        text(pen, (PLACE_X, top + 7), str(row.place), TEXT_SIZE, ink, bold=row.place == 1)
        text(pen, (NAME_X, top + 7), name, TEXT_SIZE, ink, max_width=POINTS_X - NAME_X - 12)
        text(pen, (POINTS_X, top + 7), row.points, TEXT_SIZE, ink, bold=True)
        text(pen, (BUCHHOLZ_X, top + 7), row.buchholz, TEXT_SIZE, ink)
    return picture


def describe_standings(title: str, rows: Sequence[StandingRow], *, language: Language = ENGLISH) -> str:
    """The picture's alt text: the title and every row, in ``language``."""
    with speaking(language):
        lines = [title]
        for row in rows:
            line = told(
                say_n(
                    "{place}. {name}: {points} point, Buchholz {buchholz}",
                    "{place}. {name}: {points} points, Buchholz {buchholz}",
                    1 if row.points == "1" else 2,  # English's singular is for exactly one
                    place=row.place,
                    name=row.name,
                    points=row.points,
                    buchholz=row.buchholz,
                )
            )
            lines.append(told(say("{line} (withdrawn)", line=line)) if row.withdrawn else line)
    return "\n".join(lines)
