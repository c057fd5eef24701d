"""The reliability record: deadlines missed (the scheduler plays the default), seats replaced
in a running game, resignations, the median time to move, and how /stats shows them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.core import (
    DAY,
    HOUR,
    Clock,
    ask_every_move,
    core_of,
    open_service,
    start_game,
    store_of,
    tick_at,
)

CHANNEL = 100
ALICE, BOB, CAROL = 11, 12, 13


@pytest.fixture
async def env(tmp_path: Path):
    clock = Clock()
    service = await open_service(str(tmp_path / "floe.db"), clock)
    await ask_every_move(service.store)  # every move asked, as these tests expect
    yield service.sessions, service.scheduler, clock
    await service.store.close()


async def test_a_missed_deadline_counts_for_the_awaited_person(env) -> None:
    sessions, scheduler, clock = env
    gid = await start_game(sessions, scheduler, deadline=2 * HOUR)
    table = await sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    late = table.user_of(seat)
    await tick_at(scheduler, clock, 2 * HOUR + 60)
    assert (await sessions.table(gid)).record.step > table.record.step
    reliable = await store_of(sessions).reliability.of([ALICE, BOB])
    assert reliable[late].missed == 1 and reliable[ALICE if late == BOB else BOB].missed == 0


async def test_a_replaced_seat_counts_in_a_running_game_but_not_in_a_lobby(env) -> None:
    sessions, scheduler, clock = env
    await sessions.new_game(channel_id=CHANNEL, guild_id=1, user_id=ALICE, game_name="polar-derby")
    await sessions.join(CHANNEL, BOB)
    await core_of(sessions).tables.replace(CHANNEL, ALICE, BOB, CAROL, moderator=False)  # a lobby: no mark
    await sessions.start(CHANNEL, ALICE)
    await core_of(sessions).tables.replace(CHANNEL, ALICE, CAROL, BOB, moderator=False)
    reliable = await store_of(sessions).reliability.of([BOB, CAROL])
    assert reliable[BOB].replaced == 0 and reliable[CAROL].replaced == 1
    assert reliable[CAROL].share_finished == 0.0


async def test_stats_show_finished_resigned_replaced_missed_and_the_median_time_to_move(env) -> None:
    sessions, scheduler, clock = env
    gid = await start_game(sessions, scheduler, deadline=DAY)
    for minutes in (10, 30, 50):  # three moves, 10, 20 and 20 minutes after the one before
        clock.at(minutes * 60)
        table = await sessions.table(gid)
        [seat] = table.game.to_act(table.state)
        legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
        await sessions.act(CHANNEL, table.user_of(seat), "stop" if "stop" in legal else legal[0])
    await sessions.resign(CHANNEL, BOB)
    text = await core_of(sessions).dashboard.stats_text(BOB)
    assert "finished 0 of 1 (0%), 1 resigned, 0 replaced after a stall, 0 deadlines missed" in text
    text = await core_of(sessions).dashboard.stats_text(ALICE)
    assert "finished 1 of 1 (100%)" in text and "rating " in text and "?" in text
    # the time to move is measured from the move before: the first move has none, the next two
    # came 20 minutes after theirs, the resignation at once
    reliability = store_of(sessions).reliability
    assert sorted(await reliability.move_times(ALICE) + await reliability.move_times(BOB)) == [
        0.0,
        1200.0,
        1200.0,
    ]


async def test_a_lobby_condition_refuses_a_join_below_it_privately_and_changes_nothing(env) -> None:
    from bot.core import lobbies
    from bot.core.sessions import LobbyError

    sessions, scheduler, clock = env
    await sessions.new_game(channel_id=CHANNEL, guild_id=1, user_id=ALICE, game_name="polar-derby")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await sessions.resign(CHANNEL, BOB)  # Bob: 0 of 1 finished; Alice: 1 of 1
    reply = await sessions.new_game(
        channel_id=CHANNEL + 1, guild_id=1, user_id=ALICE, game_name="polar-derby"
    )
    assert reply.game_id is not None
    await core_of(sessions).lobbies.set_condition(reply.game_id, 80)
    with pytest.raises(LobbyError, match=r"at least 80% of their games; you finished 0% \(0 of 1\)"):
        await sessions.join(CHANNEL + 1, BOB)
    assert (await sessions.table(reply.game_id)).users() == [ALICE]
    joined = await sessions.join(CHANNEL + 1, CAROL)  # no record yet: welcome
    assert (
        joined.post is not None
        and "Only players who finished at least 80% of their games may join" in joined.post.text
    )
    [listed] = await core_of(sessions).lobbies.open_lobbies(1)
    assert (listed.seats, listed.most, listed.min_finished) == (2, 4, 80)
    assert "finished ≥ 80%" in lobbies.format_open([listed])
