"""A thread per game, one living message per turn, forced moves played: through simcord."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from tests.support.brains import progress_score
from tests.support.cards import IS_COMPONENTS_V2
from tests.support.driver import Stats, act_once, greedy, offered, raw_components


def bot_requests(env: Any, channel_id: int) -> tuple[int, int]:
    """(messages created, messages edited) by the bot in a channel, from the HTTP log: edits in
    the channel, and of a clicked message through its interaction."""
    created = edited = 0
    for h in env.http_requests:
        if h.path == f"/channels/{channel_id}/messages" and h.method == "POST":
            created += 1
        elif h.path.startswith(f"/channels/{channel_id}/messages/") and h.method == "PATCH":
            edited += 1
        elif h.method == "PATCH" and h.path.startswith("/webhooks/") and h.path.endswith("/@original"):
            record = env.backend.interaction_by_token(h.path.split("/")[3])
            edited += record.channel_id == channel_id and record.source_message_id is not None
    return created, edited


async def turns_in_log(env: Any, game_id: int) -> int:
    """Turns played: runs of consecutive actions by the same seat in the log."""
    rows = await env.bot.store.actions(game_id)
    return sum(1 for i, r in enumerate(rows) if i == 0 or rows[i - 1].seat != r.seat)


def has_move_controls(message: Any) -> bool:
    return any(
        c.get("custom_id", "").startswith(("floe:a:", "floe:s:", "floe:m:", "floe:l:"))
        for c in raw_components(message)
    )


async def whole_game(env: Any, channel: Any, host: Any, guests: list[Any], game: str, score: Any) -> Any:
    """Open (the server's default: a thread), start and play a game with the buttons; the thread."""
    await host.slash(channel, "game new", game=game)
    [thread] = channel.threads
    assert thread.name == f"{(await env.bot.sessions.table(1)).game.title} #1"
    for guest in guests:
        await guest.click(thread.last_message, label="Join")
    await host.click(thread.last_message, label="Start")
    brain = greedy(score, seed=3)
    stats = Stats()
    members = [host, *guests]
    for _ in range(600):
        table = await env.bot.sessions.table(1)
        if table.record.status != "active":
            break
        board = thread.last_message
        choices = offered(board)
        # forced moves are played at once: no prompt offers exactly one action
        assert len(choices) != 1, (board.content, choices)
        await act_once(env, thread, members, brain, stats)
    assert (await env.bot.sessions.table(1)).record.status == "finished"
    assert await env.bot.sessions.verify_replay(1)
    return thread


async def check_messages(env: Any, thread: Any, *, forced_certain: bool = True) -> None:
    """``forced_certain``: the game always has a forced move (Polar Derby's opening roll); in
    Ice Team whether one comes up depends on the dice, and ``whole_game`` checks that none was
    offered."""
    created, edited = bot_requests(env, thread.id)
    turns = await turns_in_log(env, 1)
    assert created <= turns + 3, (created, turns)  # lobby, start, one per turn, the end
    assert edited > 0  # moves within a turn edited the turn message
    messages = [m for m in thread.history() if not m.flags.ephemeral and m.author.bot]
    assert "Game over" in messages[-1].content
    # every message is one card; every earlier one collapsed to one line, without controls or
    # pictures, and the last one keeps its final board
    assert all(m.flags.value & IS_COMPONENTS_V2 and not m.embeds for m in messages)
    assert not any(has_move_controls(m) for m in messages[:-1])
    assert all(not m.attachments and "\n" not in m.content for m in messages[:-1]), [
        m.content for m in messages[:-1] if m.attachments or "\n" in m.content
    ]
    assert messages[-1].attachments
    log = await env.bot.store.actions(1)
    if forced_certain:
        assert any("the only move" in r.narration for r in log)  # forced moves played and said


async def test_a_three_player_polar_derby_in_a_thread(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))

    def score(game: Any, after: Any, seat: int) -> float:
        return 0.0

    thread = await whole_game(env, channel, alice, [bob, carol], "polar-derby", score)
    await check_messages(env, thread)


async def test_an_ice_team_game_in_a_thread(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))

    thread = await whole_game(env, channel, alice, [bob], "ice-team", progress_score)
    await check_messages(env, thread, forced_certain=False)


async def test_without_create_public_threads_the_game_plays_in_the_channel(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel(
        "games", overwrites={env.bot.user: discord.PermissionOverwrite(create_public_threads=False)}
    )
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "game new", game="polar-derby")
    text = result.response.content
    assert "Create Public Threads" in text and "played in this channel" in text
    assert channel.threads == []
    assert "Press **Join**" in channel.last_message.content


async def test_an_edit_burst_is_coalesced_and_keeps_the_last_state() -> None:
    from bot.adapter.edits import EditQueue

    class Slow:
        id = 5

        def __init__(self) -> None:
            self.seen: list[dict[str, Any]] = []

        async def edit(self, **content: Any) -> None:
            await asyncio.sleep(0.01)
            self.seen.append(content)

    message, queue = Slow(), EditQueue()
    burst = [
        queue.edit(message, step, content=f"board {step}", view=f"controls {step}") for step in range(1, 6)
    ]
    await asyncio.gather(*burst, queue.edit(message, 3, content="stale board"))
    assert len(message.seen) < 5 and queue.applied == len(message.seen)  # coalesced
    assert message.seen[-1] == {"content": "board 5", "view": "controls 5"}  # the last state kept
    # taking the controls off merges over the newest waiting board instead of replacing it
    await asyncio.gather(queue.edit(message, 6, content="final"), queue.edit(message, 6, view=None))
    assert message.seen[-1] == {"content": "final", "view": None} or message.seen[-2:] == [
        {"content": "final"},
        {"view": None},
    ]
