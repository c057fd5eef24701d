"""When a game paused because the bot may not post is looked at again (bot/core/scheduler/rechecks.py),
and what it posts when it resumes: its board only if that never reached the channel (storage/owed.py)."""

from __future__ import annotations

import itertools

from bot.core.scheduler.rechecks import Rechecks
from storage import Store
from storage.owed import Owed, OwedPosts

MINUTE = 60.0


def looks(rechecks: Rechecks, game_id: int, *, until: float, step: float = MINUTE) -> list[float]:
    """The times a tick every ``step`` seconds looks at a game whose channel stays closed."""
    times, now = [], 0.0
    while now <= until:
        if rechecks.due(game_id, now):
            times.append(now)
            rechecks.refused(game_id, now)
        now += step
    return times


def test_a_closed_channel_is_looked_at_ever_less_often_never_each_tick() -> None:
    rechecks = Rechecks(first=10 * MINUTE, longest=6 * 3600.0)
    times = looks(rechecks, 1, until=24 * 3600.0)
    assert times[:4] == [600.0, 1800.0, 4200.0, 9000.0]  # 10, 20, 40, 80 minutes apart
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert max(gaps) == 6 * 3600.0 and len(times) <= 9  # a handful of looks a day


def test_each_game_has_its_own_schedule_and_a_resumed_one_waits_longer_if_closed_again() -> None:
    rechecks = Rechecks(first=600.0, longest=3600.0)
    assert not rechecks.due(1, 0.0) and not rechecks.due(2, 500.0)  # first sight: a look later
    assert rechecks.due(1, 600.0) and not rechecks.due(2, 600.0)
    rechecks.resumed(1, 600.0)  # it could post again
    assert not rechecks.due(1, 1700.0) and rechecks.due(1, 1800.0)  # closed again: 20 minutes on
    rechecks.forget({2}, 1800.0 + 3601.0)  # long resumed, not paused: forgotten
    assert not rechecks.due(1, 1800.0 + 3601.0)  # seen anew


async def test_a_resumed_game_posts_its_board_only_if_it_never_reached_the_channel(any_store: Store) -> None:
    posts = OwedPosts(any_store)
    # game 1: its board's post was refused; game 2: a reminder was refused, its board was in
    await posts.owe(Owed(1, 4, True, (11,), (), "p", 100.0, 10.0))
    for game_id in (1, 2):
        await posts.hold(game_id)
    assert await posts.claim("tick", 10**9, 60.0) == []  # held while paused: no tick posts it
    released = await posts.release(1)
    assert released is not None and released.board and released.pings == frozenset({11})
    assert await posts.release(2) is None  # nothing owed: nothing posted again
    [claimed] = await posts.claim("tick", 200.0, 60.0)
    assert (claimed.game_id, claimed.board, claimed.attempts) == (1, True, 0)
    await posts.settle("tick", 1, 4, board=True)
    assert await posts.release(1) is None  # a second resume (by hand) owes nothing
