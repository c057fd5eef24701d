"""The template of the catalogues (``bot/locales/floe.pot``), written from the command tree.

``python -m bot.adapter.command_template`` builds the bot without connecting, collects every
text discord.py would translate (:func:`bot.adapter.translator.command_texts`) and writes them,
each with its context, its rules and the commands using it; ``pybabel update`` then carries the
new and changed texts into each language's catalogue (docs/languages.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po
from discord import app_commands

from bot.adapter.app import EXTENSIONS, create_bot
from bot.adapter.translator import RULES, CatalogueTranslator, command_texts
from bot.core.languages import DOMAIN, template_path
from bot.settings import Settings

HEADER = """\
# The texts of Floe's slash commands, for translators (docs/languages.md).
# Written from the command tree by `python -m bot.adapter.command_template`; each language's
# catalogue is updated from it with `pybabel update`. Do not edit: edit the catalogues.
#"""


async def command_template(tree: app_commands.CommandTree[Any]) -> Catalog:
    """The catalogue template of the command texts, each with where it is used and its rules."""
    template = Catalog(
        domain=DOMAIN,
        project="Floe",
        version="",
        copyright_holder="Floe's contributors",
        msgid_bugs_address="",
        header_comment=HEADER,
        fuzzy=False,
    )
    for (context, text), uses in sorted((await command_texts(tree)).items()):
        template.add(text, context=context, auto_comments=[RULES[context], "Used by: " + ", ".join(uses)])
    return template


@contextlib.asynccontextmanager
async def offline_tree() -> AsyncIterator[app_commands.CommandTree[Any]]:
    """The bot's command tree with its translator, built without connecting to Discord (and
    without a scheduler, so no clock ticks): the command families loaded, and unloaded after."""
    client = create_bot(Settings(token="", database=":memory:"))
    for extension in EXTENSIONS:
        await client.load_extension(extension)
    await client.tree.set_translator(CatalogueTranslator())
    try:
        yield client.tree
    finally:
        for extension in reversed(EXTENSIONS):
            await client.unload_extension(extension)


async def write_template() -> None:
    """Write ``bot/locales/floe.pot`` from the bot's command tree."""
    async with offline_tree() as tree:
        template = await command_template(tree)
    with template_path().open("wb") as pot:
        write_po(pot, template, width=100, omit_header=False, sort_output=True)
    print(f"wrote {len(template)} messages to {template_path()}", file=sys.stderr)


if __name__ == "__main__":
    asyncio.run(write_template())
