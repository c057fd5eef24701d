"""``floe run`` and ``floe sync``: start the Discord bot, or push its slash commands, and turn
every way that can fail before the bot is up into one clear line (no traceback)."""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import sys
from typing import TextIO

import aiohttp
import discord

import storage
from bot.adapter.app import create_bot
from bot.adapter.observability import setup_logging
from bot.core.catalogue import Language, Said, language, say, tell
from bot.core.readers import locale_language
from bot.settings import Settings
from bot.web.serve import start_web
from renderer.memory import share_one_allocator_arena
from storage import CannotConnect, Store, UnknownDatabase, redacted

BAD_TOKEN = say(
    "Discord refused the token. Copy it again from the Bot tab of your application "
    "({address}) into {setting} in {file}.",
    address="https://discord.com/developers/applications",
    setting="DISCORD_TOKEN",
    file=".env",
)
PRIVILEGED = say("Discord asks for a privileged intent; Floe should need none. Please report this.")


def no_network(reason: str) -> Said:
    return say("cannot reach Discord ({reason}). Check the network connection and try again.", reason=reason)


def no_database(database: str, reason: object) -> Said:
    return say(
        "cannot open the database {database} ({reason}). Check {setting} in {file}.",
        database=repr(database),
        reason=str(reason),
        setting="DATABASE",
        file=".env",
    )


def no_server(database: str, reason: object) -> Said:
    return say(
        "cannot connect to the database {database} ({reason}). Check {setting} in {file}: the host and "
        "port, the user and password, the database name, and that the PostgreSQL server is running.",
        database=repr(database),
        reason=str(reason),
        setting="DATABASE",
        file=".env",
    )


class StartupError(Exception):
    """Something outside the bot stops it from starting; what it says (``said``) is what to check."""

    def __init__(self, said: Said) -> None:
        super().__init__(str(said))
        self.said = said


async def open_store(database: str) -> Store:
    """The store ``database`` names, or :class:`StartupError` with what to check (never the password)."""
    try:
        return await storage.open_store(database)
    except UnknownDatabase as err:
        raise StartupError(
            say("{reason}. Check {setting} in {file}.", reason=str(err), setting="DATABASE", file=".env")
        ) from None
    except CannotConnect as err:
        raise StartupError(no_server(redacted(database), err)) from None
    except (sqlite3.Error, OSError) as err:
        await asyncio.sleep(0.1)  # let the database's worker thread finish before the loop closes
        raise StartupError(no_database(redacted(database), err)) from None


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


def explain(err: BaseException) -> Said | None:
    """One line for a failure to start, or None when it is a bug (then the traceback matters)."""
    if isinstance(err, StartupError):
        return err.said
    if isinstance(err, discord.LoginFailure):
        return BAD_TOKEN
    if isinstance(err, discord.PrivilegedIntentsRequired):
        return PRIVILEGED
    if isinstance(err, aiohttp.ClientConnectionError | OSError | asyncio.TimeoutError):
        return no_network(str(err) or type(err).__name__)
    if isinstance(err, discord.HTTPException) and err.status >= 500:
        return no_network(tell(say("Discord answered {status}", status=err.status), (), operator_language()))
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
        err.write(f"floe: {tell(line, (), operator_language())}\n")
        return 1
    if sync_only:
        where = (
            say("server {guild} only", guild=settings.dev_guild_id)
            if settings.dev_guild_id
            else say("every server (global)")
        )
        synced = say("slash commands synced to {where}.", where=where)
        err.write(f"floe: {tell(synced, (), operator_language())}\n")
    return 0


def operator_language() -> Language:
    """The language of whoever runs ``floe run`` or ``floe sync``: their locale's."""
    return language(locale_language(os.environ))
