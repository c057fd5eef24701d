"""A game served by the web front end, for the page tests: a Polar Derby table of Alice and Bob
on a fresh store, its pages served by a test client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.web.app import web_app
from storage import Store, open_store
from tests.support.core import ALICE, BOB, Clock, named_sessions, play_first_legal, start_table


@dataclass(frozen=True)
class ServedGame:
    store: Store
    sessions: Sessions
    spectators: Spectators
    client: TestClient[Any, Any]
    game_id: int


@asynccontextmanager
async def served_game(folder: Path, *, played: bool = True) -> AsyncIterator[ServedGame]:
    """The game and its pages, served until the block ends; ``played``: its first move made."""
    store = await open_store(str(folder / "web.db"))
    sessions = named_sessions(store, clock=Clock())
    game_id = await start_table(sessions, "polar-derby", (ALICE, BOB))
    if played:
        await play_first_legal(sessions, game_id)
    spectators = Spectators(store, sessions)
    client: TestClient[Any, Any] = TestClient(TestServer(web_app(spectators, poll_every=0.02)))
    await client.start_server()
    try:
        yield ServedGame(store, sessions, spectators, client, game_id)
    finally:
        await client.close()
        await store.close()
