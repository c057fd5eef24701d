"""Thin Ice rules, one test per rulebook clause and per event card (seeds/thin-ice.txt).

Positions are built directly with :func:`make` from a small picture of the field:
``.`` sea, ``i`` ice, ``c`` cracked ice, ``x`` ice whose back is a Killer Whale, ``w`` Killer
Whale, ``q`` ice whose back is perma-ice, ``p`` perma-ice, ``h`` ice hole, ``H`` cracked hole,
``k`` Kraken, ``aN`` partial ice and ``rN`` rotating partial ice with orientation N (0: the NE
corner is iced, 1: SE, 2: SW, 3: NW). Columns are A, B, C ... and rows 1, 2, 3 ... from the top.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import games
from games import GameError, InvalidAction
from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import DIE, Tile
from games.thin_ice.cards import KEYS
from games.thin_ice.state import PLAY, StandingOrder, ThinIceOptions, ThinIceState, Turn
from tests.support.thin_ice import (
    DONE,
    FIELD,
    MOVED,
    act,
    act_events,
    all_but,
    at,
    cell,
    face,
    make,
    refused,
    rolled,
    zen_in_hand,
)

# ============================================================================ Set Up


@pytest.mark.parametrize(
    ("players", "side", "counts"),
    [(3, 5, (18, 3, 3)), (4, 5, (18, 3, 3)), (5, 6, (27, 4, 4)), (6, 6, (27, 4, 4))],
)
def test_setup_grid_by_player_count_with_the_hole_in_the_centre(
    players: int, side: int, counts: tuple[int, int, int]
) -> None:
    """Set Up: 3-4 players 24 tiles in a 5x5 grid, 5-6 players 35 in 6x6, Ice Hole in the centre."""
    s = G.new_game(players, ThinIceOptions(), 7)
    kinds = [t.kind for _, t in s.tiles]
    assert len(kinds) == side * side
    assert (kinds.count("ice"), kinds.count("whale"), kinds.count("perma")) == counts
    assert dict(s.tiles)[cell("D4")] == Tile("hole")
    assert all(not t.flipped for _, t in s.tiles)  # shuffled Ice side up
    assert s.bear == cell("D4") and not s.awake  # the bear lies asleep on the Ice Hole
    assert all(len(h) == 2 for h in s.hands)  # deal two to each player
    assert len(s.deck) == 26 - 2 * players


def test_setup_kraken_expansion_replaces_plain_ice() -> None:
    """Kraken expansion: 1 kraken, 2 partial and 2 rotating partial tiles replace plain ice."""
    s = G.new_game(3, ThinIceOptions(kraken=True), 7)
    kinds = [t.kind for _, t in s.tiles]
    assert (kinds.count("ice"), kinds.count("kraken"), kinds.count("partial"), kinds.count("rotating")) == (
        13,
        1,
        2,
        2,
    )


def test_setup_short_deck_uses_the_first_13_cards() -> None:
    s = G.new_game(3, ThinIceOptions(short_deck=True), 7)
    assert set(s.deck) | {c for h in s.hands for c in h} == set(KEYS[:13])


def test_setup_meeples_placed_around_the_hole_in_turn_order() -> None:
    """Set Up: starting with a random first player, each places a meeple on one of the 8 tiles
    adjacent to the Ice Hole."""
    s = G.new_game(3, ThinIceOptions(), 3)
    first = s.current
    assert G.to_act(s) == {first}
    refused(s, first, "place B2", "Ice Hole")
    s = act(s, first, "place C3")
    assert G.to_act(s) == {(first + 1) % 3}
    refused(s, (first + 1) % 3, "place C3", "Ice Hole")
    s = act(s, (first + 1) % 3, "place E5")
    s = act(s, (first + 2) % 3, "place D5")
    assert s.phase == PLAY and s.current == first


# ============================================================================ Move your Meeple


def test_move_to_any_of_eight_neighbours() -> None:
    s = make(FIELD, meeples={0: "D4", 1: "B2", 2: "F6"})
    moves = [a for a in G.legal_actions(s, 0) if str(a).startswith("move")]
    assert sorted(str(m) for m in moves) == sorted(
        f"move {d}" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    )


def test_move_not_onto_whale_kraken_bear_or_meeple() -> None:
    """You cannot move onto a tile featuring the Killer Whale, Kraken, Polar Bear or another Meeple."""
    s = make(
        """
