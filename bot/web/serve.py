"""The web front end's composition root: ``floe web`` (its own process, beside any number of bots
on the same database) and :func:`start_web` (``floe run`` with ``WEB_PORT`` set, in the bot's
event loop). The only module of the web front end that touches the store directly: it opens it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from aiohttp import web

import storage
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.settings import DEFAULT_WEB_PORT, Settings, pages_address
from bot.web.app import web_app

log = logging.getLogger("floe.web")

#: The port ``floe web`` listens on when ``WEB_PORT`` does not say.
DEFAULT_PORT = DEFAULT_WEB_PORT


async def start_web(store: storage.Store, host: str, port: int) -> web.AppRunner:
    """Serve the games' pages from ``store`` on ``host:port`` in this event loop; stop it with
    ``await runner.cleanup()``."""
    runner = web.AppRunner(web_app(Spectators(store, Sessions(store))), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("web pages on http://%s:%s", host, port)
    return runner


async def listing(settings: Settings) -> str:
    """``floe web --list``: the pages served from ``DATABASE``, one line each (address, game,
    status, and where it is played); operators' words, in English."""
    store = await storage.open_store(settings.database)
    try:
        pages = await Spectators(store, Sessions(store)).listed(pages_address(settings))
    finally:
        await store.close()
    if not pages:
        return "No game has a page yet (a page gets its address when someone first asks for it).\n"
    lines = [
        f"{page.address}  {page.title}  {page.status}  "
        + ("played at a terminal" if page.guild_id is None else f"server {page.guild_id}")
        for page in pages
    ]
    return "".join(line + "\n" for line in lines)


async def serve(settings: Settings) -> None:
    """``floe web``: serve until interrupted."""
    store = await storage.open_store(settings.database)
    try:
        runner = await start_web(store, settings.web_host, settings.web_port or DEFAULT_PORT)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()
    finally:
        await store.close()


def run(settings: Settings) -> int:
    """Run ``floe web``; 0 on a clean stop (Ctrl-C)."""
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(settings))
    return 0
