"""Computer players at the table: who they are, and how they move when awaited.

Plain async Python with no discord import. Decisions:

* **A computer seat** is a ``seats`` row whose ``computer`` column holds its level and whose
  ``user_id`` is a reserved synthetic id (:mod:`bot.core.computer_seats`), so nothing that keys on
  user ids mixes two computer seats; :meth:`bot.core.sessions.Table.is_computer` is the one
  predicate everything uses. A lobby of computers only is refused at Start.
* **Moving**: after a committed change is published, :meth:`Computers.poke` looks at the game;
  an awaited computer's action is chosen from ``game.view(state, seat)`` only, by
  :func:`ai.choose` in a worker process (:class:`PoolThinker`), and played through
  :meth:`Sessions.act` at the step it was computed for, like a person's move: the log, replay and
  secrecy hold. A move that lost a race (``StaleAction``) is looked at again, and played as
  thought where the game says the choice still stands (``Game.choice_stands``).
* **One process thinks each decision**: the driver claims the game at its step in the database
  (:class:`storage.computer_turns.ComputerTurns`) before loading it, and only with a free place
  to think (:attr:`Computers.at_once`), so a claimed decision never waits in a queue. A look
  that finds no computer awaited settles the step (:data:`SETTLED_FOR`). A forced move is played
  without a thought (:func:`forced_notation`), so every thought, logged once on
  ``floe.computer``, is a decision.
* **Stopping and restarts**: the claim is all that is stored of a thought
  (:meth:`Computers.close`, :meth:`Computers.resume_all`).
* **No pings, DMs or reminders** for computer seats: the session names them but never mentions
  or notes them, and the scheduler keeps no wait for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import logging
import multiprocessing
import signal
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import ai
from bot.core.computer_seats import LEVELS, computer_name, computer_user_id, is_computer_user
from bot.core.sessions import NotSeated, Reply, Sessions, StaleAction, Table
from bot.core.sessions.decide import automatic_refusal
from bot.core.sessions.loading import owner_id
from bot.core.tables import UNREACHABLE
from games import GameError, Seat
from storage import Store
from storage.clocks import ClockStore
from storage.computer_turns import ComputerTurns
from util.records import frozen

__all__ = [
    "LEVELS",
    "Computers",
    "PoolThinker",
    "computer_name",
    "computer_user_id",
    "is_computer_user",
]

log = logging.getLogger("floe.computers")
#: One INFO line per computer decision this process thinks (``computer thought game=G step=S``).
thoughts_log = logging.getLogger("floe.computer")

#: How long a claim on a computer's decision lasts (seconds): a thought takes at most 3 s (hard)
#: and its move one commit; a process that dies thinking delays the decision this long at most.
THOUGHT_LEASE = 60.0
#: How long a look that found no computer awaited keeps ticks away from the game at that step
#: (seconds); a move, or a change that pokes the game, looks again at once.
SETTLED_FOR = 3600.0
#: How long a stop waits for the decisions under way (wall-clock seconds): the hardest level
#: thinks for 3 s, and its move is one commit.
STOP_GRACE = 5.0

# --------------------------------------------------------------------------- thinking

#: ``(game name, view, seat, level, seed) -> notation``, awaited off the event loop.
Thinker = Callable[[str, Any, Seat, str, int], Awaitable[str]]


def think_now(
    game_name: str,
    view: Any,
    seat: Seat,
    level: str,
    seed: int,
    iterations: int | None,
    seconds: float | None,
) -> str:
    """What a worker process runs (a module-level function, so the pool can pickle it)."""
    return ai.choose(game_name, view, seat, level, seed, iterations=iterations, seconds=seconds)


def ignore_interrupts() -> None:
    """A worker's start: Ctrl-C reaches every process of the terminal's group, and the worker
    leaves it to its parent (which stops it), rather than printing a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass
