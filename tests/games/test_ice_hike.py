"""Ice Hike rules, one test per rulebook clause (``seeds/ice-hike.txt``), positions built directly.

The rulebook's diagrams are lost; each worked example is rebuilt as a position with the same
situation the text describes (a single gap in a wall, a mountain plateau, a pocket with two
exits) and the test names the example it stands for.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace
from typing import Any

import pytest

import games
from bot.core.languages import language
from games import IllegalAction, InvalidAction
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.actions import (
    Go,
    Policy,
    TorchAnswer,
    Walk,
)
from games.ice_hike.blockade import Roads
from games.ice_hike.state import ACT, CHOOSE, FLEE, OVER, PLACE, TORCH, HikeOptions, HikeState
from games.words import tell
from tests.support.ice_hike import BROWN, GREY, ORANGE, WHITE, C, F, L, M, W, act, legal, pos, refused

#: A water wall down column E (E1 is printed water) with one gap at E6: the only road from START
#: to FINISH goes through E6.
WALL = {f"E{r}": W for r in (2, 3, 4, 5, 7, 8, 9, 10)}

# A second wall (column G, G1 is a half hex with a bear on it in tests that need it closed) is
# not needed: rule 1 examples use the single gap.


# ----------------------------------------------------------------------------- the board


def test_board_data_matches_the_rulings() -> None:
    """Board: 13 x 10 flat-top hexes, odd columns lower; corners, half hexes, START, FINISH."""
    assert B.NCELLS == 130
    assert {B.NAMES[c] for c in range(B.NCELLS) if B.KIND[c] == B.CORNER} == {"A1", "M1", "A10", "M10"}
    halves = {B.NAMES[c] for c in range(B.NCELLS) if B.KIND[c] == B.HALF}
    assert {"A5", "M5", "C1", "K1", "B10", "L10"} <= halves and "B1" not in halves and "C10" not in halves
    s = G.new_game(3, HikeOptions(), 1)
    assert (
        s.tiles[C("L1")] == L and s.tiles[C("B9")] == L and s.tiles[C("A9")] == L and s.tiles[C("A10")] == L
    )
    assert all(s.tiles[C(n)] == W for n in ("E1", "I1", "F10", "J10", "A3", "A6", "M5", "M8"))
    # odd columns half a hex lower: B1's north-east neighbour is C1, its south-east C2
    assert B.NAMES[B.STEP[C("B1")]["NE"]] == "C1" and B.NAMES[B.STEP[C("B1")]["SE"]] == "C2"
    assert B.NAMES[B.STEP[C("C2")]["NE"]] == "D1"


def test_setup_tiles_and_bag() -> None:
    """Game preparation: 60 tiles (20 water, 4 with fish; 16 land; 24 mountain); 24 cubes."""
    s = G.new_game(3, HikeOptions(), 7)
    pile = [*s.pile, s.drawn]
    assert len(pile) == 60
    assert pile.count(W) == 16 and pile.count(F) == 4 and pile.count(L) == 16 and pile.count(M) == 24
    assert len(s.bag) + (1 if s.drawn_cube else 0) == 24
    assert s.pos == (B.START,) * 3, "all puppets start on the START tile"


def test_two_player_game_plays_four_colours_in_turn_order_a1_b1_a2_b2() -> None:
    """Two player game: both play with two colours and take turns (orange, white, brown, grey)."""
    s = G.new_game(2, HikeOptions(), 3)
    v = G.view(s, 0)
    assert v.colours == ("orange", "white", "brown", "grey") and v.owners == (0, 1, 0, 1)
    seen = []
    for _ in range(4):
        seen.append(s.current)
        s = G._end_turn(replace(s, drawn=""), [])[0]
    assert [c % 2 for c in seen] in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert seen == [(seen[0] + k) % 4 for k in range(4)]


# ----------------------------------------------------------------------------- placing tiles


def test_place_only_on_free_full_hexagons() -> None:
    """1. Place a tile: on a free hexagon; not over the edges, not on START/FINISH, pieces."""
    s = pos(
        phase=PLACE, drawn=L, puppets={ORANGE: "H5"}, bears=("H7",), igloos={WHITE: ("D3",)}, tiles={"C3": M}
    )
    refused(s, "place A5", "edge")
    refused(s, "place C1", "edge")
    refused(s, "place L1", "start")
    refused(s, "place B9", "finish")
    refused(s, "place H5", "puppet")
    refused(s, "place H7", "polar bear")
    refused(s, "place D3", "igloo")
    refused(s, "place C3", "already is a tile")
    s2 = act(s, "place H4")
    assert s2.tiles[C("H4")] == L and s2.drawn == ""


def test_mountain_brings_its_cave_find() -> None:
    """Grab a cave find with a mountain: yellow, red, blue stay on the tile; black goes."""
    s = act(pos(phase=PLACE, drawn=M, drawn_cube=B.ROPE), "place H4")
    assert s.cubes[C("H4")] == B.ROPE
    s = act(pos(phase=PLACE, drawn=M, drawn_cube=B.EMPTY), "place H4")
    assert s.cubes[C("H4")] == "." and s.tiles[C("H4")] == M


def test_white_cube_brings_a_bear_and_the_fifth_counts_as_black() -> None:
    """White cube: exchanged for a polar bear; the fifth white cube counts as a black one."""
    s = act(pos(phase=PLACE, drawn=M, drawn_cube=B.BEAR_CUBE), "place H4")
    assert s.bears == (C("H4"),)
    four = pos(phase=PLACE, drawn=M, drawn_cube=B.BEAR_CUBE, bears=("C3", "C5", "C7", "J3"))
    s = act(four, "place H4")
    assert len(s.bears) == 4 and C("H4") not in s.bears and s.cubes[C("H4")] == "."


def test_tile_that_fits_nowhere_leaves_the_game() -> None:
    """Ruling: no legal cell for the drawn tile -> it leaves the game, the turn goes on."""
    s = pos(phase=ACT)
    board = list(s.tiles)
    for c in range(B.NCELLS):
        if B.KIND[c] == B.FULL and c not in (B.START, s.finish):
            board[c] = L
    s = replace(s, tiles="".join(board), pile=(W, W))
    s, events = G._end_turn(s, [])
    assert s.phase != PLACE and s.drawn == "" and len(s.pile) == 1
    assert any(e.kind == "discard" for e in events)


# ----------------------------------------------------------------------------- rule 1


def test_rule1_example_a_water_or_mountain_may_not_close_the_last_road() -> None:
    """Rule 1, example A: no water or mountain on the one free road from START to FINISH."""
    s = pos(phase=PLACE, drawn=W, tiles=WALL)
    refused(s, "place E6", "no free road would be left from START to FINISH (rule 1)")
    assert legal(s, "place E5") is False and legal(s, "place H4")
    # a mountain: white on land on one side makes it accessible from one side only
    s = pos(phase=PLACE, drawn=M, tiles={**WALL, "F6": L}, puppets={WHITE: "F6"})
    refused(s, "place E6", "(rule 1)")
    # "Had there been a land tile on the other side of the mountain range, it would be allowed."
    s = pos(phase=PLACE, drawn=M, tiles={**WALL, "F6": L, "D6": L}, puppets={WHITE: "F6"})
    assert legal(s, "place E6")
    # land never closes a road
    assert legal(pos(phase=PLACE, drawn=L, tiles=WALL), "place E6")


def test_rule1_a_mountain_with_a_bear_blocks_like_a_bear() -> None:
    """Rule 1: a bear is a blockade; a mountain coming with a bear counts it."""
    s = pos(phase=PLACE, drawn=M, drawn_cube=B.BEAR_CUBE, tiles={**WALL, "F6": L, "D6": L})
    refused(s, "place E6", "(rule 1)")


def test_rule1_example_b_a_bear_may_not_stop_on_the_last_road() -> None:
    """Rule 1, example B: the bear may not stop on the one free road (nor on grey there)."""
    s = pos(mode="bear", steps=0, bear_steps=1, tiles=WALL, bears=("F6",), puppets={GREY: "D6"})
    refused(s, "bear F6 NW", "(rule 1)")  # F6 NW is E6: it would have to stop there
    # with steps left it may walk over the road ...
    s3 = replace(s, bear_steps=3)
    s3 = act(s3, "bear F6 NW")
    assert s3.bears == (C("E6"),)
    # ... but it may not stop there
    refused(s3, "end", "(rule 1)")
    assert not legal(s3, "end")
    # "or to the grey puppet": grey standing in the gap; the bear may not end its walk there
    g = pos(mode="bear", steps=0, bear_steps=1, tiles=WALL, bears=("F6",), puppets={GREY: "E6"})
    refused(g, "bear F6 NW", "(rule 1)")


def test_rule1_walk_middle_is_not_checked_and_the_bear_walks_on() -> None:
    """Rule 1 exception: the free road may be blocked during the walk, not when it stops."""
    s = pos(mode="bear", steps=0, bear_steps=3, tiles=WALL, bears=("F6",))
    s = act(s, "bear F6 NW")  # onto E6, the gap
    s = act(s, "bear SW")  # D6: off the gap again, the road through E6 is free
    assert s.bears == (C("D6"),)
    assert legal(s, "end")


def test_rule1_example_c_no_igloo_on_the_last_road() -> None:
    """Rule 1, example C: grey may not build an igloo where he stands (the one free road)."""
    s = pos(current=GREY, tiles=WALL, puppets={GREY: "E6"})
    refused(s, "build", "no free road would be left from START to FINISH (rule 1)")
    ok = pos(current=GREY, tiles=WALL, puppets={GREY: "D6"})
    assert legal(ok, "build")


# ----------------------------------------------------------------------------- rule 2

#: A pocket H7 H8 walled in by water; H6 is the only way out.
ONE_WAY = {n: W for n in ("G7", "G8", "G9", "H9", "I9", "I8", "I7")}

#: A mountain plateau H4 H5 in the ice: the way down is only over land.
PLATEAU = {"H4": M, "H5": M}


def test_rule2_example_a_placing_is_allowed_when_others_keep_a_road() -> None:
    """Rule 2, example A: brown may place water where white and orange keep a free road."""
    s = pos(
        current=BROWN, phase=PLACE, drawn=W, tiles={**PLATEAU, "G5": L}, puppets={ORANGE: "H5", WHITE: "J3"}
    )
    assert legal(s, "place J6")
    assert legal(replace(s, drawn=M), "place J6")


def test_rule2_placing_water_on_the_only_exit_is_refused_naming_the_player() -> None:
    """Rule 2: from somebody else's puppet to FINISH there must always be a free road."""
    s = pos(current=BROWN, phase=PLACE, drawn=W, tiles=ONE_WAY, puppets={ORANGE: "H8"})
    refused(s, "place H6", "orange would have no free road to the finish (rule 2)")
    # a mountain there closes it too (level 1 to 3)
    refused(replace(s, drawn=M), "place H6", "orange", "(rule 2)")


