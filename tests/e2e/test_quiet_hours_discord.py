"""Quiet hours that are quiet, through the strict Discord double over simulated hours: the board
that makes it a player's turn inside their quiet hours names them without pinging them and sends
them no turn DM; when their quiet hours end they are told once (by DM when they take turn DMs,
else by one ping in the channel), and never again for that turn."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.adapter.app import FloeBot, now
from tests.support.driver import awaited_member, channel_sends, open_and_start, pinged, posts_pinging

HOUR = 3600


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tick at least hourly: the scheduler wakes for a held turn itself (``next_delay``)."""
    monkeypatch.setattr(FloeBot, "tick_seconds", HOUR)


def dms(member: Any) -> list[str]:
    channel = member.user.dm_channel
    return [] if channel is None else [m.content for m in channel.history()]


def quiet_from_now() -> str:
    """Quiet hours (UTC) from this hour to two hours later: the simulated now is inside them."""
    hour = datetime.fromtimestamp(now(), UTC).hour
    return f"{hour}-{(hour + 2) % 24}"


async def pass_the_turn(env: Any, general: Any, mover: Any, to: Any, game_id: int) -> Any:
    """``mover`` moves until the game awaits ``to``; returns the board that asks them."""
    for _ in range(40):
        table = await env.bot.sessions.table(game_id)
        if {table.user_of(s) for s in table.game.to_act(table.state)} == {to.user.id}:
            return general.last_message
        legal = [c["value"] for c in await mover.autocomplete(general, "game move", "action", "")]
        await mover.slash(general, "game move", action="stop" if "stop" in legal else legal[0])
    raise AssertionError("the turn never passed")


@pytest.mark.parametrize("turn_dms", [True, False], ids=["turn DMs", "no turn DMs"])
async def test_a_player_in_quiet_hours_is_neither_pinged_nor_dmed_until_they_end(
    world, turn_dms: bool
) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    [sleeper] = [m for m in (alice, bob) if m is not mover]
    answer = await sleeper.slash(
        general, "settings", time_zone="UTC", quiet_hours=quiet_from_now(), dm_on_turn=turn_dms
    )
    assert answer.ephemeral
    game_id = (await env.bot.sessions.table_in(general.id)).record.id
    sends_before = len(channel_sends(env, general))

    asked = await pass_the_turn(env, general, mover, sleeper, game_id)
    assert f"<@{sleeper.user.id}>" in asked.content, "the table still sees whose turn it is"
    assert not posts_pinging(env, general, sleeper), "no ping in quiet hours"
    assert dms(sleeper) == [], "no turn DM in quiet hours"
    assert any(pinged(h) == [] for h in channel_sends(env, general)[sends_before:])

    wake = (await env.bot.clock.quiet.next_at()) or 0.0
    assert 0 < wake - now() <= 2 * HOUR
    await env.advance_time(wake - now() - 60)  # a minute before the end: still nothing
    assert not posts_pinging(env, general, sleeper) and dms(sleeper) == []

    await env.advance_time(3 * HOUR)  # the quiet hours end, and hours go by
    told = dms(sleeper) if turn_dms else [h.json for h in posts_pinging(env, general, sleeper)]
    assert len(told) == 1, told
    if turn_dms:
        assert "it is your turn in **Polar Derby**" in told[0]
        assert not posts_pinging(env, general, sleeper), "told by DM: no ping besides"
    else:
        assert dms(sleeper) == []
    assert await env.bot.clock.quiet.next_at() is None


async def test_a_secret_prompt_in_quiet_hours_comes_silently_and_the_turn_is_told_once_at_their_end(
    world,
) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    await bob.slash(general, "settings", time_zone="UTC", quiet_hours=quiet_from_now())
    await open_and_start(general, "ice-lake", alice, bob)
    prompts = {m: m.user.dm_channel.last_message for m in (alice, bob)}
    assert all("write your secret plan" in p.content for p in prompts.values())
    assert prompts[bob].flags.suppress_notifications, "a DM in quiet hours notifies nobody"
    assert not prompts[alice].flags.suppress_notifications
    assert alice.user.id in pinged(channel_sends(env, general)[-1])
    assert not posts_pinging(env, general, bob), "named on the board, not pinged"

    await alice.send_dm("SL")  # alice plans; bob sleeps on
    await env.advance_time(3 * HOUR)  # bob's quiet hours end: told once, in the channel
    [told] = posts_pinging(env, general, bob)
    assert "it is your turn in **Ice Lake**" in str(told.json)


async def test_a_notice_to_the_table_pings_nobody_in_their_quiet_hours(world) -> None:
    """The stall vote pings the other players: one asleep is not pinged (the others are)."""
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    board = await open_and_start(general, "polar-derby", alice, bob, carol)
    staller = awaited_member(board, [alice, bob, carol])
    others = [m for m in (alice, bob, carol) if m is not staller]
    sleeper, awake = others
    hour = datetime.fromtimestamp(now(), UTC).hour
    quiet = f"{(hour + 1) % 24}-{(hour + 5) % 24}"  # tomorrow's, when the stall vote comes
    await sleeper.slash(general, "settings", time_zone="UTC", quiet_hours=quiet)
    await alice.slash(general, "game reminders", every="1h", stall_after=1)
    await env.advance_time(24 * HOUR + 120)  # the first reminder was planned a day ahead
    await env.advance_time(HOUR + 120)  # the stall vote
    [stall] = [h for h in channel_sends(env, general) if "has stalled" in str(h.json)]
    assert pinged(stall) == [awake.user.id], "the sleeper is not pinged; the one awake is"