. . . . . .
. w k i . .
. i i i . .
. i i i . .
""",
        meeples={0: "C3", 1: "D4", 2: "B4"},
        bear="D2",
    )
    for d in ("NW", "N", "NE", "SE", "SW"):
        refused(s, 0, f"move {d}", "Killer Whale, Kraken, Polar Bear or another Meeple")
    act(s, 0, "move E")


def test_move_into_the_sea_is_refused() -> None:
    s = make(FIELD, meeples={0: "B2", 1: "D4", 2: "F6"})
    refused(s, 0, "move NW", "sea")


def test_leaving_ice_cracks_it_and_leaving_cracked_removes_it() -> None:
    """When moving from an Ice or Ice Hole tile flip it to its Cracked side; from a Cracked
    tile remove it from the game."""
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    s = act(s, 0, "move E")
    assert face(s, "C3") == "cracked"
    s = make(
        FIELD.replace(
            ". i i i i i .\n. i i i i i .\n. i i i i i .\n. i i i i i .",
            ". i i i i i .\n. i c i i i .\n. i i i i i .\n. i i i i i .",
            1,
        ),
        meeples={0: "C3", 1: "F6", 2: "F2"},
    )
    assert face(s, "C3") == "cracked"
    s = act(s, 0, "move E")
    assert face(s, "C3") is None and s.tile_discard == ("ice",)


def test_leaving_the_ice_hole_cracks_it() -> None:
    s = make(". . . .\n. h i .\n. i i .", meeples={0: "B2", 1: "C3", 2: "B3"})
    s = act(s, 0, "move E")
    assert face(s, "B2") == "cracked-hole"


def test_leaving_ice_reveals_whale_or_perma_on_its_back() -> None:
    """Tile types: Ice / Killer Whale and Ice / Perma-ice show their back when cracked; perma-ice
    never cracks further."""
    s = make(". . . .\n. x q i\n. i i i", meeples={0: "B2", 1: "D3", 2: "B3"})
    s = act(s, 0, "move E")
    assert face(s, "B2") == "whale"
    s = replace(s, turn=Turn())
    s = act(s, 0, "move E")
    assert face(s, "C2") == "perma"
    s = replace(s, turn=Turn())
    s = act(s, 0, "move W")
    s = replace(s, turn=Turn())
    s = act(s, 0, "move E")
    assert face(s, "C2") == "perma"


def test_unflipped_backs_are_hidden_in_every_view() -> None:
    s = make(". . . .\n. x q i\n. i i i", meeples={0: "B2", 1: "D3", 2: "B3"})
    for seat in (None, 0, 1, 2):
        v = G.view(s, seat)
        assert {f for _, f, _ in v.tiles} == {"ice"}


def test_move_is_mandatory() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=Turn(slid=True, rolled=True, acted=True))
    refused(s, 0, "end", "move your meeple")


def test_no_move_possible_means_lost_at_sea() -> None:
    """If you cannot complete a move action you become Lost At Sea: your meeple is removed."""
    s = make(
        ". . . . .\n. i . i .\n. . . i .\n. i i i .",
        meeples={0: "B2", 1: "D2", 2: "D4"},
        turn=Turn(slid=True, rolled=True, acted=True),
    )
    assert not [a for a in G.legal_actions(s, 0) if str(a).startswith("move")]
    s = act(s, 0, "end")
    assert s.meeples[0] is None and s.out[0] == "lost at sea"
    assert s.current == 1


def test_a_turn_has_three_actions_in_any_order_each_once() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    s = act(s, 0, "slide B6 W")
    refused(s, 0, "slide C6 W", "already moved a tile")
    s = rolled(s, 0, "refreeze")
    refused(s, 0, "roll", "already rolled")
    s = act(s, 0, "move E")
    assert s.current == 1  # all three done and no cards in hand: the turn ends
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=MOVED)
    refused(s, 0, "move E", "already moved your meeple")


# ============================================================================ Move an Ice Tile


def test_slide_only_into_empty_sea_orthogonally() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    refused(s, 0, "slide D4 N", "empty sea")
    assert {str(a) for a in G.legal_actions(s, 0) if str(a).startswith("slide")} >= {
        "slide B2 W",
        "slide B2 N",
        "slide F4 E",
    }


def test_slide_not_cracked_nor_bear_nor_meeple_tiles() -> None:
    """You may not move a Cracked Ice or Cracked Ice Hole tile, or a tile with the bear or a meeple."""
    s = make(". . . . .\n. c H i .\n. i i i .\n. i i i .", meeples={0: "D2", 1: "D4", 2: "B4"}, bear="C4")
    refused(s, 0, "slide B2 N", "Cracked")
    refused(s, 0, "slide C2 N", "Cracked")
    refused(s, 0, "slide D2 N", "Meeple")
    refused(s, 0, "slide C4 S", "Polar Bear")


def test_slide_is_mandatory_if_possible() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=Turn(moved=True, rolled=True, acted=True))
    refused(s, 0, "end", "move a tile")


def test_adrift_chain_takes_a_meeple_with_it() -> None:
    """Adrift: a tile no longer orthogonally adjacent to any other is discarded, and the tiles
    this leaves alone too; a meeple on one is Adrift and out."""
    s = make(
        """
. . . . . .
. i i . . .
. . i i i .
. . . i i .
""",
        meeples={0: "D4", 1: "B2", 2: "E4"},
        turn=Turn(moved=True, rolled=True, acted=True),
    )
    s2, events = act_events(s, 0, "slide C2 N")
    assert face(s2, "B2") is None and face(s2, "C1") is None  # both drift away
    assert s2.meeples[1] is None and s2.out[1] == "adrift"
    assert any(e.kind == "out" for e in events)
    assert face(s2, "C3") == "ice"


def test_bear_on_an_adrift_tile_stays_in_the_sea_space() -> None:
    """If the Polar Bear is on a tile that is removed it is placed in the sea space revealed."""
    s = make(
        ". . . . .\n. i i . .\n. . i i .\n. . i i .",
        meeples={0: "D3", 1: "C4", 2: "D4"},
        bear="B2",
        turn=Turn(moved=True, rolled=True, acted=True),
    )
    s = act(s, 0, "slide C2 N")
    assert face(s, "B2") is None and s.bear == cell("B2")


def test_killer_whale_slides_into_the_bears_sea_space_and_pushes_it() -> None:
    """If a Killer Whale is moved into a sea space containing the Polar Bear the active player
    moves the bear into any adjacent sea space or tile (not a Killer Whale or Kraken)."""
    s = make(
        """
. . i . . .
. w i i . .
. i i i . .
""",
        meeples={0: "D2", 1: "C3", 2: "D3"},
        bear="B1",
        turn=Turn(moved=True, rolled=True, acted=True),
    )
    refused(s, 0, "slide C1 W", "Killer Whale or the Kraken")
    s = act(s, 0, "slide B2 N")
    assert face(s, "B1") == "whale" and s.decision is not None and s.decision.kind == "push"
    assert G.to_act(s) == {0}
    s = act(s, 0, "bear W")
    assert s.bear == cell("A1")


def test_killer_whale_pushing_the_bear_onto_a_meeple_chases_it() -> None:
    """If the Polar Bear is moved onto a tile with a meeple this player is chased away."""
    s = make(
        """
. . i . . .
. w i i . .
. i i i i .
""",
        meeples={0: "D3", 1: "C1", 2: "E3"},
        bear="B1",
        turn=Turn(moved=True, rolled=True, acted=True),
    )
    s = act(s, 0, "slide B2 N")
    s = act(s, 0, "bear E")
    assert s.bear == cell("C1")
    assert s.decision is not None and s.decision.kind == "chase" and s.decision.target == 1
    s = act(s, 0, "chase S")
    assert at(s, 1) == "C2"


# ============================================================================ Roll the Dice


def test_die_faces_are_data() -> None:
    assert sorted(DIE) == sorted(("bear", "bear", "crack", "crack", "slide", "refreeze"))


def test_roll_is_mandatory() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=Turn(moved=True, slid=True, acted=True))
    refused(s, 0, "end", "roll")


def test_bear_roll_stands_a_sleeping_bear_up() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, bear="D4", awake=False, turn=MOVED)
    s = rolled(s, 0, "bear")
    assert s.awake and s.bear == cell("D4")


def test_awake_bear_moves_one_space_and_cracks_its_tile() -> None:
    """Polar Bear face: move the bear to any adjacent tile or sea space; its tile cracks."""
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, bear="D4", turn=MOVED)
    s = rolled(s, 0, "bear")
    assert s.decision is not None and s.decision.kind == "bear"
    s = act(s, 0, "bear S")
    assert s.bear == cell("D5") and face(s, "D4") == "cracked"


def test_bear_moves_into_the_sea_and_off_a_cracked_tile_removes_it() -> None:
    s = make(". . . .\n. c i .\n. i i .", meeples={0: "C3", 1: "C2", 2: "B3"}, bear="B2", turn=MOVED)
    s = rolled(s, 0, "bear")
    s = act(s, 0, "bear NW")
    assert s.bear == cell("A1") and face(s, "B2") is None


def test_bear_not_onto_whale_or_kraken() -> None:
    s = make(". . . .\n. w i .\n. k i .\n. i i .", meeples={0: "C4", 1: "B4", 2: "C3"}, bear="C2", turn=MOVED)
    s = rolled(s, 0, "bear")
    refused(s, 0, "bear W", "except a Killer Whale or Kraken")
    refused(s, 0, "bear SW", "except a Killer Whale or Kraken")


def test_bear_chases_a_meeple_who_falls_down_the_hole_and_stands_up_next_turn() -> None:
    """Chased Away: the active player moves the meeple to an adjacent tile; onto the Ice Hole it
    falls down and must use its next turn to stand back up."""
    s = make(
        """
