"""Ice Hike, rules 2 & 3: a puppet that walked into a closed area regains the protection of
rule 2 only when it has a free road at the start of a player's turn (``seeds/ice-hike.txt``,
"Examples rules 2 & 3", C, and the rulings in :mod:`games.ice_hike.rules`).

The position rebuilds example C: brown built an igloo on H6 where brown and orange stood; orange
took the risk and went south into the pocket H7 H8 I8 (water on G7 G8 G9 H9 I9, mountains on I7
J7 J8). White stands on the mountain I7, lays land on I8 south of its puppet (which opens a road
from orange's pocket over the mountains), walks down onto it and builds there.
"""

from __future__ import annotations

from dataclasses import replace

from games.ice_hike import ICE_HIKE as G
from games.ice_hike.blockade import Roads
from games.ice_hike.state import ACT, PLACE, HikeState
from tests.support.ice_hike import BROWN, ORANGE, WHITE, C, L, M, W, act, legal, pos, refused

WALLS = {n: W for n in ("G7", "G8", "G9", "H9", "I9")}
MOUNTAINS = {n: M for n in ("I7", "J7", "J8")}


def at_turn_start(state: HikeState) -> HikeState:
    """The position as the start of white's turn leaves it: who has no road is judged now."""
    return replace(state, exposed=Roads(state).exposed_now())


def example_c(**tiles: str) -> HikeState:
    return at_turn_start(
        pos(
            current=WHITE,
            phase=PLACE,
            drawn=L,
            tiles={**WALLS, **MOUNTAINS, "J9": L, **tiles},
            igloos={BROWN: ("H6",)},
            puppets={BROWN: "H6", ORANGE: "H7", WHITE: "I7"},
        )
    )


def test_rules23_example_c_white_lays_land_walks_onto_it_and_builds() -> None:
    """Rules 2 & 3, example C: "would white then be able to go there and build an igloo? Yes":
    orange took the risk, so the road white's own land tile opened protects nobody."""
    s = example_c()
    assert s.exposed == frozenset({ORANGE})
    s = act(s, "place I8")
    assert ORANGE not in Roads(s).rule2(WHITE)  # the new road does not protect orange this turn
    s = act(s, "walk S")  # down the mountain: the step comes back (tip 1)
    assert s.pos[WHITE] == C("I8") and s.phase == ACT and s.steps == 2
    assert legal(s, "build")
    s = act(s, "build")
    assert C("I8") in s.igloos[WHITE]


def test_rules23_example_c_brown_keeps_its_way_out_via_its_own_igloo() -> None:
    """Rules 2 & 3, example C: "for brown there is still a way out (via brown's own igloo)"."""
    s = example_c()
    assert BROWN not in s.exposed
    s = act(act(s, "place I8"), "walk S")
    assert BROWN in Roads(s).rule2(WHITE)


def test_rule2_a_road_held_at_the_start_of_the_turn_stays_protected() -> None:
    """Rule 2: with the land already on I8 when white's turn began, orange had a free road then,
    so white may not build on it (the contrast to example C)."""
    s = example_c(I8=L)
    assert s.exposed == frozenset()
    s = act(s, "place K5")
    s = act(s, "walk S")
    refused(s, "build", "orange would have no free road to the finish (rule 2)")


def test_rule2_protection_comes_back_at_the_start_of_a_turn() -> None:
    """Rules 2 & 3: the protection is regained "at the start of a player's turn" with a road:
    after white's turn that opened the road (and built nothing), orange is protected again."""
    s = example_c()
    s = act(s, "place I8")
    s = act(s, "end")
    assert s.current != WHITE and ORANGE not in s.exposed


def test_snapshots_without_the_field_keep_protecting_every_road() -> None:
    """A snapshot saved before turn-start protection existed loads with nobody exposed."""
    data = G.to_dict(example_c())
    del data["exposed"]
    assert G.from_dict(data).exposed == frozenset()
    assert G.from_dict(G.to_dict(example_c())).exposed == frozenset({ORANGE})
