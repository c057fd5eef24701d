"""What a move said, as the log keeps it and as each reader reads it.

The log keeps a move's public narration as the games said it: each public event's kind and its
saying (:class:`games.words.Said`: a message key and parameters, seats as seats), so a game reads
in any language and with the names its players have now. :func:`recorded` writes that form
(JSON), :func:`told` tells it. Moves logged before the games said things kept finished English
text with the names of the day; :func:`told` gives such a text as it is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import orjson

import games
from games.words import ENGLISH, Language, Listed, Param, Said, Text, Who, tell

K = TypeVar("K")
V = TypeVar("V")

#: The key of a recorded narration's JSON object; a text without it is a narration of old.
SAID = "said"


#: The sayings of narrations recorded or read lately, by what the log keeps: a turn's card tells
#: the turn's earlier moves again at each of its moves. Forgotten all at once at :data:`KNOWN`.
_known: dict[str, tuple[tuple[str, Text], ...]] = {}
KNOWN = 1024


def _remember(kept: dict[K, V], key: K, value: V) -> None:
    """``value`` kept at ``key`` in one of this module's caches, forgotten all at once at :data:`KNOWN`."""
    if len(kept) >= KNOWN:
        kept.clear()
    kept[key] = value


def recorded(events: Sequence[games.Event]) -> str:
    """The public events of a move as the log keeps them ("" when nothing public was said)."""
    shown = tuple([(e.kind, e.text) for e in events if e.audience is None])
    if not shown:
        return ""
    try:
        stored = orjson.dumps({SAID: shown}, default=_plain, option=orjson.OPT_PASSTHROUGH_DATACLASS).decode()
    except TypeError:  # a number orjson cannot write (over 64 bits): the same JSON, written slower
        stored = json.dumps({SAID: shown}, default=_plain, ensure_ascii=False, separators=(",", ":"))
    _remember(_known, stored, shown)
    return stored


def sayings(stored: str) -> list[tuple[str, Text]]:
    """The (kind, saying) of each public event a log row recorded; a narration of old is one
    saying of kind ``""``, its finished text."""
    if not stored:
        return []
    known = _known.get(stored)
    if known is not None:
        return list(known)
    if stored.startswith("{"):
        try:
            data = json.loads(stored)
        except ValueError:
            data = None
        if isinstance(data, dict) and SAID in data:
            said = tuple((kind, _loaded(text)) for kind, text in data[SAID])
            _remember(_known, stored, said)
            return list(said)
    return [("", stored)]


def told(
    stored: str, names: Sequence[str], language: Language = ENGLISH, *, skip: frozenset[str] = frozenset()
) -> str:
    """A log row's narration in ``language``, one line per event (kinds in ``skip`` left out).
    Remembered (:data:`_told`): a turn's card tells the turn's earlier moves again at each move."""
    key = (stored, tuple(names), language, skip)
    text = _told.get(key)
    if text is None:
        text = "\n".join(tell(said, names, language) for kind, said in sayings(stored) if kind not in skip)
        _remember(_told, key, text)
    return text


#: :func:`told`'s narrations by what it was asked (a language is its own key: one object per
#: language, its catalogues unchanged while the process runs). Forgotten all at once at :data:`KNOWN`.
_told: dict[tuple[str, tuple[str, ...], Language, frozenset[str]], str] = {}


def _plain(value: Any) -> Any:
    """A saying, a seat or a list as the log's JSON writes it (orjson's ``default``): ``{"k":
    key, "p": {name: param}, "pl": plural, "n": count, "c": context}`` (what is unset left out),
    ``{"who": seat}``, ``{"list": [...], "last": saying or null}``."""
    if type(value) is Who:
        return {"who": value.seat}
    if isinstance(value, Said):
        plain: dict[str, Any] = {"k": value.key}
        if value.params:
            plain["p"] = dict(value.params)
        if value.plural is not None:
            plain["pl"], plain["n"] = value.plural, value.count
        if value.context is not None:
            plain["c"] = value.context
        return plain
    if isinstance(value, Listed):
        return {"list": value.items, "last": value.last}
    raise TypeError(f"a log's narration has no {type(value).__name__}")


def _loaded(data: Any) -> Text:
    if isinstance(data, str):
        return data
    params = tuple((name, _loaded_param(value)) for name, value in data.get("p", {}).items())
    return Said(data["k"], params, data.get("pl"), data.get("n"), data.get("c"))


def _loaded_param(data: Any) -> Param:
    if isinstance(data, (int, str)):
        return data
    assert isinstance(data, Mapping)
    if "who" in data:
        return Who(int(data["who"]))
    if "list" in data:
        last = _loaded(data["last"]) if data.get("last") else None
        return Listed(tuple(_loaded_param(v) for v in data["list"]), last if isinstance(last, Said) else None)
    loaded = _loaded(data)
    return loaded
