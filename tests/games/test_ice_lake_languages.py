"""Ice Lake told in other languages: what the rules say is a saying, and a front end tells it
with the players' names in the reader's language (bot/locales/<code>/LC_MESSAGES/ice_lake.po)."""

from __future__ import annotations

import json

import pytest

import games
from bot.core.languages import language
from games.core import IllegalAction, InvalidAction
from games.hexgrid import Hex
from games.ice_lake import ICE_LAKE as G
from games.ice_lake.actions import Face, Plan
from games.words import tell
from tests.support.ice_lake import FAR2, X, lake, plans

NAMES = ["Ann", "Bo", "Cy"]


def test_a_collision_is_told_in_dutch_and_french_with_the_players_names() -> None:
    state = lake([(Hex(0, 0), "S"), (Hex(1, 2), "NW"), FAR2])
    _, events = plans(state, {0: "SSS", 1: "S", 2: "SS"})
    stop = next(e for e in events if e.kind == "stop")
    english = tell(stop.text, NAMES)
    assert english == "Ann would collide with Bo in F8 and stops."
    dutch = tell(stop.text, NAMES, language("nl"))
    french = tell(stop.text, NAMES, language("fr"))
    assert dutch == "Ann zou op F8 tegen Bo botsen en stopt."
    assert french == "Ann percuterait Bo en F8 et s'arrête."
    assert english not in (dutch, french)


def test_a_shared_win_counts_its_skaters_in_french() -> None:
    state, events = plans(lake([(Hex(0, 0), "S"), (Hex(0, 1), "N")]), {0: "S", 1: "S"})
    end = events[-1]
    assert end.kind == "end"
    assert tell(end.text, NAMES, language("fr")) == (
        "Ann et Bo partagent la victoire : les derniers patineurs sont sortis ensemble."
    )
    assert tell(end.text, NAMES, language("de")).startswith("Ann und Bo teilen sich den Sieg")


def test_a_refusal_is_told_in_german() -> None:
    state = lake([(X, "S"), (Hex(-3, 1), "N")])
    with pytest.raises(IllegalAction) as refused:
        G.check(state, 0, Face("N"))
    said = refused.value.said
    assert str(refused.value) == "you choose a facing only after your skater is forced to stop"
    assert tell(said, NAMES, language("de")) == (
        "eine Blickrichtung wählst du erst, wenn dein Eisläufer anhalten musste"
    )


def test_a_mistyped_plan_is_refused_in_german_with_the_typing_kept() -> None:
    with pytest.raises(InvalidAction) as refused:
        G.parse_action("plan SSX")
    told = tell(refused.value.said, NAMES, language("de"))
    assert told.startswith("X ist kein Zug: ein Plan besteht aus") and "plan SSLR" in told


def test_the_plan_builder_speaks_the_readers_language() -> None:
    builder = G.builder(lake([(X, "S"), (Hex(-3, 1), "N")]), 0)
    assert builder is not None
    assert [tell(label, NAMES, language("nl")) for _, label in builder.pieces] == [
        "Rechtdoor",
        "Links",
        "Rechts",
    ]
    _, route = builder.preview("S")
    assert tell(route, NAMES, language("fr")) == "Trajet : F4 → F5."


def test_a_revealed_plan_list_keeps_its_letters_in_every_language() -> None:
    _, events = plans(lake([(X, "S"), (Hex(-3, 1), "N")]), {0: "LS", 1: "SR"})
    reveal = next(e for e in events if e.kind == "reveal")
    assert tell(reveal.text, NAMES, language("fr")) == "Plans révélés : Ann LS ; Bo SR."
    assert tell(reveal.text, NAMES, language("nl")) == "Plannen onthuld: Ann LS; Bo SR."


def test_a_played_move_narrates_through_games_play_in_dutch() -> None:
    state = lake([(X, "S"), (Hex(-3, 1), "N")])
    _, events = games.play(G, state, 1, Plan("S"))
    planned = next(e for e in events if e.kind == "planned")
    assert tell(planned.text, NAMES, language("nl")) == "Bo heeft een plan (1 van 2 plannen binnen)."


def test_the_movement_record_keeps_its_sayings_through_json_and_reads_older_english() -> None:
    state = lake([(Hex(0, 0), "S"), (Hex(1, 2), "NW"), FAR2])
    state, _ = plans(state, {0: "SSS", 1: "S", 2: "SS"})
    data = json.loads(json.dumps(G.to_dict(state)))
    assert G.from_dict(data) == state
    caption = G.view(G.from_dict(data), None).last_movement[-1].text
    assert tell(caption, NAMES, language("de")) == "Ann würde auf F8 mit Bo zusammenstoßen und hält an."
    for record in data["log"]:  # a state saved before the sayings: finished English texts
        record["text"] = "{0} skates S to F6, facing S."
    older = G.from_dict(data)
    assert tell(older.log[0].text, NAMES, language("fr")) == "Ann skates S to F6, facing S."
