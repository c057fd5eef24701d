"""Owed boards shared by several processes: each claimed by one at a time, on both stores."""

from __future__ import annotations

import asyncio

from storage import Store
from storage.guilds import GuildStore
from storage.owed import OWED, OwedBoards


async def test_two_processes_never_claim_the_same_owed_board(store_url: str) -> None:
    first, second = await Store.open(store_url), await Store.open(store_url)
    try:
        a, b = OwedBoards(first), OwedBoards(second)
        for game_id in (1, 2, 3):
            await a.owe(game_id, 100.0 + game_id, pings=[game_id * 10])
        got_a, got_b = await asyncio.gather(a.claim("a", 200.0, 60.0), b.claim("b", 200.0, 60.0))
        ids_a, ids_b = {x.game_id for x in got_a}, {x.game_id for x in got_b}
        assert ids_a | ids_b == {1, 2, 3} and not ids_a & ids_b
        assert await a.claim("a", 210.0, 60.0) == [] and await b.claim("b", 210.0, 60.0) == []
        board = (got_a + got_b)[0]
        assert board.pings == frozenset({board.game_id * 10}) and board.since == 100.0 + board.game_id
    finally:
        await first.close()
        await second.close()


async def test_a_released_or_expired_claim_is_free_and_only_the_holder_settles(any_store: Store) -> None:
    owed = OwedBoards(any_store)
    await owed.owe(7, 10.0, pings=[1])
    await owed.owe(7, 20.0, pings=[2])  # owed again: first owed at 10, both pings
    [board] = await owed.claim("a", 30.0, 60.0)
    assert (board.since, board.pings) == (10.0, frozenset({1, 2}))
    assert not await owed.settle("b", 7) and await owed.owed(7)  # not b's to settle
    assert await owed.release("a", 7)
    [again] = await owed.claim("b", 31.0, 60.0)  # released: free at once
    assert again.game_id == 7
    [taken] = await owed.claim("c", 31.0 + 61.0, 60.0)  # b died: its lease ran out
    assert taken.game_id == 7
    assert not await owed.settle("b", 7) and await owed.settle("c", 7)
    assert not await owed.owed(7) and await owed.claim("a", 200.0, 60.0) == []


async def test_a_board_owed_before_leases_existed_is_claimed(any_store: Store) -> None:
    await GuildStore(any_store).set_fact(f"{OWED}5", "1")
    [board] = await OwedBoards(any_store).claim("a", 50.0, 60.0)
    assert (board.game_id, board.since, board.pings) == (5, 50.0, frozenset())
