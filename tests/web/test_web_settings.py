"""WEB_PORT, WEB_HOST and WEB_URL from the environment, and the ``floe web`` command."""

from __future__ import annotations

import pytest

from bot.settings import SettingsError
from bot.terminal.cli import build_parser
from tests.support.settings import settings_from


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch):
    return settings_from(monkeypatch, ("WEB_PORT", "WEB_HOST", "WEB_URL", "METRICS_PORT"))


def test_no_web_pages_by_default(env) -> None:
    s = env()
    assert (s.web_port, s.web_host, s.web_url) == (None, "127.0.0.1", "")


def test_the_web_settings_are_read(env) -> None:
    s = env(WEB_PORT="8088", WEB_HOST="0.0.0.0", WEB_URL="https://floe.example.org/watch/")
    assert (s.web_port, s.web_host, s.web_url) == (8088, "0.0.0.0", "https://floe.example.org/watch")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"WEB_PORT": "0"}, "WEB_PORT must be a port number between 1 and 65535"),
        ({"WEB_PORT": "web"}, "WEB_PORT must be a port number"),
        ({"WEB_URL": "floe.example.org"}, "WEB_URL must be an address like https://"),
        ({"WEB_URL": "https://floe example.org"}, "WEB_URL must be an address like"),
    ],
)
def test_a_wrong_web_setting_names_it_and_what_it_should_be(
    env, values: dict[str, str], message: str
) -> None:
    with pytest.raises(SettingsError, match=message):
        env(**values)


def test_floe_web_is_a_command() -> None:
    args = build_parser().parse_args(["web", "--env-file", "other.env"])
    assert (args.command, args.env_file) == ("web", "other.env")
