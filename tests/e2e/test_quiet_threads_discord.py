"""Game threads that go quiet for days (through simcord): created to stay a week, reopened by the
bot when Discord archived them, archived by the bot when their game is over.

simcord keeps a thread's ``archived`` flag but neither archives by itself nor refuses anything
in an archived thread; :func:`archived_threads_as_discord_does` adds Discord's documented rules
(developers/topics/threads.mdx, "Active & Archived Threads"): an edit in an archived thread is
refused with 50083, a new message unarchives it unless it is locked.
"""

from __future__ import annotations

from typing import Any

import pytest
from simcord.backend.errors import BackendError
from simcord.http import router

from storage.owed import OwedPosts

THREAD_ARCHIVED = 50083
A_WEEK_IN_MINUTES = 10080


def archived_threads_as_discord_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refuse edits in an archived thread (400, 50083); a message sent unarchives it unless locked."""
    check_faults = router._check_faults

    def check(backend: Any, method: str, path: str) -> None:
        check_faults(backend, method, path)
        parts = path.strip("/").split("/")
        if len(parts) < 3 or parts[0] != "channels" or parts[2] != "messages":
            return
        channel = backend.channels.get(int(parts[1]))
        meta = getattr(channel, "thread_metadata", None)
        if meta is None or not meta.archived:
            return
        if method == "POST" and len(parts) == 3 and not meta.locked:
            backend.edit_channel(channel.id, {}, thread_metadata={"archived": False})
            return
        if method in ("POST", "PATCH"):
            raise BackendError(400, THREAD_ARCHIVED, "Thread is archived")

    monkeypatch.setattr(router, "_check_faults", check)


async def archive(env: Any, thread: Any, *, locked: bool = False) -> None:
    """Discord archives the thread (a week without activity), and tells the bot (THREAD_UPDATE)."""
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": locked})
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


async def test_a_plan_by_dm_after_a_quiet_week_reopens_the_thread_and_edits_the_board(
    simcord_env, monkeypatch
) -> None:
    env = simcord_env
    archived_threads_as_discord_does(monkeypatch)
    _channel, thread, (alice, _bob, _carol) = await ice_lake_in_a_thread(env)
    board_id = (await env.bot.sessions.table(1)).record.board_message_id
    await archive(env, thread)
    assert metadata(env, thread).archived

    await alice.send_dm("SL")
    answer = alice.user.dm_channel.last_message.content
    assert "Your plan: SL" in answer and "could not post" not in answer
    assert not metadata(env, thread).archived  # the bot reopened it
    assert "1 of 3 plans in" in turn_message(env, thread, board_id).content  # the edit went through
    assert (await env.bot.sessions.table(1)).record.board_message_id == board_id
    assert await OwedPosts(env.bot.sessions.store).owed(1) is None  # nothing left owed


async def test_a_locked_archived_thread_is_named_and_not_reopened(simcord_env, monkeypatch) -> None:
    env = simcord_env
    archived_threads_as_discord_does(monkeypatch)
    _channel, thread, (alice, bob, carol) = await ice_lake_in_a_thread(env)
    await alice.send_dm("SL")
    await bob.send_dm("L")
    await archive(env, thread, locked=True)  # a moderator locked the quiet thread

    await carol.send_dm("R")  # the last plan: the reveal is a new post
    answer = carol.user.dm_channel.last_message.content
    assert "It counted" in answer and "thread is locked" in answer
    assert metadata(env, thread).archived and metadata(env, thread).locked  # the moderator's choice kept
    assert (await OwedPosts(env.bot.sessions.store).owed(1)).board  # the board stays owed


async def test_a_finished_game_archives_its_own_thread(simcord_env, monkeypatch) -> None:
    env = simcord_env
    archived_threads_as_discord_does(monkeypatch)
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