. . . . . .
. i i i i .
. i i h i .
. i i i i .
""",
        meeples={0: "E4", 1: "C3", 2: "B4"},
        bear="B3",
        turn=Turn(moved=True, slid=True, acted=True),
    )
    s = rolled(s, 0, "bear")
    s = act(s, 0, "bear E")
    assert s.bear == cell("C3") and s.decision is not None and s.decision.kind == "chase"
    refused(s, 0, "chase SW", "another meeple")
    s = act(s, 0, "chase E")
    assert at(s, 1) == "D3" and 1 in s.down
    assert s.current == 1  # player 0 had done everything and holds no cards
    legal = [str(a) for a in G.legal_actions(s, 1)]
    assert "stand" in legal and not [a for a in legal if a.startswith(("move", "slide", "roll", "end"))]
    refused(s, 1, "roll", "stand back up")
    s = act(s, 1, "stand")
    assert 1 not in s.down and at(s, 1) == "D3"
    s = act(s, 1, "end")  # standing up was the whole turn: no move, so not lost at sea
    assert s.current == 2 and at(s, 1) == "D3"


def test_chased_meeple_with_nowhere_to_go_is_lost_at_sea() -> None:
    """If you cannot be moved to a legal tile you are Lost at Sea."""
    s = make(
        """
