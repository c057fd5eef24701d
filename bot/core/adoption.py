"""Who each game awaits, read from stored snapshots: the scheduler's first pass after an upgrade.

Games that began before the scheduler existed have no clock rows; the first pass
(:meth:`bot.core.scheduler.Scheduler._adopt_unknown`) gives each one its waits. Finding the
awaited seats means decoding the snapshot (``json.loads`` and the game's ``from_dict``): from 10
us per game (Polar Derby) to 300 us (Thin Ice), the whole cost of the pass. This module is that
decoding as plain functions over the stored text, so a page of games can be decoded in worker
processes (:class:`Decoder`) while this process reads the next page and writes the last one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import games

log = logging.getLogger("floe.scheduler")

#: One game of a page: (game name, the stored snapshot text, its computer seats).
Snapshot = tuple[str, str, frozenset[int]]
#: The awaited seats of one game: (seat, answering in a reaction window), people only, by seat;
#: None when the snapshot cannot be read.
Awaited = list[tuple[int, bool]] | None


def awaited_in(game_name: str, state_text: str, computers: frozenset[int]) -> Awaited:
    """The people ``state_text`` awaits, each with whether it answers in a reaction window."""
    try:
        game = games.get(game_name)
        state = game.from_dict(json.loads(state_text))
        reaction = getattr(game, "reaction", None)
        return [
            (seat, bool(reaction(state, seat)) if reaction is not None else False)
            for seat in sorted(game.to_act(state))
            if seat not in computers
        ]
    except Exception:  # one unreadable snapshot never stops the pass
        log.exception("could not read the snapshot of a %s game", game_name)
        return None


def awaited_page(page: Sequence[Snapshot]) -> list[Awaited]:
    """:func:`awaited_in` for every game of a page (what a worker process runs)."""
    return [awaited_in(name, text, computers) for name, text, computers in page]


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Decoder:
    """Decodes pages in this process, or in worker processes once there are many.

    The workers (one per core, ``spawn`` as in :class:`bot.core.computers.PoolThinker`: the
    bot's process runs threads) start on the first call with ``many=True`` and stop at
    :meth:`close`; a small pass never starts them.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = cores() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None

    async def awaited(self, page: Sequence[Snapshot], *, many: bool) -> list[Awaited]:
        if not many or self.workers < 2:
            return awaited_page(page)
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return await asyncio.get_running_loop().run_in_executor(self._pool, awaited_page, list(page))

    def close(self, *, wait: bool = False) -> None:
        """Stop the workers (``wait``: until they have exited; else a page under way is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
