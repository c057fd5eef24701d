"""Ice Lake rules, one test per clause of ``seeds/ice-lake.txt`` and its rulings.

Positions are built directly with :func:`lake`; the rulebook's worked examples are tests.
Worked-example spaces (the picture is lost; placed to match the text): the skater stands in X
facing the bottom of the board (S); B is straight ahead, C ahead-left, E beyond B, F below C, G
beyond C.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

import games
from games.core import Event, IllegalAction, InvalidAction, is_secret
from games.hexgrid import CLOCKWISE, Hex, neighbours
from games.ice_lake import ICE_LAKE
from games.ice_lake.actions import Face, Plan, Reset
from games.ice_lake.board import BORDER, LAKE, edge, name, parse_cell, planned_path, surrounded
from games.ice_lake.state import FACE, OVER, PLAN, RESET, IceLakeOptions, LakeState
from tests.support.ice_lake import FAR1, FAR2, GG, B, C, E, F, X, lake, plans, wall

G = ICE_LAKE


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def ring(h: Hex) -> list[tuple[Hex, Hex]]:
    """The six segments joining the neighbours of ``h`` around it."""
    ns = [n for _, n in neighbours(h)]
    return [(ns[i], ns[(i + 1) % 6]) for i in range(6)]


# ----------------------------------------------------------------------------- the board


def test_cell_names_are_columns_a_to_k_with_rows_from_the_top() -> None:
    """Ruling: a letter-number grid printed on the board."""
    assert len(LAKE) == 91
    assert name(Hex(0, 0)) == "F6"
    assert name(Hex(-5, 0)) == "A1" and name(Hex(-5, 5)) == "A6"
    assert name(Hex(0, -5)) == "F1" and name(Hex(0, 5)) == "F11"
    assert name(Hex(5, -5)) == "K1" and name(Hex(5, 0)) == "K6"
    names = {name(h) for h in LAKE}
    assert len(names) == 91
    assert all(parse_cell(name(h)) == h for h in LAKE)
    assert parse_cell(" f6 ") == Hex(0, 0)
    assert parse_cell("A7") is None and parse_cell("L1") is None and parse_cell("F12") is None


def test_setting_up_skates_on_their_pictures() -> None:
    """Setting Up: one skate per player on its picture, facing a flat edge (ruling data)."""
    s2 = G.new_game(2, IceLakeOptions(), 3)
    assert s2.positions == (Hex(0, -3), Hex(0, 3)) and s2.facings == ("SE", "NW")
    s4 = G.new_game(4, IceLakeOptions(), 3)
    assert s4.positions == (Hex(0, -3), Hex(3, -1), Hex(0, 3), Hex(-3, 1))
    assert s4.facings == ("SE", "S", "NW", "N")
    assert G.view(s4, None).colours == ("red", "blue", "green", "yellow")
    assert G.to_act(s4) == frozenset(range(4))


# ----------------------------------------------------------------------------- worked examples


def test_worked_example_ls_ends_in_space_g() -> None:
    """Examples of Movement: "LS" moves left (into space C) and then straight (into space G)."""
    state, _ = plans(lake([(X, "S"), FAR1]), {0: "LS", 1: "S"})
    assert state.positions[0] == GG
    assert state.facings[0] == "SE"
    assert edge(X, C) in state.cracks and edge(C, GG) in state.cracks


def test_worked_example_ss_stops_in_b_because_of_the_crack_from_b_to_e() -> None:
    """Examples: "SS" moves straight into B; a crack runs from B to E, so the skater stops in B."""
    state, events = plans(lake([(X, "S"), FAR1], cracks=[(B, E)]), {0: "SS", 1: "S"})
    assert state.positions[0] == B
    assert "stop" in kinds(events)
    assert any("crack from F5 to F6" in str(e.text) for e in events)
    # Forced to stop: the rest of the plan is erased and the skater chooses a facing.
    assert state.phase == FACE and G.to_act(state) == {0}
    assert state.plans[0] == ""
    assert [str(a) for a in G.legal_actions(state, 0)] == ["face NE", "face SE", "face SW", "face NW"]


def test_worked_example_lr_ends_in_f_facing_the_bottom_of_the_board() -> None:
    """Examples: "Left" moves the skater to C, facing G; "Right" then puts it in F facing down."""
    state, _ = plans(lake([(X, "S"), FAR1]), {0: "L", 1: "S"})
    assert state.positions[0] == C and state.positions[0].step(state.facings[0]) == GG
    state, _ = plans(lake([(X, "S"), FAR1]), {0: "LR", 1: "S"})
    assert state.positions[0] == F and state.facings[0] == "S"


def test_crossing_a_crack_is_allowed_but_not_skating_along_it() -> None:
    """Stop 2: "You can skate across a crack, but not along a crack" (Example 2)."""
    # A crack line through B (from B's NW neighbour to B to its NE neighbour): S crosses it.
    across = [(B.step("NW"), B), (B, B.step("NE"))]
    state, events = plans(lake([(X, "S"), FAR1], cracks=across), {0: "SS", 1: "S"})
    assert state.positions[0] == E and "stop" not in kinds(events)


# ----------------------------------------------------------------------------- planning


def test_a_plan_being_built_is_drawn_as_movement_would_skate_it_alone() -> None:
    """The plan builder's preview: each letter as movement skates it on today's ice, the other
    skaters where they stand, ending at the first stop (a crack, a skater) or peril (off the
    lake, surrounded by cracks)."""
    builder = G.builder(lake([(X, "S"), FAR1]), 0)
    assert builder is not None and builder.draft == "" and builder.action_text("SL") == "plan SL"
    view, line = builder.preview("SL")
    assert view.own_path == (X, B, B.step("SE")) and view.own_end == ""  # straight, then left (east)
    assert str(line) == f"Route: {name(X)} → {name(B)} → {name(B.step('SE'))}."
    # Stop 2, "not along a crack": the route stops before it, the letters after it unused.
    cracked = G.builder(lake([(X, "S"), FAR1], cracks=[(B, E)]), 0)
    assert cracked is not None
    view, line = cracked.preview("SSS")
    assert view.own_path == (X, B) and view.own_end == "crack"
    assert str(line) == f"Route: {name(X)} → {name(B)}, then stops before a crack (2 letters unused)."
    # Stop 1, "you cannot collide with another skater": the skater stands where it is now.
    blocked = G.builder(lake([(X, "S"), (E, "N")]), 0)
    assert blocked is not None
    view, _ = blocked.preview("SS")
    assert view.own_path == (X, B) and view.own_end == "skater"
    # Peril 1, off the edge of the lake.
    edge_hex = Hex(0, -5)
    off = G.builder(lake([(edge_hex, "N"), FAR1]), 0)
    assert off is not None
    view, line = off.preview("S")
    assert view.own_end == "off" and str(line) == "Route: F1, then off the edge of the lake: out!"
    # Peril 2, completely surrounded: B is ringed by cracks; skating onto it is falling through.
    ring_b = ring(B)
    trapped = G.builder(lake([(X, "S"), FAR1], cracks=ring_b), 0)
    assert trapped is not None
    view, line = trapped.preview("S")
    assert view.own_end == "through" and str(line).endswith("falls through!")


def test_the_plan_builder_is_offered_while_the_skater_plans_or_may_revise() -> None:
    state = lake([(X, "S"), FAR1])
    assert G.builder(state, 1) is not None
    state, _ = games.play(G, state, 0, Plan("LS"))
    revising = G.builder(state, 0)
    assert revising is not None and revising.draft == "LS"  # the plan in now, to change
    state, _ = games.play(G, state, 1, Plan("S"))  # the reveal; movement; the next planning
    after = G.builder(state, 0)
    assert state.phase == PLAN and state.plans[0] is None  # a new round of planning
    assert after is not None and after.draft == ""


def test_plan_letters_move_straight_left_right() -> None:
    """Planning: S straight, L forward-left, R forward-right; turning changes the facing."""
    assert planned_path(X, "S", "S", frozenset()) == (X, B)
    assert planned_path(X, "S", "L", frozenset()) == (X, C)  # facing south, left is east
    assert planned_path(X, "S", "R", frozenset()) == (X, X.step("SW"))
    state, _ = plans(lake([(X, "S"), FAR1]), {0: "R", 1: "S"})
    assert state.facings[0] == "SW"


def test_plan_notation_round_trips_and_is_forgiving() -> None:
    assert G.parse_action("plan sslr") == Plan("SSLR")
    assert G.parse_action("  PLAN  s s l r ") == Plan("SSLR")
    assert G.parse_action("sslr") == Plan("SSLR")
    assert G.parse_action(str(Plan("LRS"))) == Plan("LRS")
    assert G.parse_action("face ne") == Face("NE")
    assert G.parse_action("reset a1") == Reset(Hex(-5, 0))
    assert is_secret(Plan("S")) and not is_secret(Face("N"))


@pytest.mark.parametrize("text", ["plan", "plan SSX", "plan 123", "face E", "reset Z9", "jump", ""])
def test_garbage_is_refused_with_a_hint(text: str) -> None:
    with pytest.raises(InvalidAction) as err:
        G.parse_action(text)
    assert any(w in str(err.value) for w in ("S (straight)", "N, NE", "lake", "plan SSLR"))


def test_plan_has_at_least_one_letter_and_no_upper_limit() -> None:
    """Planning: "There is no upper limit to how many moves you can plan, but every plan must have
    at least one letter (no standing still)"."""
    state = lake([(X, "S"), FAR1])
    G.check(state, 0, Plan("SLR" * 700))
    for bad in (Plan(""), Plan("SSX")):
        with pytest.raises(IllegalAction) as err:
            G.check(state, 0, bad)
        assert "one or more letters, each S (straight), L (left) or R (right)" in str(err.value)


