"""The ``floe`` command line: run without a token, games, play, python -m bot."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import games
from bot.settings import Settings
from bot.terminal import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_token(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    return tmp_path


@pytest.mark.parametrize("argv", [[], ["run"]])
def test_without_a_token_explains_how_to_get_one(
    argv: list[str], no_token: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert "DISCORD_TOKEN" in err and "floe play polar-derby --players 3" in err
    assert "developers/applications" in err and "applications.commands" in err
    assert ".env" in err and "privileged" in err


def test_empty_token_in_env_file_is_no_token(no_token: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (no_token / ".env").write_text("DISCORD_TOKEN=\nDATABASE=x.db\n")
    assert cli.main(["run"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_run_with_a_token_runs_the_bot(
    no_token: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Settings, bool]] = []

    async def serve(settings: Settings, *, sync_only: bool = False) -> None:
        calls.append((settings, sync_only))

    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setenv("DATABASE", str(no_token / "bot.db"))
    monkeypatch.setattr("bot.adapter.launch.serve", serve)
    assert cli.main(["run", "--log-level", "debug"]) == 0
    [(settings, sync_only)] = calls
    assert settings.token == "abc.def" and settings.database == str(no_token / "bot.db") and not sync_only
    assert cli.main(["sync"]) == 0
    assert calls[-1][1] is True
    assert "slash commands synced to every server (global)" in capsys.readouterr().err


def test_unknown_log_level_is_refused(no_token: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    assert cli.main(["run", "--log-level", "chatty"]) == 2


def test_games_lists_every_game_with_seats_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    for name, game in games.GAMES.items():
        assert name in out and game.title in out
        assert f"{game.players.start}-{game.players.stop - 1} players" in out or (
            f"{game.players.start} players" in out
        )
        for option, text in game.options.help.items():
            assert f"--option {option}" in out and str(text) in out
    assert "every bear counts 1 point" in out


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "run" in out and "play" in out and "games" in out


def test_play_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["play", "chess"])
    assert exit_info.value.code == 2
    assert "polar-derby" in capsys.readouterr().err


def test_play_through_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["1", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    db, boards = tmp_path / "g.db", tmp_path / "b"
    code = cli.main(
        [
            "play",
            "polar-derby",
            "-p",
            "3",
            "--seed",
            "4",
            "--db",
            str(db),
            "--boards",
            str(boards),
            "--names",
            "Ann,Bob,Cy",
            "--option",
            "no-risk",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "Seats: Ann, Bob, Cy." in out and f"floe play polar-derby --db {db}" in out
    assert (boards / "001.png").exists() and (boards / "002.png").exists() and db.exists()


def test_play_bad_option_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "polar-derby", "--no-boards", "--option", "colour=red"]) == 2
    assert "unknown option: colour" in capsys.readouterr().out


def test_python_dash_m_bot_without_token(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "floe play" in done.stderr
