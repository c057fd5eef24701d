"""Ice Team rules, one test per rulebook clause (``seeds/ice-team.txt``), positions built directly.

Geometry reminder (see the module docstring): a cell is column A-L (along the course) and row
1-3; from C2 the neighbours are C1 (N), D1 (NE), D2 (SE), C3 (S), B3 (SW), B2 (NW).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

import games
from bot.core.languages import language
from games import GameError, InvalidAction
from games.ice_team import ICE_TEAM
from games.ice_team.actions import LEAP, WALK, Die, End, Move, Shift
from games.ice_team.board import (
    FINISH,
    IGLOO,
    PAWS,
    PLAIN,
    SEA,
    SEA_ICE,
    SEARCHED,
    SHIFTING,
    START,
    STEAL,
    TILES,
    layouts,
)
from games.ice_team.state import MOVE, OVER, PAWS_PHASE, SHIFT, VILLAGE
from games.words import tell
from tests.support.ice_team import act, act_events, blocking_position, cell, make, pos, refused, seed_rolling

G = ICE_TEAM


# ----------------------------------------------------------------------------- setup


def test_setup_course_of_four_boards_with_igloos_blanks_and_24_tiles() -> None:
    """Setup 1-4: four course boards, 8 igloos with a fish, the blank spaces, 24 sea-ice tiles
    with a random side up; bears on START (setup 6)."""
    for seed in range(30):
        s = G.new_game(2, G.options(), seed)
        counts = Counter(s.cells)
        assert counts[IGLOO] == 8 and counts[SEA] == 4
        assert sum(counts[c] for c in SEA_ICE) == 24
        assert sorted(b.rstrip("'") for b in s.boards) == ["A", "B", "C", "D"]
        assert s.bears == ((START,) * 4, (START,) * 4)
        # every face shown is a side of some tile
        faces = {side for sides, _ in TILES for side in sides}
        assert set(s.cells) <= faces | {IGLOO, SEA}


def test_setup_no_igloo_touches_start_and_layouts_vary() -> None:
    """Setup 2: the Start Board is not directly connected to an Igloo space."""
    seen = set()
    for seed in range(40):
        s = G.new_game(2, G.options(), seed)
        assert all(cell(s, f"A{r}") != IGLOO for r in (1, 2, 3))
        seen.add(s.boards)
    assert len(seen) > 1
    assert layouts() and all(b[0] in ("B'", "D") for b in layouts())


def test_setup_tiles_are_shuffled_and_sides_random() -> None:
    """Setup 3: shuffled tiles, random side up (the same seed gives the same course)."""
    courses = {G.new_game(2, G.options(), seed).cells for seed in range(10)}
    assert len(courses) == 10
    assert G.new_game(2, G.options(), 7) == G.new_game(2, G.options(), 7)


# ----------------------------------------------------------------------------- turns


def test_first_turn_has_one_action_then_two() -> None:
    """How to play: 2 actions a turn, except the first player's first turn (1 action)."""
    s = G.new_game(2, G.options(), 3)
    first = s.current
    assert s.actions_left == 1
    s = act(s, str(G.legal_actions(s, first)[0]))
    assert s.current == 1 - first and s.actions_left == 2
    s = act(s, str(G.legal_actions(s, s.current)[0]))
    assert s.current == 1 - first and s.actions_left == 1


def test_two_actions_may_use_the_same_bear() -> None:
    """How to play: the 2 actions may involve the same bear."""
    s = make(mine=("A2", "start", "start", "start"))
    s = act(s, "walk 1 B2")
    assert s.current == 0 and s.actions_left == 1
    s = act(s, "walk 1 C2")
    assert s.bears[0][0] == pos("C2") and s.current == 1


# ----------------------------------------------------------------------------- walking


def test_walking_to_a_free_adjacent_tile() -> None:
    """1 - Walking: any free adjacent sea ice / igloo tile."""
    s = make(
        mine=("C2", "start", "start", "start"), theirs=("D2", "start", "start", "start"), cells={"C3": SEA}
    )
    walks = {str(a) for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.kind == WALK and a.bear == 0}
    assert walks == {"walk 1 C1", "walk 1 D1", "walk 1 B3", "walk 1 B2"}
    refused(s, "walk 1 D2", "already a bear on D2")
    refused(s, "walk 1 C3", "open sea")
    refused(s, "walk 1 E2", "not next to bear 1")


