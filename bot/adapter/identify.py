"""Shards identify in Discord's order across processes.

Discord groups a bot's shards in identify buckets (``rate_limit_key = shard_id % max_concurrency``,
``max_concurrency`` from the gateway's session start limit, ``GET /gateway/bot``) and allows one
identify per bucket every 5 seconds; more are answered with Invalid Session (opcode 9).
discord.py spaces the identifies of one process only (its default ``before_identify_hook`` sleeps
5 s before every identify but the first), so processes started together collided.

:class:`IdentifyTurns` is what :meth:`FloeBot.before_identify_hook` awaits before every identify
(the first included, a reconnection's too): it takes the shard's bucket window in the database
(:class:`storage.identify.IdentifyWindows`, :data:`IDENTIFY_WINDOW` long), or logs whose window it
waits for and waits until it ends. Only identifying waits: a process that restarts identifies its
own shards in turn, and the other processes' sessions, which resume rather than identify, are
left alone.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger("floe.gateway")

#: How long a bucket's identify window lasts (seconds): Discord's 5, and a little for latency.
IDENTIFY_WINDOW = 5.5


class IdentifyWindows(Protocol):
    """The deployment's identify windows (:class:`storage.identify.IdentifyWindows`, which the
    composition root passes)."""

    async def take(
        self, bucket: int, holder: str, now: float, seconds: float
    ) -> tuple[str, float] | None: ...


@dataclass
class IdentifyTurns:
    """Waits for a shard's identify window. ``max_concurrency`` reads the session start limit
    (once, on the first identify); ``holder`` names this process in the windows it takes."""

    windows: IdentifyWindows
    max_concurrency: Callable[[], Awaitable[int]]
    holder: str
    clock: Callable[[], float] = time.time
    _concurrency: int | None = None

    async def bucket_of(self, shard_id: int | None) -> int:
        """The shard's identify bucket (an unsharded bot is shard 0)."""
        if self._concurrency is None:
            self._concurrency = max(1, await self.max_concurrency())
        return (shard_id or 0) % self._concurrency

    async def wait_turn(self, shard_id: int | None) -> None:
        """Return when this shard may identify: its bucket's window is this process's now."""
        bucket = await self.bucket_of(shard_id)
        me = f"{self.holder} shard {shard_id or 0}"
        while True:
            held = await self.windows.take(bucket, me, self.clock(), IDENTIFY_WINDOW)
            if held is None:
                log.info("shard %s identifies in bucket %s of %s", shard_id or 0, bucket, self._concurrency)
                return
            holder, until = held
            wait = max(0.05, until - self.clock())
            log.info(
                "shard %s waits %.1f s for identify bucket %s (%s identifies)",
                shard_id or 0,
                wait,
                bucket,
                holder,
            )
            await asyncio.sleep(wait)
