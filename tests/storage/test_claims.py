"""Scheduler rows on both stores: waits, claims and leases across two store objects, batched adoption."""

from __future__ import annotations

import asyncio
import json

from storage import Store, open_store
from storage.clocks import ClockSettings, ClockStore, UserClock, Wait
from tests.support.stored_games import active_game


async def _due_game(store: Store, channel: int, due_at: float) -> int:
    game = await active_game(store, channel)
    clocks = ClockStore(store)
    await clocks.save_settings(ClockSettings(game.id))
    await clocks.set_waits(game.id, [Wait(game.id, 0, 0, 0.0, remind_at=due_at).with_due(False)])
    return game.id


async def test_waits_settings_and_user_clocks_round_trip(any_store: Store) -> None:
    game = await active_game(any_store)
    clocks = ClockStore(any_store)
    s = ClockSettings(
        game.id, remind_every=3600.0, deadline=7200.0, pause_votes=frozenset({1}), stall_votes=((2, "skip"),)
    )
    await clocks.save_settings(s)
    assert await clocks.settings(game.id) == s
    waits = [Wait(game.id, 0, 0, 10.0, shared=True, remind_at=50.0, deadline_at=40.0).with_due(False)]
    await clocks.set_waits(game.id, waits)
    assert await clocks.waits(game.id) == waits and waits[0].due_at == 40.0
    assert await clocks.due(45.0) == [(game.id, 0)] and await clocks.due(39.0) == []
    assert await clocks.waits_of_user(1) == waits
    await clocks.extend_deadlines(100.0)
    assert (await clocks.waits(game.id))[0].deadline_at == 140.0
    await clocks.set_user_clock(UserClock(1, "Europe/Oslo", 1320, 420, 99.5))
    assert await clocks.user_clocks([1, 3]) == {
        1: UserClock(1, "Europe/Oslo", 1320, 420, 99.5),
        3: UserClock(3),
    }
    assert await clocks.heartbeat(5.0) is None and await clocks.heartbeat(6.0) == 5.0


async def test_a_claim_leases_due_games_to_one_owner_until_released(any_store: Store) -> None:
    clocks = ClockStore(any_store)
    early = await _due_game(any_store, 10, due_at=100.0)
    late = await _due_game(any_store, 11, due_at=200.0)
    not_yet = await _due_game(any_store, 12, due_at=900.0)
    assert await clocks.claim_due("a", 300.0, 60.0, 10) == [early, late]
    assert await clocks.lease(early) == ("a", 360.0) and await clocks.lease(not_yet) is None
    assert await clocks.claim_due("b", 300.0, 60.0, 10) == []  # held by a
    assert await clocks.release("b", [early]) == 0  # only the owner releases
    assert await clocks.release("a", [early]) == 1
    assert await clocks.claim_due("b", 300.0, 60.0, 10) == [early]


async def test_a_dead_owners_lease_is_claimable_after_it_expires(any_store: Store) -> None:
    clocks = ClockStore(any_store)
    game = await _due_game(any_store, 10, due_at=100.0)
    assert await clocks.claim_due("dead", 100.0, 30.0, 10) == [game]  # then the process dies
    assert await clocks.claim_due("alive", 129.0, 30.0, 10) == []
    assert await clocks.claim_due("alive", 130.0, 30.0, 10) == [game]
    assert await clocks.lease(game) == ("alive", 160.0)


async def test_the_limit_takes_the_earliest_due_first(any_store: Store) -> None:
    clocks = ClockStore(any_store)
    ids = [await _due_game(any_store, 10 + i, due_at=100.0 - i) for i in range(5)]
    assert await clocks.claim_due("a", 100.0, 60.0, 2) == [ids[4], ids[3]]


async def test_two_store_objects_claiming_at_once_never_share_a_game(store_url: str) -> None:
    """Two processes' schedulers on one database: every due game is claimed exactly once."""
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        ids = [await _due_game(first, 100 + i, due_at=float(i)) for i in range(40)]
        a, b = ClockStore(first), ClockStore(second)
        claimed: list[list[int]] = [[], []]

        async def worker(clocks: ClockStore, owner: str, out: list[int]) -> None:
            while got := await clocks.claim_due(owner, 1000.0, 60.0, 3):
                out += got

        await asyncio.gather(worker(a, "a", claimed[0]), worker(b, "b", claimed[1]))
        assert sorted(claimed[0] + claimed[1]) == ids
        assert not set(claimed[0]) & set(claimed[1])
    finally:
        await first.close()
        await second.close()


async def test_a_wait_without_a_clock_row_is_still_claimable(any_store: Store) -> None:
    game = await active_game(any_store)
    clocks = ClockStore(any_store)
    await clocks.set_waits(game.id, [Wait(game.id, 1, 0, 0.0, remind_at=5.0).with_due(False)])
    assert await clocks.claim_due("a", 10.0, 60.0, 10) == [game.id]
    assert await clocks.settings(game.id) == ClockSettings(game.id)


async def test_unclocked_games_come_in_pages_with_their_seats_and_adopt_inserts_them(
    any_store: Store,
) -> None:
    clocks = ClockStore(any_store)
    games = [await active_game(any_store, 10 + i, users=(1, 2, 3)) for i in range(5)]
    lobby = await any_store.create_game(
        guild_id=5, channel_id=99, game="polar-derby", options={}, seed=1, host_id=1, now=1.0
    )
    await clocks.save_settings(ClockSettings(games[0].id))  # already known to the scheduler
    page = await clocks.unclocked_games(limit=2)
    assert [g.id for g in page] == [games[1].id, games[2].id]
    assert (page[0].users, page[0].computers) == ((1, 2, 3), frozenset())
    assert (page[0].game, page[0].step) == ("polar-derby", 0)
    assert page[0].state is not None and json.loads(page[0].state) == {"n": 0}  # as stored
    rest = await clocks.unclocked_games(after=page[-1].id, limit=10)
    assert [g.id for g in rest] == [games[3].id, games[4].id] and lobby.id not in [g.id for g in rest]
    adopted = [g.id for g in page + rest]
    waits = [Wait(g, 0, 0, 1.0, remind_at=9.0).with_due(False) for g in adopted]
    await clocks.adopt([ClockSettings(g) for g in adopted], waits)
    await clocks.adopt(
        [ClockSettings(adopted[0], remind_every=5.0)], waits[:1]
    )  # a second adopter: no change
    assert await clocks.unclocked_games() == []
    assert (await clocks.settings(adopted[0])).remind_every == ClockSettings(0).remind_every
    assert sorted(g for g, _ in await clocks.due(10.0)) == sorted(adopted)


async def test_processes_resuming_together_forgive_the_downtime_once(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        game = await active_game(first)
        a, b = ClockStore(first), ClockStore(second)
        await a.set_waits(
            game.id, [Wait(game.id, 0, 0, 0.0, remind_at=5000.0, deadline_at=1000.0).with_due(False)]
        )
        assert await a.heartbeat(100.0) is None
        # both processes start 900 s after the last tick of any process
        lasts = await asyncio.gather(a.resume(1000.0, grace=300.0), b.resume(1000.5, grace=300.0))
        assert sorted(lasts, key=float) in ([100.0, 1000.0], [100.0, 1000.5])
        [wait] = await a.waits(game.id)
        assert wait.deadline_at in (1900.0, 1900.5) and wait.due_at == wait.deadline_at  # pushed back once
        assert await b.resume(1100.0, grace=300.0) is not None
        assert (await a.waits(game.id))[0].deadline_at == wait.deadline_at  # a short gap forgives nothing
    finally:
        await first.close()
        await second.close()
