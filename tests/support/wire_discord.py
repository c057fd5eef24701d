"""A wire-level fake Discord: one aiohttp server with the gateway (a websocket) and the REST API
that real discord.py clients reach over loopback, in other processes as in this one.

The soak (``bench/bench_soak.py``) and its tests (``tests/adapter/test_wire_discord.py``) run on it.
What it follows, from Discord's documentation (github.com/discord/discord-api-docs):

- **Gateway** (developers/events/gateway.mdx, gateway-events.mdx): HELLO (opcode 10) on connect,
  heartbeats (1) answered with ACK (11), IDENTIFY (2) with its ``shard`` answered with READY and
  one GUILD_CREATE per server of that shard (``(guild_id >> 22) % num_shards``), RESUME (6)
  answered with RESUMED for a session it knows, else Invalid Session. **Identify buckets**
  ("Sharding for Large Bots", "Session Start Limit Object"): a shard's rate limit key is
  ``shard_id % max_concurrency`` and each key allows one identify per 5 seconds; another
  identify in the same bucket within 5 s is answered with Invalid Session (opcode 9, ``d:
  false``) and counted (:attr:`WireDiscord.identify_refusals`).
- **REST** (``/api/v10``): ``GET /gateway/bot`` (with ``session_start_limit.max_concurrency``),
  login (``/users/@me``, ``/oauth2/applications/@me``), application commands (bulk overwrite
  and list), interaction callbacks (``?with_response``), follow-ups and the original response
  (``/webhooks/{app}/{token}``), channel messages (post, edit, fetch, delete), threads, DM
  channels, users, reactions. A channel or message it does not have is answered 404 with
  10003 or 10008; a route it does not have is answered 404 and listed in
  :attr:`WireDiscord.unknown_routes`. **Rate limits** per route and global, answered 429 with
  ``retry_after`` when exceeded (:mod:`tests.support.wire_rate_limits`). **Message limits**
  (content, embeds, select options, files, autocomplete choices, Components V2 and modals): a
  message or answer past one is refused 400/50035 and listed in :attr:`WireDiscord.breaches`
  (:mod:`tests.support.discord_limits`, shared with the strict in-process Discord).

Point a client at it with :func:`point_discord_py_at` (discord.py's own ``Route.BASE`` and
``DiscordWebSocket.DEFAULT_GATEWAY``, the gateway URL a sharded client uses). A test or a bench
acts as users with :meth:`WireDiscord.slash`, which dispatches INTERACTION_CREATE to the shard
of the server and waits for the bot's answer.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    import pytest

from tests.support.cards import card_text
from tests.support.discord_limits import (
    INVALID_FORM_BODY,
    choice_breaches,
    deferred_breaches,
    message_breaches,
    modal_breaches,
)
from tests.support.wire_rate_limits import RateLimits, route_shape

log = logging.getLogger("floe.wire_discord")

APPLICATION_ID = 900_000_000_000_000_001
BOT_USER_ID = APPLICATION_ID
#: Every permission (the bot is an administrator of the fake servers).
ALL_PERMISSIONS = str((1 << 53) - 1)
#: Discord's window for identifies of one rate limit key (gateway.mdx: "per 5 seconds").
IDENTIFY_WINDOW = 5.0
HEARTBEAT_MS = 41_250
EPHEMERAL = 1 << 6
#: The interaction callback type of an autocomplete answer (receiving-and-responding.mdx).
AUTOCOMPLETE_RESULT = 8
MODAL = 9
DEFERRED_MESSAGE = 5
#: Discord's JSON error codes for what is not there (opcodes-and-status-codes.mdx).
UNKNOWN_CODES = {"Unknown Channel": 10003, "Unknown Message": 10008}
#: Snowflakes count from Discord's epoch (2015) in milliseconds, shifted by 22 bits.
DISCORD_EPOCH_MS = 1_420_070_400_000

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh id that sorts by creation time, like Discord's."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) % (1 << 22))


def guild_snowflake(shard_id: int, shard_count: int, n: int) -> int:
    """A server id that Discord's formula ``(guild_id >> 22) % shard_count`` puts on ``shard_id``."""
    base = 1_000_000 + n * shard_count
    return ((base + shard_id) << 22) | n


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


