"""``floe run`` with ``WEB_PORT`` set (bot.adapter.launch.serve): the bot and the games' pages in
one process and one event loop, from one database. The bot logs in to the wire-level fake
Discord (tests/support/wire_discord.py) as it would to Discord; a game opened by a slash command
is on its page at once, and a stop ends both."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.adapter.launch import serve
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.settings import Settings
from storage import open_store
from tests.support.wire_discord import WireDiscord, aim_discord_py_at


@pytest.fixture
async def wire() -> AsyncIterator[WireDiscord]:
    fake = WireDiscord(shard_count=1)
    fake.add_guild(0)
    await fake.start()
    yield fake
    await fake.stop()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_floe_run_with_a_web_port_serves_the_pages_of_the_games_it_plays(
    wire: WireDiscord, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    aim_discord_py_at(wire, monkeypatch)
    database, port = str(tmp_path / "floe.db"), _free_port()
    running = asyncio.create_task(serve(Settings(token="t", database=database, web_port=port)))
    try:
        await wire.wait_for_shards([0], timeout=30)
        channel = wire.first_channel
        opened = await wire.open_lobby(channel.id, 42)
        assert opened.answer.startswith("Polar Derby lobby opened.")
        store = await open_store(database)
        try:
            game = await store.open_game_in(channel.id)
            assert game is not None
            token = await Spectators(store, Sessions(store)).token(game.id)
        finally:
            await store.close()
        async with (
            aiohttp.ClientSession() as session,
            session.get(f"http://127.0.0.1:{port}/g/{token}") as page,
        ):
            assert page.status == 200
            assert "Polar Derby" in await page.text()
    finally:
        running.cancel()
        await asyncio.gather(running, return_exceptions=True)
    with pytest.raises(aiohttp.ClientConnectionError):  # the stop closed the pages too
        async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}/g/{token}"):
            pass
