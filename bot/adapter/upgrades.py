"""The Discord bot's upgrade steps: the core's (:mod:`bot.core.upgrades`), with names made safe
as the adapter remembers them (:func:`bot.adapter.common.safe_name`)."""

from __future__ import annotations

from bot.adapter.common import safe_name
from bot.core.upgrades import Step, steps


def safe_or_forgotten(name: str) -> str | None:
    """``name`` made safe, or None (forget it) when nothing visible is left."""
    return safe_name(name) or None


UPGRADE_STEPS: tuple[Step, ...] = steps(safe_or_forgotten)
