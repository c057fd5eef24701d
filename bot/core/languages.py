"""The languages Floe speaks, and their gettext catalogues (Babel) in ``bot/locales``.

English is the source language: it is written in the code and needs no catalogue. Every other
language has ``bot/locales/<code>/LC_MESSAGES/floe.po``, the file translators edit (layout,
tools and how to add a language: docs/languages.md). A catalogue is compiled in memory the
first time it is used (Babel's ``write_mo`` read back by :mod:`gettext`), so a clone and an
editable install need no build step and no compiled ``.mo`` file can fall out of step with its
``.po``. Fuzzy entries (a translation ``pybabel update`` guessed) are not used until a
translator confirms them.

Each message has a context (``msgctxt``) saying what it is, because one English word can be
two things: "computer" is a command and an option, and a command's name follows other rules
than its description.
"""

from __future__ import annotations

import functools
import gettext
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The language the texts are written in.
SOURCE_LANGUAGE = "en"
#: The languages with a catalogue; the codes are Discord's locales (reference.mdx, "Locales").
LANGUAGES = ("nl", "fr", "de")
#: The gettext domain: the catalogues' file name.
DOMAIN = "floe"
#: Where the catalogues live (package data, installed with the ``bot`` package).
LOCALES = Path(__file__).resolve().parent.parent / "locales"


def babel_locale(language: str) -> str:
    """Babel's name for one of Discord's locales: ``es_ES`` for ``es-ES``."""
    return language.replace("-", "_")


def catalogue_path(language: str) -> Path:
    """The ``.po`` file of ``language`` (a Discord locale), in its Babel-named folder."""
    return LOCALES / babel_locale(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    """The template (``.pot``) every language's catalogue is updated from."""
    return LOCALES / f"{DOMAIN}.pot"


@functools.cache
def catalogue(language: str) -> Catalog:
    """The catalogue of ``language`` as Babel reads it (entries, flags, comments)."""
    with catalogue_path(language).open("rb") as po:
        return read_po(po, locale=babel_locale(language), domain=DOMAIN)


@functools.cache
def translations(language: str) -> gettext.GNUTranslations:
    """``language``'s catalogue compiled in memory, for gettext's lookups (plural forms included)."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translated(language: str, context: str, message: str) -> str | None:
    """The confirmed translation of ``message`` in ``context``, or None when there is none.

    A translation the same as the English (a word both languages use) counts as one."""
    entry = catalogue(language).get(message, context=context)
    if entry is None or entry.fuzzy or not isinstance(entry.string, str) or not entry.string:
        return None
    return translations(language).pgettext(context, message)
