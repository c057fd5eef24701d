"""``floe run`` and ``floe sync``: start the Discord bot, or push its slash commands, and turn
every way that can fail before the bot is up into one clear line (no traceback)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from typing import TextIO

import aiohttp
import discord

import storage
from bot.adapter.app import create_bot
from bot.adapter.observability import setup_logging
from bot.settings import Settings
from bot.web.serve import start_web
from renderer.memory import share_one_allocator_arena
from storage import CannotConnect, Store, UnknownDatabase, redacted

BAD_TOKEN = (
    "Discord refused the token. Copy it again from the Bot tab of your application "
    "(https://discord.com/developers/applications) into DISCORD_TOKEN in .env."
)
NO_NETWORK = "cannot reach Discord ({reason}). Check the network connection and try again."
NO_DATABASE = "cannot open the database {database!r} ({reason}). Check DATABASE in .env."
NO_SERVER = (
    "cannot connect to the database {database!r} ({reason}). Check DATABASE in .env: the host and "
    "port, the user and password, the database name, and that the PostgreSQL server is running."
)
PRIVILEGED = "Discord asks for a privileged intent; Floe should need none. Please report this."


class StartupError(Exception):
    """Something outside the bot stops it from starting; the message says what to check."""


async def open_store(database: str) -> Store:
    """The store ``database`` names, or :class:`StartupError` with what to check (never the password)."""
    try:
        return await storage.open_store(database)
    except UnknownDatabase as err:
        raise StartupError(f"{err}. Check DATABASE in .env.") from None
    except CannotConnect as err:
        raise StartupError(NO_SERVER.format(database=redacted(database), reason=err)) from None
    except (sqlite3.Error, OSError) as err:
        await asyncio.sleep(0.1)  # let the database's worker thread finish before the loop closes
        raise StartupError(NO_DATABASE.format(database=redacted(database), reason=err)) from None


async def serve(settings: Settings, *, sync_only: bool = False) -> None:
    """Open the database, log in, then run until closed (or, for ``sync_only``, sync and stop)."""
    store = await open_store(settings.database)
    bot = create_bot(settings, store=store, force_sync=sync_only)
    pages = None
    if settings.web_port is not None and not sync_only:  # the games' pages, from the same database
        pages = await start_web(store, settings.web_host, settings.web_port)
    try:
        async with bot:
            if sync_only:
                await bot.login(settings.token)  # setup_hook runs here, and syncs (forced)
                return
            await bot.start(settings.token)
    finally:
        if pages is not None:
            await pages.cleanup()
        await bot.close_store()


def explain(err: BaseException) -> str | None:
    """One line for a failure to start, or None when it is a bug (then the traceback matters)."""
    if isinstance(err, StartupError):
        return str(err)
    if isinstance(err, discord.LoginFailure):
        return BAD_TOKEN
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return PRIVILEGED
    if isinstance(err, aiohttp.ClientConnectionError | OSError | asyncio.TimeoutError):
        return NO_NETWORK.format(reason=str(err) or type(err).__name__)
    if isinstance(err, discord.HTTPException) and err.status >= 500:
        return NO_NETWORK.format(reason=f"Discord answered {err.status}")
    return None


def run(
    settings: Settings, *, log_level: int = logging.INFO, sync_only: bool = False, err: TextIO | None = None
) -> int:
    """Run the bot (or sync its commands); 0 on a clean stop, 1 with one line when it cannot start."""
    err = err or sys.stderr  # read at call time (tests and tools replace sys.stderr)
    share_one_allocator_arena()  # before the database's, Discord's and the drawing threads start
    setup_logging(log_level, stream=err)  # one JSON object per line, for a log collector
    logging.getLogger("floe").info("database %s", redacted(settings.database))  # never the password
    try:
        asyncio.run(serve(settings, sync_only=sync_only))
    except KeyboardInterrupt:
        return 0
    except Exception as failure:
        line = explain(failure)
        if line is None:
            raise
        err.write(f"floe: {line}\n")
        return 1
    if sync_only:
        where = f"server {settings.dev_guild_id} only" if settings.dev_guild_id else "every server (global)"
        err.write(f"floe: slash commands synced to {where}.\n")
    return 0
