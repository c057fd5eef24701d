"""A committed move is not read back: the table the reply is built from is what a load would read."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import games
from bot.core.sessions import Sessions
from storage import open_store

CHANNEL, GUILD = 100, 1
ALICE, BOB = 11, 12


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    yield Sessions(store, new_seed=lambda: 7)
    await store.close()


async def test_the_committed_table_equals_a_fresh_load_move_after_move(sessions: Sessions) -> None:
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    assert reply.game_id is not None
    rnd = random.Random(3)
    table = await sessions.table(reply.game_id)
    for _ in range(12):
        if table.record.status != "active":
            break
        seat = rnd.choice(sorted(table.game.to_act(table.state)))
        action = rnd.choice(list(table.game.legal_actions(table.state, seat)))
        state, events = games.play(table.game, table.state, seat, action)
        committed = await sessions.moves.commit(table, seat, str(action), state, events)
        loaded = await sessions.table(reply.game_id)
        assert committed.record == loaded.record and committed.seats == loaded.seats
        assert committed.game.to_dict(committed.state) == loaded.game.to_dict(loaded.state)
        table = loaded
    assert table.record.step >= 12 or table.record.status == "finished"
