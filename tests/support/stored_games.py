"""Small builders shared by the storage tests."""

from __future__ import annotations

from collections.abc import Sequence

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


async def record_log(store: Store, game_id: int, log: Sequence[tuple[int, str]]) -> None:
    """Commit ``log`` ((seat, notation) per step, from step 0), snapshot ``{"n": step + 1}`` after each."""
    for step, (seat, notation) in enumerate(log):
        await store.record_action(
            game_id, step=step, seat=seat, notation=notation, narration="", state={"n": step + 1}, now=3.0
        )