def test_planning_is_simultaneous_and_closes_with_the_last_plan() -> None:
    """Planning: everyone writes at once; movement begins when the last plan is in."""
    state = lake([(X, "S"), FAR1, FAR2])
    assert G.to_act(state) == {0, 1, 2}
    state, events = games.play(G, state, 1, Plan("S"))
    assert G.to_act(state) == {0, 2} and state.phase == PLAN
    assert [str(e.text) for e in events if e.audience is None] == ["{1} has planned (1 of 3 plans in)."]
    state, _ = games.play(G, state, 2, Plan("S"))
    state, events = games.play(G, state, 0, Plan("S"))
    assert "reveal" in kinds(events) and state.phase == PLAN and state.round == 3


def test_a_plan_may_be_revised_until_the_last_plan_is_in() -> None:
    """Ruling: a seat may change its plan while planning is open (``can_revise``)."""
    state = lake([(X, "S"), FAR1, FAR2])
    state, _ = games.play(G, state, 0, Plan("SS"))
    assert 0 not in G.to_act(state) and G.can_revise(state, 0)
    assert not G.can_revise(state, 1)  # not planned yet: an ordinary plan
    state, events = games.play(G, state, 0, Plan("L"))
    assert state.plans[0] == "L" and G.to_act(state) == {1, 2}
    assert all(e.audience == frozenset({0}) for e in events)  # a revision is told to nobody else
    state, _ = plans(state, {1: "S", 2: "S"})
    assert state.revealed[0] == "L" and state.positions[0] == C
    assert not G.can_revise(state, 0)
    assert not G.can_revise(state, 7)


