"""A dict kept as a bounded least-recently-stored cache (a dict keeps insertion order)."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep_newest(kept: dict[K, V], key: K, value: V, bound: int) -> None:
    """Put ``value`` at ``key`` as the newest entry of ``kept`` (a dict keeps insertion order),
    dropping the oldest one when ``kept`` already holds ``bound`` others."""
    kept.pop(key, None)
    if kept and len(kept) >= bound:
        del kept[next(iter(kept))]
    kept[key] = value
