"""The reminder and deadline scheduler with an injected clock (never slept), a real SQLite file,
the real session service and the real games."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

import games
from bot.adapter.upgrades import UPGRADE_STEPS
from bot.core.scheduler import Scheduler
from bot.core.scheduler.durations import parse_duration, parse_quiet_hours, quiet_until
from bot.core.scheduler.notices import ClockError
from bot.core.sessions import NotHost
from bot.core.upgrades import upgrade
from games.polar_derby import POLAR_DERBY
from games.polar_derby.actions import TimeOut
from storage.clocks import UserClock
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAY,
    HOUR,
    T0,
    Clock,
    ask_every_move,
    awaited_users,
    open_service,
    start_game,
    store_of,
    tick_at,
)


@pytest.fixture
async def env(store_url: str):
    """On each store (SQLite and PostgreSQL: the ``store_url`` fixture)."""
    clock = Clock()
    service = await open_service(store_url, clock)
    await ask_every_move(service.store)  # every move asked, as these tests expect
    yield service.sessions, service.scheduler, clock, service.outbox
    await service.store.close()


# --------------------------------------------------------------------------- reminders


async def test_a_reminder_after_the_interval_and_at_most_once_per_interval(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler)
    [mover] = await awaited_users(sessions, gid)
    await tick_at(scheduler, clock, 23 * HOUR)
    assert outbox.take() == []
    await tick_at(scheduler, clock, DAY + 30)
    [first] = outbox.take()
    assert first.mentions == (mover,) and first.channel_id == CHANNEL
    assert "Polar Derby" in first.text and "roll the dice" in first.text
    for t in (DAY + 90, DAY + 12 * HOUR, 2 * DAY):
        await tick_at(scheduler, clock, t)
        assert outbox.take() == [], "at most one reminder per interval"
    await tick_at(scheduler, clock, 2 * DAY + 60)
    [second] = outbox.take()
    assert second.mentions == (mover,)
    assert second.text != first.text and "still waiting" in second.text, "the text escalates"
    assert f"<t:{int(T0)}:R>" in second.text


async def test_a_move_starts_a_fresh_wait_for_the_next_player(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler)
    [mover] = await awaited_users(sessions, gid)
    clock.at(20 * HOUR)
    await sessions.act(CHANNEL, mover, "roll")
    table = await sessions.table(gid)
    while (
        table.game.to_act(table.state) and table.user_of(next(iter(table.game.to_act(table.state)))) == mover
    ):
        action = table.game.legal_actions(table.state, next(iter(table.game.to_act(table.state))))[-1]
        await sessions.act(CHANNEL, mover, str(action))
        table = await sessions.table(gid)
    [nxt] = await awaited_users(sessions, gid)
    await tick_at(scheduler, clock, DAY + 60)  # 24 h after the start, but only 4 h after the move
    assert outbox.take() == []
    await tick_at(scheduler, clock, 20 * HOUR + DAY + 60)
    assert [n.mentions for n in outbox.take()] == [(nxt,)]


async def test_quiet_hours_hold_a_reminder_until_they_end_in_the_users_time_zone(env) -> None:
    sessions, scheduler, clock, outbox = env
    clock.t = T0 = datetime(2026, 1, 5, 3, 0, tzinfo=UTC).timestamp()  # 22:00 in New York (EST)
    gid = await start_game(sessions, scheduler)
    [mover] = await awaited_users(sessions, gid)
    await scheduler.set_quiet_hours(mover, time_zone="America/New_York", quiet="22-7")
    clock.t = T0 + DAY + 30  # due now, but it is 22:00:30 in New York
    await scheduler.tick()
    assert outbox.take() == []
    clock.t = datetime(2026, 1, 6, 11, 59, tzinfo=UTC).timestamp()  # 06:59 in New York
    await scheduler.tick()
    assert outbox.take() == []
    clock.t = datetime(2026, 1, 6, 12, 0, 30, tzinfo=UTC).timestamp()  # 07:00:30: quiet hours are over
    await scheduler.tick()
    assert [n.mentions for n in outbox.take()] == [(mover,)]
    # the same UTC hour is midday in Tokyo: no quiet hours there
    await scheduler.set_quiet_hours(mover, time_zone="Asia/Tokyo")
    clock.t = datetime(2026, 1, 7, 12, 1, tzinfo=UTC).timestamp()
    await scheduler.tick()
    assert [n.mentions for n in outbox.take()] == [(mover,)]


def test_quiet_until_spans_midnight_and_follows_daylight_saving() -> None:
    berlin = UserClock(1, "Europe/Berlin", 22 * 60, 7 * 60)
    winter = datetime(2026, 1, 10, 23, 30, tzinfo=UTC).timestamp()  # 00:30 in Berlin (CET)
    assert quiet_until(berlin, winter) == datetime(2026, 1, 11, 6, 0, tzinfo=UTC).timestamp()
    summer = datetime(2026, 7, 10, 21, 30, tzinfo=UTC).timestamp()  # 23:30 in Berlin (CEST)
    assert quiet_until(berlin, summer) == datetime(2026, 7, 11, 5, 0, tzinfo=UTC).timestamp()
    assert quiet_until(berlin, datetime(2026, 7, 10, 12, 0, tzinfo=UTC).timestamp()) is None
    assert quiet_until(UserClock(1), winter) is None


async def test_after_downtime_a_missed_reminder_is_sent_once_not_in_a_burst(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler)
    [mover] = await awaited_users(sessions, gid)
    await tick_at(scheduler, clock, 60)
    # the bot is down for five days: five reminders were missed
    restarted = Scheduler(sessions, store_of(sessions), outbox, clock=clock).attach()
    await tick_at(restarted, clock, 5 * DAY)
    assert [n.mentions for n in outbox.take()] == [(mover,)]
    for t in (5 * DAY + 60, 5 * DAY + 120, 5 * DAY + 20 * HOUR):
        await tick_at(restarted, clock, t)
        assert outbox.take() == []
    await tick_at(restarted, clock, 6 * DAY + 60)
    assert len(outbox.take()) == 1


async def test_deadlines_are_pushed_back_by_the_downtime(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, deadline=48 * HOUR)
    await tick_at(scheduler, clock, 60)
    step = (await sessions.table(gid)).record.step
    restarted = Scheduler(sessions, store_of(sessions), outbox, clock=clock).attach()
    await tick_at(restarted, clock, 3 * DAY)  # down for three days, past the deadline
    assert (await sessions.table(gid)).record.step == step, "nobody times out while the bot was down"
    await tick_at(restarted, clock, 5 * DAY + 120)  # 48 h of running clock have passed
    assert (await sessions.table(gid)).record.step > step


async def test_you_are_the_last_one_when_everyone_else_has_moved(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, "ice-lake", players=3)
    assert await awaited_users(sessions, gid) == [ALICE, BOB, CAROL]
    clock.at(10 * HOUR)
    await sessions.act(CHANNEL, ALICE, "plan S")
    await sessions.act(CHANNEL, BOB, "plan SS")
    await tick_at(scheduler, clock, DAY + 60)
    [notice] = outbox.take()
    assert notice.mentions == (CAROL,)
    assert "last one" in notice.text and "plan" in notice.text
    assert f"<t:{int(T0)}" not in notice.text or "since" not in notice.text


async def test_escalation_then_a_stall_vote_and_the_table_votes_to_skip(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, players=3, stall_after=2)
    [mover] = await awaited_users(sessions, gid)
    texts = []
    for day in (1, 2):
        await tick_at(scheduler, clock, day * DAY + 60)
        [n] = outbox.take()
        texts.append(n.text)
    assert texts[0] != texts[1] and "Next time the table is asked" in texts[1]
    await tick_at(scheduler, clock, 3 * DAY + 120)
    [stall] = outbox.take()
    others = tuple(u for u in (ALICE, BOB, CAROL) if u != mover)
    assert "stalled" in stall.text and stall.vote_step is not None
    assert stall.mentions == others, "the vote goes to the other players"
    await tick_at(scheduler, clock, 5 * DAY)
    assert outbox.take() == [], "no more reminders after the stall notice"
    with pytest.raises(Exception, match="other players"):
        await scheduler.stall_vote(gid, stall.vote_step, mover, "skip")
    answer = await scheduler.stall_vote(gid, stall.vote_step, others[0], "skip")
    assert "1 of 2" in answer
    assert await awaited_users(sessions, gid) == [mover], "one vote of two is no majority"
    await scheduler.stall_vote(gid, stall.vote_step, others[1], "skip")
    assert await awaited_users(sessions, gid) != [mover]
    log = await store_of(sessions).actions(gid)
    assert log[-1].notation == "time out"
    assert any("time ran out" in (r.post.text if r.post else "") for r in outbox.replies)
    assert await sessions.verify_replay(gid)


async def stalled(sessions, scheduler, clock, outbox) -> tuple[int, int, int]:
    """A two-player game stalled after one unanswered reminder: its id, the player who did not
    stall (who votes) and the step the stall vote was offered at."""
    gid = await start_game(sessions, scheduler, stall_after=1)
    [mover] = await awaited_users(sessions, gid)
    [other] = [u for u in (ALICE, BOB) if u != mover]
    await tick_at(scheduler, clock, DAY + 60)
    await tick_at(scheduler, clock, 2 * DAY + 60)
    stall = outbox.take()[-1]
    assert stall.vote_step is not None
    return gid, other, stall.vote_step


async def test_the_stall_vote_can_pause_or_point_to_replace(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid, other, vote_step = await stalled(sessions, scheduler, clock, outbox)
    await scheduler.stall_vote(gid, vote_step, other, "replace")
    [told] = outbox.take()
    assert "/game replace" in told.text and told.mentions == (ALICE,)
    await scheduler.stall_vote(gid, vote_step, other, "pause")
    assert "voted to pause" in outbox.take()[0].text
    assert (await scheduler.clocks.settings(gid)).paused


async def test_a_stall_vote_whose_notice_is_lost_says_it_decided_and_nobody_was_told(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid, other, vote_step = await stalled(sessions, scheduler, clock, outbox)
    outbox.refusal = "Discord refused the message (500: boom)"
    answer = await scheduler.stall_vote(gid, vote_step, other, "pause")
    assert "decided it" in answer and "could not post" in answer and "500: boom" in answer
    assert (await scheduler.clocks.settings(gid)).paused


# --------------------------------------------------------------------------- deadlines


@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_a_deadline_applies_each_games_default(env, name: str) -> None:
    sessions, scheduler, clock, outbox = env
    game = games.get(name)
    gid = await start_game(sessions, scheduler, name, players=game.players.start, deadline=2 * HOUR)
    before = (await sessions.table(gid)).game.to_act((await sessions.table(gid)).state)
    step = (await sessions.table(gid)).record.step
    board = await sessions.board(CHANNEL)
    assert board.post is not None and "Deadline <t:" in board.post.text and ":R>" in board.post.text
    await tick_at(scheduler, clock, HOUR)
    assert (await sessions.table(gid)).record.step == step
    await tick_at(scheduler, clock, 2 * HOUR + 60)
    table = await sessions.table(gid)
    assert table.record.step > step
    log = await store_of(sessions).actions(gid)
    assert {row.seat for row in log} <= set(before), "only the timed-out seats were played for"
    for row in log:  # each logged action is the documented default (replayed below)
        assert row.notation != "resign"
    assert await sessions.verify_replay(gid)
    # no secret choice is named in public
    for reply in outbox.replies:
        text = reply.post.text if reply.post else ""
        for row in log:
            if games.is_secret(table.game.parse_action(row.notation)):
                assert row.notation not in text
    for notice in outbox.notices:
        assert not re.search(r"plan S\b", notice.text)


async def test_a_standing_choice_does_not_restart_the_deadline(env) -> None:
    """Ice Hike's `torches never` is nobody else's business and no move: the chooser's clock goes
    on (a fresh deadline after each standing choice would let a player stall forever, and the
    reminders' times would tell the table when the choice was made)."""
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, "ice-hike", players=2, deadline=2 * HOUR)
    [mover] = await awaited_users(sessions, gid)
    clock.at(90 * 60)
    await sessions.act(CHANNEL, mover, "torches never")
    await tick_at(scheduler, clock, 2 * HOUR + 60)
    log = await store_of(sessions).actions(gid)
    assert len(log) > 1 and log[0].notation == "torches never", "the deadline's default was played"