def test_default_action_is_plan_s_and_plans_stay_secret() -> None:
    """Ruling: a missing plan at the deadline counts as "S"."""
    state = lake([(X, "S"), FAR1])
    assert G.default_action(state, 0) == Plan("S")


# ----------------------------------------------------------------------------- movement


def test_movement_takes_turns_one_step_each_from_the_first_mover() -> None:
    """Movement: one space per turn, clockwise from the first mover, until all plans are done."""
    state = lake([(X, "S"), FAR1, FAR2], first=1)
    state, events = plans(state, {0: "SSS", 1: "S", 2: "SS"})
    steps = [str(e.text)[:3] for e in events if e.kind == "step"]
    assert steps == ["{1}", "{2}", "{0}", "{2}", "{0}", "{0}"]


def test_next_round_starts_with_the_last_mover() -> None:
    """Movement: "The player who moved last the previous round moves first"."""
    state, _ = plans(lake([(X, "S"), FAR1, FAR2], first=1), {0: "SSS", 1: "S", 2: "SS"})
    assert state.first == 0
    assert G.view(state, None).first == 0


def test_next_round_first_mover_skips_a_skater_who_went_out() -> None:
    """Ruling: if the last mover is out, the next survivor in seat order moves first."""
    state = lake([(Hex(0, -3), "N"), FAR1, FAR2], first=1)
    state, events = plans(state, {0: "SSS", 1: "S", 2: "S"})
    assert state.positions[0] is None and "off" in kinds(events)
    assert state.first == 1


