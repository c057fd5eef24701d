"""The strict Discord (tests/support/strict_discord.py) refuses what the real service refuses, and fails
a test on a breach: each of its rules, seen through the real bot's own HTTP client."""

from __future__ import annotations

import io
import time
from typing import Any

import discord
import pytest
from simcord.backend.errors import SetupError

from bot.adapter.app import FloeBot
from tests.support.strict_discord import OLD_EDITS_PER_WINDOW, StrictDiscord

HOUR = 3600
DAY = 86400


@pytest.fixture(autouse=True)
def hourly_ticks(monkeypatch):
    """Tick hourly: a simulated week runs within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


def forgive(strict: StrictDiscord) -> list[str]:
    """Take the breaches a test provoked on purpose (so the fixture's check passes) and return them."""
    seen = [*strict.breaches, *(f"unacknowledged {i}" for i in strict.unacknowledged())]
    strict.breaches.clear()
    for interaction_id in strict.unacknowledged():
        strict.started.pop(interaction_id)
    return seen


async def a_thread(env: Any) -> tuple[Any, Any, Any]:
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    env.backend.create_thread(channel.id, "quiet corner", alice.user.id)
    await env.advance_time(1)
    [thread] = channel.threads
    return channel, thread, alice


async def a_week_passes(env: Any) -> None:
    for _ in range(7):
        await env.advance_time(DAY)
    await env.advance_time(HOUR)


async def test_a_thread_quiet_for_its_auto_archive_duration_is_archived_and_refuses_edits(
    simcord_env,
) -> None:
    env = simcord_env
    _channel, thread, _alice = await a_thread(env)
    message = await sent(env, thread, "hello")
    await env.advance_time(DAY - 60)
    assert not env.backend.get_channel(thread.id).thread_metadata.archived  # a day less a minute
    await env.advance_time(120)
    assert env.backend.get_channel(thread.id).thread_metadata.archived  # simcord's threads last a day

    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="edited")
    assert refused.value.code == 50083
    await sent(env, thread, "back")  # a message unarchives it
    assert not env.backend.get_channel(thread.id).thread_metadata.archived


async def test_a_locked_archived_thread_refuses_a_new_message(simcord_env) -> None:
    env = simcord_env
    _channel, thread, _alice = await a_thread(env)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": True})
    with pytest.raises(discord.HTTPException) as refused:
        await sent(env, thread, "anyone?")
    assert refused.value.code == 50083
    assert env.backend.get_channel(thread.id).thread_metadata.archived


async def test_users_cannot_use_commands_in_an_archived_thread(simcord_env) -> None:
    env = simcord_env
    _channel, thread, alice = await a_thread(env)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True})
    with pytest.raises(SetupError, match="archived thread"):
        await alice.slash(thread, "games")