async def test_ice_lake_missing_plans_become_s_without_telling_anyone(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, "ice-lake", players=2, deadline=HOUR)
    await sessions.act(CHANNEL, ALICE, "plan SS")
    await tick_at(scheduler, clock, HOUR + 60)
    log = await store_of(sessions).actions(gid)
    assert [(r.seat, r.notation) for r in log][-1] == (1, "plan S")
    everything = " ".join([n.text for n in outbox.notices] + [r.post.text for r in outbox.replies if r.post])
    assert "Time is up for Bob" in everything


async def test_a_thin_ice_reaction_window_closes_as_a_pass_without_any_game_deadline(env) -> None:
    """Rulings: reaction windows are timed, of equal length for everyone asked, and a missing
    answer is a pass; the table is never held longer than the window."""
    from bot.core.adoption import REACTION_WINDOW
    from bot.core.scheduler.waits import reaction_window

    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, "thin-ice", players=3)
    elapsed = 0.0
    for _ in range(200):  # play the movers' own choices until a window asks someone else
        table = await sessions.table(gid)
        awaited = table.game.to_act(table.state)
        asked = sorted(s for s in awaited if reaction_window(table.game, table.state, s))
        if asked:
            break
        seat = min(awaited)
        action = table.game.default_action(table.state, seat)
        await sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
    else:
        pytest.fail("no reaction window opened")
    step = table.record.step
    waits = {w.seat: w for w in await scheduler.clocks.waits(gid)}
    ends = {waits[s].deadline_at for s in asked}
    assert len(ends) == 1 and ends.pop() == pytest.approx(clock() + REACTION_WINDOW, abs=1)
    await tick_at(scheduler, clock, elapsed + REACTION_WINDOW - 60)
    assert (await sessions.table(gid)).record.step == step
    await tick_at(scheduler, clock, elapsed + REACTION_WINDOW + 60)
    log = await store_of(sessions).actions(gid)
    assert [r.notation for r in log[step:]][: len(asked)] == ["pass"] * len(asked)
    assert await sessions.verify_replay(gid)


