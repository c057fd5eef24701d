"""Discord's REST rate limits as the wire-level fake keeps them (tests/support/wire_discord.py).

From developers/topics/rate-limits.mdx of github.com/discord/discord-api-docs:

- **Per-route limits**, counted per top-level resource in the path (a channel, a server, a
  webhook with its token): every answer carries ``X-RateLimit-Limit``, ``-Remaining``,
  ``-Reset``, ``-Reset-After`` and ``-Bucket``. Discord does not publish its numbers (a client
  must read the headers); the fake uses the ones clients meet in practice: 5 messages posted or
  edited per channel every 5 seconds.
- **The global limit**: 50 requests a second for the bot's token, over all its processes.
  Interaction endpoints (``/interactions/...``, and ``/webhooks/{app}/{token}``, the follow-ups
  and the original response) are not bound by it.
- **Exceeding a limit** is answered 429 (through Google's front end: ``Via: 1.1 google``, as
  every answer) with ``retry_after`` (seconds, a float), ``global`` and
  ``message`` in the body, ``Retry-After`` and ``X-RateLimit-Scope`` (``user`` or ``global``) in
  the headers; the request did nothing.

The fake's clock is the monotonic wall clock: the bots' own clock may run faster (the soak), but
Discord's limits are in real seconds.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

#: Requests a second the bot's token may make over every route (interactions excepted).
GLOBAL_PER_SECOND = 50
#: (method, route shape) -> (requests, per seconds), per top-level resource.
ROUTE_LIMITS: dict[tuple[str, str], tuple[int, float]] = {
    ("POST", "channels/{id}/messages"): (5, 5.0),
    ("PATCH", "channels/{id}/messages/{id}"): (5, 5.0),
}
#: What any other route allows per top-level resource.
DEFAULT_LIMIT = (50, 1.0)


@dataclass
class Window:
    """One bucket's count in its current window."""

    limit: int
    per: float
    used: int = 0
    resets_at: float = 0.0

    def take(self, now: float) -> bool:
        if now >= self.resets_at:
            self.used, self.resets_at = 0, now + self.per
        if self.used >= self.limit:
            return False
        self.used += 1
        return True

    def headers(self, bucket: str, now: float) -> dict[str, str]:
        after = max(self.resets_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(max(self.limit - self.used, 0)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket,
            # Discord answers through Google's front end; discord.py takes a 429 without it for
            # a Cloudflare ban and gives up instead of waiting
            "Via": "1.1 google",
        }


@dataclass(frozen=True)
class Refusal:
    """A 429: its body and headers."""

    body: dict[str, object]
    headers: dict[str, str]


@dataclass
class RateLimits:
    """Counts each request against its route's bucket and the global limit; :attr:`refused`
    counts the 429s by scope (``user``: a route's bucket, ``global``)."""

    clock: Callable[[], float] = field(default_factory=lambda: time.monotonic)
    refused: Counter[str] = field(default_factory=Counter)
    _routes: dict[tuple[str, str], Window] = field(default_factory=dict)
    _global: Window = field(default_factory=lambda: Window(GLOBAL_PER_SECOND, 1.0))

    def take(self, method: str, parts: list[str]) -> tuple[dict[str, str], Refusal | None]:
        """The rate limit headers of a request to ``parts`` (the path after ``/api/v10``), and
        the refusal when it exceeds a limit."""
        now = self.clock()
        shape = route_shape(parts)
        bucket = f"{method} {shape}"
        limit, per = ROUTE_LIMITS.get((method, shape), DEFAULT_LIMIT)
        window = self._routes.setdefault((bucket, top_level(parts)), Window(limit, per))
        if not bound_by_global(parts) or self._global.take(now):
            if window.take(now):
                return window.headers(bucket, now), None
            return self._refuse(window, bucket, now, scope="user")
        return self._refuse(self._global, bucket, now, scope="global")

    def _refuse(
        self, window: Window, bucket: str, now: float, *, scope: str
    ) -> tuple[dict[str, str], Refusal]:
        self.refused[scope] += 1
        after = max(window.resets_at - now, 0.001)
        headers = {
            **window.headers(bucket, now),
            "Retry-After": str(max(1, round(after))),
            "X-RateLimit-Scope": scope,
        }
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        body: dict[str, object] = {
            "message": "You are being rate limited.",
            "retry_after": round(after, 3),
            "global": scope == "global",
        }
        return headers, Refusal(body, headers)


def route_shape(parts: list[str]) -> str:
    """The route with its ids and tokens as ``{id}``: ``channels/{id}/messages``."""
    return "/".join("{id}" if p[:1].isdigit() or p.startswith("tok") else p for p in parts)


def top_level(parts: list[str]) -> str:
    """The top-level resource a route's limit is counted for: a channel, a server, or a webhook
    with its token; "" for the others."""
    match parts:
        case ["channels" | "guilds", resource, *_]:
            return resource
        case ["webhooks", webhook, token, *_]:
            return f"{webhook}/{token}"
    return ""


def bound_by_global(parts: list[str]) -> bool:
    """Interaction endpoints are not bound by the global limit (rate-limits.mdx)."""
    return parts[:1] not in (["interactions"], ["webhooks"])
