"""``Store.play``: load a game, decide a move from it, commit it (on SQLite one transaction on the
writer's thread), on both stores. A refused decision writes nothing; a move of several log
entries and its turn step are written together; a move that ends the game is left to
``Store.commit`` with its result."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from storage import StaleStep, Store
from storage.codec import dump
from storage.moves import LogEntry, Move, Plan, Since
from storage.ratings import GameResult, PlayerResult
from storage.records import Loaded
from tests.support.stored_games import active_game, record_log


def _plan(
    loaded: Loaded | None, *entries: LogEntry, status: str = "active", log_from: int | None = None
) -> Plan:
    assert loaded is not None
    record = loaded[0]
    state = {"n": record.step + len(entries)}
    return Plan(
        Move(record.id, record.step, entries, dump(state), status, 3.0, turn_step=record.step), log_from
    )


async def test_a_refused_decision_writes_nothing(store: Store) -> None:
    game = await active_game(store)

    def refuse(loaded: Loaded | None) -> tuple[Plan, None]:
        assert loaded is not None and loaded[0].step == 0 and [s.user_id for s in loaded[1]] == [1, 2]
        raise ValueError("not your turn")

    with pytest.raises(ValueError, match="not your turn"):
        await store.play(game.id, refuse)
    record = await store.game(game.id)
    assert record is not None and (record.step, record.state, record.turn_step) == (0, {"n": 0}, None)
    assert await store.actions(game.id) == []
    # the writer is free again: the next move commits
    out, log = await store.play(game.id, lambda loaded: (_plan(loaded, LogEntry(0, "roll", "rolls")), "ok"))
    assert out == "ok" and log == []


async def test_an_action_and_its_forced_moves_commit_together_with_the_turn_step(store: Store) -> None:
    game = await active_game(store)
    entries = (LogEntry(0, "stop", "Ann stops."), LogEntry(1, "roll", "Bob rolls, the only move."))
    out, log = await store.play(game.id, lambda loaded: (_plan(loaded, *entries, log_from=0), loaded))
    assert out is not None and out[0].step == 0, "decide saw the game as it was"
    assert [(r.step, r.seat, r.notation, r.narration) for r in log or []] == [
        (0, 0, "stop", "Ann stops."),
        (1, 1, "roll", "Bob rolls, the only move."),
    ]
    record = await store.game(game.id)
    assert record is not None and (record.step, record.state, record.turn_step) == (2, {"n": 2}, 0)


async def test_a_decision_from_a_step_the_game_has_left_writes_nothing(store: Store) -> None:
    """The move's statement refuses a step the stored game is no longer at (a click on an older
    board, or another process first): StaleStep, and neither the snapshot nor the log moves."""
    game = await active_game(store)
    assert await store.play(game.id, lambda loaded: (_plan(loaded, LogEntry(0, "roll", "rolls")), "ok"))

    def stale(loaded: Loaded | None) -> tuple[Plan, str]:
        plan = _plan(loaded, LogEntry(0, "roll", "rolls"))
        return replace(plan, move=replace(plan.move, step=0)), "late"

    with pytest.raises(StaleStep):
        await store.play(game.id, stale)
    record = await store.game(game.id)
    assert record is not None and (record.step, record.state) == (1, {"n": 1})
    assert [a.step for a in await store.actions(game.id)] == [0]


async def test_a_move_that_ends_the_game_is_left_to_commit_with_its_result(store: Store) -> None:
    game = await active_game(store)
    plans: list[Plan] = []

    def ending(loaded: Loaded | None) -> tuple[Plan, None]:
        plans.append(_plan(loaded, LogEntry(0, "stop", "Ann wins."), status="finished"))
        return plans[0], None

    _, log = await store.play(game.id, ending)
    assert log is None
    record = await store.game(game.id)
    assert record is not None and (record.step, record.status) == (0, "active"), "nothing written yet"
    players = (PlayerResult(1, 1, True, False), PlayerResult(2, 2, False, False))
    result = GameResult(game.id, 5, "polar-derby", computers=False, players=players, rater=None)
    await store.commit(plans[0], result=result)
    record = await store.game(game.id)
    assert record is not None and (record.step, record.status) == (1, "finished")
    assert await store._one("SELECT game_id FROM results WHERE game_id = ?", (game.id,)) == (game.id,)
    with pytest.raises(StaleStep):  # the same plan again: the game has moved on
        await store.commit(plans[0], result=result)


@pytest.mark.parametrize("status", ["active", "finished"])
def test_the_move_statement_takes_exactly_its_parameters(status: str) -> None:
    """A move that keeps the game active leaves ``status`` out of its ``UPDATE`` (SQLite would
    rewrite the partial index that names it); the other statement sets it. Either way the
    parameters fill the placeholders one for one."""
    move = Move(7, 3, (LogEntry(0, "roll", "rolls"),), dump({"n": 4}), status, 3.0)
    assert move.update.count("?") == len(move.update_params())
    assert ("status = ?" in move.update) == (status != "active")
    assert status in move.update_params() or status == "active"


async def test_a_digest_reads_the_log_from_the_earliest_last_action_of_its_seats(store: Store) -> None:
    """``Since``: a long game's log is not read whole for a "since your last turn" digest."""
    game = await active_game(store, users=(1, 2, 3))
    # steps 0-9: seats 0 1 2 0 1 2 0 1, seat 2 takes back (an undo mark, not an action), seat 0
    log = [
        (0, "a"),
        (1, "b"),
        (2, "c"),
        (0, "d"),
        (1, "e"),
        (2, "f"),
        (0, "g"),
        (1, "h"),
        (2, "undo"),
        (0, "i"),
    ]
    await record_log(store, game.id, log)

    async def steps(seats: tuple[int, ...], before: int) -> list[int]:
        return [r.step for r in await store.actions_since(game.id, Since(seats, before, "undo"))]

    assert await steps((1,), 10) == [7, 8, 9]  # seat 1 last acted at step 7
    assert await steps((2,), 10) == [5, 6, 7, 8, 9]  # its undo mark at 8 is not its last action
    assert await steps((1, 2), 10) == [5, 6, 7, 8, 9]  # from the earlier of the two
    assert await steps((0,), 9) == [6, 7, 8, 9]  # the post's own actions (step 9 on) do not count
    assert await steps((2,), 2) == []  # seat 2 had not acted before step 2

    # read back with the move that pings them, in its transaction
    state = {"n": 11}
    move = Move(game.id, 10, (LogEntry(1, "j", "Bo plays j."),), dump(state), "active", 4.0)
    _, log = await store.play(game.id, lambda loaded: (Plan(move, log_since=Since((2,), 10, "undo")), None))
    assert log is not None and [r.step for r in log] == [5, 6, 7, 8, 9, 10]


