"""A finished hiker's row in the Ice Hike panel keeps the name whole: its place home is told
short ("#1") where "#1 home" would cut the name ("Floe (e…, white)")."""

from __future__ import annotations

from dataclasses import replace

import games
from games.ice_hike.state import OVER
from renderer import ice_hike as ih
from renderer import pens

GAME = games.get("ice-hike")


def panel_texts(names: list[str]) -> list[str]:
    view = GAME.view(GAME.new_game(2, GAME.options(), 1), None)
    view = replace(view, phase=OVER, winners=frozenset({1}), finished=(1, 3, 0))
    with pens.record_layout() as layout:
        ih.draw(view, names)
    return [t.text for t in layout.texts if t.box[0] > ih.PANEL_LEFT]


def test_the_winners_name_is_whole_beside_its_place() -> None:
    texts = panel_texts(["Ann", "Floe (easy)"])
    assert "Floe (easy, white)" in texts and "Floe (easy, grey)" in texts
    assert "#1" in texts and "#2 home" in texts and "#3 home" in texts
    assert not any("…" in t and "Floe" in t for t in texts), texts


def test_a_short_name_keeps_the_whole_place() -> None:
    texts = panel_texts(["Ann", "Bo"])
    assert "#1 home" in texts and "Bo (white)" in texts