def test_rule2_example_b_a_bear_may_block_someone_elses_only_road() -> None:
    """Rule 2, example B: a bear may block the one free road from someone else's puppet."""
    s = pos(
        current=BROWN,
        mode="bear",
        steps=0,
        bear_steps=3,
        tiles=ONE_WAY,
        bears=("I5",),
        puppets={ORANGE: "H8"},
    )
    s = act(s, "bear I5 SW")  # to H6? I5 SW is H5; then S to H6
    s = act(s, "bear S")
    assert s.bears == (C("H6"),)
    assert legal(s, "end")
    s = act(s, "end")
    assert s.bears == (C("H6"),)


def test_rule2_example_c_no_igloo_that_traps_orange_on_the_mountain() -> None:
    """Rule 2, example C: white may not build where orange's only way down is."""
    s = pos(current=WHITE, tiles={**PLATEAU, "G5": L}, puppets={ORANGE: "H5", WHITE: "G5"})
    refused(s, "build", "orange would have no free road to the finish (rule 2)")


def test_rule2_example_d_orange_own_igloo_keeps_its_road_free() -> None:
    """Rule 2, example D: orange's own igloo is no blockade, so white may build elsewhere."""
    tiles = {**PLATEAU, "G5": L, "I4": L}
    s = pos(current=WHITE, tiles=tiles, puppets={ORANGE: "H5", WHITE: "G5"}, igloos={ORANGE: ("I4",)})
    assert legal(s, "build")
    # had the other way down been brown's igloo, orange would be trapped
    s = pos(current=WHITE, tiles=tiles, puppets={ORANGE: "H5", WHITE: "G5"}, igloos={BROWN: ("I4",)})
    refused(s, "build", "orange", "(rule 2)")


