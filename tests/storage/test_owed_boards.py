"""Owed posts shared by several processes: recorded in the change's own transaction, each claimed
by one process at a time once its committer's lease ran out, settled conditionally on the step,
on both stores."""

from __future__ import annotations

import asyncio

import aiosqlite
import pytest

from storage import StaleStep, Store, open_store
from storage.codec import dump
from storage.guilds import GuildStore
from storage.moves import LogEntry, Move, Plan
from storage.owed import Owed, OwedPosts
from tests.support.stored_games import active_game


def owed(game_id: int, step: int, *, pings=(), notes=(), board=True, owner="a", until=0.0, now=1.0) -> Owed:
    return Owed(game_id, step, board, tuple(pings), tuple(notes), owner, until, now)


async def test_two_processes_never_claim_the_same_owed_post(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        a, b = OwedPosts(first), OwedPosts(second)
        for game_id in (1, 2, 3):
            await a.owe(owed(game_id, 4, pings=[game_id * 10], now=100.0 + game_id))
        got_a, got_b = await asyncio.gather(a.claim("a", 200.0, 60.0), b.claim("b", 200.0, 60.0))
        ids_a, ids_b = {x.game_id for x in got_a}, {x.game_id for x in got_b}
        assert ids_a | ids_b == {1, 2, 3} and not ids_a & ids_b
        assert await a.claim("a", 210.0, 60.0) == [] and await b.claim("b", 210.0, 60.0) == []
        post = (got_a + got_b)[0]
        assert post.pings == frozenset({post.game_id * 10}) and post.since == 100.0 + post.game_id
    finally:
        await first.close()
        await second.close()


async def test_the_committer_s_lease_keeps_a_post_from_other_processes_until_it_runs_out(
    any_store: Store,
) -> None:
    posts = OwedPosts(any_store)
    await posts.owe(owed(7, 3, pings=[1], owner="committer", until=50.0, now=10.0))
    assert await posts.claim("tick", 49.0, 60.0) == []  # the committing process is posting it
    [post] = await posts.claim("tick", 50.0, 60.0)  # it died: its lease ran out
    assert (post.game_id, post.step, post.board, post.pings) == (7, 3, True, frozenset({1}))
    assert await posts.claim("other", 100.0, 60.0) == []  # the tick holds it now


async def test_a_post_settles_only_what_it_delivered_and_never_a_newer_board(any_store: Store) -> None:
    posts = OwedPosts(any_store)
    await posts.owe(owed(7, 3, pings=[1], notes=[1, 2], owner="p", until=100.0))
    await posts.owe(owed(7, 5, pings=[2], notes=[2], owner="p", until=100.0))  # a newer move
    post = await posts.owed(7)
    assert post is not None and (post.step, post.pings, post.notes) == (5, frozenset({1, 2}), (1, 2, 2))
    # the post of step 3 went out: the newer board stays owed, one of 2's notes is taken off
    left = await posts.settle("p", 7, 3, board=True, notes=[1, 2])
    assert left is not None and (left.board, left.notes) == (True, (2,))
    # the post of step 5 went out, 2's note failed for now: only that note is left, for a retry
    left = await posts.settle("p", 7, 5, board=True, notes=[], retry_at=160.0)
    assert left is not None and (left.board, left.notes) == (False, (2,))
    assert await posts.claim("t", 150.0, 60.0) == []  # not before its retry time
    [retry] = await posts.claim("t", 160.0, 60.0)
    assert (retry.board, retry.notes, retry.attempts) == (False, (2,), 1)
    assert await posts.settle("t", 7, 5, board=True, notes=[2]) is None
    assert await posts.owed(7) is None


async def test_a_move_records_what_it_owes_in_its_own_transaction_and_a_stale_one_nothing(
    any_store: Store,
) -> None:
    game = await active_game(any_store)
    move = Move(
        game.id,
        0,
        (LogEntry(0, "roll", ""),),
        dump({"n": 1}),
        "active",
        3.0,
        None,
        owed(game.id, 1, pings=[5]),
    )
    await any_store.commit(Plan(move))
    post = await OwedPosts(any_store).owed(game.id)
    assert post is not None and (post.step, post.pings) == (1, frozenset({5}))
    await OwedPosts(any_store).give_up(game.id)
    with pytest.raises(StaleStep):
        await any_store.commit(Plan(move))  # stale: step 0 again
    assert await OwedPosts(any_store).owed(game.id) is None


async def test_a_board_owed_before_the_owed_posts_table_is_carried_over(tmp_path) -> None:
    from storage.sqlite import migrate

    path = str(tmp_path / "old.db")
    db = await aiosqlite.connect(path, isolation_level=None)
    await migrate(db, target=8)  # the schema before owed posts, with a board owed its old way
    await db.execute(
        "INSERT INTO games (id, channel_id, game, options, seed, status, step, state, host_id, created_at, "
        "updated_at) VALUES (4, 10, 'polar-derby', '{}', 7, 'active', 6, '{}', 1, 1.0, 2.0)"
    )
    await db.execute("INSERT INTO bot_state (key, value) VALUES ('board_owed:4', '{\"pings\": [1]}')")
    await db.close()
    store = await open_store(path)
    try:
        post = await OwedPosts(store).owed(4)
        assert post is not None and (post.step, post.board, post.pings, post.since) == (
            6,
            True,
            frozenset(),
            2.0,
        )
        assert await GuildStore(store).fact("board_owed:4") is None
    finally:
        await store.close()
