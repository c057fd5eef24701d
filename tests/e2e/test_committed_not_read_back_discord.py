"""A move's commit is the last word on its game: the reply, the scheduler's clocks and the post
use the table as committed, and nothing loads the game again (through simcord)."""

from __future__ import annotations

from typing import Any

from tests.support.driver import awaited_member, open_and_start


async def test_a_click_is_played_posted_and_clocked_without_loading_the_game_again(
    world, monkeypatch
) -> None:
    env, _guild, general, _other, members = world
    board = await open_and_start(general, "polar-derby", *members[:2])
    await env.bot.outbox.close()
    mover = awaited_member(board, members)
    tables = env.bot.sessions.tables
    loads: list[int] = []
    real = tables.table

    async def counted(game_id: int) -> Any:
        loads.append(game_id)
        return await real(game_id)

    monkeypatch.setattr(tables, "table", counted)
    await mover.click(board, label="Roll")
    await env.bot.outbox.close()  # the background edit is in
    assert (await real(1)).record.step == 1  # the roll counted, was posted and clocked
    assert loads == []
