"""A member who leaves the server mid-game, through the strict Discord double over simulated days.

Floe asks for no privileged intent, so no event tells it that a member left: the first reminder
it would send finds them gone (Discord answers Unknown Member). From then on nothing pings or
reminds them, the table is told once, and the host is offered one tap (a computer player takes
the seat, or wait); a table whose host left asks a moderator. A deadline still plays the
rulebook default meanwhile, and a member who comes back and uses Floe there is pinged again.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.adapter.app import FloeBot
from tests.support.driver import buttons, channel_sends, lobby_button, pinged, posts_pinging, server_manager

#: The computer player that takes a seat thinks in the bot's worker process (a second or more).
pytestmark = pytest.mark.simcord(settle_timeout=120.0)

HOUR = 3600
LEFT = "has left the server"


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tick hourly: these tests move the clock by days."""
    monkeypatch.setattr(FloeBot, "tick_seconds", HOUR)


async def start(general: Any, host: Any, *guests: Any) -> int:
    """Polar Derby with a 48-hour deadline: the first reminder comes after 24 hours."""
    await host.slash(general, "game new", game="polar-derby", deadline="48h")
    for guest in guests:
        await guest.click(general.last_message, custom_id=lobby_button(general.last_message, "join"))
    await host.click(general.last_message, custom_id=lobby_button(general.last_message, "start"))
    return 1


async def awaited(env: Any, game_id: int) -> set[int]:
    table = await env.bot.sessions.table(game_id)
    return {table.user_of(s) for s in table.game.to_act(table.state)}


async def play_until_awaited(env: Any, general: Any, players: list[Any], wanted: Any, game_id: int) -> None:
    """The others move until the game awaits ``wanted``."""
    for _ in range(40):
        now_awaited = await awaited(env, game_id)
        if wanted.user.id in now_awaited:
            return
        [mover] = [p for p in players if p.user.id in now_awaited]
        legal = [c["value"] for c in await mover.autocomplete(general, "game move", "action", "")]
        await mover.slash(general, "game move", action=legal[0])
    raise AssertionError(f"{wanted.user.name} was never awaited")


async def gone_a_day(env: Any, guild: Any, general: Any, players: list[Any], leaver: Any) -> int:
    """A game of ``players`` started, ``leaver`` gone from the server, the others moving until it
    awaits them, and a day passed (the first reminder due); returns the game's id."""
    game_id = await start(general, *players)
    guild.remove_member(leaver)
    await play_until_awaited(env, general, [p for p in players if p is not leaver], leaver, game_id)
    await env.advance_time(25 * HOUR)
    return game_id


def departure_notices(env: Any, general: Any) -> list[Any]:
    return [h for h in channel_sends(env, general) if LEFT in str(h.json)]


def notice_message(general: Any) -> Any:
    [message] = [m for m in general.history() if LEFT in m.content]
    return message


def answered(result: Any) -> str:
    """The private answer to a click (its deferred, then edited, response)."""
    assert result.ephemeral
    return str(result.response.content)


def texts(channel: Any) -> list[str]:
    return [m.content for m in channel.history()]


def member_lookups(env: Any, guild: Any, member: Any) -> list[Any]:
    path = f"/guilds/{guild.id}/members/{member.user.id}"
    return [h for h in env.http_requests if h.method == "GET" and h.path == path]


