"""Words built from data, shared by the games' narration, the boards' text and the front ends."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Protocol

from util.records import frozen


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
#
# Sayings are values: frozen, compared and hashed by their fields.


@frozen
class Who:
    """A seat's name, filled in by whoever tells the saying (the rules know seats, not names)."""

    seat: int


@frozen
class Listed:
    """Several parameters read as one: "Ann, Bo and Cy" (``last`` the word before the last,
    itself a saying) or "Ann, Bo, Cy" (``last`` None)."""

    items: tuple[Param, ...]
    last: Said | None = None


@frozen
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
        """English, names left as ``{0}`` placeholders (:func:`tell`)."""
        return tell(self)

    def param(self, name: str) -> Param:
        return dict(self.params)[name]


#: What fills a placeholder: a number, verbatim text (notation: cells, letters, tile codes, and
#: names the players chose), a seat's name, a list, or another saying, told in the same language.
Param = int | str | Who | Listed | Said


def say(key: str, /, **params: Param) -> Said:
    """The saying ``key`` (English, ``{name}`` placeholders) with its parameters. The catalogue
    template collects every ``say("...")`` in the code, so ``key`` must be a literal."""
    return Said(key, tuple(sorted(params.items())) if len(params) > 1 else tuple(params.items()))


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

#: A template cut at its placeholders: the text before the first, then for each placeholder its
#: name, the aside opening after it ("" or " ("), the whole match and the text up to the next.
_Parsed = tuple[str, tuple[tuple[str, str, str, str], ...]]


@functools.lru_cache(maxsize=8192)
def _parsed(template: str) -> _Parsed:
    """``template`` cut at its placeholders (:data:`_PLACEHOLDER`), once per template: a reply
    tells the same few templates again and again."""
    matches = list(_PLACEHOLDER.finditer(template))
    if not matches:
        return template, ()
    ends = [m.start() for m in matches[1:]] + [len(template)]
    holes = tuple(
        (m.group(1), m.group(2) or "", m.group(0), template[m.end() : end])
        for m, end in zip(matches, ends, strict=True)
    )
    return template[: matches[0].start()], holes


def tell(text: Text, names: Sequence[str] = (), language: Language = ENGLISH) -> str:
    """``text`` in ``language``, seats named by ``names`` (a seat without a name stays ``{k}``,
    for a later :func:`tell`). A name before an aside that ends in one of its own joins it:
    "Floe (normal, white)", not "Floe (normal) (white)".

    A move tells a dozen sayings, most of them naming a seat, so that case is written out here
    rather than in a helper (bench/bench_act.py)."""
    if type(text) is not Said and not isinstance(text, Said):
        return _seats_named(text, names)
    if language is ENGLISH:
        template = text.key if text.plural is None or text.count is None or text.count == 1 else text.plural
    elif text.plural is not None and text.count is not None:
        template = language.ngettext(text.key, text.plural, text.count)
    elif text.context is not None:
        template = language.pgettext(text.context, text.key)
    else:
        template = language.gettext(text.key)
    if not text.params:  # nothing fills a placeholder: each stays as it is
        return template
    told, holes = _parsed(template)
    if not holes:
        return template
    params = dict(text.params)
    for key, aside, whole, after in holes:
        param = params.get(key)
        if type(param) is Who and not aside and param.seat < len(names):
            told += names[param.seat] + after
        elif type(param) is str:  # a subclass may tell itself otherwise (str(), below)
            told += param + aside + after
        elif type(param) is Said:  # a word in English is its key (most are: colours, cards)
            english_word = language is ENGLISH and not param.params and param.plural is None
            told += (param.key if english_word else tell(param, names, language)) + aside + after
        elif param is None:  # nothing fills it: it stays as it is
            told += whole + after
        elif isinstance(param, Who):
            told += _named(param.seat, aside, names) + after
        else:
            told += _told(param, names, language) + aside + after
    return told


def _seats_named(text: str, names: Sequence[str]) -> str:
    """A finished text with its ``{k}`` placeholders named: seat ``k`` by ``names``."""
    first, holes = _parsed(text)
    if not holes:
        return text
    out = [first]
    for key, aside, whole, after in holes:
        out.append((_named(int(key), aside, names) if key.isdigit() else whole) + after)
    return "".join(out)


def _named(seat: int, aside: str, names: Sequence[str]) -> str:
    """Seat ``seat``'s name, and the ``aside`` that opens after it (" (" or ""), joined to an
    aside of the name's own; ``{seat}`` for a seat without a name."""
    if seat >= len(names):
        return f"{{{seat}}}{aside}"
    return aside_opening(names[seat]) if aside else names[seat]


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
