"""A league's life in the core (bot/core/leagues/service.py): sign-up, rounds opened once,
tables scored once, time up, withdrawals and byes, round robin to the end."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from itertools import combinations
from pathlib import Path

import pytest

from bot.core.leagues.service import Leagues
from bot.core.sessions import LobbyError, Sessions
from storage import open_store
from storage.leagues import FINISHED, RUNNING, LeagueRecord, LeagueTable
from tests.support.core import Clock, named_sessions

GUILD, CHANNEL, HOST = 1, 100, 1
DAY = 86400.0
PLAYERS = list(range(1, 10))


@pytest.fixture
async def leagues(tmp_path: Path) -> AsyncIterator[Leagues]:
    store = await open_store(str(tmp_path / "floe.db"))
    clock = Clock()
    yield Leagues(store, named_sessions(store, clock=clock), clock=clock)
    await store.close()


async def a_league(leagues: Leagues, players: list[int] = PLAYERS, **how: object) -> LeagueRecord:
    league = await leagues.open(
        guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, game_name="polar-derby", **how
    )  # type: ignore[arg-type]
    for user in players:
        await leagues.sign_up(league.id, user)
    return league


async def open_all(leagues: Leagues, league: LeagueRecord, tables: list[LeagueTable]) -> list[int]:
    """Open ``tables``, each in a channel of its own; their games' ids."""
    league = await leagues.league(league.id)
    for t in tables:
        await leagues.open_table(league, t, channel_id=10_000 * league.id + 100 * t.round + t.number)
    opened = await leagues._leagues.tables(league.id, tables[0].round)
    return [t.game_id for t in opened if t.game_id is not None]


def sessions_of(leagues: Leagues) -> Sessions:
    return leagues.sessions


async def test_a_league_refuses_what_cannot_work_and_changes_nothing(leagues: Leagues) -> None:
    with pytest.raises(LobbyError, match="2 to 4 players"):
        await leagues.open(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, game_name="polar-derby", seats=5)
    with pytest.raises(LobbyError, match="tables of two"):
        await leagues.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            host_id=HOST,
            game_name="polar-derby",
            format="round robin",
            seats=3,
        )
    await a_league(leagues, [], seats=3)
    await a_league(leagues, [], seats=3)
    with pytest.raises(LobbyError, match="runs 2 leagues already"):
        await a_league(leagues, [], seats=3)


async def test_only_the_host_or_a_moderator_starts_and_not_before_a_table_is_full(leagues: Leagues) -> None:
    league = await a_league(leagues, [1, 2], seats=3)
    with pytest.raises(LobbyError, match="host or a moderator"):
        await leagues.start(league.id, 2, moderator=False)
    with pytest.raises(LobbyError, match="at least 3 players"):
        await leagues.start(league.id, HOST, moderator=False)
    assert (await leagues.league(league.id)).status == "signup"


async def test_a_round_is_begun_once_and_each_table_opens_as_a_started_game(leagues: Leagues) -> None:
    league = await a_league(leagues, seats=3)
    tables = await leagues.start(league.id, HOST, moderator=False)
    assert [t.players for t in tables] == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    again = await leagues.begin_round(league)  # another process, with the league as it was
    assert again == []
    game_ids = await open_all(leagues, league, tables)
    for game_id, t in zip(game_ids, tables, strict=True):
        table = await sessions_of(leagues).table(game_id)
        assert table.record.status == "active"
        assert [table.user_of(s) for s in range(len(table.seats))] == list(t.players)
    league = await leagues.league(league.id)
    for t in await leagues._leagues.tables(league.id, 1):
        assert await leagues.open_table(league, t, channel_id=999) is None, "opened once"
        assert await leagues.open_table(league, tables[t.number], channel_id=998) is None, "opened elsewhere"


async def test_a_finished_table_is_scored_by_place_and_an_unfinished_one_as_a_draw(leagues: Leagues) -> None:
    league = await a_league(leagues, seats=3)
    game_ids = await open_all(leagues, league, await leagues.start(league.id, HOST, moderator=False))
    sessions = sessions_of(leagues)
    await sessions.resign(0, 1, game_id=game_ids[0])
    await sessions.resign(0, 2, game_id=game_ids[0])  # player 3 wins the first table
    assert (await leagues.tick()).begun == [], "the round goes on"
    scored = (await leagues._leagues.tables(league.id, 1))[0]
    assert scored.halves is not None and await leagues.game_ended(scored) is None, "scored once"
    await sessions.resign(0, 4, game_id=game_ids[1])
    league = await leagues.league(league.id)
    assert await leagues.time_up(league) == game_ids[1:]
    halves = [t.halves for t in await leagues._leagues.tables(league.id, 1)]
    assert halves[0] is not None and halves[0][2] == 4  # the winner: 2 points
    assert halves[1] == (0, 3, 3)  # 4 resigned: last; the others draw
    assert halves[2] == (2, 2, 2)


