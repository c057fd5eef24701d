"""Slash commands are synced only when the command tree changed, and a dev server gets them once."""

from __future__ import annotations

import re

import discord

import bot
import bot.adapter.translator
from bot.settings import Settings


def syncs(env, pattern: str) -> int:
    """PUTs of a command list to ``pattern`` (a regular expression of the path)."""
    return sum(1 for r in env.http_requests if r.method == "PUT" and re.fullmatch(pattern, r.path))


GLOBAL = r"/applications/\d+/commands"


async def test_a_restart_with_the_same_commands_does_not_sync_again(world, make_bot) -> None:
    env, guild, general, _other, members = world
    assert syncs(env, GLOBAL) == 1  # the first start synced
    await env.restart_bot(make_bot())
    assert syncs(env, GLOBAL) == 1  # same tree, same database: no sync
    result = await members[0].slash(general, "game rules", game="polar-derby")
    assert "Polar Derby" in result.response.content  # the commands still work


async def test_a_changed_tree_is_synced_and_floe_sync_forces_one(world) -> None:
    env, guild, general, _other, members = world
    assert syncs(env, GLOBAL) == 1
    group = env.bot.tree.get_command("game")
    group.description = "Play polar board games here"  # the tree changed
    assert await env.bot.sync_commands() is True
    assert syncs(env, GLOBAL) == 2
    assert await env.bot.sync_commands() is False  # the new hash is remembered
    assert await env.bot.sync_commands(force=True) is True  # what `floe sync` does
    assert syncs(env, GLOBAL) == 3


async def test_a_dev_guild_gets_the_commands_and_no_global_copy(world, tmp_path) -> None:
    env, guild, general, _other, members = world
    dev = bot.create_bot(Settings(token="", database=str(tmp_path / "dev.db"), dev_guild_id=guild.id))
    try:
        before = syncs(env, GLOBAL)
        await env.restart_bot(dev)
        assert syncs(env, rf"/applications/\d+/guilds/{guild.id}/commands") == 1
        assert syncs(env, GLOBAL) == before  # no second, global copy
        assert dev.tree.get_commands(guild=discord.Object(id=guild.id)) == []  # the copy was for the sync
        result = await members[0].slash(general, "game rules", game="ice-lake")
        assert "Ice Lake" in result.response.content
    finally:
        await dev.close_store()


async def test_commands_another_deployment_changed_on_discord_are_synced_back(world, make_bot) -> None:
    env, guild, general, _other, members = world
    assert syncs(env, GLOBAL) == 1
    group = env.bot.tree.get_command("game")
    group.description = "Another deployment's description"
    await env.bot.tree.sync()  # another deployment (its own database) synced other commands
    assert syncs(env, GLOBAL) == 2
    await env.restart_bot(make_bot())  # this database remembers its own sync, but Discord differs
    assert syncs(env, GLOBAL) == 3, "what Discord has is compared, not only this database's record"
    await env.restart_bot(make_bot())
    assert syncs(env, GLOBAL) == 3, "Discord has this tree now: no sync"


async def test_a_new_database_does_not_sync_the_commands_discord_already_has(world, tmp_path) -> None:
    env, guild, general, _other, members = world
    assert syncs(env, GLOBAL) == 1
    fresh = bot.create_bot(Settings(token="", database=str(tmp_path / "reset.db")))
    try:
        await env.restart_bot(fresh)  # a reset database, or a second deployment with the same tree
        assert syncs(env, GLOBAL) == 1, "Discord already has these commands"
        result = await members[0].slash(general, "game rules", game="polar-derby")
        assert "Polar Derby" in result.response.content
    finally:
        await fresh.close_store()


def localized(env, path: str, field: str = "name") -> dict[str, str]:
    """The localizations Discord holds for one global command, subcommand or option (``path``:
    its default names, like ``"game board"``)."""
    first, *rest = path.split()
    entry = env.backend.commands[None][(first, 1)]
    for name in rest:
        entry = next(option for option in entry["options"] if option["name"] == name)
    return entry.get(f"{field}_localizations") or {}


async def test_discord_gets_the_commands_in_every_language(world) -> None:
    env, guild, general, _other, members = world
    assert localized(env, "game") == {"nl": "spel", "fr": "partie", "de": "spiel"}
    assert localized(env, "game board") == {"nl": "bord", "fr": "plateau", "de": "brett"}
    assert localized(env, "game board", "description")["de"] == "Zeige das aktuelle Brett noch einmal"
    assert "nl" not in localized(env, "stats"), "the same word as the English is not sent"
    result = await members[0].slash(general, "game rules", game="polar-derby")
    assert "Polar Derby" in result.response.content  # interactions still carry the default names


async def test_a_changed_translation_is_synced_once_and_an_unchanged_one_never(
    world, make_bot, monkeypatch
) -> None:
    env, guild, general, _other, members = world
    assert syncs(env, GLOBAL) == 1
    await env.restart_bot(make_bot())
    assert syncs(env, GLOBAL) == 1, "the translations did not change: no sync"
    catalogue = bot.adapter.translator.translated

    def with_a_new_word(language: str, context: str, message: str) -> str | None:
        if (language, context, message) == ("nl", "command name", "board"):
            return "speelbord"  # a translator changed the Dutch catalogue
        return catalogue(language, context, message)

    monkeypatch.setattr(bot.adapter.translator, "translated", with_a_new_word)
    await env.restart_bot(make_bot())
    assert syncs(env, GLOBAL) == 2, "a changed translation is synced"
    assert localized(env, "game board")["nl"] == "speelbord"
    await env.restart_bot(make_bot())
    assert syncs(env, GLOBAL) == 2, "and once only"
