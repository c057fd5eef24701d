"""Syncing the slash commands with Discord only when Discord's differ from this bot's.

Discord rate-limits command syncs and a global sync takes a while to reach every client, so
the bot does not sync on every start. At start it fetches the application's commands from
Discord once (:func:`fetch_commands`) and syncs only when they differ from what it would send
(every command, option, description, choice, permission and context). Discord is the record,
not a database: another deployment that synced other commands, or a database reset, is noticed
(a value kept in one database saw neither). ``floe sync`` forces a sync.

Compared are the fields the payload sets, each with Discord's default for a field left out
(``required`` false, no choices, no permissions...): Discord answers with every field, ids and
versions included, which are not compared. The localizations (the commands in other languages,
:mod:`bot.adapter.translator`) are compared too, so a changed translation is synced: the commands
are fetched ``with_localizations`` (Discord's lists leave them out otherwise), and a localization
identical to its default does not count, as Discord ignores it. ``contexts`` (where a command
may be used: a server, the bot's DM, other DMs and group DMs) and ``integration_types`` (installed
with a server, with a user's account) are compared only where both sides have them (left unset,
Discord fills in its default, and a server's own commands have none), and as the lists Discord
answered: discord.py's ``AppCommand`` (2.7) reads those lists as counting from 1, so a fetched
command's id 0 (a server; a server install) is lost and ``[0, 1]`` reads as ``[1]``; a command
that stops being installed with servers would not be synced (:func:`remote_payload`).

With ``DEV_GUILD_ID`` set the commands go to that server only (instantly, for development) and
not globally: the server never shows two copies of each command.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.http import Route

log = logging.getLogger("floe.discord")

#: Fields Discord adds to a command it stores, which the bot never sends.
SERVER_FIELDS = frozenset({"id", "application_id", "guild_id", "version"})
#: Each field's localizations, by the field they translate.
LOCALIZED = {"name_localizations": "name", "description_localizations": "description"}
#: Fields Discord fills in with its own default when the payload leaves them unset (and leaves
#: out of a server's own commands).
DEFAULTED_BY_DISCORD = frozenset({"contexts", "integration_types"})
#: Superseded by ``contexts`` (Discord derives one from the other).
DERIVED_FIELDS = frozenset({"dm_permission"})


async def tree_payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """What ``tree.sync()`` would send for the global commands (translated, as it does, when the
    tree has a translator)."""
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in tree.get_commands()]
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]


def is_default(value: Any) -> bool:
    """A value Discord treats as the field left out (0 is a value, not a default)."""
    return value is None or value is False or value == [] or value == {}


def canonical(value: Any, *, top: bool = False) -> Any:
    """``value`` (a command, an option, a choice...) without defaults or Discord's own fields,
    lists of ids sorted, permission bit sets as text (Discord sends them as strings)."""
    if isinstance(value, list):
        items = [canonical(item) for item in value]
        return sorted(items) if all(isinstance(i, int) for i in items) else items
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if key in LOCALIZED:
            item = other_than_default(item, value.get(LOCALIZED[key]))
        if key in SERVER_FIELDS or key in DERIVED_FIELDS or is_default(item):
            continue
        out[key] = str(item) if top and key == "default_member_permissions" else canonical(item)
    return out


def other_than_default(localizations: dict[str, str] | None, default: Any) -> dict[str, str]:
    """The localizations that differ from the default (Discord ignores the others)."""
    return {locale: text for locale, text in (localizations or {}).items() if text != default}


def remote_payload(data: Any, state: Any = None) -> dict[str, Any]:
    """A command as Discord has it (``data``, as fetched), in the shape of :func:`tree_payload`:
    read through discord.py's ``AppCommand`` (Discord's own fields dropped, permissions as a
    number), its contexts and installation types as Discord listed them."""
    command = app_commands.AppCommand(data=data, state=state)
    payload: dict[str, Any] = dict(command.to_dict())
    permissions = command.default_member_permissions
    payload["default_member_permissions"] = None if permissions is None else permissions.value
    payload["nsfw"] = command.nsfw
    for field in DEFAULTED_BY_DISCORD:
        payload[field] = data.get(field)
    return payload


def differences(local: list[dict[str, Any]], remote: list[dict[str, Any]]) -> list[str]:
    """The names of the commands that differ between the two payloads (added, removed, changed)."""
    mine = {(c["name"], c.get("type", 1)): c for c in local}
    theirs = {(c["name"], c.get("type", 1)): c for c in remote}
    changed = []
    for key in sorted(mine.keys() | theirs.keys()):
        if key not in mine or key not in theirs:
            changed.append(key[0])
            continue
        ours = canonical(mine[key], top=True)
        have = canonical(theirs[key], top=True)
        for field in DEFAULTED_BY_DISCORD - (ours.keys() & have.keys()):
            ours.pop(field, None)
            have.pop(field, None)
        if ours != have:
            changed.append(key[0])
    return changed


async def fetch_commands(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[app_commands.AppCommand]:
    """``tree.fetch_commands``, with every localization: discord.py (2.7) does not ask for them,
    and without ``with_localizations`` Discord lists none (only the requester's own locale)."""
    return [app_commands.AppCommand(data=data, state=tree._state) for data in await fetch_listed(tree, guild)]


async def fetch_listed(tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None) -> list[Any]:
    """The commands as Discord lists them (:func:`fetch_commands`), not read by discord.py."""
    application = tree.client.application_id
    if application is None:
        raise app_commands.MissingApplicationID
    if guild is None:
        route = Route("GET", "/applications/{application_id}/commands", application_id=application)
    else:
        route = Route(
            "GET",
            "/applications/{application_id}/guilds/{guild_id}/commands",
            application_id=application,
            guild_id=guild.id,
        )
    listed: list[Any] = await tree.client.http.request(route, params={"with_localizations": "true"})
    return listed


async def sync_commands(
    tree: app_commands.CommandTree[Any], dev_guild_id: int | None, *, force: bool = False
) -> bool:
    """Sync when Discord's commands for the target differ from the tree's (or when forced).

    Returns whether a sync happened. With a dev guild the global commands are copied to that
    guild and synced there only.
    """
    guild = discord.Object(id=dev_guild_id) if dev_guild_id else None
    target = f"guild:{dev_guild_id}" if dev_guild_id else "global"
    if not force:
        listed = await fetch_listed(tree, guild)
        remote = [remote_payload(data, tree._state) for data in listed]
        changed = differences(await tree_payload(tree), remote)
        if not changed:
            log.info("slash commands on Discord are this bot's (%s): not syncing", target)
            return False
        log.info("slash commands differ from Discord's (%s): %s", target, ", ".join(changed))
    if guild is not None:
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        tree.clear_commands(guild=guild)  # the copies were for that sync only
    else:
        await tree.sync()
    log.info("slash commands synced (%s)", target)
    return True
