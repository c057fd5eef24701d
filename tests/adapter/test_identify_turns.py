"""Shards identify in Discord's order across processes (bot/adapter/identify.py): a window per
identify bucket (``shard_id % max_concurrency``) taken in the database, so of two processes on one
database (SQLite file or PostgreSQL schema) the second waits its turn, and logs it."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator

import discord
import pytest

import bot
import bot.adapter.identify
from bot.adapter.app import FloeBot
from bot.core.sessions import Sessions
from bot.settings import Settings
from storage import Store, open_store

WINDOW = 0.4  # seconds (Discord's is 5); short, so the tests wait in real time


class Limits:
    """What ``fetch_session_start_limits`` answers (the gateway's session start limit)."""

    def __init__(self, max_concurrency: int) -> None:
        self.max_concurrency = max_concurrency
        self.fetched = 0

    async def __call__(self) -> object:
        self.fetched += 1
        return self


@pytest.fixture
async def stores(store_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Store, Store]]:
    monkeypatch.setattr(bot.adapter.identify, "IDENTIFY_WINDOW", WINDOW)
    a, b = await open_store(store_url), await open_store(store_url)
    yield a, b
    await a.close()
    await b.close()


def _process(store: Store, shard: int, limits: Limits) -> FloeBot:
    """A bot process running ``shard`` of two, on ``store``'s database (not connected)."""
    client = bot.create_bot(
        Settings(token="", shard_count=2, shard_ids=(shard,)), store=store, sessions=Sessions(store)
    )
    client.fetch_session_start_limits = limits  # type: ignore[method-assign]
    return client


async def _identify_at(client: FloeBot, shard: int, start: float) -> float:
    await client.before_identify_hook(shard, initial=True)
    return time.monotonic() - start


async def test_shards_of_one_bucket_in_two_processes_identify_a_window_apart(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="floe.gateway")
    limits = Limits(max_concurrency=1)  # shards 0 and 1 share bucket 0
    first, second = _process(stores[0], 0, limits), _process(stores[1], 1, limits)
    start = time.monotonic()
    times = sorted(await asyncio.gather(_identify_at(first, 0, start), _identify_at(second, 1, start)))
    assert times[0] < WINDOW, "the first process identifies at once"
    assert times[1] >= WINDOW, "the second waits for the first one's identify window"
    waits = [r.getMessage() for r in caplog.records if r.name == "floe.gateway" and "waits" in r.getMessage()]
    assert waits and "bucket 0" in waits[0], "the wait is logged"
    assert limits.fetched == 2, "each process reads max_concurrency once"
    again = time.monotonic()
    await first.before_identify_hook(0, initial=False)  # a reconnection: the same rule, once more
    assert time.monotonic() - again < 2 * WINDOW + 0.2


async def test_shards_of_different_buckets_identify_together(stores: tuple[Store, Store]) -> None:
    limits = Limits(max_concurrency=16)  # shards 0 and 1: buckets 0 and 1
    first, second = _process(stores[0], 0, limits), _process(stores[1], 1, limits)
    start = time.monotonic()
    times = await asyncio.gather(_identify_at(first, 0, start), _identify_at(second, 1, start))
    assert max(times) < WINDOW, "different buckets do not wait for each other"


async def test_a_window_whose_process_died_ends_on_its_own(stores: tuple[Store, Store]) -> None:
    limits = Limits(max_concurrency=1)
    dead, alive = _process(stores[0], 0, limits), _process(stores[1], 1, limits)
    await dead.before_identify_hook(0, initial=True)  # took the window, then the process died
    start = time.monotonic()
    await alive.before_identify_hook(1, initial=True)
    assert WINDOW * 0.5 <= time.monotonic() - start < WINDOW + 1.0, "no release needed: the window ends"


async def test_without_the_session_start_limit_shards_identify_one_at_a_time(
    stores: tuple[Store, Store],
) -> None:
    async def unreachable() -> object:
        raise discord.GatewayNotFound()

    first, second = _process(stores[0], 0, Limits(16)), _process(stores[1], 1, Limits(16))
    first.fetch_session_start_limits = unreachable  # type: ignore[method-assign,assignment]
    second.fetch_session_start_limits = unreachable  # type: ignore[method-assign,assignment]
    start = time.monotonic()
    times = sorted(await asyncio.gather(_identify_at(first, 0, start), _identify_at(second, 1, start)))
    assert times[1] >= WINDOW, "one bucket for every shard: the slowest order, never refused"
