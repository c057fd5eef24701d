"""The adapter counts what a host watches (bot.adapter.observability.Metrics): a move clicked through
simcord increments the moves counter and records the interaction's latency."""

from __future__ import annotations

from tests.support.driver import awaited_member, buttons, open_and_start


def sample(bot, name: str, **labels: str) -> float:
    value = bot.metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else float(value)


async def test_a_clicked_move_counts_once_with_its_latency(world, simcord_bot) -> None:
    env, guild, general, other, members = world
    board = await open_and_start(general, "polar-derby", *members[:2])
    assert sample(simcord_bot, "floe_moves_total", game="polar-derby") == 0
    mover = awaited_member(board, members)
    assert "Roll" in buttons(board)
    await mover.click(board, label="Roll")
    assert sample(simcord_bot, "floe_moves_total", game="polar-derby") == 1
    assert sample(simcord_bot, "floe_interaction_seconds_count", kind="button") == 1
    board = general.last_message
    # a refused click (not this player's turn) is not a move; the roll may have passed the turn
    # (a lost turn), so the stranger is whoever the new board does not wait for
    now_awaited = awaited_member(board, members[:2])
    other_member = next(m for m in members[:2] if m is not now_awaited)
    await other_member.click(board, label=next(iter(buttons(board))))
    assert sample(simcord_bot, "floe_moves_total", game="polar-derby") == 1
    assert sample(simcord_bot, "floe_interaction_seconds_count", kind="button") == 2
    assert b'floe_moves_total{game="polar-derby"} 1.0' in simcord_bot.metrics.render()
