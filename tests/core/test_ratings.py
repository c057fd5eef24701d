"""Skill ratings: places from outcomes, the openskill update, provisional marks, what is not
rated, results written with the ending move, and the rebuild reproducing the incremental ratings."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.ratings import PROVISIONAL_GAMES, places, rate, replay, shown
from bot.core.sessions import Sessions
from games import Outcome
from storage import open_store
from storage.ratings import EVERYWHERE, PlayerResult, Skill
from tests.support.core import core_of, store_of

CHANNEL, GUILD = 100, 1
ALICE, BOB, CAROL, DAVE, EVE, FRED = 11, 12, 13, 14, 15, 16


def outcome(winners: set[int], scores: tuple[int, ...] | None = None) -> Outcome:
    return Outcome(frozenset(winners), scores, "")


def test_places_shared_winners_tie_and_the_rest_rank_by_score() -> None:
    assert places(outcome({0}, (9, 3, 5)), 3) == [1, 3, 2]
    assert places(outcome({0, 2}, (9, 3, 9, 3)), 4) == [1, 2, 1, 2]
    assert places(outcome({1}), 4) == [2, 1, 2, 2]  # no scores: the others tie below the winner
    assert places(outcome(set(), (1, 4, 4)), 3) == [2, 1, 1]  # nobody won: scores rank all
    assert places(outcome(set()), 3) == [1, 1, 1]


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_seat_count_rates_the_winner_up_and_the_last_down(seats: int) -> None:
    players = [PlayerResult(u, min(u, 3) + 1, u == 0, False) for u in range(seats)]
    after = rate(players, {})
    assert after[0].mu > 25 > after[seats - 1].mu
    assert all(k.games == 1 and k.sigma < 25 / 3 for k in after.values())


def test_a_shared_win_moves_both_winners_alike() -> None:
    players = [
        PlayerResult(1, 1, True, False),
        PlayerResult(2, 1, True, False),
        PlayerResult(3, 2, False, False),
    ]
    after = rate(players, {})
    assert after[1] == after[2] and after[1].mu > after[3].mu
    tie = rate([PlayerResult(1, 1, False, False), PlayerResult(2, 1, False, False)], {})
    assert tie[1].mu == pytest.approx(25) and tie[2].mu == pytest.approx(25)


def test_a_rating_is_provisional_for_the_first_five_games() -> None:
    assert PROVISIONAL_GAMES == 5
    assert shown(None) == "—"
    assert shown(Skill(30.0, 2.0, 4)) == "24.0?"
    assert shown(Skill(30.0, 2.0, 5)) == "24.0"


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    yield Sessions(store, new_seed=lambda: 7)
    await store.close()


async def lost_by_resignation(
    sessions: Sessions, loser: int, others: tuple[int, ...], channel: int = CHANNEL, game: str = "polar-derby"
) -> int:
    """A game of ``loser`` and ``others`` that ends with everyone but the first of ``others``
    resigning; returns its id."""
    reply = await sessions.new_game(channel_id=channel, guild_id=GUILD, user_id=loser, game_name=game)
    for user in others:
        await sessions.join(channel, user)
    await sessions.start(channel, loser)
    for user in (loser, *others[1:]):
        await sessions.resign(channel, user)
    assert reply.game_id is not None
    return reply.game_id


async def test_the_ending_move_writes_the_result_and_the_ratings(sessions: Sessions) -> None:
    gid = await lost_by_resignation(sessions, BOB, (ALICE,))
    ratings = store_of(sessions).ratings
    [result] = await ratings.results()
    assert result.game_id == gid and result.rated and result.season == 1
    assert {(p.user_id, p.place, p.won, p.resigned) for p in result.players} == {
        (ALICE, 1, True, False),
        (BOB, 2, False, True),
    }
    for scope, season in ((GUILD, 1), (EVERYWHERE, 0)):
        alice = await ratings.rating(scope, season, "polar-derby", ALICE)
        bob = await ratings.rating(scope, season, "polar-derby", BOB)
        assert alice is not None and bob is not None and alice.mu > bob.mu and alice.games == 1
    assert (await core_of(sessions).rated_games.rebuild()).differences == []


async def test_abandoned_and_computer_games_do_not_move_ratings(sessions: Sessions) -> None:

    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await core_of(sessions).tables.abandon(CHANNEL, ALICE, moderator=False)
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    await sessions.add_computer(CHANNEL, ALICE, "easy")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await sessions.resign(CHANNEL, BOB)
    await sessions.resign(CHANNEL, ALICE)
    ratings = store_of(sessions).ratings
    [result] = await ratings.results()  # the abandoned game records nothing
    assert result.game_id == reply.game_id and not result.rated
    assert await ratings.all_ratings() == []
    assert {t.computers for t in await ratings.tallies(ALICE)} == {True}


async def test_rebuild_equals_the_incremental_ratings_and_reports_a_difference(sessions: Sessions) -> None:
    line_ups = [
        ("polar-derby", BOB, (ALICE,)),
        ("polar-derby", CAROL, (ALICE, BOB)),
        ("polar-derby", ALICE, (DAVE, BOB, CAROL)),
        ("thin-ice", EVE, (FRED, ALICE, BOB, CAROL, DAVE)),
        ("thin-ice", FRED, (EVE, ALICE)),
    ]
    for number, (game, loser, others) in enumerate(line_ups * 2):
        await lost_by_resignation(sessions, loser, others, channel=CHANNEL + number, game=game)
    ratings = store_of(sessions).ratings
    before = await ratings.all_ratings()
    assert len(before) == 2 * (4 + 6)  # Polar Derby 4 people, Thin Ice 6: in the season and everywhere
    assert (await core_of(sessions).rated_games.rebuild()).differences == []
    assert await ratings.all_ratings() == before
    await ratings.replace_ratings([r for r in before if r.user_id != EVE])
    report = await core_of(sessions).rated_games.rebuild()
    assert len(report.differences) == 2 and all(
        "thin-ice" in d and "user 15" in d for d in report.differences
    )
    assert await ratings.all_ratings() == before


async def test_a_new_season_starts_fresh_and_keeps_the_old_one(sessions: Sessions) -> None:
    await lost_by_resignation(sessions, BOB, (ALICE,))
    ratings = store_of(sessions).ratings
    assert await ratings.new_season(GUILD, now=1.0) == 2
    await lost_by_resignation(sessions, ALICE, (BOB,), channel=CHANNEL + 1)
    old = await ratings.rating(GUILD, 1, "polar-derby", ALICE)
    new = await ratings.rating(GUILD, 2, "polar-derby", ALICE)
    everywhere = await ratings.rating(EVERYWHERE, 0, "polar-derby", ALICE)
    assert old is not None and new is not None and everywhere is not None
    assert old.mu > 25 > new.mu and new.games == 1 and everywhere.games == 2
    assert (await core_of(sessions).rated_games.rebuild()).differences == []


def test_replay_skips_unrated_results() -> None:
    from storage.ratings import StoredResult

    players = (PlayerResult(1, 1, True, False), PlayerResult(2, 2, False, False))
    rated = StoredResult(1, GUILD, 1, "thin-ice", 1.0, True, players)
    unrated = StoredResult(2, GUILD, 1, "thin-ice", 2.0, False, players)
    assert replay([rated, unrated]) == replay([rated])
