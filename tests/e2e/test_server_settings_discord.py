"""/floe config through simcord: who may change it, and the settings applied to new games
(thread default, reminder interval and deadline, the moderator role, the games channel)."""

from __future__ import annotations

import discord
import pytest
from simcord import OptionError

from storage.clocks import ClockStore
from tests.support.driver import private_texts


@pytest.fixture
def admin(world):
    env, guild, *_ = world
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("ada"), roles=(admins,))


async def test_only_manage_server_sees_and_changes_the_settings(world, admin) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    assert "floe config" not in alice.available_commands(general)  # Discord hides it (default permissions)
    shown = await admin.slash(general, "floe config")
    assert shown.ephemeral and "New games open in the channel." in shown.response.content  # the test server's
    saved = await admin.slash(general, "floe config", deadline="48h", reminders="12h", threads=True)
    text = saved.response.content
    assert text.startswith("Saved.") and "every 12 h" in text and "Deadline per move: 2 days" in text
    assert "their own thread" in text
    cleared = await admin.slash(general, "floe config", clear="deadline")
    assert "Deadline per move: none" in cleared.response.content
    # bad text changes nothing
    bad = await admin.slash(general, "floe config", reminders="soon")
    assert "not a duration" in bad.response.content
    assert (await env.bot.servers.get(guild.id)).remind_every == 12 * 3600


async def test_new_games_take_the_server_defaults(world, admin) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    await admin.slash(general, "floe config", deadline="2d", reminders="6h", threads=True)
    done = await alice.slash(general, "game new", game="polar-derby")
    [thread] = general.threads
    assert f"<#{thread.id}>" in done.response.content and "Deadline: 2 days per move" in done.response.content
    table = await env.bot.sessions.table_in(thread.id)
    clock = await ClockStore(env.bot.store).settings(table.record.id)
    assert clock.deadline == 2 * 86400 and clock.remind_every == 6 * 3600
    # the command's own choice wins over the server's
    await alice.slash(thread, "game cancel")
    await env.advance_time(60)  # one new lobby a minute per member
    await alice.slash(general, "game new", game="polar-derby", thread=False, deadline="3h")
    table = await env.bot.sessions.table_in(general.id)
    assert (await ClockStore(env.bot.store).settings(table.record.id)).deadline == 3 * 3600


async def test_the_moderator_role_hosts_and_moderates(world, admin) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    refs = guild.create_role("referees")
    ref = guild.add_member(env.create_user("rita"), roles=(refs,))
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Join")
    await ref.click(general.last_message, label="Start")
    assert any("only the host" in t for t in private_texts(general, ref))
    assert (await env.bot.sessions.table_in(general.id)).record.status == "lobby"
    await admin.slash(general, "floe config", moderator_role=refs)
    await ref.click(general.last_message, label="Start")
    assert (await env.bot.sessions.table_in(general.id)).record.status == "active"
    done = await ref.slash(general, "game abandon")
    assert "abandoned" in done.response.content


async def test_a_games_channel_keeps_games_there(world, admin) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    await admin.slash(general, "floe config", games_channel=other)
    refused = await alice.slash(general, "game new", game="polar-derby")
    assert f"<#{other.id}>" in refused.response.content
    assert await env.bot.store.open_game_in(general.id) is None
    await alice.slash(other, "game new", game="polar-derby")
    assert await env.bot.store.open_game_in(other.id) is not None


async def test_a_move_longer_than_discord_allows_is_refused_by_discord(world) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    with pytest.raises(OptionError, match="at most 100"):
        await alice.slash(general, "game move", action="x" * 101)


async def test_an_over_long_dm_answer_is_refused_clearly(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await alice.slash(general, "game new", game="ice-lake")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    await alice.send_dm("S" * 1999)
    answer = alice.user.dm_channel.last_message
    assert "1,999 characters long" in answer.content and "at most 100" in answer.content
    assert len(answer.content) < 300
    assert await env.bot.store.count_actions(1) == 0
