"""Leagues stored (storage/leagues.py): each change that must happen once is decided by the
database, on both backends."""

from __future__ import annotations

import asyncio

from storage import Store
from storage.leagues import FINISHED, RUNNING, SIGNUP, LeagueStore, NewLeague


def a_league(guild: int = 5, **changes: object) -> NewLeague:
    values: dict[str, object] = {
        "guild_id": guild,
        "channel_id": 10,
        "game": "polar-derby",
        "options": {},
        "format": "swiss",
        "seats": 3,
        "rounds": 3,
        "round_seconds": 7 * 86400.0,
        "move_seconds": None,
        "leftover": "bye",
        "host_id": 1,
        "starts_at": None,
        **changes,
    }
    return NewLeague(**values)  # type: ignore[arg-type]


async def test_a_league_is_stored_as_opened_and_a_server_runs_at_most_its_limit(store: Store) -> None:
    leagues = LeagueStore(store)
    first = await leagues.open(a_league(options={"laps": 2}), 1.0, per_server=2)
    assert first is not None
    stored = await leagues.league(first)
    assert stored is not None and stored.options == {"laps": 2} and stored.status == SIGNUP
    assert stored.round == 0 and stored.move_seconds is None
    assert await leagues.open(a_league(), 2.0, per_server=2) is not None
    assert await leagues.open(a_league(), 3.0, per_server=2) is None, "a third while two run"
    assert await leagues.open(a_league(guild=6), 3.0, per_server=2) is not None, "each server its own"
    await leagues.finish(first)
    assert await leagues.open(a_league(), 4.0, per_server=2) is not None, "a finished one does not count"


async def test_signing_up_twice_or_past_sign_up_or_over_the_limit_changes_nothing(store: Store) -> None:
    leagues = LeagueStore(store)
    league = await leagues.open(a_league(), 1.0, per_server=5)
    other = await leagues.open(a_league(), 1.0, per_server=5)
    assert league is not None and other is not None
    assert await leagues.sign_up(league, 7, 2.0, per_member=1) == "joined"
    assert await leagues.sign_up(league, 7, 3.0, per_member=1) == "already"
    assert await leagues.sign_up(other, 7, 3.0, per_member=1) == "limit"
    assert [p.user_id for p in await leagues.players(league)] == [7]
    await leagues.begin_round(league, 0, 100.0, [((7,), 2)], [])
    assert await leagues.sign_up(league, 8, 4.0, per_member=1) == "closed"


async def test_sign_ups_racing_each_other_seat_each_member_once(store: Store) -> None:
    leagues = LeagueStore(store)
    league = await leagues.open(a_league(), 1.0, per_server=5)
    assert league is not None
    answers = await asyncio.gather(*(leagues.sign_up(league, u, 2.0, per_member=3) for u in (7, 7, 8, 7, 8)))
    assert sorted(answers) == ["already", "already", "already", "joined", "joined"]
    assert sorted(p.user_id for p in await leagues.players(league)) == [7, 8]


async def test_a_round_begins_once_with_its_tables_and_byes(store: Store) -> None:
    leagues = LeagueStore(store)
    league = await leagues.open(a_league(), 1.0, per_server=5)
    assert league is not None
    tables = [((1, 2, 3), 0), ((4, 5), 1)]
    begun = await asyncio.gather(*(leagues.begin_round(league, 0, 50.0, tables, [6]) for _ in range(3)))
    assert sorted(begun) == [False, False, True]
    stored = await leagues.league(league)
    assert stored is not None and stored.round == 1 and stored.status == RUNNING and stored.round_ends == 50.0
    assert [(t.players, t.computers, t.game_id, t.halves) for t in await leagues.tables(league, 1)] == [
        ((1, 2, 3), 0, None, None),
        ((4, 5), 1, None, None),
    ]
    assert await leagues.byes(league) == [(1, 6)]
    assert not await leagues.begin_round(league, 0, 60.0, tables, []), "round 1 began already"


async def test_a_table_gets_its_game_once_and_its_score_once(store: Store) -> None:
    leagues = LeagueStore(store)
    league = await leagues.open(a_league(), 1.0, per_server=5)
    assert league is not None
    await leagues.begin_round(league, 0, 50.0, [((1, 2, 3), 0)], [])
    assert await leagues.attach_game(league, 1, 0, 99)
    assert not await leagues.attach_game(league, 1, 0, 100)
    table = await leagues.table_of_game(99)
    assert table is not None and (table.round, table.number) == (1, 0)
    assert await leagues.score_table(league, 1, 0, [4, 2, 0])
    assert not await leagues.score_table(league, 1, 0, [0, 0, 6])
    assert (await leagues.tables(league))[0].halves == (4, 2, 0)


async def test_withdrawing_before_the_start_removes_the_sign_up_and_after_it_marks_it(store: Store) -> None:
    leagues = LeagueStore(store)
    league = await leagues.open(a_league(), 1.0, per_server=5)
    assert league is not None
    for user in (1, 2, 3):
        await leagues.sign_up(league, user, float(user), per_member=3)
    assert await leagues.withdraw(league, 3)
    assert [p.user_id for p in await leagues.players(league)] == [1, 2]
    await leagues.begin_round(league, 0, 50.0, [((1, 2), 1)], [])
    assert await leagues.withdraw(league, 2)
    assert not await leagues.withdraw(league, 2), "out already"
    assert [(p.user_id, p.withdrawn) for p in await leagues.players(league)] == [(1, False), (2, True)]


async def test_leagues_due_are_sign_ups_that_close_now_and_rounds_whose_time_is_up(store: Store) -> None:
    leagues = LeagueStore(store)
    timed = await leagues.open(a_league(starts_at=10.0), 1.0, per_server=5)
    by_hand = await leagues.open(a_league(), 1.0, per_server=5)
    assert timed is not None and by_hand is not None
    assert [lg.id for lg in await leagues.due(9.0)] == []
    assert [lg.id for lg in await leagues.due(10.0)] == [timed]
    await leagues.begin_round(by_hand, 0, 20.0, [((1, 2), 0)], [])
    assert [lg.id for lg in await leagues.due(20.0)] == [timed, by_hand]
    await leagues.finish(by_hand)
    assert (await leagues.league(by_hand)).status == FINISHED  # type: ignore[union-attr]
    assert [lg.id for lg in await leagues.due(30.0)] == [timed]
