"""A move's commit (``Store.record_action`` without a result: each backend's cheapest way, one hop to
SQLite's thread or one PostgreSQL statement) is all or nothing, on both stores."""

from __future__ import annotations

import pytest

from storage import IntegrityViolation, StaleStep, Store
from tests.support.stored_games import active_game


async def _started(store: Store) -> int:
    return (await active_game(store, users=(1,))).id


async def _log_behind_the_snapshot(store: Store, game_id: int, step: int, notation: str) -> None:
    """A log entry at ``step`` written behind the snapshot's back (the snapshot is not moved)."""
    async with store._transaction() as tx:
        await tx.run(
            "INSERT INTO actions (game_id, step, seat, notation, narration, created_at) "
            "VALUES (?, ?, 0, ?, '', 1.5)",
            (game_id, step, notation),
        )


async def test_a_move_whose_log_entry_fails_leaves_the_snapshot_as_it_was(store: Store) -> None:
    game_id = await _started(store)
    await _log_behind_the_snapshot(store, game_id, 0, "roll")  # the move's INSERT must fail
    with pytest.raises(IntegrityViolation):
        await store.record_action(
            game_id, step=0, seat=1, notation="stop", narration="", state={"n": 1}, now=3.0
        )
    record = await store.game(game_id)
    assert record is not None and (record.step, record.state, record.updated_at) == (0, {"n": 0}, 2.0)
    assert [a.notation for a in await store.actions(game_id)] == ["roll"]


async def test_the_store_writes_on_after_a_failed_and_a_stale_move(store: Store) -> None:
    """No transaction is left open on the writer: the next moves commit."""
    game_id = await _started(store)
    await store.record_action(game_id, step=0, seat=0, notation="a", narration="A.", state={"n": 1}, now=3.0)
    with pytest.raises(StaleStep):
        await store.record_action(
            game_id, step=0, seat=0, notation="b", narration="", state={"n": 9}, now=4.0
        )
    await _log_behind_the_snapshot(store, game_id, 1, "x")
    with pytest.raises(IntegrityViolation):
        await store.record_action(
            game_id, step=1, seat=0, notation="c", narration="", state={"n": 2}, now=5.0
        )
    await store.set_turn_step(game_id, 1)
    record = await store.game(game_id)
    assert record is not None and (record.step, record.state, record.turn_step) == (1, {"n": 1}, 1)
    assert [(a.step, a.notation, a.narration) for a in await store.actions(game_id)] == [
        (0, "a", "A."),
        (1, "x", ""),
    ]
