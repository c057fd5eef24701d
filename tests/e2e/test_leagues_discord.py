"""Leagues end to end through the strict Discord double: a nine-player Swiss league of a
three-seat game over three rounds with a dropout, byes and a timed-out table, standings posted
each round; a round robin of a two-player game; a round begun by two processes at once, once."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.adapter.app import FloeBot
from bot.core.leagues.service import Leagues
from bot.core.sessions import LobbyError
from storage import open_store
from storage.leagues import FINISHED, LeagueTable
from tests.support.core import named_sessions

DAY = 86400.0


@pytest.fixture(autouse=True)
def hourly_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loops tick hourly: simcord's ``advance_time`` runs every tick within its budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


@pytest.fixture
def admin(world):
    env, guild, *_ = world
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("ada"), roles=(admins,))


async def pass_days(env, days: float) -> None:
    for _ in range(int(days)):
        await env.advance_time(DAY)
    await env.advance_time(1)


def league_cards(channel) -> list[str]:
    return [m.content for m in channel.history() if "league" in m.content]


async def test_a_swiss_league_of_nine_runs_three_rounds_with_a_dropout_byes_and_a_timed_out_table(
    world, admin
) -> None:
    env, guild, general, _other, members = world
    players = [*members, *(guild.add_member(env.create_user(n)) for n in ("fay", "gus", "hal", "ivy"))]
    refused = await members[0].slash(general, "league new", game="polar-derby", seats=3)
    assert refused.ephemeral and "Only a moderator" in refused.response.content
    opened = await admin.slash(general, "league new", game="polar-derby", seats=3, rounds=3, round_days=2)
    assert opened.ephemeral and "The league is open" in opened.response.content
    signup = general.last_message
    assert "Polar Derby league #1" in signup.content and "a Swiss of tables of 3, 3 rounds" in signup.content
    for player in players:
        answer = await player.click(general.last_message, label="Join league")
        assert answer.ephemeral and "signed up for the Polar Derby league" in answer.response.content
    again = await players[0].click(general.last_message, label="Join league")
    assert "signed up already" in again.response.content
    assert "Signed up (9)" in general.last_message.content
    await admin.click(general.last_message, label="Start")

    store = env.bot.store.leagues
    tables = await store.tables(1, 1)
    assert [len(t.players) for t in tables] == [3, 3, 3] and all(t.game_id for t in tables)
    assert len(general.threads) == 3
    card = general.last_message
    assert "round 1 of 3: the tables are open" in card.content
    assert all(f"<@{p.user.id}>" in card.content for p in players), "each player mentioned once"
    assert "standings after round 1 of 3" in card.content

    # table 1 ends: two of its players resign in its thread
    first = tables[0]
    assert first.game_id is not None
    table_channel = (await env.bot.sessions.table(first.game_id)).record.channel_id
    thread = next(t for t in general.threads if t.id == table_channel)
    by_id = {p.user.id: p for p in players}
    for user in first.players[:2]:
        await by_id[user].slash(thread, "game resign")
    # a dropout: the last player leaves the league during round 1
    dropout = by_id[tables[2].players[2]]
    left = await dropout.slash(general, "league leave")
    assert "later rounds" in left.response.content
    await pass_days(env, 2)  # round 1's time is up: tables 2 and 3 are scored as draws

    second = await store.tables(1, 2)
    seated = [u for t in second for u in t.players]
    assert dropout.user.id not in seated and len(seated) == 6
    assert len(await store.byes(1)) == 2, "eight players at tables of three: two byes"
    round_two = [c for c in league_cards(general) if "round 2 of 3" in c]
    assert round_two and "Bye this round, worth 1 point" in round_two[-1]
    assert "withdrawn" in round_two[-1]
    await pass_days(env, 2)
    await pass_days(env, 2)
    league = await store.league(1)
    assert league is not None and league.status == FINISHED
    final = general.last_message.content
    assert "🏆" in final and "is over" in final and "standings after round 3 of 3" in final
    standings = await players[0].slash(general, "league standings")
    assert standings.ephemeral and "1. " in standings.response.content


async def test_a_round_robin_of_a_two_player_game_meets_everyone_once(world, admin) -> None:
    """Four players, tables of two: three rounds, each pair meets once, then the league ends."""
    env, _guild, general, _other, members = world
    await admin.slash(general, "league new", game="polar-derby", format="round robin", seats=2, round_days=1)
    for player in members[:4]:
        await player.click(general.last_message, label="Join league")
    started = await admin.slash(general, "league start")
    assert "round 1's tables are opening" in started.response.content
    for _ in range(3):
        await pass_days(env, 1)
    store = env.bot.store.leagues
    pairs = {frozenset(t.players) for t in await store.tables(1)}
    assert len(pairs) == 6 and (await store.league(1)).status == FINISHED  # type: ignore[union-attr]


async def test_a_round_is_begun_once_by_two_processes_at_once(world, admin, db_path) -> None:
    """The host's Start in one process and the timed start in another, at the same moment: the
    database's conditional update lets one begin round 1; the other gets nothing to open."""
    env, _guild, general, _other, members = world
    await admin.slash(general, "league new", game="polar-derby", seats=2, rounds=2, round_days=1)
    for player in members[:4]:
        await player.click(general.last_message, label="Join league")
    other_store = await open_store(db_path)
    try:
        other = Leagues(other_store, named_sessions(other_store), clock=env.bot.leagues.clock)
        league = await env.bot.store.leagues.league(1)
        assert league is not None

        async def start(leagues: Leagues) -> list[LeagueTable]:
            try:
                return await leagues.start(1, admin.user.id, moderator=True)
            except LobbyError:  # it began elsewhere first
                return []

        begun = await asyncio.gather(start(env.bot.leagues), start(other), other.begin_round(league))
        assert sorted(len(tables) for tables in begun) == [0, 0, 2]
        assert len(await env.bot.store.leagues.tables(1)) == 2
    finally:
        await other_store.close()
