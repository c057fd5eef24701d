"""The exit statuses the README promises for ``floe run`` and ``floe play``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.terminal.local
from bot.terminal import cli


def test_floe_run_without_a_token_explains_and_exits_with_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / ".env").write_text("DATABASE=floe.db\n")
    assert cli.main(["run", "--env-file", str(tmp_path / ".env")]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_floe_run_with_a_wrong_log_level_exits_with_status_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    assert cli.cmd_run(log_level="LOUD", env_file="no-such.env") == 2


def test_floe_play_with_a_wrong_option_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "polar-derby", "--players", "2", "--computer", "1:brilliant"]) == 2
    assert capsys.readouterr().err.startswith("floe: ")


def test_floe_play_after_ctrl_c_exits_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    async def interrupted(*args: Any, **kwargs: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(bot.terminal.local, "run_local", interrupted)
    assert cli.main(["play", "polar-derby", "--players", "2", "--no-boards"]) == 130
