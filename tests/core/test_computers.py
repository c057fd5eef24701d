"""Computer players at the table (bot/core/computers.py): seats, lobby, moves by themselves, no
pings, restarts, races, replacing a player, the stall vote and the dashboard. The real session
service, scheduler and SQLite; the computer thinks in this process with a tiny fixed budget."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from bot.core import tables
from bot.core.computers import (
    Computers,
    computer_name,
    computer_user_id,
    is_computer_user,
    think_inline,
)
from bot.core.narration import told
from bot.core.scheduler import Scheduler
from bot.core.sessions import LobbyError, NotHost, Reply, Sessions
from storage import SeatChange, open_store
from tests.support.core import DAY, GUILD, HOUR, Clock, Outbox, core_of, store_of, tick_at

CHANNEL = 300
ALICE, BOB, CAROL = 31, 32, 33
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}


@pytest.fixture
async def env(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    clock = Clock()
    sessions = Sessions(store, namer=lambda uid: NAMES.get(uid, "someone"), clock=clock, new_seed=lambda: 11)
    outbox = Outbox()
    scheduler = Scheduler(sessions, store_of(sessions), outbox, clock=clock).attach()
    published: list[Reply] = []

    async def publish(reply: Reply) -> None:
        published.append(reply)

    driver = Computers(sessions, store_of(sessions), think_inline, publish=publish)
    yield sessions, scheduler, clock, outbox, driver, published
    await driver.close()
    await store.close()


async def lobby_with_computers(
    sessions: Sessions, game: str, *levels: str, guests: tuple[int, ...] = ()
) -> int:
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name=game)
    assert reply.game_id is not None
    for user in guests:
        await sessions.join(CHANNEL, user)
    for level in levels:
        await sessions.add_computer(CHANNEL, ALICE, level)
    return reply.game_id


def every_mention(replies: list[Reply]) -> set[int]:
    return {a.user_id for r in replies if r.post for a in r.post.awaited}


def every_note_user(replies: list[Reply]) -> set[int]:
    return {n.user_id for r in replies for n in r.notes}


# --------------------------------------------------------------------------- seats and the lobby


def test_synthetic_ids_are_negative_distinct_and_named_by_level() -> None:
    ids = {computer_user_id(level, n) for level in ("easy", "normal", "hard") for n in (1, 2)}
    assert len(ids) == 6 and all(i < 0 and is_computer_user(i) for i in ids)
    assert not is_computer_user(ALICE) and not is_computer_user(-5)  # a local test channel-ish id
    assert computer_name(computer_user_id("normal", 1)) == "Floe (normal)"
    assert computer_name(computer_user_id("hard", 2)) == "Floe (hard) 2"


async def test_the_host_adds_named_computers_and_the_table_knows_them(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-lake", "normal", "normal")
    table = await sessions.table(gid)
    assert sessions.names(table) == ["Alice", "Floe (normal)", "Floe (normal) 2"]
    assert [table.is_computer(s) for s in range(3)] == [False, True, True]
    assert [table.level(s) for s in range(3)] == [None, "normal", "normal"]
    assert table.humans() == [ALICE]
    assert "Floe (normal) 2" in sessions.lobby_post(table).text
    assert await store_of(sessions).games_with_computers(("lobby",)) == [gid]


async def test_only_the_host_adds_a_computer_and_a_full_table_is_refused(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-team", guests=(BOB,))
    with pytest.raises(NotHost):
        await sessions.add_computer(CHANNEL, BOB, "easy")
    with pytest.raises(LobbyError, match="full"):
        await sessions.add_computer(CHANNEL, ALICE, "easy")
    with pytest.raises(LobbyError, match="unknown level"):
        await sessions.add_computer(CHANNEL, ALICE, "brutal")
    assert len((await sessions.table(gid)).seats) == 2, "nothing was changed"


async def test_removing_the_last_computer_from_the_lobby(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-lake", "easy", "hard")
    reply = await sessions.remove_computer(CHANNEL, ALICE)
    assert "Floe (hard)" in reply.ack
    assert sessions.names(await sessions.table(gid)) == ["Alice", "Floe (easy)"]


async def test_a_table_of_computers_only_does_not_start(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-lake", "easy")
    # the host's seat taken over by a computer leaves no person at the table
    await store_of(sessions).replace_seat_holders(
        gid, [SeatChange(0, ALICE, computer_user_id("normal", 1), "normal")], now=0.0
    )
    with pytest.raises(NotHost):  # the host gave their seat away: host no more
        await sessions.start(CHANNEL, ALICE)
    with pytest.raises(LobbyError, match="at least one person"):
        await sessions.start(CHANNEL, ALICE, moderator=True)
    assert (await sessions.table(gid)).record.status == "lobby"


# --------------------------------------------------------------------------- moving by themselves


async def test_a_computer_plays_its_ice_team_turns_unmentioned_and_unreminded(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-team", "easy")
    computer = computer_user_id("easy", 1)
    start = await sessions.start(CHANNEL, ALICE)
    settled = await driver.settle(gid)
    replies = [start, *settled]
    for _ in range(6):  # Alice plays her first legal action; the computer answers each time
        table = await sessions.table(gid)
        [seat] = table.game.to_act(table.state)
        assert not table.is_computer(seat), "settle leaves the computer nothing to do"
        action = table.game.legal_actions(table.state, seat)[0]
        replies.append(await sessions.act(CHANNEL, ALICE, str(action)))
        more = await driver.settle(gid)
        settled += more
        replies += more
    rows = await store_of(sessions).actions(gid)
    computer_steps = [r for r in rows if r.seat == 1]
    assert computer_steps, "the computer moved"
    assert len(settled) == len(computer_steps)
    # a run of computer moves is published once: the newest board carries the notes of the run
    assert all(p.post in [r.post for r in settled] for p in published)
    assert published[-1].post == settled[-1].post, "the newest board is published"
    assert [n for r in settled for n in r.notes] == [n for r in published for n in r.notes]
    assert computer not in every_mention(replies), "a computer is never pinged"
    assert computer not in every_note_user(replies), "a computer gets no private notes"
    waits = await scheduler.clocks.waits(gid)
    table = await sessions.table(gid)
    assert all(not table.is_computer(w.seat) for w in waits), "no clock for a computer seat"
    await tick_at(scheduler, clock, 5 * DAY)
    assert all(computer not in n.mentions for n in outbox.notices)
    assert await sessions.verify_replay(gid)


async def alice_until_the_computer_is_awaited(sessions: Sessions, gid: int) -> Reply:
    """Alice plays her first legal action until the game awaits the computer; the last reply."""
    for _ in range(40):
        table = await sessions.table(gid)
        [seat] = table.game.to_act(table.state)
        action = table.game.legal_actions(table.state, seat)[0]
        reply = await sessions.act(CHANNEL, ALICE, str(action))
        table = await sessions.table(gid)
        if any(table.is_computer(s) for s in table.game.to_act(table.state)):
            return reply
    raise AssertionError("the computer was never awaited")


async def test_a_turn_handed_to_a_computer_edits_the_turn_message_without_move_controls(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-team", "easy")
    await sessions.start(CHANNEL, ALICE)
    await driver.settle(gid)
    handed = await alice_until_the_computer_is_awaited(sessions, gid)
    assert handed.edit, "nobody to ping: the turn message is edited, not posted anew"
    assert handed.post is not None and "Floe (easy) is thinking…" in handed.post.text
    controls = handed.post.controls
    assert controls is not None and not controls.buttons and not controls.menus
    assert not controls.private_menu and not controls.private_input, "nothing for a person to press"
    turn_step = (await sessions.table(gid)).record.turn_step
    rows = await store_of(sessions).actions(gid)
    assert turn_step is not None and rows[-1].seat == 0
    names = sessions.names(await sessions.table(gid))
    said = [line for r in rows[turn_step:] for line in told(r.narration, names).splitlines()]
    shown = handed.post.text.splitlines()
    # the turn narrated from its start: its first line, its newest, the log's count between them
    assert shown[0] == said[0] and said[-1] in shown, "the turn narrated from its start"
    assert all(line in shown for line in said) or any(line.startswith("… (") for line in shown)


async def test_a_computers_run_of_moves_is_published_once_with_every_note(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-team", "easy")
    await sessions.start(CHANNEL, ALICE)
    await driver.settle(gid)
    runs = 0
    for _ in range(8):
        await alice_until_the_computer_is_awaited(sessions, gid)
        published.clear()
        settled = await driver.settle(gid)
        assert settled, "the computer moved"
        if len(settled) < 2:
            continue
        runs += 1
        [once] = published
        assert once.post is not None and once.step == settled[-1].step, "the newest board"
        assert once.post == settled[-1].post
        assert [n for r in settled for n in r.notes] == list(once.notes), "every note delivered"
        if (await sessions.table(gid)).record.status != "active":
            break
    assert runs, "the computer made a run of several moves"


async def test_two_computer_plans_stay_secret_until_revealed(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-lake", "easy", "normal")
    start = await sessions.start(CHANNEL, ALICE)
    assert {n.user_id for n in start.notes} == {ALICE}, "only the person is asked for a plan"
    assert start.post is not None and "Floe (easy) and Floe (normal) are thinking…" in start.post.text
    assert {a.user_id for a in start.post.awaited} == {ALICE}, "only the person is mentioned"
    plans = await driver.settle(gid)
    assert len(plans) == 2 and "has planned" in (plans[0].post.text if plans[0].post else "")
    secret = [r.notation for r in await store_of(sessions).actions(gid)]
    for r in plans:  # the public posts say that a plan is in, never which
        assert r.post is not None and not any(p.split()[1] in r.post.text for p in secret)
    table = await sessions.table(gid)
    assert table.game.to_act(table.state) == frozenset({0}), "both computers planned; Alice is awaited"
    reveal = await sessions.act(CHANNEL, ALICE, "plan S")
    assert reveal.post is not None and reveal.post.image is not None and reveal.post.animation is not None
    assert (await reveal.post.animation.data() or b"")[:6] == b"GIF89a", "the reveal is animated"
    rows = await store_of(sessions).actions(gid)
    assert [r.seat for r in rows[:3]] == [1, 2, 0]
    assert all(r.notation.startswith("plan ") for r in rows[:3])
    assert await sessions.verify_replay(gid)


async def test_a_restart_mid_thought_resumes_the_turn(env, tmp_path: Path) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "polar-derby", "normal")
    await sessions.start(CHANNEL, ALICE)
    table = await sessions.table(gid)
    if not table.is_computer(next(iter(table.game.to_act(table.state)))):
        while (await sessions.table(gid)).game.to_act((await sessions.table(gid)).state) == frozenset({0}):
            await sessions.act(CHANNEL, ALICE, "stop" if await _may(sessions, gid, "stop") else "roll")
    step = (await sessions.table(gid)).record.step

    import asyncio

    started = asyncio.Event()

    async def stuck(*args: object) -> str:
        started.set()
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    old = Computers(sessions, store_of(sessions), stuck)
    old.poke(gid)
    await started.wait()
    await old.close()  # the bot stops: the thought is dropped, nothing was played
    assert (await sessions.table(gid)).record.step == step
    fresh = Computers(sessions, store_of(sessions), think_inline, publish=published_append(published))
    assert await fresh.resume_all() == [gid]
    await asyncio.wait_for(_until_moved(sessions, gid, step), 30)
    rows = await store_of(sessions).actions(gid)
    assert rows[step].seat == 1, "the new bot played the computer's turn"
    await fresh.close()


def published_append(published: list[Reply]):
    async def publish(reply: Reply) -> None:
        published.append(reply)

    return publish


async def _may(sessions: Sessions, gid: int, notation: str) -> bool:
    table = await sessions.table(gid)
    return any(str(a) == notation for a in table.game.legal_actions(table.state, 0))


async def _until_moved(sessions: Sessions, gid: int, step: int) -> None:
    import asyncio

    while (await sessions.table(gid)).record.step == step:
        await asyncio.sleep(0.01)


async def test_two_drivers_on_one_computer_move_apply_it_once(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-lake", "easy")
    await sessions.start(CHANNEL, ALICE)
    import asyncio

    other = Computers(sessions, store_of(sessions), think_inline)
    first, second = await asyncio.gather(driver.move_once(gid), other.move_once(gid))
    rows = await store_of(sessions).actions(gid)
    assert [r.seat for r in rows] == [1], "one plan, however many drivers thought of it"
    assert (first is None) != (second is None), "the loser saw someone had already moved"
    await other.close()


# --------------------------------------------------------------------------- replacing a player


async def test_replace_a_vanished_player_with_a_computer(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    gid = reply.game_id or 0
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    with pytest.raises(NotHost):
        await core_of(sessions).tables.replace_with_computer(CHANNEL, BOB, ALICE, "easy", moderator=False)
    with pytest.raises(tables.NotAllowed, match="unknown level"):
        await core_of(sessions).tables.replace_with_computer(CHANNEL, ALICE, BOB, "godlike", moderator=False)
    done = await core_of(sessions).tables.replace_with_computer(CHANNEL, ALICE, BOB, "hard", moderator=False)
    assert done.post is not None and "Floe (hard) takes over the seat of Bob" in done.post.text
    table = await sessions.table(gid)
    assert table.is_computer(1) and table.level(1) == "hard" and table.humans() == [ALICE]
    assert {w.seat for w in await scheduler.clocks.waits(gid)} == {0}, "Bob's clock is gone"
    with pytest.raises(tables.NotAllowed, match="at least one person"):
        await core_of(sessions).tables.replace_with_computer(CHANNEL, ALICE, ALICE, "easy", moderator=False)
    [plan] = await driver.settle(gid)
    assert (await store_of(sessions).actions(gid))[0].seat == 1
    assert plan.post is not None and "Floe (hard) has planned" in plan.post.text


async def test_a_person_takes_a_computers_seat_back_by_its_number(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-lake", "normal")
    await sessions.start(CHANNEL, ALICE)
    assert {w.seat for w in await scheduler.clocks.waits(gid)} == {0}, "a computer has no clock"
    with pytest.raises(tables.NotAllowed, match="seats 1 to 2"):
        await core_of(sessions).tables.seat_holder(CHANNEL, 3)
    computer = await core_of(sessions).tables.seat_holder(CHANNEL, 2)
    assert is_computer_user(computer)
    done = await core_of(sessions).tables.replace(CHANNEL, ALICE, computer, BOB, moderator=False)
    assert done.post is not None and "Bob takes over the seat of Floe (normal)" in done.post.text
    table = await sessions.table(gid)
    assert not table.is_computer(1) and table.humans() == [ALICE, BOB]
    assert {w.seat for w in await scheduler.clocks.waits(gid)} == {0, 1}, "Bob's seat has a clock"
    assert await driver.settle(gid) == [] and await store_of(sessions).actions(gid) == []
    reliability = await store_of(sessions).reliability.of([computer])
    assert reliability[computer].replaced == 0, "a computer handing its seat back is no record"


async def test_a_computer_thinking_when_its_seat_is_handed_back_plays_nothing(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "ice-lake", "normal")
    await sessions.start(CHANNEL, ALICE)
    computer = await core_of(sessions).tables.seat_holder(CHANNEL, 2)

    async def think_while_the_seat_changes_hands(*args: object) -> str:
        await core_of(sessions).tables.replace(CHANNEL, ALICE, computer, BOB, moderator=False)
        return await think_inline(*args)

    thinking = Computers(sessions, store_of(sessions), think_while_the_seat_changes_hands)
    assert await thinking.settle(gid) == []
    assert await store_of(sessions).actions(gid) == [], "the thought for a seat now Bob's was dropped"


async def test_the_stall_vote_lets_a_computer_play_for_them(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    gid = reply.game_id or 0
    await scheduler.configure(gid, stall_after=1)
    await sessions.join(CHANNEL, BOB)
    await sessions.join(CHANNEL, CAROL)
    await sessions.start(CHANNEL, ALICE)
    table = await sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    mover = table.user_of(seat)
    voters = [u for u in (ALICE, BOB, CAROL) if u != mover]
    await tick_at(scheduler, clock, DAY + 60)
    await tick_at(scheduler, clock, 2 * DAY + 60)
    stall = outbox.take()[-1]
    assert "a computer" in stall.text and stall.vote_step is not None
    await scheduler.stall_vote(gid, stall.vote_step, voters[0], "computer")
    assert (await sessions.table(gid)).is_computer(seat) is False, "one vote of two is no majority"
    answer = await scheduler.stall_vote(gid, stall.vote_step, voters[1], "computer")
    assert "decided" in answer
    table = await sessions.table(gid)
    assert table.is_computer(seat) and table.level(seat) == "normal"
    assert any(r.post and "Floe (normal) takes over" in r.post.text for r in outbox.replies)
    await driver.settle(gid)
    rows = await store_of(sessions).actions(gid)
    assert rows and rows[0].seat == seat, "the computer played the stalled turn"


# --------------------------------------------------------------------------- the dashboard


async def test_stats_and_leaderboard_keep_games_against_computers_apart(env) -> None:
    sessions, scheduler, clock, outbox, driver, published = env
    # one finished game between people, one against a computer (resigning ends a 2-player game)
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-team")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await sessions.resign(CHANNEL, BOB)
    assert (await sessions.table(reply.game_id or 0)).record.status == "finished"
    gid = await lobby_with_computers(sessions, "ice-team", "easy")
    await sessions.start(CHANNEL, ALICE)
    await sessions.resign(CHANNEL, ALICE)
    assert (await sessions.table(gid)).record.status == "finished"
    people = await core_of(sessions).dashboard.stats(ALICE)
    against = await core_of(sessions).dashboard.stats(ALICE, computers=True)
    assert people["Ice Team"].played == 1 and people["Ice Team"].won == 1
    assert against["Ice Team"].played == 1 and against["Ice Team"].won == 0
    text = await core_of(sessions).dashboard.stats_text(ALICE)
    assert (
        "1 won of 1 finished games between people" in text and "Against computer players: 0 won of 1" in text
    )
    board = await core_of(sessions).dashboard.leaderboard(GUILD)
    assert [user for user, _ in board["Ice Team"]] == [ALICE, BOB]
    vs = await core_of(sessions).dashboard.leaderboard(GUILD, computers=True)
    assert [user for user, _ in vs["Ice Team"]] == [ALICE], "a computer never ranks"
    lb = await core_of(sessions).dashboard.leaderboard_text(GUILD)
    assert "Against computer players" in lb and "Floe" not in lb


async def test_a_rematch_seats_the_computer_players_again(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-team", "hard")
    await sessions.start(CHANNEL, ALICE)
    await sessions.resign(CHANNEL, ALICE)
    again = await core_of(sessions).tables.rematch(gid, ALICE)
    table = await sessions.table(again.game_id or 0)
    assert table.is_computer(1) and table.level(1) == "hard" and table.humans() == [ALICE]
    assert sessions.names(table) == ["Alice", "Floe (hard)"]


# --------------------------------------------------------------------------- deadline defaults


def test_each_game_rules_whether_a_computer_may_play_a_missed_deadline() -> None:
    from bot.core.scheduler.expiry import computer_may_default

    safe = {name for name in games.GAMES if computer_may_default(games.get(name))}
    assert safe == {"polar-derby", "ice-team", "ice-lake"}, (
        "Thin Ice cards and Ice Hike torches stay the player's"
    )


async def test_a_missed_deadline_played_by_the_computer_where_safe(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "d.db"))
    clock = Clock()
    sessions = Sessions(store, namer=lambda uid: NAMES.get(uid, "someone"), clock=clock, new_seed=lambda: 5)
    outbox = Outbox()
    scheduler = Scheduler(sessions, store_of(sessions), outbox, clock=clock, computer_defaults=True).attach()
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    gid = reply.game_id or 0
    await scheduler.configure(gid, deadline=HOUR)
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await tick_at(scheduler, clock, HOUR + 60)
    rows = await store_of(sessions).actions(gid)
    assert rows and all(r.notation != "time out" for r in rows), "a real turn, not the lost one"
    assert any(r.post and "the computer plays for them" in r.post.text for r in outbox.replies)
    assert await sessions.verify_replay(gid)
    await store.close()


async def test_a_failing_search_still_moves_the_game_on(env) -> None:
    sessions, *_ = env
    gid = await lobby_with_computers(sessions, "ice-lake", "easy")
    await sessions.start(CHANNEL, ALICE)

    async def broken(*args: object) -> str:
        raise RuntimeError("a bug in the search")

    driver = Computers(sessions, store_of(sessions), broken)
    reply = await driver.move_once(gid)
    assert reply is not None
    table = await sessions.table(gid)
    assert table.game.to_act(table.state) == frozenset({0}), "the computer's plan is in"
    assert await sessions.verify_replay(gid)


async def test_computers_do_not_play_on_in_a_game_whose_channel_is_lost(env) -> None:
    """A table of computers whose channel is gone is paused (Scheduler.pause_unreachable): they
    stop moving, so nothing more is posted into a channel that is not there; resumed, they go on."""
    sessions, scheduler, clock, outbox, driver, published = env
    gid = await lobby_with_computers(sessions, "polar-derby", "easy", "easy")
    await sessions.start(CHANNEL, ALICE)
    await driver.settle(gid)
    table = await sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    assert not table.is_computer(seat)
    while not any(table.is_computer(s) for s in table.game.to_act(table.state)):
        action = table.game.legal_actions(table.state, seat)[0]
        await sessions.act(CHANNEL, ALICE, str(action))
        table = await sessions.table(gid)
    assert await scheduler.pause_unreachable(gid)  # the channel was deleted meanwhile
    step = table.record.step

    assert await driver.settle(gid) == []  # the computers wait
    assert (await sessions.table(gid)).record.step == step
    await scheduler.resume(CHANNEL, ALICE)
    assert await driver.settle(gid)  # the channel is back: they play on
