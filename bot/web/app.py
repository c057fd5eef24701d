"""The web front end's routes (aiohttp, which discord.py already runs on: no new dependency, and
``floe run`` serves the pages from the bot's own event loop).

| route | what it answers |
|---|---|
| ``/g/<token>`` (``?move=n``) | the game's page, showing move ``n`` (default: the latest) |
| ``/g/<token>/board/<n>.png`` | the public board after move ``n`` (0: the start) |
| ``/g/<token>/phone/<n>.png`` | the same drawn for a phone (the page shows it on a narrow screen) |
| ``/g/<token>/moves/<n>.gif`` | the movement animation of move ``n`` (Ice Lake), where it has one |
| ``/g/<token>/frame/<n>.json`` | move ``n``'s caption and its board's alt text |
| ``/g/<token>/events`` | server-sent events: the page's data, then again at every change |
| ``/static/floe.css``, ``/static/floe.js`` | the stylesheet and the script |

Every address that is not a page that may be shown (an unknown token, a game of a server that
turned its pages off, a move the game does not have) gets the same short 404 (in the reader's
language), which reveals nothing. Each answer is told in its reader's language
(:func:`reader_language`): ``?lang=xx`` when Floe speaks it (or ``en-XA``, the tests'
pseudo-language), else the best of the browser's ``Accept-Language``, else English; the page
passes its language on to the pictures and the live stream it asks for. Every answer forbids framing and loading anything from elsewhere
(``Content-Security-Policy``), and none names the server's software (``Server: Floe``, no versions).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.core.languages import SOURCE_LANGUAGE
from bot.core.readers import accepted_language, asked_language
from bot.core.spectators import Spectators
from bot.web.live import POLL_EVERY, Live
from bot.web.pages import CSS, JS, encoded, not_found_html, page_html

#: A token as :mod:`bot.core.spectators` makes them (URL-safe base64); anything else is not looked up.
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Seconds between two comments on a quiet event stream (so proxies keep it open).
KEEPALIVE = 15.0

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

#: What every answer's ``Server`` header says: no software, no version.
SERVER = "Floe"

SPECTATORS: web.AppKey[Spectators] = web.AppKey("spectators", Spectators)
LIVE: web.AppKey[Live] = web.AppKey("live", Live)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def not_found(request: web.Request) -> web.Response:
    """The one 404 of every address that is not a page, in ``request``'s reader's language."""
    text = not_found_html(reader_language(request))
    return web.Response(status=404, text=text, content_type="text/html", headers=SECURITY_HEADERS)


async def game_of(request: web.Request) -> int | None:
    token = request.match_info["token"]
    if not TOKEN.fullmatch(token):
        return None
    return await request.app[SPECTATORS].game_of(token)


def reader_language(request: web.Request) -> str:
    """The language ``request`` is answered in: the address's ``?lang=`` when Floe speaks it,
    else the one the browser prefers (``Accept-Language``) among those Floe speaks, else English."""
    return (
        asked_language(request.query.get("lang"))
        or accepted_language(request.headers.get("Accept-Language"))
        or SOURCE_LANGUAGE
    )


#: A number in an address: ASCII digits only (``str.isdigit`` also takes "²" and "①", which
#: ``int`` refuses), at most six.
NUMBER = re.compile(r"[0-9]{1,6}")


def number(text: str | None) -> int | None:
    return int(text) if text is not None and NUMBER.fullmatch(text) else None


async def anonymous(_: web.Request, response: web.StreamResponse) -> None:
    """No answer names the server's software: aiohttp writes ``Server: Python/… aiohttp/…`` into
    every answer that has no ``Server`` header of its own (after this signal), so each gets
    :data:`SERVER` instead."""
    response.headers["Server"] = SERVER


async def page(request: web.Request) -> web.StreamResponse:
    spectators = request.app[SPECTATORS]
    game_id = await game_of(request)
    if game_id is None:
        return not_found(request)
    told_in = reader_language(request)
    shown = await spectators.page(game_id, told_in)
    asked = number(request.query.get("move"))
    last = len(shown.frames) - 1
    frame = last if asked is None else min(asked, last)
    alt = ""
    if frame >= 0:
        board = await spectators.board(game_id, frame, told_in)
        alt = (board.description() or "") if board is not None else ""
    html = page_html(request.match_info["token"], shown, max(frame, 0), alt)
    return web.Response(text=html, content_type="text/html", headers=SECURITY_HEADERS)


async def board(request: web.Request) -> web.StreamResponse:
    return await picture(request, "board", "image/png")


async def phone_board(request: web.Request) -> web.StreamResponse:
    return await picture(request, "phone", "image/png")


async def movement(request: web.Request) -> web.StreamResponse:
    return await picture(request, "animation", "image/gif")


async def picture(request: web.Request, kind: str, content_type: str) -> web.StreamResponse:
    spectators = request.app[SPECTATORS]
    game_id = await game_of(request)
    frame = number(request.match_info["frame"])
    if game_id is None or frame is None:
        return not_found(request)
    draw = {"board": spectators.board, "phone": spectators.phone_board}.get(kind, spectators.animation)
    drawn = await draw(game_id, frame, reader_language(request))
    data = await drawn.data() if drawn is not None else None
    if data is None:
        return not_found(request)
    headers = {**SECURITY_HEADERS, "Cache-Control": "no-cache"}
    return web.Response(body=data, content_type=content_type, headers=headers)


async def frame_info(request: web.Request) -> web.StreamResponse:
    spectators = request.app[SPECTATORS]
    game_id = await game_of(request)
    frame = number(request.match_info["frame"])
    if game_id is None or frame is None:
        return not_found(request)
    told_in = reader_language(request)
    drawn = await spectators.board(game_id, frame, told_in)
    if drawn is None:
        return not_found(request)
    shown = await spectators.page(game_id, told_in)
    info = {"frame": frame, "caption": shown.frames[frame], "alt": drawn.description() or ""}
    return web.Response(
        text=json.dumps(info, sort_keys=True, ensure_ascii=False),
        content_type="application/json",
        headers={**SECURITY_HEADERS, "Cache-Control": "no-cache"},
    )


async def events(request: web.Request) -> web.StreamResponse:
    game_id = await game_of(request)
    if game_id is None:
        return not_found(request)
    live = request.app[LIVE]
    watcher, first = await live.watch(game_id, reader_language(request))
    response = web.StreamResponse(
        headers={
            **SECURITY_HEADERS,
            "Content-Type": "text/event-stream",
            "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
        }
    )
    try:
        await response.prepare(request)
        await response.write(event(first))
        while not watcher.ended:
            text = await watcher.next(KEEPALIVE)
            if not watcher.ended:
                await response.write(event(text) if text is not None else b": still here\n\n")
    except (ConnectionResetError, asyncio.CancelledError):
        pass
    finally:
        live.leave(game_id, watcher)
    return response


def event(text: str) -> bytes:
    """One server-sent event carrying a page's data (one line of JSON)."""
    return f"event: page\ndata: {text}\n\n".encode()


