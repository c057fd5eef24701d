"""End-to-end tests drive the real bot through simcord's simulated Discord, held to Discord's
documented terms by :class:`tests.support.strict_discord.StrictDiscord` (see its docstring)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from simcord import Env

import bot
import bot.core.sessions.loading
from bot.settings import Settings
from tests.support.strict_discord import StrictDiscord


@pytest.fixture(autouse=True)
def reproducible_seeds(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game a test starts gets its seed from the test's name, so a run is reproducible (dice,
    shuffles and draws included); ``FLOE_TEST_SEED=<anything>`` varies them all to look for tests
    that hold only for some dice."""
    rng = random.Random(f"{os.environ.get('FLOE_TEST_SEED', '')}:{request.node.nodeid}")
    monkeypatch.setattr(bot.core.sessions.loading, "secrets", SimpleNamespace(randbelow=rng.randrange))


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "floe.db")


@pytest.fixture
async def make_bot(db_path: str):
    """Build bots on the test's database; their stores are closed when the test ends."""
    built = []

    def make(**settings: Any):
        """A bot on the test's database, with these :class:`Settings` besides."""
        client = bot.create_bot(Settings(token="", database=db_path, **settings))
        built.append(client)
        return client

    yield make
    for client in built:
        await client.close_store()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "strict_discord(latency=0.1): options of the strict Discord (seconds per REST call)"
    )


@pytest.fixture
async def simcord_env(simcord_bot, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """simcord's environment (its ``simcord`` marker's options), on Discord's terms: the test
    fails when the bot broke one of them (:meth:`StrictDiscord.verify`)."""
    marker = request.node.get_closest_marker("simcord")
    strict_marker = request.node.get_closest_marker("strict_discord")
    env = Env(simcord_bot, **(marker.kwargs if marker else {}))
    strict = StrictDiscord(env, **(strict_marker.kwargs if strict_marker else {}))
    strict.install(monkeypatch)
    env.strict = strict
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        strict.close()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)
    strict.verify()


@pytest.fixture
def discord_terms(simcord_env) -> StrictDiscord:
    """The strict Discord under the test's environment: invalid requests, acknowledgements, DMs."""
    return simcord_env.strict


@pytest.fixture
async def world(simcord_env):
    """A server whose games play in the channel (its "threads by default" turned off), so the
    tests read boards in ``general``, and whose members turned auto-play off (``/settings``), so
    every move is theirs to click; threads, turn messages and forced moves:
    tests/e2e/test_turn_messages_discord.py."""
    env = simcord_env
    guild = env.create_guild("Polar Club")
    general = guild.create_text_channel("general")
    other = guild.create_text_channel("other")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave", "eve")]
    await env.bot.servers.change(guild.id, threads=False)
    for member in members:
        await env.bot.store.set_auto_play(member.user.id, False)
    return env, guild, general, other, members