. . . . . .
. c i w . .
. w i w i .
""",
        meeples={0: "E3", 1: "C2", 2: "C3"},
        bear="B2",
        turn=Turn(moved=True, slid=True, acted=True),
    )
    s = rolled(s, 0, "bear")
    s = act(s, 0, "bear E")
    assert face(s, "B2") is None  # the bear left a cracked tile
    assert s.meeples[1] is None and s.out[1] == "lost at sea"


def test_crack_face_cracks_or_removes_but_not_under_bear_or_meeple() -> None:
    """Crack face: crack an Ice tile or remove a cracked one; not with the bear or a meeple on."""
    s = make(". . . .\n. i c .\n. i i .\n. i . .", meeples={0: "B3", 1: "C3", 2: "B2"}, bear="B4", turn=MOVED)
    s = rolled(s, 0, "crack")
    assert face(s, "C2") is None  # the only target, taken at once
    assert face(s, "B4") == "ice"


def test_crack_face_choice() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=MOVED)
    s = rolled(s, 0, "crack")
    refused(s, 0, "crack C3", "meeple")
    s = act(s, 0, "crack D4")
    assert face(s, "D4") == "cracked"


def test_refreeze_face_refreezes_a_cracked_tile_or_the_whale() -> None:
    """Refreeze face: refreeze any cracked tile, including the Killer Whale; not under a meeple."""
    s = make(". . . .\n. w p .\n. c i .", meeples={0: "C3", 1: "B3", 2: "C2"}, turn=MOVED)
    s = rolled(s, 0, "refreeze")
    assert face(s, "B2") == "ice" and face(s, "B3") == "cracked"


def test_perma_ice_cannot_be_refrozen() -> None:
    s = make(". . . .\n. i p .\n. i c .", meeples={0: "B3", 1: "B2", 2: "C2"}, turn=MOVED)
    s = rolled(s, 0, "refreeze")
    assert face(s, "C3") == "ice" and face(s, "C2") == "perma"


def test_slide_face_is_an_extra_mandatory_slide() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, turn=Turn(moved=True, slid=True, acted=True))
    s = rolled(s, 0, "slide")
    assert s.decision is not None and s.decision.kind == "slide"
    assert "end" not in {str(a) for a in G.legal_actions(s, 0)}
    s = act(s, 0, "slide B2 N")
    assert face(s, "B1") is None  # it slid into the sea alone and drifted away
    assert s.current == 1


def test_out_players_still_roll_and_play_cards() -> None:
    """If a player is Lost At Sea or Adrift they can still roll the dice on their turn."""
    s = make(FIELD, meeples={1: "F6", 2: "F2"}, bear="D4", hands={0: ("hibernate",)})
    legal = {str(a) for a in G.legal_actions(s, 0)}
    assert "roll" in legal and "play hibernate" in legal
    assert not any(a.startswith(("move", "slide")) for a in legal)
    refused(s, 0, "end", "roll")
    s = act(s, 0, "play hibernate")
    assert not s.awake
    s = rolled(s, 0, "bear")
    assert s.awake and s.current == 1


# ============================================================================ winning


def test_last_player_on_the_ice_wins() -> None:
    s = make(
        ". . . . .\n. i . i .\n. . . i .\n. i i i .",
        meeples={0: "B2", 2: "D4"},
        turn=Turn(slid=True, rolled=True, acted=True),
    )
    s = act(s, 0, "end")
    assert G.outcome(s) is not None and G.outcome(s).winners == {2}  # type: ignore[union-attr]
    assert G.to_act(s) == frozenset()


def test_last_ones_going_together_share_the_win() -> None:
    s = make(
        ". . . . .\n. . i . .\n. i i i .\n. . . . .",
        meeples={0: "D3", 1: "C2", 2: "B3"},
        turn=Turn(moved=True, rolled=True, acted=True),
    )
    s = act(s, 0, "slide C3 S")  # every tile is alone now: all three drift away together
    out = G.outcome(s)
    assert out is not None and out.winners == {0, 1, 2}


# ============================================================================ event cards


BEAR_FIELD = dict(meeples={0: "C3", 1: "F6", 2: "F2"}, bear="D4", turn=MOVED)


def test_hand_limit_two_and_drawing_back_up_at_turn_start() -> None:
    """Hand limit 2; draw back up to the limit at the start of your turn."""
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        deck=("run", "leap", "zen"),
        hands={1: ("flare",)},
        turn=Turn(moved=True, slid=True, acted=True),
        discard=all_but("run", "leap", "zen", "flare"),
    )
    s = rolled(s, 0, "refreeze")
    assert s.current == 1 and sorted(s.hands[1]) == ["flare", "run"]
    assert G.view(s, 1).hand == s.hands[1] and G.view(s, 2).hand == ()


def test_deck_is_reshuffled_from_the_discards() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        deck=(),
        discard=("run", "leap"),
        turn=Turn(moved=True, slid=True, acted=True),
    )
    s = rolled(s, 0, "refreeze")
    assert sorted(s.hands[1]) == ["leap", "run"] and s.discard == ()


def test_discard_any_number_at_the_end_of_the_turn() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("run", "leap")},
        turn=DONE,
        discard=all_but("run", "leap"),
        deck=("zen", "moving"),
    )
    s = act(s, 0, "discard run")
    s = act(s, 0, "discard leap")
    assert s.hands[0] == () and s.discard[-2:] == ("run", "leap")
    assert s.current == 1


def test_play_any_number_of_cards_on_your_turn() -> None:
    s = make(
        FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={0: ("run", "leap")}, discard=all_but("run", "leap")
    )
    s = act(s, 0, "play run")
    s = act(s, 0, "play leap")
    assert s.turn.extra_moves == 1 and s.turn.leap and s.hands[0] == ()


def test_card_bearly_there() -> None:
    """Bear-ly there (after a bear roll): the bear cracks no tile this turn."""
    s = make(FIELD, hands={1: ("bearly",)}, discard=all_but("bearly"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "bear")
    assert G.to_act(s) == {1}
    s = act(s, 1, "play bearly")
    s = act(s, 0, "bear S")
    assert face(s, "D4") == "ice"


def test_card_easily_distracted() -> None:
    """Easily distracted (after a bear roll): you move the bear this turn."""
    s = make(FIELD, hands={1: ("distracted",)}, discard=all_but("distracted"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "bear")
    s = act(s, 1, "play distracted")
    assert G.to_act(s) == {1}
    s = act(s, 1, "bear N")
    assert s.bear == cell("D3")


def test_bear_timing_cards_only_after_a_bear_roll() -> None:
    s = make(FIELD, hands={0: ("flare",)}, discard=all_but("flare"), **BEAR_FIELD)  # type: ignore[arg-type]
    refused(s, 0, "play flare", "immediately after a polar bear has been rolled")


def test_card_hi_bear_nation() -> None:
    s = make(FIELD, hands={0: ("hibernate",)}, discard=all_but("hibernate"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = act(s, 0, "play hibernate")
    assert not s.awake
    s = rolled(s, 0, "bear")  # the bear must be woken up again before it moves
    assert s.awake and s.bear == cell("D4")


def test_card_at_one_with_nature() -> None:
    """At one with nature: the bear may not be moved towards you until after your next turn."""
    s = make(FIELD, hands={1: ("nature",)}, discard=all_but("nature", "flare"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "bear")
    s = act(s, 1, "play nature")  # "at any time": in the window after the roll
    refused(s, 0, "bear SE", "At one with nature")
    s = act(s, 0, "bear N")
    assert s.effects[0].kind == "nature" and s.effects[0].owner == 1


def test_card_saw_it_coming() -> None:
    """Saw it coming (the bear moved onto your tile): you choose where you are chased to."""
    s = make(
        FIELD,
        meeples={0: "B2", 1: "D3", 2: "F2"},
        bear="D4",
        turn=MOVED,
        hands={1: ("sawit",)},
        discard=all_but("sawit"),
    )
    s = rolled(s, 0, "bear")
    s = act(s, 0, "bear N")
    assert G.to_act(s) == {1} and s.windows[-1].kind == "chase"
    s = act(s, 1, "play sawit")
    assert G.to_act(s) == {1} and s.decision is not None and s.decision.kind == "chase"
    s = act(s, 1, "chase E")
    assert at(s, 1) == "E3"


def test_card_rrraahhhh() -> None:
    """RRRAAHHHH!: adjacent to the bear, move it one tile away from you; it cannot chase."""
    s = make(
        FIELD, meeples={0: "C3", 1: "E5", 2: "F2"}, bear="D4", hands={0: ("roar",)}, discard=all_but("roar")
    )
    legal = {str(a) for a in G.legal_actions(s, 0)}
    assert "play roar SE" not in legal  # E5 has a meeple: the bear cannot chase
    assert "play roar W" not in legal  # C4 is next to me: not away
    assert "play roar E" in legal
    s = act(s, 0, "play roar S")
    assert s.bear == cell("D5") and face(s, "D4") == "cracked"


def test_card_zen_moment() -> None:
    """Zen moment: look at the top 3 cards, keep one, the others go on top or bottom."""
    s = zen_in_hand()
    s = act(s, 0, "play zen")
    assert G.view(s, 0).peek == ("run", "leap", "moving")
    assert G.view(s, 1).peek == () and G.view(s, None).peek == ()
    s, events = act_events(s, 0, "keep leap bottom")
    assert s.hands[0] == ("leap",) and s.deck == ("flare", "run", "moving")
    assert "leap" not in s.last and all(
        "leap" not in str(e.text).lower() for e in events if e.audience is None
    )


def test_card_run() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={0: ("run",)}, discard=all_but("run"))
    s = act(s, 0, "play run")
    s = act(s, 0, "move E")
    s = act(s, 0, "move E")
    assert at(s, 0) == "E3"
    refused(s, 0, "move E", "already moved")


def test_card_mighty_leap() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "D3", 2: "F2"}, hands={0: ("leap",)}, discard=all_but("leap"))
    refused(s, 0, "jump E", "Mighty Leap")
    s = act(s, 0, "play leap")
    s = act(s, 0, "jump E")
    assert at(s, 0) == "E3" and face(s, "C3") == "cracked"


def test_card_oh_no_you_dont_cancels_a_card() -> None:
    s = make(
        FIELD, hands={0: ("hibernate",), 1: ("ohno",)}, discard=all_but("hibernate", "ohno"), **BEAR_FIELD
    )  # type: ignore[arg-type]
    s = act(s, 0, "play hibernate")
    assert G.to_act(s) == {1} and s.windows[-1].kind == "card"
    s = act(s, 1, "play ohno")
    assert s.awake  # cancelled
    assert set(s.discard[-2:]) == {"hibernate", "ohno"} and s.chain == ()
    assert G.to_act(s) == {0}


def test_chain_resolves_last_played_first() -> None:
    """Oh no you don't on Let's vote on that: the vote is cancelled, the card happens."""
    s = make(
        FIELD,
        hands={0: ("hibernate",), 1: ("vote",), 2: ("ohno",)},
        discard=all_but("hibernate", "ohno", "vote"),
        **BEAR_FIELD,
    )  # type: ignore[arg-type]
    s = act(s, 0, "play hibernate")
    assert G.to_act(s) == {1, 2}
    s = act(s, 1, "play vote")
    assert G.to_act(s) == {2}
    s = act(s, 2, "play ohno")
    assert not s.awake and s.decision is None


def test_card_lets_vote_with_a_missing_voter() -> None:
    """Let's vote on that: everyone votes (even players out); a draw or more against means no;
    a missing vote counts as against (the deadline's default)."""
    s = make(
        FIELD,
        players=4,
        meeples={0: "C3", 1: "F6", 2: "F2", 3: "B6"},
        bear="D4",
        turn=MOVED,
        hands={0: ("hibernate",), 1: ("vote",)},
        discard=all_but("hibernate", "vote"),
    )
    s = act(s, 0, "play hibernate")
    s = act(s, 1, "play vote")
    assert G.to_act(s) == {0, 1, 2, 3}
    s = act(s, 0, "vote yes")
    s = act(s, 2, "vote yes")
    s = act(s, 1, "vote no")
    assert G.default_action(s, 3) == G.parse_action("vote no")
    s = act(s, 3, str(G.default_action(s, 3)))
    assert s.awake  # 2 for, 2 against: it does not happen


def test_card_sudden_slip() -> None:
    """Sudden slip: the current player misses the rest of the turn (no Lost at Sea for the move)."""
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        bear="D4",
        turn=Turn(slid=True, acted=True),
        hands={1: ("slip",)},
        discard=all_but("slip", "flare"),
    )
    s = rolled(s, 0, "bear")
    s = act(s, 1, "play slip")
    assert s.current == 1 and at(s, 0) == "C3" and s.bear == cell("D4")


