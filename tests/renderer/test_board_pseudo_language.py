"""Every game's boards in the pseudo-language (:data:`bot.core.languages.PSEUDO_LANGUAGE`: every
told text 40 % longer and bracketed): no board cuts or overlaps its words more than its English
board does, and nothing drawn or described escaped the catalogues
(:func:`tests.support.escapes.escapes`). The Dutch, French and German boards:
tests/renderer/test_board_languages.py."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

import games
import renderer
from bot.core.languages import PSEUDO_LANGUAGE, language
from games.registry import presentation_of
from games.words import ENGLISH, Language
from renderer import lettering, pens, theme
from tests.support.board_layout import BOARD_NAMES as NAMES
from tests.support.board_layout import assert_texts_inside, playout
from tests.support.board_layout import board_views as _views
from tests.support.escapes import escapes, game_titles, notation_of, notation_words

PSEUDO = language(PSEUDO_LANGUAGE)


def overlapping(boxes: list[theme.Box]) -> int:
    """How many pairs of the boxes overlap (by more than a pixel each way)."""
    return sum(
        1
        for a, b in combinations(boxes, 2)
        if min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
    )


def drawn(view: Any, told: Language, *, detailed: bool) -> tuple[list[str], list[str], int]:
    """The board's texts, those cut short and how many pairs of them overlap."""
    with pens.record_layout() as layout:
        img = renderer.draw(view, names=NAMES[: view.players], detailed=detailed, language=told)
    assert_texts_inside(img, layout)
    texts = [t.text for t in layout.texts]
    return texts, [t for t in texts if lettering.ELLIPSIS in t], overlapping([t.box for t in layout.texts])


@pytest.mark.parametrize("name", sorted(renderer.RENDERERS))
def test_every_pseudo_board_keeps_its_words_inside_whole_and_apart(name: str) -> None:
    for label, view in _views(name):
        for detailed in (True, False):
            _, english_cut, english_overlaps = drawn(view, ENGLISH, detailed=detailed)
            texts, cut, overlaps = drawn(view, PSEUDO, detailed=detailed)
            where = f"{name} {label} detailed={detailed}"
            assert len(cut) <= len(english_cut), f"{where}: cut {cut}"
            assert overlaps <= english_overlaps, (
                f"{where}: {overlaps} overlapping texts, {english_overlaps} in English"
            )


@pytest.mark.parametrize("name", sorted(renderer.RENDERERS))
def test_nothing_drawn_or_described_escaped_the_catalogues(name: str) -> None:
    game = games.get(name)
    moves = notation_of(presentation_of(game).notation_examples.split(", "))
    for state in playout(name, max(game.players), seed=11):  # the states _views shows
        for seat in game.to_act(state):
            moves |= notation_of(str(a) for a in game.legal_actions(state, seat))
    found: dict[str, str] = {}
    for label, view in _views(name):
        names = NAMES[: view.players]
        with pens.record_layout() as layout:  # its layout is the test above's
            renderer.draw(view, names=names, detailed=True, language=PSEUDO)
        texts = [t.text for t in layout.texts]
        told = {
            "board": "\n".join(texts),
            "alt text": renderer.describe(view, names, language=PSEUDO),
            "text board": renderer.render_text(view, names, language=PSEUDO),
        }
        for what, text in told.items():
            for run in escapes(text, (*names, *game_titles(), *notation_words(), *moves)):
                line = next((line for line in text.splitlines() if run in line), run)
                found.setdefault(run, f"{run!r} in the {what} ({label}): {line[:100]!r}")
    assert not found, f"{len(found)} texts escaped the catalogues:\n" + "\n".join(sorted(found.values()))
