"""What the games say, in every language: each domain's template holds exactly the sayings in
the code, and each language's catalogue translates every one of them, with the same placeholders
and the language's plural forms (bot/core/languages.py, docs/languages.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.core.languages import (
    LANGUAGES,
    PSEUDO_LANGUAGE,
    catalogue,
    catalogue_path,
    language,
    pseudo,
    saying_domains,
    saying_template,
    template_path,
)
from games.words import Who, say, say_n, tell

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def keys(catalogue: Catalog) -> set[tuple[str | None, object]]:
    return {(entry.context, entry.id) for entry in catalogue if entry.id}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("domain", saying_domains())
def test_the_template_holds_the_sayings_in_the_code(domain: str) -> None:
    """Run ``python -m bot.core.languages`` and ``pybabel update`` when this fails."""
    said = keys(saying_template(domain))
    path = template_path(domain)
    held = keys(read_po(path.open("rb"))) if path.is_file() else set()
    assert held == said, f"{path.name} is out of date"


@pytest.mark.parametrize("domain", saying_domains())
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_saying_is_translated_with_the_same_placeholders(code: str, domain: str) -> None:
    said = keys(saying_template(domain))
    if not said:
        return
    assert catalogue_path(code, domain).is_file(), f"no {code} catalogue for {domain}"
    translated = catalogue(code, domain)
    assert keys(translated) == said, f"{code}/{domain}.po is not updated from the template"
    forms = translated.num_plurals
    wrong = [
        f"{entry.id!r}: {problem}" for entry in translated if entry.id for problem in problems(entry, forms)
    ]
    assert not wrong, "\n".join(wrong)


def problems(entry: Message, forms: int) -> list[str]:
    if entry.fuzzy:
        return ["fuzzy: waits for a translator"]
    if isinstance(entry.id, str):
        assert isinstance(entry.string, str)
        strings, wanted = [entry.string], placeholders(entry.id)
    else:
        strings, wanted = list(entry.string), placeholders(entry.id[1])
        if len(strings) != forms:
            return [f"{len(strings)} plural forms where the language has {forms}"]
    found = []
    for text in strings:
        if not text:
            found.append("not translated")
        elif placeholders(text) - wanted - {"n"} or wanted - placeholders(text) - {"n"}:
            found.append(f"placeholders {sorted(placeholders(text))}, English has {sorted(wanted)}")
    return found


def test_a_language_without_a_catalogue_and_a_saying_without_a_translation_are_english() -> None:
    said = say_n("{who} eats one fish.", "{who} eats {n} fish.", 2, who=Who(0))
    assert tell(said, ["Ann"], language("ja")) == "Ann eats 2 fish."
    assert tell(say("{who} is not a saying of any game.", who=Who(0)), ["Ann"], language("nl")) == (
        "Ann is not a saying of any game."
    )


def test_the_pseudo_language_is_longer_accented_and_keeps_its_placeholders() -> None:
    said = say("{who} walks {way} to {cell}.", who=Who(0), way=say("north"), cell="C3")
    english, told = tell(said, ["Ann"]), tell(said, ["Ann"], language(PSEUDO_LANGUAGE))
    assert told.startswith("⟦Ann ") and "C3" in told and "walks" not in told
    assert len(told) >= 1.4 * len(english)
    assert placeholders(pseudo("{who} has {n} fish")) == {"who", "n"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_one_english_text_has_one_translation_in_a_language_whatever_its_domain(code: str) -> None:
    """A language reads its domains as one (:func:`language`, the first domain with a text wins),
    so a text said by two games, or by a game and a board, must read the same in both."""
    first: dict[tuple[str | None, object], tuple[str, object]] = {}
    differ = []
    for domain in saying_domains():
        if not catalogue_path(code, domain).is_file():
            continue
        for entry in catalogue(code, domain):
            if not entry.id:
                continue
            key = (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
            seen = first.setdefault(key, (domain, entry.string))
            if seen[1] != entry.string:
                differ.append(f"{entry.id!r}: {seen[0]} {seen[1]!r}, {domain} {entry.string!r}")
    assert not differ, "\n".join(differ)


def sayings_in_f_strings(source: str) -> list[int]:
    """The lines of ``source`` where a ``say``/``say_n``/``say_in`` call sits inside an f-string,
    where Babel's extractor (Python 3.11) does not look: its key would reach no catalogue."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                name = getattr(getattr(inner, "func", None), "id", None)
                if isinstance(inner, ast.Call) and name in ("say", "say_n", "say_in"):
                    found.append(inner.lineno)
    return found


def test_no_saying_is_made_inside_an_f_string() -> None:
    root = Path(__file__).resolve().parents[2]
    found = [
        f"{path.relative_to(root)}:{line}"
        for folder in ("bot", "games", "renderer")
        for path in sorted((root / folder).rglob("*.py"))
        for line in sayings_in_f_strings(path.read_text())
    ]
    assert not found, f"say(...) inside an f-string never reaches the catalogues: {found}"


def test_the_f_string_check_finds_a_saying_inside_one() -> None:
    assert sayings_in_f_strings('x = f"{told(say(\'hidden\'))}"\ny = say("seen")') == [1]