def test_polar_derby_time_out_loses_the_turn_like_a_bust() -> None:
    g = POLAR_DERBY
    state = g.new_game(2, g.options(), 3)
    seat = state.current
    # pull bears first: roll until a take is possible, take, then the clock runs out
    while True:
        state, _ = games.play(g, state, seat, g.parse_action("roll"))
        if state.phase == "take":
            break
        seat = state.current
    state, _ = games.play(g, state, seat, g.legal_actions(state, seat)[0])
    assert sum(state.pulled) > 0
    assert TimeOut() not in g.legal_actions(state, seat)
    assert g.default_action(state, seat) == TimeOut()
    assert g.parse_action("time out") == TimeOut() and str(TimeOut()) == "time out"
    stopped, _ = games.play(g, state, seat, g.parse_action("stop"))
    timed, events = games.play(g, state, seat, TimeOut())
    assert timed.safe[seat] == state.safe[seat], "nothing is banked"
    assert sum(timed.safe[seat]) < sum(stopped.safe[seat]), "worse off than stopping"
    assert timed.middle == tuple(m + p for m, p in zip(state.middle, state.pulled, strict=True))
    assert timed.current != seat and timed.phase == "roll"
    assert "time ran out" in str(events[0].text)
    with pytest.raises(games.NotYourTurn):
        games.play(g, timed, seat, TimeOut())