async def test_the_second_round_avoids_first_round_meetings_and_skips_the_withdrawn(leagues: Leagues) -> None:
    league = await a_league(leagues, [*PLAYERS, 10], seats=3)
    first = await leagues.start(league.id, HOST, moderator=False)
    assert (await leagues._leagues.byes(league.id)) == [(1, 10)], "ten players at tables of three: one bye"
    await open_all(leagues, league, first)
    await leagues.withdraw(league.id, 9)
    league = await leagues.league(league.id)
    await leagues.time_up(league)
    second = await leagues.begin_round(await leagues.league(league.id))
    seated = [p for t in second for p in t.players]
    assert 9 not in seated and sorted(seated) == [1, 2, 3, 4, 5, 6, 7, 8, 10]
    met_before = {frozenset(pair) for t in first for pair in combinations(t.players, 2)}
    repeats = [pair for t in second for pair in combinations(t.players, 2) if frozenset(pair) in met_before]
    assert not repeats
    points = {s.record.player: s.record.halves for s in (await leagues.standings(league.id))[1]}
    assert points[10] == 2, "a bye: a table's average, 1 point"
    assert (points[7], points[8], points[9]) == (3, 3, 0), "the withdrawn player takes the last place"
    assert points[1] == 2, "a draw at three: 1 point each"


async def test_a_round_robin_of_four_plays_three_rounds_then_finishes(leagues: Leagues) -> None:
    league = await a_league(leagues, [1, 2, 3, 4], format="round robin", seats=2)
    met: set[frozenset[int]] = set()
    tables = await leagues.start(league.id, HOST, moderator=False)
    for _ in range(3):
        met |= {frozenset(t.players) for t in tables}
        await open_all(leagues, league, tables)
        league = await leagues.league(league.id)
        await leagues.time_up(league)
        tables = await leagues.begin_round(await leagues.league(league.id))
    assert tables == [] and (await leagues.league(league.id)).status == FINISHED
    assert len(met) == 6


async def test_sign_ups_racing_each_other_count_each_member_once(leagues: Leagues) -> None:
    league = await a_league(leagues, [], seats=3)
    await asyncio.gather(*(leagues.sign_up(league.id, u) for u in (5, 5, 6, 5)))
    assert [p.user_id for p in await leagues._leagues.players(league.id)] == [5, 6]
    assert (await leagues.league(league.id)).status != RUNNING


async def test_the_tick_starts_a_timed_league_ends_rounds_on_time_and_finishes_after_the_last(
    leagues: Leagues,
) -> None:
    clock = leagues.clock
    assert isinstance(clock, Clock)
    league = await a_league(leagues, [1, 2, 3, 4], seats=2, rounds=2, round_days=2, starts_in_days=1)
    assert (await leagues.tick()).begun == []
    clock.t += DAY
    work = await leagues.tick()
    assert [(lg.id, len(tables)) for lg, tables in work.begun] == [(league.id, 2)]
    game_ids = await open_all(leagues, league, work.begun[0][1])
    assert (await leagues.tick()).begun == [], "once"
    clock.t += 2 * DAY
    work = await leagues.tick()
    assert work.closed == game_ids, "the round's unfinished games are closed"
    assert [lg.round for lg, _ in work.begun] == [1] and len(work.begun[0][1]) == 2
    for game_id in work.closed:
        reply = await leagues.close_table(game_id)
        assert reply is not None and reply.finished and "time is up" in reply.post.text  # type: ignore[union-attr]
        assert await leagues.close_table(game_id) is None
    await open_all(leagues, league, work.begun[0][1])
    clock.t += 2 * DAY
    work = await leagues.tick()
    assert [lg.id for lg in work.finished] == [league.id] and work.begun == []
    assert (await leagues.league(league.id)).status == FINISHED


async def test_a_timed_league_with_too_few_players_is_called_off(leagues: Leagues) -> None:
    clock = leagues.clock
    assert isinstance(clock, Clock)
    league = await a_league(leagues, [1], seats=2, starts_in_days=1)
    clock.t += DAY
    work = await leagues.tick()
    assert [lg.id for lg in work.cancelled] == [league.id]
    assert (await leagues.league(league.id)).status == "cancelled"