async def test_a_member_who_leaves_mid_game_is_told_to_the_table_once_and_never_pinged_again(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    game_id = await start(general, alice, bob, carol)
    guild.remove_member(bob)  # no event reaches Floe: it has no members intent
    await play_until_awaited(env, general, [alice, carol], bob, game_id)
    before = len(channel_sends(env, general))

    await env.advance_time(25 * HOUR)  # the first reminder would be due: Discord says he is gone
    assert member_lookups(env, guild, bob), "the reminder looked him up"
    since = channel_sends(env, general)[before:]
    assert not [h for h in since if bob.user.id in pinged(h)], "no reminder pings him"
    [told] = departure_notices(env, general)
    assert pinged(told) == [alice.user.id], "the host is asked, and only the host is pinged"
    text = str(told.json)
    assert "bob" in text and "the rulebook default is played for them" in text
    assert buttons(notice_message(general)) == {
        "A computer takes the seat": f"floe:left:{game_id}:{bob.user.id}:computer",
        "Wait for them": f"floe:left:{game_id}:{bob.user.id}:wait",
    }

    step = (await env.bot.sessions.table(game_id)).record.step
    await env.advance_time(24 * HOUR)  # his deadline runs out: the rulebook default is played
    assert (await env.bot.sessions.table(game_id)).record.step > step
    assert bob.user.id not in await awaited(env, game_id)
    await play_until_awaited(env, general, [alice, carol], bob, game_id)
    assert f"<@{bob.user.id}>" in general.last_message.content, "the board still names him"
    assert not posts_pinging(env, general, bob)[1:], "only the board before Floe knew pinged him"
    await env.advance_time(30 * HOUR)
    assert len(departure_notices(env, general)) == 1, "the table is told once"
    assert not posts_pinging(env, general, bob)[1:]

    refused = await carol.click(
        notice_message(general), custom_id=f"floe:left:{game_id}:{bob.user.id}:computer"
    )
    assert "Only the host or a moderator can decide" in answered(refused)
    table = await env.bot.sessions.table(game_id)
    assert not table.has_computers(), "a player who is not the host changes nothing"
    waiting = await alice.click(notice_message(general), custom_id=f"floe:left:{game_id}:{bob.user.id}:wait")
    assert "Nothing was changed" in answered(waiting)
    assert not (await env.bot.sessions.table(game_id)).has_computers()
    given = await alice.click(
        notice_message(general), custom_id=f"floe:left:{game_id}:{bob.user.id}:computer"
    )
    assert "a computer player has the seat" in answered(given)
    table = await env.bot.sessions.table(game_id)
    assert table.has_computers() and bob.user.id not in table.humans()
    assert any(
        "bob has left the server. 🤖 Floe (normal) takes over the seat of bob." in t for t in texts(general)
    )


async def test_a_table_whose_host_left_asks_a_moderator_who_gives_the_seat_to_a_computer(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    game_id = await gone_a_day(env, guild, general, [alice, bob], alice)
    [told] = departure_notices(env, general)
    assert pinged(told) == [], "nobody to ping: the host is the one who left"
    assert "A moderator may give their seat to a computer player" in str(told.json)
    refused = await bob.click(
        notice_message(general), custom_id=f"floe:left:{game_id}:{alice.user.id}:computer"
    )
    assert "Only a moderator can decide" in answered(refused)
    mod = server_manager(env, guild, "mod")
    given = await mod.click(
        notice_message(general), custom_id=f"floe:left:{game_id}:{alice.user.id}:computer"
    )
    assert "a computer player has the seat" in answered(given)
    assert (await env.bot.sessions.table(game_id)).humans() == [bob.user.id]


async def test_a_member_who_comes_back_and_uses_floe_there_is_pinged_again(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    game_id = await gone_a_day(env, guild, general, [alice, bob], bob)
    assert len(departure_notices(env, general)) == 1
    assert await env.bot.clock.departures.departed(guild.id, [bob.user.id]) == {bob.user.id}

    back = guild.add_member(bob.user)
    await back.slash(general, "games")  # he uses Floe in the server again
    await env.settle()
    assert await env.bot.clock.departures.departed(guild.id, [bob.user.id]) == frozenset()
    before = len(posts_pinging(env, general, back))
    await env.advance_time(24 * HOUR)  # his deadline plays the default; then his next turn
    await play_until_awaited(env, general, [alice], back, game_id)
    assert len(posts_pinging(env, general, back)) > before, "his turn pings him again"