def test_a_crack_joins_the_centres_of_every_step() -> None:
    """Movement 2: draw a line connecting the centres of the spaces you moved between."""
    state, _ = plans(lake([(X, "S"), FAR1]), {0: "SS", 1: "S"})
    assert state.cracks == {edge(X, B), edge(B, E), edge(FAR1[0], FAR1[0].step("N"))}


def test_reveal_lists_every_plan_publicly() -> None:
    """Movement Phase: plans are revealed when movement starts."""
    state, events = plans(lake([(X, "S"), FAR1]), {0: "LS", 1: "SR"})
    reveal = [e for e in events if e.kind == "reveal"]
    assert len(reveal) == 1 and reveal[0].audience is None
    assert str(reveal[0].text) == "Plans revealed: {0} LS; {1} SR."
    assert G.view(state, None).revealed == ("LS", "SR")


def test_collision_stops_the_skater_and_asks_for_a_facing() -> None:
    """Stop 1: "You cannot collide with another skater"; the owner then chooses a facing."""
    here, ahead = Hex(0, 0), Hex(0, 1)
    state = lake([(here, "S"), (Hex(1, 2), "NW"), FAR2])
    state, events = plans(state, {0: "SSS", 1: "S", 2: "SS"})
    assert state.positions[0] == ahead and state.positions[1] == Hex(0, 2)
    assert any("would collide with {1}" in str(e.text) for e in events)
    assert state.phase == FACE and G.to_act(state) == {0} and state.plans[0] == ""
    # Only directions that can be skated: not back along its own crack, not into skater 1.
    assert [str(a) for a in G.legal_actions(state, 0)] == ["face NE", "face SE", "face SW", "face NW"]
    with pytest.raises(IllegalAction) as err:
        games.play(G, state, 0, Face("N"))
    assert "direction that can be skated" in str(err.value)
    # Default: the first legal facing clockwise from the current facing (S).
    assert G.default_action(state, 0) == Face("SW")
    # Movement resumes after the answer: skater 2 still has a letter.
    state, events = games.play(G, state, 0, Face("NE"))
    assert state.facings[0] == "NE"
    assert kinds(events)[:2] == ["face", "step"] and str(events[1].text).startswith("{2}")
    assert state.phase == PLAN


def test_a_single_legal_facing_is_taken_without_asking() -> None:
    """Ruling: with exactly one direction that can be skated, the skater turns at once."""
    q = Hex(0, 1)
    walls = [(q, q.step(d)) for d in ("S", "NE", "SE", "SW")]
    state, events = plans(lake([(Hex(0, 0), "S"), FAR1, FAR2], cracks=walls), {0: "SS", 1: "S", 2: "S"})
    assert state.positions[0] == q and state.facings[0] == "NW"
    assert "face" in kinds(events) and state.phase == PLAN