async def test_players_cannot_play_the_time_out_themselves(env) -> None:
    sessions, scheduler, _clock, _outbox = env
    gid = await start_game(sessions, scheduler)
    [mover] = await awaited_users(sessions, gid)
    with pytest.raises(games.IllegalAction, match="only the clock"):
        await sessions.act(CHANNEL, mover, "time out")
    assert "time out" not in await sessions.suggestions(CHANNEL, mover, "")


async def test_the_host_extends_a_deadline(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, deadline=2 * HOUR)
    step = (await sessions.table(gid)).record.step
    with pytest.raises(NotHost):
        await scheduler.extend(CHANNEL, BOB, 5 * HOUR)
    assert "5 h" in await scheduler.extend(CHANNEL, ALICE, 5 * HOUR)
    assert f"<t:{int(T0 + 7 * HOUR)}:R>" in outbox.take()[0].text
    await tick_at(scheduler, clock, 6 * HOUR)
    assert (await sessions.table(gid)).record.step == step
    await tick_at(scheduler, clock, 7 * HOUR + 60)
    assert (await sessions.table(gid)).record.step > step


# --------------------------------------------------------------------------- pause, vacation, snooze


async def test_every_players_vote_pauses_and_resume_continues_the_clock(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, players=3, deadline=2 * HOUR)
    step = (await sessions.table(gid)).record.step
    clock.at(HOUR)
    await scheduler.vote_pause(CHANNEL, ALICE)
    await scheduler.vote_pause(CHANNEL, BOB)
    assert not (await scheduler.clocks.settings(gid)).paused, "two of three is not enough"
    assert outbox.take()[-1].mentions == (CAROL,)
    await scheduler.vote_pause(CHANNEL, CAROL)
    assert (await scheduler.clocks.settings(gid)).paused
    board = await sessions.board(CHANNEL)
    assert board.post is not None and "Paused" in board.post.text
    outbox.take()
    await tick_at(scheduler, clock, 3 * DAY)
    assert outbox.take() == [] and (await sessions.table(gid)).record.step == step
    await scheduler.resume(CHANNEL, BOB)
    assert "runs again" in outbox.take()[0].text
    await tick_at(scheduler, clock, 3 * DAY + 50 * 60)  # one hour was left: not yet
    assert (await sessions.table(gid)).record.step == step
    await tick_at(scheduler, clock, 3 * DAY + HOUR + 60)
    assert (await sessions.table(gid)).record.step > step
    with pytest.raises(ClockError):
        await scheduler.resume(CHANNEL, BOB)