# ----------------------------------------------------------------------------- rules 2 and 3

#: The pocket H7 H8 with two ways out: H6 (north) and I8 (south-east, white's igloo in the tests).
POCKET = {n: W for n in ("G7", "G8", "G9", "H9", "I9", "I7")}


def test_rules23_example_a_brown_may_not_shut_orange_in() -> None:
    """Rules 2 & 3, example A: brown's igloo would leave orange no free road; without orange
    in the area it would be allowed, because white has a road via white's own igloo."""
    base: dict[str, Any] = dict(current=BROWN, tiles=POCKET, igloos={WHITE: ("I8",)})
    s = pos(**base, puppets={BROWN: "H6", ORANGE: "H8", WHITE: "H7"})
    refused(s, "build", "orange would have no free road to the finish (rule 2)")
    s = pos(**base, puppets={BROWN: "H6", ORANGE: "K3", WHITE: "H7"})
    assert legal(s, "build")


def test_rules23_example_b_building_on_orange_is_allowed() -> None:
    """Rules 2 & 3, example B: with orange on brown's spot, orange can still go back."""
    s = pos(
        current=BROWN, tiles=POCKET, igloos={WHITE: ("I8",)}, puppets={BROWN: "H6", ORANGE: "H6", WHITE: "H7"}
    )
    assert legal(s, "build")
    s = act(s, "build")
    assert C("H6") in s.igloos[BROWN]


def test_rules23_example_c_a_puppet_that_took_the_risk_may_be_blocked() -> None:
    """Rules 2 & 3, example C: orange walked into the closed area; others may block it fully."""
    s = pos(
        current=WHITE,
        tiles={**POCKET, "H8": L},
        igloos={WHITE: ("I8",), BROWN: ("H6",)},
        puppets={BROWN: "H7", ORANGE: "H7", WHITE: "H8"},
    )
    roads = Roads(s)
    assert ORANGE not in roads.rule2(seat_of_mover := WHITE)  # orange took the risk: no road now
    assert BROWN in roads.rule2(seat_of_mover)  # brown still has its way out via its own igloo
    assert legal(s, "build")


def test_rule3_you_may_block_your_own_road() -> None:
    """Rule 3: from your own puppet to the finish there doesn't have to be a free road."""
    s = pos(current=ORANGE, phase=PLACE, drawn=W, tiles=ONE_WAY, puppets={ORANGE: "H8"})
    assert legal(s, "place H6")


# ----------------------------------------------------------------------------- the two tips


def test_tip_descending_and_building_fit_in_one_turn() -> None:
    """Tip 1: walking down the mountain and building: descending is free, 2 steps remain."""
    s = pos(current=WHITE, tiles={"H4": M, "H5": L}, puppets={WHITE: "H4"})
    s = act(s, "walk S")
    assert s.pos[WHITE] == C("H5") and s.steps == 2
    s = act(s, "build")
    assert C("H5") in s.igloos[WHITE]


def test_tip_berries_pay_for_searching_a_cave() -> None:
    """Tip 2: a blue cube gives exactly the two steps that searching a cave costs."""
    s = pos(
        current=WHITE,
        tiles={"H4": M, "H5": L},
        cubes={"H4": B.BERRIES},
        puppets={WHITE: "H5"},
        finds={WHITE: (1, 0, 0)},
    )
    s = act(s, "walk N")  # up: 2 steps
    assert s.steps == 0 and s.phase == ACT
    refused(s, "search", "2 steps")
    s = act(s, "berries")
    s = act(s, "search")
    assert s.finds[WHITE] == (1, 0, 0) and s.cubes[C("H4")] == "."


# ----------------------------------------------------------------------------- walking


def test_step_costs_same_level_ascend_descend() -> None:
    """2A Walk: same level 1 step, ascending 2, descending 1 which a puppet gets back."""
    berry = {ORANGE: (1, 0, 0)}  # a blue cube in hand keeps the turn open at 0 steps
    s = pos(puppets={ORANGE: "H5"}, tiles={"H6": L}, finds=berry)
    assert act(s, "walk N").steps == 1
    up = act(s, "walk S")
    assert up.pos[ORANGE] == C("H6") and up.steps == 0
    refused(replace(s, steps=1), "walk S", "ascending costs 2 steps")
    down = act(pos(puppets={ORANGE: "H6"}, tiles={"H6": L}, finds=berry), "walk N")
    assert down.pos[ORANGE] == C("H5") and down.steps == 2


def test_ski_refund_needs_the_step_first() -> None:
    """Skiing: the puppet gets the step back, but must have and take it first (3 or 4 steps)."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H5": M, "H6": L})
    s = act(s, "walk S")  # 3 -> 2: free
    s = act(s, "walk S")  # 2 -> 1: free
    assert s.steps == 2
    s = act(s, "walk S")
    s = act(s, "walk S")
    assert s.current != ORANGE, "four steps taken, the turn is over"
    z = pos(puppets={ORANGE: "H5"}, tiles={"H5": L}, steps=0, finds={ORANGE: (1, 0, 0)})
    refused(z, "walk S", "needs a step first")


def test_never_two_levels_without_a_rope() -> None:
    """A polar bear or puppet can never go directly from level 1 to level 3 (only with a rope)."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H6": M})
    refused(s, "walk S", "level 1 to level 3")
    refused(s, "rope S", "no rope")


