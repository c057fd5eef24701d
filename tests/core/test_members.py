"""A member's own settings through the core (bot/core/members.py, what ``/settings`` calls) and
the rating seasons (bot/core/rated_games.py, what ``/floe season`` calls): the adapter's cogs reach
the store only through these services."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.sessions import Sessions
from storage import open_store
from tests.support.core import ALICE, GUILD, core_of


@pytest.fixture
async def sessions(tmp_path: Path) -> AsyncIterator[Sessions]:
    store = await open_store(f"sqlite:///{tmp_path}/floe.db")
    yield Sessions(store)
    await store.close()


async def test_settings_change_what_is_given_and_keep_the_rest(sessions: Sessions) -> None:
    mine = await core_of(sessions).members.change_settings(ALICE)
    assert (mine.dm_on_turn, mine.dms_closed, mine.auto_play) == (False, False, True)
    mine = await core_of(sessions).members.change_settings(ALICE, dm_on_turn=True)
    assert (mine.dm_on_turn, mine.auto_play) == (True, True)
    mine = await core_of(sessions).members.change_settings(ALICE, auto_play=False)
    assert (mine.dm_on_turn, mine.auto_play) == (True, False)


async def test_closed_dms_are_tried_again_once_the_member_opts_in_again(sessions: Sessions) -> None:
    await core_of(sessions).members.change_settings(ALICE, dm_on_turn=True)
    await core_of(sessions).members.dms_closed(ALICE)
    assert (await core_of(sessions).members.change_settings(ALICE)).dms_closed
    again = await core_of(sessions).members.change_settings(ALICE, dm_on_turn=True)
    assert again.dm_on_turn and not again.dms_closed


async def test_a_new_season_follows_the_current_one(sessions: Sessions) -> None:
    assert await core_of(sessions).rated_games.season(GUILD) == 1
    assert await core_of(sessions).rated_games.new_season(GUILD) == 2
    assert await core_of(sessions).rated_games.season(GUILD) == 2
