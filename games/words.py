"""Words built from data, shared by the games' narration, the boards' text and the front ends."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, agreeing: "1 step", "2 steps", "0 cards"; ``plural`` where adding an
    "s" is wrong ("fresh fish")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def aside_opening(name: str) -> str:
    """What comes before an aside about ``name``: "Ann (", or "Floe (normal, " for a name that
    ends in an aside of its own, so the two read as one."""
    if name.endswith(")") and "(" in name:
        return name[:-1] + ", "
    return name + " ("


def with_aside(name: str, aside: str) -> str:
    """``name`` with ``aside`` in brackets: "Ann (white)", "Floe (normal, white)"."""
    return f"{aside_opening(name)}{aside})"


# --------------------------------------------------------------------------- sayings
#
# The rules never write a sentence in a language: they *say* something, as a message key (the
# English text, gettext's msgid, with ``{named}`` placeholders) and its parameters. A front end
# tells it in its reader's language (:func:`tell`), with the seats' names; English is the key
# itself, so the English text is written once, where the rule is.


@dataclass(frozen=True)
class Who:
    """A seat's name, filled in by whoever tells the saying (the rules know seats, not names)."""

    seat: int


@dataclass(frozen=True)
class Listed:
    """Several parameters read as one: "Ann, Bo and Cy" (``last`` the word before the last,
    itself a saying) or "Ann, Bo, Cy" (``last`` None)."""

    items: tuple[Param, ...]
    last: Said | None = None


@dataclass(frozen=True)
class Said:
    """Something said, in no language yet: ``key`` is the English text with ``{name}``
    placeholders (the catalogues' msgid), ``params`` what fills them. A saying that depends on a
    number has ``plural`` (the English plural form) and ``count`` (which form: gettext's
    ``ngettext``); ``{n}`` then reads the count."""

    key: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str | None = None
    count: int | None = None
    #: What the key is, where one English text is two things (gettext's ``msgctxt``).
    context: str | None = None

    def __str__(self) -> str:
        """English, names left as ``{0}`` placeholders (:func:`games.core.fill_names`)."""
        return tell(self)

    def param(self, name: str) -> Param:
        return dict(self.params)[name]


#: What fills a placeholder: a number, verbatim text (notation: cells, letters, tile codes, and
#: names the players chose), a seat's name, a list, or another saying, told in the same language.
Param = int | str | Who | Listed | Said


def say(key: str, /, **params: Param) -> Said:
    """The saying ``key`` (English, ``{name}`` placeholders) with its parameters. The catalogue
    template collects every ``say("...")`` in the code, so ``key`` must be a literal."""
    return Said(key, tuple(sorted(params.items())))


def say_in(context: str, key: str, /, **params: Param) -> Said:
    """The saying ``key`` in ``context``, for an English text that is two things ("adrift": a
    meeple's state, or a standing order's trigger), which other languages may say apart."""
    return Said(key, tuple(sorted(params.items())), context=context)


def say_n(singular: str, plural: str, n: int, /, **params: Param) -> Said:
    """The saying for ``n`` of something: ``singular`` when English says one, else ``plural``
    (other languages choose by their own plural rules); ``{n}`` reads ``n``."""
    return Said(singular, tuple(sorted({**params, "n": n}.items())), plural, n)


class Language(Protocol):
    """What telling needs of a language: its translations, as :mod:`gettext` gives them."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


class English:
    """The source language: every key is its own English text."""

    def gettext(self, message: str, /) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str, /) -> str:
        return message


ENGLISH = English()

#: A placeholder, and the aside that may open after it: "{who} (".
_PLACEHOLDER = re.compile(r"\{(\w+)\}( \()?")

#: Text the rules still write as a finished English sentence with ``{0}``-style name
#: placeholders, told as it is in every language.
Text = Said | str


def tell(text: Text, names: Sequence[str] = (), language: Language = ENGLISH) -> str:
    """``text`` in ``language``, seats named by ``names`` (a seat without a name stays ``{k}``,
    for a later :func:`tell`). A name before an aside that ends in one of its own joins it:
    "Floe (normal, white)", not "Floe (normal) (white)"."""
    if isinstance(text, str):
        return _fill(text, lambda key: int(key) if key.isdigit() else None, {}, names, language)
    if text.plural is not None and text.count is not None:
        template = language.ngettext(text.key, text.plural, text.count)
    elif text.context is not None:
        template = language.pgettext(text.context, text.key)
    else:
        template = language.gettext(text.key)
    params = dict(text.params)
    return _fill(template, lambda key: _seat(params.get(key)), params, names, language)


def _seat(param: Param | None) -> int | None:
    return param.seat if isinstance(param, Who) else None


def _fill(
    template: str,
    seat_of: Callable[[str], int | None],
    params: dict[str, Param],
    names: Sequence[str],
    language: Language,
) -> str:
    def placeholder(m: re.Match[str]) -> str:
        key, aside = m.group(1), m.group(2) or ""
        seat = seat_of(key)
        if seat is not None:
            if seat >= len(names):
                return f"{{{seat}}}{aside}"
            return aside_opening(names[seat]) if aside else names[seat]
        if key not in params:
            return m.group(0)
        return _told(params[key], names, language) + aside

    return _PLACEHOLDER.sub(placeholder, template)


def _told(param: Param, names: Sequence[str], language: Language) -> str:
    if isinstance(param, Listed):
        told = [_told(item, names, language) for item in param.items]
        if param.last is None or len(told) < 2:
            return ", ".join(told)
        return f"{', '.join(told[:-1])} {tell(param.last, names, language)} {told[-1]}"
    if isinstance(param, Said):
        return tell(param, names, language)
    if isinstance(param, Who):
        return names[param.seat] if param.seat < len(names) else f"{{{param.seat}}}"
    return str(param)
