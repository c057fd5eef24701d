"""The application: the Discord-free core, the Discord adapter, the terminal front end (ARCHITECTURE.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot


def create_bot(settings: Settings, **kwargs: Any) -> FloeBot:
    """Build the fully wired Discord client without connecting (see :mod:`bot.adapter.app`)."""
    from bot.adapter.app import create_bot as _create

    return _create(settings, **kwargs)


__all__ = ["Settings", "create_bot"]