def test_no_legal_facing_is_out() -> None:
    """Stop: "If no direction can be skated, you are out of the game.\""""
    q = Hex(0, 1)
    walls = [(q, q.step(d)) for d in ("S", "NE", "SE", "SW", "NW")]
    state, events = plans(lake([(Hex(0, 0), "S"), FAR1, FAR2], cracks=walls), {0: "SS", 1: "S", 2: "S"})
    assert state.positions[0] is None
    assert "no-facing" in kinds(events)
    assert not surrounded(q, state.cracks)  # out for the facing, not for being surrounded


def test_skating_off_the_edge_is_out() -> None:
    """Peril 1: "If you skate off the edge of the lake, you are out of the game.\""""
    top = Hex(0, -5)
    assert top in BORDER
    state, events = plans(lake([(top, "N"), FAR1, FAR2]), {0: "S", 1: "S", 2: "S"})
    assert state.positions[0] is None and "off" in kinds(events)
    assert state.fallen_at[0] == top and G.view(state, None).fallen_at[0] == top
    assert not any(top in e for e in state.cracks)  # no crack drawn off the lake
    assert G.to_act(state) == {1, 2}


def test_no_move_in_a_movement_phase_is_out() -> None:
    """Peril 3: "If you do not move at least one space during a Movement Phase, you're out.\""""
    state = lake([(X, "S"), FAR1, FAR2], cracks=[(X, B)])
    state, events = plans(state, {0: "SLR", 1: "SS", 2: "S"})
    assert state.positions[0] is None
    assert "no-move" in kinds(events)
    # It was not asked for a facing and stayed in the way until the phase ended.
    assert state.phase == PLAN and kinds(events)[-2:] == ["no-move", "round"]


def test_win_last_skater_on_the_ice() -> None:
    """Winning: "You win the game when you are the last one skating on the lake.\""""
    state = lake([(Hex(0, -5), "N"), FAR1], first=0)
    state, events = plans(state, {0: "S", 1: "SSS"})
    assert state.phase == OVER and G.to_act(state) == frozenset()
    outcome = G.outcome(state)
    assert outcome is not None and outcome.winners == {1}
    assert events[-1].kind == "end" and str(events[-1].text) == "{1} wins: the last skater on the ice."
    # The game ends at once: skater 1's plan is not finished.
    assert state.positions[1] == FAR1[0]


def test_win_only_after_everyone_has_moved_once() -> None:
    """Winning: "This can occur at any point after every player has moved once.\""""
    state = lake([(Hex(0, -5), "N"), FAR1, FAR2], first=0, attempted=frozenset())
    state = replace(state, positions=(Hex(0, -5), FAR1[0], Hex(-5, 0)), facings=("N", "N", "NW"))
    state, events = plans(state, {0: "S", 1: "SS", 2: "S"})
    # Skaters 0 and 2 skate off; skater 1 had moved once by then: it wins.
    assert state.phase == OVER and G.outcome(state).winners == {1}  # type: ignore[union-attr]
    # Two players: skater 0 falls before skater 1 ever moved; the game waits for skater 1.
    two = lake([(Hex(0, -5), "N"), FAR1], first=0, attempted=frozenset())
    two, events = games.play(G, two, 1, Plan("SS"))
    two, events = games.play(G, two, 0, Plan("S"))
    assert [e.kind for e in events if e.kind in ("off", "step", "end")] == ["off", "step", "end"]
    assert G.outcome(two).winners == {1}  # type: ignore[union-attr]


def test_shared_win_when_the_last_skaters_fall_together() -> None:
    """Ruling: skaters who go out together at the end share the win."""
    state = lake([(Hex(0, 0), "S"), (Hex(0, 1), "N")])
    state, events = plans(state, {0: "S", 1: "S"})
    assert state.phase == OVER and kinds(events)[-2:] == ["no-move", "end"]
    outcome = G.outcome(state)
    assert outcome is not None and outcome.winners == {0, 1}
    assert "share the win" in str(outcome.summary)


# ----------------------------------------------------------------------------- surrounded


def test_ring_through_the_six_neighbours_traps_a_hex_with_uncracked_edges() -> None:
    """Peril 2 (formal triangle ruling): a flood fill over hexes would wrongly call this safe."""
    h = Hex(2, 1)
    cracks = frozenset(edge(a, b) for a, b in ring(h))
    assert all(edge(h, n) not in cracks for _, n in neighbours(h))
    assert surrounded(h, cracks)
    assert not any(surrounded(n, cracks) for _, n in neighbours(h))


