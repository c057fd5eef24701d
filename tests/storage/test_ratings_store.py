"""Results, ratings, seasons, reliability and lobby notices on both stores, and migration 7
filling the summaries of games that finished before it."""

from __future__ import annotations

import asyncio
import io

import pytest

from bot.adapter.upgrades import UPGRADE_STEPS
from bot.core.ratings import rate
from bot.core.sessions import Sessions
from bot.core.upgrades import upgrade
from bot.terminal.cli import cmd_ratings_rebuild
from storage import Store, open_store
from storage.errors import IntegrityViolation
from storage.ratings import EVERYWHERE, GameResult, PlayerResult
from storage.schema import SCHEMA_VERSION
from tests.support.old_databases import ALICE, BOB, CAROL, GUILD, back_before_ratings, finished_by_resignation


async def test_the_ending_move_and_its_ratings_are_one_transaction(any_store: Store) -> None:
    sessions = Sessions(any_store, new_seed=lambda: 3)
    await finished_by_resignation(sessions, 10, ALICE, BOB)
    ratings = any_store.ratings
    [result] = await ratings.results()
    assert result.rated and {p.user_id: p.place for p in result.players} == {ALICE: 2, BOB: 1}
    bob = await ratings.rating(GUILD, 1, "polar-derby", BOB)
    assert bob is not None and bob.games == 1 and bob.won == 1
    assert [u for u, _ in await ratings.board(EVERYWHERE, 0, "polar-derby")] == [BOB, ALICE]


async def test_a_refused_result_writes_nothing_not_even_the_move(any_store: Store) -> None:
    record = await any_store.create_game(
        guild_id=GUILD, channel_id=10, game="polar-derby", options={}, seed=1, host_id=ALICE, now=1.0
    )
    await any_store.add_seat(record.id, BOB, now=1.0)
    await any_store.start_game(record.id, state={}, now=1.0)
    twice = PlayerResult(ALICE, 1, True, False)
    bad = GameResult(record.id, GUILD, "polar-derby", False, (twice, twice), rate)  # one person twice
    with pytest.raises(IntegrityViolation):
        await any_store.record_action(
            record.id,
            step=0,
            seat=0,
            notation="stop",
            narration="",
            state={},
            status="finished",
            now=2.0,
            result=bad,
        )
    game = await any_store.game(record.id)
    assert game is not None and game.status == "active" and await any_store.actions(record.id) == []
    assert await any_store.ratings.results() == []


async def test_seasons_reliability_counters_and_notices(any_store: Store) -> None:
    ratings, reliability, lobbies = any_store.ratings, any_store.reliability, any_store.lobbies
    assert await ratings.season(GUILD) == 1
    assert await ratings.new_season(GUILD, now=5.0) == 2
    assert await ratings.season(GUILD) == 2 and await ratings.season(GUILD + 1) == 1
    await reliability.count_replaced(ALICE)
    await reliability.count_missed(ALICE)
    await reliability.count_missed(ALICE)
    record = (await reliability.of([ALICE, BOB]))[ALICE]
    assert (record.replaced, record.missed, record.finished) == (1, 2, 0)
    assert (await reliability.of([BOB]))[BOB].share_finished is None
    await lobbies.set_notify(GUILD, "thin-ice", BOB, True)
    await lobbies.set_notify(GUILD, "thin-ice", BOB, True)
    await lobbies.set_notify(GUILD, "thin-ice", ALICE, True)
    await lobbies.set_notify(GUILD, "thin-ice", ALICE, False)
    assert await lobbies.notified(GUILD, "thin-ice") == [BOB]


async def test_the_store_builds_its_ratings_lobbies_and_reliability_once(any_store: Store) -> None:
    """Each part is one object on its store, built on first use and kept (no rebuild per call)."""
    assert any_store.ratings is any_store.ratings and any_store.ratings.store is any_store
    assert any_store.lobbies is any_store.lobbies and any_store.lobbies.store is any_store
    assert any_store.reliability is any_store.reliability and any_store.reliability.store is any_store


async def test_reliability_after_resignations(any_store: Store) -> None:
    sessions = Sessions(any_store, new_seed=lambda: 3)
    await finished_by_resignation(sessions, 10, ALICE, BOB)
    await finished_by_resignation(sessions, 11, BOB, ALICE, CAROL)
    reliable = await any_store.reliability.of([ALICE, BOB, CAROL])
    # Alice resigned both games, Bob won the first and resigned the second, Carol won it
    assert (reliable[ALICE].finished, reliable[ALICE].resigned) == (0, 2)
    assert (reliable[BOB].finished, reliable[BOB].resigned) == (1, 1)
    assert (reliable[CAROL].finished, reliable[CAROL].resigned) == (1, 0)
    assert reliable[ALICE].share_finished == 0.0 and reliable[BOB].share_finished == 0.5


async def test_the_ratings_migration_fills_the_summaries_of_games_finished_before_it(store_url: str) -> None:
    """A database from before the ratings migration holding finished games: opening it runs it, and the
    upgrade step fills results and ratings equal to what the ending moves would have written, once."""
    store = await open_store(store_url)
    sessions = Sessions(store, new_seed=lambda: 3)
    for channel in range(10, 13):
        await finished_by_resignation(sessions, channel, ALICE, BOB, CAROL)
    ratings = store.ratings
    incremental = await ratings.all_ratings()
    results = await ratings.results()
    await back_before_ratings(store)
    await store.close()
    store = await open_store(store_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        ratings = store.ratings
        assert await ratings.results() == []
        done = {o.step.name: o.changed for o in await upgrade(store, Sessions(store), UPGRADE_STEPS)}
        assert done["results before ratings"] == 3
        assert [r.players for r in await ratings.results()] == [r.players for r in results]
        assert await ratings.all_ratings() == incremental
        assert await upgrade(store, Sessions(store), UPGRADE_STEPS) == []
    finally:
        await store.close()
    out = io.StringIO()
    assert await cmd_ratings_rebuild(store_url, out) == 0
    assert "Replayed 3 finished games" in out.getvalue() and "equal" in out.getvalue()


async def test_two_games_ending_at_once_for_new_players_both_count(store_url: str) -> None:
    """Two processes (two stores on one database) rate two games of the same two newcomers at the
    same moment: the second waits for the first (the players' reliability rows are locked first,
    in user order), so neither rating update is lost, on either backend."""
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        ids = []
        for channel in (20, 21):
            record = await first.create_game(
                guild_id=GUILD,
                channel_id=channel,
                game="polar-derby",
                options={},
                seed=1,
                host_id=ALICE,
                now=1.0,
            )
            ids.append(record.id)
        players = (PlayerResult(ALICE, 1, True, False), PlayerResult(BOB, 2, False, False))
        await asyncio.gather(
            *(
                store.ratings.add_result(
                    GameResult(gid, GUILD, "polar-derby", False, players, rate), finished_at=2.0
                )
                for store, gid in zip((first, second), ids, strict=True)
            )
        )
        for user, won in ((ALICE, 2), (BOB, 0)):
            for scope, season in ((EVERYWHERE, 0), (GUILD, 1)):
                skill = await first.ratings.rating(scope, season, "polar-derby", user)
                assert skill is not None and (skill.games, skill.won) == (2, won)
        assert (await first.reliability.of([ALICE]))[ALICE].finished == 2
    finally:
        await first.close()
        await second.close()