def test_start_is_adjacent_to_column_a_and_never_reentered() -> None:
    """Important note: START is one space with no bear limit, adjacent to its connected tiles;
    ruling: bears never go back to START."""
    s = make(mine=("A2", "start", "start", "start"), theirs=("A1", "start", "start", "start"))
    targets = {str(a) for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.bear == 1}
    assert {"walk 2 A3"} <= targets and "walk 2 A1" not in targets
    refused(s, "walk 1 start", "never go back to the Start")
    s = act(s, "walk 2 A3")
    assert s.bears[0].count(START) == 2


def test_finish_takes_any_number_of_bears_and_they_never_move_again() -> None:
    """Important note: FINISH has no bear limit; ruling: bears on FINISH never move again."""
    s = make(mine=("finish", "L1", "start", "start"), theirs=("finish", "start", "start", "start"))
    assert Move(1, WALK, (FINISH,)) in G.legal_actions(s, 0)
    assert not [a for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.bear == 0]
    refused(s, "walk 1 L2", "does not move again")
    s = act(s, "walk 2 finish")
    assert s.phase == VILLAGE and s.bears[0][:2] == (FINISH, FINISH)


# ----------------------------------------------------------------------------- leapbearing


def test_leap_chain_may_change_direction_and_only_the_final_tile_counts() -> None:
    """1 - Leapbearing: several leaps in one action, any direction; ignore every tile effect
    until the bear ends its move (the igloo passed on C3 is not searched)."""
    s = make(
        mine=("A3", "start", "start", "start"),
        theirs=("B3", "C2", "D1", "start"),
        cells={"C3": IGLOO, "E1": "2"},
        fish=((3, 0), (0, 0)),
    )
    leaps = [a for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.kind == LEAP]
    assert Move(0, LEAP, (pos("C3"), pos("C1"), pos("E1"))) in leaps  # SE, then N, then SE
    label = next(str(a.label) for a in leaps if a.path[-1] == pos("E1"))
    assert label == "Bear 1 leaps to E1 via C3, C1 (2 penguins)"
    s = act(s, "leap 1 C3 C1 E1")
    assert s.bears[0][0] == pos("E1")
    assert cell(s, "C3") == IGLOO  # passed over: no search
    assert s.fish[0] == (1, 2)  # the final tile: 2 penguins froze 2 fish
    assert s.last == tuple(pos(n) for n in ("A3", "C3", "C1", "E1"))


def test_a_leap_chain_is_optional_and_stops_anywhere() -> None:
    """1 - Leapbearing: several leaps are not mandatory."""
    s = make(mine=("A3", "start", "start", "start"), theirs=("B3", "C2", "D1", "start"))
    assert Move(0, LEAP, (pos("C3"),)) in G.legal_actions(s, 0)
    s = act(s, "leap 1 C3")
    assert s.bears[0][0] == pos("C3")


def test_leap_goes_over_exactly_one_adjacent_bear_to_a_free_tile() -> None:
    """1 - Leapbearing: over a bear, to land on a free tile."""
    s = make(mine=("A2", "start", "start", "start"), theirs=("B2", "C2", "start", "start"), cells={"D2": SEA})
    refused(s, "leap 1 C2", "already a bear on C2")
    refused(s, "leap 1 D2", "not a leap")  # two bears in a row cannot be leapt
    s2 = make(
        mine=("A2", "start", "start", "start"), theirs=("B2", "start", "start", "start"), cells={"C2": SEA}
    )
    refused(s2, "leap 1 C2", "open sea")
    s3 = make(mine=("A2", "start", "start", "start"))
    refused(s3, "leap 1 C2", "not a leap")


def test_leap_from_start_and_onto_finish() -> None:
    """Leapbearing from START over a bear on column A, and onto FINISH over column L."""
    s = make(theirs=("A2", "start", "start", "start"))
    targets = {
        a.path for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.kind == LEAP and a.bear == 0
    }
    assert targets == {(pos("B2"),), (pos("B1"),)}
    s = make(mine=("K2", "start", "start", "start"), theirs=("L2", "start", "start", "start"))
    s = act(s, "leap 1 finish")
    assert s.bears[0][0] == FINISH and s.phase == VILLAGE


