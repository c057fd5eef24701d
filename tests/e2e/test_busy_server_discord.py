"""Twenty tables with computer players on a strict Discord that takes 100 ms per REST call, two of
whose channels are deleted mid-game and two closed to the bot: every interaction is acknowledged within Discord's 3 seconds
of wall-clock time, and the deleted channels cost a bounded number of invalid requests."""

from __future__ import annotations

import pytest

import bot
from bot.adapter.app import FloeBot
from bot.settings import Settings
from tests.support.busy_server import play_a_busy_server

pytestmark = [pytest.mark.simcord(settle_timeout=120.0), pytest.mark.strict_discord(latency=0.1)]


@pytest.fixture
async def make_bot(db_path: str):
    """Bots whose computer players think with a fixed budget; their stores closed at the end."""
    built = []

    def make():
        client = bot.create_bot(Settings(token="", database=db_path, ai_iterations=12))
        built.append(client)
        return client

    yield make
    for client in built:
        await client.close_store()


@pytest.fixture(autouse=True)
def ten_minute_ticks(monkeypatch):
    monkeypatch.setattr(FloeBot, "tick_seconds", 600)


async def test_twenty_tables_at_100_ms_a_request_are_all_acknowledged_in_time(
    simcord_env, discord_terms
) -> None:
    env = simcord_env
    played = await play_a_busy_server(env, discord_terms, tables=20, rounds=3, deleted=2, closed=2)
    assert played.moves >= 32  # every open table's person moved
    assert played.acknowledged == played.interactions
    assert played.slowest < 3.0
    assert played.invalid_per_ten_minutes < 100  # 1 % of Discord's ban threshold
    assert played.breaches == ()
