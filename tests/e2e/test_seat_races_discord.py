"""Seats under concurrent clicks, through simcord: the database seats a member once and never past
the table's size, whatever arrives together (clicks made at once with ``asyncio.gather``)."""

from __future__ import annotations

from tests.support.driver import at_once, private_texts

ALREADY_SEATED = "you already have a seat at this table."
FULL = "this table is full"


async def test_two_join_clicks_at_once_seat_a_member_once(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    await alice.slash(general, "game new", game="polar-derby")
    lobby = general.last_message
    await at_once(env, bob.click(lobby, label="Join"), bob.click(lobby, label="Join"))
    table = await env.bot.sessions.table_in(general.id)
    assert table.users() == [alice.user.id, bob.user.id]
    answers = private_texts(general, bob)
    assert ALREADY_SEATED in answers[-2:], answers
    await alice.click(general.last_message, label="Start")
    table = await env.bot.sessions.table_in(general.id)
    assert len(table.seats) == 2 and table.state.players == 2  # Start deals one seat each


async def test_eight_join_clicks_at_once_fill_a_four_seat_table_and_no_more(world) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    guests = members[1:] + [guild.add_member(env.create_user(f"guest{k}")) for k in range(4)]
    assert len(guests) == 8
    await alice.slash(general, "game new", game="polar-derby")  # 2 to 4 players
    lobby = general.last_message
    await at_once(env, *(guest.click(lobby, label="Join") for guest in guests))
    table = await env.bot.sessions.table_in(general.id)
    assert len(table.seats) == 4 and len(set(table.users())) == 4
    seated = set(table.users())
    told_full = [g for g in guests if any(FULL in t for t in private_texts(general, g))]
    assert {g.user.id for g in told_full} == {g.user.id for g in guests} - seated
    assert all("polar derby is for at most 4 players" in private_texts(general, g)[-1] for g in told_full)
    assert "Joined (4)" in general.last_message.content


async def test_a_leave_racing_the_start_never_deals_a_seat_nobody_holds(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await alice.slash(general, "game new", game="polar-derby")
    lobby = general.last_message
    for guest in (bob, carol):
        await guest.click(lobby, label="Join")
    await at_once(env, carol.click(lobby, label="Leave"), alice.click(lobby, label="Start"))
    table = await env.bot.sessions.table(1)
    if table.record.status == "active" and carol.user.id in table.users():  # the start came first
        assert len(table.seats) == table.state.players == 3
        assert any("already started" in t for t in private_texts(general, carol))
    elif table.record.status == "active":  # the leave was in before the start looked: two players
        assert table.users() == [alice.user.id, bob.user.id] and table.state.players == 2
    else:  # the leave came first: the start was refused, and the lobby has two players
        assert table.users() == [alice.user.id, bob.user.id]
        assert any("changed while you started" in t for t in private_texts(general, alice))
