"""A bot process killed between a move's commit and its post, on each backend: a child process
commits the moves through ``Sessions`` and dies with ``os._exit`` before posting anything; then a
new bot on the same database posts exactly one board, with its ping, once the dead process's
lease on what it owed ran out."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from bot.adapter.app import FloeBot
from bot.core.sessions.decide import POST_LEASE
from storage.owed import OwedPosts
from tests.support.cards import request_text
from tests.support.driver import channel_sends, pinged

HOUR = 3600


@pytest.fixture(autouse=True)
def ten_minute_ticks(monkeypatch):
    monkeypatch.setattr(FloeBot, "tick_seconds", 600)


@pytest.fixture
def db_path(store_url: str) -> str:
    """The bots' database: a SQLite file, then a PostgreSQL schema."""
    return store_url


_DIES_AFTER_COMMIT = """
import asyncio, os, sys
from bot.core.sessions import Sessions
from storage import Store, open_store

async def main(url, now):
    store = await open_store(url)
    sessions = Sessions(store, clock=lambda: now)
    table = await sessions.table(1)
    [first] = {table.user_of(s) for s in table.game.to_act(table.state)}
    for _ in range(30):  # the first player plays until the turn passes, committing each move
        [seat] = table.game.to_act(table.state)
        legal = [str(a) for a in table.legal(seat)]
        await sessions.act(0, first, "stop" if "stop" in legal else legal[0], game_id=1)
        table = await sessions.table(1)
        if {table.user_of(s) for s in table.game.to_act(table.state)} != {first}:
            break
    os._exit(0)  # killed after the commit, before anything is posted

asyncio.run(main(sys.argv[1], float(sys.argv[2])))
"""


async def test_a_bot_killed_between_commit_and_post_leaves_exactly_one_post_with_its_ping(
    world, make_bot, db_path
) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _DIES_AFTER_COMMIT,
        db_path,
        str(env.bot.clock.clock()),
        cwd=Path(__file__).resolve().parents[2],
    )
    assert await child.wait() == 0
    table = await env.bot.sessions.table(1)
    [seat] = table.game.to_act(table.state)
    after = table.user_of(seat)
    assert table.record.step > 0  # the moves counted
    await env.restart_bot(make_bot())  # a new bot process on the same database
    before = len(channel_sends(env, general))
    await env.advance_time(POST_LEASE + 600)  # the dead process's lease runs out: a tick posts
    boards = [s for s in channel_sends(env, general)[before:] if s.json.get("attachments")]
    assert len(boards) == 1 and pinged(boards[0]) == [after]
    assert f"<@{after}>" in request_text(boards[0])
    assert await OwedPosts(env.bot.store).owed(1) is None
    await env.advance_time(2 * HOUR)
    assert len([s for s in channel_sends(env, general)[before:] if s.json.get("attachments")]) == 1
    assert env.strict.invalid == []
