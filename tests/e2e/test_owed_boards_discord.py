"""What a committed change owes the players (through simcord): a failed post is posted again once,
with its pings, after a growing delay and never in a loop; private notes go out one player at a
time whatever happens to the others; a channel that is gone pauses the game instead."""

from __future__ import annotations

import itertools

import pytest

from bot.adapter.app import RETRY_DELAYS, FloeBot
from bot.core.tables import UNREACHABLE
from storage.clocks import ClockStore
from storage.owed import OwedPosts
from tests.support.cards import request_text
from tests.support.driver import channel_sends, pinged

HOUR = 3600


@pytest.fixture(autouse=True)
def ten_minute_ticks(monkeypatch):
    """Tick at least every ten minutes: ``advance_time`` runs each tick within its budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 600)


def dms_to(env, member) -> list:
    dm = member.user.dm_channel.id
    return [h for h in env.http_requests if h.method == "POST" and h.path == f"/channels/{dm}/messages"]


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
    assert await OwedPosts(env.bot.store).owed(1)
    before = len(channel_sends(env, general))
    await env.advance_time(RETRY_DELAYS[0] + 600)  # the first tick after the retry time posts it
    sends = channel_sends(env, general)[before:]
    boards = [s for s in sends if f"<@{first}>" in request_text(s)]
    assert len(boards) == 1 and pinged(boards[0]) == [first]
    assert not await OwedPosts(env.bot.store).owed(1)
    await env.advance_time(1200)
    assert len(channel_sends(env, general)) == len(sends) + before  # posted once, not every tick


async def test_a_deleted_channel_pauses_the_game_and_tells_the_players_once(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start_with_failing_post(env, general, alice, bob, status=404, code=10003, times=None)
    assert await OwedPosts(env.bot.store).owed(1) is None  # given up: the channel is gone
    settings = await ClockStore(env.bot.store).settings(1)
    assert settings.paused and settings.pause_reason == UNREACHABLE
    for member in (alice, bob):
        [dm] = dms_to(env, member)
        assert "deleted" in request_text(dm) and "paused" in request_text(dm)
    tries = len([h for h in env.http_requests if h.path == f"/channels/{general.id}/messages"])
    await env.advance_time(2 * HOUR)
    assert len([h for h in env.http_requests if h.path == f"/channels/{general.id}/messages"]) == tries
    assert [len(dms_to(env, m)) for m in (alice, bob)] == [1, 1]
    assert env.strict.invalid_in_ten_minutes() == 0


async def test_a_refused_post_is_retried_with_growing_delays_then_given_up_with_a_notice(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start_with_failing_post(env, general, alice, bob, status=403, code=20001, times=None)
    path = f"/channels/{general.id}/messages"
    tries = [len([h for h in env.http_requests if h.path == path])]
    for _ in range(12):
        await env.advance_time(HOUR)
        tries.append(len([h for h in env.http_requests if h.path == path]))
    per_hour = [b - a for a, b in itertools.pairwise(tries)]
    assert max(per_hour) <= 3  # a handful of refused requests per hour at most, never one a tick
    assert tries[-1] == tries[0] + len(RETRY_DELAYS)  # every retry once, then no more
    assert await OwedPosts(env.bot.store).owed(1) is None
    [notice] = [d for d in dms_to(env, alice) if "gave up" in request_text(d)]  # the host is told
    assert "/game board" in request_text(notice)
    assert env.strict.invalid_in_ten_minutes() <= 2  # every 403 counts towards Discord's ban


async def test_failed_dms_never_stop_the_other_players_notes_nor_the_board(world) -> None:
    """Thin Ice deals each player a hand by DM: bob's DM fails for good (10013), carol's on
    Discord's side once (500); alice still gets hers, the board is posted once, both failures are
    remembered, the in-server path is offered, and carol's note alone is sent again later."""
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await alice.slash(general, "game new", game="thin-ice")
    for guest in (bob, carol):
        await guest.click(general.last_message, label="Join")
    env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=404, code=10013, times=None
    )
    env.inject_error("POST", f"/channels/{carol.user.dm_channel.id}/messages", status=500, code=0, times=1)
    before = len(channel_sends(env, general))
    await alice.click(general.last_message, label="Start")
    boards = [s for s in channel_sends(env, general)[before:] if s.json.get("attachments")]
    assert len(boards) == 1
    assert len([d for d in alice.user.dm_channel.history() if "private view" in d.content]) == 1
    store = env.bot.store
    assert (await store.prefs(bob.user.id)).dm_failed == 10013
    assert (await store.prefs(carol.user.id)).dm_failed == 500
    [refused] = [m for m in general.history() if "cannot send you direct messages" in m.content]
    [later] = [m for m in general.history() if "try again later" in m.content]
    assert refused.content.startswith(f"<@{bob.user.id}>") and later.content.startswith(f"<@{carol.user.id}>")
    owed = await OwedPosts(store).owed(1)
    assert owed is not None and not owed.board and owed.notes == (carol.user.id,)
    await env.advance_time(RETRY_DELAYS[0] + 600)
    assert len([d for d in carol.user.dm_channel.history() if "Your view" in d.content]) == 1
    assert await OwedPosts(store).owed(1) is None
    assert (await store.prefs(carol.user.id)).dm_failed is None  # a DM went through
    assert len([s for s in channel_sends(env, general)[before:] if s.json.get("attachments")]) == 1
    assert len(dms_to(env, bob)) == 1  # tried once: the next notes take the in-server path
    assert env.strict.invalid == []  # 404 and 500 are not counted; nothing was retried into a 403