class PoolThinker:
    """Thinks in one worker process, created on first use and kept.

    ``iterations`` fixes the search budget (tests: a few dozen, deterministic); without it each
    level's iterations are capped by its wall-clock ``seconds`` (``ai.budget``). The pool uses the ``spawn`` start method: the
    bot's process runs threads (the store's, the renderer's), which ``fork`` would copy mid-flight.

    Each process thinks in its own pool, claimed through the database, rather than in a pool
    shared through the database (a queue of jobs and answers): the claiming process loads the
    game anyway to play the answer, a shared pool would still need the claim to run each job
    once, and any process may take any game, so capacity grows with the processes.
    """

    iterations: int | None = None
    workers: int = 1
    _pool: ProcessPoolExecutor | None = field(default=None, init=False)

    def pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=ignore_interrupts
            )
        return self._pool

    async def __call__(self, game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
        seconds = None if self.iterations is not None else ai.budget(game_name, level).seconds
        job = functools.partial(think_now, game_name, view, seat, level, seed, self.iterations, seconds)
        return await asyncio.get_running_loop().run_in_executor(self.pool(), job)

    def close(self) -> None:
        """Stop the worker; a thought under way is dropped (the next start computes it again)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


async def think_inline(game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
    """A thinker for tests of the core: the smallest deterministic search, in this process."""
    return think_now(game_name, view, seat, level, seed, 8, None)


# --------------------------------------------------------------------------- the driver


@frozen
class Thought:
    """A choice a computer made for ``seat`` from ``table``, kept while its move is retried."""

    table: Table
    seat: Seat
    notation: str


def _standing(thought: Thought | None, table: Table, seat: Seat) -> str | None:
    """The kept choice when the game moved on without changing what it rests on
    (``Game.choice_stands``: Ice Lake's secret plans), else None: think again."""
    if thought is None or thought.seat != seat:
        return None
    return thought.notation if table.game.choice_stands(thought.table.state, table.state, seat) else None


def forced_notation(table: Table, seat: Seat) -> str | None:
    """The seat's only legal action when the session may play it for anyone (a forced move):
    there is nothing to think about. The session plays such moves itself after a move; one it
    left (its deadline path, a restart) is played here without a thought, so a thought is always
    a decision."""
    legal = table.legal(seat)
    if len(legal) == 1 and automatic_refusal(table.game, table.playing_state, seat, legal[0]) is None:
        return str(legal[0])
    return None


def folded(held: Reply, newer: Reply) -> Reply | None:
    """``newer`` carrying ``held``'s notes, when ``held`` is an edit of the turn message and
    ``newer`` has a board: published after ``newer`` was committed, ``held``'s board would be
    dropped as older than the game (``Outbox.edit_turn``), and ``newer``'s shows the position
    and narrates the moves (an edit re-narrates the turn from its start; a post that pings
    someone has their "since your last turn" digest). None: publish ``held`` first (a reply
    without a board keeps the last board standing)."""
    if not held.edit or held.post is None or newer.post is None:
        return None
    return dataclasses.replace(newer, notes=(*held.notes, *newer.notes))


def awaited_computers(table: Table) -> list[Seat]:
    """The computer seats the game waits for now (none before the start or after the end)."""
    if table.record.status != "active" or table.state is None:
        return []
    return [s for s in sorted(table.game.to_act(table.state)) if table.is_computer(s)]


def thought_seed(table: Table, seat: Seat) -> int:
    """The seed of a computer's choice: the game's seed, the step and the seat (so replays and
    a restart mid-thought compute the same choice)."""
    return (table.record.seed * 1_000_003 + table.record.step * 31 + seat) % (2**62)


@dataclass
class Computers:
    """Plays the computer seats of every game when they are awaited.

    ``publish`` posts a reply of a computer's move (the adapter's outbox; tests collect them).
    ``owner`` names this process on its claims; ``at_once`` is how many decisions it thinks at
    the same time (its worker pool's size): a claim is taken only when a place is free.
    """

    sessions: Sessions
    #: The store the session service loads from: the claims (:mod:`storage.computer_turns`)
    #: and the clock settings.
    store: Store
    think: Thinker
    publish: Callable[[Reply], Awaitable[None]] | None = None
    owner: str = field(default_factory=owner_id)
    at_once: int = 1
    _tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    _again: set[int] = field(default_factory=set)
    _changed: set[int] = field(default_factory=set)
    _places: asyncio.Semaphore | None = field(default=None, init=False)
    _closing: bool = field(default=False, init=False)

    @property
    def turns(self) -> ComputerTurns:
        return ComputerTurns(self.store)

    def poke(self, game_id: int, *, changed: bool = True) -> None:
        """Look at ``game_id`` soon (a task), and play for each awaited computer seat.

        ``changed``: the game changed here (a move, a seat given to a computer), so a step
        settled earlier as "nothing for a computer" is looked at again; a tick's poke is not.
        """
        if self._closing:
            return
        if changed:
            self._changed.add(game_id)
        running = self._tasks.get(game_id)
        if running is not None and not running.done():
            self._again.add(game_id)
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                changed = game_id in self._changed
                self._changed.discard(game_id)
                try:
                    await self.settle(game_id, changed=changed)
                except asyncio.CancelledError:
                    raise
                except Exception:  # a computer's failure never stops the bot; the next tick retries
                    log.exception("the computer could not move in game %s", game_id)
                    return
                if game_id not in self._again or self._closing:
                    return
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def settle(self, game_id: int, *, limit: int = 500, changed: bool = True) -> list[Reply]:
        """Play every awaited computer seat until none is awaited; the replies.

        The run is published as it goes, but a board that the next move's board replaces is
        held back and folded into that reply (:func:`folded`), so a computer's turn of several
        moves costs one write, not one per move; every note is still delivered."""
        replies: list[Reply] = []
        held: Reply | None = None
        try:
            for _ in range(limit):
                if self._closing:
                    break
                reply = await self.move_once(game_id, changed=changed)
                if reply is None:
                    break
                replies.append(reply)
                if held is not None and (merged := folded(held, reply)) is not None:
                    held = merged
                    continue
                await self._publish(held)
                held = reply
        finally:
            await self._publish(held)
        return replies

    async def _publish(self, reply: Reply | None) -> None:
        if reply is not None and self.publish is not None:
            await self.publish(reply)

    async def move_once(self, game_id: int, *, changed: bool = True) -> Reply | None:
        """One computer move in ``game_id``, or None when no computer seat is awaited or another
        process holds the decision (its claim: :class:`ComputerTurns`).

        A move that lost the race to a person (who moved first: ``StaleAction``) is dropped and
        the game claimed and looked at again; so is a seat handed to a person while the computer
        thought. A game paused because its channel is lost (:data:`UNREACHABLE`) waits: its
        moves could be posted nowhere, and the players could not follow them. ``changed``: see
        :meth:`poke`.
        """
        if self._places is None:
            self._places = asyncio.Semaphore(self.at_once)
        async with self._places:
            try:
                return await self._claimed_move(game_id, changed=changed)
            except BaseException:  # a failure or a stop: the next look (any process) thinks again
                with contextlib.suppress(Exception):
                    await self.turns.release(game_id, self.owner)
                raise

    async def _claimed_move(self, game_id: int, *, changed: bool) -> Reply | None:
        thought: Thought | None = None  # the last choice made here, kept while it stands
        for _ in range(10):
            if self._closing:  # a stop began: no new thought (a claim kept from a stale try is given back)
                await self.turns.release(game_id, self.owner)
                return None
            step = await self.turns.claim(
                game_id, self.owner, self.sessions.clock(), THOUGHT_LEASE, over_settled=changed
            )
            if step is None:
                return None
            if await self._channel_lost(game_id):
                await self.turns.release(game_id, self.owner)
                return None
            table = await self.sessions.table(game_id)
            if table.record.step != step:  # someone moved between the claim and the load
                continue
            seats = awaited_computers(table)
            if not seats:
                await self.turns.settle(game_id, self.owner, step, self.sessions.clock() + SETTLED_FOR)
                return None
            seat = seats[0]
            notation = forced_notation(table, seat) or _standing(thought, table, seat)
            if notation is None:
                notation = await self._decide(table, seat)
                thought = Thought(table, seat, notation)
            try:
                return await self.sessions.act(
                    table.record.channel_id,
                    table.user_of(seats[0]),
                    notation,
                    step=step,
                    seat=seats[0],
                    game_id=game_id,
                )
            except (StaleAction, NotSeated):  # someone moved first, or a person took the seat back
                continue
            except GameError as err:  # the search proposed something the rules refuse: a bug
                log.error("computer move %r refused in game %s: %s", notation, game_id, err)
                await self.turns.release(game_id, self.owner)
                return None
        return None

    async def _decide(self, table: Table, seat: Seat) -> str:
        """The computer's choice for ``seat`` from its view only (logged once per thought)."""
        game_id, step = table.record.id, table.record.step
        level = table.level(seat) or "normal"
        view = table.game.view(table.state, seat)
        thoughts_log.info("computer thought game=%s step=%s", game_id, step)
        try:
            return await self.think(table.game.name, view, seat, level, thought_seed(table, seat))
        except asyncio.CancelledError:
            raise
        except Exception:  # the search failed (a bug): the seat's first legal action, so the game goes on
            log.exception("the computer could not think in game %s; it plays its first option", game_id)
            return str(table.game.legal_actions(table.state, seat)[0])

    async def _channel_lost(self, game_id: int) -> bool:
        settings = await ClockStore(self.store).settings(game_id)
        return settings.paused and settings.pause_reason == UNREACHABLE

    async def resume_all(self) -> list[int]:
        """Poke every active game with a computer seat whose decision nobody holds or settled at
        its current step (start-up, each tick); their ids. With several processes, whichever
        claims first thinks (:meth:`move_once`), whichever runs the game's server: a thought cut
        short by a stop was given back and is thought again at once, one cut short by a crash
        once its lease ran out (the choice is deterministic for a game, step and seat with an
        iteration budget)."""
        ids = await self.turns.due(self.sessions.clock())
        for game_id in ids:
            self.poke(game_id, changed=False)
        return ids

    async def close(self, grace: float = STOP_GRACE) -> None:
        """Take no new decision; wait up to ``grace`` seconds (:data:`STOP_GRACE`, longer than the
        hardest level's thought) for those under way to commit, so a deploy's stop throws no
        thought away, then cancel the rest (their claims are given back: :meth:`move_once`)."""
        self._closing = True
        tasks = [t for t in self._tasks.values() if not t.done()]
        if tasks and grace > 0:
            await asyncio.wait(tasks, timeout=grace)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
