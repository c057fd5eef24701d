"""``Sessions.act`` reaches the store once (``Store.play``: on SQLite one hop to the writer's
thread): the load, the move, its forced moves, the turn step and the log the reply narrates are
all in that one transaction, and the reply reads no store after it. What it writes is what the
separate steps wrote: the log replays to the snapshot, and the turn step is where the new turn
message begins. The reply is returned before its board is drawn: a front end draws it when it
posts it."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

import renderer
from bot.core.sessions import Sessions, Table
from storage import Store
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, GUILD, seeded_sessions, store_of

sessions = seeded_sessions


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
        _count_store_calls(store_of(sessions), calls)
        try:
            reply = await sessions.act(
                CHANNEL, table.user_of(seat), action, step=table.record.step, seat=seat, game_id=gid
            )
        finally:
            for name in ("_one", "_all", "_write", "_record_move", "play", "commit", "_transaction"):
                delattr(store_of(sessions), name)
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


async def test_a_reply_is_returned_before_its_board_is_drawn_from_the_committed_move(
    sessions: Sessions, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move's work never waits for a drawing: nothing is drawn until a front end awaits the
    board, and by then another connection already sees the move (it is committed). Awaited
    twice, the board is drawn once."""
    opened = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    gid = opened.game_id
    seen: list[int] = []  # the step another connection sees at each drawing
    real_render = renderer.render

    def render(view: Any, **kwargs: Any) -> bytes:
        with closing(sqlite3.connect(tmp_path / "floe.db")) as other:
            seen.append(other.execute("SELECT step FROM games WHERE id = ?", (gid,)).fetchone()[0])
        return real_render(view, **kwargs)

    monkeypatch.setattr(renderer, "render", render)
    rnd = random.Random(5)
    boards = 0
    for _ in range(12):
        if (move := await _random_move(sessions, gid, rnd)) is None:
            break
        table, seat, action = move
        reply = await sessions.act(CHANNEL, table.user_of(seat), action, step=table.record.step, game_id=gid)
        assert seen == [], "drawn before anyone asked for the board"
        if reply.post is None or reply.post.image is None:
            continue
        committed = (await sessions.table(gid)).record.step
        picture = reply.post.image
        assert (await picture.data() or b"")[:4] == b"\x89PNG"
        assert await picture.data() == await picture.data()
        assert seen == [committed], (seen, committed)
        seen.clear()
        boards += 1
    assert boards >= 10
