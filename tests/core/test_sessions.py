"""The session service with plain ids, a real SQLite file and the real renderer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import games
from bot.core.sessions import (
    ChannelBusy,
    LobbyError,
    NoGameHere,
    NotHost,
    NotSeated,
    SessionError,
    Sessions,
    StaleAction,
)
from games.polar_derby import POLAR_DERBY
from storage import open_store
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    EVE,
    GUILD,
    ask_every_move,
    awaited_user,
    named_sessions,
    start_table,
    store_of,
)


@pytest.fixture
async def sessions(store_url: str):
    """On each store (SQLite and PostgreSQL: the ``store_url`` fixture)."""
    store = await open_store(store_url)
    await ask_every_move(store)  # every move asked, as these tests expect
    yield named_sessions(store)
    await store.close()


async def _started(sessions: Sessions, players: int = 2, **options) -> int:
    return await start_table(sessions, "polar-derby", (ALICE, BOB, CAROL, DAVE)[:players], options=options)


async def test_lobby_lists_players_and_offers_lobby_controls(sessions: Sessions) -> None:
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    assert reply.post is not None and "Polar Derby" in reply.post.text and "Alice" in reply.post.text
    assert reply.post.controls is not None and reply.post.controls.kind == "lobby"
    joined = await sessions.join(CHANNEL, BOB)
    assert joined.post is not None and "Bob" in joined.post.text


async def test_one_game_per_channel(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    with pytest.raises(ChannelBusy, match="thread"):
        await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=BOB, game_name="polar-derby")


async def test_unknown_game_and_option_are_refused(sessions: Sessions) -> None:
    with pytest.raises(games.InvalidOptions):
        await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="chess")
    with pytest.raises(games.InvalidOptions):
        await sessions.new_game(
            channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby", options={"speed": 3}
        )


async def test_lobby_rules(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    with pytest.raises(LobbyError, match="you already have a seat at this table"):
        await sessions.join(CHANNEL, ALICE)
    with pytest.raises(LobbyError, match="2 to 4"):
        await sessions.start(CHANNEL, ALICE)
    await sessions.join(CHANNEL, BOB)
    with pytest.raises(NotHost):
        await sessions.start(CHANNEL, BOB)
    with pytest.raises(NotHost):
        await sessions.cancel(CHANNEL, BOB)
    with pytest.raises(LobbyError, match="host"):
        await sessions.leave(CHANNEL, ALICE)
    with pytest.raises(NotSeated):
        await sessions.leave(CHANNEL, CAROL)
    for user in (CAROL, DAVE):
        await sessions.join(CHANNEL, user)
    with pytest.raises(LobbyError, match="full"):
        await sessions.join(CHANNEL, EVE)
    await sessions.leave(CHANNEL, DAVE)
    table = await sessions.table_in(CHANNEL)
    assert table.users() == [ALICE, BOB, CAROL]


async def test_cancel_frees_the_channel(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    reply = await sessions.cancel(CHANNEL, ALICE)
    assert reply.finished
    with pytest.raises(NoGameHere):
        await sessions.table_in(CHANNEL)


async def test_start_posts_the_board_and_pings_exactly_the_first_player(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    await sessions.join(CHANNEL, BOB)
    reply = await sessions.start(CHANNEL, ALICE)
    assert reply.post is not None and reply.post.image is not None
    assert (await reply.post.image.data() or b"")[:4] == b"\x89PNG"
    table = await sessions.table_in(CHANNEL)
    [seat] = table.game.to_act(table.state)
    assert [a.user_id for a in reply.post.awaited] == [table.user_of(seat)]
    assert reply.post.awaited[0].prompt == "roll the dice"
    assert reply.post.controls is not None
    assert [c.notation for c in reply.post.controls.buttons] == ["roll"]


async def test_a_move_is_committed_and_the_next_board_offers_the_takes(sessions: Sessions) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    reply = await sessions.act(CHANNEL, user, "ROLL", step=0)
    assert "rolls" in (reply.post.text if reply.post else "")
    table = await sessions.table(gid)
    assert table.record.step == 1
    assert [a.notation for a in await store_of(sessions).actions(gid)] == ["roll"]


async def test_wrong_player_stale_step_and_garbage_change_nothing(sessions: Sessions) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    other = BOB if user == ALICE else ALICE
    with pytest.raises(games.NotYourTurn, match="waiting for"):
        await sessions.act(CHANNEL, other, "roll")
    with pytest.raises(NotSeated):
        await sessions.act(CHANNEL, EVE, "roll")
    with pytest.raises(games.InvalidAction):
        await sessions.act(CHANNEL, user, "xyzzy 42")
    with pytest.raises(games.IllegalAction):
        await sessions.act(CHANNEL, user, "stop")
    with pytest.raises(StaleAction, match="moved on"):
        await sessions.act(CHANNEL, user, "roll", step=5)
    assert (await sessions.table(gid)).record.step == 0
    assert await store_of(sessions).actions(gid) == []


async def test_two_players_acting_at_once_apply_exactly_one(sessions: Sessions) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    results = await asyncio.gather(
        sessions.act(CHANNEL, user, "roll", step=0),
        sessions.act(CHANNEL, user, "roll", step=0),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleAction) for r in results) == 1
    assert len(await store_of(sessions).actions(gid)) == 1


async def test_a_whole_game_replays_to_the_snapshot_and_finishes(sessions: Sessions) -> None:
    gid = await _started(sessions, players=3)
    for _ in range(2000):
        table = await sessions.table(gid)
        if table.record.status != "active":
            break
        [seat] = table.game.to_act(table.state)
        actions = table.game.legal_actions(table.state, seat)
        # a greedy player: take the first thing offered, stop when possible
        choice = next((a for a in actions if str(a) == "stop"), actions[0])
        reply = await sessions.act(CHANNEL, table.user_of(seat), str(choice), step=table.record.step)
    assert reply.finished and reply.post is not None and "Game over" in reply.post.text
    assert reply.post.controls is None and reply.post.awaited == ()
    assert await sessions.verify_replay(gid)
    with pytest.raises(NoGameHere):
        await sessions.act(CHANNEL, ALICE, "roll")


async def test_resign_ends_a_two_player_game(sessions: Sessions) -> None:
    gid = await _started(sessions)
    reply = await sessions.resign(CHANNEL, BOB)
    assert reply.finished and reply.post is not None and "Alice wins" in reply.post.text
    assert await sessions.verify_replay(gid)


async def test_resign_in_a_three_player_game_skips_the_seat(sessions: Sessions) -> None:
    gid = await _started(sessions, players=3)
    await sessions.resign(CHANNEL, CAROL)
    table = await sessions.table(gid)
    assert table.record.status == "active"
    for _ in range(30):
        table = await sessions.table(gid)
        [seat] = table.game.to_act(table.state)
        assert table.user_of(seat) != CAROL
        actions = table.game.legal_actions(table.state, seat)
        await sessions.act(CHANNEL, table.user_of(seat), str(actions[-1]))
    assert await sessions.verify_replay(gid)


async def test_log_pages_notation_and_narration(sessions: Sessions) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    await sessions.act(CHANNEL, user, "roll")
    text = await sessions.log(CHANNEL)
    assert "page 1 of 1" in text and "`roll`" in text and "rolls" in text


async def test_autocomplete_offers_only_the_callers_legal_actions(sessions: Sessions) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    other = BOB if user == ALICE else ALICE
    assert await sessions.suggestions(CHANNEL, user, "") == ["roll"]
    assert await sessions.suggestions(CHANNEL, other, "") == []
    assert await sessions.suggestions(999, user, "") == []
    del gid


async def test_private_view_is_for_seated_players_only(sessions: Sessions) -> None:
    await _started(sessions)
    note = await sessions.private_view(CHANNEL, ALICE)
    assert note.image is not None and note.user_id == ALICE
    assert (await note.image.data() or b"")[:4] == b"\x89PNG"
    with pytest.raises(NotSeated):
        await sessions.private_view(CHANNEL, EVE)


async def test_a_user_may_hold_several_seats(tmp_path: Path) -> None:
    """Local play seats everyone at one keyboard: one user id, several seats."""
    store = await open_store(str(tmp_path / "local.db"))
    try:
        await store.set_auto_play(1, False)  # the first roll asked, as below
        sessions = Sessions(store, namer=lambda uid: "me", new_seed=lambda: 3)
        await sessions.new_game(channel_id=-1, guild_id=None, user_id=1, game_name="polar-derby")
        await sessions.join(-1, 1)
        await sessions.join(-1, 1)
        await sessions.start(-1, 1)
        table = await sessions.table_in(-1)
        assert table.seats_of(1) == [0, 1, 2]
        [seat] = table.game.to_act(table.state)
        await sessions.act(-1, 1, "roll", seat=seat)
        assert (await sessions.table_in(-1)).record.step == 1
    finally:
        await store.close()


def test_polar_derby_is_registered() -> None:
    assert games.get("polar-derby") is POLAR_DERBY


async def test_thin_ice_deals_each_hand_privately_at_the_start(sessions: Sessions) -> None:
    """The opening hand has no event: each player gets their own view by private note."""
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="thin-ice")
    for user in (BOB, CAROL):
        await sessions.join(CHANNEL, user)
    reply = await sessions.start(CHANNEL, ALICE)
    opening = [n for n in reply.notes if "has begun" in n.text]
    assert sorted(n.user_id for n in opening) == [ALICE, BOB, CAROL]
    assert [(await n.image.data() or b"")[:4] for n in opening if n.image is not None] == [b"\x89PNG"] * 3


async def test_polar_derby_has_no_opening_notes(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby")
    await sessions.join(CHANNEL, BOB)
    reply = await sessions.start(CHANNEL, ALICE)
    assert reply.notes == ()


async def test_a_revised_plan_posts_nothing_publicly(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    first = await sessions.act(CHANNEL, ALICE, "SL")
    assert first.post is not None and "1 of 2 plans in" in first.post.text
    assert "SL" not in first.post.text
    revised = await sessions.act(CHANNEL, ALICE, "RRS")
    assert revised.post is None
    assert [n.text for n in revised.notes if n.user_id == ALICE] == ["Your plan: RRS"]


async def test_ice_hikes_first_mover_learns_the_first_tile_privately(sessions: Sessions) -> None:
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-hike")
    await sessions.join(CHANNEL, BOB)
    reply = await sessions.start(CHANNEL, ALICE)
    table = await sessions.table_in(CHANNEL)
    [seat] = table.game.to_act(table.state)
    drawn = table.game.view(table.state, seat).drawn
    [note] = [n for n in reply.notes if "has begun" in n.text]
    assert note.user_id == table.user_of(seat) and str(drawn) in note.text
    assert reply.post is not None and str(drawn) not in reply.post.text


# ---------------------------------------------------------------- impossible input at the doors

HUGE = 10**30


@pytest.mark.parametrize(
    ("what", "value"),
    [("step", HUGE), ("step", -1), ("step", -HUGE), ("seat", HUGE), ("seat", 9), ("seat", -1)],
)
async def test_an_impossible_step_or_seat_is_refused_and_changes_nothing(
    sessions: Sessions, what: str, value: int
) -> None:
    gid = await _started(sessions)
    user = await awaited_user(sessions, gid)
    with pytest.raises(SessionError):
        await sessions.act(CHANNEL, user, "roll", game_id=gid, **{what: value})  # type: ignore[arg-type]
    assert (await sessions.table(gid)).record.step == 0


@pytest.mark.parametrize("game_id", [HUGE, -1, 0, 999])
async def test_an_impossible_game_is_refused(sessions: Sessions, game_id: int) -> None:
    await _started(sessions)
    for door in (
        lambda: sessions.act(CHANNEL, ALICE, "roll", game_id=game_id),
        lambda: sessions.table(game_id),
        lambda: sessions.private_view(CHANNEL, ALICE, game_id=game_id),
        lambda: sessions.options_for(CHANNEL, ALICE, game_id=game_id),
        lambda: sessions.moves.shown_step(game_id, 0),
    ):
        with pytest.raises(SessionError):
            await door()
