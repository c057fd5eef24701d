"""The application: the session service, the Discord adapter, the local front end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.discord_app import FloeBot


def create_bot(settings: Settings, **kwargs: Any) -> FloeBot:
    """Build the fully wired Discord client without connecting (see :mod:`bot.discord_app`)."""
    from bot.discord_app import create_bot as _create

    return _create(settings, **kwargs)


__all__ = ["Settings", "create_bot"]
