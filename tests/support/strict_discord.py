"""A strict Discord for the end-to-end tests: simcord's simulated Discord held to the terms that
Discord documents (the public discord-api-docs repository) where simcord forgives.

Every end-to-end test runs on it (``tests/e2e/conftest.py``): the ``simcord_env`` fixture installs
:class:`StrictDiscord` over the environment and fails the test on a breach when it ends. What it
enforces, each with the page of Discord's documentation it follows:

- **Quiet threads archive** (topics/threads.mdx, "Active & Archived Threads"): a thread with no
  activity (a message, an unarchive, a new auto-archive time) for its ``auto_archive_duration``
  of virtual time is archived and the bot is told (THREAD_UPDATE). In an archived thread an edit
  or a reaction is refused with 400/50083, a message sent (a post, a follow-up, a public
  interaction response) unarchives it unless it is locked (then 50083), and users cannot use
  application commands (the test's slash command or autocomplete there fails the test).
- **Hour-old messages** (opcodes-and-status-codes.mdx, 30046): edits of messages older than an
  hour pass a rate limit of their own, :data:`OLD_EDITS_PER_WINDOW` per channel in
  :data:`OLD_EDIT_WINDOW` seconds (Discord does not publish its figure; this one errs strict).
  Past it: 429 with code 30046 and a ``Retry-After``; like discord.py's own HTTP client, a wait
  longer than the bot's ``max_ratelimit_timeout`` raises ``discord.RateLimited``.
- **Interactions** (interactions/receiving-and-responding.mdx): the first response within 3 s
  of *wall-clock* time from the moment the user acted (a late one is refused with 10062 and is a
  breach), follow-ups within 15 minutes (simcord, on the virtual clock), and an interaction
  never acknowledged is a breach ("This interaction failed" for the user). Modals are kept as
  discord.py keeps them: simcord runs discord.py's own view and modal stores.
- **Limits** (resources/message.mdx, reference.mdx, application-commands.mdx; the checks are
  :mod:`tests.support.discord_limits`, which the wire-level fake shares): message content
  2,000 characters, 10 embeds of 6,000 characters in all, select menus of 25 options,
  autocomplete answers of 25 choices whose names and values have at most 100 characters, files of
  10 MiB each and 25 MiB per request. A request past a limit is refused with 400/50035 and is a
  breach.
- **Components V2** (components/reference.mdx, resources/message.mdx; the checks are in
  :mod:`tests.support.discord_limits`, whose docstring lists them): a message with the
  IS_COMPONENTS_V2 flag carries no content, embeds, poll or stickers and keeps the flag through
  edits (an edit is checked against the flags of the message it changes), 40 components, 4,000
  characters of text display, ``attachment://`` media the request carries; modals of 1 to 5
  components. Refused with 400/50035 and a breach (simcord refuses much of it too, but a refusal
  the bot swallowed would not fail the test).
- **Slash commands** (interactions/application-commands.mdx, "Application Command Naming" and
  "Localization"; the checks are :mod:`tests.support.command_limits`): a sync whose names,
  descriptions or choices, localized ones included, break Discord's rules (the name pattern,
  lowercase, lengths, unique names in every locale, 8,000 characters a command) is refused with
  400/50035 and is a breach. A localization identical to the default is dropped, as Discord
  ignores it, and the command lists leave the localizations out unless asked
  ``with_localizations=true``, as Discord's do.
- **Installations** (resources/application.mdx "Installation Context", application-commands.mdx
  "Contexts"; :mod:`tests.support.user_installs`): a command is offered only where a server's
  install or the player's own (:attr:`StrictDiscord.installs`) authorizes it, every interaction
  carries ``authorizing_integration_owners``, and in a server without Floe the bot's requests are
  refused with 403/50001 while the interaction's answers work (at most 5 follow-ups).
- **Deleted channels, threads and messages** answer 10003 and 10008 (simcord).
- **DMs that fail**: :meth:`StrictDiscord.refuse_dms` makes a user's DMs fail as Discord does for
  closed DMs (403/50007 on sending), an unknown user (404/10013 on opening the DM) or an outage
  (5xx).
- **Invalid requests** (topics/rate-limits.mdx, "Invalid Request Limit"): every answer with 401,
  403 or 429 is counted with its virtual time; :meth:`StrictDiscord.invalid_in_ten_minutes` is the
  most in any ten minutes, to hold against Discord's ban at 10,000.
- **Latency**: ``StrictDiscord(latency=0.1)`` (the ``strict_discord(latency=...)`` marker) makes
  every REST call take that long in wall-clock time, off the event loop, so the 3-second rule
  tests real slowness.

It is built over simcord's hooks (its one route table, ``router.dispatch``, its error transport,
its interaction dispatch and its clock) rather than a wire-level fake: the bot keeps running on
discord.py's real models, caches and view store, and simcord's existing checks (permissions,
component shapes, tokens) stay in force underneath.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import discord
import pytest
from simcord import actors
from simcord import interactions as simulated_interactions
from simcord.backend.errors import BackendError, SetupError
from simcord.backend.models import EPHEMERAL_FLAG
from simcord.enums import ChannelType
from simcord.http import client as transport
from simcord.http import router

from tests.support.command_limits import command_breaches, without_default_copies
from tests.support.discord_limits import (
    INVALID_FORM_BODY,
    choice_breaches,
    deferred_breaches,
    message_breaches,
    modal_breaches,
)
from tests.support.user_installs import Installs

THREAD_ARCHIVED = 50083
OLD_MESSAGE_EDITS = 30046
UNKNOWN_USER = 10013
CANNOT_MESSAGE_USER = 50007
INVALID_STATUSES = frozenset({401, 403, 429})

FIRST_RESPONSE_SECONDS = 3.0
OLD_MESSAGE_SECONDS = 3600
OLD_EDITS_PER_WINDOW = 3
OLD_EDIT_WINDOW = 300.0
TEN_MINUTES = 600.0

# interaction types and callback types (interactions/receiving-and-responding.mdx)
APPLICATION_COMMAND, AUTOCOMPLETE = 2, 4
SENDS_MESSAGE = frozenset({4, 5})  # CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
DEFERRED_MESSAGE = 5
UPDATES_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


class RateLimitedEdit(BackendError):
    """A 429 that says how long to wait, as Discord's does (body and ``Retry-After``)."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(
            429,
            OLD_MESSAGE_EDITS,
            "Maximum number of edits to messages older than 1 hour reached. Try again later",
        )
        self.retry_after = retry_after

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), "retry_after": self.retry_after, "global": False}


