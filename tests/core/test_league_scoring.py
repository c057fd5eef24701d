"""A league's scoring, clause by clause (bot/core/leagues/scoring.py, RULINGS.md "Leagues")."""

from __future__ import annotations

from bot.core.leagues.scoring import (
    Record,
    bye_points,
    shown_points,
    standings,
    table_points,
    unfinished_points,
)


def test_places_are_worth_two_one_nothing_at_three_seats_and_one_nothing_at_two() -> None:
    assert table_points([2, 1, 3]) == [2, 4, 0]
    assert table_points([2, 1]) == [0, 2]


def test_players_sharing_a_place_share_the_points_of_the_places_they_cover() -> None:
    assert table_points([1, 1, 3]) == [3, 3, 0]  # 1½ each
    assert table_points([1, 2, 2]) == [4, 1, 1]  # dense places read the same: ½ each
    assert table_points([1, 1]) == [1, 1]


def test_a_bye_is_worth_a_tables_average() -> None:
    assert bye_points(3) == 2  # 1 point
    assert bye_points(2) == 1  # ½


def test_an_unfinished_table_is_a_draw_among_those_still_playing_and_the_first_out_is_last() -> None:
    assert unfinished_points(3, out=()) == [2, 2, 2]
    assert unfinished_points(3, out=[1]) == [3, 0, 3]
    assert unfinished_points(3, out=[1, 2]) == [4, 0, 2]


def test_points_read_with_halves() -> None:
    assert [shown_points(h) for h in (0, 1, 2, 3, 8)] == ["0", "½", "1", "1½", "4"]


def test_standings_break_ties_by_buchholz_then_rating_and_equals_share_a_place() -> None:
    ann = Record(1, joined=0, halves=4, met=[3, 4])
    bo = Record(2, joined=1, halves=4, met=[4, 4])
    cy = Record(3, joined=2, halves=2, met=[1])
    di = Record(4, joined=3, halves=0, met=[1, 2, 2])
    eve = Record(5, joined=4, halves=0, met=[])
    table = standings([eve, di, cy, bo, ann])
    assert [(s.place, s.record.player, s.buchholz) for s in table] == [
        (1, 1, 2),  # Buchholz: Cy 2 + Di 0
        (2, 2, 0),
        (3, 3, 4),
        (4, 4, 12),
        (5, 5, 0),
    ]
    same = standings([Record(7, joined=1, halves=2), Record(6, joined=0, halves=2)])
    assert [(s.place, s.record.player) for s in same] == [(1, 6), (1, 7)]
    rated = standings([Record(7, joined=0, halves=2), Record(6, joined=1, halves=2, rating=30.0)])
    assert [(s.place, s.record.player) for s in rated] == [(1, 6), (2, 7)]