async def test_vacation_pauses_the_players_clock_in_every_game_and_tells_the_tables(env) -> None:
    sessions, scheduler, clock, outbox = env
    first = await start_game(sessions, scheduler, deadline=48 * HOUR)
    second = await start_game(sessions, scheduler, channel=CHANNEL + 1, deadline=48 * HOUR)
    [mover] = await awaited_users(sessions, first)
    answer = await scheduler.set_vacation(mover, 3)
    assert "2 game" in answer
    told = outbox.take()
    assert sorted(n.channel_id for n in told) == [CHANNEL, CHANNEL + 1]
    assert all("vacation" in n.text and f"<t:{int(T0 + 3 * DAY)}:f>" in n.text for n in told)
    step = (await sessions.table(first)).record.step
    assert await awaited_users(sessions, second) == [mover]  # the same seed: the same first player
    for t in (DAY + 60, 2 * DAY + 60, 3 * DAY):
        await tick_at(scheduler, clock, t)
    assert [n for n in outbox.take() if n.mentions == (mover,)] == [], "no reminders on vacation"
    assert (await sessions.table(first)).record.step == step, "no deadline on vacation"
    assert await awaited_users(sessions, second) == [mover]
    await tick_at(scheduler, clock, 4 * DAY + 60)  # back for a day: the clock ran 24 h
    assert any(n.mentions == (mover,) for n in outbox.take())
    await tick_at(scheduler, clock, 5 * DAY - 120)
    assert (await sessions.table(first)).record.step == step
    await tick_at(scheduler, clock, 5 * DAY + 60)
    assert (await sessions.table(first)).record.step > step


