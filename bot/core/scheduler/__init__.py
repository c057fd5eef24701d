"""Reminders, deadlines, pauses and vacations: the scheduler inside the bot.

Plain async Python with no discord import (the Discord side is :mod:`bot.adapter.cogs.clocks`);
time comes from an injected clock, so tests move it by hand and never sleep. Its state lives in
the database (:mod:`storage.clocks`), so it survives restarts. Each module holds one
responsibility and the decisions behind it (the list: :mod:`bot.core.scheduler.service`); the
package exposes the :class:`Scheduler` service, and each other name is imported from its module.
"""

from bot.core.scheduler.service import Scheduler

__all__ = ["Scheduler"]
