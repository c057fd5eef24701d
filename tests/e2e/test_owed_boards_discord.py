"""Boards owed after a failed post (through simcord): the re-post pings whom the failed post would
have, and a board whose channel is gone is given up instead of retried forever."""

from __future__ import annotations

from storage.owed import OwedBoards
from tests.e2e.test_play_by_post_discord import channel_sends, pinged


async def start_with_failing_post(env, general, alice, bob, *, status: int, code: int, times: int | None):
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Join")
    env.inject_error("POST", f"/channels/{general.id}/messages", status=status, code=code, times=times)
    await alice.click(general.last_message, label="Start")  # the game starts; its first board fails
    table = await env.bot.sessions.table(1)
    assert table.record.status == "active"
    return table


async def test_an_owed_first_board_is_posted_once_and_pings_the_first_player(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    table = await start_with_failing_post(env, general, alice, bob, status=500, code=0, times=1)
    [seat] = table.game.to_act(table.state)
    first = table.user_of(seat)
    assert await OwedBoards(env.bot.sessions.store).owed(1)
    before = len(channel_sends(env, general))
    await env.advance_time(120)  # the next tick posts the board it owes
    sends = channel_sends(env, general)[before:]
    boards = [s for s in sends if f"<@{first}>" in (s.json.get("content") or "")]
    assert len(boards) == 1 and pinged(boards[0]) == [first]
    assert not await OwedBoards(env.bot.sessions.store).owed(1)
    await env.advance_time(120)
    assert len(channel_sends(env, general)) == len(sends) + before  # posted once, not every tick


async def test_a_board_owed_to_a_deleted_channel_is_given_up(world, caplog) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start_with_failing_post(env, general, alice, bob, status=404, code=10003, times=None)
    owed = OwedBoards(env.bot.sessions.store)
    assert await owed.owed(1)
    caplog.set_level("WARNING", logger="floe.discord")
    await env.advance_time(120)
    assert not await owed.owed(1)
    assert any("is gone" in r.getMessage() and "given up" in r.getMessage() for r in caplog.records)
    tries = len([h for h in env.http_requests if h.path == f"/channels/{general.id}/messages"])
    await env.advance_time(300)
    assert len([h for h in env.http_requests if h.path == f"/channels/{general.id}/messages"]) == tries


async def test_a_board_that_cannot_be_posted_for_a_day_is_given_up(world, caplog) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start_with_failing_post(env, general, alice, bob, status=403, code=50013, times=None)  # perms gone
    owed = OwedBoards(env.bot.sessions.store)
    await owed.posted(1)
    now = env.bot.clock.clock()
    await owed.owe(1, now - 23 * 3600)  # owed for 23 hours: retried
    caplog.set_level("INFO", logger="floe.discord")
    await env.advance_time(120)
    assert await owed.owed(1)
    assert any("is still owed (403)" in r.getMessage() for r in caplog.records)
    await owed.posted(1)
    await owed.owe(1, now - 25 * 3600)  # owed for more than a day: given up at the next tick
    await env.advance_time(120)
    assert not await owed.owed(1)
    assert any("owed for over a day: given up" in r.getMessage() for r in caplog.records)
