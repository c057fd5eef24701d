"""A game's web page in its reader's language: ``?lang=``, else the browser's ``Accept-Language``,
else English. What the games say is compared with the games' own sayings told in that language."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from html import escape
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot.core.languages import language
from bot.core.narration import told
from bot.core.readers import accepted_language
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators, plain
from storage import Store
from tests.support.web import served_game

Env = tuple[Store, Sessions, Spectators, TestClient, int]  # type: ignore[type-arg]


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    async with served_game(tmp_path) as served:
        yield served.store, served.sessions, served.spectators, served.client, served.game_id


async def narration(env: Env, code: str) -> str:
    """The newest narration of the game told in ``code``, as a page prints it."""
    store, sessions, _, _, game_id = env
    names = sessions.picture_names(await sessions.table(game_id))
    row = [r for r in await store.actions(game_id) if r.narration][-1]
    return plain(told(row.narration, names, language(code)))


async def page(env: Env, query: str = "", accept: str | None = None) -> str:
    _, _, spectators, client, game_id = env
    headers = {"Accept-Language": accept} if accept is not None else {}
    response = await client.get(f"/g/{await spectators.token(game_id)}{query}", headers=headers)
    assert response.status == 200
    return await response.text()


async def test_the_narration_differs_by_language(env: Env) -> None:
    english, dutch, german = [await narration(env, code) for code in ("en", "nl", "de")]
    assert len({english, dutch, german}) == 3


@pytest.mark.parametrize(
    ("query", "accept", "code"),
    [
        ("?lang=nl", None, "nl"),
        ("?lang=nl", "de", "nl"),  # the address comes before the browser
        ("", "de", "de"),
        ("", "fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("", "ja", "en"),
        ("?lang=xx", None, "en"),
        ("", None, "en"),
    ],
)
async def test_the_page_is_told_in_the_readers_language(
    env: Env, query: str, accept: str | None, code: str
) -> None:
    html = await page(env, query, accept)
    assert f'<html lang="{code}">' in html
    assert escape(await narration(env, code)) in html
    if code != "en":
        assert escape(await narration(env, "en")) not in html
    assert f"&amp;lang={code}" in html  # the board is asked for in the same language


async def test_two_languages_one_after_another_never_share_a_kept_page(env: Env) -> None:
    _, _, spectators, client, game_id = env
    for code in ("fr", "nl", "fr", "de"):
        html = await page(env, f"?lang={code}")
        assert f'<html lang="{code}">' in html and escape(await narration(env, code)) in html
    last = len((await spectators.page(game_id)).frames) - 1  # the board now
    french_board = await spectators.board(game_id, last, "fr")
    dutch_board = await spectators.board(game_id, last, "nl")
    assert french_board is not None and dutch_board is not None and french_board is not dutch_board
    table = await spectators.sessions.table(game_id)
    for code, board in (("fr", french_board), ("nl", dutch_board)):
        expected = spectators.sessions.tables.picture(table, detailed=True, language=language(code))
        assert board.description() == expected.description()
    assert french_board.description() != dutch_board.description()
    token = await spectators.token(game_id)
    for code in ("nl", "fr"):
        info = await (await client.get(f"/g/{token}/frame/{last}.json?lang={code}")).json()
        assert info["alt"] == (await spectators.board(game_id, last, code)).description()  # type: ignore[union-attr]


async def test_the_live_stream_is_told_in_the_readers_language(env: Env) -> None:
    _, _, spectators, client, game_id = env
    token = await spectators.token(game_id)
    streams = {code: await client.get(f"/g/{token}/events?lang={code}") for code in ("nl", "de")}
    for code, stream in streams.items():
        first = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 5)
        assert (await narration(env, code)).encode() in first
        stream.close()


def test_accept_language_is_read_by_its_weights() -> None:
    assert accepted_language("fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert accepted_language("ja, de;q=0.5") == "de"
    assert accepted_language("de;q=0.5, nl;q=0.9") == "nl"
    assert accepted_language("en;q=0, nl;q=0.1") == "nl"
    assert accepted_language("nl;q=0.8, fr;q=0.8") == "nl"  # equal weights: the first listed
    assert accepted_language("DE-at") == "de"
    assert accepted_language("en-GB,en;q=0.9") == "en"
    assert accepted_language("*") == "en"
    assert accepted_language("nl;q=abc, de") == "de"
    assert accepted_language("ja, zh;q=0.5") is None
    assert accepted_language("") is None and accepted_language(None) is None
