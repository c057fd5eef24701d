"""Play by post through simcord: mentions, turn DMs (and a closed DM), reminders and a deadline
that expires on simcord's virtual clock (``env.advance_time``; nothing sleeps for real)."""

from __future__ import annotations

import pytest

from bot.adapter.app import FloeBot
from tests.support.cards import request_text
from tests.support.driver import channel_sends, pinged

DAY = 86400


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch):
    """Tick at least hourly: ``advance_time`` runs each tick within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


def awaited(board, members):
    return [m for m in members if f"<@{m.user.id}>" in board.content]


async def open_and_start(general, host, *guests, game="polar-derby", **extra):
    result = await host.slash(general, "game new", game=game, **extra)
    lobby = general.last_message
    for guest in guests:
        await guest.click(lobby, label="Join")
    await host.click(general.last_message, label="Start")
    return result, general.last_message


def last_board(channel):
    """The newest board post (a notice may have come after it)."""
    boards = [m for m in channel.history() if any(a.filename == "board.png" for a in m.attachments)]
    return max(boards, key=lambda m: m.id)


async def end_turn(board, members, general):
    """The awaited player stops (else plays the first legal move) until the turn passes."""
    [mover] = awaited(board, members)
    for _ in range(40):
        legal = [c["value"] for c in await mover.autocomplete(general, "game move", "action", "")]
        await mover.slash(general, "game move", action="stop" if "stop" in legal else legal[0])
        board = last_board(general)
        if awaited(board, members) != [mover] or "Game over" in board.content:
            return board
    raise AssertionError("the turn never passed")


async def test_posts_mention_exactly_the_awaited_players_and_say_what_is_asked(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    _, board = await open_and_start(general, alice, bob, carol, game="ice-lake")
    # Ice Lake plans are simultaneous: all three are asked, and only they are pinged
    assert all(f"<@{m.user.id}>" in board.content for m in (alice, bob, carol))
    assert "plan" in board.content.lower()
    assert pinged(channel_sends(env, general)[-1]) == sorted(m.user.id for m in (alice, bob, carol))
    await alice.send_dm("SS")
    await bob.send_dm("SL")
    sends = len(channel_sends(env, general))
    # a day later only carol is reminded, pinged alone, told she is the last one
    await env.advance_time(DAY + 120)
    [reminder] = channel_sends(env, general)[sends:]
    assert pinged(reminder) == [carol.user.id]
    text = request_text(reminder)
    assert f"<@{carol.user.id}>" in text and "Ice Lake" in text and "last one" in text
    assert "plan" in text.lower()


async def test_turn_dms_with_a_jump_link_and_a_closed_dm_is_told_once(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    result = await alice.slash(general, "settings", dm_on_turn=True, time_zone="Europe/Berlin")
    assert (
        result.ephemeral
        and "turn DMs on" in result.response.content
        and "Europe/Berlin" in result.response.content
    )
    await bob.slash(general, "settings", dm_on_turn=True)
    bob_dm = bob.user.dm_channel.id
    env.inject_error(
        "POST",
        f"/channels/{bob_dm}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    _, board = await open_and_start(general, alice, bob)
    for _ in range(6):  # three turns each
        board = await end_turn(board, members, general)
        if "Game over" in board.content:
            break
    # alice got a DM for each of her turns, with the game's name and a jump link to the board
    dms = [m.content for m in alice.user.dm_channel.history() if "Your turn" in m.content]
    assert len(dms) >= 2
    assert all("Polar Derby" in d and "#general" in d for d in dms)
    assert all(f"https://discord.com/channels/{guild.id}/{general.id}/" in d for d in dms)
    # bob's DMs are closed: tried once, then the channel was told once how to open them
    attempts = [
        h for h in env.http_requests if h.method == "POST" and h.path == f"/channels/{bob_dm}/messages"
    ]
    assert len(attempts) == 1
    notices = [m for m in general.history() if "could not send you a DM" in m.content]
    assert len(notices) == 1 and f"<@{bob.user.id}>" in notices[0].content
    assert "Privacy Settings" in notices[0].content
    assert (await env.bot.store.prefs(bob.user.id)).dm_closed
    # opting in again tries again
    result = await bob.slash(general, "settings", dm_on_turn=True)
    assert "closed" not in result.response.content
    assert not (await env.bot.store.prefs(bob.user.id)).dm_closed


async def test_turn_dms_open_the_dm_channel_without_looking_the_user_up(world) -> None:
    """A DM needs the user's DM channel, not the user: no ``GET /users/{id}``, and the channel is
    opened once per user (discord.py keeps it)."""
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    env.bot._connection._users.clear()  # a bot without the members intent knows no user
    for member in (alice, bob):
        await member.slash(general, "settings", dm_on_turn=True)
    _, board = await open_and_start(general, alice, bob)
    for _ in range(4):
        board = await end_turn(board, members, general)
        if "Game over" in board.content:
            break
    dms = [m for m in alice.user.dm_channel.history() if "Your turn" in m.content]
    dms += [m for m in bob.user.dm_channel.history() if "Your turn" in m.content]
    assert len(dms) >= 2
    lookups = [h for h in env.http_requests if h.method == "GET" and h.path.startswith("/users/")]
    assert lookups == []
    opened = [h for h in env.http_requests if h.method == "POST" and h.path == "/users/@me/channels"]
    assert len(opened) <= 2


async def test_a_deadline_expires_on_the_virtual_clock_and_the_default_applies(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    result, board = await open_and_start(general, alice, bob, deadline="1h")
    assert "Deadline: 1 h per move" in result.response.content
    assert "Deadline <t:" in board.content and ":R>" in board.content
    [mover] = awaited(board, members)
    [waiting] = [m for m in (alice, bob) if m is not mover]
    await env.advance_time(30 * 60)
    assert general.last_message.id == board.id, "nothing happens before the deadline"
    await env.advance_time(31 * 60 + 60)
    after = general.last_message
    assert after.id != board.id
    assert f"Time is up for {mover.user.name}" in after.content and "time ran out" in after.content
    assert awaited(after, members) == [waiting]
    assert pinged(channel_sends(env, general)[-1]) == [waiting.user.id]
    assert [a.notation for a in await env.bot.store.actions(1)] == ["time out"]
    assert await env.bot.sessions.verify_replay(1)
    # players cannot play the clock's move themselves
    result = await waiting.slash(general, "game move", action="time out")
    assert result.ephemeral and "Only the clock" in result.response.content


async def test_pause_by_every_player_extend_and_vacation_commands(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    _, _board = await open_and_start(general, alice, bob, deadline="2h")
    result = await bob.slash(general, "game extend", hours=3)
    assert result.ephemeral and "Only the host" in result.response.content
    result = await alice.slash(general, "game extend", hours=3)
    assert "3 h" in result.response.content and "more" in general.last_message.content
    await alice.slash(general, "game pause")
    assert f"<@{bob.user.id}>" in general.last_message.content and "pause" in general.last_message.content
    await bob.slash(general, "game pause")
    assert "paused" in general.last_message.content
    step = (await env.bot.sessions.table(1)).record.step
    await env.advance_time(DAY)
    assert (await env.bot.sessions.table(1)).record.step == step
    await bob.slash(general, "game resume")
    assert "runs again" in general.last_message.content
    result = await bob.user.slash("vacation", days=2)
    assert "Enjoy" in result.response.content
    assert "on vacation" in general.last_message.content


async def test_a_stalled_game_offers_a_vote_whose_buttons_survive_a_restart(world, make_bot) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    _, board = await open_and_start(general, alice, bob)
    result = await bob.slash(general, "game reminders", every="1h", stall_after=1)
    assert "Only the host" in result.response.content
    result = await alice.slash(general, "game reminders", every="1h", stall_after=1)
    assert "every 1 h" in result.response.content
    [mover] = awaited(board, members)
    [voter] = [m for m in (alice, bob) if m is not mover]
    # the first reminder was planned a day ahead: it comes, then an hour later the stall notice
    await env.advance_time(DAY + 120)
    assert (
        f"<@{mover.user.id}>" in general.last_message.content and "reminder" in general.last_message.content
    )
    await env.advance_time(3600 + 120)
    stall = general.last_message
    assert "stalled" in stall.content and f"<@{voter.user.id}>" in stall.content
    await env.restart_bot(make_bot())
    result = await mover.click(stall, label="Pause the game")
    assert result.ephemeral and "other players" in result.response.content
    result = await voter.click(stall, label="Skip (play the default)")
    assert "decided" in result.response.content
    after = last_board(general)
    assert f"Time is up for {mover.user.name}" in after.content or "skip" in after.content
    assert awaited(after, members) == [voter]
    assert [a.notation for a in await env.bot.store.actions(1)] == ["time out"]
