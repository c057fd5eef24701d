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
from discord import app_commands

from tests.support.wire_discord import WireDiscord, aim_discord_py_at
from tests.support.wire_rate_limits import RateLimits


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
    aim_discord_py_at(wire, monkeypatch)
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
        channel = wire.first_channel
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

    aim_discord_py_at(wire, monkeypatch)
    settings = Settings(token="t", database=str(tmp_path / "floe.db"), shard_count=2, shard_ids=(0,))
    bot = create_bot(settings)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token))
        try:
            await wire.wait_for_shards([0], timeout=20)
            channel = wire.first_channel
            opened = await wire.open_lobby(channel.id, 42)
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

    aim_discord_py_at(wire, monkeypatch)
    database = str(tmp_path / "floe.db")
    bots = [
        create_bot(Settings(token="t", database=database, shard_count=2, shard_ids=(shard,)))
        for shard in (0, 1)
    ]
    for bot in bots:
        await bot.__aenter__()
    runners = [asyncio.create_task(bot.start("t")) for bot in bots]
    try:
        # the windows take 5 s; the rest is two bots starting on two busy cores (a CI run)
        await wire.wait_for_shards([0, 1], timeout=90)
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
    channel = wire.first_channel
    url = f"{wire.rest_base}/channels/{channel.id}/messages/123"
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        assert answer.status == 404
        assert (await answer.json())["code"] == 10008
    assert not wire.unknown_routes


async def test_a_sixth_message_in_a_channel_within_5_s_is_answered_429_with_when_to_retry(
    wire: WireDiscord,
) -> None:
    """Per-route limits count per channel, and every answer says what is left
    (rate-limits.mdx: the X-RateLimit headers; a 429 with ``retry_after``)."""
    wire.rate_limits = RateLimits(clock=lambda: 100.0)  # no time passes
    first, second = (c.id for c in _two_channels(wire))
    async with aiohttp.ClientSession() as session:
        url = f"{wire.rest_base}/channels/{first}/messages"
        left = []
        for n in range(5):
            async with session.post(url, json={"content": f"board {n}"}) as answer:
                assert answer.status == 200
                left.append(answer.headers["X-RateLimit-Remaining"])
        async with session.post(url, json={"content": "one too many"}) as answer:
            refused = (answer.status, await answer.json(), answer.headers["X-RateLimit-Scope"])
        async with session.post(
            f"{wire.rest_base}/channels/{second}/messages", json={"content": "elsewhere"}
        ) as other:
            assert other.status == 200, "another channel has its own count"
    assert left == ["4", "3", "2", "1", "0"]
    status, body, scope = refused
    assert (status, body["global"], scope) == (429, False, "user")
    assert body["retry_after"] == 5.0
    assert [m["content"] for m in wire.posted].count("one too many") == 0, "a refused request does nothing"
    assert wire.rate_limits.refused == {"user": 1}


async def test_the_global_limit_counts_every_route_but_the_interaction_endpoints(wire: WireDiscord) -> None:
    wire.rate_limits = RateLimits(clock=lambda: 100.0)  # no time passes
    async with aiohttp.ClientSession() as session:
        statuses = []
        for _ in range(51):
            async with session.get(f"{wire.rest_base}/users/@me") as answer:
                statuses.append(answer.status)
        async with session.get(f"{wire.rest_base}/users/@me") as answer:
            global_flag = answer.headers.get("X-RateLimit-Global")
        async with session.patch(
            f"{wire.rest_base}/webhooks/1/token/messages/@original", json={}
        ) as follow_up:
            exempt = follow_up.status
    assert statuses.count(429) == 1 and statuses[-1] == 429
    assert global_flag == "true"
    assert exempt != 429, "interaction endpoints are not bound by the global limit"


def _two_channels(wire: WireDiscord) -> list[Any]:
    guild = wire.add_guild(1, channels=2)
    return guild.channels