def test_an_opening_of_one_uncracked_segment_saves() -> None:
    h = Hex(2, 1)
    for missing in range(6):
        cracks = frozenset(edge(a, b) for i, (a, b) in enumerate(ring(h)) if i != missing)
        assert not surrounded(h, cracks)


def test_a_border_hex_is_never_surrounded() -> None:
    every_segment = frozenset(edge(h, n) for h in LAKE for _, n in neighbours(h) if n in LAKE)
    assert all(not surrounded(h, every_segment) for h in BORDER)
    assert all(surrounded(h, every_segment) for h in LAKE if h not in BORDER)


def test_a_larger_pocket_traps_every_hex_inside_it() -> None:
    """ "It does not matter how many hexagons are surrounded by cracks"."""
    pocket = {Hex(0, 0), Hex(0, 1)}
    around = {n for h in pocket for _, n in neighbours(h)} - pocket
    cracks = frozenset(edge(a, b) for a in around for _, b in neighbours(a) if b in around)
    assert all(surrounded(h, cracks) for h in pocket)
    assert not any(surrounded(h, cracks) for h in around)


def test_surrounded_is_checked_for_every_skater_after_every_step() -> None:
    """Peril 2: "If, at any point, you are completely surrounded by cracks ... you are out"."""
    h = Hex(2, 1)
    segments = ring(h)
    n0, n1 = segments[0]  # the opening, from N to NE of h
    assert n1 == n0.step("SE")
    state = lake([(n0, "SE"), (h, "S"), FAR2], cracks=segments[1:])
    state, events = plans(state, {0: "S", 1: "S", 2: "S"})
    assert state.positions[1] is None
    assert "surrounded" in kinds(events) and "{1} is completely surrounded" in str(
        events[kinds(events).index("surrounded")].text
    )
    assert state.positions[0] == n1


def test_skating_into_a_closed_pocket_is_out() -> None:
    """Peril 2 applies to the mover too."""
    h = Hex(2, 1)
    n0 = h.step("N")
    state = lake([(n0, "S"), FAR1, FAR2], cracks=ring(h))
    state, events = plans(state, {0: "S", 1: "S", 2: "S"})
    assert state.positions[0] is None and "surrounded" in kinds(events)


# ----------------------------------------------------------------------------- reset


def test_reset_moves_a_cut_off_skater_to_the_largest_patch() -> None:
    """Reset!: a skater with no way to reach another moves to a shore edge of the largest patch."""
    west = (Hex(-4, 2), "N")
    state = lake([west, (Hex(2, 0), "N"), (Hex(3, -1), "S")], cracks=wall())
    state, events = plans(state, {0: "S", 1: "S", 2: "S"})
    assert state.phase == RESET and G.to_act(state) == {0}
    choices = G.legal_actions(state, 0)
    assert all(isinstance(a, Reset) and a.cell in BORDER and a.cell.q >= -2 for a in choices)
    assert G.default_action(state, 0) == Reset(Hex(0, -5)) == choices[0]  # F1, first in reading order
    with pytest.raises(IllegalAction) as err:
        games.play(G, state, 0, Reset(Hex(0, 0)))
    assert "free shore hex of the largest patch" in str(err.value)
    with pytest.raises(IllegalAction):
        games.play(G, state, 0, Reset(Hex(-5, 0)))  # the skater's own, smaller patch
    state, events = games.play(G, state, 0, Reset(Hex(1, -5)))
    assert state.positions[0] == Hex(1, -5) and state.facings[0] == "N"
    assert state.phase == PLAN and G.to_act(state) == {0, 1, 2}
    assert events[0].kind == "reset" and "G1" in str(events[0].text)


