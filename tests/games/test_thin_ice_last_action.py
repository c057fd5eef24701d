"""Thin Ice's last action: the state keeps who took it and its notation (no sentence), the boards
tell it in their reader's language, and a state stored when it was an English line still loads."""

from __future__ import annotations

import json
from typing import Any

import pytest

import renderer
from bot.core.languages import language
from games.thin_ice import THIN_ICE as G
from games.thin_ice.state import LastAction, ThinIceState, last_line
from games.words import tell
from tests.support.thin_ice import FIELD, act, all_but, make, zen_in_hand

NAMES = ["Ann", "Bo", "Cy"]


def zen_kept(where: str) -> ThinIceState:
    """Ann played Zen moment and kept Mighty Leap, the others going to ``where``."""
    s = zen_in_hand()
    return act(act(s, 0, "play zen"), 0, f"keep leap {where}")


def stored(state: ThinIceState) -> dict[str, Any]:
    """The state as the store keeps it: JSON, read back."""
    loaded: dict[str, Any] = json.loads(json.dumps(G.to_dict(state)))
    return loaded


def test_the_last_action_is_kept_as_its_seat_and_notation() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    assert act(s, 0, "move N").last == LastAction(0, "move N")
    kept = zen_kept("bottom")
    assert kept.last == LastAction(0, "bottom", kept=True)  # not which card
    assert stored(kept)["last"] == [0, "bottom", True]
    assert G.from_dict(stored(kept)) == kept


@pytest.mark.parametrize(
    ("where", "english", "dutch", "german"),
    [
        (
            "top",
            "Ann: keeps a card (top)",
            "Ann: houdt een kaart (rest bovenop)",
            "Ann: behält eine Karte (Rest oben)",
        ),
        (
            "bottom",
            "Ann: keeps a card (bottom)",
            "Ann: houdt een kaart (rest onderop)",
            "Ann: behält eine Karte (Rest unten)",
        ),
    ],
)
def test_a_kept_card_is_told_in_the_readers_language(
    where: str, english: str, dutch: str, german: str
) -> None:
    said = last_line(zen_kept(where).last or LastAction(0, ""))
    assert tell(said, NAMES) == english
    assert tell(said, NAMES, language("nl")) == dutch
    assert tell(said, NAMES, language("de")) == german


def test_the_boards_last_line_is_told_in_the_readers_language() -> None:
    s = zen_kept("top")
    assert "Last: Ann: keeps a card (top)" in renderer.render_text(G.view(s, None), NAMES)
    french = renderer.render_text(G.view(s, None), NAMES, language=language("fr"))
    assert "Ann : garde une carte (reste dessus)" in french and "keeps" not in french


@pytest.mark.parametrize(
    ("line", "last"),
    [
        ("{0}: keeps a card (top)", LastAction(0, "top", kept=True)),
        ("{2}: keeps a card (bottom)", LastAction(2, "bottom", kept=True)),
        ("{1}: play shift D3 C4", LastAction(1, "play shift D3 C4")),
        ("{1}: pass", LastAction(1, "pass")),
        ("", None),
        ("something else", None),
    ],
)
def test_a_state_stored_with_the_english_last_line_loads_its_data(line: str, last: LastAction | None) -> None:
    old = stored(zen_kept("top"))
    old["last"] = line
    state = G.from_dict(old)
    assert state.last == last
    assert G.from_dict(stored(state)) == state


def test_an_old_stored_keep_reads_as_it_did_in_english_and_is_told_in_dutch() -> None:
    old = stored(zen_kept("top"))
    old["last"] = "{0}: keeps a card (top)"
    state = G.from_dict(old)
    english = renderer.render_text(G.view(state, None), NAMES)
    assert "Last: Ann: keeps a card (top)" in english
    dutch = renderer.render_text(G.view(state, None), NAMES, language=language("nl"))
    assert "Ann: houdt een kaart (rest bovenop)" in dutch


def test_the_reaction_window_and_the_awaited_decision_are_told_in_the_readers_language() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("zen",), 1: ("ohno",)},
        deck=("run", "leap", "moving", "flare"),
        discard=all_but("zen", "run", "leap", "moving", "flare", "ohno"),
    )
    s = act(s, 0, "play zen")
    assert "Reaction window: card" in renderer.render_text(G.view(s, None), NAMES)
    assert "Reactiemoment: kaart" in renderer.render_text(G.view(s, None), NAMES, language=language("nl"))
    s = act(s, 1, "pass")
    assert "Die: - - waiting: zen" in renderer.render_text(G.view(s, None), NAMES)
    german = renderer.render_text(G.view(s, None), NAMES, language=language("de"))
    assert "wartet auf: Zen-Moment" in german