def test_rope_up_costs_two_steps_and_the_rope() -> None:
    """Rope: climb from level 1 to level 3 for 2 steps and the rope."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H6": M}, finds={ORANGE: (0, 0, 1)})
    s2 = act(s, "rope S")
    assert s2.pos[ORANGE] == C("H6") and s2.finds[ORANGE] == (0, 0, 0)
    refused(replace(s, steps=1), "rope S", "2 steps")


def test_rope_down_is_free_but_needs_the_step_first() -> None:
    """Rope: descend from level 3 to level 1: one step, which you get back."""
    s = pos(puppets={ORANGE: "H6"}, tiles={"H6": M}, finds={ORANGE: (0, 0, 1)})
    s2 = act(s, "rope N")
    assert s2.pos[ORANGE] == C("H5") and s2.steps == 2 and s2.finds[ORANGE] == (0, 0, 0)
    refused(replace(s, steps=0, finds=((1, 0, 1), *s.finds[1:])), "rope N", "needs a step first")


def test_rope_never_for_one_level() -> None:
    """A rope can never be used to ascend or descend only 1 level."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H6": L}, finds={ORANGE: (0, 0, 1)})
    refused(s, "rope S", "only 1 level")


def test_no_water_and_no_bear_for_a_puppet() -> None:
    """A puppet cannot cross water, and never walks to a tile with a polar bear on it."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H6": W}, bears=("H4",))
    refused(s, "walk S", "water")
    refused(s, "walk N", "polar bear")


def test_half_hexes_can_be_walked_but_not_built_on() -> None:
    """The edges: walking is allowed on half hexes (not water); building is not."""
    s = pos(puppets={ORANGE: "L1"})
    s = act(s, "walk NE")  # M1, a corner
    assert s.pos[ORANGE] == C("M1")
    s = pos(puppets={ORANGE: "M2"})
    refused(s, "build", "half hexagons")
    refused(pos(puppets={ORANGE: "L4"}), "walk SE", "water")  # M5 is printed water


# ----------------------------------------------------------------------------- igloos


def test_igloo_build_limits() -> None:
    """2B Build: 2 steps, where the puppet is; not on START, FINISH, an igloo; at most two."""
    refused(pos(puppets={ORANGE: "H5"}, steps=1), "build", "2 steps")
    refused(pos(puppets={ORANGE: "L1"}), "build", "start")
    refused(pos(puppets={ORANGE: "H5"}, igloos={WHITE: ("H5",)}), "build", "already")
    refused(pos(puppets={ORANGE: "H5"}, igloos={ORANGE: ("C3", "C5")}), "build", "two")
    s = act(pos(puppets={ORANGE: "H5"}), "build")
    assert s.igloos[ORANGE] == (C("H5"),)


def test_igloo_toll_one_find_to_the_owner() -> None:
    """An igloo: another player walking via it must pay the owner a cave find."""
    s = pos(puppets={ORANGE: "H5"}, igloos={WHITE: ("H6",)}, finds={ORANGE: (0, 1, 1)})
    refused(s, "walk S", "say which find")
    assert legal(s, "walk S pay torch") and legal(s, "walk S pay rope") and not legal(s, "walk S pay berries")
    s2 = act(s, "walk S pay rope")
    assert s2.finds[ORANGE] == (0, 1, 0) and s2.finds[WHITE] == (0, 0, 1)
    poor = pos(puppets={ORANGE: "H5"}, igloos={WHITE: ("H6",)})
    refused(poor, "walk S", "need a cave find")
    own = pos(puppets={ORANGE: "H5"}, igloos={ORANGE: ("H6",)})
    assert legal(own, "walk S")
    refused(own, "walk S pay rope", "nothing to pay")


def test_puppet_already_there_pays_nothing() -> None:
    """If you build an igloo on a tile with another player's puppet on it, that player does not pay."""
    s = pos(current=WHITE, puppets={WHITE: "H5", ORANGE: "H5"})
    s = act(s, "build")
    assert C("H5") in s.igloos[WHITE] and s.pos[ORANGE] == C("H5") and s.finds[ORANGE] == (0, 0, 0)


# ----------------------------------------------------------------------------- searching


def test_search_a_cave() -> None:
    """2C Searching caves: on a mountain with a find, 2 steps; the find is kept."""
    s = pos(puppets={ORANGE: "H5"}, tiles={"H5": M}, cubes={"H5": B.TORCH})
    s2 = act(s, "search")
    assert s2.finds[ORANGE] == (0, 1, 0) and s2.cubes[C("H5")] == "."
    refused(pos(puppets={ORANGE: "H5"}, tiles={"H5": M}), "search", "no cave find")
    refused(pos(puppets={ORANGE: "H5"}), "search", "mountain")


def test_berries_give_two_steps_once() -> None:
    """Blue berries: 2 extra steps once; the cube goes out of the game."""
    s = pos(puppets={ORANGE: "H5"}, finds={ORANGE: (1, 0, 0)})
    s = act(s, "berries")
    assert s.steps == 4 and s.finds[ORANGE] == (0, 0, 0)
    refused(s, "berries", "no blueberries")


# ----------------------------------------------------------------------------- bears


def test_choose_puppet_or_bear() -> None:
    """2. After placing, choose puppet or bear (bear only with a bear in the game)."""
    s = act(pos(phase=PLACE, drawn=L, mode="", steps=0), "place H4")
    assert s.phase == ACT and s.mode == "puppet", "no bear in the game: the puppet plays"
    s = act(pos(phase=PLACE, drawn=L, mode="", steps=0, bears=("J5",)), "place H4")
    assert s.phase == CHOOSE
    b = act(s, "bear")
    assert b.mode == "bear" and b.bear_steps == 3


