"""The languages Floe speaks, and their gettext catalogues (Babel) in ``bot/locales``.

English is the source language: it is written in the code and needs no catalogue. Every other
language has ``bot/locales/<code>/LC_MESSAGES/floe.po``, the file translators edit (layout,
tools and how to add a language: docs/languages.md). A catalogue is compiled in memory the
first time it is used (Babel's ``write_mo`` read back by :mod:`gettext`), so a clone and an
editable install need no build step and no compiled ``.mo`` file can fall out of step with its
``.po``. Fuzzy entries (a translation ``pybabel update`` guessed) are not used until a
translator confirms them.

Each command text has a context (``msgctxt``) saying what it is, because one English word can
be two things: "computer" is a command and an option, and a command's name follows other rules
than its description.

What the games say (:func:`games.words.say`) has a catalogue per game, whose domain is the
game's package (``ice_hike.po``), and one for what the games share (``games.po``); their
templates are extracted from the code (:func:`saying_template`). :func:`language` joins a
language's catalogues into the one :class:`games.words.Language` a front end tells with.
"""

from __future__ import annotations

import functools
import gettext
import io
import re
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from games.words import ENGLISH, Language

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


#: The repository's root, where the code that says things is.
CODE = Path(__file__).resolve().parents[2]
#: The domain of what the games' shared modules say (``games/*.py``).
SHARED_GAME_DOMAIN = "games"
#: The domain of the words drawn on boards and told in their descriptions (``renderer/``).
RENDERER_DOMAIN = "renderer"
#: The domain of what the bot itself says (``bot/``: answers, cards, reminders, the terminal).
BOT_DOMAIN = "bot"
#: How the code marks a saying for the template: the key is ``say``'s first argument, and
#: ``say_n``'s first two are the singular and the plural.
SAYING_KEYWORDS: dict[str, Any] = {"say": None, "say_n": (1, 2), "say_in": ((1, "c"), 2)}


def saying_domains() -> dict[str, tuple[Path, str]]:
    """The domains of sayings, each with its folder and the files in it that say things: one
    per game package, what the games share, the renderer and the bot."""
    games = CODE / "games"
    packages = sorted(p.name for p in games.iterdir() if (p / "__init__.py").is_file())
    return {
        SHARED_GAME_DOMAIN: (games, "*.py"),
        **{package: (games / package, "**.py") for package in packages},
        RENDERER_DOMAIN: (CODE / "renderer", "**.py"),
        BOT_DOMAIN: (CODE / "bot", "**.py"),
    }


def catalogue_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``language`` (a Discord locale), in its Babel-named folder."""
    return LOCALES / babel_locale(language) / "LC_MESSAGES" / f"{domain}.po"


def template_path(domain: str = DOMAIN) -> Path:
    """The template (``.pot``) every language's catalogue of ``domain`` is updated from."""
    return LOCALES / f"{domain}.pot"


@functools.cache
def catalogue(language: str, domain: str = DOMAIN) -> Catalog:
    """The catalogue of ``language`` as Babel reads it (entries, flags, comments)."""
    with catalogue_path(language, domain).open("rb") as po:
        return read_po(po, locale=babel_locale(language), domain=domain)


@functools.cache
def translations(language: str, domain: str = DOMAIN) -> gettext.GNUTranslations:
    """``language``'s catalogue compiled in memory, for gettext's lookups (plural forms included)."""
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language, domain), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@functools.cache
def language(code: str) -> Language:
    """What telling in ``code`` (a Discord locale) reads: its catalogues of what the games say,
    then its command texts; a language Floe has no catalogue for is English. Its lookups are
    remembered (:class:`Remembered`)."""
    if code == PSEUDO_LANGUAGE:
        return Remembered(Pseudo())
    if code not in LANGUAGES:
        return ENGLISH
    found = [translations(code, d) for d in saying_domains() if catalogue_path(code, d).is_file()]
    joined = translations(code)
    for part in reversed(found):
        part.add_fallback(joined)
        joined = part
    return Remembered(joined)


