"""The slash commands in every language: each text of the command tree has a translation in
each catalogue, the catalogues are complete and in step with the tree, and what Discord gets is
within its rules (tests/support/command_limits.py)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po

from bot.adapter.command_template import offline_tree
from bot.adapter.translator import command_texts
from bot.core.languages import LANGUAGES, LOCALES, catalogue, template_path, translated
from tests.support.command_limits import command_breaches

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def tree() -> Any:
    """The bot's command tree, with its translator, not connected to Discord."""
    async with offline_tree() as built:
        yield built


async def test_every_command_option_and_choice_has_a_translation_in_every_language(tree) -> None:
    texts = await command_texts(tree)
    assert {context for context, _ in texts} == {
        "command name",
        "command description",
        "option name",
        "option description",
        "choice name",
    }
    missing = [
        f"{language}: {context} {text!r} ({', '.join(uses)})"
        for (context, text), uses in texts.items()
        for language in LANGUAGES
        if translated(language, context, text) is None
    ]
    assert not missing, "untranslated:\n" + "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_is_complete(language: str) -> None:
    entries = [entry for entry in catalogue(language) if entry.id]
    assert entries
    assert not [e.id for e in entries if not e.string], "empty msgstr"
    assert not [e.id for e in entries if e.fuzzy], "fuzzy entries wait for a translator"
    assert not catalogue(language).obsolete, "obsolete entries: pybabel update --ignore-obsolete"


async def test_the_template_and_the_catalogues_hold_the_tree_s_texts_and_no_others(tree) -> None:
    """Run ``python -m bot.adapter.command_template`` and ``pybabel update`` when this fails
    (docs/languages.md)."""
    texts = set(await command_texts(tree))
    template = {(entry.context, entry.id) for entry in catalogue_at(template_path()) if entry.id}
    assert template == texts, "bot/locales/floe.pot is out of date"
    for language in LANGUAGES:
        held = {(entry.context, entry.id) for entry in catalogue(language) if entry.id}
        assert held == texts, f"bot/locales/{language} is not updated from the template"


async def test_discord_gets_every_language_within_its_rules(tree) -> None:
    payload = [await command.get_translated_payload(tree, tree.translator) for command in tree.get_commands()]
    assert command_breaches(payload) == []
    game = next(command for command in payload if command["name"] == "game")
    assert set(game["name_localizations"]) == set(LANGUAGES)
    assert all(set(option["description_localizations"]) == set(LANGUAGES) for option in game["options"]), (
        "every subcommand's description differs from the English in every language"
    )


async def test_a_word_the_same_as_the_english_is_not_sent(tree) -> None:
    translator = tree.translator
    stats = tree.get_command("stats")
    name = discord.app_commands.locale_str("stats")
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.command_name, stats
    )
    assert translated("nl", "command name", "stats") == "stats"  # a translation, and the same word
    assert await translator.translate(name, discord.Locale.dutch, context) is None
    assert await translator.translate(name, discord.Locale.german, context) == "statistik"
    assert await translator.translate(name, discord.Locale.japanese, context) is None


def test_the_catalogues_are_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = pyproject["tool"]["setuptools"]["package-data"]["bot"]
    files = [path.relative_to(ROOT / "bot").as_posix() for path in LOCALES.rglob("*") if path.is_file()]
    assert files
    for name in files:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), f"{name} is not package data"


def catalogue_at(path: Path) -> Any:
    with path.open("rb") as po:
        return read_po(po)
