"""Game threads that go quiet for days (through the strict Discord, tests/support/strict_discord.py,
which archives a thread after its ``auto_archive_duration`` without activity, refuses edits there
with 50083 and unarchives it on a new message unless it is locked): created to stay a week,
reopened by the bot when Discord archived them, archived by the bot when their game is over.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapter.app import FloeBot
from storage.owed import OwedPosts

A_WEEK_IN_MINUTES = 10080
A_WEEK = A_WEEK_IN_MINUTES * 60


@pytest.fixture(autouse=True)
def hourly_ticks(monkeypatch):
    """Tick hourly: a simulated week runs within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


async def pass_time(env: Any, seconds: int) -> None:
    """Let ``seconds`` pass a day at a time (each call to ``advance_time`` has a real-time budget)."""
    day = 86400
    for _ in range(seconds // day):
        await env.advance_time(day)
    await env.advance_time(seconds % day or 1)


async def lock(env: Any, thread: Any) -> None:
    """A moderator archives and locks the thread (Discord tells the bot: THREAD_UPDATE)."""
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": True})
    await env.advance_time(1)


def metadata(env: Any, thread: Any) -> Any:
    return env.backend.get_channel(thread.id).thread_metadata


def turn_message(env: Any, channel: Any, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


async def ice_lake_in_a_thread(env: Any) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    alice, bob, carol = members
    await alice.slash(channel, "game new", game="ice-lake")
    [thread] = channel.threads
    for guest in (bob, carol):
        await guest.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    return channel, thread, members


async def test_a_game_thread_is_created_to_stay_a_week(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "game new", game="polar-derby")
    [thread] = channel.threads
    assert metadata(env, thread).auto_archive_duration == A_WEEK_IN_MINUTES


async def test_a_plan_by_dm_after_a_quiet_week_reopens_the_thread_and_edits_the_board(simcord_env) -> None:
    env = simcord_env
    channel, thread, (alice, bob, carol) = await ice_lake_in_a_thread(env)
    for member in (alice, bob, carol):
        await member.slash(thread, "game snooze")  # nobody is reminded: nothing is posted for a week
    board_id = (await env.bot.sessions.table(1)).record.board_message_id
    await pass_time(env, A_WEEK + 3600)  # a week of silence
    assert metadata(env, thread).archived  # Discord archived the quiet thread

    await alice.send_dm("SL")
    answer = alice.user.dm_channel.last_message.content
    assert "Your plan: SL" in answer and "could not post" not in answer
    assert not metadata(env, thread).archived  # the bot reopened it
    assert "1 of 3 plans in" in turn_message(env, thread, board_id).content  # the edit went through
    assert (await env.bot.sessions.table(1)).record.board_message_id == board_id
    assert await OwedPosts(env.bot.store).owed(1) is None  # nothing left owed
    assert env.strict.invalid == []


async def test_a_week_with_reminders_keeps_the_thread_open_and_the_next_move_posts_once(simcord_env) -> None:
    env = simcord_env
    channel, thread, (alice, bob, carol) = await ice_lake_in_a_thread(env)
    await pass_time(env, A_WEEK + 3600)  # a week without a plan; the reminders are posts
    assert not metadata(env, thread).archived
    before = {m.id for m in thread.history()}

    for member, plan in ((alice, "SL"), (bob, "L"), (carol, "R")):
        await member.send_dm(plan)
        assert "could not post" not in member.user.dm_channel.last_message.content
    posted = [m for m in thread.history() if m.id not in before and not m.flags.ephemeral]
    assert len(posted) == 1 and "Plans revealed" in posted[0].content  # two edits, then the reveal
    assert await OwedPosts(env.bot.store).owed(1) is None
    assert env.strict.invalid == []


async def test_a_locked_archived_thread_is_named_and_not_reopened(simcord_env) -> None:
    env = simcord_env
    _channel, thread, (alice, bob, carol) = await ice_lake_in_a_thread(env)
    await alice.send_dm("SL")
    await bob.send_dm("L")
    await lock(env, thread)  # a moderator locked the quiet thread

    await carol.send_dm("R")  # the last plan: the reveal is a new post
    answer = carol.user.dm_channel.last_message.content
    assert "It counted" in answer and "thread is locked" in answer
    assert metadata(env, thread).archived and metadata(env, thread).locked  # the moderator's choice kept
    assert (await OwedPosts(env.bot.store).owed(1)).board  # the board stays owed


async def test_a_finished_game_archives_its_own_thread(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "game new", game="polar-derby")
    [thread] = channel.threads
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    assert not metadata(env, thread).archived

    await bob.slash(thread, "game resign")  # two players: the game is over
    final = thread.last_message
    assert "Game over" in final.content  # the final post first
    assert metadata(env, thread).archived and not metadata(env, thread).locked

    await bob.click(final, label="Rematch")  # the rematch's lobby reopens the thread
    assert "Rematch" in thread.last_message.content
    assert not metadata(env, thread).archived


async def test_a_finished_game_leaves_a_thread_it_did_not_open_alone(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    theirs = env.backend.create_thread(channel.id, "alice's corner", alice.user.id)
    await env.advance_time(1)
    [thread] = channel.threads
    assert thread.id == theirs.id
    await alice.slash(thread, "game new", game="polar-derby")  # played in the thread it is in
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    await bob.slash(thread, "game resign")
    assert "Game over" in thread.last_message.content
    assert not metadata(env, thread).archived
