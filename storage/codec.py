"""The JSON text the store keeps snapshots and options in.

Sorted keys, written and read with orjson: a move encodes its snapshot, and orjson does it much
faster than the standard library, in the same text (docs/performance.md, "Design figures").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import orjson


def dump(data: Mapping[str, Any]) -> str:
    """``data`` as compact JSON text with sorted keys (snapshots, options and the like).

    orjson encodes a snapshot about ten times faster than :mod:`json` (every move encodes one);
    the text reads back the same with either. It refuses an integer past 64 bits (raising
    ``TypeError``), which no snapshot holds: ids, seeds and counts are smaller.
    """
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def load(text: str) -> Any:
    """What :func:`dump` wrote (or :mod:`json`, before it), read back."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)  # NaN and Infinity, which json wrote and orjson does not read


def dump_rows(rows: Sequence[Mapping[str, Any]]) -> str:
    """Table rows (column -> value) as one JSON array, for a backend that reads rows from JSON."""
    return orjson.dumps(list(rows)).decode()
