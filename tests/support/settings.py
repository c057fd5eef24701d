"""Settings read from an environment a test sets: the settings it names cleared first, then the
values it gives (never the developer's own environment, nor a ``.env`` file)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from bot.settings import Settings

#: The settings of a bot process and its shards (what compose.yaml gives each bot).
PROCESS_SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE",
    "DEV_GUILD_ID",
    "SHARD_COUNT",
    "SHARD_IDS",
    "METRICS_PORT",
    "METRICS_HOST",
)


def settings_from(monkeypatch: pytest.MonkeyPatch, cleared: Iterable[str]) -> Callable[..., Settings]:
    """A function that reads :class:`Settings` from the environment with each of ``cleared`` unset
    and the values it is called with set (``env(SHARD_COUNT="4")``)."""
    for name in cleared:
        monkeypatch.delenv(name, raising=False)

    def set_env(**values: str) -> Settings:
        for name, value in values.items():
            monkeypatch.setenv(name, value)
        return Settings.from_env(None)

    return set_env
