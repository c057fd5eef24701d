"""The language the renderer's words are told in: every word a board draws or a text board
writes is a saying (:func:`games.words.say`), told by :func:`told` in the language of the
picture being made.

The public functions of :mod:`renderer` take the language and hold it for the call with
:func:`speaking` (a context variable: each thread, and each call, has its own), so the helpers
between the view and the words need not pass it along. Whatever is remembered across calls and
holds told words (the layers, :mod:`renderer.layers`) keys on :func:`spoken_key` as
well; memos keyed by the text itself (text masks, widths) key on the told text already.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from threading import Lock

from games.words import ENGLISH, Language, Text, tell

#: The language spoken now, and its key for memos.
_language: ContextVar[tuple[Language, str]] = ContextVar("renderer_language", default=(ENGLISH, "en"))
#: Each language spoken so far by its ``id``, held (so no other object takes its ``id``), with
#: its key.
_keys: dict[int, tuple[Language, str]] = {}
_keys_lock = Lock()


def _key(language: Language) -> str:
    if language is ENGLISH:
        return "en"
    with _keys_lock:
        found = _keys.get(id(language))
        if found is None:
            found = _keys[id(language)] = (language, f"language {len(_keys) + 1}")
    return found[1]


@contextmanager
def speaking(language: Language) -> Iterator[None]:
    """Tell the renderer's words in ``language`` until the block ends."""
    token = _language.set((language, _key(language)))
    try:
        yield
    finally:
        _language.reset(token)


def spoken() -> Language:
    """The language the renderer tells its words in now (English outside :func:`speaking`)."""
    return _language.get()[0]


def spoken_key() -> str:
    """A name of the language spoken now, for the keys of memos that hold told words: "en" for
    English, another for each other language (the same for the same language object)."""
    return _language.get()[1]


def told(text: Text, names: Sequence[str] = ()) -> str:
    """``text`` (a saying, or finished text with ``{k}`` name placeholders) in the language
    spoken now, seats named by ``names``."""
    return tell(text, names, _language.get()[0])


#: Stands for a name in a saying told by :func:`around`.
NAME = "\x00"


def around(text: Text) -> tuple[str, str]:
    """The words told before and after the :data:`NAME` in ``text`` ("AT RISK: {who}" with
    ``who=NAME``: "AT RISK: ", ""), for a line that cuts the name and never the words."""
    before, _, after = told(text).partition(NAME)
    return before, after
