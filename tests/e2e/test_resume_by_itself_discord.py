"""A game paused because the bot may not post in its channel (403 50013) resumes by itself once a
moderator gives the permission back (Discord's CHANNEL_UPDATE), tells its table once, and posts its
board with its ping only if that board never reached the channel: never the same board twice,
whether it resumed by itself or by ``/game resume``."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot.adapter.app import FloeBot
from bot.core.tables import UNREACHABLE
from storage.clocks import ClockStore
from storage.owed import OwedPosts
from tests.support.cards import request_text
from tests.support.driver import channel_sends, pinged

HOUR = 3600
RESUMED = "I can post in this channel again"


@pytest.fixture(autouse=True)
def ten_minute_ticks(monkeypatch):
    """Tick at least every ten minutes: ``advance_time`` runs each tick within its budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 600)


def close_to_the_bot(env, channel) -> None:
    """A moderator takes Send Messages away from the bot in ``channel`` (Discord: CHANNEL_UPDATE)."""
    _allow, deny = discord.PermissionOverwrite(send_messages=False).pair()
    closed = Overwrite(target_id=env.backend.bot_user.id, type=OverwriteType.MEMBER, deny=deny.value)
    env.backend.edit_channel(channel.id, {}, overwrites=[closed])


def open_to_the_bot(env, channel) -> None:
    """The moderator gives it back (CHANNEL_UPDATE again)."""
    env.backend.edit_channel(channel.id, {}, overwrites=[])


def boards(env, channel) -> list:
    """The boards (pictures) the bot posted in ``channel`` that Discord took, in order."""
    return [m for m in channel.history() if m.attachments]


def told(channel) -> list:
    """The messages in ``channel`` telling the table that the game goes on."""
    return [m for m in channel.history() if RESUMED in m.content]


async def paused_for_its_channel(env) -> bool:
    settings = await ClockStore(env.bot.store).settings(1)
    return settings.paused and settings.pause_reason == UNREACHABLE


async def start(general, alice, bob) -> None:
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Join")


async def test_a_game_paused_by_a_refused_reminder_resumes_by_itself_without_posting_its_board_again(
    world,
) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start(general, alice, bob)
    await alice.click(general.last_message, label="Start")
    assert len(boards(env, general)) == 1  # the first board is in the channel
    close_to_the_bot(env, general)
    for _ in range(26):  # the day's reminder is refused: the game pauses
        await env.advance_time(HOUR)
        if await paused_for_its_channel(env):
            break
    assert await paused_for_its_channel(env)
    assert await OwedPosts(env.bot.store).owed(1) is None  # only the reminder was lost

    open_to_the_bot(env, general)
    await env.settle()
    assert not (await ClockStore(env.bot.store).settings(1)).paused  # resumed by itself
    [notice] = told(general)  # the table is told once, nobody pinged
    [request] = [s for s in channel_sends(env, general) if RESUMED in request_text(s)]
    assert pinged(request) == [] and notice.id
    await env.advance_time(2 * HOUR)
    assert len(boards(env, general)) == 1  # the board that was in is not posted again

    again = await alice.slash(general, "game resume")  # by hand as well: nothing to resume
    assert again.ephemeral and "not paused" in again.response.content
    await env.advance_time(HOUR)
    assert len(boards(env, general)) == 1
    assert len(told(general)) == 1


async def test_a_board_that_never_reached_the_channel_is_posted_once_with_its_ping_after_the_restore(
    world,
) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await start(general, alice, bob)
    close_to_the_bot(env, general)
    await alice.click(general.last_message, label="Start")  # the game starts; its first board is refused
    assert await paused_for_its_channel(env)
    assert boards(env, general) == []
    owed = await OwedPosts(env.bot.store).owed(1)
    assert owed is not None and owed.board  # held while the game is paused
    refused = len(env.http_requests)
    await env.advance_time(3 * HOUR)
    assert not [h for h in env.http_requests[refused:] if h.path == f"/channels/{general.id}/messages"]

    open_to_the_bot(env, general)
    await env.settle()
    assert not (await ClockStore(env.bot.store).settings(1)).paused
    table = await env.bot.sessions.table(1)
    [seat] = table.game.to_act(table.state)
    [board] = boards(env, general)  # posted at once, with the ping of the player it awaits
    assert f"<@{table.user_of(seat)}>" in board.content
    [request] = [s for s in channel_sends(env, general) if s.json.get("attachments")][-1:]
    assert pinged(request) == [table.user_of(seat)]
    assert len(told(general)) == 1
    assert await OwedPosts(env.bot.store).owed(1) is None
    await env.advance_time(2 * HOUR)
    again = await bob.slash(general, "game resume")
    assert again.ephemeral and "not paused" in again.response.content
    await env.advance_time(HOUR)
    assert len(boards(env, general)) == 1  # never twice
    assert env.strict.invalid_in_ten_minutes() == 1  # the refused board, never a retry into a 403


