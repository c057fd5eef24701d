"""``Store.game_and_seats``: the game and its seats in one query, on both stores."""

from __future__ import annotations

from storage import Store


async def test_game_and_seats_match_the_two_queries(any_store: Store) -> None:
    record = await any_store.create_game(
        guild_id=1, channel_id=5, game="polar-derby", options={}, seed=3, host_id=11, now=1.0
    )
    await any_store.add_seat(record.id, 12, now=2.0)
    await any_store.add_seat(record.id, 11, now=3.0)  # a user may hold two seats
    found = await any_store.game_and_seats(record.id)
    assert found is not None
    game, seats = found
    assert game == await any_store.game(record.id)
    assert seats == await any_store.seats(record.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 11), (1, 12), (2, 11)]
    assert await any_store.game_and_seats(record.id + 100) is None
