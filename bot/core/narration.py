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
from typing import Any

import games
from games.words import ENGLISH, Language, Listed, Param, Said, Text, Who, tell

#: The key of a recorded narration's JSON object; a text without it is a narration of old.
SAID = "said"


def recorded(events: Sequence[games.Event]) -> str:
    """The public events of a move as the log keeps them ("" when nothing public was said)."""
    shown = [[e.kind, _dumped(e.text)] for e in events if e.audience is None]
    return json.dumps({SAID: shown}, ensure_ascii=False, separators=(",", ":")) if shown else ""


def sayings(stored: str) -> list[tuple[str, Text]]:
    """The (kind, saying) of each public event a log row recorded; a narration of old is one
    saying of kind ``""``, its finished text."""
    if not stored:
        return []
    if stored.startswith("{"):
        try:
            data = json.loads(stored)
        except ValueError:
            data = None
        if isinstance(data, dict) and SAID in data:
            return [(kind, _loaded(said)) for kind, said in data[SAID]]
    return [("", stored)]


def told(
    stored: str, names: Sequence[str], language: Language = ENGLISH, *, skip: frozenset[str] = frozenset()
) -> str:
    """A log row's narration in ``language``, one line per event (kinds in ``skip`` left out)."""
    return "\n".join(tell(said, names, language) for kind, said in sayings(stored) if kind not in skip)


def _dumped(text: Text) -> Any:
    if isinstance(text, str):
        return text
    out: dict[str, Any] = {"k": text.key}
    if text.params:
        out["p"] = {name: _dumped_param(value) for name, value in text.params}
    if text.plural is not None:
        out["pl"], out["n"] = text.plural, text.count
    if text.context is not None:
        out["c"] = text.context
    return out


def _dumped_param(value: Param) -> Any:
    if isinstance(value, Who):
        return {"who": value.seat}
    if isinstance(value, Listed):
        return {
            "list": [_dumped_param(v) for v in value.items],
            "last": _dumped(value.last) if value.last else None,
        }
    if isinstance(value, Said):
        return _dumped(value)
    return value


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
