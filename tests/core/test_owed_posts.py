"""What a change owes the players, recorded in its own transaction, is what its reply posts.

The commit records only who (the public post, whom it pings, who is owed a private note), and
the reply is built after the commit from the same decision; the two must agree, or a kill
between commit and post pings someone else than the post would have, or a post leaves a debt
behind that a later tick posts a second time. Random games of every kind: after each act the
owed post names the reply's board, pings and notes, and settling what the reply delivers
leaves nothing owed.
"""

from __future__ import annotations

import random

import pytest

import games
from bot.core.sessions import Reply, Sessions
from storage.owed import OwedPosts
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, GUILD, seeded_sessions, store_of

sessions = seeded_sessions


def _pinged(reply: Reply) -> set[int]:
    return {a.user_id for a in reply.post.awaited if a.ping} if reply.post is not None else set()


async def _check_and_settle(sessions: Sessions, reply: Reply) -> None:
    assert reply.game_id is not None and reply.step is not None
    posts = OwedPosts(store_of(sessions))
    owed = await posts.owed(reply.game_id)
    notes = {n.user_id for n in reply.notes}
    if reply.post is None and not notes:
        assert owed is None
        return
    assert owed is not None, reply
    assert owed.step == reply.step
    assert owed.board == (reply.post is not None)
    assert set(owed.pings) == _pinged(reply)
    assert set(owed.notes) == notes
    assert owed.owner == sessions.owner  # the committing process holds the lease while it posts
    await posts.settle(sessions.owner, reply.game_id, reply.step, board=True, notes=sorted(notes))
    assert await posts.owed(reply.game_id) is None


@pytest.mark.parametrize("game", ["polar-derby", "ice-lake", "thin-ice", "ice-hike", "ice-team"])
async def test_every_change_owes_what_its_reply_posts(sessions: Sessions, game: str) -> None:
    users = (ALICE, BOB, CAROL)[: games.get(game).players.stop - 1]
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name=game)
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    for user in users:
        await store_of(sessions).set_auto_play(user, False)
    started = await sessions.start(CHANNEL, ALICE)
    await _check_and_settle(sessions, started)
    rnd = random.Random(game)
    for _ in range(200):
        table = await sessions.table(started.game_id or 0)
        if table.record.status != "active":
            break
        seat = rnd.choice(sorted(table.game.to_act(table.state)))
        action = rnd.choice(table.legal(seat))
        reply = await sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
        await _check_and_settle(sessions, reply)