def user_payload(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


@dataclass
class Channel:
    id: int
    name: str
    guild_id: int | None
    type: int = 0  # 0 text, 1 DM, 11 public thread
    parent_id: int | None = None
    recipient: int | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "name": self.name, "position": 0}
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            data["permission_overwrites"] = []
            data["nsfw"] = False
        if self.parent_id is not None:
            data["parent_id"] = str(self.parent_id)
            data["owner_id"] = str(BOT_USER_ID)
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 10080,
                "archive_timestamp": iso_now(),
                "locked": False,
            }
        if self.recipient is not None:
            data["recipients"] = [user_payload(self.recipient, f"user{self.recipient}")]
            data["last_message_id"] = None
        return data


@dataclass
class Guild:
    id: int
    name: str
    channels: list[Channel] = field(default_factory=list)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "owner_id": "1",
            "unavailable": False,
            "large": False,
            "member_count": 2,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [
                {
                    "id": str(self.id),
                    "name": "@everyone",
                    "permissions": "2248473465835073",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [c.payload() for c in self.channels],
            "threads": [],
            "members": [
                {
                    "user": user_payload(BOT_USER_ID, "Floe", bot=True),
                    "roles": [],
                    "joined_at": iso_now(),
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
            ],
            "voice_states": [],
            "presences": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "system_channel_flags": 0,
            "joined_at": iso_now(),
        }


@dataclass
class Interaction:
    """One interaction a user started, and what the bot answered (callback, then messages)."""

    id: int
    token: str
    channel_id: int
    user_id: int
    callback: dict[str, Any] | None = None
    #: The text of each answer (its content, or its card's): the callback's message, the original
    #: response's edits, follow-ups.
    answers: list[str] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def answer(self) -> str:
        return self.answers[-1] if self.answers else ""


@dataclass
class Session:
    shard_id: int
    ws: web.WebSocketResponse
    session_id: str
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        async with self.lock:
            self.seq += 1
            await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


class WireDiscord:
    """The fake: ``await start()``, point clients at :attr:`rest_base` and :attr:`gateway_url`."""

    def __init__(self, *, shard_count: int = 1, max_concurrency: int = 1) -> None:
        self.shard_count = shard_count
        self.max_concurrency = max_concurrency
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, dict[str, Any]] = {}  # message id -> message payload
        self.posted: list[dict[str, Any]] = []  # every message created, in order (not edits)
        self.changes: list[dict[str, Any]] = []  # every message created or edited, in order
        self.edits = 0
        self.sessions: dict[int, Session] = {}  # shard id -> its live session
        self.identify_refusals = 0
        self.identifies: list[tuple[float, int]] = []  # (monotonic time, shard id) of accepted identifies
        self._last_identify: dict[int, float] = {}  # rate limit key -> monotonic time
        self.interactions: dict[str, Interaction] = {}  # token -> interaction
        self.commands: list[dict[str, Any]] = []
        self.unknown_routes: defaultdict[str, int] = defaultdict(int)
        self.rate_limits = RateLimits()  # Discord's REST limits; ``rate_limits.refused`` counts the 429s
        self.breaches: list[str] = []  # requests refused 400/50035 (past a message's limits), what was wrong
        self.ready = asyncio.Condition()
        self.port = 0
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ setup

    def add_guild(self, n: int, channels: int = 1) -> Guild:
        """Server number ``n`` (spread over the shards in turn) with ``channels`` text channels."""
        guild_id = guild_snowflake(n % self.shard_count, self.shard_count, n)
        guild = Guild(guild_id, f"server-{n}")
        for c in range(channels):
            channel = Channel(snowflake(), f"table-{c}", guild_id)
            guild.channels.append(channel)
            self.channels[channel.id] = channel
        self.guilds[guild_id] = guild
        return guild

    @property
    def first_channel(self) -> Channel:
        """The first text channel of the first server."""
        return next(iter(self.guilds.values())).channels[0]

    async def open_lobby(self, channel_id: int, user_id: int, game: str = "polar-derby") -> Interaction:
        """``/game new`` in ``channel_id`` (no thread), as ``user_id``; the interaction answered."""
        return await self.slash(channel_id, user_id, "game new", {"game": game, "thread": False}, timeout=20)

    @property
    def rest_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])  # the free port the system chose

    async def stop(self) -> None:
        for session in list(self.sessions.values()):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_for_shards(self, shard_ids: range | list[int], timeout: float) -> None:
        """Until every one of ``shard_ids`` has a live session that got its READY."""
        async with self.ready:
            await asyncio.wait_for(
                self.ready.wait_for(lambda: all(s in self.sessions for s in shard_ids)), timeout
            )

    # ------------------------------------------------------------------ the gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}}))
        session: Session | None = None
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if op == 1:
                await ws.send_str(json.dumps({"op": 11}))
            elif op == 2:
                session = await self._identify(ws, data)
            elif op == 6:
                session = await self._resume(ws, data)
        if session is not None and self.sessions.get(session.shard_id) is session:
            del self.sessions[session.shard_id]
        return ws

    def _refused(self, shard_id: int) -> bool:
        """Whether an identify of ``shard_id`` now breaks its bucket's one-per-5-s limit (and if
        not, take the bucket's turn)."""
        key = shard_id % self.max_concurrency
        now = time.monotonic()
        last = self._last_identify.get(key)
        if last is not None and now - last < IDENTIFY_WINDOW:
            return True
        self._last_identify[key] = now
        self.identifies.append((now, shard_id))
        return False

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        shard_id, shard_count = (data.get("shard") or [0, 1])[:2]
        if shard_count != self.shard_count or self._refused(shard_id):
            self.identify_refusals += 1
            log.info("identify of shard %s refused (opcode 9)", shard_id)
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        session = Session(shard_id, ws, session_id=f"s{snowflake()}")
        guilds = [g for g in self.guilds.values() if shard_of(g.id, shard_count) == shard_id]
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": user_payload(BOT_USER_ID, "Floe", bot=True),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "shard": [shard_id, shard_count],
                "application": {"id": str(APPLICATION_ID), "flags": 0},
                "private_channels": [],
                "relationships": [],
            },
        )
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", guild.payload())
        async with self.ready:
            self.sessions[shard_id] = session
            self.ready.notify_all()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        known = [s for s in self.sessions.values() if s.session_id == data.get("session_id")]
        if not known:
            await ws.send_str(json.dumps({"op": 9, "d": False}))
            return None
        session = Session(known[0].shard_id, ws, known[0].session_id, seq=known[0].seq)
        await session.dispatch("RESUMED", {})
        async with self.ready:
            self.sessions[session.shard_id] = session
            self.ready.notify_all()
        return session

    # ------------------------------------------------------------------ users acting

    async def slash(
        self,
        channel_id: int,
        user_id: int,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        timeout: float = 30.0,
    ) -> Interaction:
        """``user_id`` runs ``/command`` (``"game move"``: a subcommand) in ``channel_id`` with
        ``options``; returns once the bot answered (its last answer in :attr:`Interaction.answer`),
        or raises ``TimeoutError``. The interaction goes to the shard of the channel's server."""
        channel = self.channels[channel_id]
        assert channel.guild_id is not None
        names = command.split()
        leaf: list[dict[str, Any]] = [
            {"name": name, "type": _option_type(value), "value": value}
            for name, value in (options or {}).items()
        ]
        for name in reversed(names[1:]):
            leaf = [{"name": name, "type": 1, "options": leaf}]
        data = {"id": str(APPLICATION_ID + 1), "name": names[0], "type": 1, "options": leaf}
        interaction = Interaction(snowflake(), f"tok{snowflake()}", channel_id, user_id)
        self.interactions[interaction.token] = interaction
        payload = {
            "id": str(interaction.id),
            "application_id": str(APPLICATION_ID),
            "type": 2,
            "data": data,
            "guild_id": str(channel.guild_id),
            "channel_id": str(channel_id),
            "channel": channel.payload(),
            "member": {
                "user": user_payload(user_id, f"player{user_id}"),
                "roles": [],
                "joined_at": iso_now(),
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": "2248473465835073",
            },
            "token": interaction.token,
            "version": 1,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(channel.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        shard = shard_of(channel.guild_id, self.shard_count)
        deadline = time.monotonic() + timeout
        while shard not in self.sessions:  # the shard reconnects (a process restarting)
            if time.monotonic() > deadline:
                raise TimeoutError(f"shard {shard} is not connected")
            await asyncio.sleep(0.1)
        await self.sessions[shard].dispatch("INTERACTION_CREATE", payload)
        await asyncio.wait_for(interaction.done.wait(), max(deadline - time.monotonic(), 0.1))
        return interaction

    # ------------------------------------------------------------------ REST

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        parts = path.strip("/").split("/")
        method = request.method
        body = await _body(request)
        limits, refusal = self.rate_limits.take(method, parts)
        if refusal is not None:
            return _json(refusal.body, status=429, headers=refusal.headers)
        breaches = _breaches(method, parts, body, self._earlier_flags(method, parts))
        if breaches:
            self.breaches += breaches
            return _json(
                {"message": "Invalid Form Body", "code": INVALID_FORM_BODY}, status=400, headers=limits
            )
        try:
            answer = await self._route(method, parts, body, request)
        except KeyError:  # a channel, message or interaction token the fake does not have
            lost = "Unknown Channel" if parts[0] == "channels" and len(parts) <= 3 else "Unknown Message"
            return _json({"message": lost, "code": UNKNOWN_CODES[lost]}, status=404, headers=limits)
        if answer is None:
            self.unknown_routes[f"{method} /{route_shape(parts)}"] += 1
            return _json({"message": "Unknown", "code": 0}, status=404)
        if answer == 204:
            return web.Response(status=204, headers=limits)
        return _json(answer, headers=limits)

    async def _route(self, method: str, parts: list[str], body: dict[str, Any], request: web.Request) -> Any:
        match (method, parts):
            case ("GET", ["gateway", "bot"]):
                return {
                    "url": self.gateway_url,
                    "shards": self.shard_count,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 1000,
                        "reset_after": 86_400_000,
                        "max_concurrency": self.max_concurrency,
                    },
                }
            case ("GET", ["gateway"]):
                return {"url": self.gateway_url}
            case ("GET", ["users", "@me"]):
                return user_payload(BOT_USER_ID, "Floe", bot=True)
            case ("GET", ["oauth2", "applications", "@me"]):
                return _application()
            case ("GET", ["applications", "@me"]):
                return _application()
            case ("PUT", ["applications", _, "commands"]) | (
                "PUT",
                ["applications", _, "guilds", _, "commands"],
            ):
                self.commands = [
                    {**c, "id": str(snowflake()), "application_id": str(APPLICATION_ID), "version": "1"}
                    for c in body["payload"]
                ]
                return self.commands
            case ("GET", ["applications", _, "commands"]) | (
                "GET",
                ["applications", _, "guilds", _, "commands"],
            ):
                return self.commands
            case ("POST", ["interactions", _, token, "callback"]):
                return self._callback(token, body)
            case ("POST", ["webhooks", _, token]):
                return self._follow_up(token, body)
            case ("PATCH", ["webhooks", _, token, "messages", "@original"]):
                return self._edit_original(token, body)
            case ("GET", ["webhooks", _, token, "messages", "@original"]):
                return self.messages[self._original_id(token)]
            case ("PATCH", ["webhooks", _, token, "messages", message_id]):
                return self._edit(int(message_id), body, answer_of=self.interactions.get(token))
            case ("DELETE", ["webhooks", _, _token, "messages", _]):
                return 204
            case ("POST", ["channels", channel_id, "messages"]):
                return self._create(int(channel_id), body)
            case ("GET", ["channels", _, "messages", message_id]):
                return self.messages[int(message_id)]
            case ("PATCH", ["channels", _, "messages", message_id]):
                return self._edit(int(message_id), body)
            case ("DELETE", ["channels", _, "messages", message_id]):
                self.messages.pop(int(message_id), None)
                return 204
            case ("PUT" | "DELETE", ["channels", _, "messages", _, "reactions", *_]):
                return 204
            case ("POST", ["channels", channel_id, "threads"]) | (
                "POST",
                ["channels", channel_id, "messages", _, "threads"],
            ):
                return self._thread(int(channel_id), body)
            case ("GET", ["channels", channel_id]):
                return self.channels[int(channel_id)].payload()
            case ("PATCH", ["channels", channel_id]):
                return self.channels[int(channel_id)].payload()
            case ("POST", ["users", "@me", "channels"]):
                return self._dm_channel(int(body["payload"]["recipient_id"]))
            case ("GET", ["users", user_id]):
                return user_payload(int(user_id), f"player{user_id}")
        return None

    def _callback(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        interaction = self.interactions[token]
        payload = body["payload"]
        interaction.callback = payload
        kind = payload.get("type")
        data = payload.get("data") or {}
        response: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": 2,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL),
            }
        }
        if kind in (4, 5):
            message = self._message(interaction.channel_id, data, interaction=interaction)
            self.messages[int(message["id"])] = message
            response["interaction"]["response_message_id"] = message["id"]
            response["resource"] = {"type": kind, "message": message}
            if kind == 4:
                self._answered(interaction, message)
        else:
            response["resource"] = {"type": kind}
        return response

    def _original_id(self, token: str) -> int:
        interaction = self.interactions[token]
        for message in reversed(self.messages.values()):
            if message.get("interaction_token") == token:
                return int(message["id"])
        message = self._message(interaction.channel_id, {}, interaction=interaction)
        self.messages[int(message["id"])] = message
        return int(message["id"])

    def _edit_original(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        return self._edit(self._original_id(token), body, answer_of=self.interactions[token])

    def _follow_up(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        interaction = self.interactions[token]
        message = self._message(interaction.channel_id, body["payload"], interaction=interaction)
        self.messages[int(message["id"])] = message
        if not message["flags"] & EPHEMERAL:
            self.posted.append(message)
            self.changes.append(message)
        self._answered(interaction, message)
        return message

    def _answered(self, interaction: Interaction, message: dict[str, Any]) -> None:
        interaction.answers.append(message.get("content") or card_text(message.get("components") or []))
        interaction.done.set()

    def _create(self, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        if channel_id not in self.channels:
            raise KeyError(channel_id)
        message = self._message(channel_id, body["payload"])
        self.messages[int(message["id"])] = message
        self.posted.append(message)
        self.changes.append(message)
        return message

    def _edit(
        self, message_id: int, body: dict[str, Any], *, answer_of: Interaction | None = None
    ) -> dict[str, Any]:
        message = self.messages[message_id]
        for key in ("content", "embeds", "components", "attachments"):
            if key in body["payload"]:
                message[key] = body["payload"][key] if key != "attachments" else []
        if body["payload"].get("flags") is not None:  # one that drops IS_COMPONENTS_V2 was refused
            message["flags"] = int(body["payload"]["flags"])
        message["edited_timestamp"] = iso_now()
        self.edits += 1
        self.changes.append(message)
        if answer_of is not None:
            self._answered(answer_of, message)
        return message

    def _earlier_flags(self, method: str, parts: list[str]) -> int:
        """The flags of the message a PATCH edits (Components V2 holds an edit to its rules), else 0."""
        target: dict[str, Any] | None = None
        match (method, parts):
            case ("PATCH", ["webhooks", _, token, "messages", "@original"]):
                answers = (m for m in reversed(self.messages.values()) if m.get("interaction_token") == token)
                target = next(answers, None)
            case ("PATCH", ["channels", _, "messages", message_id]) | (
                "PATCH",
                ["webhooks", _, _, "messages", message_id],
            ) if message_id.isdigit():
                target = self.messages.get(int(message_id))
        return int((target or {}).get("flags") or 0)

    def _thread(self, channel_id: int, body: dict[str, Any]) -> dict[str, Any]:
        parent = self.channels[channel_id]
        thread = Channel(snowflake(), body["payload"].get("name", "thread"), parent.guild_id, 11, parent.id)
        self.channels[thread.id] = thread
        return {
            **thread.payload(),
            "member": {
                "id": str(thread.id),
                "user_id": str(BOT_USER_ID),
                "join_timestamp": iso_now(),
                "flags": 0,
            },
        }

    def _dm_channel(self, user_id: int) -> dict[str, Any]:
        for channel in self.channels.values():
            if channel.recipient == user_id:
                return channel.payload()
        channel = Channel(snowflake(), "", None, 1, recipient=user_id)
        self.channels[channel.id] = channel
        return channel.payload()

    def _message(
        self, channel_id: int, data: dict[str, Any], *, interaction: Interaction | None = None
    ) -> dict[str, Any]:
        channel = self.channels.get(channel_id)
        message = {
            "id": str(snowflake()),
            "channel_id": str(channel_id),
            "author": user_payload(BOT_USER_ID, "Floe", bot=True),
            "content": data.get("content") or "",
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "pinned": False,
            "type": 0 if interaction is None else 20,
            "flags": int(data.get("flags") or 0),
        }
        if channel is not None and channel.guild_id is not None:
            message["guild_id"] = str(channel.guild_id)
        if interaction is not None:
            message["interaction_token"] = interaction.token
            message["webhook_id"] = str(APPLICATION_ID)
        return message


def _breaches(method: str, parts: list[str], body: dict[str, Any], earlier_flags: int) -> list[str]:
    """What Discord would refuse (400/50035) in a request that carries a message, a modal or an
    autocomplete answer (:mod:`tests.support.discord_limits`); ``earlier_flags`` are those of
    the message an edit changes."""
    payload, sizes, names = body["payload"], body.get("sizes", []), body.get("files", [])
    match (method, parts):
        case ("POST", ["interactions", _, _, "callback"]):
            data = payload.get("data") or {}
            if payload.get("type") == AUTOCOMPLETE_RESULT:
                return choice_breaches(data.get("choices") or [])
            if payload.get("type") == MODAL:
                return modal_breaches(data)
            deferred = deferred_breaches(data) if payload.get("type") == DEFERRED_MESSAGE else []
            return message_breaches(data, sizes, names) + deferred
        case ("POST" | "PATCH", ["channels", _, "messages", *_]) | ("POST" | "PATCH", ["webhooks", _, _, *_]):
            return message_breaches(payload, sizes, names, earlier_flags)
    return []


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """A JSON answer with Discord's exact content type (discord.py compares it to
    ``application/json``, with no charset)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def _option_type(value: Any) -> int:
    """Discord's application command option type of a value (STRING 3, INTEGER 4, BOOLEAN 5)."""
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


def _application() -> dict[str, Any]:
    return {
        "id": str(APPLICATION_ID),
        "name": "Floe",
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user_payload(1, "owner"),
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
        "summary": "",
    }


async def _body(request: web.Request) -> dict[str, Any]:
    """The request's JSON payload (``payload_json`` of a multipart one), the names of its files
    and their sizes in bytes."""
    if request.method in ("GET", "DELETE") or not request.can_read_body:
        return {"payload": {}, "files": [], "sizes": []}
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        attached = [f for name, f in form.items() if name != "payload_json" and hasattr(f, "filename")]
        return {
            "payload": json.loads(str(form.get("payload_json") or "{}")),
            "files": [f.filename for f in attached],
            "sizes": [len(f.file.read()) for f in attached],
        }
    text = await request.text()
    return {"payload": json.loads(text) if text else {}, "files": [], "sizes": []}


def aim_discord_py_at(wire: WireDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """:func:`point_discord_py_at` ``wire`` for one test (``monkeypatch``: pytest's, which
    puts discord.py's settings back when the test ends)."""
    import discord
    import yarl
    from discord.gateway import DiscordWebSocket

    monkeypatch.setattr(discord.http.Route, "BASE", wire.rest_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(wire.gateway_url))


def point_discord_py_at(rest_base: str, gateway_url: str) -> None:
    """Make discord.py in this process talk to the fake: its REST base (``Route.BASE``) and the
    gateway a sharded client connects to (``DiscordWebSocket.DEFAULT_GATEWAY``; an unsharded one
    asks ``GET /gateway``, which the fake answers with the same URL)."""
    import discord
    import yarl
    from discord.gateway import DiscordWebSocket

    discord.http.Route.BASE = rest_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
