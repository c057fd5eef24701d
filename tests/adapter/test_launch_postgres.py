"""``floe run`` against a PostgreSQL that cannot be used: one line that says what to check, exit
status 1, no traceback and never the password."""

from __future__ import annotations

import io

import pytest

from bot.adapter import launch
from bot.settings import Settings
from tests.pg_server import PgServer, free_port


def start(database: str) -> tuple[int, str]:
    err = io.StringIO()
    code = launch.run(Settings(token="abc.def.ghi", database=database), err=err)
    text = err.getvalue()
    assert "Traceback" not in text
    lines = [line for line in text.splitlines() if line.startswith("floe:")]
    assert len(lines) == 1, text
    return code, lines[0]


def test_an_unused_port_is_named() -> None:
    database = f"postgresql://floe:s3cret@127.0.0.1:{free_port()}/floe"
    code, line = start(database)
    assert code == 1 and "cannot connect to the database" in line and "is running" in line
    assert "s3cret" not in line and "postgresql://floe:***@127.0.0.1" in line


async def test_a_wrong_password_is_named(pg_server: PgServer) -> None:
    url = await pg_server.create_password_role("launcher", "right-one")
    database = url.replace("launcher@", "launcher:wrong-one@")
    code, line = await _in_thread(database)
    assert code == 1 and "password authentication failed" in line and "password" in line
    assert "wrong-one" not in line


async def test_a_missing_database_is_named(pg_server: PgServer) -> None:
    database = pg_server.url("no_such_database")
    code, line = await _in_thread(database)
    assert code == 1 and 'database "no_such_database" does not exist' in line and "Check DATABASE" in line


def test_a_database_of_an_unknown_kind_is_named() -> None:
    code, line = start("mysql://floe@localhost/floe")
    assert code == 1 and "DATABASE must be" in line and "Check DATABASE" in line


async def _in_thread(database: str) -> tuple[int, str]:
    """``launch.run`` runs its own event loop: from an async test, in a thread."""
    import asyncio

    return await asyncio.to_thread(start, database)


@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """``launch.run`` sets up logging for the process; leave the test session's as it was."""
    monkeypatch.setattr(launch, "setup_logging", lambda *a, **k: None)


def test_floe_db_copy_to_an_unused_port_names_the_target(tmp_path) -> None:
    from bot.terminal.cli import cmd_db_copy

    out, err = io.StringIO(), io.StringIO()
    target = f"postgresql://floe:s3cret@127.0.0.1:{free_port()}/floe"
    assert cmd_db_copy(f"sqlite:///{tmp_path / 'floe.db'}", target, out, err) == 1
    line = err.getvalue().strip()
    assert line.startswith("floe db copy: cannot copy ") and "postgresql://floe:***@127.0.0.1" in line
    assert line.endswith("Nothing was copied.") and "s3cret" not in line and "\n" not in line
