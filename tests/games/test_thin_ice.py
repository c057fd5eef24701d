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
from games import GameError, IllegalAction, InvalidAction
from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import DIE, Tile, parse_cell
from games.thin_ice.cards import KEYS
from games.thin_ice.state import PLAY, Decision, Job, Played, ThinIceOptions, ThinIceState, Turn, Window

TOKENS = {
    "i": Tile("ice"),
    "c": Tile("ice", True),
    "x": Tile("whale"),
    "w": Tile("whale", True),
    "q": Tile("perma"),
    "p": Tile("perma", True),
    "h": Tile("hole"),
    "H": Tile("hole", True),
    "k": Tile("kraken", True),
}
NO_ANSWERS = ("ohno", "vote")  # put in the discard pile: no card windows


def cell(text: str) -> tuple[int, int]:
    c = parse_cell(text)
    assert c is not None
    return c


def make(
    picture: str,
    *,
    players: int = 3,
    meeples: dict[int, str] | None = None,
    bear: str | None = None,
    awake: bool = True,
    hands: dict[int, tuple[str, ...]] | None = None,
    deck: tuple[str, ...] = (),
    discard: tuple[str, ...] = NO_ANSWERS,
    current: int = 0,
    turn: Turn | None = None,
    kraken: bool = False,
    **more: Any,
) -> ThinIceState:
    tiles = {}
    for y, line in enumerate(picture.strip().splitlines()):
        for x, tok in enumerate(line.split()):
            if tok == ".":
                continue
            if tok[0] in "ar":
                tiles[(x, y)] = Tile("partial" if tok[0] == "a" else "rotating", False, int(tok[1]))
            else:
                tiles[(x, y)] = TOKENS[tok]
    spots: list[tuple[int, int] | None] = [None] * players
    for seat, name in (meeples or {}).items():
        spots[seat] = cell(name)
    out = tuple("" if spots[s] is not None else "lost at sea" for s in range(players))
    hand_list = tuple((hands or {}).get(s, ()) for s in range(players))
    s = G.new_game(players, ThinIceOptions(kraken=kraken), 1)
    return replace(
        s,
        phase=PLAY,
        tiles=tuple(sorted(tiles.items())),
        meeples=tuple(spots),
        out=out,
        bear=cell(bear) if bear else None,
        awake=awake,
        hands=hand_list,
        deck=deck,
        discard=discard,
        current=current,
        turn=turn or Turn(),
        **more,
    )


def act(s: ThinIceState, seat: int, text: str) -> ThinIceState:
    new, _ = games.play(G, s, seat, G.parse_action(text))
    return new


def act_events(s: ThinIceState, seat: int, text: str) -> tuple[ThinIceState, list[games.Event]]:
    return games.play(G, s, seat, G.parse_action(text))


def refused(s: ThinIceState, seat: int, text: str, *words: str) -> str:
    with pytest.raises(IllegalAction) as err:
        games.play(G, s, seat, G.parse_action(text))
    message = str(err.value)
    for w in words:
        assert w.lower() in message.lower(), message
    return message


def rolled(s: ThinIceState, seat: int, face: str, text: str = "roll") -> ThinIceState:
    """Apply ``text`` with the first seed whose die shows ``face``."""
    for seed in range(400):
        new = act(replace(s, seed=seed), seat, text)
        if new.die == face:
            return new
    raise AssertionError(f"no seed rolls {face}")


def face(s: ThinIceState, name: str) -> str | None:
    tiles = dict(s.tiles)
    t = tiles.get(cell(name))
    return t.face if t else None


def at(s: ThinIceState, seat: int) -> str | None:
    m = s.meeples[seat]
    return None if m is None else f"{chr(65 + m[0])}{m[1] + 1}"


MOVED = Turn(moved=True, acted=True)
DONE = Turn(moved=True, slid=True, rolled=True, acted=True)
FIELD = """
. . . . . . .
. i i i i i .
. i i i i i .
. i i i i i .
. i i i i i .
. i i i i i .
"""

# ============================================================================ Set Up


@pytest.mark.parametrize(("players", "side", "counts"), [(3, 5, (18, 3, 3)), (4, 5, (18, 3, 3)), (5, 6, (27, 4, 4)), (6, 6, (27, 4, 4))])
def test_setup_grid_by_player_count_with_the_hole_in_the_centre(players: int, side: int, counts: tuple[int, int, int]) -> None:
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
    assert (kinds.count("ice"), kinds.count("kraken"), kinds.count("partial"), kinds.count("rotating")) == (13, 1, 2, 2)


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
    assert sorted(str(m) for m in moves) == sorted(f"move {d}" for d in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"))


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
    s = make(FIELD.replace(". i i i i i .\n. i i i i i .\n. i i i i i .\n. i i i i i .", ". i i i i i .\n. i c i i i .\n. i i i i i .\n. i i i i i .", 1), meeples={0: "C3", 1: "F6", 2: "F2"})
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
    s = make(". . . . .\n. i . i .\n. . . i .\n. i i i .", meeples={0: "B2", 1: "D2", 2: "D4"}, turn=Turn(slid=True, rolled=True, acted=True))
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
    assert {str(a) for a in G.legal_actions(s, 0) if str(a).startswith("slide")} >= {"slide B2 W", "slide B2 N", "slide F4 E"}


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
    s = make(". . . . .\n. i i . .\n. . i i .\n. . i i .", meeples={0: "D3", 1: "C4", 2: "D4"}, bear="B2", turn=Turn(moved=True, rolled=True, acted=True))
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
    s = make(". . . . .\n. i . i .\n. . . i .\n. i i i .", meeples={0: "B2", 2: "D4"}, turn=Turn(slid=True, rolled=True, acted=True))
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
