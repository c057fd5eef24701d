"""The application: the Discord-free core, the Discord adapter, the terminal and web front ends (ARCHITECTURE.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot
    from bot.core.upgrades import Step


def create_bot(settings: Settings, **kwargs: Any) -> FloeBot:
    """Build the fully wired Discord client without connecting (see :mod:`bot.adapter.app`)."""
    from bot.adapter.app import create_bot as _create

    return _create(settings, **kwargs)


def run_discord(settings: Settings, *, log_level: int, sync_only: bool = False) -> int:
    """``floe run`` / ``floe sync``: the Discord adapter's composition root
    (:func:`bot.adapter.launch.run`), imported only when called, so the ``floe`` command line
    (bot/terminal/cli.py) names no adapter module and ``floe play`` loads no Discord code."""
    from bot.adapter.launch import run

    return run(settings, log_level=log_level, sync_only=sync_only)


def upgrade_steps() -> tuple[Step, ...]:
    """``floe db upgrade``: the Discord bot's upgrade steps (:mod:`bot.adapter.upgrades`: names
    are made safe as the adapter makes them), imported only when called, as for :func:`run_discord`."""
    from bot.adapter.upgrades import UPGRADE_STEPS

    return UPGRADE_STEPS


__all__ = ["Settings", "create_bot", "run_discord", "upgrade_steps"]
