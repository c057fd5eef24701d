"""Every message the bot makes in a DM or in a game's channel is a Components V2 card: posts,
lobbies, notes, turn DMs, answers to DMs, reminders, deadline notices, the stall vote, the
in-server path after a refused DM, the replay, and every private answer (errors included)."""

from __future__ import annotations

import pytest

from bot.adapter.app import FloeBot
from tests.support.cards import plain_messages
from tests.support.driver import awaited_member, channel_sends, pinged

HOUR = 3600
DAY = 24 * HOUR


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tick at least hourly: ``advance_time`` runs each tick within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", HOUR)


def close_dms(env, member) -> None:
    """``member`` refuses DMs (Discord's 50007 on sending)."""
    env.strict.refuse_dms(member.user.id, 50007)


async def start(general, game: str, host, *guests, **options):
    await host.slash(general, "game new", game=game, **options)
    for guest in guests:
        await guest.click(general.last_message, label="Join")
    await host.click(general.last_message, label="Start")
    return general.last_message


async def test_ice_lake_by_dm_with_reminders_and_a_deadline_is_cards_only(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    for member in (alice, bob):
        await member.slash(general, "settings", dm_on_turn=True)  # reminders by DM too
    close_dms(env, carol)  # her plan is offered in the channel
    await start(general, "ice-lake", alice, bob, carol, deadline="26h")
    await alice.send_dm("SL")  # a plan typed in a DM, answered there with her board
    await bob.send_dm("SXQ")  # refused, in the DM
    await dave.send_dm("SS")  # no game of his waits for a plan
    sends = len(channel_sends(env, general))
    await env.advance_time(DAY + 120)  # reminders: bob by DM, carol in the channel
    assert any(pinged(s) == [carol.user.id] for s in channel_sends(env, general)[sends:])
    assert any("reminder" in m.content.lower() for m in bob.user.dm_channel.history())
    await env.advance_time(2 * HOUR + 120)  # the deadline: the defaults play, "time is up"
    assert any("Time is up" in m.content for m in general.history())

    plain = plain_messages(env, [general.id])
    assert plain == [], "\n".join(plain)


async def test_polar_derby_notices_votes_errors_and_the_replay_are_cards_only(world) -> None:
    env, _guild, general, other, members = world
    alice, bob = members[:2]
    for member in (alice, bob):
        await member.slash(general, "settings", dm_on_turn=True)
    close_dms(env, bob)  # his turn DM fails: the channel is told once how to open DMs
    board = await start(general, "polar-derby", alice, bob)
    await alice.slash(general, "game reminders", every="1h", stall_after=1)
    mover = awaited_member(board, [alice, bob])
    [voter] = [m for m in (alice, bob) if m is not mover]
    await env.advance_time(DAY + 120)  # a reminder
    await env.advance_time(HOUR + 120)  # the stall vote
    stall = general.last_message
    assert "stalled" in stall.content
    await voter.click(stall, label="Skip (play the default)")
    await voter.slash(general, "game move", action="fly away")  # refused privately
    await mover.slash(general, "game log")
    await mover.slash(general, "game board")
    await mover.slash(general, "game resign")  # the game is over
    over = general.last_message
    assert "Game over" in over.content
    await voter.click(over, label="Replay")
    await start(other, "polar-derby", bob, alice)  # bob's lobby: one new lobby a minute each
    env.inject_error("*", f"/channels/{other.id}*", status=404, code=10003, times=None)  # deleted
    await alice.user.slash("vacation", days=1)  # its notice finds the channel gone: told by DM
    assert any("⏸️" in m.content for m in alice.user.dm_channel.history())

    plain = plain_messages(env, [general.id, other.id])
    assert plain == [], "\n".join(plain)
