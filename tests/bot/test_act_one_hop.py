"""``Sessions.act`` reaches the store once (``Store.play``: on SQLite one hop to the writer's
thread): the load, the move, its forced moves, the turn step and the log the reply narrates are
all in that one transaction, and the reply reads no store after it. What it writes is what the
separate steps wrote: the log replays to the snapshot, and the turn step is where the new turn
message begins. The new board starts drawing once the move is committed, not inside its
transaction."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from bot.core.sessions import Sessions, Table
from storage import Store
from tests.bot import test_turn_messages as turn_messages
from tests.bot.test_turn_messages import ALICE, BOB, CAROL, CHANNEL, GUILD

#: The turn-message tests' fixture: the same store, named players and seed.
sessions = turn_messages.sessions


async def _random_move(sessions: Sessions, gid: int, rnd: random.Random) -> tuple[Table, int, str] | None:
    """The active game as loaded, an awaited seat and one of its legal actions (None: it ended)."""
    table = await sessions.table(gid)
    if table.record.status != "active":
        return None
    seat = rnd.choice(sorted(table.game.to_act(table.state)))
    return table, seat, str(rnd.choice(list(table.game.legal_actions(table.state, seat))))


def _count_store_calls(store: Store, calls: list[str]) -> None:
    """Record every read, write and transaction of ``store`` from now on in ``calls``."""
    for name in ("_one", "_all", "_write", "_record_move", "play", "commit", "_transaction"):
        real = getattr(store, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _real(*args, **kwargs)

        setattr(store, name, counted)


async def test_a_move_reaches_the_store_once_and_its_reply_reads_nothing_after(sessions: Sessions) -> None:
    opened = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    await sessions.join(CHANNEL, BOB)
    await sessions.join(CHANNEL, CAROL)
    await sessions.start(CHANNEL, ALICE)
    gid = opened.game_id
    assert gid is not None
    rnd = random.Random(4)
    edits = posts = 0
    for _ in range(25):
        if (move := await _random_move(sessions, gid, rnd)) is None:
            break
        table, seat, action = move
        calls: list[str] = []
        _count_store_calls(sessions.store, calls)
        try:
            reply = await sessions.act(
                CHANNEL, table.user_of(seat), action, step=table.record.step, seat=seat, game_id=gid
            )
        finally:
            for name in ("_one", "_all", "_write", "_record_move", "play", "commit", "_transaction"):
                delattr(sessions.store, name)
        if reply.finished:  # the ending move writes its result in a transaction of its own
            assert calls[0] == "play" and "commit" in calls
            break
        assert calls == ["play"], calls
        after = await sessions.table(gid)
        if reply.edit:
            edits += 1
            assert after.record.turn_step == table.record.turn_step, "an edit keeps the turn message"
        else:
            posts += 1
            assert after.record.turn_step == table.record.step, "a new turn message begins with this move"
    assert edits and posts, "both kinds of reply were seen"
    assert await sessions.verify_replay(gid)


async def test_the_new_board_starts_drawing_once_its_move_is_committed(
    sessions: Sessions, tmp_path: Path
) -> None:
    """Started inside the transaction, the drawing thread would take the interpreter's lock from
    it while it holds the database's write lock: another connection already sees the move."""
    opened = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    gid = opened.game_id
    drawn: list[tuple[int, int]] = []  # (the step drawn, the step another connection sees then)
    real_draw = sessions._draw

    def draw(table: Table) -> Any:
        with closing(sqlite3.connect(tmp_path / "floe.db")) as other:
            (seen,) = other.execute("SELECT step FROM games WHERE id = ?", (gid,)).fetchone()
        drawn.append((table.record.step, seen))
        return real_draw(table)

    sessions._draw = draw  # type: ignore[method-assign]
    rnd = random.Random(5)
    for _ in range(12):
        if (move := await _random_move(sessions, gid, rnd)) is None:
            break
        table, seat, action = move
        await sessions.act(CHANNEL, table.user_of(seat), action, step=table.record.step, game_id=gid)
    assert len(drawn) >= 10
    assert all(step == seen for step, seen in drawn), drawn
