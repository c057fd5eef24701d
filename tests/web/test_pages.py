"""A game's web page: what it shows, its address, the server's switch, the live stream."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot.core.guilds import ServerSettings
from bot.core.sessions import Sessions
from bot.core.spectators import TOKEN_BYTES, PagesOff, Spectators
from bot.web.pages import NOT_FOUND
from storage import open_store
from tests.support.core import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    Clock,
    named_sessions,
    play_first_legal,
)
from tests.support.web import served_game

Env = tuple[Sessions, Spectators, TestClient, int]  # type: ignore[type-arg]


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    async with served_game(tmp_path, played=False) as served:
        yield served.sessions, served.spectators, served.client, served.game_id


async def test_a_page_shows_the_board_whose_turn_the_players_and_the_log(env: Env) -> None:
    sessions, spectators, client, game_id = env
    played = await play_first_legal(sessions, game_id)
    token = await spectators.token(game_id)
    assert re.fullmatch(r"[A-Za-z0-9_-]{22}", token) and TOKEN_BYTES == 16
    assert await spectators.token(game_id) == token  # made once, kept
    response = await client.get(f"/g/{token}")
    html = await response.text()
    assert response.status == 200
    assert "Polar Derby" in html and "Alice" in html and "Bob" in html
    page = await spectators.page(game_id)
    last = len(page.frames) - 1
    assert f'src="/g/{token}/board/{last}.png?v={page.version}&amp;lang=en"' in html
    board = await spectators.board(game_id, last)
    assert board is not None and board.description()
    alt = (board.description() or "").split("\n")[0]
    assert f'alt="{alt}' in html  # the board's alt text, as Discord attaches it
    assert "Waiting since" in html and f"<code>{played}</code>" in html
    picture = await client.get(f"/g/{token}/board/0.png")
    assert picture.status == 200 and (await picture.read()).startswith(b"\x89PNG")
    assert "http" not in html.replace("http-equiv", "")  # no external resource
    for path in ("/static/floe.css", "/static/floe.js"):
        assert (await client.get(path)).status == 200


async def test_an_unknown_token_is_a_404_that_reveals_nothing(env: Env) -> None:
    sessions, spectators, client, game_id = env
    token = await spectators.token(game_id)
    wrong = [
        "/g/" + "A" * 22,
        "/g/" + token[:-1] + ("A" if token[-1] != "A" else "B"),
        "/g/" + token + "/board/99.png",
        "/g/" + "A" * 22 + "/events",
        "/g/" + "A" * 22 + "/board/0.png",
        "/g/" + str(game_id),
        "/g/<script>",
        "/",
        "/games/1",
    ]
    for path in wrong:
        response = await client.get(path)
        assert response.status == 404, path
        assert await response.text() == NOT_FOUND, path


async def test_a_server_turns_its_pages_off_and_on_again(env: Env) -> None:
    sessions, spectators, client, game_id = env
    token = await spectators.token(game_id)
    servers = ServerSettings(spectators.store)
    await servers.change(GUILD, web=False)
    for path in (f"/g/{token}", f"/g/{token}/board/0.png", f"/g/{token}/events"):
        response = await client.get(path)
        assert response.status == 404 and await response.text() == NOT_FOUND
    with pytest.raises(PagesOff, match="web:true"):
        await spectators.address("https://floe.example.org", game_id)
    await servers.change(GUILD, web=True)
    assert (await client.get(f"/g/{token}")).status == 200
    assert (
        await spectators.address("https://floe.example.org/", game_id)
        == f"https://floe.example.org/g/{token}"
    )
    # a page watched live when the pages are turned off: its stream ends at the next move
    stream = await client.get(f"/g/{token}/events")
    await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 5)
    await servers.change(GUILD, web=False)
    await play_first_legal(sessions, game_id)
    assert await asyncio.wait_for(stream.content.read(), 5) == b""  # ended, nothing more sent


async def test_the_live_stream_sends_the_page_again_after_a_move(env: Env) -> None:
    sessions, spectators, client, game_id = env
    token = await spectators.token(game_id)
    response = await client.get(f"/g/{token}/events")
    assert response.headers["Content-Type"].startswith("text/event-stream")
    first = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 5)
    version = (await spectators.page(game_id)).version
    assert first.startswith(b"event: page\ndata: {") and f'"version":{version}'.encode() in first
    played = await play_first_legal(sessions, game_id)
    second = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 5)
    assert f'"move":"{played}"'.encode() in second and f'"version":{version}'.encode() not in second
    response.close()


async def test_ice_lake_movement_is_its_animation(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "lake.db"))
    try:
        sessions = named_sessions(store, clock=Clock())
        reply = await sessions.new_game(
            channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake"
        )
        assert reply.game_id is not None
        await sessions.join(CHANNEL, BOB)
        await sessions.start(CHANNEL, ALICE)
        for user in (ALICE, BOB):
            await sessions.act(CHANNEL, user, "plan S")
        spectators = Spectators(store, sessions)
        page = await spectators.page(reply.game_id)
        assert page.animated == frozenset({2})
        assert page.frames[1] == "1. Alice: (a secret choice)"  # a plan is told once the game is over
        movement = await spectators.animation(reply.game_id, 2)
        assert movement is not None and (await movement.data() or b"").startswith(b"GIF8")
        assert await spectators.animation(reply.game_id, 1) is None
    finally:
        await store.close()


async def test_floe_web_serves_the_pages_of_a_database_a_bot_writes(tmp_path: Path) -> None:
    """``start_web`` (``floe web``, and ``floe run`` with WEB_PORT) on its own store of the same
    file: a page made by the bot's process is served, and a move the bot makes shows."""
    from aiohttp import ClientSession

    from bot.web.serve import start_web

    path = str(tmp_path / "shared.db")
    bot_store, web_store = await open_store(path), await open_store(path)
    runner = None
    try:
        sessions = named_sessions(bot_store, clock=Clock())
        reply = await sessions.new_game(
            channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
        )
        assert reply.game_id is not None
        await sessions.join(CHANNEL, BOB)
        await sessions.start(CHANNEL, ALICE)
        token = await Spectators(bot_store, sessions).token(
            reply.game_id
        )  # the bot's process makes the address
        runner = await start_web(web_store, "127.0.0.1", 0)
        port = runner.addresses[0][1]
        played = await play_first_legal(sessions, reply.game_id)
        async with ClientSession() as client, client.get(f"http://127.0.0.1:{port}/g/{token}") as response:
            assert response.status == 200 and f"<code>{played}</code>" in await response.text()
    finally:
        if runner is not None:
            await runner.cleanup()
        await bot_store.close()
        await web_store.close()