def test_bear_costs_and_limits() -> None:
    """A bear: 3 steps, ascend 2, descend 1; never 1 -> 3; never START, FINISH, igloo, bear."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("H5", "H3"),
        tiles={"H6": L, "I6": M, "G5": M},
        igloos={WHITE: ("I5",)},
    )
    s2 = act(s, "bear H5 S")
    assert s2.bear_steps == 1
    refused(s, "bear H5 NW", "level 1 to level 3")
    refused(s, "bear H5 NE", "igloo")
    refused(replace(s, bears=(C("H5"), C("H4"))), "bear H5 N", "two bears")
    s3 = pos(mode="bear", steps=0, bear_steps=3, bears=("K2",))
    refused(s3, "bear K2 NE", "start")


def test_bear_never_onto_own_puppet() -> None:
    """You are never allowed to walk onto or over a tile with your own puppet on it."""
    s = pos(mode="bear", steps=0, bear_steps=3, bears=("H5",), puppets={ORANGE: "H6"})
    refused(s, "bear H5 S", "your own puppet")


def test_bear_attack_sends_the_puppet_back_to_start() -> None:
    """Attacked by a bear: back to the start (the only choice here, so at once)."""
    s = pos(mode="bear", steps=0, bear_steps=3, bears=("H5",), puppets={WHITE: "H6"})
    s = act(s, "bear H5 S")
    assert s.pos[WHITE] == B.START and s.bears == (C("H6"),) and s.phase == ACT


def test_attacked_puppet_chooses_start_or_an_igloo_further_east() -> None:
    """Back means: an igloo in the same north-south row or one closer to the start."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("H5",),
        puppets={WHITE: "H6"},
        igloos={WHITE: ("J3", "C3"), BROWN: ("H8",), GREY: ("F2",)},
        finds={WHITE: (0, 0, 1)},
    )
    s = act(s, "bear H5 S")
    assert s.phase == FLEE and G.to_act(s) == frozenset({WHITE})
    options = {str(a) for a in G.legal_actions(s, WHITE) if not isinstance(a, Policy)}
    assert options == {"go start", "go J3", "go H8 pay rope"}
    refused(s, "go C3", "closer to the start")
    refused(s, "go H8", "pay")
    assert G.default_action(s, WHITE) == Go(C("J3")), "default: own igloo nearest FINISH"
    s2 = act(s, "go H8 pay rope")
    assert s2.pos[WHITE] == C("H8") and s2.finds[BROWN] == (0, 0, 1) and s2.phase == ACT


def test_attacked_east_of_start_may_go_back_to_an_igloo_in_starts_row() -> None:
    """Back means: "to an igloo on the same north-south row of hexagons as where you are when you
    are attacked, or to an igloo on a north-south row closer to the start tile". Column M lies
    east of START (L1): START's own row L is closer, row K is not."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("M3",),
        puppets={WHITE: "M4"},
        igloos={WHITE: ("L4", "K3"), BROWN: ("L6",)},
        finds={WHITE: (0, 0, 1)},
    )
    s = act(s, "bear M3 S")
    assert s.phase == FLEE and G.to_act(s) == frozenset({WHITE})
    options = {str(a) for a in G.legal_actions(s, WHITE) if not isinstance(a, Policy)}
    assert options == {"go start", "go L4", "go L6 pay rope"}
    refused(s, "go K3", "closer to the start")
    assert G.default_action(s, WHITE) == Go(C("L4")), "default: own igloo nearest FINISH"


def test_torch_first_puppet_protected_second_untouched() -> None:
    """Torch: bear to a puppet with a torch (used), then it would go on: it goes back, the walk
    ends, the second puppet remains out of harm's way."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("H4",),
        puppets={WHITE: "H5", BROWN: "H6"},
        finds={WHITE: (0, 1, 0)},
    )
    s = act(s, "bear H4 S")
    assert s.phase == TORCH and G.to_act(s) == frozenset({WHITE})
    assert G.default_action(s, WHITE) == TorchAnswer(True)
    s = act(s, "torch yes", seat=WHITE)
    assert s.bears == (C("H4"),) and s.pos[WHITE] == C("H5") and s.pos[BROWN] == C("H6")
    assert s.finds[WHITE] == (0, 0, 0)
    assert s.current == WHITE, "the walk is over, and with it orange's turn"


def test_torch_second_puppet_bear_goes_back_where_the_first_was_attacked() -> None:
    """Torch: first a puppet without a torch (not protected), then one with a torch who uses it:
    the bear goes back to where the first puppet was attacked."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("H4",),
        puppets={WHITE: "H5", BROWN: "H6"},
        finds={BROWN: (0, 1, 0), ORANGE: (1, 0, 0)},
    )
    s = act(s, "bear H4 S")
    assert s.pos[WHITE] == B.START
    s = act(s, "bear S")
    assert s.phase == TORCH and G.to_act(s) == frozenset({BROWN})
    s = act(s, "torch yes", seat=BROWN)
    assert s.bears == (C("H5"),) and s.pos[BROWN] == C("H6") and s.pos[WHITE] == B.START


def test_torch_return_that_blocks_the_last_road_goes_to_the_original_position() -> None:
    """Torch: if going back would block the only free route, the bear returns to its origin."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        tiles=WALL,
        bears=("F6",),
        puppets={WHITE: "D6"},
        finds={WHITE: (0, 1, 0), ORANGE: (1, 0, 0)},
    )
    s = act(s, "bear F6 NW")  # E6, the gap
    s = act(s, "bear SW")  # D6: white with a torch
    s = act(s, "torch yes", seat=WHITE)
    assert s.bears == (C("F6"),), "E6 would block the only road: back to where the walk started"


def test_torch_declined_or_never_means_the_attack_stands() -> None:
    """Torch: use is a choice (standing choice always / never / ask)."""
    base = pos(
        mode="bear", steps=0, bear_steps=3, bears=("H4",), puppets={WHITE: "H5"}, finds={WHITE: (0, 1, 0)}
    )
    s = act(act(base, "bear H4 S"), "torch no", seat=WHITE)
    assert s.pos[WHITE] == B.START and s.finds[WHITE] == (0, 1, 0)
    never = replace(base, policy=("ask", "never", "ask", "ask"))
    s = act(never, "bear H4 S")
    assert s.pos[WHITE] == B.START and s.phase == ACT
    always = replace(base, policy=("ask", "always", "ask", "ask"))
    s = act(always, "bear H4 S")
    assert s.pos[WHITE] == C("H5") and s.bears == (C("H4"),) and s.finds[WHITE] == (0, 0, 0)