# ----------------------------------------------------------------------------- swimming


def test_swim_in_a_straight_line_over_empty_sea_to_the_first_tile() -> None:
    """1 - Swimming: crossing one or several sea spaces until it reaches a free tile."""
    s = make(mine=("A2", "start", "start", "start"), cells={"B2": SEA, "C2": SEA, "D2": "3", "B1": SEA})
    swims = {str(a) for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.kind == "swim"}
    assert swims == {"swim 1 D2"}  # NE over B1 leaves the course: no swim
    s = act(s, "swim 1 D2")
    assert s.bears[0][0] == pos("D2") and s.last == tuple(pos(n) for n in ("A2", "B2", "C2", "D2"))
    refused(make(mine=("A2", "start", "start", "start"), cells={"B2": SEA}), "swim 1 D2", "no straight line")


def test_swim_that_would_end_on_an_occupied_tile_is_illegal() -> None:
    """1 - Swimming + Important note: never more than one bear on a tile."""
    s = make(
        mine=("A2", "start", "start", "start"), theirs=("C2", "start", "start", "start"), cells={"B2": SEA}
    )
    refused(s, "swim 1 C2", "where there is a bear", "must be free")
    refused(s, "swim 1 D2", "no straight line")  # a swim stops at the first tile
    assert not [a for a in G.legal_actions(s, 0) if isinstance(a, Move) and a.kind == "swim" and a.bear == 0]


def test_swim_onto_finish_and_move_alias() -> None:
    """Swimming reaches FINISH over sea; ``move`` is a walk or a swim by distance."""
    s = make(mine=("J1", "K2", "start", "start"), cells={"K1": SEA, "L1": SEA, "L2": SEA})
    assert Move(0, "swim", (FINISH,)) in G.legal_actions(s, 0)
    s2 = act(s, "move 2 K3")  # adjacent: a walk
    assert s2.bears[0][1] == pos("K3") and s2.last == (pos("K2"), pos("K3"))
    s3 = act(s, "move 2 finish")  # over L2: a swim
    assert s3.bears[0][1] == FINISH and s3.last in {(pos("K2"), pos(c), FINISH) for c in ("L1", "L2")}


# ----------------------------------------------------------------------------- thin ice


def test_thin_ice_is_removed_after_the_move_before_the_landing_effect() -> None:
    """THIN ICE: the cracked starting tile is removed once the bear completed its move; the
    shifting tile reached can then shift into the space it left (only empty sea there)."""
    s = make(mine=("C2", "start", "start", "start"), cells={"C2": "C", "D2": SHIFTING})
    s = act(s, "walk 1 D2")
    assert cell(s, "C2") == SEA
    assert s.phase == SHIFT
    assert list(G.legal_actions(s, 0)) == [Shift(False, to=pos("C2"))]


def test_cracked_tiles_passed_over_stay() -> None:
    """THIN ICE: cracked tiles the bear passes through when moving stay."""
    s = make(
        mine=("A3", "start", "start", "start"),
        theirs=("B3", "C2", "start", "start"),
        cells={"A3": PLAIN, "C3": "C"},
    )
    s = act(s, "leap 1 C3 C1")
    assert cell(s, "C3") == "C" and cell(s, "A3") == PLAIN


# ----------------------------------------------------------------------------- bear paws


def test_bear_paws_extra_action_chains_and_tiles_break() -> None:
    """Bear paws: an extra action with the same bear; paws tiles are cracked (removed when
    left); a bear ending its extra move on bear paws gains another."""
    s = make(mine=("A2", "A1", "start", "start"), cells={"B2": PAWS, "C2": PAWS})
    s = act(s, "walk 1 B2")
    assert s.phase == PAWS_PHASE and s.actions_left == 1
    assert End() in G.legal_actions(s, 0)
    assert all(a.bear == 0 for a in G.legal_actions(s, 0) if isinstance(a, Move))
    refused(s, "walk 2 B1", "same bear")
    s = act(s, "walk 1 C2")
    assert cell(s, "B2") == SEA and s.phase == PAWS_PHASE and s.actions_left == 1
    s = act(s, "end")
    assert cell(s, "C2") == PAWS and s.phase == MOVE and s.actions_left == 1 and s.current == 0