async def test_a_process_that_finds_a_channels_limit_spent_by_another_waits_and_posts(
    wire: WireDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One token's limits are shared by its processes: a discord.py client that does not know
    the channel's bucket was spent by another process is answered 429, waits the
    ``retry_after`` it was given (discord.py waits only on a 429 that came through Discord's front
    end, ``Via``; without it, it gives up at once), and posts."""
    aim_discord_py_at(wire, monkeypatch)
    channel = wire.first_channel
    async with aiohttp.ClientSession() as other_process:
        for n in range(5):
            async with other_process.post(
                f"{wire.rest_base}/channels/{channel.id}/messages", json={"content": f"board {n}"}
            ) as answer:
                assert answer.status == 200
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login("token")
        started = asyncio.get_running_loop().time()
        await client.http.send_message(channel.id, params=_text("from this process"))
        waited = asyncio.get_running_loop().time() - started
    finally:
        await client.close()
    assert wire.rate_limits.refused == {"user": 1}
    assert [m["content"] for m in wire.posted][-1] == "from this process"
    assert waited >= 4.0, "it waited for the channel's window"


def _text(content: str) -> Any:
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=content)


async def test_a_message_past_discords_limits_is_refused_with_invalid_form_body(wire: WireDiscord) -> None:
    channel = wire.first_channel
    menu = {"type": 3, "custom_id": "m", "options": [{"label": str(n), "value": str(n)} for n in range(26)]}
    async with aiohttp.ClientSession() as session:
        url = f"{wire.rest_base}/channels/{channel.id}/messages"
        async with session.post(url, json={"content": "x" * 2001}) as long_text:
            refused = (long_text.status, (await long_text.json())["code"])
        async with session.post(
            url, json={"content": "menu", "components": [{"type": 1, "components": [menu]}]}
        ) as wide:
            assert wide.status == 400
        async with session.post(url, json={"content": "x" * 2000}) as at_the_limit:
            assert at_the_limit.status == 200
    assert refused == (400, 50035)
    assert [b.split(":")[0] for b in wire.breaches] == [
        "a message of 2001 characters",
        "a select menu of 26 options",
    ]
    assert [m["content"] for m in wire.posted] == ["x" * 2000], "a refused message is not posted"


async def test_components_v2_hold_on_the_wire_as_in_the_strict_discord(wire: WireDiscord) -> None:
    """The V2 rules of discord_limits.py reach the wire fake too: the files a request carries
    (multipart) and the flags of the message an edit changes."""
    channel = wire.first_channel
    v2 = 1 << 15
    card = {
        "flags": v2,
        "components": [{"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]}],
    }
    async with aiohttp.ClientSession() as session:
        url = f"{wire.rest_base}/channels/{channel.id}/messages"
        form = aiohttp.FormData()
        form.add_field("payload_json", json.dumps(card))
        form.add_field("files[0]", b"\x89PNG", filename="board.png")
        async with session.post(url, data=form) as carried:
            assert carried.status == 200
            message_id = (await carried.json())["id"]
        async with session.post(url, json=card) as not_carried:
            assert not_carried.status == 400
        edit = f"{url}/{message_id}"
        async with session.patch(edit, json={"content": "alice moved"}) as content_on_v2:
            assert content_on_v2.status == 400
        async with session.patch(edit, json={"flags": 0, "components": []}) as dropped:
            assert dropped.status == 400
        bare = {"components": [{"type": 10, "content": "alice to move"}]}
        async with session.post(url, json=bare) as without_flag:
            assert without_flag.status == 400
    assert [b.split(",")[0] for b in wire.breaches] == [
        "attachment://board.png in a media gallery",
        "IS_COMPONENTS_V2 with content",
        "an edit that drops the IS_COMPONENTS_V2 flag",
        "a text display without the IS_COMPONENTS_V2 flag",
    ]


async def test_a_deferred_answer_may_set_no_flag_but_ephemeral(wire: WireDiscord) -> None:
    """A V2 answer is made by editing the original response, never by the deferral itself
    (receiving-and-responding.mdx): the fake refuses it before it looks for the interaction."""
    async with aiohttp.ClientSession() as session:
        url = f"{wire.rest_base}/interactions/1/token/callback"
        async with session.post(url, json={"type": 5, "data": {"flags": 1 << 15}}) as v2:
            assert v2.status == 400
    assert wire.breaches == ["a deferred answer with flags 32768 (only EPHEMERAL may be set)"]