def test_one_torch_protects_everyone_on_the_cell() -> None:
    """If the bear steps onto a space with several puppets, only 1 of them needs a torch."""
    s = pos(
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("H4",),
        puppets={WHITE: "H5", BROWN: "H5"},
        finds={WHITE: (0, 1, 0), BROWN: (0, 1, 0)},
    )
    s = act(s, "bear H4 S")
    assert G.to_act(s) == frozenset({WHITE, BROWN})
    s = act(s, "torch yes", seat=BROWN)
    assert s.pos[WHITE] == s.pos[BROWN] == C("H5") and s.finds[WHITE] == (0, 1, 0)


def test_torch_push_in_your_own_turn() -> None:
    """Torch in your own turn: step onto the bear and move it one space aside, for no steps."""
    s = pos(puppets={ORANGE: "H5"}, bears=("H6",), finds={ORANGE: (0, 1, 0)}, steps=2)
    refused(s, "torch S N", "the tile you came from")
    s2 = act(s, "torch S S")
    assert s2.pos[ORANGE] == C("H6") and s2.bears == (C("H7"),) and s2.steps == 1
    assert s2.finds[ORANGE] == (0, 0, 0)
    crowd = pos(puppets={ORANGE: "H5", WHITE: "H7"}, bears=("H6",), finds={ORANGE: (0, 1, 0)})
    refused(crowd, "torch S S", "no other player can be attacked")
    cliff = pos(puppets={ORANGE: "H5"}, bears=("H6",), finds={ORANGE: (0, 1, 0)}, tiles={"H7": M})
    refused(cliff, "torch S S", "level 1 to level 3")
    gap = pos(puppets={ORANGE: "F5"}, tiles=WALL, bears=("F6",), finds={ORANGE: (0, 1, 0)})
    refused(gap, "torch S NW", "(rule 1)")  # F6 NW is E6, the gap


def test_bear_drowns_in_fish_water_and_stays() -> None:
    """A bear walking onto water with fish stays there for the rest of the game."""
    s = pos(mode="bear", steps=0, bear_steps=3, bears=("H5",), tiles={"H6": F, "H4": W})
    refused(s, "bear H5 N", "water")
    s = act(s, "bear H5 S")
    assert s.bears == (C("H6"),)
    assert s.current != ORANGE, "the walk ends in the water and with it the turn"
    t = pos(phase=PLACE, drawn=L, mode="", bears=("H6",), tiles={"H6": F})
    t = act(t, "place C3")
    assert t.mode == "puppet", "a drowned bear never walks again: no bear choice"


def test_blueberries_in_a_bear_turn() -> None:
    """Exceptional situation: play with a bear and use blue cubes for the puppet, in blocks."""
    s = pos(
        mode="bear", steps=0, bear_steps=3, bears=("H5",), puppets={ORANGE: "C3"}, finds={ORANGE: (2, 0, 0)}
    )
    refused(s, "walk S", "only blueberries")
    s = act(s, "bear H5 S")
    s = act(s, "berries")  # ends the bear's walk
    assert s.steps == 2 and s.bear_done
    refused(s, "bear S", "finished its walk")
    s = act(s, "walk S")
    assert s.pos[ORANGE] == C("C4")
    # puppet first, then the bear: the puppet's steps are lost and it may not act again
    p = pos(
        mode="bear", steps=0, bear_steps=3, bears=("H5",), puppets={ORANGE: "C3"}, finds={ORANGE: (2, 0, 0)}
    )
    p = act(act(p, "berries"), "walk S")
    p = act(p, "bear H5 S")
    assert p.steps == 0
    refused(p, "berries", "separate blocks")
    refused(p, "walk S", "bear is walking")


# ----------------------------------------------------------------------------- endgame


def test_tiles_finished_no_placing_and_bears_do_not_walk() -> None:
    """Tiles finished: continue without placing; THE BEARS ARE NOT ALLOWED TO WALK ANYMORE."""
    s = pos(pile=(), bears=("H5",), finds={WHITE: (0, 1, 0)})
    s, _ = G._end_turn(s, [])
    assert s.current == WHITE and s.phase == ACT and s.mode == "puppet"
    refused(s, "bear H5 S", "puppet")


def test_tiles_finished_torch_still_moves_a_bear() -> None:
    """Tiles finished: a torch can still be used to move a bear one position."""
    s = pos(pile=(), puppets={ORANGE: "H4"}, bears=("H5",), finds={ORANGE: (0, 1, 0)})
    assert legal(s, "torch S S")


def test_a_round_without_progress_ends_the_game() -> None:
    """Ruling: when the tiles are finished, a full round without progress ends the game."""
    s = pos(players=3, pile=(), tiles={n: W for n in ("K1", "M1", "K2", "L2", "M2")})
    over = s
    for _ in range(10):
        if over.phase == OVER:
            break
        over = act(over, "end")
    assert over.phase == OVER and over.result == "stall"
    outcome = G.outcome(over)
    assert outcome is not None and outcome.winners == frozenset()


def test_first_on_finish_wins() -> None:
    """Endgame: the game ends as soon as one of the players reaches the village."""
    s = pos(puppets={ORANGE: "C9"}, tiles={"C9": L})
    s = act(s, "walk SW")
    assert s.phase == OVER
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == frozenset({0})


def test_play_on_for_second_place() -> None:
    """If you like, you can play on to see who will be number two."""
    s = pos(
        players=3, puppets={ORANGE: "C9", WHITE: "C9"}, tiles={"C9": L}, options=HikeOptions(play_on=True)
    )
    s = act(s, "walk SW")
    assert s.phase != OVER and s.finished == (ORANGE,)
    assert s.current == WHITE
    s = replace(s, phase=ACT, mode="puppet", steps=2, drawn="")
    s = act(s, "walk SW")
    assert s.phase == OVER and s.finished == (ORANGE, WHITE)
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == frozenset({0}) and "Then" in str(outcome.summary)


