"""Computer seats in storage, on both stores: ``seats.computer`` holds the level (migration 6)."""

from __future__ import annotations

from storage import SeatChange, Store


async def test_a_computer_seat_keeps_its_level_and_a_replaced_seat_gets_one(any_store: Store) -> None:
    game = await any_store.create_game(
        guild_id=1, channel_id=10, game="ice-lake", options={}, seed=3, host_id=7, now=1.0
    )
    await any_store.add_seat(game.id, -1_001_001, now=2.0, computer="normal")
    await any_store.add_seat(game.id, 8, now=2.0)
    seats = await any_store.seats(game.id)
    assert [(s.user_id, s.computer) for s in seats] == [(7, None), (-1_001_001, "normal"), (8, None)]
    assert await any_store.games_with_computers(("lobby",)) == [game.id]
    assert await any_store.games_with_computers() == [], "only active games unless asked"
    await any_store.replace_seat_holders(game.id, [SeatChange(2, 8, -1_002_001, "hard")], now=3.0)
    await any_store.replace_seat_holders(
        game.id, [SeatChange(1, -1_001_001, 9)], now=3.0
    )  # a person takes a computer's seat
    seats = await any_store.seats(game.id)
    assert [(s.user_id, s.computer) for s in seats] == [(7, None), (9, None), (-1_002_001, "hard")]