async def test_since_reads_the_same_rows_as_the_whole_log_cut_by_hand(store: Store) -> None:
    """Random logs and seat sets: ``Since`` equals the whole log from the earliest last
    non-undo action of the seats before the step (the rule digest_lines applies to the whole log)."""
    rnd = random.Random(3)
    game = await active_game(store, users=(1, 2, 3, 4))
    log = [(rnd.randrange(4), "undo" if rnd.random() < 0.15 else f"m{k}") for k in range(40)]
    await record_log(store, game.id, log)
    for _ in range(60):
        seats = tuple(sorted(rnd.sample(range(4), rnd.randint(1, 3))))
        before = rnd.randint(0, 40)
        lasts = [
            max((k for k, (s, n) in enumerate(log[:before]) if s == seat and n != "undo"), default=None)
            for seat in seats
        ]
        acted = [k for k in lasts if k is not None]
        expected = list(range(min(acted), 40)) if acted else []
        got = [r.step for r in await store.actions_since(game.id, Since(seats, before, "undo"))]
        assert got == expected, (seats, before)


async def test_the_log_from_a_step_is_every_action_from_that_step_on(store: Store) -> None:
    game = await active_game(store)
    await record_log(store, game.id, [(step % 2, f"m{step}") for step in range(6)])
    for step in range(8):
        assert [r.step for r in await store.actions_from(game.id, step)] == list(range(step, 6))
        assert await store.actions_from(game.id, step) == await store.actions(game.id, offset=step)
