"""A deadline default (``Sessions.play_for``) racing another process's move on one database:
two stores and sessions, as two processes have. A default whose commit finds the game moved on
looks again, and one that committed is answered even when the forced moves after it lose; a
default is played for the turn that was missed only."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.core.sessions import Sessions, StaleAction
from storage import Store, open_store
from tests.support.core import ALICE, BOB, CHANNEL, GUILD, Clock, named_sessions, store_of


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Sessions, Sessions]]:
    stores = [await open_store(store_url), await open_store(store_url)]
    clock = Clock()
    yield tuple(named_sessions(s, clock=clock) for s in stores)  # type: ignore[misc]
    for s in stores:
        await s.close()


async def _ice_lake_for_two(a: Sessions) -> int:
    """Alice and Bob plan together (Ice Lake's planning awaits both at once)."""
    reply = await a.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    assert reply.game_id is not None
    await a.join(CHANNEL, BOB)
    await a.start(CHANNEL, ALICE)
    return reply.game_id


def _default(game: Any, state: Any, seat: int) -> Any:
    return game.default_action(state, seat)


async def _plans(store: Store, game_id: int) -> list[tuple[int, str]]:
    return [(x.seat, x.notation) for x in await store.actions(game_id)]


async def test_a_default_whose_commit_finds_the_game_moved_on_looks_again_and_is_played(
    two: tuple[Sessions, Sessions],
) -> None:
    a, b = two
    gid = await _ice_lake_for_two(a)
    commit = a.moves.commit
    raced: list[int] = []

    async def bob_plans_first(*args: Any, **kwargs: Any) -> Any:
        if not raced:  # the other process commits Bob's plan between this one's load and commit
            raced.append(1)
            await b.act(CHANNEL, BOB, "plan SL")
        return await commit(*args, **kwargs)

    a.moves.commit = bob_plans_first  # type: ignore[method-assign]
    reply = await a.moves.play_for(gid, 0, _default, intro="Time is up for Alice")
    assert reply is not None, "the default was played after looking again"
    plans = await _plans(store_of(a), gid)
    assert plans[0] == (1, "plan SL") and [seat for seat, _ in plans] == [1, 0], (
        "Bob's plan, then Alice's default"
    )


async def test_a_committed_default_is_answered_when_the_forced_moves_after_it_lose_the_race(
    two: tuple[Sessions, Sessions],
) -> None:
    a, _ = two
    gid = await _ice_lake_for_two(a)

    async def lost(table: Any, events: Any) -> Any:
        raise StaleAction("someone else moved first")

    a.moves.play_forced = lost  # type: ignore[method-assign]
    reply = await a.moves.play_for(gid, 0, _default, intro="Time is up for Alice")
    assert reply is not None, "the default counted: its board is owed to the players"
    assert [seat for seat, _ in await _plans(store_of(a), gid)] == [0]


async def test_a_missed_plan_counts_as_s_for_its_round_only(two: tuple[Sessions, Sessions]) -> None:
    """Ice Lake: "A missing plan at the deadline counts as S". Once it is in, the movement runs
    and the next round's planning asks every skater again: Alice's next plan is hers to make (with
    a deadline of its own), not played for her by the same expiry."""
    a, _ = two
    gid = await _ice_lake_for_two(a)
    await a.act(CHANNEL, BOB, "plan SL")
    assert await a.moves.play_for(gid, 0, _default, intro="Time is up for Alice") is not None
    table = await a.table(gid)
    assert await _plans(store_of(a), gid) == [(1, "plan SL"), (0, "plan S")]
    assert (table.state.round, table.game.to_act(table.state)) == (2, frozenset({0, 1}))
