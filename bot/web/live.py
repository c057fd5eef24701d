"""Live pages: server-sent events fed by polling the database.

One task per process polls, every :data:`POLL_EVERY` seconds, the step of every game some page
is watching, in one query (:meth:`bot.core.spectators.Spectators.steps`), so a move made by any
process (a bot, another ``floe web``) reaches every watcher. A game whose step moved gets its
page made again; it is sent only when it differs from the one sent before (a choice nobody else
sees moves the step and changes no page, so it sends nothing). Each watcher holds only the newest
page not yet sent to it: a slow reader skips pages, never falls behind. A game whose server turned
its pages off ends its streams at its next move. Each watcher reads its own language: a game's
page is made once per language its watchers read, and compared with the one sent in that language.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from bot.core.languages import SOURCE_LANGUAGE
from bot.core.spectators import Spectators

log = logging.getLogger("floe.web")

#: Seconds between two polls of the watched games' steps.
POLL_EVERY = 0.5


class Watcher:
    """One live page: the newest page (as sent text) it has not read yet, in ``language``."""

    def __init__(self, language: str = SOURCE_LANGUAGE) -> None:
        self.language = language
        self._newest: str | None = None
        self._ready = asyncio.Event()
        #: The server is shutting down: the stream ends.
        self.ended = False

    def offer(self, text: str) -> None:
        self._newest = text
        self._ready.set()

    def end(self) -> None:
        self.ended = True
        self._ready.set()

    async def next(self, timeout: float) -> str | None:
        """The newest page not read yet, or None after ``timeout`` seconds without one."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._ready.wait(), timeout)
        self._ready.clear()
        text, self._newest = self._newest, None
        return text


class Live:
    """The watchers of each game and the poll that feeds them."""

    def __init__(
        self, spectators: Spectators, encode: Callable[..., str], *, every: float = POLL_EVERY
    ) -> None:
        self.spectators = spectators
        self.encode = encode  # a page as the stream sends it
        self.every = every
        self._watchers: dict[int, set[Watcher]] = {}
        self._steps: dict[int, int] = {}
        #: The page last sent to the watchers of a game reading a language.
        self._sent: dict[tuple[int, str], str] = {}
        self._task: asyncio.Task[None] | None = None

    @property
    def watching(self) -> int:
        """How many watchers are connected."""
        return sum(len(w) for w in self._watchers.values())

    async def watch(self, game_id: int, language: str = SOURCE_LANGUAGE) -> tuple[Watcher, str]:
        """A new watcher of ``game_id`` reading ``language``, and the page it starts from."""
        if game_id not in self._steps:
            self._steps[game_id] = (await self.spectators.steps([game_id])).get(game_id, -1)
        # after the step: a move between is polled
        text = self.encode(await self.spectators.page(game_id, language))
        self._sent.setdefault((game_id, language), text)
        watcher = Watcher(language)
        self._watchers.setdefault(game_id, set()).add(watcher)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._poll(), name="floe web poll")
        return watcher, text

    def leave(self, game_id: int, watcher: Watcher) -> None:
        watchers = self._watchers.get(game_id)
        if watchers is None:
            return
        watchers.discard(watcher)
        if not watchers:
            del self._watchers[game_id]
            self._steps.pop(game_id, None)
            self._forget(game_id)
        elif all(w.language != watcher.language for w in watchers):
            self._sent.pop((game_id, watcher.language), None)

    def _forget(self, game_id: int) -> None:
        """Forget the pages sent of ``game_id`` (in every language)."""
        for key in [k for k in self._sent if k[0] == game_id]:
            del self._sent[key]

    async def close(self) -> None:
        """End every stream (a server shutting down waits for none) and the poll."""
        for watchers in self._watchers.values():
            for watcher in watchers:
                watcher.end()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _poll(self) -> None:
        while self._watchers:
            await asyncio.sleep(self.every)
            try:
                await self.poll_once()
            except Exception:  # a database hiccup: the next poll tries again
                log.exception("polling the watched games failed")

    async def poll_once(self) -> None:
        """Send every watched game's page whose step moved and whose page changed."""
        steps = await self.spectators.steps(list(self._watchers))
        for game_id, step in steps.items():
            if self._steps.get(game_id) == step or game_id not in self._watchers:
                continue
            self._steps[game_id] = step
            if not await self.spectators.shown(game_id):  # its server turned the pages off
                for watcher in self._watchers.pop(game_id, ()):
                    watcher.end()
                self._steps.pop(game_id, None)
                self._forget(game_id)
                continue
            for language in sorted({w.language for w in self._watchers.get(game_id, ())}):
                text = self.encode(await self.spectators.page(game_id, language))
                if text == self._sent.get((game_id, language)):
                    continue
                self._sent[(game_id, language)] = text
                for watcher in self._watchers.get(game_id, ()):
                    if watcher.language == language:
                        watcher.offer(text)