class StrictDiscord:
    """Discord's documented terms over one simcord environment (see the module docstring)."""

    def __init__(self, env: Any, *, latency: float = 0.0) -> None:
        self.env = env
        self.backend = env.backend
        self.latency = latency
        self.breaches: list[str] = []
        #: (virtual seconds, status, "METHOD path") of every 401, 403 and 429 answered
        self.invalid: list[tuple[float, int, str]] = []
        #: interaction id -> wall-clock instant the user acted
        self.started: dict[int, float] = {}
        #: interaction id -> wall-clock seconds to its first response
        self.acknowledged: dict[int, float] = {}
        self._old_edits: dict[int, deque[float]] = {}
        self._refused_dms: dict[int, int] = {}
        self._pool: ThreadPoolExecutor | None = None
        #: each user's Discord language (their ``locale`` in every interaction; simcord sends en-US)
        self.locales: dict[int, str] = {}
        #: the bot's own ``max_ratelimit_timeout``, read before simcord swaps its HTTP client out
        self.max_ratelimit_timeout: float | None = getattr(env.bot.http, "max_ratelimit_timeout", None)
        #: which servers have Floe and which players added it to their account
        self.installs = Installs(env)

    # ------------------------------------------------------------------ installing

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Hold the environment to the terms until the test ends (``monkeypatch`` undoes it)."""
        dispatch = router.dispatch
        raise_for = transport._raise_for
        user_interaction = actors._dispatch_actor_interaction
        advance_clock = self.backend.advance_clock
        base_payload = simulated_interactions.base_payload
        check_command_access = actors._check_command_access

        def localized_payload(backend: Any, **kw: Any) -> Any:
            record, payload = base_payload(backend, **kw)
            if backend is self.backend:
                self._localize(payload, kw["user_id"], kw["guild_id"])
                self.installs.complete(payload, kw["type"], kw["user_id"], kw["channel_id"], kw["guild_id"])
            return record, payload

        def offered_command_access(actor: Any, channel_id: int, name: str, root: dict[str, Any]) -> None:
            if actor._env is self.env:
                self.installs.check_offered(root, actor.id, channel_id, name)
            check_command_access(actor, channel_id, name, root)

        def strict_dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if backend is not self.backend:
                return dispatch(backend, method, path, **kwargs)
            return self._dispatch(dispatch, method, path, **kwargs)

        def strict_raise_for(error: BackendError) -> None:
            if isinstance(error, RateLimitedEdit):
                self._raise_rate_limited(error)
            raise_for(error)

        async def strict_user_interaction(actor: Any, type: int, channel: Any, data: Any, **kw: Any) -> Any:
            if type in (APPLICATION_COMMAND, AUTOCOMPLETE) and self._archived(channel.id):
                raise SetupError(
                    "a user cannot use application commands in an archived thread "
                    "(Discord: topics/threads.mdx); send a message there first"
                )
            return await user_interaction(actor, type, channel, data, **kw)

        def strict_advance_clock(seconds: float) -> None:
            advance_clock(seconds)
            self.archive_quiet_threads()

        monkeypatch.setattr(router, "dispatch", strict_dispatch)
        monkeypatch.setattr(transport, "_raise_for", strict_raise_for)
        monkeypatch.setattr(actors, "_dispatch_actor_interaction", strict_user_interaction)
        monkeypatch.setattr(self.backend, "advance_clock", strict_advance_clock)
        monkeypatch.setattr(simulated_interactions, "base_payload", localized_payload)
        monkeypatch.setattr(actors, "_check_command_access", offered_command_access)
        self.env._register_dispatch_observer(self._interaction_created)
        if self.latency > 0:
            self._slow_down(monkeypatch)

    def _localize(self, payload: dict[str, Any], user_id: int, guild_id: int | None) -> None:
        """An interaction's languages as Discord sends them (``locale``: the user's chosen
        language; ``guild_locale``: the server's preferred locale; receiving-and-responding.mdx),
        where simcord sends en-US for both."""
        payload["locale"] = self.locales.get(user_id, "en-US")
        if guild_id is not None:
            payload["guild_locale"] = self.backend.get_guild(guild_id).preferred_locale

    def _slow_down(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every REST call takes :attr:`latency` seconds of wall-clock time, waited for in a thread
        (simcord's settlement tracks executor work), so the event loop runs on meanwhile."""
        self._pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="discord-latency")
        pool, latency = self._pool, self.latency

        def slowed(request: Callable[..., Any]) -> Callable[..., Any]:
            async def request_with_latency(client: Any, *args: Any, **kwargs: Any) -> Any:
                await asyncio.get_running_loop().run_in_executor(pool, time.sleep, latency)
                return await request(client, *args, **kwargs)

            return request_with_latency

        monkeypatch.setattr(transport.FakeHTTPClient, "request", slowed(transport.FakeHTTPClient.request))
        monkeypatch.setattr(
            transport.FakeWebhookAdapter, "request", slowed(transport.FakeWebhookAdapter.request)
        )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False)

    # ------------------------------------------------------------------ what a test may ask

    def refuse_dms(self, user_id: int, code: int) -> None:
        """From now on, DMs to this user fail: 50007 (closed DMs, on sending), 10013 (an unknown
        user, on opening the DM channel) or a 5xx status (an outage, on sending)."""
        self._refused_dms[user_id] = code

    def accept_dms(self, user_id: int) -> None:
        self._refused_dms.pop(user_id, None)

    def invalid_in_ten_minutes(self) -> int:
        """The most invalid requests (401, 403, 429) in any ten minutes of virtual time."""
        times = sorted(at for at, _, _ in self.invalid)
        most, first = 0, 0
        for last, at in enumerate(times):
            while times[first] <= at - TEN_MINUTES:
                first += 1
            most = max(most, last - first + 1)
        return most

    def slowest_acknowledgement(self) -> float:
        return max(self.acknowledged.values(), default=0.0)

    def unacknowledged(self) -> list[int]:
        return [
            interaction_id
            for interaction_id in self.started
            if not getattr(self.backend.interactions.get(interaction_id), "responded", False)
        ]

    def verify(self) -> None:
        """Fail on every breach of Discord's terms seen so far (the fixture calls it at the end)."""
        breaches = list(self.breaches)
        breaches += [
            f"interaction {self._describe(i)} was never acknowledged (the user saw 'This interaction failed')"
            for i in self.unacknowledged()
        ]
        assert not breaches, "Discord's terms were broken:\n- " + "\n- ".join(breaches)

    # ------------------------------------------------------------------ the clock

    def archive_quiet_threads(self) -> None:
        """Archive every active thread whose last activity is ``auto_archive_duration`` old."""
        now = self.backend.clock.now()
        for channel in list(self.backend.channels.values()):
            meta = getattr(channel, "thread_metadata", None)
            if not channel.is_thread or meta is None or meta.archived:
                continue
            quiet = (now - self._last_activity(channel)).total_seconds()
            if quiet >= meta.auto_archive_duration * 60:
                self.backend.edit_channel(
                    channel.id, {}, thread_metadata={"archived": True, "archive_timestamp": now.isoformat()}
                )

    def _last_activity(self, channel: Any) -> datetime:
        meta = channel.thread_metadata
        moments = [meta.archive_timestamp, meta.create_timestamp]
        for message in reversed(self.backend.messages.get(channel.id, {}).values()):
            if not message.is_ephemeral:
                moments.append(message.timestamp)
                break
        return max(datetime.fromisoformat(m) for m in moments if m)

    # ------------------------------------------------------------------ requests

    def _interaction_created(self, record: Any) -> None:
        self.started[record.id] = time.perf_counter()

    def _dispatch(self, dispatch: Callable[..., Any], method: str, path: str, **kwargs: Any) -> Any:
        try:
            self._enforce(method, path, kwargs.get("json"), kwargs.get("files") or [])
            if _is_command_list(path) and method == "PUT":
                kwargs["json"] = without_default_copies(kwargs.get("json") or [])
            result = dispatch(self.backend, method, path, **kwargs)
        except BackendError as error:
            if error.status in INVALID_STATUSES:
                self.invalid.append((self.backend.clock.elapsed, error.status, f"{method} {path}"))
            raise
        self._note_first_response(method, path)
        if _is_command_list(path) and method == "GET" and not _asks_for_localizations(kwargs.get("params")):
            return [_without_localizations(command) for command in result]
        return result

    def _enforce(self, method: str, path: str, body: Any, files: list[Any]) -> None:
        if _is_command_list(path) and method == "PUT":
            self._check(command_breaches(body or []))
            return
        self.installs.refuse(path)
        parts = path.strip("/").split("/")
        body = body if isinstance(body, dict) else {}
        if parts[0] == "interactions" and parts[-1] == "callback":
            self._first_response(int(parts[1]), body, files)
        elif parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            self._channel_message(method, int(parts[1]), parts, body, files)
        elif parts[0] == "webhooks" and len(parts) >= 3:
            self._interaction_message(method, parts, body, files)
        elif parts[:3] == ["users", "@me", "channels"] and method == "POST":
            recipient = int(body.get("recipient_id", 0))
            if self._refused_dms.get(recipient) == UNKNOWN_USER:
                raise BackendError(404, UNKNOWN_USER, "Unknown User")

    def _first_response(self, interaction_id: int, body: dict[str, Any], files: list[Any]) -> None:
        record = self.backend.interactions.get(interaction_id)
        started = self.started.get(interaction_id)
        if record is not None and not record.responded and started is not None:
            took = time.perf_counter() - started
            if took > FIRST_RESPONSE_SECONDS:
                self.breaches.append(
                    f"interaction {self._describe(interaction_id)} answered after {took:.2f} s of wall-clock time"
                )
                raise BackendError(404, 10062, "Unknown interaction")
        data = body.get("data") or {}
        kind = body.get("type")
        if kind == AUTOCOMPLETE_RESULT:
            self._check_choices(data.get("choices") or [])
        elif kind == MODAL:
            self._check_modal(data)
        elif kind in SENDS_MESSAGE:
            self._check_message(data, files)
            if kind == DEFERRED_MESSAGE:
                self._check(deferred_breaches(data))
        elif kind == UPDATES_MESSAGE:
            source = record.source_message_id if record is not None else None
            self._check_message(data, files, self._flags(getattr(record, "channel_id", 0), source))
        if record is None:
            return
        ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL_FLAG)
        if kind in SENDS_MESSAGE and not ephemeral:
            self._send_into(record.channel_id)
        elif kind == UPDATES_MESSAGE:
            self._edit_in(record.channel_id)

    def _note_first_response(self, method: str, path: str) -> None:
        parts = path.strip("/").split("/")
        if method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            interaction_id = int(parts[1])
            started = self.started.get(interaction_id)
            if started is not None and interaction_id not in self.acknowledged:
                self.acknowledged[interaction_id] = time.perf_counter() - started

    def _channel_message(
        self, method: str, channel_id: int, parts: list[str], body: dict[str, Any], files: list[Any]
    ) -> None:
        if method == "POST" and len(parts) == 3:
            self._check_message(body, files)
            self._send_into(channel_id)
            self._refuse_dm(channel_id)
        elif method == "PATCH" and len(parts) == 4:
            self._check_message(body, files, self._flags(channel_id, int(parts[3])))
            self._edit_in(channel_id)
            self._limit_old_edits(channel_id, int(parts[3]))
        elif len(parts) >= 5 and parts[4] == "reactions":
            self._edit_in(channel_id)

    def _interaction_message(
        self, method: str, parts: list[str], body: dict[str, Any], files: list[Any]
    ) -> None:
        if parts[2] not in self.backend.interaction_tokens:
            return
        record = self.backend.interaction_by_token(parts[2])
        if method == "POST" and len(parts) == 3:
            self._check_message(body, files)
            too_many = self.installs.note_followup(parts[2])
            if too_many is not None:
                self._breach(too_many)
            if not int(body.get("flags") or 0) & EPHEMERAL_FLAG:
                self._send_into(record.channel_id)
        elif method == "PATCH" and len(parts) == 5:
            target = record.message_id if parts[4] == "@original" else int(parts[4])
            self._check_message(body, files, self._flags(record.channel_id, target))
            message = self.backend.messages.get(record.channel_id, {}).get(target)
            if message is not None and not message.is_ephemeral:
                self._edit_in(record.channel_id)

    # ------------------------------------------------------------------ threads

    def _archived(self, channel_id: int) -> bool:
        meta = getattr(self.backend.channels.get(channel_id), "thread_metadata", None)
        return bool(meta is not None and meta.archived)

    def _send_into(self, channel_id: int) -> None:
        """A message sent into an archived thread unarchives it, unless it is locked."""
        if not self._archived(channel_id):
            return
        meta = self.backend.channels[channel_id].thread_metadata
        if meta.locked:
            raise BackendError(400, THREAD_ARCHIVED, "Thread is locked")
        now = self.backend.clock.now().isoformat()
        self.backend.edit_channel(
            channel_id, {}, thread_metadata={"archived": False, "archive_timestamp": now}
        )

    def _edit_in(self, channel_id: int) -> None:
        if self._archived(channel_id):
            raise BackendError(400, THREAD_ARCHIVED, "Thread is archived")

    # ------------------------------------------------------------------ hour-old edits

    def _limit_old_edits(self, channel_id: int, message_id: int) -> None:
        message = self.backend.messages.get(channel_id, {}).get(message_id)
        if message is None:
            return  # simcord answers 10008
        now = self.backend.clock.now()
        if (now - datetime.fromisoformat(message.timestamp)).total_seconds() < OLD_MESSAGE_SECONDS:
            return
        elapsed = self.backend.clock.elapsed
        edits = self._old_edits.setdefault(channel_id, deque())
        while edits and edits[0] <= elapsed - OLD_EDIT_WINDOW:
            edits.popleft()
        if len(edits) >= OLD_EDITS_PER_WINDOW:
            raise RateLimitedEdit(retry_after=round(edits[0] + OLD_EDIT_WINDOW - elapsed, 3))
        edits.append(elapsed)

    def _raise_rate_limited(self, error: RateLimitedEdit) -> None:
        """As discord.py's HTTP client: a wait past ``max_ratelimit_timeout`` raises
        ``RateLimited``; a shorter one is answered as the 429 itself, with its header."""
        limit = self.max_ratelimit_timeout
        if limit is not None and error.retry_after > limit:
            raise discord.RateLimited(error.retry_after)
        response = transport._FakeResponse(429)
        response.reason = "Too Many Requests"
        response.headers = {"Retry-After": str(error.retry_after)}
        raise discord.HTTPException(response, error.to_json())  # type: ignore[arg-type]

    # ------------------------------------------------------------------ DMs

    def _refuse_dm(self, channel_id: int) -> None:
        channel = self.backend.channels.get(channel_id)
        if channel is None or channel.type != ChannelType.DM:
            return
        for recipient in channel.recipient_ids:
            code = self._refused_dms.get(recipient)
            if code == CANNOT_MESSAGE_USER:
                raise BackendError(403, CANNOT_MESSAGE_USER, "Cannot send messages to this user")
            if code is not None and code >= 500:
                raise BackendError(code, 0, "Server Error")

    # ------------------------------------------------------------------ limits

    def _breach(self, what: str) -> None:
        self.breaches.append(what)
        raise BackendError(400, INVALID_FORM_BODY, f"Invalid Form Body: {what}")

    def _check_message(self, body: dict[str, Any], files: list[Any], earlier_flags: int = 0) -> None:
        """``earlier_flags``: those of the message an edit changes (Components V2 keeps its flag)."""
        sizes, names = [_size(f) for f in files], [str(f.filename) for f in files]
        self._check(message_breaches(body, sizes, names, earlier_flags))

    def _check_modal(self, modal: dict[str, Any]) -> None:
        self._check(modal_breaches(modal))

    def _check(self, breaches: list[str]) -> None:
        for what in breaches:
            self._breach(what)

    def _flags(self, channel_id: int, message_id: int | None) -> int:
        message = self.backend.messages.get(channel_id, {}).get(message_id)
        return int(getattr(message, "flags", 0) or 0)

    def _check_choices(self, choices: list[dict[str, Any]]) -> None:
        self._check(choice_breaches(choices))

    def _describe(self, interaction_id: int) -> str:
        record = self.backend.interactions.get(interaction_id)
        if record is None:
            return str(interaction_id)
        what = record.command_name or {3: "component", 5: "modal"}.get(record.type, f"type {record.type}")
        return f"{what!s} (user {record.user_id})"


def _is_command_list(path: str) -> bool:
    """``/applications/{id}/commands`` or ``/applications/{id}/guilds/{id}/commands``."""
    parts = path.strip("/").split("/")
    return parts[0] == "applications" and parts[-1] == "commands" and len(parts) in (3, 5)


def _asks_for_localizations(params: dict[str, Any] | None) -> bool:
    return str((params or {}).get("with_localizations", "")).lower() == "true"


def _without_localizations(entry: Any) -> Any:
    """A command as Discord lists it without ``with_localizations``: no localization dictionaries
    (it gives only the requester's own locale, as ``name_localized``; a bot has none)."""
    if isinstance(entry, list):
        return [_without_localizations(item) for item in entry]
    if not isinstance(entry, dict):
        return entry
    return {
        key: _without_localizations(value)
        for key, value in entry.items()
        if key not in ("name_localizations", "description_localizations")
    }


def _size(file: Any) -> int:
    fp = file.fp
    at = fp.tell()
    fp.seek(0, 2)
    size = int(fp.tell())
    fp.seek(at)
    return size
