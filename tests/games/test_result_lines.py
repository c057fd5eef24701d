"""Result lines say plainly who won and why: ``Outcome.summary`` of every game is
"{0} wins: <why>", "{0} and {1} share the win: <why>" or "Nobody wins: <why>"."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games
from games.hexgrid import Hex
from games.ice_hike import ICE_HIKE
from games.ice_hike.state import OVER as HIKE_OVER
from games.ice_team import ICE_TEAM
from games.polar_derby import POLAR_DERBY
from games.polar_derby.state import DECIDE
from games.thin_ice import THIN_ICE
from games.thin_ice.state import OVER as THIN_OVER
from tests.support import ice_hike as hike
from tests.support import ice_lake as lake
from tests.support import ice_team as team
from tests.support import polar_derby as derby


def summary_of(game: games.AnyGame, state: object) -> str:
    outcome = game.outcome(state)
    assert outcome is not None
    return str(outcome.summary)


# ----------------------------------------------------------------------------- every game


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_result_line_names_the_winners_and_a_reason(name: str) -> None:
    """Random games to the end: the line starts with exactly the winners, then a reason."""
    game = games.get(name)
    for seed in range(4):
        players = game.players.start + seed % len(game.players)
        state = game.new_game(players, game.options(), seed)
        chooser = random.Random(seed)
        for _ in range(150):
            awaited = sorted(game.to_act(state))
            if not awaited:
                break
            seat = chooser.choice(awaited)
            state, _ = games.play(game, state, seat, chooser.choice(list(game.legal_actions(state, seat))))
        for seat in range(players):  # not over yet: the others leave one by one
            if game.outcome(state) is None:
                state, _ = game.retire(state, seat)
        outcome = game.outcome(state)
        assert outcome is not None
        names = " and ".join(f"{{{s}}}" for s in sorted(outcome.winners))
        head, _, why = str(outcome.summary).partition(": ")
        if not outcome.winners:
            assert head == "Nobody wins"
        elif len(outcome.winners) == 1:
            assert head.startswith(names) and head.endswith(" wins")
        else:
            assert head == f"{names} share the win"
        assert len(why) > 5, outcome.summary


# ----------------------------------------------------------------------------- per game


def test_ice_hike_first_puppet_at_the_finish() -> None:
    """Endgame: "The game ends as soon as one of the players reaches the village (finish)"."""
    s = hike.act(hike.pos(puppets={hike.ORANGE: "C9"}, tiles={"C9": hike.L}), "walk SW")
    assert summary_of(ICE_HIKE, s) == "{0} (orange) wins: the first puppet at the Finish."


def test_ice_hike_nobody_wins_when_nobody_can_get_closer() -> None:
    """Ruling, tiles finished: a full round without progress ends the game without a winner."""
    s = replace(hike.pos(), phase=HIKE_OVER, result="stall")
    assert ICE_HIKE.outcome(s).winners == frozenset()  # type: ignore[union-attr]
    assert summary_of(ICE_HIKE, s) == (
        "Nobody wins: no puppet could get any closer to the Finish for a full round."
    )


def test_ice_hike_the_last_player_left_wins() -> None:
    s = hike.pos(players=3)
    s, _ = ICE_HIKE.retire(s, 1)
    s, _ = ICE_HIKE.retire(s, 2)
    assert summary_of(ICE_HIKE, s) == "{0} wins: everyone else has left."


def test_ice_team_most_fish() -> None:
    """End of the game: the player with the most fish wins."""
    s = team.make(
        mine=("finish", "finish", "finish", "L1"),
        seed=team.seed_rolling(10, ("1", "1")),
        fish=((1, 0), (2, 3)),
    )
    s = team.act(team.act(s, "walk 4 finish"), "die 1")
    assert summary_of(ICE_TEAM, s) == "{1} wins: 5 fish to 2."


def test_ice_team_a_player_who_cannot_move_loses() -> None:
    """Fishy question: a player who cannot move any bear on their turn loses."""
    s = team.act(team.blocking_position(), "walk 4 E2")
    assert summary_of(ICE_TEAM, s) == "{1} wins: {0} cannot move any bear."


def test_ice_team_a_player_who_leaves_loses() -> None:
    s, _ = ICE_TEAM.retire(team.make(), 0)
    assert summary_of(ICE_TEAM, s) == "{1} wins: {0} left the game."


def test_ice_lake_last_skater_and_shared_win() -> None:
    """Object: "Be the last one standing on the ice"; ruling: those going out together share."""
    s, _ = lake.plans(lake.lake([(Hex(0, 0), "S"), (Hex(0, 1), "N")]), {0: "S", 1: "S"})
    assert (
        summary_of(games.get("ice-lake"), s)
        == "{0} and {1} share the win: the last skaters went out together."
    )
    s, _ = games.get("ice-lake").retire(lake.lake([(Hex(0, 0), "S"), (Hex(0, 2), "N")]), 0)
    assert summary_of(games.get("ice-lake"), s) == "{1} wins: the last skater on the ice."


def test_polar_derby_highest_total_tie_break_and_shared_win() -> None:
    """Game end: "the player with the highest total wins"; ruling: ties go to the most bears,
    then the win is shared."""
    base = dict(players=2, phase=DECIDE, middle=derby.NO_BEARS)
    s = derby.play(derby.position(**base, safe=(derby.counts(orange=2), derby.counts(white=3))), "stop")
    assert summary_of(POLAR_DERBY, s) == "{0} wins: the highest total, 10 points."
    s = derby.play(derby.position(**base, safe=(derby.counts(orange=2), derby.counts(white=10))), "stop")
    assert summary_of(POLAR_DERBY, s) == "{1} wins: 10 points, tied, and the most bears (10)."
    s = derby.play(derby.position(**base, safe=(derby.counts(pink=1), derby.counts(pink=1))), "stop")
    assert summary_of(POLAR_DERBY, s) == "{0} and {1} share the win: 4 points and 1 bear each."


def test_polar_derby_the_last_player_left_wins() -> None:
    s, _ = POLAR_DERBY.retire(derby.position(players=2), 1)
    assert summary_of(POLAR_DERBY, s) == "{0} wins: everyone else left the game."


def test_thin_ice_last_meeple_shared_and_nobody() -> None:
    """Object: be the last player on the ice; ruling: those going out together share the win."""
    s = THIN_ICE.new_game(3, THIN_ICE.options(), 1)
    one = replace(s, phase=THIN_OVER, winners=frozenset({2}))
    assert summary_of(THIN_ICE, one) == "{2} wins: the last meeple on the ice."
    two = replace(s, phase=THIN_OVER, winners=frozenset({0, 1}))
    assert summary_of(THIN_ICE, two) == "{0} and {1} share the win: the last meeples went out together."
    none = replace(s, phase=THIN_OVER, winners=frozenset())
    assert summary_of(THIN_ICE, none) == "Nobody wins: no meeple is left on the ice."
