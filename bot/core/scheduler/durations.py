"""Durations, quiet hours and time zones as users type them, and durations in words.

A user's quiet hours are read in their IANA time zone (UTC when they set none, or one this
machine does not know): a reminder due inside them waits until they end (:func:`quiet_until`).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.core.scheduler.notices import ClockError
from games.words import ENGLISH, Language, say, say_n, tell
from storage.clocks import UserClock

_UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str) -> float | None:
    """``"48h"``, ``"2d"``, ``"90m"``, ``"1d12h"`` -> seconds; ``""``/``"off"``/``"none"`` -> None."""
    text = text.strip().lower().replace(" ", "")
    if text in ("", "off", "none", "no", "0"):
        return None
    if text.isdigit():
        text += "h"
    parts = re.findall(r"(\d+(?:\.\d+)?)(min|m|h|d|w)", text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ClockError(say("{text} is not a duration: try 48h, 2d or 90m", text=repr(text)))
    seconds = sum(float(n) * _UNITS[u] for n, u in parts)
    if not 5 * 60 <= seconds <= 60 * 86400:
        raise ClockError(say("a deadline is between 5 minutes and 60 days"))
    return seconds


def parse_quiet_hours(text: str) -> tuple[int, int] | None:
    """``"22-7"`` or ``"22:30-07:00"`` -> minutes after midnight (from, to); ``"off"`` -> None."""
    text = text.strip().lower().replace(" ", "")
    if text in ("", "off", "none", "no"):
        return None
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?", text)
    if not m:
        raise ClockError(say("{text} is not a span of hours: try 22-7 or 22:30-07:00", text=repr(text)))
    h1, m1, h2, m2 = int(m[1]), int(m[2] or 0), int(m[3]), int(m[4] or 0)
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h1, m1) == (h2, m2):
        raise ClockError(say("quiet hours go from one time of day to another, like 22-7"))
    return h1 * 60 + m1, h2 * 60 + m2


def zone(name: str | None) -> ZoneInfo:
    """The time zone ``name``; UTC for none, or for a name this machine does not know."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def check_zone(name: str) -> str:
    """``name`` if it is a time zone this machine knows; else a :class:`ClockError` saying so."""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ClockError(
            say(
                "I do not know the time zone {zone}: use a name like Europe/Berlin or America/New_York",
                zone=repr(name),
            )
        ) from None
    return name


def quiet_until(user: UserClock, now: float) -> float | None:
    """When the user's quiet hours end, if ``now`` falls inside them; else None."""
    if user.quiet_from is None or user.quiet_to is None:
        return None
    tz = zone(user.time_zone)
    local = datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    start, end = user.quiet_from, user.quiet_to
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    wake = datetime(day.year, day.month, day.day, end // 60, end % 60, tzinfo=tz)
    return wake.astimezone(UTC).timestamp()


def describe(seconds: float, language: Language = ENGLISH) -> str:
    """A duration in words for the players, in ``language``: "3 days", "1.5 h", "20 min"."""
    hours = seconds / 3600
    if hours >= 48 and hours % 24 == 0:
        return tell(say_n("{n} day", "{n} days", int(hours // 24)), (), language)
    if hours >= 1:
        return tell(say("{hours} h", hours=f"{hours:g}"), (), language)
    return tell(say("{n} min", n=int(seconds // 60)), (), language)
