"""Seats under races between processes: two Store and Sessions objects on one database of each
backend (SQLite file, PostgreSQL schema), as two bot processes would have. No lock in Python is
shared between them: the database alone seats a member once, never past the table's size, and
never starts a game whose seats changed under it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.core import tables
from bot.core.sessions import LobbyError, NotSeated, Sessions, StaleAction
from storage import open_store
from tests.support.core import core_of

CHANNEL, GUILD = 100, 1
HOST = 10
GUESTS = tuple(range(11, 19))  # eight members


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Sessions, Sessions]]:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        yield Sessions(first, new_seed=lambda: 7), Sessions(second, new_seed=lambda: 7)
    finally:
        await first.close()
        await second.close()


async def _lobby(a: Sessions, *guests: int) -> int:
    reply = await a.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=HOST, game_name="polar-derby")
    for guest in guests:
        await a.join(CHANNEL, guest)
    assert reply.game_id is not None
    return reply.game_id


async def test_one_member_joining_through_two_processes_gets_one_seat(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    results = await asyncio.gather(
        a.join(CHANNEL, GUESTS[0]), b.join(CHANNEL, GUESTS[0]), return_exceptions=True
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], LobbyError), results
    assert str(refused[0]) == "you already have a seat at this table"
    assert (await a.table(game_id)).users() == [HOST, GUESTS[0]]


async def test_eight_members_joining_through_two_processes_fill_four_seats(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    joins = [(a if k % 2 else b).join(CHANNEL, guest) for k, guest in enumerate(GUESTS)]
    results = await asyncio.gather(*joins, return_exceptions=True)
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 5 and all(isinstance(r, LobbyError) for r in refused), results
    assert all(str(r).startswith("this table is full") for r in refused)
    seats = (await a.table(game_id)).users()
    assert len(seats) == 4 and len(set(seats)) == 4


async def test_a_leave_and_a_start_in_two_processes_never_deal_a_missing_seat(two) -> None:
    a, b = two
    game_id = await _lobby(a, GUESTS[0], GUESTS[1])
    results = await asyncio.gather(
        b.leave(CHANNEL, GUESTS[1]), a.start(CHANNEL, HOST), return_exceptions=True
    )
    table = await a.table(game_id)
    if table.record.status == "active" and isinstance(results[0], LobbyError):  # the start came first
        assert len(table.seats) == table.state.players == 3
    elif table.record.status == "active":  # the leave was in before the start looked: two players
        assert table.users() == [HOST, GUESTS[0]] and table.state.players == 2
    else:  # the leave came first while the start was under way: the start was refused
        assert isinstance(results[1], StaleAction), results
        assert table.users() == [HOST, GUESTS[0]]


async def test_two_processes_giving_two_seats_to_one_member_seat_them_once(two) -> None:
    a, b = two
    game_id = await _lobby(a, GUESTS[0], GUESTS[1])
    await a.start(CHANNEL, HOST)
    newcomer = GUESTS[5]
    results = await asyncio.gather(
        core_of(a).tables.replace(CHANNEL, HOST, GUESTS[0], newcomer, moderator=False),
        core_of(b).tables.replace(CHANNEL, HOST, GUESTS[1], newcomer, moderator=False),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], tables.NotAllowed), results
    users = (await a.table(game_id)).users()
    assert users.count(newcomer) == 1 and len(users) == 3


async def test_two_processes_replacing_one_player_give_the_seat_once(two) -> None:
    a, b = two
    game_id = await _lobby(a, GUESTS[0])
    await a.start(CHANNEL, HOST)
    results = await asyncio.gather(
        core_of(a).tables.replace(CHANNEL, HOST, GUESTS[0], GUESTS[3], moderator=False),
        core_of(b).tables.replace(CHANNEL, HOST, GUESTS[0], GUESTS[4], moderator=False),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], NotSeated | tables.NotAllowed), results
    users = (await a.table(game_id)).users()
    assert len(users) == 2 and len({GUESTS[3], GUESTS[4]} & set(users)) == 1
