"""Fixtures shared by every test folder: a throwaway PostgreSQL server and the stores to test on."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from storage import Store, open_store
from tests.pg_server import INSTALL_HINT, PgServer, find_bindir

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