def test_bear_paws_extra_action_is_optional_and_skipped_when_impossible() -> None:
    """Bear paws: "you may" take an extra action; a bear that cannot move gets none."""
    s = make(mine=("A2", "start", "start", "start"), cells={"B2": PAWS}, actions_left=1)
    s = act(s, "walk 1 B2")
    s = act(s, "end")
    assert s.current == 1
    # B1 (cracked) -> B2 (bear paws) on open sea: B1 breaks away, and every line from B2 runs off
    # the board, back to START, or to the occupied L2, so bear 1 cannot take its extra action
    boxed = make(
        mine=("B1", "start", "start", "start"),
        theirs=("L2", "start", "start", "start"),
        cells={"B1": "C", "B2": PAWS, "L2": PLAIN},
        fill=SEA,
        actions_left=1,
    )
    s, events = act_events(boxed, "walk 1 B2")
    assert s.phase == MOVE and s.current == 1
    assert any("cannot move again" in str(e.text) for e in events)


# ----------------------------------------------------------------------------- igloos


def test_igloo_search_gives_a_fish_and_extra_fish_by_the_die() -> None:
    """Igloo tile, unsearched: collect its fish, roll the die: find extra fish."""
    seed = seed_rolling(10, ("3",))
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": IGLOO}, seed=seed)
    s = act(s, "walk 1 C2")
    assert cell(s, "C2") == SEARCHED and s.dice == ("3",) and s.fish[0] == (4, 0)


def test_searched_igloo_gives_nothing() -> None:
    """Igloo tile, searched: no fish, no roll."""
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": SEARCHED}, fish=((2, 0), (2, 0)))
    s = act(s, "walk 1 C2")
    assert s.fish == ((2, 0), (2, 0)) and s.dice == ()


def test_steal_with_only_one_fresh_fish() -> None:
    """Igloo die, steal: "If they only have 1 Fresh Fish, you just steal that Fish"."""
    seed = seed_rolling(10, (STEAL,))
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": IGLOO}, seed=seed, fish=((0, 0), (1, 3)))
    s = act(s, "walk 1 C2")
    assert s.fish == ((2, 0), (0, 3))


def test_steal_takes_at_most_two_fresh_fish() -> None:
    """Igloo die: steal up to 2 fresh fish."""
    seed = seed_rolling(10, (STEAL,))
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": IGLOO}, seed=seed, fish=((0, 0), (5, 0)))
    s = act(s, "walk 1 C2")
    assert s.fish == ((3, 0), (3, 0))


def test_frozen_fish_cannot_be_stolen() -> None:
    """Penguin tiles: your frozen fish cannot be stolen."""
    seed = seed_rolling(10, (STEAL,))
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": IGLOO}, seed=seed, fish=((0, 0), (0, 4)))
    s = act(s, "walk 1 C2")
    assert s.fish == ((1, 0), (0, 4))


# ----------------------------------------------------------------------------- penguins


def test_penguins_freeze_one_fish_each() -> None:
    """Penguin tiles: each penguin flips one fish to its frozen side (no more than you have)."""
    s = make(mine=("C1", "D1", "start", "start"), cells={"C2": "2", "E1": "3"}, fish=((3, 0), (0, 0)))
    s = act(s, "walk 1 C2")
    assert s.fish[0] == (1, 2)
    s = act(s, "walk 2 E1")
    assert s.fish[0] == (0, 3)


def test_penguins_with_no_fresh_fish_to_freeze_say_so_instead_of_freezing_none() -> None:
    """Penguin tiles: with no fresh fish, nothing is frozen, and the narration says why."""
    s = make(mine=("C1", "start", "start", "start"), cells={"C2": "2"}, fish=((0, 1), (0, 0)))
    s, events = act_events(s, "walk 1 C2")
    told = [tell(e.text, ("Ann", "Bo")) for e in events]
    assert s.fish[0] == (0, 1)
    assert "Ann has no fresh fish for the penguins to freeze." in told
    assert not any("freeze 0" in line for line in told)