async def static(request: web.Request) -> web.StreamResponse:
    name = request.match_info["name"]
    files = {"floe.css": (CSS, "text/css"), "floe.js": (JS, "text/javascript")}
    if name not in files:
        return not_found(request)
    text, content_type = files[name]
    headers = {**SECURITY_HEADERS, "Cache-Control": "max-age=3600"}
    return web.Response(text=text, content_type=content_type, charset="utf-8", headers=headers)


async def unknown(request: web.Request) -> web.StreamResponse:
    return not_found(request)


def web_app(spectators: Spectators, *, poll_every: float = POLL_EVERY) -> web.Application:
    """The web front end over ``spectators``."""
    app = web.Application()
    app[SPECTATORS] = spectators
    live = app[LIVE] = Live(spectators, encoded, every=poll_every)

    async def close_live(_: web.Application) -> None:
        await live.close()

    app.on_shutdown.append(close_live)
    app.on_response_prepare.append(anonymous)
    app.router.add_get("/g/{token}", page)
    app.router.add_get("/g/{token}/board/{frame}.png", board)
    app.router.add_get("/g/{token}/phone/{frame}.png", phone_board)
    app.router.add_get("/g/{token}/moves/{frame}.gif", movement)
    app.router.add_get("/g/{token}/frame/{frame}.json", frame_info)
    app.router.add_get("/g/{token}/events", events)
    app.router.add_get("/static/{name}", static)
    app.router.add_route("*", "/{tail:.*}", unknown)
    return app
