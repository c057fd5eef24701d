"""Refusals name the first rule a player would check: the wrong phase or turn first,
then the missing precondition, then the fine rule. One worst case (or more) per game, each a
message a player saw before the fix or would check first at the table."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from games import IllegalAction
from games.ice_hike.state import PLACE
from games.ice_lake.state import FACE
from games.polar_derby.state import TAKE
from games.thin_ice.state import ThinIceOptions
from tests.support import ice_hike as hike
from tests.support import ice_lake as lake
from tests.support import ice_team as team
from tests.support import polar_derby as derby
from tests.support import thin_ice as thin


def refusal(game: games.AnyGame, state: object, seat: int, text: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        games.play(game, state, seat, game.parse_action(text))
    return str(refused.value)


# ----------------------------------------------------------------------------- Polar Derby


def test_polar_derby_take_doubles_before_any_roll_says_roll_first() -> None:
    """A turn: "Roll both dice" comes first; before it `take white white` was refused with the
    doubles rule (at parsing)."""
    message = refusal(derby.G, derby.position(), 0, "take white white")
    assert "rolling both dice" in message and "doubles" not in message


def test_polar_derby_take_doubles_after_a_double_roll_names_the_steal() -> None:
    """Doubles: "If the dice show two identical colors" the bears come from opponents."""
    state = derby.position(phase=TAKE, dice=("white", "white"))
    assert "doubles take bears from opponents" in refusal(derby.G, state, 0, "take white white")


def test_polar_derby_the_dice_come_before_the_colour_locks() -> None:
    """Split colours: a colour the dice do not show is refused by the dice, not by the lock."""
    state = derby.position(phase=TAKE, dice=("pink", "orange"), locked=frozenset({"white"}))
    message = refusal(derby.G, state, 0, "take white")
    assert message.startswith("the dice show pink and orange")


def test_polar_derby_a_steal_without_doubles_says_so_before_the_victim() -> None:
    """Doubles only: a steal on split colours is refused for the dice, even from yourself."""
    state = derby.position(phase=TAKE, dice=("pink", "orange"))
    assert "only doubles" in refusal(derby.G, state, 0, "steal pink from 1")


# ----------------------------------------------------------------------------- Ice Hike


def test_ice_hike_build_on_start_names_the_place_before_the_steps() -> None:
    """Building an igloo: never on the start tile, whatever steps are left."""
    s = hike.pos(steps=0)
    assert "start or the finish" in refusal(hike.G, s, 0, "build")


def test_ice_hike_rope_without_a_rope_says_you_have_none() -> None:
    """Rope: "you have no rope" before the finer rule about which climbs a rope is for."""
    s = hike.pos(puppets={hike.ORANGE: "H5"}, tiles={"H5": hike.L})
    assert refusal(hike.G, s, 0, "rope S") == "you have no rope"


def test_ice_hike_walking_before_placing_the_tile() -> None:
    s = hike.pos(phase=PLACE, drawn=hike.L)
    assert "first place the tile you drew" in refusal(hike.G, s, 0, "walk S")


# ----------------------------------------------------------------------------- Ice Lake


def test_ice_lake_a_plan_while_forced_to_choose_a_facing() -> None:
    """Collision: the owner chooses a facing first; a plan then is about that, not planning."""
    state, _ = lake.plans(lake.lake([(lake.X, "S"), lake.FAR1], cracks=[(lake.B, lake.E)]), {0: "SS", 1: "S"})
    assert state.phase == FACE
    message = refusal(lake.G, state, 0, "plan SS")
    assert message.startswith("your skater was forced to stop: first choose where it faces")


# ----------------------------------------------------------------------------- Ice Team


def test_ice_team_a_move_in_the_village_asks_for_the_die() -> None:
    """Finish: roll both dice and choose one; any other move is refused with that first."""
    s = team.make(mine=("finish", "L1", "start", "start"), seed=team.seed_rolling(10, ("1", "3")))
    s = team.act(s, "walk 2 finish")
    assert "choose one of the two dice" in refusal(team.G, s, 0, "walk 3 A1")


def test_ice_team_a_die_before_moving_asks_for_a_move() -> None:
    assert refusal(team.G, team.make(), 0, "die 3") == "move a bear first (walk, leap or swim)"


# ----------------------------------------------------------------------------- Thin Ice


def test_thin_ice_the_pending_bear_move_comes_before_the_crack_rules() -> None:
    """Polar Bear face: the roller must move the bear; `crack D4` is refused with that, not with
    the rules of cracking (before: "there is no tile" or "cannot crack a tile with a meeple")."""
    s = thin.make(thin.FIELD, meeples={0: "C3", 1: "F6", 2: "F2"}, bear="D4", turn=thin.MOVED)
    s = thin.rolled(s, 0, "bear")
    assert s.decision is not None and s.decision.kind == "bear"
    for text in ("crack C3", "crack A1"):
        assert refusal(thin.G, s, 0, text).startswith("first move the polar bear")


def test_thin_ice_before_placing_a_meeple() -> None:
    s = thin.G.new_game(3, ThinIceOptions(), 1)
    seat = next(iter(thin.G.to_act(s)))
    assert "first place your meeple" in refusal(thin.G, replace(s), seat, "roll")
