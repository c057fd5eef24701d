"""Fixtures shared by every test folder: a throwaway PostgreSQL server and the stores to test on."""

from __future__ import annotations

import os
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Store, open_store
from tests.pg_server import INSTALL_HINT, PgServer, find_bindir
from tests.support.cards import read_cards_as_text

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server per test session (per xdist worker); skips where none is installed."""
    bindir = find_bindir()
    if bindir is None:
        if os.environ.get("FLOE_REQUIRE_POSTGRES"):  # CI installs them: never skip there
            pytest.fail(INSTALL_HINT)
        pytest.skip(INSTALL_HINT)
    server = PgServer(bindir).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
async def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The ``DATABASE`` setting of a new empty database (on PostgreSQL, a schema), once per backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'floe.db'}"
    server: PgServer = request.getfixturevalue("pg_server")
    return await server.create_schema()


@pytest.fixture
async def any_store(store_url: str) -> AsyncIterator[Store]:
    """An open, migrated store of each backend (the store contract runs on both)."""
    store = await open_store(store_url)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def boards_on_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each public board's palette from its own colours only.

    In service a public board's palette also holds the colours of the boards of its shape drawn
    before it in the process (``renderer.palettes.family_palette``: public colours only). Two
    worlds compared byte for byte in one process would then differ by when each drew (and a
    picture drawn in a worker thread can race a ``forget_families``), so the secrecy
    comparisons draw every board as if it were the process's first: its bytes are a function of
    its view alone.

    It also starts with the drawing threads idle and the renderer's caches empty, so nothing an
    earlier test left drawing runs beside this test's boards."""
    from bot.core.pictures import DRAWING_THREADS, drawing_pool
    from renderer import layers, palettes

    monkeypatch.setattr(palettes, "_family_colours", lambda key, flat, blends, size: (flat, blends))
    idle = threading.Barrier(DRAWING_THREADS + 1)  # every drawing thread waits here: none is busy
    waits = [drawing_pool().submit(idle.wait, 60) for _ in range(DRAWING_THREADS)]
    idle.wait(60)
    for done in waits:
        done.result()
    layers.clear()


@pytest.fixture(autouse=True)
def cards_read_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Components V2 card's text reads as its message's ``content`` (tests/support/cards.py)."""
    read_cards_as_text(monkeypatch)
