"""A league's pairings (bot/core/leagues/pairing.py, RULINGS.md "Leagues")."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot.core.leagues.pairing import Entrant, round_robin, rounds_of_round_robin, swiss


def entrants(n: int, **by_player: dict[str, object]) -> list[Entrant]:
    return [Entrant(p, 0, 0.0, p, **by_player.get(str(p), {})) for p in range(1, n + 1)]  # type: ignore[arg-type]


def test_swiss_seats_whole_tables_in_ranking_order_in_the_first_round() -> None:
    round_ = swiss(entrants(9), 3, "bye")
    assert round_.tables == ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert round_.byes == () and round_.computers == (0, 0, 0)


def test_swiss_ranks_by_points_then_rating() -> None:
    players = [Entrant(1, 0, 10.0, 0), Entrant(2, 4, 0.0, 1), Entrant(3, 0, 20.0, 2), Entrant(4, 2, 0.0, 3)]
    assert swiss(players, 2, "bye").tables == ((2, 4), (3, 1))


def test_swiss_gives_the_bye_to_the_lowest_ranked_among_those_with_fewest_byes() -> None:
    players = [Entrant(p, 10 - p, 0.0, p, byes=1 if p == 10 else 0) for p in range(1, 11)]
    round_ = swiss(players, 3, "bye")
    assert round_.byes == (9,)
    assert sorted(p for t in round_.tables for p in t) == [1, 2, 3, 4, 5, 6, 7, 8, 10]


def test_swiss_with_computer_seats_completes_the_last_table() -> None:
    round_ = swiss(entrants(7), 3, "computer")
    assert round_.tables[-1] == (7,) and round_.computers == (0, 0, 2) and round_.byes == ()


def test_swiss_avoids_repeating_a_meeting_when_it_can() -> None:
    first_round = [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    met = {p: tuple(q for q in t if q != p) for t in first_round for p in t}
    players = [Entrant(p, 0, 0.0, p, met=met[p]) for p in range(1, 10)]
    round_ = swiss(players, 3, "bye")
    for table in round_.tables:
        assert all(b not in met[a] for a, b in combinations(table, 2)), round_


def test_swiss_looks_past_the_first_table_to_avoid_a_later_repeat() -> None:
    met = {1: (2,), 2: (1, 4), 3: (), 4: (2,)}
    players = [Entrant(p, 0, 0.0, p, met=met[p]) for p in range(1, 5)]
    assert swiss(players, 2, "bye").tables == ((1, 4), (2, 3))


@pytest.mark.parametrize("n", [2, 5, 6, 9])
def test_a_round_robin_meets_everyone_once(n: int) -> None:
    players = list(range(10, 10 + n))
    rounds = [round_robin(players, r, "bye") for r in range(rounds_of_round_robin(n))]
    pairs = [frozenset(t) for r in rounds for t in r.tables]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, combinations(players, 2))))
    byes = [p for r in rounds for p in r.byes]
    assert sorted(byes) == (players if n % 2 else [])


def test_a_round_robin_with_computers_seats_the_odd_player_against_one() -> None:
    round_ = round_robin([1, 2, 3], 0, "computer")
    assert round_.byes == ()
    alone = [t for t, c in zip(round_.tables, round_.computers, strict=True) if c]
    assert len(alone) == 1 and len(alone[0]) == 1


def test_a_round_robin_has_no_round_beyond_its_last() -> None:
    with pytest.raises(ValueError):
        round_robin([1, 2, 3, 4], 3, "bye")
