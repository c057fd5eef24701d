"""``floe run`` logs one JSON object per line (bot.adapter.observability.setup_logging)."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import discord
import pytest

from bot.adapter import launch
from bot.adapter.app import FloeBot
from bot.settings import Settings


def test_floe_run_logs_json_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def refused(self: FloeBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(FloeBot, "login", refused)
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))  # restored after the test
    monkeypatch.setattr(root, "level", root.level)
    err = io.StringIO()
    database = str(tmp_path / "f.db")
    assert launch.run(Settings(token="bad", database=database), err=err) == 1
    lines = err.getvalue().splitlines()
    events = [json.loads(line) for line in lines if line.startswith("{")]
    assert [line for line in lines if not line.startswith("{")] == [f"floe: {launch.BAD_TOKEN}"]
    start = next(e for e in events if e["logger"] == "floe")
    assert start["event"] == f"database {database}" and start["level"] == "info" and "ts" in start
