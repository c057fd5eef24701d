"""With METRICS_PORT set, the bot serves /metrics and /health; health follows readiness."""

from __future__ import annotations

import aiohttp
import pytest

import bot
from bot.settings import Settings
from tests.pg_server import free_port

PORT = free_port()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(metrics_port=PORT)


def test_a_bot_not_connected_is_not_healthy(db_path: str) -> None:
    idle = bot.create_bot(Settings(token="", database=db_path, metrics_port=free_port()))
    assert idle.health()["ok"] is False and idle.metrics_server is None


async def test_the_endpoint_serves_health_and_metrics(simcord_env, simcord_bot) -> None:
    assert simcord_bot.metrics_server is not None
    async with aiohttp.ClientSession() as http:
        async with http.get(f"http://127.0.0.1:{PORT}/health") as response:
            assert response.status == 200 and (await response.json())["ok"] is True
        async with http.get(f"http://127.0.0.1:{PORT}/metrics") as response:
            assert response.status == 200 and "floe_interaction_seconds" in await response.text()
    await simcord_bot.close()
    assert simcord_bot.metrics_server is None