async def test_edits_of_an_hour_old_message_pass_their_own_rate_limit(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    message = await sent(env, channel, "old news")
    for n in range(OLD_EDITS_PER_WINDOW):  # a young message is edited freely
        await message.edit(content=f"young {n}")
    await env.advance_time(HOUR + 1)
    for n in range(OLD_EDITS_PER_WINDOW):
        await message.edit(content=f"old {n}")

    with pytest.raises(discord.RateLimited) as limited:  # the bot waits at most 30 s: discord.py raises
        await message.edit(content="one more")
    assert limited.value.retry_after > env.strict.max_ratelimit_timeout == 30
    assert [status for _, status, _ in env.strict.invalid] == [429]
    await env.advance_time(300)  # the window passed
    await message.edit(content="later")


@pytest.mark.simcord(check_errors=False)
async def test_a_first_response_later_than_three_seconds_of_wall_clock_is_refused_and_a_breach(
    simcord_env, world_channel, monkeypatch
) -> None:
    env, channel, alice = world_channel
    defer = discord.InteractionResponse.defer

    async def slow_defer(self: Any, *args: Any, **kwargs: Any) -> Any:
        time.sleep(3.1)  # a slow disk before the acknowledgement
        return await defer(self, *args, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", slow_defer)
    await alice.slash(channel, "games")
    seen = forgive(env.strict)
    assert any("answered after 3." in s for s in seen), seen
    assert any("unacknowledged" in s for s in seen), seen


async def test_an_interaction_never_acknowledged_fails_the_test(
    simcord_env, world_channel, monkeypatch
) -> None:
    env, channel, alice = world_channel

    async def no_defer(self: Any, *args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(discord.InteractionResponse, "defer", no_defer)
    monkeypatch.setattr(discord.InteractionResponse, "is_done", lambda self: True)
    monkeypatch.setattr(discord.Interaction, "edit_original_response", no_defer)
    await alice.slash(channel, "games")
    with pytest.raises(AssertionError, match="never acknowledged"):
        env.strict.verify()
    forgive(env.strict)


async def test_a_message_past_discords_limits_is_refused_and_a_breach(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    with pytest.raises(discord.HTTPException) as refused:
        await sent(env, channel, "x" * 2001)
    assert refused.value.code == 50035
    big = discord.File(io.BytesIO(b"\0" * (10 * 1024 * 1024 + 1)), filename="board.png")
    with pytest.raises(discord.HTTPException) as too_big:
        await sent(env, channel, "board", file=big)
    assert too_big.value.code == 50035
    seen = forgive(env.strict)
    assert len(seen) == 2 and "2001 characters" in seen[0] and "a file of" in seen[1], seen
    await sent(env, channel, "x" * 2000)  # at the limit: fine


@pytest.mark.parametrize(
    ("code", "error", "where"),
    [
        (50007, discord.Forbidden, "send"),
        (10013, discord.NotFound, "open"),
        (503, discord.HTTPException, "send"),
    ],
)
async def test_refused_dms_fail_as_discord_fails_them(simcord_env, code, error, where) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    bob = guild.add_member(env.create_user("bob"))
    env.strict.refuse_dms(bob.user.id, code)
    with pytest.raises(error) as refused:
        dm = await env.bot.http.start_private_message(bob.user.id)
        assert where == "send"  # opening the DM channel works unless the user is unknown
        await env.bot.http.send_message(int(dm["id"]), params=_content("your turn"))
    assert refused.value.status == (403 if code == 50007 else 404 if code == 10013 else 503)
    assert len(env.strict.invalid) == (1 if code == 50007 else 0)  # only 401, 403 and 429 count
    env.strict.accept_dms(bob.user.id)
    dm = await env.bot.http.start_private_message(bob.user.id)
    await env.bot.http.send_message(int(dm["id"]), params=_content("your turn"))


async def test_a_deleted_channel_and_message_answer_unknown(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel, gone = guild.create_text_channel("games"), guild.create_text_channel("old")
    message = await sent(env, channel, "board")
    env.backend.delete_message(channel.id, message.id)
    env.backend.delete_channel(gone.id)
    with pytest.raises(discord.NotFound) as unknown_message:
        await message.edit(content="edited")
    with pytest.raises(discord.NotFound) as unknown_channel:
        await sent(env, gone, "board")
    assert (unknown_message.value.code, unknown_channel.value.code) == (10008, 10003)


def test_invalid_requests_are_counted_over_any_ten_minutes(simcord_env) -> None:
    strict = simcord_env.strict
    strict.invalid += [(t, 403, "POST /channels/1/messages") for t in (0, 100, 599, 650, 700, 1300)]
    assert (
        strict.invalid_in_ten_minutes() == 3
    )  # 599, 650 and 700 (the window ending at 700 starts after 100)
    strict.invalid.clear()


@pytest.mark.strict_discord(latency=0.2)
async def test_latency_makes_every_rest_call_take_wall_clock_time(simcord_env) -> None:
    env = simcord_env
    channel = env.create_guild("Floes").create_text_channel("games")
    started = time.perf_counter()
    await sent(env, channel, "board")
    assert time.perf_counter() - started >= 0.2


@pytest.fixture
async def world_channel(simcord_env) -> tuple[Any, Any, Any]:
    env = simcord_env
    guild = env.create_guild("Floes")
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    return env, channel, alice


async def sent(env: Any, channel: Any, content: str, **kwargs: Any) -> discord.Message:
    """The bot sends a message into the channel, through discord.py as the bot itself does."""
    target = env.bot.get_channel(channel.id) or await env.bot.fetch_channel(channel.id)
    return await target.send(content, **kwargs)


def _content(content: str) -> Any:
    return discord.http.handle_message_parameters(content=content)