# ----------------------------------------------------------------------------- shifting


def test_simple_shift_through_connected_empty_sea_only() -> None:
    """Shifting tiles, simple shifting: to an empty sea space connected to the starting space
    by an uninterrupted chain of empty sea spaces."""
    s = make(mine=("C2", "start", "start", "start"), cells={"D2": SHIFTING, "E2": SEA, "F2": SEA, "H2": SEA})
    s = act(s, "walk 1 D2")
    simple = {str(a) for a in G.legal_actions(s, 0) if isinstance(a, Shift) and not a.block}
    assert simple == {"shift simple E2", "shift simple F2"}
    refused(s, "shift simple H2", "uninterrupted chain")
    refused(s, "end", "must shift")
    s = act(s, "shift simple F2")
    assert cell(s, "F2") == SHIFTING and cell(s, "D2") == SEA and s.bears[0][0] == pos("F2")


def test_block_shift_pushes_tiles_with_their_bears() -> None:
    """Shifting tiles, block shifting: in the bear's moving direction, pushing the tiles before
    it, along several spaces."""
    s = make(
        mine=("C2", "start", "start", "start"),
        theirs=("E2", "start", "start", "start"),
        cells={"D2": SHIFTING, "E2": "2", "F2": SEA, "G2": SEA},
    )
    s = act(s, "walk 1 D2")
    blocks = [str(a) for a in G.legal_actions(s, 0) if isinstance(a, Shift) and a.block]
    assert blocks == ["shift block E2", "shift block F2"]
    labels = [str(a.label) for a in G.legal_actions(s, 0) if isinstance(a, Shift)]
    assert labels == [
        "Push the ice: the shifting tile goes to E2 (pushing 1 tile)",
        "Push the ice: the shifting tile goes to F2 (pushing 1 tile)",
    ]
    refused(s, "shift block E1", "must match the bear's moving direction")
    refused(s, "shift block G2", "out of the board")
    s = act(s, "shift block F2")
    assert (
        cell(s, "F2") == SHIFTING and cell(s, "G2") == "2" and cell(s, "D2") == SEA and cell(s, "E2") == SEA
    )
    assert s.bears[0][0] == pos("F2") and s.bears[1][0] == pos("G2")


def test_block_shift_off_the_board_is_illegal() -> None:
    """Block shifting: as long as no tile is pushed out of the board."""
    s = make(mine=("J2", "start", "start", "start"), cells={"K2": SHIFTING, "K1": SEA})
    s = act(s, "walk 1 K2")
    refused(s, "shift block L2", "out of the board")
    assert not [a for a in G.legal_actions(s, 0) if isinstance(a, Shift) and a.block]


def test_igloos_are_walls_for_block_shifting() -> None:
    """Ruling: igloos never move, so a block stops against them."""
    s = make(mine=("C2", "start", "start", "start"), cells={"D2": SHIFTING, "E2": IGLOO, "D1": SEA})
    s = act(s, "walk 1 D2")
    refused(s, "shift block E2", "igloo")


def test_shifting_tile_that_cannot_move_is_ignored() -> None:
    """Shifting tiles: if the shifting tile cannot move, ignore the effect."""
    s = make(mine=("C2", "start", "start", "start"), cells={"D2": SHIFTING}, actions_left=1)
    s, events = act_events(s, "walk 1 D2")
    assert s.phase == MOVE and s.current == 1
    assert any("cannot move" in str(e.text) for e in events)


# ----------------------------------------------------------------------------- village and end


def test_village_rolls_both_dice_and_the_player_chooses_one() -> None:
    """Finish board: roll both dice, choose one of them, apply its effect."""
    seed = seed_rolling(10, ("1", "3"))
    s = make(mine=("L2", "start", "start", "start"), seed=seed, fish=((0, 0), (4, 0)))
    s = act(s, "walk 1 finish")
    assert s.phase == VILLAGE and s.dice == ("1", "3")
    assert list(G.legal_actions(s, 0)) == [Die("1"), Die("3")]
    refused(s, "die steal", "choose one of them")
    refused(s, "walk 2 A1", "choose one of the two dice")
    s = act(s, "die 3")
    assert s.fish[0] == (3, 0) and s.phase == MOVE and s.actions_left == 1


