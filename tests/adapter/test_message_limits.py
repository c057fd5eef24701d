"""Every text built from data fits Discord's 2,000 characters, suffixes included (the
leaderboard's page line, the pings after a board's narration), with the longest names Discord
allows (32 characters) and many entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.adapter.components import leaderboard_page, log_page
from bot.adapter.outbox import Outbox
from bot.core import dashboard, lobbies
from bot.core.sessions import Awaited, Post, Sessions
from storage import open_store
from tests.support.cards import card_text
from tests.support.core import core_of

LIMIT = 2000
GUILD, CHANNEL = 5, 50
LONG = "W" * 32  # Discord's longest display name


def long_name(user: int) -> str:
    return f"{user:02}" + LONG[2:]


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    yield Sessions(store, new_seed=lambda: 7)
    await store.close()


async def finish_by_resignation(sessions: Sessions, loser: int, winner: int, game: str, channel: int) -> None:
    await sessions.new_game(channel_id=channel, guild_id=GUILD, user_id=loser, game_name=game)
    await sessions.join(channel, winner)
    await sessions.start(channel, loser)
    await sessions.resign(channel, loser)


async def test_a_leaderboard_page_fits_with_its_page_line(sessions: Sessions) -> None:
    channel = CHANNEL
    for game in ("polar-derby", "ice-lake", "ice-hike"):
        for pair in range(6):  # 12 rated players per game: two pages
            loser, winner = 100 + pair * 2, 101 + pair * 2
            for user in (loser, winner):
                await sessions.remember_name(user, long_name(user))
            await finish_by_resignation(sessions, loser, winner, game, channel)
            channel += 1
    text, view = await leaderboard_page(core_of(sessions), GUILD, None, None, 0)
    assert view is not None and text.endswith("Page 1 of 2.")
    assert len(text) <= LIMIT
    assert "`game:`" in text  # what was left out is named, with the way to see it


async def test_a_log_page_fits_with_long_names_and_long_moves(sessions: Sessions) -> None:
    for user in (1, 2):
        await sessions.remember_name(user, long_name(user))
    await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=1, game_name="polar-derby")
    await sessions.join(CHANNEL, 2)
    await sessions.start(CHANNEL, 1)
    for _ in range(40):
        table = await sessions.table_in(CHANNEL)
        if table.record.status != "active" or table.record.step >= 15:
            break
        [seat] = table.game.to_act(table.state)
        legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
        move = max(legal, key=len)  # the longest notation offered
        await sessions.act(CHANNEL, table.user_of(seat), move)
    table = await sessions.table_in(CHANNEL)
    assert table.record.step >= 15
    text, _ = await log_page(core_of(sessions), CHANNEL, 1)
    raw = await sessions.log(CHANNEL, page=1)
    assert len(raw) <= LIMIT and text == raw  # built to fit, never cut afterwards
    assert raw.count("\n") == 15  # every move of the page is on it


def test_games_list_fits_with_many_players_of_long_names() -> None:
    players = tuple(long_name(u) for u in range(8))
    lines = [
        dashboard.GameLine(
            game_id=g,
            title="Thin Ice",
            status="active",
            players=players,
            waiting_on=players,
            waiting_on_you=False,
            since=1.0e9,
            link=dashboard.jump_link(10**18, 10**18 + g),
        )
        for g in range(30)
    ]
    text = dashboard.format_games(lines)
    assert len(text) <= LIMIT
    assert text.splitlines()[-1].startswith("…and ") and "more" in text.splitlines()[-1]


def test_open_tables_fit_with_long_hosts_and_options() -> None:
    found = [
        lobbies.OpenLobby(
            game_id=g,
            title="Ice Hike",
            options="o" * 150,
            seats=1,
            most=6,
            host=long_name(g),
            opened_at=1.0e9,
            link=dashboard.jump_link(10**18, 10**18 + g),
            min_finished=80,
        )
        for g in range(lobbies.MAX_LISTED)
    ]
    text = lobbies.format_open(found)
    assert len(text) <= LIMIT
    assert text.splitlines()[-1].startswith("…and ")


async def test_pings_survive_the_longest_narration() -> None:
    awaited = tuple(Awaited(10**17 + u, "plan your next three moves", ping=True) for u in range(6))
    post = Post(text="x" * 1990, awaited=awaited)
    content = card_text((await Outbox.post_content(post))["view"].to_components())
    assert len(content) <= LIMIT
    assert all(f"<@{a.user_id}>" in content for a in awaited)