async def test_a_role_given_to_the_bot_is_found_by_a_backing_off_look_without_any_event(world) -> None:
    """A role reaches the bot with no event (its member updates need the privileged members
    intent): the tick's looks find it, a handful a day while the channel stays closed."""
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    players = guild.create_role("Players")
    _allow, deny = discord.PermissionOverwrite(send_messages=False).pair()
    allow, _deny = discord.PermissionOverwrite(send_messages=True).pair()
    overwrites = [
        Overwrite(target_id=guild.id, type=OverwriteType.ROLE, deny=deny.value),  # @everyone
        Overwrite(target_id=players.id, type=OverwriteType.ROLE, allow=allow.value),
    ]
    await start(general, alice, bob)
    await alice.click(general.last_message, label="Start")
    env.backend.edit_channel(general.id, {}, overwrites=overwrites)  # only Players post here
    for _ in range(26):  # the day's reminder is refused: the game pauses
        await env.advance_time(HOUR)
        if await paused_for_its_channel(env):
            break
    assert await paused_for_its_channel(env)
    looks = f"/guilds/{guild.id}/members/{env.backend.bot_user.id}"
    before = len([h for h in env.http_requests if h.path == looks])
    for _ in range(12):
        await env.advance_time(HOUR)
    assert await paused_for_its_channel(env)
    assert 3 <= len([h for h in env.http_requests if h.path == looks]) - before <= 6  # no storm

    env.backend.add_member_role(guild.id, env.backend.bot_user.id, players.id)  # no event reaches the bot
    for _ in range(6):
        await env.advance_time(HOUR)
    assert not (await ClockStore(env.bot.store).settings(1)).paused
    assert len(told(general)) == 1 and len(boards(env, general)) == 1


async def test_the_table_of_a_french_server_is_told_in_french_that_the_game_goes_on(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Club polaire", preferred_locale="fr")
    general = guild.create_text_channel("general")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await env.bot.servers.change(guild.id, threads=False)
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Rejoindre")
    close_to_the_bot(env, general)
    await alice.click(general.last_message, label="Lancer")  # its first board is refused
    assert await paused_for_its_channel(env)
    open_to_the_bot(env, general)
    await env.settle()
    [notice] = [m for m in general.history() if "Je peux de nouveau publier dans ce salon" in m.content]
    assert RESUMED not in notice.content
    assert len(boards(env, general)) == 1


async def test_a_game_in_a_thread_resumes_when_its_channel_lets_the_bot_post_in_threads_again(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await env.bot.servers.change(guild.id, threads=True)
    await alice.slash(general, "game new", game="polar-derby", deadline="1h")
    [thread] = general.threads
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    _allow, deny = discord.PermissionOverwrite(send_messages_in_threads=False).pair()
    closed = Overwrite(target_id=env.backend.bot_user.id, type=OverwriteType.MEMBER, deny=deny.value)
    env.backend.edit_channel(general.id, {}, overwrites=[closed])
    for _ in range(4):  # the deadline's default move cannot be posted in the thread: paused
        await env.advance_time(HOUR)
        if await paused_for_its_channel(env):
            break
    assert await paused_for_its_channel(env)
    assert await OwedPosts(env.bot.store).owed(1) is None  # a notice was refused; the board is in
    in_thread = len(boards(env, thread))

    open_to_the_bot(env, general)
    await env.settle()
    assert not (await ClockStore(env.bot.store).settings(1)).paused
    assert len(told(thread)) == 1
    assert len(boards(env, thread)) == in_thread  # the board that was in is not posted again