async def test_a_turn_that_begins_during_a_vacation_starts_its_clock_after_it(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, deadline=HOUR * 10)
    [mover] = await awaited_users(sessions, gid)
    [other] = [u for u in (ALICE, BOB) if u != mover]
    await scheduler.set_vacation(other, 2)
    await tick_at(scheduler, clock, 10 * HOUR + 60)  # the mover times out: the turn goes to the other
    assert await awaited_users(sessions, gid) == [other]
    [wait] = await scheduler.clocks.waits(gid)
    assert wait.since == T0 + 2 * DAY and wait.deadline_at == T0 + 2 * DAY + 10 * HOUR
    outbox.take()
    answer = await scheduler.set_vacation(other, 0)  # back early
    [wait] = await scheduler.clocks.waits(gid)
    assert wait.since == T0 + 10 * HOUR + 60 and wait.deadline_at == T0 + 20 * HOUR + 60
    # the table heard of this vacation less than a day ago: it is not told again, the player is
    assert not any("vacation" in n.text for n in outbox.take())
    assert "Welcome back" in answer and "not told again" in answer
    await tick_at(scheduler, clock, DAY + HOUR)
    await scheduler.set_vacation(other, 1)  # a day later the table hears again
    assert "on vacation" in outbox.take()[-1].text


async def test_snooze_stops_reminders_for_this_turn_but_not_the_deadline(env) -> None:
    sessions, scheduler, clock, outbox = env
    gid = await start_game(sessions, scheduler, deadline=3 * DAY)
    [mover] = await awaited_users(sessions, gid)
    [other] = [u for u in (ALICE, BOB) if u != mover]
    with pytest.raises(ClockError):
        await scheduler.snooze(CHANNEL, other)
    await scheduler.snooze(CHANNEL, mover)
    for day in (1, 2):
        await tick_at(scheduler, clock, day * DAY + 60)
    assert outbox.take() == []
    await tick_at(scheduler, clock, 3 * DAY + 60)
    assert await awaited_users(sessions, gid) == [other]
    await tick_at(scheduler, clock, 4 * DAY + 120)  # a new turn: reminders again (at half the deadline)
    assert [n.mentions for n in outbox.take()] == [(other,)]


# --------------------------------------------------------------------------- cheap and robust


async def test_due_work_is_found_with_the_index(env) -> None:
    sessions, _scheduler, _clock, _outbox = env
    if store_of(sessions).backend != "sqlite":
        pytest.skip("reads SQLite's query plan (PostgreSQL's planner prefers a scan on a tiny table)")
    async with store_of(sessions)._reader.execute(
        "EXPLAIN QUERY PLAN SELECT game_id, seat FROM waits WHERE due_at IS NOT NULL AND due_at <= ? "
        "ORDER BY due_at LIMIT ?",
        (T0, 10),
    ) as cursor:
        plan = " ".join(str(row[-1]) for row in await cursor.fetchall())
    assert "waits_due" in plan and "SCAN waits" not in plan.replace("USING INDEX", "")


async def test_a_tick_looks_only_at_due_games(env) -> None:
    sessions, scheduler, clock, _outbox = env
    for k in range(30):
        await start_game(sessions, scheduler, channel=CHANNEL + k)
    await tick_at(scheduler, clock, HOUR)
    assert await scheduler.tick() == 0
    clock.at(DAY + 60)
    assert await scheduler.tick() == 30
    assert await scheduler.tick() == 0


async def test_games_started_before_the_scheduler_are_adopted_by_the_upgrade_not_the_tick(env) -> None:
    sessions, scheduler, clock, _outbox = env
    sessions.watch = None  # as if the game began before migration 3
    gid = await start_game(sessions, scheduler)
    await tick_at(scheduler, clock, 60)
    assert await scheduler.clocks.waits(gid) == []
    await upgrade(store_of(sessions), sessions, UPGRADE_STEPS)
    assert len(await scheduler.clocks.waits(gid)) == 1


def test_durations_and_quiet_hours_parse_forgivingly() -> None:
    assert parse_duration("48h") == 48 * HOUR
    assert parse_duration("2d") == 2 * DAY
    assert parse_duration("1d 12h") == 36 * HOUR
    assert parse_duration("90m") == 90 * 60
    assert parse_duration("") is None and parse_duration("off") is None
    for bad in ("soon", "1s", "400d"):
        with pytest.raises(ClockError):
            parse_duration(bad)
    assert parse_quiet_hours("22-7") == (22 * 60, 7 * 60)
    assert parse_quiet_hours("22:30-07:15") == (22 * 60 + 30, 7 * 60 + 15)
    assert parse_quiet_hours("off") is None
    with pytest.raises(ClockError):
        parse_quiet_hours("late")
