"""The slash commands in every language: discord.py's ``Translator`` over Floe's catalogues.

discord.py wraps every command name, description, option name and description and choice name
in a ``locale_str`` (its commands' ``auto_locale_strings``) and asks the tree's translator for
each of them in every Discord locale when it builds the payload to sync. :class:`CatalogueTranslator`
answers from :mod:`bot.core.languages`; :class:`TextCollector` answers nothing but notes every
text asked for, so the template of the catalogues is derived from the command tree itself
(:mod:`bot.adapter.command_template`).

A translation the same as the English is not sent: Discord ignores a localization identical to
the default, and would then answer without it, so the sync would see a difference every start.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.core.languages import LANGUAGES, translated

#: Discord's locale for each of Floe's languages (their codes are the same).
DISCORD_LOCALES: dict[discord.Locale, str] = {discord.Locale(code): code for code in LANGUAGES}

#: The catalogue context (``msgctxt``) of each place a command text can be.
CONTEXTS: dict[Location, str] = {
    Location.command_name: "command name",
    Location.group_name: "command name",
    Location.command_description: "command description",
    Location.group_description: "command description",
    Location.parameter_name: "option name",
    Location.parameter_description: "option description",
    Location.choice_name: "choice name",
}

#: What a translator is told about each context, written into the template.
RULES: dict[str, str] = {
    "command name": "A command's name: lowercase letters, digits, - or _, no spaces, at most 32.",
    "option name": "An option's name: lowercase letters, digits, - or _, no spaces, at most 32.",
    "command description": "What the command does, at most 100 characters.",
    "option description": "What the option is for, at most 100 characters.",
    "choice name": "One of the option's choices, at most 100 characters.",
}


class CatalogueTranslator(app_commands.Translator):
    """Command texts from Floe's catalogues, for the locales Floe has one for."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = DISCORD_LOCALES.get(locale)
        where = CONTEXTS.get(context.location)
        if language is None or where is None:
            return None
        text = translated(language, where, string.message)
        return None if text == string.message else text


@dataclass
class TextCollector(app_commands.Translator):
    """Translates nothing; notes each text discord.py asks for and the commands that use it."""

    #: (context, English text) -> the commands and options using it, in the order first seen
    texts: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    _parameter: str = ""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.american_english or context.location not in CONTEXTS:
            return None
        self.texts.setdefault((CONTEXTS[context.location], string.message), [])
        uses = self.texts[(CONTEXTS[context.location], string.message)]
        use = self._use(context)
        if use not in uses:
            uses.append(use)
        return None

    def _use(self, context: app_commands.TranslationContextTypes) -> str:
        """Where a text is used: ``/game new`` or ``/game new game`` (an option and its choices)."""
        data: Any = context.data
        if context.location in (Location.parameter_name, Location.parameter_description):
            self._parameter = f"/{data.command.qualified_name} {data.name}"
            return self._parameter
        if context.location is Location.choice_name:
            return self._parameter  # discord.py asks for an option's choices right after it
        return f"/{data.qualified_name}"


async def command_texts(tree: app_commands.CommandTree[Any]) -> dict[tuple[str, str], list[str]]:
    """Every text of the tree's commands that discord.py translates: (context, English) -> uses."""
    collector = TextCollector()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, collector)
    return collector.texts