def test_card_mass_panic() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("panic", "run"), 1: ("leap",), 2: ("zen", "moving")},
        discard=all_but("panic", "run", "leap", "zen", "moving"),
    )
    s = act(s, 0, "play panic left")
    assert s.hands == (("zen", "moving"), ("run",), ("leap",))


def test_card_are_you_sure() -> None:
    """Are you sure? (after any roll): the player has to reroll."""
    s = make(FIELD, hands={1: ("sure",)}, discard=all_but("sure"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "crack")
    assert G.to_act(s) == {1}
    s = rolled(s, 1, "bear", "play sure")
    assert s.decision is not None and s.decision.kind == "bear"


def test_card_whats_the_plan() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("plan",), 2: ("flare", "run")},
        discard=all_but("plan", "flare", "run"),
    )
    s, events = act_events(s, 0, "play plan 3")
    seen = [e for e in events if e.kind == "plan"]
    assert seen and seen[0].audience == {0} and "Flare" in str(seen[0].text)


def test_card_ice_shift_swaps_tiles_with_what_is_on_them() -> None:
    s = make(
        ". . . . .\n. i i i .\n. i i c .\n. i i i .",
        meeples={0: "C3", 1: "B4", 2: "B2"},
        bear="D3",
        hands={0: ("shift",)},
        discard=all_but("shift"),
    )
    s = act(s, 0, "play shift C3 D3")
    assert at(s, 0) == "D3" and s.bear == cell("C3") and face(s, "C3") == "cracked"


def test_card_ice_with_that() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("icewith",)},
        discard=all_but("icewith"),
        tile_discard=("ice",),
    )
    refused(s, 0, "play icewith A1", "Ice with that?")
    s = act(s, 0, "play icewith B1")
    assert face(s, "B1") == "ice" and s.tile_discard == ()


def test_card_its_moving() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={0: ("moving",)}, discard=all_but("moving"))
    s = act(s, 0, "play moving")
    s = act(s, 0, "slide B2 N")
    s = act(s, 0, "slide B3 W")
    refused(s, 0, "slide B4 W", "already moved a tile")


def test_card_cold_snap() -> None:
    s = make(
        ". . . .\n. c i .\n. i i .",
        meeples={0: "C3", 1: "B3", 2: "C2"},
        hands={0: ("snap",)},
        discard=all_but("snap"),
    )
    s = act(s, 0, "play snap B2")
    assert face(s, "B2") == "ice"


def test_card_twos_company() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "D3", 2: "F2"}, hands={0: ("company",)}, discard=all_but("company"))
    refused(s, 0, "move E", "another Meeple")
    s = act(s, 0, "play company")
    s = act(s, 0, "move E")
    assert at(s, 0) == at(s, 1) == "D3"


def test_card_in_it_together() -> None:
    """In it together (start of turn): if you become lost at sea this turn, so does the other."""
    s = make(
        """
. . . . . .
. w i i i .
. w w w i .
""",
        meeples={0: "C2", 1: "D2", 2: "E3"},
        hands={0: ("together",)},
        discard=all_but("together"),
        turn=Turn(slid=True, rolled=True),
    )
    s = act(s, 0, "play together 2")  # no move possible and no cards left: the turn ends
    assert s.out[0] == s.out[1] == "lost at sea"
    out = G.outcome(s)
    assert out is not None and out.winners == {2}


def test_card_in_it_together_only_at_the_start() -> None:
    s = make(
        FIELD, meeples={0: "C3", 1: "D3", 2: "F2"}, hands={0: ("together",)}, discard=all_but("together")
    )
    s = act(s, 0, "slide B2 N")
    refused(s, 0, "play together 2", "start of your turn")


def test_card_catch_this_missed() -> None:
    """Catch this!: the target rolls; not a bear: laid down, misses the next turn, discards."""
    base = make(
        FIELD,
        meeples={0: "C3", 1: "D3", 2: "F2"},
        hands={0: ("catch",), 1: ("run", "leap")},
        discard=all_but("catch", "run", "leap"),
    )
    for seed in range(100):
        s = act(replace(base, seed=seed), 0, "play catch 2")
        if 1 in s.down:
            break
    assert s.decision is not None and s.decision.kind == "discard" and G.to_act(s) == {1}
    s = act(s, 1, "discard leap")
    assert s.hands[1] == ("run",) and "catch" in s.discard


