"""Seats decided by the database, on both backends: two Store objects on one database (two
processes) add, move and deal seats at the same moment, and the database alone refuses a member's
second seat, a seat past the table's size and a start whose seats changed under it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from storage import AlreadySeated, SeatChange, SeatsChanged, Store, TableFull, open_store
from storage.schema import MIGRATIONS, SCHEMA_VERSION

#: The version before the migration that numbers a member's seats (``one_seat_per_member``).
SEATS_MIGRATION = next(i for i, m in enumerate(MIGRATIONS) if "one_seat_per_member" in m.sqlite)

HOST = 7
CAPACITY = 4


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Store, Store]]:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def _lobby(store: Store) -> int:
    game = await store.create_game(
        guild_id=1, channel_id=10, game="polar-derby", options={}, seed=3, host_id=HOST, now=1.0
    )
    return game.id


async def test_one_member_added_by_two_processes_at_once_gets_one_seat(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    results = await asyncio.gather(
        a.add_seat(game_id, 8, now=2.0), b.add_seat(game_id, 8, now=2.0), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["AlreadySeated", "int"], results
    assert [s.user_id for s in await a.seats(game_id)] == [HOST, 8]


async def test_eight_members_added_at_once_fill_the_table_and_no_more(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    adds = [
        (a if user % 2 else b).add_seat(game_id, user, now=2.0, capacity=CAPACITY) for user in range(20, 28)
    ]
    results = await asyncio.gather(*adds, return_exceptions=True)
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 5 and all(isinstance(r, TableFull) for r in refused), results
    seats = await a.seats(game_id)
    assert [s.seat for s in seats] == [0, 1, 2, 3] and len({s.user_id for s in seats}) == CAPACITY


async def test_the_unique_index_refuses_a_second_seat_given_by_a_replace(two) -> None:
    a, _ = two
    game_id = await _lobby(a)
    await a.add_seat(game_id, 8, now=2.0)
    with pytest.raises(AlreadySeated):
        await a.replace_seat_holders(game_id, [SeatChange(1, 8, HOST)], now=3.0)
    assert [s.user_id for s in await a.seats(game_id)] == [HOST, 8]


async def test_two_processes_replacing_one_seat_move_it_once(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    await a.add_seat(game_id, 8, now=2.0)
    results = await asyncio.gather(
        a.replace_seat_holders(game_id, [SeatChange(1, 8, 30)], now=3.0),
        b.replace_seat_holders(game_id, [SeatChange(1, 8, 31)], now=3.0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, SeatsChanged) for r in results) == 1, results
    assert [s.user_id for s in await a.seats(game_id)][1] in (30, 31)


async def test_local_play_may_seat_one_user_several_times(two) -> None:
    a, _ = two
    game_id = await _lobby(a)
    assert await a.add_seat(game_id, HOST, now=2.0, another=True) == 1
    assert await a.add_seat(game_id, HOST, now=2.0, another=True) == 2
    with pytest.raises(AlreadySeated):
        await a.add_seat(game_id, HOST, now=2.0)


async def test_a_start_whose_seats_changed_meanwhile_is_refused(two) -> None:
    a, b = two
    game_id = await _lobby(a)
    await a.add_seat(game_id, 8, now=2.0)
    dealt = [s.user_id for s in await a.seats(game_id)]
    await b.remove_seat(game_id, 8, now=3.0)  # another process: a Leave that came first
    with pytest.raises(SeatsChanged):
        await a.start_game(game_id, state={"dealt": 2}, now=4.0, seats=dealt)
    assert (await a.game(game_id)).status == "lobby"  # type: ignore[union-attr]


async def test_the_upgrade_numbers_seats_a_member_took_twice_before_it(store_url: str) -> None:
    """A database from before the unique index, in which the old race gave one member two seats:
    the upgrade keeps both (the game was dealt them) and numbers them apart."""
    store = await open_store(store_url)
    game_id = await _lobby(store)
    async with store._transaction() as tx:
        for departures in ("departure_notices", "departed_members"):
            await tx.run(f"DROP TABLE {departures}")  # the members-who-leave migration
        await tx.run("DROP TABLE daily_digests")  # the daily digests migration
        for league_table in ("league_byes", "league_tables", "league_players", "leagues"):
            await tx.run(f"DROP TABLE {league_table}")  # the leagues migration
        await tx.run("DROP TABLE user_languages")  # the languages migration
        await tx.run("ALTER TABLE guild_settings DROP COLUMN language")
        await tx.run("DROP TABLE spectator_pages")  # the migration after it (the web pages)
        await tx.run("ALTER TABLE guild_settings DROP COLUMN web")
        for later in ("computer_turns", "identify_windows", "upgrades"):  # the migrations after it
            await tx.run(f"DROP TABLE {later}")
        await tx.run("DROP INDEX one_seat_per_member")
        await tx.run("ALTER TABLE seats DROP COLUMN user_seat")
        await tx.run(
            "INSERT INTO seats (game_id, seat, user_id) VALUES (?, 1, 8), (?, 2, 8)", (game_id, game_id)
        )
        if store.backend == "sqlite":
            await tx.run(f"PRAGMA user_version = {SEATS_MIGRATION}")
        else:
            await tx.run(f"UPDATE schema_version SET version = {SEATS_MIGRATION}")
    await store.close()
    store = await open_store(store_url)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert [s.user_id for s in await store.seats(game_id)] == [HOST, 8, 8]
        rows = await store._all(
            "SELECT seat, user_seat FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        assert [tuple(r) for r in rows] == [(0, 0), (1, 0), (2, 1)]
    finally:
        await store.close()
