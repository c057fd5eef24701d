"""The words of narration and text boards: a count agrees with its noun, a name keeps one
aside, and a text key gives each glyph one meaning."""

from __future__ import annotations

import random
from dataclasses import replace

import games
import renderer
from games.ice_hike import ICE_HIKE
from games.ice_hike.state import ACT
from games.ice_team import ICE_TEAM
from games.ice_team.actions import Move
from games.ice_team.rules import LEAP
from games.ice_team.state import OVER
from games.thin_ice import THIN_ICE
from games.words import counted, tell

NAMES = ["Ann", "Bob", "Cy", "Di"]


def test_counted_says_one_thing_and_many_things() -> None:
    assert counted(1, "step") == "1 step"
    assert counted(2, "step") == "2 steps"
    assert counted(0, "card") == "0 cards"
    assert counted(1, "fresh fish", "fresh fish") == "1 fresh fish"


def test_ice_hike_counts_one_step_as_a_step() -> None:
    state = ICE_HIKE.new_game(3, ICE_HIKE.options(), 1)
    state = replace(state, phase=ACT, steps=1)
    assert "1 step left" in str(ICE_HIKE.prompt(state, state.current))
    board = renderer.render_text(ICE_HIKE.view(state, None), NAMES)
    assert "1 steps" not in board and ": 1 step" in board


def test_a_name_with_an_aside_takes_the_colour_inside_it() -> None:
    text = "{0} (white) places water on B8."
    assert tell(text, ["Floe (normal)"]) == "Floe (normal, white) places water on B8."
    assert tell(text, ["Ann"]) == "Ann (white) places water on B8."
    state = ICE_HIKE.new_game(3, ICE_HIKE.options(), 1)
    board = renderer.render_text(ICE_HIKE.view(state, None), ["Floe (normal)", "Floe (easy)", "Ann"])
    assert ") (" not in board and "Floe (normal, orange)" in board


def test_thin_ice_counts_one_card_and_keys_a_hole_apart_from_orange() -> None:
    state = THIN_ICE.new_game(4, THIN_ICE.options(), 1)
    view = THIN_ICE.view(state, None)
    board = renderer.render_text(replace(view, hand_counts=(1, 0, 2, 1)), NAMES)
    assert "1 cards" not in board and ", 1 card" in board and ", 2 cards" in board
    key = next(line for line in board.splitlines() if line.startswith("Key:"))
    letters = {renderer.theme.player(s).letter for s in range(6)}
    glyphs = {part.split()[0] for part in key.removeprefix("Key: ").replace(";", ",").split(", ")}
    assert not glyphs & letters, f"the key uses a player's letter: {sorted(glyphs & letters)}"


def _ice_team_state_with(wanted: object, seed: int = 1) -> tuple[object, int, object]:
    """Play random Ice Team moves until a legal action satisfies ``wanted``."""
    r = random.Random(seed)
    state = ICE_TEAM.new_game(2, ICE_TEAM.options(), seed)
    for _ in range(3000):
        seat = next(iter(ICE_TEAM.to_act(state)))
        actions = list(ICE_TEAM.legal_actions(state, seat))
        hits = [a for a in actions if wanted(a)]  # type: ignore[operator]
        if hits:
            return state, seat, hits[0]
        state, _ = games.play(ICE_TEAM, state, seat, r.choice(actions))
        if not ICE_TEAM.to_act(state):
            state = ICE_TEAM.new_game(2, ICE_TEAM.options(), r.randrange(1000))
    raise AssertionError("no such action came up")


def test_ice_team_leaps_over_one_bear() -> None:
    state, seat, leap = _ice_team_state_with(
        lambda a: isinstance(a, Move) and a.kind == LEAP and len(a.path) == 1
    )
    _, events = games.play(ICE_TEAM, state, seat, leap)
    text = " ".join(str(e.text) for e in events)
    assert "leaps over 1 bear " in text and "over bears" not in text


def test_ice_team_steals_nothing_said_as_nothing() -> None:
    state = ICE_TEAM.new_game(2, ICE_TEAM.options(), 1)
    state = replace(state, fish=((0, 0), (0, 3)), current=0)
    events: list[games.Event] = []
    ICE_TEAM._die_effect(state, "steal", events)
    text = tell(" ".join(str(e.text) for e in events), NAMES)
    assert "steals 0" not in text and "Bob has no fresh fish to steal" in text


def test_ice_team_game_over_on_fish_names_the_fish() -> None:
    state = ICE_TEAM.new_game(2, ICE_TEAM.options(), 1)
    state = replace(state, phase=OVER, four=0, ended="finish", fish=((3, 0), (5, 1)))
    board = renderer.render_text(ICE_TEAM.view(state, None), NAMES)
    first = board.splitlines()[0]
    assert "Bob wins" in first and "most fish" in first and "four bears reached the Finish" not in first


def test_polar_derby_counts_one_point_at_risk_as_a_point() -> None:
    game = games.get("polar-derby")
    state = game.new_game(2, game.options(), 1)
    view = replace(game.view(state, None), pulled=(1, 0, 0, 0, 0))
    board = renderer.render_text(view, NAMES)
    assert "(1 bear, 1 pt)" in board and "1 pts" not in board


def test_ice_hike_winners_together_win() -> None:
    state = ICE_HIKE.new_game(3, ICE_HIKE.options(), 1)
    view = ICE_HIKE.view(state, None)
    view = replace(view, phase="over", winners=frozenset({0, 2}))
    first = renderer.render_text(view, NAMES).splitlines()[0]
    assert first.endswith("Ann and Cy win!"), first
