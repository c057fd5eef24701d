"""The wire-level fake Discord (tests/support/wire_discord.py) that the soak runs on: a real
discord.py client connects to it over loopback, and it keeps Discord's identify buckets."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket

from tests.support.wire_discord import WireDiscord


@pytest.fixture
async def wire() -> AsyncIterator[WireDiscord]:
    fake = WireDiscord(shard_count=2, max_concurrency=1)
    fake.add_guild(0)
    await fake.start()
    yield fake
    await fake.stop()


async def test_a_discord_py_client_gets_ready_and_answers_a_slash_command(
    wire: WireDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(discord.http.Route, "BASE", wire.rest_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(wire.gateway_url))
    client = discord.Client(
        intents=discord.Intents(guilds=True), shard_id=0, shard_count=2, guild_ready_timeout=0.1
    )
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Answer pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"pong from shard {interaction.client.shard_id}", ephemeral=True)

    ready = asyncio.Event()
    client.event(_set_on_ready(ready))
    await client.login("token")
    await tree.sync()
    runner = asyncio.create_task(client.connect())
    try:
        await asyncio.wait_for(ready.wait(), 10)
        assert [g.id for g in client.guilds] == list(wire.guilds)
        channel = next(iter(wire.guilds.values())).channels[0]
        interaction = await wire.slash(channel.id, 42, "ping", timeout=10)
        assert interaction.callback is not None and interaction.callback["type"] == 5
        assert interaction.answer == "pong from shard 0"
        assert [c["name"] for c in wire.commands] == ["ping"]
        assert not wire.unknown_routes
    finally:
        await client.close()
        runner.cancel()


def _set_on_ready(ready: asyncio.Event) -> Any:
    async def on_ready() -> None:
        ready.set()

    return on_ready


async def _identify(session: aiohttp.ClientSession, url: str, shard: int, count: int) -> dict[str, Any]:
    """Open a gateway connection, identify as ``shard`` of ``count``, return the first answer."""
    ws = await session.ws_connect(url)
    hello = json.loads((await ws.receive()).data)
    assert hello["op"] == 10
    await ws.send_str(
        json.dumps({"op": 2, "d": {"token": "t", "intents": 0, "shard": [shard, count], "properties": {}}})
    )
    answer: dict[str, Any] = json.loads((await ws.receive()).data)
    return answer


async def test_a_second_identify_in_the_same_bucket_within_5_s_is_refused(wire: WireDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        first = await _identify(session, wire.gateway_url, 0, 2)
        second = await _identify(session, wire.gateway_url, 1, 2)  # 1 % max_concurrency 1: bucket 0
    assert first["t"] == "READY" and first["d"]["shard"] == [0, 2]
    assert second == {"op": 9, "d": False}
    assert wire.identify_refusals == 1


async def test_shards_of_different_buckets_identify_together() -> None:
    wire = WireDiscord(shard_count=2, max_concurrency=2)
    await wire.start()
    try:
        async with aiohttp.ClientSession() as session:
            answers = [await _identify(session, wire.gateway_url, shard, 2) for shard in (0, 1)]
        assert [a["t"] for a in answers] == ["READY", "READY"]
        assert wire.identify_refusals == 0
    finally:
        await wire.stop()


async def test_the_bot_opens_a_lobby_through_the_wire_fake(
    wire: WireDiscord, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Floe itself, sharded, connects and answers ``/game new`` with only routes the fake knows
    (what the soak's processes need)."""
    from bot.adapter.app import create_bot
    from bot.settings import Settings

    monkeypatch.setattr(discord.http.Route, "BASE", wire.rest_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(wire.gateway_url))
    settings = Settings(token="t", database=str(tmp_path / "floe.db"), shard_count=2, shard_ids=(0,))
    bot = create_bot(settings)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token))
        try:
            await wire.wait_for_shards([0], timeout=20)
            channel = next(iter(wire.guilds.values())).channels[0]
            opened = await wire.slash(
                channel.id, 42, "game new", {"game": "polar-derby", "thread": False}, timeout=20
            )
            assert opened.answer.startswith("Polar Derby lobby opened.")
            assert [c["name"] for c in wire.commands] == [c.name for c in bot.tree.get_commands()]
            assert any("Join" in json.dumps(m["components"]) for m in wire.posted)
            assert not wire.unknown_routes
        finally:
            await bot.close()
            runner.cancel()


async def test_two_bot_processes_started_together_identify_their_shards_a_window_apart(
    wire: WireDiscord, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Two Floe processes on one database, each with one shard of one identify bucket
    (``max_concurrency`` 1, read from the session start limit), started at once as compose
    starts them: they take the bucket's window in turn, so Discord refuses no identify."""
    from bot.adapter.app import create_bot
    from bot.settings import Settings

    monkeypatch.setattr(discord.http.Route, "BASE", wire.rest_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(wire.gateway_url))
    database = str(tmp_path / "floe.db")
    bots = [
        create_bot(Settings(token="t", database=database, shard_count=2, shard_ids=(shard,)))
        for shard in (0, 1)
    ]
    for bot in bots:
        await bot.__aenter__()
    runners = [asyncio.create_task(bot.start("t")) for bot in bots]
    try:
        await wire.wait_for_shards([0, 1], timeout=30)
        assert wire.identify_refusals == 0
        (first, _), (second, _) = sorted(wire.identifies)
        assert second - first >= 5.0, "one identify per bucket per 5 seconds"
    finally:
        for bot in bots:
            await bot.close()
        for runner in runners:
            runner.cancel()
        await asyncio.gather(*runners, return_exceptions=True)


async def test_a_message_it_does_not_have_is_unknown_message_not_an_unknown_route(wire: WireDiscord) -> None:
    channel = next(iter(wire.guilds.values())).channels[0]
    url = f"{wire.rest_base}/channels/{channel.id}/messages/123"
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        assert answer.status == 404
        assert (await answer.json())["code"] == 10008
    assert not wire.unknown_routes