def test_the_game_ends_when_the_fourth_bear_completes_its_action() -> None:
    """End of the game: the 4th bear on FINISH completes its action (both dice, one chosen),
    then the game is over even with an action left."""
    seed = seed_rolling(10, ("2", STEAL))
    s = make(mine=("finish", "finish", "finish", "L1"), seed=seed, fish=((1, 0), (4, 0)))
    s = act(s, "walk 4 finish")
    assert s.phase == VILLAGE and G.to_act(s) == {0} and G.outcome(s) is None
    s = act(s, "die steal")
    assert s.phase == OVER and G.to_act(s) == frozenset()
    outcome = G.outcome(s)
    assert outcome is not None and outcome.scores == (3, 2) and outcome.winners == {0}


def test_most_fish_wins_counting_fresh_and_frozen() -> None:
    """End of the game: count all fish (fresh and frozen); the most fish wins."""
    seed = seed_rolling(10, ("1", "1"))
    s = make(mine=("finish", "finish", "finish", "L1"), seed=seed, fish=((1, 0), (2, 3)))
    s = act(act(s, "walk 4 finish"), "die 1")
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == {1} and outcome.scores == (2, 5)


def test_tie_goes_to_the_player_with_four_bears_on_finish() -> None:
    """End of the game: on a tie, the player that brought their four bears wins."""
    seed = seed_rolling(10, ("2", "2"))
    s = make(mine=("finish", "finish", "finish", "L1"), seed=seed, fish=((1, 2), (3, 2)))
    s = act(act(s, "walk 4 finish"), "die 2")
    outcome = G.outcome(s)
    assert outcome is not None and outcome.scores == (5, 5) and outcome.winners == {0}
    assert str(outcome.summary) == "{0} wins: 5 fish each, and four bears at the Finish first."


# ----------------------------------------------------------------------------- blocked


def test_the_blocked_player_loses() -> None:
    """Fishy question: a player who cannot move any bear on their turn loses at once."""
    s = blocking_position()
    s, events = act_events(s, "walk 4 E2")
    assert s.phase == OVER and s.loser == 0
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == {1}
    assert any(e.kind == "blocked" for e in events)


def test_no_move_for_the_second_action_ends_the_turn() -> None:
    """Ruling: a player who cannot move for the second action of a turn just ends the turn."""
    seed = seed_rolling(10, ("1", "2"))
    s = make(
        mine=("start", "start", "start", "L2"),
        theirs=("B1", "B2", "B3", "D2"),
        cells={"A1": SEA, "A2": SEA, "A3": SEA},
        seed=seed,
    )
    s = act(act(s, "walk 4 finish"), "die 2")
    assert s.phase == MOVE and s.current == 1 and s.actions_left == 2


# ----------------------------------------------------------------------------- notation, views


def test_notation_round_trips_and_garbage_is_refused() -> None:
    """Notation: str(action) parses back; forgiving case and spacing; helpful errors."""
    for text in (
        "walk 2 C2",
        "swim 1 F2",
        "leap 3 C3 C1 E1",
        "walk 4 finish",
        "shift simple D2",
        "shift block F2",
        "die 3",
        "die steal",
        "end",
    ):
        assert str(G.parse_action(text)) == text
    assert G.parse_action("  WALK 2 c2 ") == G.parse_action("walk 2 C2")
    assert G.parse_action("shift d2") == Shift(False, to=pos("D2"))
    assert G.parse_action("skip") == End()
    for bad in (
        "",
        "walk 9 C2",
        "walk 2 Z9",
        "walk 2 C2 D2",
        "die 7",
        "shift block XX",
        "shift block D2 E2",
        "dance",
    ):
        with pytest.raises(InvalidAction):
            G.parse_action(bad)


