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
from json.encoder import encode_basestring
from typing import Any

import games
from games.words import ENGLISH, Language, Listed, Param, Said, Text, Who, tell

#: The key of a recorded narration's JSON object; a text without it is a narration of old.
SAID = "said"


#: The sayings of narrations recorded or read lately, by what the log keeps: a turn's card tells
#: the turn's earlier moves again at each of its moves. Forgotten all at once at :data:`KNOWN`.
_known: dict[str, tuple[tuple[str, Text], ...]] = {}
KNOWN = 1024


def _remember(stored: str, said: tuple[tuple[str, Text], ...]) -> None:
    if len(_known) >= KNOWN:
        _known.clear()
    _known[stored] = said


def recorded(events: Sequence[games.Event]) -> str:
    """The public events of a move as the log keeps them ("" when nothing public was said)."""
    shown = tuple([(e.kind, e.text) for e in events if e.audience is None])
    if not shown:
        return ""
    stored = f'{{"{SAID}":[{",".join([f"[{_quoted(kind)},{_said_json(text)}]" for kind, text in shown])}]}}'
    _remember(stored, shown)
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
            _remember(stored, said)
            return list(said)
    return [("", stored)]


def told(
    stored: str, names: Sequence[str], language: Language = ENGLISH, *, skip: frozenset[str] = frozenset()
) -> str:
    """A log row's narration in ``language``, one line per event (kinds in ``skip`` left out)."""
    return "\n".join(tell(said, names, language) for kind, said in sayings(stored) if kind not in skip)


# The log's JSON is written here as ``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``
# writes the same objects (``{"k": key, "p": {name: param}, "pl": plural, "n": count, "c":
# context}``, a seat ``{"who": seat}``, a list ``{"list": [...], "last": saying or null}``), text
# for text: a move records its narration in its commit, and building the objects to encode them
# cost more than the rest of the recording.

#: A string in JSON, its letters as they are.
_quoted = encode_basestring
#: Any other value in JSON, as the log's encoder writes it.
_encoded = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _number(n: int | None) -> str:
    return repr(n) if type(n) is int else _encoded(n)


def _said_json(text: Text) -> str:
    if isinstance(text, str):
        return _quoted(text)
    out = '{"k":' + _quoted(text.key)
    if text.params:
        out += (
            ',"p":{'
            + ",".join([f"{_quoted(name)}:{_param_json(value)}" for name, value in text.params])
            + "}"
        )
    if text.plural is not None:
        out += f',"pl":{_quoted(text.plural)},"n":{_number(text.count)}'
    if text.context is not None:
        out += ',"c":' + _quoted(text.context)
    return out + "}"


def _param_json(value: Param) -> str:
    if type(value) is int:  # a count (a bool, also an int, is written by the encoder below)
        return repr(value)
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, Said):
        return _said_json(value)
    if isinstance(value, Who):
        return f'{{"who":{_number(value.seat)}}}'
    if isinstance(value, Listed):
        last = _said_json(value.last) if value.last else "null"
        return f'{{"list":[{",".join(_param_json(v) for v in value.items)}],"last":{last}}}'
    return _encoded(value)


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
