"""A busy server on a strict Discord: the real bot plays many Polar Derby tables at once (a person
and an easy computer player each) through simcord held to Discord's documented terms
(tests/support/strict_discord.py), every REST call taking ``--latency`` seconds of wall-clock time,
with some tables' channels deleted mid-game and some closed to the bot (Send Messages denied), over simulated hours of play.

It prints how many interactions were acknowledged within Discord's 3 seconds of wall-clock time,
the slowest first response, and the most invalid requests (401, 403, 429) in any ten minutes of
simulated time, against Discord's ban at 10,000 (goal: under 100, 1 % of it). Last line:

    real discord: acknowledged=X/Y slowest=S invalid_per_10min=N

    python bench/bench_real_discord.py [--quick] [--tables N] [--rounds N] [--deleted N] [--closed N]
                                       [--latency S]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import tempfile
import time
from pathlib import Path

import _stats  # noqa: F401  (puts the repository on sys.path)
import pytest
from simcord import Env

import bot
from bot.adapter.app import FloeBot
from bot.settings import Settings
from tests.support.busy_server import BusyServer, play_a_busy_server
from tests.support.strict_discord import StrictDiscord

#: the computer players think with a fixed budget, as in the tests (deterministic and quick)
AI_ITERATIONS = 12


async def busy_server(tables: int, rounds: int, deleted: int, closed: int, latency: float) -> BusyServer:
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setattr(FloeBot, "tick_seconds", 600)
        client = bot.create_bot(
            Settings(token="", database=str(Path(folder) / "floe.db"), ai_iterations=AI_ITERATIONS)
        )
        env = Env(client, settle_timeout=300.0)
        strict = StrictDiscord(env, latency=latency)
        strict.install(patch)
        await env.start()
        try:
            with env.time_context():
                return await play_a_busy_server(
                    env, strict, tables=tables, rounds=rounds, deleted=deleted, closed=closed
                )
        finally:
            await env.shutdown()
            strict.close()
            await client.close_store()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="20 tables, 3 rounds, 2 channels deleted and 2 closed"
    )
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--deleted", type=int, default=6)
    parser.add_argument("--closed", type=int, default=6)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per REST call")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.rounds, args.deleted, args.closed = 20, 3, 2, 2
    logging.basicConfig(level=logging.ERROR)
    started = time.perf_counter()
    played = asyncio.run(busy_server(args.tables, args.rounds, args.deleted, args.closed, args.latency))
    took = time.perf_counter() - started
    print(
        f"{played.tables} tables ({played.deleted} channels deleted and {played.closed} closed to the bot "
        f"mid-game), {played.moves} moves by people, "
        f"{args.latency * 1000:.0f} ms per REST call, {took:.1f} s wall-clock"
    )
    for breach in played.breaches:
        print(f"breach: {breach}")
    print(played.line())


if __name__ == "__main__":
    main()
