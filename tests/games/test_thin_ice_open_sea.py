"""Thin Ice, the sea (rulings, Thin Ice: "Outside the grid is sea, unbounded: the bear and pushed
or slid pieces may go any distance out, and the board drawing grows to show them").

Before this ruling the field stopped at one ring of sea around the grid: a bear in that ring
could not step outward, and neither could a Killer Whale push it there.
"""

from __future__ import annotations

from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import name, parse_cell
from games.thin_ice.state import Turn
from tests.support.thin_ice import MOVED, act, act_events, all_but, cell, face, make, rolled


def test_sea_names_go_on_past_the_ring_and_round_trip() -> None:
    """Columns west of A are -A, -B ...; rows north of 1 are -1, -2 ...; after Z come AA, AB."""
    assert name((-1, 0)) == "-A1" and name((0, -1)) == "A-1" and name((-2, -3)) == "-B-3"
    assert name((26, 4)) == "AA5"
    for c in [(x, y) for x in range(-30, 60, 7) for y in range(-12, 40, 5)]:
        assert parse_cell(name(c)) == c
    for bad in ["A0", "-0", "--A1", "A--1", "-", "A-", "AAAA1"]:
        assert parse_cell(bad) is None, bad


def test_bear_steps_outward_from_the_ring_of_sea() -> None:
    """Polar Bear face: "move the bear to any adjacent ... sea space": from A1 (the ring) to -A-1."""
    s = make(". . . .\n. i i .\n. i i .", meeples={0: "C3", 1: "C2", 2: "B3"}, bear="A1", turn=MOVED)
    s = rolled(s, 0, "bear")
    assert {str(a) for a in G.legal_actions(s, 0)} >= {"bear NW", "bear N", "bear W"}
    s, events = act_events(s, 0, "bear NW")
    assert s.bear == (-1, -1) == cell("-A-1")
    assert any("-A-1" in str(e.text) for e in events)
    view = G.view(s, 1)
    assert view.bear == (-1, -1) and view.extent[0] == (-1, -1)
    assert G.from_dict(G.to_dict(s)) == s  # the state keeps positions out there


def test_a_killer_whale_pushes_the_bear_out_past_the_ring() -> None:
    """Killer Whale: "the active player moves the bear into any adjacent sea space": the bear in
    the ring at B1 may be pushed north, out of the ring, to B-1."""
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
    s = act(s, 0, "slide B2 N")
    assert s.decision is not None and s.decision.kind == "push"
    s = act(s, 0, "bear N")
    assert s.bear == cell("B-1") and face(s, "B1") == "whale"
    assert G.view(s, None).extent == ((0, -1), (6, 6))


def test_tiles_go_past_the_ring_with_ice_with_that_and_slides() -> None:
    """Ice with that? puts a tile on "an empty sea space orthogonally next to a tile", in the ring
    or beyond it; a tile slid "one space orthogonally into an empty sea space" may go beyond the
    ring too, and stays there while it touches a tile."""
    s = make(
        "i . . . .\ni i i i .\n. i i i .\n. i i i .",
        meeples={0: "C3", 1: "D4", 2: "B4"},
        hands={0: ("icewith",)},
        discard=all_but("icewith"),
        tile_discard=("ice",),
    )
    assert "play icewith -A2" in {str(a) for a in G.legal_actions(s, 0)}
    s = act(s, 0, "play icewith -A2")
    assert face(s, "-A2") == "ice"
    s = act(s, 0, "slide A1 W")
    assert face(s, "-A1") == "ice" and face(s, "A1") is None
    view = G.view(s, 2)
    assert ((-1, 0), "ice", 0) in view.tiles and view.extent == ((-1, 0), (6, 6))
