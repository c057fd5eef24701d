"""Every game's boards in Dutch, French and German: the longer words keep to the layout the
English boards keep to (every text inside its picture and its panel, nothing but a name cut
short), a cached layer or sprite never carries one language's words into another's picture,
and the alt text and text board are told in the language, with the players' names and the
notation as they are."""

from __future__ import annotations

from typing import Any

import pytest

import games
import renderer
from bot.core.languages import LANGUAGES, language
from games.words import ENGLISH, Language
from renderer import layers, lettering, pens
from tests.support.board_layout import BOARD_NAMES as NAMES
from tests.support.board_layout import assert_texts_inside, playout
from tests.support.board_layout import board_views as _views


def _cut(view: Any, told: Language, *, detailed: bool) -> list[str]:
    """The texts of the board that were cut short (a name may be; no other text should)."""
    names = NAMES[: view.players]
    with pens.record_layout() as layout:
        img = renderer.draw(view, names=names, detailed=detailed, language=told)
    assert_texts_inside(img, layout)
    return [t.text for t in layout.texts if lettering.ELLIPSIS in t.text]


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(renderer.RENDERERS))
def test_every_board_keeps_its_words_inside_and_whole(name: str, code: str) -> None:
    for label, view in _views(name):
        for detailed in (True, False):
            english = _cut(view, ENGLISH, detailed=detailed)
            told = _cut(view, language(code), detailed=detailed)
            assert len(told) <= len(english), f"{name} {label} {code} detailed={detailed}: cut {told}"


@pytest.mark.parametrize("name", sorted(renderer.RENDERERS))
def test_a_stored_layer_never_carries_words_into_another_language(name: str) -> None:
    layers.clear()
    _label, view = _views(name)[-1]
    names = NAMES[: view.players]
    dutch = language("nl")
    english = renderer.draw(view, names=names, detailed=True)  # stores the English layers
    cached = renderer.draw(view, names=names, detailed=True, language=dutch)
    with layers.uncached():
        scratch = renderer.draw(view, names=names, detailed=True, language=dutch)
    assert cached.tobytes() == scratch.tobytes()
    assert cached.tobytes() != english.tobytes()
    assert renderer.draw(view, names=names, detailed=True).tobytes() == english.tobytes()


def test_a_boards_alt_text_and_text_board_are_told_in_dutch() -> None:
    game = games.get("ice-lake")
    view = game.view(playout("ice-lake", 3, seed=11)[-3], 0)
    names = ["Ann", "Bob", "Cleo"]
    dutch = language("nl")
    for english, told in (
        (renderer.describe(view, names), renderer.describe(view, names, language=dutch)),
        (renderer.render_text(view, names), renderer.render_text(view, names, language=dutch)),
    ):
        assert told != english
        assert "ronde" in told and "round" not in told
        for player in names:
            assert player in told
        cells = {
            word for word in english.replace("-", " ").split() if word[:1].isupper() and word[1:].isdigit()
        }
        assert cells and all(cell in told for cell in cells), cells
    assert renderer.facts(view, names, language=dutch) != renderer.facts(view, names)
    assert renderer.describe(view, names, language=ENGLISH) == renderer.describe(view, names)


def test_a_seat_without_a_name_is_a_player_in_the_language() -> None:
    view = games.get("thin-ice").view(playout("thin-ice", 3, seed=11)[1], None)
    assert "Speler 2" in renderer.render_text(view, ["Ann"], language=language("nl"))
    assert "Player 2" in renderer.render_text(view, ["Ann"])