def test_card_catch_this_caught() -> None:
    base = make(
        FIELD,
        meeples={0: "C3", 1: "D3", 2: "F2"},
        hands={0: ("catch",), 1: ("run",)},
        discard=all_but("catch", "run"),
    )
    for seed in range(100):
        s = act(replace(base, seed=seed), 0, "play catch 2")
        if 1 not in s.down:
            break
    assert s.hands[1] == ("run", "catch") and "catch" not in s.discard


def test_card_sliding_in_style() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={0: ("style",)}, discard=all_but("style"))
    s = act(s, 0, "play style")
    s = act(s, 0, "move E")
    assert face(s, "C3") == "ice"
    assert s.effects[0].left == 2  # played in my turn: lasts to the end of my next turn


def test_card_life_jacket() -> None:
    """Life Jacket: until the end of your next turn you may be in the sea and move sea to sea."""
    s = make(
        FIELD,
        meeples={0: "B2", 1: "F6", 2: "F2"},
        hands={0: ("jacket",)},
        discard=all_but("jacket"),
        turn=Turn(slid=True, rolled=True, acted=True),
    )
    s = act(s, 0, "play jacket")
    s = act(s, 0, "move NW")
    assert at(s, 0) == "A1" and G.view(s, 1).status[0] == "swimming"
    assert s.current == 1
    s = replace(s, current=0, turn=Turn(slid=True, rolled=True, acted=True))
    s, events = act_events(s, 0, "move E")  # sea to sea, then the jacket runs out in the sea
    assert any(e.kind == "move" and "B1" in str(e.text) for e in events)
    assert s.meeples[0] is None and s.out[0] == "lost at sea"