# ----------------------------------------------------------------------------- two players


def test_two_player_colours_work_together() -> None:
    """Two player game: your colours' igloos are free for each other and no blockade; a bear
    never attacks your other colour; cave finds are not shared."""
    s = pos(players=2, puppets={ORANGE: "H5"}, igloos={BROWN: ("H6",)})
    assert legal(s, "walk S")
    b = pos(players=2, mode="bear", steps=0, bear_steps=3, bears=("H5",), puppets={BROWN: "H6"})
    refused(b, "bear H5 S", "your own puppet")
    # rule 2 protects the other player only: orange may trap brown (the same player)
    t = pos(players=2, phase=PLACE, drawn=W, tiles=ONE_WAY, puppets={BROWN: "H8"})
    assert legal(t, "place H6")
    u = pos(players=2, phase=PLACE, drawn=W, tiles=ONE_WAY, puppets={WHITE: "H8"})
    refused(u, "place H6", "white", "(rule 2)")


# ----------------------------------------------------------------------------- shorter game


def test_shorter_game_finish_on_the_cross_and_fewer_tiles() -> None:
    """Shorter game: finish on the cross; 48 tiles (50 with five players); fewer black cubes."""
    s = G.new_game(3, HikeOptions(shorter_game=True), 4)
    assert s.finish == C("F7") and s.tiles[C("F7")] == L and s.tiles[C("B9")] == "."
    assert len(s.pile) + 1 == 48
    bag = [*s.bag, s.drawn_cube] if s.drawn_cube else list(s.bag)
    assert bag.count(B.EMPTY) == 0
    five = G.new_game(5, HikeOptions(shorter_game=True), 4)
    assert len(five.pile) + 1 == 50


def test_shorter_game_three_players_first_two_turns_only_place() -> None:
    """Shorter game, three players: in their first two turns players only place a tile."""
    s = G.new_game(3, HikeOptions(shorter_game=True), 4)
    first = s.current
    s = act(s, str(G.legal_actions(s, first)[0]))
    assert s.current != first and s.phase == PLACE


def test_shorter_game_igloo_west_of_finish() -> None:
    """Shorter game: the owner may always go back to an igloo west of the finish; another player
    only if the attack took place west of the finish tile."""
    opts = HikeOptions(shorter_game=True)
    s = pos(
        options=opts,
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("J5",),
        puppets={WHITE: "J6"},
        igloos={WHITE: ("C5",), BROWN: ("D5",)},
        finds={WHITE: (1, 0, 0)},
    )
    s = act(s, "bear J5 S")
    options = {str(a) for a in G.legal_actions(s, WHITE) if not isinstance(a, Policy)}
    assert options == {"go start", "go C5"}
    w = pos(
        options=opts,
        mode="bear",
        steps=0,
        bear_steps=3,
        bears=("C7",),
        puppets={WHITE: "C8"},
        igloos={BROWN: ("D5",)},
        finds={WHITE: (1, 0, 0)},
    )
    w = act(w, "bear C7 S")
    options = {str(a) for a in G.legal_actions(w, WHITE) if not isinstance(a, Policy)}
    assert options == {"go start", "go D5 pay berries"}


# ----------------------------------------------------------------------------- notation, views


def test_notation_round_trips_and_garbage_is_refused() -> None:
    for text in (
        "place C4",
        "puppet",
        "bear",
        "walk NE",
        "walk NE pay rope",
        "rope S",
        "torch NE SE",
        "build",
        "search",
        "berries",
        "end",
        "bear F5 NE",
        "bear NE",
        "torch yes",
        "torch no",
        "go start",
        "go C4 pay torch",
        "torches always",
    ):
        assert str(G.parse_action(text)) == text
    assert G.parse_action("  Walk   ne ") == Walk("NE")
    assert G.parse_action("go L1") == Go(B.START)
    for bad in ("walk E", "place Z9", "place", "jump", "walk NE pay gold", ""):
        with pytest.raises(InvalidAction):
            G.parse_action(bad)


def _random_states(n: int, seed: int, opts: HikeOptions | None = None) -> list[HikeState]:
    s = G.new_game(n, opts or HikeOptions(), seed)
    ch = random.Random(seed)
    out = [s]
    while G.to_act(s):
        seat = ch.choice(sorted(G.to_act(s)))
        s, _ = games.play(G, s, seat, ch.choice(list(G.legal_actions(s, seat))))
        out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 5])
def test_secrecy_pile_bag_and_drawn_tile(players: int) -> None:
    """The pile order and bag never show; the drawn tile shows only in the mover's view."""
    for s in _random_states(players, 11)[::3]:
        r = random.Random(s.step)
        other = replace(s, pile=tuple(r.sample(s.pile, len(s.pile))), bag=tuple(r.sample(s.bag, len(s.bag))))
        for seat in [None, *range(players)]:
            assert G.view(s, seat) == G.view(other, seat)
        if s.phase == PLACE:
            mover = s.current % players
            swapped = replace(s, drawn=W if s.drawn != W else L, drawn_cube="")
            for seat in [None, *range(players)]:
                if seat == mover:
                    assert G.view(s, seat) != G.view(swapped, seat)
                    assert G.view(s, seat).drawn
                else:
                    assert G.view(s, seat) == G.view(swapped, seat)
                    assert G.view(s, seat).drawn is None


def test_standing_torch_choice_is_private() -> None:
    s = G.new_game(3, HikeOptions(), 2)
    other = replace(s, policy=("ask", "always", "ask"))
    assert G.view(s, 0) == G.view(other, 0) and G.view(s, None) == G.view(other, None)
    assert G.view(other, 1).torch_policy == "always"


def test_placement_menu_is_fast() -> None:
    """Performance: legal_actions for a placement under 5 ms median (bench prints figures)."""
    times = []
    for seed in (1, 2):
        for s in _random_states(4, seed):
            if s.phase == PLACE:
                t0 = time.perf_counter()
                G.legal_actions(s, s.current % 4)
                times.append(time.perf_counter() - t0)
    assert statistics.median(times) < 0.005


