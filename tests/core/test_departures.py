"""Members who leave a server while seated (bot/core/scheduler/departures.py): each table there is
told once across two processes, with the host's choice; the reminders find a member gone and stop;
the leagues withdraw them; the host's choice is the host's (or a moderator's) alone."""

from __future__ import annotations

import pytest

from bot.core.leagues.service import Leagues
from bot.core.sessions import NotHost, NotSeated
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    GUILD,
    HOUR,
    awaited_user,
    start_game,
    tick_at,
    two_services,
)

two = two_services

OTHER_GUILD = 2


async def test_each_table_in_the_server_is_told_once_across_processes_and_asks_its_host(two) -> None:
    a, b, _clock = two
    here = await start_game(a.sessions, a.scheduler, players=3)
    elsewhere = await a.sessions.new_game(
        channel_id=200, guild_id=OTHER_GUILD, user_id=BOB, game_name="polar-derby"
    )
    await a.sessions.join(200, CAROL)
    await a.sessions.start(200, BOB)

    told = [await a.scheduler.departures.left(GUILD, BOB), await b.scheduler.departures.left(GUILD, BOB)]
    assert sorted(told) == [0, 1]
    [notice] = a.outbox.take() + b.outbox.take()
    assert (notice.game_id, notice.departed, notice.mentions) == (here, BOB, (ALICE,))
    assert "has left the server" in notice.text and "should a computer player take their seat" in notice.text
    assert "This game has no deadline, so their turns wait for them." in notice.text
    assert await b.scheduler.departures.departed(GUILD, [ALICE, BOB]) == {BOB}
    assert await b.scheduler.departures.departed(OTHER_GUILD, [BOB]) == frozenset()
    assert elsewhere.game_id != here


async def test_a_table_whose_host_left_asks_a_moderator_and_pings_nobody(two) -> None:
    a, _b, _clock = two
    game_id = await start_game(a.sessions, a.scheduler, players=2)
    await a.scheduler.departures.left(GUILD, ALICE)
    [notice] = a.outbox.take()
    assert notice.mentions == () and "A moderator may give their seat" in notice.text
    departures = a.scheduler.departures
    with pytest.raises(NotHost, match="a moderator"):
        await departures.give_seat(game_id, BOB, ALICE, moderator=False)
    reply = await departures.give_seat(game_id, BOB, ALICE, moderator=True)
    assert reply.ack == "Done: a computer player has the seat."
    assert (await a.sessions.table(game_id)).humans() == [BOB]
    with pytest.raises(NotSeated, match="not playing in this game any more"):
        await departures.wait_for(game_id, BOB, ALICE, moderator=True)


async def test_the_reminder_finds_a_member_gone_and_reminds_them_no_more(two) -> None:
    a, _b, clock = two
    game_id = await start_game(a.sessions, a.scheduler, players=3, remind_every=HOUR)
    gone = await awaited_user(a.sessions, game_id)
    looked_up: list[tuple[int, int]] = []

    async def lookup(guild_id: int, user_id: int) -> bool:
        looked_up.append((guild_id, user_id))
        return user_id != gone

    a.scheduler.departures.lookup = lookup
    await tick_at(a.scheduler, clock, 2 * HOUR)
    [notice] = a.outbox.take()
    assert notice.departed == gone and "has left the server" in notice.text, "told, not reminded"
    assert looked_up == [(GUILD, gone)]
    for hours in (4, 8, 30):
        await tick_at(a.scheduler, clock, hours * HOUR)
    assert a.outbox.take() == [], "no reminder, no second notice"
    assert looked_up == [(GUILD, gone)], "known gone: not looked up again"


async def test_a_member_who_leaves_is_withdrawn_from_the_server_s_leagues(two) -> None:
    a, _b, clock = two
    leagues = Leagues(a.store, a.sessions, clock=clock)
    a.scheduler.departures.listeners.append(leagues.member_left)
    league = await leagues.open(guild_id=GUILD, channel_id=300, host_id=ALICE, game_name="polar-derby")
    for user in (ALICE, BOB, CAROL):
        await leagues.sign_up(league.id, user)
    await a.scheduler.departures.left(GUILD, BOB)
    assert [p.user_id for p in await leagues.players(league.id)] == [ALICE, CAROL]
    await a.scheduler.departures.left(OTHER_GUILD, CAROL)  # another server's departure
    assert [p.user_id for p in await leagues.players(league.id)] == [ALICE, CAROL]
