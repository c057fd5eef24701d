"""Fresh waits, and the upgrade step that gives games begun before the scheduler their clocks.

Games that began before the scheduler existed have no clock rows; the upgrade step
(:func:`adopt_games_without_clocks`, run once by :mod:`bot.core.upgrades`) gives each one its
clock and waits. Finding the awaited seats means decoding the snapshot and asking the game's
``to_act`` and ``reaction``: nearly the whole cost of the step. This module computes a page's
clocks and waits from the stored rows with plain functions, so pages can be done in worker
processes (:class:`Decoder`) while the main process reads the next page and writes the last one.
:func:`fresh_wait` is the one definition of a new wait (the scheduler's moves use it too).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor

import games
from storage.clocks import AdoptionRows, ClockSettings, ClockStore, Unclocked, Wait, adoption_rows
from storage.codec import load

log = logging.getLogger("floe.upgrade")

#: Games adopted per transaction.
ADOPT_BATCH = 2000
#: Snapshots are decoded in worker processes once a page holds this many games.
POOL_FROM = ADOPT_BATCH

#: How long a reaction window or a pending decision of a player other than the mover stays
#: open (a Thin Ice card window, an Ice Hike torch question). The same length for everyone
#: asked; it closes early when all have answered; then the game's default (a pass) applies.
REACTION_WINDOW = 2 * 3600.0
#: The awaited seats of one game: (seat, answering in a reaction window), people only, by seat;
#: None when the snapshot cannot be read.
Awaited = list[tuple[int, bool]] | None
#: A page adopted: the rows of its clocks and waits, and the ids of the games whose snapshot
#: was unreadable.
Adoptions = tuple[AdoptionRows, list[int]]


def awaited_in(game_name: str, state_text: str, computers: frozenset[int]) -> Awaited:
    """The people ``state_text`` awaits, each with whether it answers in a reaction window."""
    try:
        game = games.get(game_name)
        state = game.from_dict(load(state_text))
        awaited = sorted(seat for seat in game.to_act(state) if seat not in computers)
        return [(seat, game.reaction(state, seat)) for seat in awaited]
    except Exception:  # one unreadable snapshot never stops the pass (the caller logs it)
        return None


def fresh_wait(
    s: ClockSettings, game_id: int, seat: int, step: int, start: float, *, shared: bool, window: bool = False
) -> Wait:
    """A wait starting at ``start``, due as :meth:`Wait.with_due` says for an unpaused game."""
    deadline = s.deadline
    if window:  # a reaction or a forced decision never holds the table longer than the window
        deadline = REACTION_WINDOW if deadline is None else min(deadline, REACTION_WINDOW)
    first = s.remind_every if deadline is None else min(s.remind_every, deadline / 2)
    remind_at = start + first
    deadline_at = start + deadline if deadline is not None else None
    due = remind_at if deadline_at is None else min(remind_at, deadline_at)
    return Wait(game_id, seat, step, start, shared, remind_at, deadline_at, due_at=due)


def adoptions(page: Sequence[Unclocked], vacations: Mapping[int, float], now: float) -> Adoptions:
    """The default clock and the fresh waits of each game of ``page``, as rows to write: the
    waits the scheduler gives a game from scratch (a user on vacation until a later time: their
    clock starts then). A game whose snapshot cannot be read is left out, and its id returned
    last. What a worker process runs."""
    settings: list[ClockSettings] = []
    waits: list[Wait] = []
    unreadable: list[int] = []
    for g in page:
        seats = awaited_in(g.game, g.state, g.computers) if g.state is not None else []
        if seats is None:
            unreadable.append(g.id)
            continue
        s = ClockSettings(g.id)
        settings.append(s)
        users = [g.users[seat] for seat, _ in seats]
        shared = len(set(users)) > 1
        for (seat, window), user in zip(seats, users, strict=True):
            start = max(now, vacations.get(user, now))
            waits.append(fresh_wait(s, g.id, seat, g.step, start, shared=shared, window=window))
    return adoption_rows(settings, waits), unreadable


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

    async def adoptions(
        self, page: Sequence[Unclocked], vacations: Mapping[int, float], now: float, *, many: bool
    ) -> Adoptions:
        """:func:`adoptions` of ``page``, in a worker process when ``many``."""
        if not many or self.workers < 2:
            return adoptions(page, vacations, now)
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        job = functools.partial(adoptions, list(page), dict(vacations), now)
        return await asyncio.get_running_loop().run_in_executor(self._pool, job)

    def close(self, *, wait: bool = False) -> None:
        """Stop the workers (``wait``: until they have exited; else a page under way is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None


async def adopt_games_without_clocks(clocks: ClockStore, now: float) -> int:
    """Give every active game without a clock row its default clock and fresh waits; returns
    how many games were adopted.

    In pages of :data:`ADOPT_BATCH` games, in a pipeline: the next page is read while this one's
    clocks and waits are computed (in worker processes, one per core, once a page is full) and
    the last one is written (one transaction per page). A game adopted meanwhile by another
    process, or moved, keeps what it has (:meth:`ClockStore.adopt_rows`), so running it again
    after a crash is harmless.
    """
    decoder = Decoder()
    adopted = 0
    vacations = await clocks.vacations(now)
    reading = asyncio.ensure_future(clocks.unclocked_games(limit=ADOPT_BATCH))
    computing: deque[asyncio.Future[Adoptions]] = deque()
    try:
        while page := await reading:
            reading = asyncio.ensure_future(clocks.unclocked_games(after=page[-1].id, limit=ADOPT_BATCH))
            many = len(page) >= POOL_FROM or bool(computing)
            computing.append(asyncio.ensure_future(decoder.adoptions(page, vacations, now, many=many)))
            if len(computing) > decoder.workers:  # every worker busy: write the oldest page
                adopted += await _adopt_page(clocks, computing.popleft())
        while computing:
            adopted += await _adopt_page(clocks, computing.popleft())
    finally:
        reading.cancel()
        for job in computing:
            job.cancel()
        decoder.close(wait=not computing)  # done: the workers exit at once
    return adopted


async def _adopt_page(clocks: ClockStore, computing: asyncio.Future[Adoptions]) -> int:
    """Write one computed page of adoptions; returns how many games it adopted."""
    rows, unreadable = await computing
    for game_id in unreadable:  # left without a clock: its next move gives it one
        log.error("could not read the snapshot of game %s: not adopted", game_id)
    await clocks.adopt_rows(rows)
    return len(rows.clocks)