def test_default_actions_are_legal() -> None:
    for s in _random_states(4, 5)[::2]:
        for seat in G.to_act(s):
            G.check(s, seat, G.default_action(s, seat))


def test_retire_mid_game_keeps_going_and_last_one_wins() -> None:
    s = G.new_game(3, HikeOptions(), 9)
    s, _ = G.retire(s, s.current)
    assert G.to_act(s) and s.phase in (PLACE, CHOOSE, ACT)
    remaining = sorted(set(range(3)) - s.retired)
    s, _ = G.retire(s, remaining[0])
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == frozenset({remaining[1]})


def test_end_turn_moves_to_next_colour_and_draws() -> None:
    s = pos(players=3)
    s = act(s, "end")
    assert s.current == WHITE and s.phase == PLACE and s.drawn


def test_mover_leaving_during_a_torch_question_sends_the_bear_back() -> None:
    s = pos(
        mode="bear", steps=0, bear_steps=3, bears=("H4",), puppets={WHITE: "H5"}, finds={WHITE: (0, 1, 0)}
    )
    s = act(s, "bear H4 S")
    assert s.phase == TORCH
    s, _ = G.retire(s, ORANGE)
    assert s.bears == (C("H4"),) and s.pos[WHITE] == C("H5") and s.finds[WHITE] == (0, 1, 0)
    assert s.current == WHITE


def test_standing_choice_is_set_by_an_action() -> None:
    s = pos()
    s2 = act(s, "torches always")
    assert s2.policy[ORANGE] == "always" and G.to_act(s2) == G.to_act(s)
    refused(s2, "torches always", "already")


def _brute_force_placements(s: HikeState) -> list[int]:
    """Rules 1 and 2 by one full road search per candidate (the slow, obvious way)."""
    from games.ice_hike.blockade import find_road, terrain

    level, water = terrain(s.tiles)
    igloo = {x: c for c, cells in enumerate(s.igloos) for x in cells}
    n = len(s.pos)
    seat = s.current % s.players
    out = []
    for x in range(B.NCELLS):
        if B.KIND[x] != B.FULL or x in (B.START, s.finish) or s.tiles[x] != B.NO_TILE:
            continue
        if x in igloo or x in s.bears or any(s.pos[a] == x for a in range(n) if s.pos[a] >= 0):
            continue
        new_level = list(level)
        new_level[x] = B.TILE_LEVEL[s.drawn]
        bear = s.drawn == M and s.drawn_cube == B.BEAR_CUBE and len(s.bears) < B.BEARS_IN_BOX

        def open_cells(
            colour: int, lv: list[int], x_closed: bool, x: int = x, bear: bool = bear
        ) -> list[bool]:
            team = {c for c in range(n) if c % s.players == colour % s.players}
            cells = [not w for w in water]
            for c, who in igloo.items():
                if colour < 0 or who not in team:
                    cells[c] = False
            if colour < 0:
                for b in s.bears:
                    cells[b] = False
                if bear:
                    cells[x] = False
            if x_closed:
                cells[x] = False
            return cells

        closed = s.drawn in (W, F)
        ok = find_road(new_level, open_cells(-1, new_level, closed), B.START, s.finish) is not None
        for a in range(n):
            if not ok:
                break
            if s.pos[a] < 0 or a % s.players == seat or a in s.finished or (a % s.players) in s.retired:
                continue
            if find_road(level, open_cells(a, level, False), s.pos[a], s.finish) is None:
                continue  # rule 3: it has no road now, so it is not protected
            ok = find_road(new_level, open_cells(a, new_level, closed), s.pos[a], s.finish) is not None
        if ok:
            out.append(x)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (5, 23)])
def test_fast_blockade_checks_agree_with_a_full_search(players: int, seed: int) -> None:
    """How the checks are computed (witness roads) gives the same menu as one search per cell."""
    checked = 0
    for s in _random_states(players, seed):
        if s.phase == PLACE:
            assert G._placements(s) == _brute_force_placements(s)
            checked += 1
    assert checked > 20


# ----------------------------------------------------------------------------- in other languages


def test_a_walk_paying_an_igloo_toll_is_told_in_dutch_and_french_with_the_names() -> None:
    """The narration is a saying: each language tells it with the players' names, its own words
    for the colours and the cube, and the cell and direction as typed."""
    s = pos(players=3, puppets={ORANGE: "G5"}, igloos={WHITE: ("G6",)}, finds={ORANGE: (0, 1, 0)})
    _, events = games.play(G, s, 0, G.parse_action("walk S pay torch"))
    walk = next(e for e in events if e.kind == "walk")
    names = ["Ann", "Bo", "Cy"]
    english = tell(walk.text, names)
    assert english == "Ann (orange) walks S to G6, paying white a red cube."
    dutch = tell(walk.text, names, language("nl"))
    french = tell(walk.text, names, language("fr"))
    assert dutch == "Ann (oranje) loopt naar G6 (S) en betaalt wit een rood blokje."
    assert french == "Ann (orange) marche jusqu'en G6 (S) et paie un cube rouge au joueur blanc."
    assert english not in (dutch, french)


def test_a_refusal_is_told_in_german() -> None:
    s = pos(players=3, puppets={ORANGE: "G5"}, igloos={WHITE: ("G6",)}, finds={ORANGE: (0, 1, 0)})
    with pytest.raises(IllegalAction) as refusal:
        games.play(G, s, 0, G.parse_action("walk S"))
    assert str(refusal.value) == "G6 is white's igloo: say which find you pay (pay torch)"
    german = tell(refusal.value.said, [], language("de"))
    assert german == "G6 ist ein Iglu von Weiß: sag, mit welchem Höhlenfund du zahlst (pay torch)"
    with pytest.raises(InvalidAction) as typo:
        G.parse_action("walk up")
    assert (
        tell(typo.value.said, [], language("de")) == "'up' ist keine Richtung: nimm N, NE, SE, S, SW oder NW"
    )
