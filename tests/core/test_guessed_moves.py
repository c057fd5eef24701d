"""A move decided on the event loop from the table the store knows.

The SQLite store keeps each recent game's table as it last read or committed it
(:class:`storage.sqlite.Known`) and ``Store.play`` decides the move from it before the hop to the
writer's thread (:class:`storage.sqlite.Guess`). The transaction takes that decision only when it
reads the very rows the guess was made from; otherwise it decides again from what it read. So:

* the table a committed move leaves is built without a read, and it equals what a read gives,
  for every game, move after move (else a later guess could decide from a table that is not the
  stored one);
* a guess is taken when nothing changed, and then the decision is made once, on the loop;
* a refusal made from the guess is the answer when the rows are the same, and nothing changes;
* when another process moved the game, or a write changed its table, the move is decided from the
  stored game: a move the stale guess refused is played, a move it allowed is refused.
"""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

import games
from bot.core.sessions import Sessions, StaleAction
from bot.core.sessions import moves as moves_module
from storage import open_store
from storage import sqlite as sqlite_module
from storage.game_table import GAME_TABLE, loaded_table
from storage.records import Loaded
from storage.sqlite import SQLiteStore
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, seeded_sessions, start_table, store_of

sessions = seeded_sessions


def _store(sessions: Sessions) -> SQLiteStore:
    assert isinstance(store_of(sessions), SQLiteStore)
    return store_of(sessions)


async def _stored(sessions: Sessions, gid: int) -> tuple[list[tuple[object, ...]], Loaded]:
    """The game's table read straight from the file (not through ``game_table``, which keeps it)."""
    rows = await _store(sessions)._all(GAME_TABLE, (gid,))
    loaded = loaded_table(gid, rows)
    assert loaded is not None
    return rows, loaded


def _deciding_threads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The thread of every decision ``act`` makes from now on: the loop's, or the writer's."""
    threads: list[str] = []
    decide = moves_module.decide_move

    def recorded(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        threads.append("loop" if threading.current_thread() is threading.main_thread() else "writer")
        return decide(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(moves_module, "decide_move", recorded)
    return threads


async def _play_from(sessions: Sessions, gid: int, loaded: Loaded, rnd: random.Random) -> None:
    """A random legal move of the first awaited seat of the table ``loaded``."""
    table = sessions.tables._table_of(loaded)
    seat = min(table.game.to_act(table.state))
    action = rnd.choice(list(table.game.legal_actions(table.state, seat)))
    await sessions.act(
        CHANNEL, table.user_of(seat), str(action), step=table.record.step, seat=seat, game_id=gid
    )


@pytest.mark.parametrize("game", sorted(games.GAMES))
async def test_the_table_a_move_leaves_is_the_table_a_read_gives_for_every_game(
    sessions: Sessions, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fewest = games.get(game).players.start
    gid = await start_table(sessions, game, (ALICE, BOB, CAROL)[: max(2, fewest)])
    store, rnd = _store(sessions), random.Random(game)
    rows, loaded = await _stored(sessions, gid)
    threads = _deciding_threads(monkeypatch)
    moves = 0
    while loaded[0].status == "active" and moves < 25:
        await _play_from(sessions, gid, loaded, rnd)
        moves += 1
        rows, loaded = await _stored(sessions, gid)
        known = store._known.get(gid)
        if loaded[0].status != "active":
            break
        assert known is not None
        assert known.rows == rows
        assert known.loaded == loaded
    assert moves >= 3
    # the first move was decided from the start's table as read; each one after, once, from the guess
    assert threads[1:] == ["loop"] * (len(threads) - 1)


async def test_a_refusal_made_from_the_guess_is_the_answer_and_nothing_changes(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    table = await sessions.table(gid)  # known from now on
    [seat] = table.game.to_act(table.state)
    idle = BOB if table.user_of(seat) == ALICE else ALICE
    with pytest.raises(games.NotYourTurn):
        await sessions.act(CHANNEL, idle, "roll", step=table.record.step, game_id=gid)
    with pytest.raises(StaleAction):
        await sessions.act(CHANNEL, table.user_of(seat), "roll", step=table.record.step - 1, game_id=gid)
    rows, loaded = await _stored(sessions, gid)
    assert loaded[0] == table.record
    assert _store(sessions)._known[gid].rows == rows


async def test_a_game_another_process_moved_is_decided_from_the_stored_game(
    sessions: Sessions, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    known = await sessions.table(gid)
    [seat] = known.game.to_act(known.state)
    mover, other = known.user_of(seat), known.user_of(1 - seat)
    other_store, rnd = await open_store(str(tmp_path / "floe.db")), random.Random(2)
    try:  # a second process plays the awaited seat's moves until the other player is awaited
        while True:
            _, stored = await _stored(sessions, gid)
            table = sessions.tables._table_of(stored)
            if table.game.to_act(table.state) == {1 - seat}:
                break
            await _play_from(Sessions(other_store), gid, stored, rnd)
    finally:
        await other_store.close()
    assert table.record.step > known.record.step
    threads = _deciding_threads(monkeypatch)
    # from the known table it is not the other player's turn; in the stored game it is
    action = str(table.game.legal_actions(table.state, 1 - seat)[0])
    await sessions.act(CHANNEL, other, action, step=table.record.step, game_id=gid)
    assert threads == ["loop", "writer"]  # guessed (refused) on the loop, decided in the transaction
    assert (await _stored(sessions, gid))[1][0].step > table.record.step
    # and the mover's stale button is refused, though the table first known allowed it
    with pytest.raises(StaleAction):
        await sessions.act(CHANNEL, mover, "roll", step=known.record.step, game_id=gid)


async def test_the_turn_message_written_after_a_move_keeps_the_guess(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    rnd = random.Random(4)
    await _play_from(sessions, gid, (await _stored(sessions, gid))[1], rnd)
    await store_of(sessions).set_board_message(gid, 987_654)
    await store_of(sessions).set_turn_step(gid, 1)
    rows, loaded = await _stored(sessions, gid)
    assert _store(sessions)._known[gid].rows == rows
    assert _store(sessions)._known[gid].loaded == loaded
    threads = _deciding_threads(monkeypatch)
    await _play_from(sessions, gid, loaded, rnd)
    assert threads == ["loop"]


async def test_a_read_that_finds_the_known_rows_returns_the_known_table(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    first = await store_of(sessions).game_table(gid)
    again = await store_of(sessions).game_table(gid)
    assert again is first
    await store_of(sessions).remember_name(ALICE, "Alice the Second")  # the table's rows change
    renamed = await store_of(sessions).game_table(gid)
    assert renamed is not first and renamed is not None
    assert renamed[2][ALICE] == "Alice the Second"


async def test_the_known_tables_are_bounded_and_the_newest_stay(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_module, "KNOWN_TABLES", 2)
    ids = []
    for channel in (CHANNEL, CHANNEL + 1, CHANNEL + 2):
        opened = await sessions.new_game(
            channel_id=channel, guild_id=1, user_id=ALICE, game_name="polar-derby"
        )
        assert opened.game_id is not None
        ids.append(opened.game_id)
        await store_of(sessions).game_table(opened.game_id)
    assert list(_store(sessions)._known) == ids[1:]