def test_card_flare() -> None:
    """Flare (after a bear roll): the bear cannot be moved this turn."""
    s = make(FIELD, hands={1: ("flare",)}, discard=all_but("flare"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "bear")
    s = act(s, 1, "play flare")
    assert s.bear == cell("D4") and s.decision is None


def test_card_paddle_like_mad_on_your_turn() -> None:
    s = make(
        ". . . . .\n. i . . .\n. i i i .\n. i i i .",
        meeples={0: "B2", 1: "D3", 2: "D4"},
        hands={0: ("paddle",)},
        discard=all_but("paddle"),
    )
    s = act(s, 0, "play paddle E")
    assert at(s, 0) == "C2" and face(s, "B2") is None and face(s, "C2") == "ice"
    s = make(
        ". . . . .\n. i . . .\n. i i i .\n. i i i .",
        meeples={0: "B2", 1: "D3", 2: "D4"},
        hands={0: ("paddle",)},
        discard=all_but("paddle"),
    )
    s = act(s, 0, "play paddle N")
    assert s.meeples[0] is None and s.out[0] == "adrift"  # paddled away from the ice


def test_card_paddle_like_mad_when_adrift_by_standing_order() -> None:
    """Paddle like mad "immediately when you become adrift": a standing order answers at once."""
    s = make(
        """
. . . . . . .
. i i . . . .
. . i i i . .
. . i . i . .
""",
        meeples={0: "D3", 1: "B2", 2: "E4"},
        hands={1: ("paddle",)},
        discard=all_but("paddle"),
        turn=Turn(moved=True, acted=True),
    )
    s = replace(s, orders=((), (G_order("paddle", "adrift"),), ()))
    s = act(s, 0, "slide C2 N")  # B2 would drift off; the order paddles it north, next to C1
    assert at(s, 1) == "B1" and face(s, "B1") == "ice" and face(s, "C1") == "ice"
    assert "paddle" in s.discard and s.orders[1] == ()


def G_order(card: str, trigger: str) -> Any:
    from games.thin_ice.state import StandingOrder

    return StandingOrder(card, trigger)


# ============================================================================ windows and orders


def test_window_holds_every_card_holder_and_defaults_to_pass() -> None:
    s = make(
        FIELD,
        hands={1: ("run",), 2: ("leap", "zen")},
        discard=all_but("run", "leap", "zen", "sure"),
        **BEAR_FIELD,
    )  # type: ignore[arg-type]
    s = rolled(s, 0, "crack")
    assert G.to_act(s) == {1, 2}  # "Are you sure?" may be out there: everyone holding cards
    assert G.default_action(s, 1) == G.parse_action("pass")
    s = act(s, 1, "pass")
    assert G.to_act(s) == {2}
    s = act(s, 2, "pass")
    assert G.to_act(s) == {0} and s.decision is not None and s.decision.kind == "crack"


def test_no_window_when_no_card_could_answer() -> None:
    s = make(FIELD, hands={1: ("flare",)}, discard=all_but("flare"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "crack")  # only bear rolls can be answered by Flare: no window
    assert G.to_act(s) == {0}


def test_standing_order_answers_automatically_and_stays_private() -> None:
    s = make(
        FIELD,
        meeples={0: "C3", 1: "E5", 2: "F2"},
        bear="D4",
        turn=MOVED,
        hands={1: ("flare", "run")},
        discard=all_but("flare", "run", "sure"),
    )
    s = rolled(s, 0, "crack")
    s = act(s, 1, "order flare when-bear-adjacent")
    assert G.view(s, 1).orders and not G.view(s, 0).orders and not G.view(s, None).orders
    assert "flare" not in s.last and "order" not in s.last
    s = act(s, 1, "pass")
    s = act(s, 0, "crack B2")
    s = replace(s, current=0, turn=MOVED)
    s = rolled(s, 0, "bear")
    assert s.turn.flare and "flare" in s.discard and G.to_act(s) == {0}


def orders_offered(s: ThinIceState, seat: int) -> set[str]:
    return {str(a) for a in G.legal_actions(s, seat) if str(a).startswith("order")}


def test_a_window_offers_only_the_standing_orders_for_that_kind_of_window() -> None:
    """Standing orders "play Flare when the bear is rolled next to me" answer reaction windows;
    a window offers only those that can apply to it: after a crack roll, none for Oh no you
    don't (which answers cards) or for Flare (which answers bear rolls)."""
    s = make(FIELD, hands={1: ("ohno", "sure")}, discard=all_but("ohno", "sure", "zen"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = rolled(s, 0, "crack")
    assert G.to_act(s) == {1}
    assert orders_offered(s, 1) == {"order sure when-rolled", "order pass", "order when-playable"}
    # a card window offers the orders about that card only
    s = make(FIELD, hands={0: ("zen",), 1: ("ohno",)}, discard=all_but("ohno", "zen"), **BEAR_FIELD)  # type: ignore[arg-type]
    s = act(s, 0, "play zen")
    assert G.to_act(s) == {1}
    assert orders_offered(s, 1) == {"order ohno when-zen", "order pass", "order when-playable"}


def test_own_turn_offers_no_standing_order_that_can_no_longer_apply() -> None:
    """Every card is in the game once: Oh no you don't cannot answer a card already discarded
    or in one's own hand, and with the polar bear gone nothing answers a bear roll."""
    s = make(
        FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, hands={0: ("ohno", "flare")}, discard=("zen", "vote")
    )
    offered = orders_offered(s, 0)
    assert "order ohno when-zen" not in offered and "order ohno when-flare" not in offered
    assert "order ohno when-vote" not in offered and "order ohno when-run" in offered
    assert not {o for o in offered if o.startswith("order flare")}  # no bear on the field
    # a typed order is still taken (it stands for later)
    assert act(s, 0, "order ohno when-zen").orders[0]


def test_ask_me_only_when_i_can_play_a_card() -> None:
    """A player who asks to be asked only when they can play a card is passed for in the
    windows where they cannot, as if they had typed ``pass`` once everybody else had answered:
    every other seat sees exactly what a typed pass shows (the secrecy ruling on a lone pass)."""
    orders = ((), (), (StandingOrder("", "playable"),))
    common = dict(meeples={0: "C3", 1: "F6", 2: "F2"}, bear="D4", turn=MOVED, current=0, orders=orders)
    # seat 2 holds no card that answers a crack roll; seat 1 holds one (Are you sure?)
    idle = make(
        FIELD,
        hands={1: ("sure",), 2: ("run", "zen")},
        discard=all_but("sure", "run", "zen", "nature"),
        **common,
    )  # type: ignore[arg-type]
    idle = rolled(idle, 0, "crack")
    assert G.to_act(idle) == {1, 2}, "asked together with the others, as before"
    idle = act(idle, 1, "pass")
    assert G.to_act(idle) == {0} and idle.decision is not None and idle.decision.kind == "crack"
    # the same window with a card seat 2 could play: seat 2 is asked, and passes by hand
    able = make(
        FIELD,
        hands={1: ("sure",), 2: ("run", "nature")},
        discard=all_but("sure", "run", "zen", "nature"),
        **common,
    )  # type: ignore[arg-type]
    able = rolled(able, 0, "crack")
    able = act(able, 1, "pass")
    assert G.to_act(able) == {2}
    able = act(able, 2, "pass")
    for seat in (None, 0, 1):
        assert G.view(idle, seat) == G.view(able, seat)


# ============================================================================ Kraken expansion


def test_kraken_destroys_an_adjacent_tile_and_its_meeple_must_move() -> None:
    """Kraken: on a bear roll, destroy a tile adjacent to the Kraken instead of moving the
    bear; a meeple on it moves to an adjacent tile (or is lost at sea)."""
    s = make(FIELD, kraken=True, meeples={0: "F6", 1: "D3", 2: "F2"}, bear="B6", turn=MOVED)
    s = replace(s, tiles=tuple(sorted({**dict(s.tiles), cell("C3"): Tile("kraken", True)}.items())))
    s = rolled(s, 0, "bear")
    assert "destroy D3" in {str(a) for a in G.legal_actions(s, 0)}
    s = act(s, 0, "destroy D3")
    assert face(s, "D3") is None and s.decision is not None and s.decision.kind == "evict"
    s = act(s, 0, "chase E")
    assert at(s, 1) == "E3"


def test_kraken_slides_onto_the_killer_whale_which_must_move() -> None:
    s = make(
        ". . . . .\n. . . i .\n. k w i .\n. i i i .",
        kraken=True,
        meeples={0: "B4", 1: "D4", 2: "D2"},
        turn=MOVED,
    )
    s = act(s, 0, "slide B3 E")
    assert face(s, "C3") == "kraken" and s.decision is not None and s.decision.kind == "whale"
    s = act(s, 0, "whale W")
    assert face(s, "B3") == "whale"


def test_kraken_displaced_whale_moves_following_normal_rules_into_the_bears_sea_space() -> None:
    """Kraken: "The Killer Whale must then be moved following normal rules"; the normal rules let
    a Killer Whale move into the Polar Bear's sea space, and the active player then moves the bear."""
    s = make(
        ". . . . .\n. . . i .\n. k w i .\n. i i i .",
        kraken=True,
        meeples={0: "B4", 1: "D4", 2: "D2"},
        bear="C2",
        turn=MOVED,
    )
    displaced = act(s, 0, "slide B3 E")
    assert displaced.decision is not None and displaced.decision.kind == "whale"
    assert {str(a) for a in G.legal_actions(displaced, 0)} == {"whale N", "whale W"}
    pushed = act(displaced, 0, "whale N")
    assert face(pushed, "C2") == "whale" and pushed.decision is not None and pushed.decision.kind == "push"
    assert act(pushed, 0, "bear N").bear == cell("C1")
    # Flare ("The bear cannot be moved this turn"): the bear's sea space is closed to the whale,
    # whose one remaining space is taken at once.
    flared = act(replace(s, turn=replace(MOVED, flare=True)), 0, "slide B3 E")
    assert flared.decision is None and face(flared, "B3") == "whale" and flared.bear == cell("C2")


def test_kraken_slides_onto_the_bear_in_the_sea() -> None:
    s = make(
        ". . . . .\n. k i i .\n. i i i .",
        kraken=True,
        meeples={0: "C3", 1: "D3", 2: "D2"},
        bear="B1",
        turn=MOVED,
    )
    s = act(s, 0, "slide B2 N")
    assert face(s, "B1") == "kraken" and s.decision is not None and s.decision.kind == "push"
    s = act(s, 0, "bear W")
    assert s.bear == cell("A1")


def test_partial_ice_moves_only_through_iced_edges() -> None:
    """Partial Ice: you may only move on/off these tiles from an edge with ice."""
    s = make(". . . . .\n. i i i .\n. i a2 i .\n. i i i .", kraken=True, meeples={0: "D3", 1: "B2", 2: "D4"})
    refused(s, 0, "move W", "edge with ice")  # enters through C3's east edge: no ice
    s = make(". . . . .\n. i i i .\n. i a2 i .\n. i i i .", kraken=True, meeples={0: "B3", 1: "B2", 2: "D4"})
    s = act(s, 0, "move E")  # through the west edge: ice
    assert at(s, 0) == "C3"
    s = replace(s, turn=Turn())
    refused(s, 0, "move N", "edge with ice")
    refused(s, 0, "move NE", "edge with ice")
    s = act(s, 0, "move SW")  # the iced corner
    assert at(s, 0) == "B4" and face(s, "C3") == "cracked-partial"


def test_rotating_partial_ice_turns_when_left() -> None:
    s = make(". . . . .\n. i i i .\n. i r0 i .\n. i i i .", kraken=True, meeples={0: "C3", 1: "B2", 2: "D4"})
    refused(s, 0, "move E", "cw or ccw")
    s = act(s, 0, "move E cw")
    tile = dict(s.tiles)[cell("C3")]
    assert tile.face == "cracked-rotating" and tile.turn == 1


# ============================================================================ notation, secrecy, leaving


def test_notation_round_trips_and_garbage_is_refused() -> None:
    for text in (
        "move NE",
        "move NE cw",
        "jump W",
        "slide C3 N",
        "roll",
        "stand",
        "end",
        "pass",
        "bear SW",
        "destroy E5",
        "crack E5",
        "refreeze E5",
        "chase N",
        "whale S",
        "play flare",
        "play roar NE",
        "play panic left",
        "play plan 2",
        "play shift D4 E4",
        "play snap C3",
        "play paddle N",
        "discard flare",
        "vote yes",
        "vote no",
        "keep run top",
        "order flare when-bear-adjacent",
        "order ohno when-slip",
        "order pass",
        "order clear",
        "place D3",
    ):
        assert str(G.parse_action(text)) == text
    assert G.parse_action("  MOVE  ne ") == G.parse_action("move NE")
    for bad in (
        "",
        "move",
        "move up",
        "slide C3 NE",
        "play nothing",
        "play roar",
        "order run when-chased",
        "vote maybe",
    ):
        with pytest.raises(InvalidAction):
            G.parse_action(bad)


def _playout(seed: int, players: int, options: ThinIceOptions) -> list[ThinIceState]:
    s = G.new_game(players, options, seed)
    ch = random.Random(seed)
    states = [s]
    while G.to_act(s):
        seat = ch.choice(sorted(G.to_act(s)))
        s, _ = games.play(G, s, seat, ch.choice(list(G.legal_actions(s, seat))))
        states.append(s)
    return states


@pytest.mark.parametrize("seed", [1, 2])
def test_secrecy_hands_deck_and_backs_never_in_another_seats_view(seed: int) -> None:
    """Two states differing only in seat k's hand (same size), the deck order and the tile
    backs give equal views to every other seat and to spectators."""
    rnd = random.Random(seed)
    for s in _playout(seed, 4, ThinIceOptions(kraken=True))[::3]:
        k = rnd.randrange(4)
        pool = [c for c in KEYS if c not in s.hands[k]]
        other_hand = tuple(rnd.sample(pool, len(s.hands[k])))
        tiles = tuple(
            (c, replace(t, kind="ice") if not t.flipped and t.kind in ("whale", "perma", "kraken") else t)
            for c, t in s.tiles
        )
        hands = list(s.hands)
        hands[k] = other_hand
        orders = list(s.orders)
        orders[k] = ()
        decision = s.decision
        if decision is not None and decision.kind == "zen" and k in decision.seats:
            decision = replace(decision, cards=tuple(reversed(decision.cards)))
        twin = replace(
            s,
            hands=tuple(hands),
            orders=tuple(orders),
            decision=decision,
            deck=tuple(reversed(s.deck)),
            tiles=tiles,
        )
        for seat in [None, *[x for x in range(4) if x != k]]:
            assert G.view(s, seat) == G.view(twin, seat)
        assert G.to_act(s) == G.to_act(twin)


def test_retire_skips_the_seat_and_can_end_the_game() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    s, events = G.retire(s, 0)
    assert events and s.current == 1 and s.meeples[0] is None
    s, _ = G.retire(s, 1)
    out = G.outcome(s)
    assert out is not None and out.winners == {2}


def test_illegal_and_garbage_raise_game_errors() -> None:
    s = make(FIELD, meeples={0: "C3", 1: "F6", 2: "F2"})
    with pytest.raises(GameError):
        games.play(G, s, 1, G.parse_action("roll"))
    refused(s, 0, "play flare", "do not hold")


def test_default_action_is_always_legal() -> None:
    """The session's deadline default is a legal action of every awaited seat."""
    for seed, players in ((3, 3), (4, 5)):
        for s in _playout(seed, players, ThinIceOptions(kraken=True)):
            for seat in G.to_act(s):
                assert G.default_action(s, seat) in G.legal_actions(s, seat)


def test_kraken_onto_the_bear_discards_it_when_it_cannot_move() -> None:
    """Kraken: moved on top of the bear in a sea space, the bear must move; if it cannot, it is
    discarded (here At one with nature and five Killer Whales leave it nowhere to go: the sea
    is unbounded, so three of them lie north of row 1)."""
    from games.thin_ice.state import Effect

    s = make(
        "x . x . .\n. k i i .\n. i i i .",
        kraken=True,
        meeples={0: "D3", 1: "B3", 2: "D2"},
        bear="B1",
        turn=MOVED,
        effects=(Effect("nature", 1, 1),),
    )
    s = replace(
        s,
        tiles=tuple(
            sorted(
                {
                    **dict(s.tiles),
                    **{cell(c): Tile("whale", True) for c in ("A1", "C1", "A-1", "B-1", "C-1")},
                }.items()
            )
        ),
    )
    s = act(s, 0, "slide B2 N")
    assert s.bear is None and face(s, "B1") == "kraken"
    s = rolled(s, 0, "bear")  # no bear any more: nothing happens
    assert s.decision is None


def test_life_jacket_keeps_an_adrift_meeple_in_the_sea() -> None:
    from games.thin_ice.state import Effect

    s = make(
        ". . . . . .\n. i i . . .\n. . i i i .\n. . . i i .",
        meeples={0: "D4", 1: "B2", 2: "E4"},
        turn=Turn(moved=True, rolled=True, acted=True),
        effects=(Effect("jacket", 1, 1),),
    )
    s = act(s, 0, "slide C2 N")
    assert face(s, "B2") is None and at(s, 1) == "B2" and s.out[1] == ""
    assert G.view(s, 0).status[1] == "swimming"
