"""Members who left a server, stored (storage/departures.py): each table is told once across two
connections, and a member who comes back is forgotten, games told included, on each backend."""

from __future__ import annotations

import asyncio

from storage import Store, open_store
from storage.departures import DepartureStore

GUILD, OTHER_GUILD, BOB, CAROL = 1, 2, 7, 8


async def test_a_departure_is_recorded_and_each_table_told_once_among_two_connections(store_url: str) -> None:
    stores: list[Store] = [await open_store(store_url) for _ in range(2)]
    try:
        first, second = (DepartureStore(s) for s in stores)
        game = await stores[0].create_game(
            guild_id=GUILD, channel_id=100, game="polar-derby", options={}, seed=1, host_id=BOB, now=1.0
        )
        game_id = game.id
        marked = await asyncio.gather(first.mark(GUILD, BOB, 5.0), second.mark(GUILD, BOB, 6.0))
        assert sorted(marked) == [False, True]
        assert await second.departed(GUILD, [BOB, CAROL]) == {BOB}
        assert await second.departed(OTHER_GUILD, [BOB]) == frozenset(), "left one server, not every one"
        assert await first.everyone() == {(GUILD, BOB)}
        told = await asyncio.gather(first.claim_notice(game_id, BOB), second.claim_notice(game_id, BOB))
        assert sorted(told) == [False, True]

        assert await first.returned(GUILD, BOB)
        assert not await second.returned(GUILD, BOB), "back once"
        assert await second.departed(GUILD, [BOB]) == frozenset()
        assert await second.claim_notice(game_id, BOB), "a second departure is told again"
    finally:
        for s in stores:
            await s.close()
