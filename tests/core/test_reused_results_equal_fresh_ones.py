"""What a move reuses rather than works out again, and that the reused result is the fresh one.

* A game's state is kept beside the snapshot it was loaded or committed as: the next load with
  the same snapshot reuses it, any other snapshot is parsed (another process moved the game, or
  a decided move was not committed).
* A turn's buttons are laid out once per set of actions, yet an action's label always comes from
  the action offered now, fields outside its equality included (an Ice Team move's note).
* Options are written as plain values, a new mapping each time.
* A move's reply narrates with its log entries' narration, the same text as narrating its events.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import threading
from pathlib import Path

import pytest

import games
from bot.adapter.common import DISCORD_GRID
from bot.core.sessions import Sessions, decide
from bot.core.sessions import controls as session_controls
from bot.core.sessions import loading as session_loading
from games.ice_team.actions import Move
from storage import open_store
from tests.support.core import ALICE, BOB, CHANNEL, seeded_sessions, start_table

sessions = seeded_sessions


async def _derby(sessions: Sessions) -> int:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    return gid


async def _move(sessions: Sessions, gid: int, rnd: random.Random) -> None:
    table = await sessions.table(gid)
    seat = min(table.game.to_act(table.state))
    action = rnd.choice(list(table.game.legal_actions(table.state, seat)))
    await sessions.act(
        CHANNEL, table.user_of(seat), str(action), step=table.record.step, seat=seat, game_id=gid
    )


async def test_a_load_with_the_snapshot_last_seen_reuses_its_state(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    first = await sessions.table(gid)
    again = await sessions.table(gid)
    assert again.state is first.state  # the same snapshot: not parsed again
    assert again.state == first.game.from_dict(again.record.state)


async def test_a_committed_move_is_the_state_the_next_load_reuses(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    rnd = random.Random(3)
    for _ in range(6):
        await _move(sessions, gid, rnd)
        kept = sessions.tables._states[gid][1]
        table = await sessions.table(gid)
        assert table.state is kept
        assert table.state == table.game.from_dict(table.record.state)  # what parsing would give


async def test_a_game_moved_by_another_process_is_parsed_from_its_new_snapshot(
    sessions: Sessions, tmp_path: Path
) -> None:
    gid = await _derby(sessions)
    before = await sessions.table(gid)
    other_store = await open_store(str(tmp_path / "floe.db"))
    try:  # a second process on the same database plays the next move
        await _move(Sessions(other_store), gid, random.Random(1))
    finally:
        await other_store.close()
    after = await sessions.table(gid)
    assert after.record.step == before.record.step + 1
    assert after.state != before.state
    assert after.state == after.game.from_dict(after.record.state)


async def test_a_move_decided_but_not_committed_is_not_what_the_next_load_sees(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    table = await sessions.table(gid)
    seat = min(table.game.to_act(table.state))
    action = table.game.legal_actions(table.state, seat)[0]
    state, events = games.play(table.game, table.state, seat, action)
    moves = [(seat, str(action), events)]
    _, committed = decide.planned(
        table.with_state(state), moves, sessions.tables.circumstances(table), start=table
    )
    sessions.tables._remember_committed(committed)  # as a move does before its commit, which never comes
    assert sessions.tables._states[gid][1] is state
    reloaded = await sessions.table(gid)
    assert reloaded.record.step == table.record.step
    assert reloaded.state == table.state and reloaded.state != state


def test_the_kept_states_are_bounded_and_the_newest_stay(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_loading, "STATES_KEPT", 3)
    for game_id in range(5):
        sessions.tables._remember_state(game_id, {"n": game_id}, object())
    assert list(sessions.tables._states) == [2, 3, 4]


def test_equal_actions_with_other_notes_keep_their_own_labels() -> None:
    """Ice Team: a move's note (the tile it lands on) is outside its equality, not its label."""
    game = games.get("ice-team")
    onto_a = Move(0, "walk", (5,), note="onto the blue floe")
    onto_b = Move(0, "walk", (5,), note="onto the red floe")
    assert onto_a == onto_b
    [first], _, _ = session_controls._offer(game, (onto_a,), DISCORD_GRID, rows=4)
    [second], _, _ = session_controls._offer(game, (onto_b,), DISCORD_GRID, rows=4)
    assert first.label.endswith("(onto the blue floe)")
    assert second.label.endswith("(onto the red floe)")
    assert session_controls._offer(game, (onto_a,), DISCORD_GRID, rows=4)[0][0] is first  # laid out once


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_options_are_written_as_their_plain_values_a_new_mapping_each_time(name: str) -> None:
    options = games.get(name).options()
    written = options.to_mapping()
    assert written == dataclasses.asdict(options)
    assert type(options).from_mapping(written) == options
    written["extra"] = 1
    assert "extra" not in options.to_mapping()


async def test_a_move_reply_narrates_what_its_events_say(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    rnd = random.Random(8)
    narrated = 0
    for _ in range(12):
        table = await sessions.table(gid)
        if table.record.status != "active":
            break
        seat = min(table.game.to_act(table.state))
        action = rnd.choice(list(table.game.legal_actions(table.state, seat)))
        state, events = games.play(table.game, table.state, seat, action)
        reply = await sessions.act(
            CHANNEL, table.user_of(seat), str(action), step=table.record.step, seat=seat, game_id=gid
        )
        if reply.post is None or reply.edit:
            continue
        told = decide.narrate(events, sessions.names(table)).splitlines()
        shown = reply.post.text.splitlines()
        assert shown[0] == told[0]  # a long narration is cut short between its first and newest lines
        assert shown[: len(told)] == told or shown[1].startswith("… (")
        narrated += 1
    assert narrated


def test_states_kept_from_two_threads_at_once_stay_bounded_and_whole(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move decides on the writer's thread while the loop may load another game."""
    monkeypatch.setattr(session_loading, "STATES_KEPT", 3)
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as CPython allows
    errors: list[BaseException] = []

    def remember(offset: int) -> None:
        try:
            for n in range(20_000):
                sessions.tables._remember_state((n + offset) % 7, {"n": n}, n)
        except BaseException as err:  # reported below, on the test's thread
            errors.append(err)

    try:
        threads = [threading.Thread(target=remember, args=(k,)) for k in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(before)
    assert not errors
    assert len(sessions.tables._states) <= 3
