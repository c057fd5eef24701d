"""``floe run`` when it cannot start: one clear line on stderr, exit status 1, no traceback."""

from __future__ import annotations

import io
from pathlib import Path

import discord
import pytest

from bot.adapter import launch
from bot.adapter.app import FloeBot
from bot.settings import Settings


def run(settings: Settings) -> tuple[int, str]:
    err = io.StringIO()
    code = launch.run(settings, err=err)
    return code, err.getvalue()


def one_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.startswith("floe:")]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def test_a_bad_token_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(self: FloeBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(FloeBot, "login", refused)
    code, err = run(Settings(token="bad", database=str(tmp_path / "f.db")))
    assert code == 1 and "refused the token" in one_line(err) and "DISCORD_TOKEN" in err


def test_no_network_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a closed port on this machine: the same connection error as a machine without network
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    code, err = run(Settings(token="abc.def.ghi", database=str(tmp_path / "f.db")))
    assert code == 1 and "cannot reach Discord" in one_line(err)


def test_an_unreachable_database_is_named(tmp_path: Path) -> None:
    database = str(tmp_path / "no" / "such" / "folder" / "f.db")
    code, err = run(Settings(token="abc.def.ghi", database=database))
    line = one_line(err)
    assert code == 1 and "cannot open the database" in line and database in line


def test_a_bug_still_shows_its_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: FloeBot, token: str) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr(FloeBot, "login", broken)
    with pytest.raises(KeyError):
        launch.run(Settings(token="abc", database=str(tmp_path / "f.db")), err=io.StringIO())