def test_labels_name_the_move_and_the_tile() -> None:
    """Actions carry a label for buttons and menus."""
    s = make(mine=("A2", "start", "start", "start"), cells={"B2": "2", "B1": IGLOO})
    labels = {str(a.label) for a in G.legal_actions(s, 0) if isinstance(a, Move)}
    assert "Bear 1 walks to B2 (2 penguins)" in labels
    assert "Bear 1 walks to B1 (igloo: fish and a roll)" in labels
    assert str(Die(STEAL).label) == "Steal up to 2 fresh fish"


def test_views_hold_no_seed_and_differ_only_by_what_is_public() -> None:
    """Secrecy: Ice Team hides only the future dice; views never carry the seed, and two
    states differing only in seed give equal views, over random playouts."""
    for seed in (123456789, 987654321):
        state = G.new_game(2, G.options(), seed)
        chooser = random.Random(seed)
        for _ in range(200):
            if not G.to_act(state):
                break
            twin = replace(state, seed=seed + 1)
            for seat in (None, 0, 1):
                v = G.view(state, seat)
                assert str(seed) not in repr(v)
                assert v == G.view(twin, seat)
            seat = state.current
            state = act(state, str(chooser.choice(list(G.legal_actions(state, seat)))), seat)


def test_dice_come_from_the_seed_so_games_replay() -> None:
    """Randomness: the same seed and moves give the same dice and the same game."""
    seed = 42
    a = G.new_game(2, G.options(), seed)
    b = G.new_game(2, G.options(), seed)
    chooser = random.Random(1)
    while G.to_act(a):
        action = chooser.choice(list(G.legal_actions(a, a.current)))
        a, ea = games.play(G, a, a.current, action)
        b, eb = games.play(G, b, b.current, action)
        assert ea == eb
    assert a == b


def test_resigning_hands_the_win_to_the_other_player() -> None:
    """Retire: with two players the other wins at once."""
    s = make()
    s, events = G.retire(s, 0)
    outcome = G.outcome(s)
    assert outcome is not None and outcome.winners == {1} and events
    with pytest.raises(GameError):
        games.play(G, s, 1, End())


def test_round_trip_of_a_built_position() -> None:
    s = act(make(mine=("C2", "start", "start", "start"), cells={"D2": SHIFTING, "E2": SEA}), "walk 1 D2")
    assert G.from_dict(G.to_dict(s)) == s


def test_default_action_declines_paws_and_keeps_the_first_die() -> None:
    """Deadline defaults: no extra action; the first die rolled; else the first legal action."""
    s = act(make(mine=("A2", "start", "start", "start"), cells={"B2": PAWS}), "walk 1 B2")
    assert G.default_action(s, 0) == End()
    seed = seed_rolling(10, ("3", "1"))
    s = act(make(mine=("L2", "start", "start", "start"), seed=seed), "walk 1 finish")
    assert G.default_action(s, 0) == Die("3")
    s = make()
    assert G.default_action(s, 0) == G.legal_actions(s, 0)[0]


# ----------------------------------------------------------------------------- languages


def test_a_move_is_told_in_dutch_and_french_and_a_refusal_in_german() -> None:
    """What the rules say is told in the reader's language, with the players' names; the cells
    (notation) stay as they are."""
    names = ["Ann", "Bo"]
    s = make(mine=("A2", "start", "start", "start"), cells={"B2": "2"}, fish=((3, 0), (0, 0)))
    _, events = act_events(s, "walk 1 B2")
    english = [tell(e.text, names) for e in events]
    assert english == ["Ann's bear 1 walks from A2 to B2.", "The penguins freeze 2 of Ann's fish."]
    dutch = [tell(e.text, names, language("nl")) for e in events]
    assert dutch == ["Beer 1 van Ann loopt van A2 naar B2.", "De pinguïns vriezen 2 vissen van Ann in."]
    french = [tell(e.text, names, language("fr")) for e in events]
    assert french == ["Ann : l'ours 1 marche de A2 vers B2.", "Ann : les manchots congèlent 2 poissons."]

    with pytest.raises(GameError) as err:
        games.play(G, s, 0, G.parse_action("walk 1 D2"))
    german = tell(err.value.said, names, language("de"))
    assert str(err.value) == "D2 is not next to bear 1: walking goes to an adjacent tile"
    assert german == "D2 liegt nicht neben Bär 1: Beim Gehen geht es auf ein benachbartes Plättchen"
