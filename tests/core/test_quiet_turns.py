"""Quiet hours that are quiet (bot/core/scheduler/quiet_hours.py): who may be notified now, given
each user's clock, and a turn held back told once when the quiet hours end, if the game still
awaits the player then, across two processes on each backend."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.core.scheduler.quiet_hours import held_back
from storage.clocks import UserClock
from tests.support.core import ALICE, BOB, HOUR, T0, Clock, Service, start_game, two_services

two = two_services

BERLIN = "Europe/Berlin"  # UTC+1 in January: T0 (noon UTC) is 13:00 there


def utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_only_users_inside_their_quiet_hours_are_held_back_until_they_end() -> None:
    night = UserClock(ALICE, BERLIN, quiet_from=22 * 60, quiet_to=7 * 60)  # across midnight
    lunch = UserClock(BOB, BERLIN, quiet_from=12 * 60, quiet_to=14 * 60 + 30)
    clocks = {ALICE: night, BOB: lunch, 99: UserClock(99)}  # 99 has no quiet hours
    at_1300_berlin = utc("2026-01-05T12:00")
    assert held_back([ALICE, BOB, 99, 100], clocks, at_1300_berlin) == {BOB: utc("2026-01-05T13:30")}
    at_0300_berlin = utc("2026-01-06T02:00")
    assert held_back([ALICE, BOB], clocks, at_0300_berlin) == {ALICE: utc("2026-01-06T06:00")}
    at_2300_berlin = utc("2026-01-05T22:00")  # before midnight: the end is the next morning
    assert held_back([ALICE], clocks, at_2300_berlin) == {ALICE: utc("2026-01-06T06:00")}
    at_0700_berlin = utc("2026-01-06T06:00")  # the end itself is not quiet any more
    assert held_back([ALICE, BOB], clocks, at_0700_berlin) == {}


def test_quiet_hours_are_read_in_the_user_s_own_zone() -> None:
    utc_night = UserClock(ALICE, None, quiet_from=12 * 60, quiet_to=13 * 60)  # UTC: noon is quiet
    berlin_night = UserClock(BOB, BERLIN, quiet_from=12 * 60, quiet_to=13 * 60)  # 13:00 there: not
    assert held_back([ALICE, BOB], {ALICE: utc_night, BOB: berlin_night}, T0) == {ALICE: T0 + HOUR}


async def awaited_user(service: Service, game_id: int) -> int:
    table = await service.sessions.table(game_id)
    [seat] = table.game.to_act(table.state)
    return table.user_of(seat)


async def test_a_turn_held_back_is_told_once_when_the_quiet_hours_end(
    two: tuple[Service, Service, Clock],
) -> None:
    a, b, clock = two
    gid = await start_game(a.sessions, a.scheduler)
    user = await awaited_user(a, gid)
    await a.scheduler.set_quiet_hours(user, time_zone=BERLIN, quiet="12-14")  # 13:00 there now
    assert await a.scheduler.quiet.quiet_now([user, 99]) == frozenset({user})
    assert await a.scheduler.quiet.hold(gid, [user, 99]) == frozenset({user})
    assert await a.scheduler.quiet.hold(gid, [user]) == frozenset({user}), "a second turn held: one notice"
    assert await b.scheduler.quiet.next_at() == T0 + HOUR
    assert await a.scheduler.next_delay(cap=6 * HOUR) <= HOUR + 1

    await a.scheduler.tick()
    await b.scheduler.tick()
    assert a.outbox.notices == [] and b.outbox.notices == [], "nothing inside the quiet hours"

    clock.t = T0 + HOUR  # 14:00 in Berlin: the quiet hours end
    await b.scheduler.tick()
    await a.scheduler.tick()
    [told] = a.outbox.take() + b.outbox.take()
    assert told.mentions == (user,) and told.dm is None  # no turn DMs asked for: one ping
    assert f"<@{user}>, it is your turn in **Polar Derby**" in told.text
    clock.t += 2 * HOUR
    await a.scheduler.tick()
    await b.scheduler.tick()
    assert a.outbox.notices == [] and b.outbox.notices == [], "once"
    assert await a.scheduler.quiet.next_at() is None


async def test_a_player_who_takes_turn_dms_is_told_by_dm(two: tuple[Service, Service, Clock]) -> None:
    a, _b, clock = two
    gid = await start_game(a.sessions, a.scheduler)
    user = await awaited_user(a, gid)
    await a.scheduler.set_quiet_hours(user, time_zone=BERLIN, quiet="12-14")
    await a.scheduler.context.members.change_settings(user, dm_on_turn=True)
    await a.sessions.readers.choose(user, "fr")  # a DM is in the player's language
    await a.scheduler.quiet.hold(gid, [user])
    clock.t = T0 + HOUR
    await a.scheduler.tick()
    [told] = a.outbox.take()
    assert told.dm == user
    assert told.dm_text == (
        f"🔔 <@{user}>, à toi de jouer à **Polar Derby** (je suis resté silencieux pendant tes heures calmes)."
    )
    assert told.text.startswith(f"🔔 <@{user}>, it is your turn"), "in the channel: the game's language"


async def test_nothing_is_told_to_a_player_no_longer_awaited_or_notified_since(
    two: tuple[Service, Service, Clock],
) -> None:
    a, _b, clock = two
    gid = await start_game(a.sessions, a.scheduler)
    user = await awaited_user(a, gid)
    other = BOB if user == ALICE else ALICE
    for someone in (user, other):
        await a.scheduler.set_quiet_hours(someone, time_zone=BERLIN, quiet="12-14")
    await a.scheduler.quiet.hold(gid, [user, other])  # the other is not awaited at the end
    clock.t = T0 + HOUR - 60
    await a.scheduler.set_quiet_hours(user, quiet="off")
    assert await a.scheduler.quiet.hold(gid, [user]) == frozenset(), "pinged now: nothing held any more"
    clock.t = T0 + HOUR
    await a.scheduler.tick()
    assert a.outbox.notices == []


async def test_nothing_is_told_in_a_paused_game(two: tuple[Service, Service, Clock]) -> None:
    a, _b, clock = two
    gid = await start_game(a.sessions, a.scheduler)
    user = await awaited_user(a, gid)
    await a.scheduler.set_quiet_hours(user, time_zone=BERLIN, quiet="12-14")
    await a.scheduler.quiet.hold(gid, [user])
    settings = await a.scheduler.clocks.settings(gid)
    await a.scheduler.clocks.save_settings(replace(settings, paused_at=clock.t, pause_reason="vote"))
    clock.t = T0 + HOUR
    await a.scheduler.tick()
    assert a.outbox.notices == [] and await a.scheduler.quiet.next_at() is None
