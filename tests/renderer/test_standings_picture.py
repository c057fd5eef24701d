"""A league's standings picture (renderer/standings.py): every row drawn, the headings in the
reader's language, the alt text saying what the picture shows."""

from __future__ import annotations

import io

from PIL import Image

from bot.core.languages import PSEUDO_LANGUAGE, language
from renderer.standings import ROW, StandingRow, describe_standings, render_standings

ROWS = [
    StandingRow(1, "Ann", "2", "3"),
    StandingRow(2, "Bo", "1½", "4"),
    StandingRow(3, "Cy", "1", "0", withdrawn=True),
]


def test_the_picture_has_a_row_per_player() -> None:
    few = Image.open(io.BytesIO(render_standings("Polar Derby league #1", ROWS[:1])))
    many = Image.open(io.BytesIO(render_standings("Polar Derby league #1", ROWS)))
    assert few.format == "PNG" and few.width == many.width
    assert many.height - few.height == 2 * ROW


def test_the_alt_text_reads_every_row_in_the_reader_s_language() -> None:
    english = describe_standings("Polar Derby league #1", ROWS)
    assert english.splitlines() == [
        "Polar Derby league #1",
        "1. Ann: 2 points, Buchholz 3",
        "2. Bo: 1½ points, Buchholz 4",
        "3. Cy: 1 point, Buchholz 0 (withdrawn)",
    ]
    german = describe_standings("Polar-Derby-Liga Nr. 1", ROWS, language=language("de"))
    assert "1. Ann: 2 Punkte, Buchholz 3" in german and "Cy: 1 Punkt" in german


def test_the_headings_are_told_in_the_picture_s_language() -> None:
    english = render_standings("League", ROWS)
    pseudo = render_standings("League", ROWS, language=language(PSEUDO_LANGUAGE))
    assert english != pseudo
    assert "⟦" in describe_standings("League", ROWS, language=language(PSEUDO_LANGUAGE))