def test_reset_leaves_the_skater_already_on_the_largest_patch() -> None:
    """Reset!: "The skater already on that patch does not get moved.\""""
    state = lake([(Hex(-4, 2), "N"), (Hex(2, 0), "N")], cracks=wall())
    state, _ = plans(state, {0: "S", 1: "S"})
    assert state.phase == RESET and state.resets == (0,)
    state, _ = games.play(G, state, 0, G.default_action(state, 0))
    assert state.positions[1] == Hex(2, -1) and state.positions[0] in BORDER


def test_no_reset_when_skaters_can_reach_each_other() -> None:
    """Reset!: only a skater with "no possible way to reach another skater" moves; here all three
    share the west patch (a lone skater on the east patch would move: test_ice_lake_reset_alone)."""
    state, _ = plans(
        lake([(Hex(-4, 2), "N"), (Hex(-4, 4), "N"), (Hex(-3, 3), "N")], cracks=wall()),
        {0: "S", 1: "S", 2: "S"},
    )
    assert state.phase == PLAN


# ----------------------------------------------------------------------------- secrecy


def _random_states(seed: int, players: int) -> list[LakeState]:
    state = G.new_game(players, IceLakeOptions(), seed)
    chooser = random.Random(seed)
    seen = [state]
    while G.to_act(state):
        seat = chooser.choice(sorted(G.to_act(state)))
        action: Any = chooser.choice(list(G.legal_actions(state, seat)))
        if isinstance(action, Plan) and chooser.random() < 0.3:
            action = Plan("".join(chooser.choice("SLR") for _ in range(chooser.randint(4, 9))))
        state, _ = games.play(G, state, seat, action)
        seen.append(state)
    return seen


@pytest.mark.parametrize(("seed", "players"), [(s, n) for s in (1, 2, 3, 4) for n in (2, 3, 4)])
def test_views_of_others_do_not_depend_on_a_seats_plan(seed: int, players: int) -> None:
    """Planning: "Keep your plan hidden until the Movement Phase" (secrecy of views)."""
    checked = 0
    for state in _random_states(seed, players):
        if state.phase != PLAN:
            continue
        for k in range(players):
            if state.plans[k] is None:
                continue
            other = replace(state, plans=tuple("LRLRRL" if s == k else p for s, p in enumerate(state.plans)))
            for j in [None, *range(players)]:
                if j == k:
                    assert G.view(other, k) != G.view(state, k)
                else:
                    assert G.view(other, j) == G.view(state, j)
            checked += 1
    assert checked


def test_no_public_event_or_other_view_shows_a_plan_before_the_reveal() -> None:
    secret = "LLRRSLRSRL"
    state = lake([(Hex(0, 0), "S"), FAR1, FAR2])
    state, events = games.play(G, state, 0, Plan(secret))
    state, more = games.play(G, state, 0, Plan(secret + "S"))  # a revision
    events += more
    state, more = games.play(G, state, 1, Plan("S"))
    events += more
    for e in events:
        if secret in str(e.text):
            assert e.audience == frozenset({0})
    assert all(e.audience in (None, frozenset({0}), frozenset({1})) for e in events)
    assert all(e.kind == "planned" for e in events if e.audience is None)
    for j in (None, 1, 2):
        assert secret not in repr(G.view(state, j))
        assert G.view(state, j).own_plan in (None, "S")
        assert G.view(state, j).own_path in ((), planned_path(FAR1[0], "N", "S", frozenset()))
    mine = G.view(state, 0)
    assert mine.own_plan == secret + "S" and mine.own_path[0] == Hex(0, 0)
    assert G.view(state, None).planned == {0, 1}


# ----------------------------------------------------------------------------- views, persistence


def test_last_movement_frames_animate_the_phase() -> None:
    """The view holds one frame per movement record, from the lake at the phase's start."""
    start = lake([(X, "S"), FAR1], cracks=[(B, E)])
    state, _ = plans(start, {0: "SS", 1: "SR"})
    state, _ = games.play(G, state, 0, Face("NE"))
    frames = G.view(state, None).last_movement
    assert frames[0].positions == start.positions and frames[0].cracks == start.cracks
    assert [f.kind for f in frames] == ["start", "step", "step", "stop", "face", "step"]
    assert frames[-1].positions == state.positions and frames[-1].cracks == state.cracks
    assert frames[-2].facings[0] == "NE"
    assert all(len(b.cracks) - len(a.cracks) == (b.kind == "step") for a, b in pairwise(frames))
    assert G.from_dict(G.to_dict(state)) == state