async def a_thread_game_with_a_deadline(env, guild, general, alice, bob):
    """A Polar Derby of alice and bob in its own thread of ``general``, an hour a move; the thread."""
    await env.bot.servers.change(guild.id, threads=True)
    await alice.slash(general, "game new", game="polar-derby", deadline="1h")
    [thread] = general.threads
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    return thread


async def test_a_thread_deleted_mid_game_pauses_its_clock_without_a_retry_loop(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    thread = await a_thread_game_with_a_deadline(env, guild, general, alice, bob)
    env.inject_error("*", f"/channels/{thread.id}*", status=404, code=10003, times=None)  # deleted
    requests = len(env.http_requests)
    await env.advance_time(2 * HOUR)
    to_thread = [h for h in env.http_requests[requests:] if h.path.startswith(f"/channels/{thread.id}")]
    assert len(to_thread) <= 2  # the reminder (or the look before the deadline), then nothing
    settings = await ClockStore(env.bot.store).settings(1)
    assert settings.paused and settings.pause_reason == UNREACHABLE
    reliability = await env.bot.store.reliability.of([alice.user.id, bob.user.id])
    assert all(r.missed == 0 for r in reliability.values())
    table = await env.bot.sessions.table(1)
    assert table.record.step == 0 or all(a.notation != "time out" for a in await env.bot.store.actions(1))
    [told] = dms_to(env, alice)
    assert "`/game abandon` in any channel" in request_text(told)
    result = await alice.slash(general, "game abandon")  # the thread is gone: asked elsewhere
    assert result.ephemeral and "abandoned" in result.response.content.lower()
    assert env.strict.invalid_in_ten_minutes() == 0  # 10003 is a 404: not counted, and not repeated
    assert (await env.bot.sessions.table(1)).record.status == "abandoned"
    assert [len(dms_to(env, m)) for m in (alice, bob)] == [1, 1]


async def test_the_host_moves_a_game_whose_thread_was_deleted_to_another_channel(world) -> None:
    """The DM about a deleted thread offers the move; ``/game relocate`` in a channel without a
    game continues it there: the current board is posted with its ping, and the clock runs again."""
    env, guild, general, other, members = world
    alice, bob = members[:2]
    thread = await a_thread_game_with_a_deadline(env, guild, general, alice, bob)
    env.backend.delete_channel(thread.id)  # a moderator deleted the game's thread
    await env.advance_time(2 * HOUR)
    [told] = dms_to(env, alice)
    assert "/game relocate" in request_text(told)

    refused = await bob.slash(other, "game relocate")  # only the host moves it
    assert refused.ephemeral and "host" in refused.response.content.lower()
    moved = await alice.slash(other, "game relocate")
    assert moved.ephemeral and "continues here" in moved.response.content
    table = await env.bot.sessions.table(1)
    assert table.record.channel_id == other.id and table.record.status == "active"
    assert not (await ClockStore(env.bot.store).settings(1)).paused
    [board] = [m for m in other.history() if m.attachments]
    [seat] = table.game.to_act(table.state)
    assert f"<@{table.user_of(seat)}>" in board.content  # the awaited player is pinged
    assert await OwedPosts(env.bot.store).owed(1) is None
    mover = alice if table.user_of(seat) == alice.user.id else bob
    await mover.click(board, label="Roll")  # play goes on in the new channel
    assert (await env.bot.sessions.table(1)).record.step > table.record.step

    again = await alice.slash(general, "game relocate")  # nothing left to move
    assert again.ephemeral and "no game whose channel was lost" in again.response.content
