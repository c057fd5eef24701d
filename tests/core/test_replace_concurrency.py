"""``/game replace`` checks and seats under the game's lock: two replaces at once cannot seat the
same person twice."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.core.sessions import SessionError, Sessions
from storage import open_store
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, EVE, NAMES, core_of, start_table


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    yield Sessions(store, namer=lambda uid: NAMES.get(uid, "someone"), clock=lambda: 1_800_000_000.0)
    await store.close()


async def test_two_concurrent_replaces_to_one_user_seat_that_user_once(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB, CAROL))
    results = await asyncio.gather(
        # a moderator: the host giving her own seat away would lose the power to replace bob
        core_of(sessions).tables.replace(CHANNEL, CAROL, ALICE, EVE, moderator=True),
        core_of(sessions).tables.replace(CHANNEL, CAROL, BOB, EVE, moderator=True),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], SessionError)
    assert "already playing" in str(refused[0])
    table = await sessions.table(gid)
    assert table.users().count(EVE) == 1
    assert len(set(table.users())) == 3 and CAROL in table.users()  # one of alice and bob still plays


async def test_a_replace_after_the_game_ended_is_refused(sessions: Sessions) -> None:
    await start_table(sessions, "polar-derby", (ALICE, BOB))
    await core_of(sessions).tables.abandon(CHANNEL, ALICE, moderator=False)
    with pytest.raises(SessionError):
        await core_of(sessions).tables.replace(CHANNEL, ALICE, BOB, EVE, moderator=True)