class Remembered:
    """``told``'s translations, each looked up once: a lookup walks the chain of a language's
    catalogues (one per domain), and a reply tells the same few texts move after move; the
    catalogues do not change while the process runs. At :data:`REMEMBERED_TEXTS` translations
    (a count may be any number) they are forgotten all at once."""

    def __init__(self, told: Language) -> None:
        #: The language looked up.
        self.told = told
        self._found: dict[tuple[str | int | None, ...], str] = {}

    def _remember(self, key: tuple[str | int | None, ...], found: str) -> str:
        if len(self._found) >= REMEMBERED_TEXTS:
            self._found.clear()
        self._found[key] = found
        return found

    def gettext(self, message: str, /) -> str:
        found = self._found.get((message,))
        return self._remember((message,), self.told.gettext(message)) if found is None else found

    def pgettext(self, context: str, message: str, /) -> str:
        key = (message, context)
        found = self._found.get(key)
        return self._remember(key, self.told.pgettext(context, message)) if found is None else found

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        key = (singular, plural, n)
        found = self._found.get(key)
        return self._remember(key, self.told.ngettext(singular, plural, n)) if found is None else found


#: How many translations a :class:`Remembered` language keeps at most.
REMEMBERED_TEXTS = 16384


#: The pseudo-language's code (Android's name for its accented pseudo-locale): what every test
#: of "nothing escapes the catalogues" tells in (:class:`Pseudo`).
PSEUDO_LANGUAGE = "en-XA"

_ACCENTED = str.maketrans("aceinosuyACEINOSUY", "àçéîñöšûýÀÇÉÎÑÖŠÛÝ")
_PLACEHOLDER = re.compile(r"(\{\w+\})")


class Pseudo:
    """A language made from the English for tests: every translated text is accented, 40 %
    longer and bracketed (``⟦Àññ wàlkš … ⟧``), its placeholders kept, so a test sees at once a
    text that escaped the catalogues (plain English) and a layout that a longer language breaks."""

    def gettext(self, message: str, /) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str, /) -> str:
        return pseudo(message)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-language (:class:`Pseudo`)."""
    parts = _PLACEHOLDER.split(text)
    told = "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    letters = sum(len(p) for p in parts if not _PLACEHOLDER.fullmatch(p))
    return f"⟦{told}{'·' * max(1, -(-letters * 2 // 5))}⟧"


def saying_template(domain: str) -> Catalog:
    """The template of ``domain``: every ``say``/``say_n`` key in its code, with where it is said."""
    template = Catalog(domain=domain, project="Floe", version="", fuzzy=False)
    folder, pattern = saying_domains()[domain]
    found = extract_from_dir(
        str(folder),
        method_map=[(pattern, "python")],
        keywords=SAYING_KEYWORDS,
        comment_tags=("Translators:",),
    )
    for file, line, message, comments, context in found:
        where = (str((folder / file).relative_to(CODE)), line)
        template.add(message, locations=[where], auto_comments=comments, context=context)
    return template


def translated(language: str, context: str, message: str) -> str | None:
    """The confirmed translation of ``message`` in ``context``, or None when there is none.

    A translation the same as the English (a word both languages use) counts as one."""
    entry = catalogue(language).get(message, context=context)
    if entry is None or entry.fuzzy or not isinstance(entry.string, str) or not entry.string:
        return None
    return translations(language).pgettext(context, message)


def write_saying_templates() -> None:
    """Write each domain's template of what the games say (``bot/locales/<domain>.pot``); a
    domain with nothing said has none."""
    for domain in saying_domains():
        template = saying_template(domain)
        path = template_path(domain)
        if not len(template):
            path.unlink(missing_ok=True)
            continue
        written = io.BytesIO()
        write_po(written, template, width=100, sort_output=True)
        if path.is_file() and _undated(path.read_bytes()) == _undated(written.getvalue()):
            continue  # nothing but the date would change
        path.write_bytes(written.getvalue())
        print(f"wrote {len(template)} sayings to {path}", file=sys.stderr)


def _undated(template: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", template)


if __name__ == "__main__":
    write_saying_templates()
