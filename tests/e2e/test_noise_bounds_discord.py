"""Bounds on noise and on hoarding through simcord: a repeated pause vote, /notify-me mentions,
vacation notices, and what one member may open or join. Every refusal is a private answer that
changes nothing; every bound is counted in the database (simcord runs one interaction at a time:
lobbies opened at once, by one or two processes, are in tests/core/test_processes.py)."""

from __future__ import annotations

import pytest

from bot.adapter.app import FloeBot
from storage.clocks import ClockStore
from tests.support.driver import open_and_start, posts_pinging, public_messages, server_manager

HOUR = 3600
DAY = 86400


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch):
    """Tick at least hourly: ``advance_time`` runs each tick within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


@pytest.fixture
def admin(world):
    env, guild, *_ = world
    return server_manager(env, guild, "ada")


def lobby_post(channel):
    return max((m for m in channel.history() if "looking for players" in m.content), key=lambda m: m.id)


async def test_a_repeated_pause_vote_changes_nothing_and_pings_nobody_again(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await alice.slash(general, "game pause")
    notice = general.last_message
    assert "votes to pause" in notice.content and len(posts_pinging(env, general, bob)) >= 1
    posts, bob_pings = len(public_messages(general)), len(posts_pinging(env, general, bob))
    again = await alice.slash(general, "game pause")
    assert again.ephemeral and "voted to pause already" in again.response.content
    assert "Nothing was changed" in again.response.content
    assert len(public_messages(general)) == posts and len(posts_pinging(env, general, bob)) == bob_pings
    settings = await ClockStore(env.bot.store).settings(1)
    assert settings.pause_votes == {alice.user.id} and not settings.paused
    await bob.slash(general, "game pause")
    await carol.slash(general, "game pause")
    assert "is paused" in general.last_message.content
    await bob.slash(general, "game resume")
    posts = len(public_messages(general))
    again = await bob.slash(general, "game resume")  # a repeated resume: refused, nobody told
    assert again.ephemeral and "not paused" in again.response.content
    assert len(public_messages(general)) == posts


async def test_a_repeated_stall_vote_changes_nothing_and_pings_the_host_once(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    await alice.slash(general, "game reminders", every="1h", stall_after=1)
    mover = next(m for m in (alice, bob) if f"<@{m.user.id}>" in board.content)
    voter = bob if mover is alice else alice
    await env.advance_time(DAY + 120)  # the first reminder
    await env.advance_time(HOUR + 120)  # then the stall notice and its vote
    stall = next(m for m in reversed(public_messages(general)) if "stalled" in m.content)
    pings = len(posts_pinging(env, general, alice))
    decided = await voter.click(stall, label="Replace the player")
    assert "decided" in decided.response.content
    assert len(posts_pinging(env, general, alice)) == pings + 1  # the host hears it once
    posts = len(public_messages(general))
    for _ in range(3):
        again = await voter.click(stall, label="Replace the player")
        assert "is in already" in again.response.content and "Nothing was changed" in again.response.content
    assert len(public_messages(general)) == posts and len(posts_pinging(env, general, alice)) == pings + 1


async def test_a_notify_me_subscriber_hears_once_per_game_per_hour(world) -> None:
    env, _guild, general, other, members = world
    alice, carol = members[0], members[2]
    await carol.slash(other, "notify-me", game="polar-derby")
    await carol.slash(other, "notify-me", game="ice-lake")
    for _ in range(10):  # open and cancel a lobby, ten times (a minute apart: one lobby a minute)
        await alice.slash(general, "game new", game="polar-derby")
        await alice.slash(general, "game cancel")
        await env.advance_time(61)
    assert len(posts_pinging(env, general, carol)) == 1
    await alice.slash(general, "game new", game="ice-lake")  # another game: its own hour
    assert len(posts_pinging(env, general, carol)) == 2
    await alice.slash(general, "game cancel")
    await env.advance_time(HOUR)
    await alice.slash(general, "game new", game="polar-derby")  # an hour later: heard again
    assert len(posts_pinging(env, general, carol)) == 3
    assert f"<@{carol.user.id}>" in general.last_message.content


async def test_vacation_notices_come_at_most_once_per_game_per_day(world) -> None:
    env, _guild, general, other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob)
    await env.advance_time(61)
    await open_and_start(other, "polar-derby", carol, bob)

    def notices(channel) -> list[str]:
        return [m.content for m in public_messages(channel) if "vacation" in m.content]

    first = await bob.user.slash("vacation", days=2)
    assert "Enjoy" in first.response.content and "not told again" not in first.response.content
    for days in (0, 3, 0, 1, 0, 2, 0, 5, 0):  # nine more toggles
        answer = await bob.user.slash("vacation", days=days)
        assert "2 of your tables heard of your vacation less than a day ago" in answer.response.content
    assert len(notices(general)) == 1 and len(notices(other)) == 1
    await env.advance_time(DAY)
    await bob.user.slash("vacation", days=1)
    assert len(notices(general)) == 2 and len(notices(other)) == 2


async def test_one_new_lobby_a_minute_per_member(world) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    await alice.slash(general, "game new", game="polar-derby")
    refused = await alice.slash(other, "game new", game="polar-derby")
    assert refused.ephemeral and "less than a minute ago" in refused.response.content
    assert "Nothing was changed" in refused.response.content
    assert await env.bot.store.open_game_in(other.id) is None
    await env.advance_time(60)
    await alice.slash(other, "game new", game="polar-derby")
    assert await env.bot.store.open_game_in(other.id) is not None


async def test_open_lobbies_per_member_and_server_and_floe_config_changes_it(world, admin) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    channels = [general, other, *(guild.create_text_channel(f"table-{k}") for k in range(2))]
    for channel in channels[:3]:
        await alice.slash(channel, "game new", game="polar-derby")
        await env.advance_time(61)
    refused = await alice.slash(channels[3], "game new", game="polar-derby")
    assert "already host 3 open lobbies" in refused.response.content
    assert await env.bot.store.open_game_in(channels[3].id) is None
    saved = await admin.slash(general, "floe config", lobbies=4)
    assert "Open lobbies a member may host: 4." in saved.response.content
    await alice.slash(channels[3], "game new", game="polar-derby")
    assert await env.bot.store.open_game_in(channels[3].id) is not None
    cleared = await admin.slash(general, "floe config", clear="lobbies_per_member")
    assert "Open lobbies a member may host: 3 (the default)." in cleared.response.content


async def test_unfinished_games_at_most_finished_plus_five(world, admin) -> None:
    env, guild, general, other, members = world
    alice, bob, carol, dave, eve = members
    channels = [guild.create_text_channel(f"table-{k}") for k in range(6)]
    hosts = [alice, carol, dave, eve, alice, carol]
    for channel, host in zip(channels, hosts, strict=True):  # six lobbies by four hosts
        await host.slash(channel, "game new", game="polar-derby")
        await env.advance_time(61)
    for channel in channels[:5]:
        await bob.click(lobby_post(channel), label="Join")
    assert len(await env.bot.store.games_of_user(bob.user.id)) == 5
    await bob.click(lobby_post(channels[5]), label="Join")
    table = await env.bot.sessions.table_in(channels[5].id)
    assert bob.user.id not in table.users()
    [answer] = [m.content for m in channels[5].history(viewer=bob.user) if m.flags.ephemeral]
    assert "5 unfinished games" in answer and "Nothing was changed" in answer
    refused = await bob.slash(general, "game new", game="polar-derby")  # nor may he open one
    assert "5 unfinished games" in refused.response.content
    saved = await admin.slash(general, "floe config", running=6)
    assert "the games they finished + 6." in saved.response.content
    await bob.click(lobby_post(channels[5]), label="Join")
    assert bob.user.id in (await env.bot.sessions.table_in(channels[5].id)).users()
