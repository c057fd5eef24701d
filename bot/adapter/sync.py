"""Syncing the slash commands with Discord only when they changed.

Discord rate-limits command syncs and a global sync takes a while to reach every client, so
the bot does not sync on every start. It hashes the payload it would send (every command,
option, description and permission) and syncs only when that hash differs from the one stored
after the last successful sync (``bot_state`` in the database, key :data:`HASH_KEY` plus the
target). ``floe sync`` forces a sync.

With ``DEV_GUILD_ID`` set the commands go to that server only (instantly, for development) and
not globally: the server never shows two copies of each command.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands

log = logging.getLogger("floe.discord")

HASH_KEY = "command_tree_hash"


def tree_payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    """What ``tree.sync()`` would send for the global commands."""
    return [command.to_dict(tree) for command in tree.get_commands()]


def tree_hash(tree: app_commands.CommandTree[Any]) -> str:
    data = json.dumps(tree_payload(tree), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(data.encode()).hexdigest()


class Facts(Protocol):
    """Where the hash of the last synced tree is kept (the server facts of storage/guilds.py,
    which the composition root passes)."""

    async def fact(self, key: str) -> str | None: ...

    async def set_fact(self, key: str, value: str) -> None: ...


def sync_target(dev_guild_id: int | None) -> str:
    return f"guild:{dev_guild_id}" if dev_guild_id else "global"


async def sync_commands(
    tree: app_commands.CommandTree[Any], facts: Facts, dev_guild_id: int | None, *, force: bool = False
) -> bool:
    """Sync when the tree changed since the last sync to the same target (or when forced).

    Returns whether a sync happened. With a dev guild the global commands are copied to that
    guild and synced there only.
    """
    target = sync_target(dev_guild_id)
    key = f"{HASH_KEY}:{target}"
    digest = tree_hash(tree)
    if not force and await facts.fact(key) == digest:
        log.info("slash commands unchanged since the last sync (%s): not syncing", target)
        return False
    if dev_guild_id:
        guild = discord.Object(id=dev_guild_id)
        tree.copy_global_to(guild=guild)
        await tree.sync(guild=guild)
        tree.clear_commands(guild=guild)  # the copies were for that sync only
    else:
        await tree.sync()
    await facts.set_fact(key, digest)
    log.info("slash commands synced (%s)", target)
    return True