def test_prompts_say_what_is_asked() -> None:
    state = lake([(X, "S"), FAR1])
    assert "S, L, R" in str(G.prompt(state, 0))
    state, _ = plans(lake([(X, "S"), FAR1], cracks=[(B, E)]), {0: "SS", 1: "S"})
    assert str(G.prompt(state, 0)).startswith("you were forced to stop") and "face NE" in str(
        G.prompt(state, 0)
    )


# ----------------------------------------------------------------------------- retiring


def test_retire_during_planning_closes_planning_when_it_was_the_last_awaited() -> None:
    state = lake([(X, "S"), FAR1, FAR2])
    state, _ = plans(state, {0: "S", 1: "S"})
    state, events = G.retire(state, 2)
    assert state.positions[2] is None and 2 in state.retired
    assert "reveal" in kinds(events) and state.phase == PLAN and state.round == 3


def test_retire_leaving_one_skater_ends_the_game() -> None:
    state, events = G.retire(lake([(X, "S"), FAR1]), 0)
    assert kinds(events) == ["resign", "end"]
    assert state.phase == OVER and G.outcome(state).winners == {1}  # type: ignore[union-attr]


def test_retire_of_the_pending_skater_resumes_movement() -> None:
    state, _ = plans(lake([(X, "S"), FAR1, FAR2], cracks=[(B, E)]), {0: "SS", 1: "SS", 2: "S"})
    assert state.phase == FACE
    state, events = G.retire(state, 0)
    assert state.phase == PLAN and "step" in kinds(events)


def test_directions_are_the_six_flat_edges() -> None:
    """Tips: "The skaters always face a flat edge of a hexagon, never a corner"."""
    assert set(CLOCKWISE) == {"N", "NE", "SE", "S", "SW", "NW"}
    for state in _random_states(9, 4):
        assert all(f in CLOCKWISE for f in state.facings)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_public_events_before_the_reveal_never_carry_a_plan(seed: int) -> None:
    """Secrecy over random playouts: until the reveal, a plan goes only to its owner."""
    state = G.new_game(4, IceLakeOptions(), seed)
    chooser = random.Random(seed)
    while G.to_act(state):
        seat = chooser.choice(sorted(G.to_act(state)))
        action = chooser.choice(list(G.legal_actions(state, seat)))
        state, events = games.play(G, state, seat, action)
        if isinstance(action, Plan):
            before = events[: kinds(events).index("reveal")] if "reveal" in kinds(events) else events
            for e in before:
                assert e.audience == frozenset({seat}) or (
                    e.kind == "planned" and action.moves not in str(e.text)
                )


def test_a_plan_still_stands_after_another_skater_planned_but_not_after_a_retirement() -> None:
    """Plans are secret and made together: all a skater learns from another's plan is that it
    is in, so a plan chosen before it still stands (``choice_stands``). A skater retiring changes
    the lake, so a choice made before it does not; nor does one from an earlier round."""
    state = ICE_LAKE.new_game(3, IceLakeOptions(), seed=4)
    planned, _ = ICE_LAKE.apply(state, 0, Plan("SL"))
    assert ICE_LAKE.choice_stands(state, planned, 1)
    assert not ICE_LAKE.choice_stands(state, planned, 0), "a skater who planned is not awaited"
    retired, _ = ICE_LAKE.retire(state, 2)
    assert not ICE_LAKE.choice_stands(state, retired, 1)
    revealed, _ = ICE_LAKE.apply(planned, 1, Plan("S"))
    revealed, _ = ICE_LAKE.apply(revealed, 2, Plan("S"))
    assert not ICE_LAKE.choice_stands(state, revealed, 1)
