"""Small builders shared by the storage tests."""

from __future__ import annotations

from storage import GameRecord, Store


async def active_game(store: Store, channel: int = 10, users: tuple[int, ...] = (1, 2)) -> GameRecord:
    """A started game in ``channel`` with ``users`` seated in order, snapshot ``{"n": 0}``."""
    game = await store.create_game(
        guild_id=5, channel_id=channel, game="polar-derby", options={}, seed=7, host_id=users[0], now=1.0
    )
    for user in users[1:]:
        await store.add_seat(game.id, user, now=1.0)
    await store.start_game(game.id, state={"n": 0}, now=2.0)
    return game


async def lobby(store: Store, channel: int = 10, host: int = 1) -> GameRecord:
    """A Polar Derby lobby in ``channel`` hosted by ``host`` (seed 42, option ``no_risk``)."""
    return await store.create_game(
        guild_id=5,
        channel_id=channel,
        game="polar-derby",
        options={"no_risk": True},
        seed=42,
        host_id=host,
        now=1.0,
    )
