"""The tick: the due work of every game, claimed under a lease, once among several processes.

* The work due is found with one indexed query (``waits.due_at``); each tick handles at most
  ``batch`` games, so a long downtime is worked off over a few ticks, not in one burst.
* A game's due work, in order: its waits repaired if out of step with whom it awaits (an undo, a
  lost hook); nothing while paused; the deadlines that ran out first (the default applies); then
  the reminders due, held to the end of the user's quiet hours, or, after ``stall_after`` of
  them, the stall notice; none for a member who left the server (:mod:`.departures`). A user on vacation has nothing due before it ends.
* After downtime every deadline is pushed back by the time the bot was down (a gap between ticks
  longer than :data:`DOWNTIME_GRACE`): nobody times out because the bot could not hear them.

Several processes
-----------------
Every process runs its own scheduler on the shared database. A tick claims its due games
(:meth:`ClockStore.claim_due`: a lease of :data:`LEASE` per game, in the owner's name
``host:pid:random``), so each reminder, deadline default and stall notice happens once; a game is
released as soon as its work is done, and a dead process's leases run out.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import replace

from bot.core.scheduler.context import Context
from bot.core.scheduler.departures import Departures
from bot.core.scheduler.durations import quiet_until
from bot.core.scheduler.expiry import Deadlines
from bot.core.scheduler.reminders import Reminders
from bot.core.scheduler.waits import Waits
from bot.core.sessions import Table
from storage.clocks import ClockSettings, UserClock, Wait

log = logging.getLogger("floe.scheduler")

TICK = 60.0  # seconds between ticks of the bot's loop
DOWNTIME_GRACE = 5 * 60.0  # a gap between ticks longer than this counts as downtime
#: How long a tick's claim on a due game lasts (seconds). A game's work (a reminder, a deadline
#: default with its board render) takes well under a second; a batch stops at half the lease.
LEASE = 10 * 60.0


class DueWork:
    """Finds the games with work due, claims them, and does each one's reminders and deadlines."""

    def __init__(
        self,
        context: Context,
        waits: Waits,
        reminders: Reminders,
        deadlines: Deadlines,
        departures: Departures,
        *,
        batch: int,
        owner: str,
    ) -> None:
        self.context = context
        self.waits = waits
        self.reminders = reminders
        self.deadlines = deadlines
        self.departures = departures
        self.batch = batch
        #: The name this scheduler's leases carry (one per process; two schedulers never share it).
        self.owner = owner
        self._started = False

    async def startup(self) -> None:
        """The first tick after a start: forgive downtime on deadlines.

        :meth:`ClockStore.resume` records the tick and pushes deadlines back in one transaction,
        so processes starting together forgive a downtime once between them.
        """
        now = self.context.clock()
        last = await self.context.clocks.resume(now, DOWNTIME_GRACE)
        if last is not None and now - last > DOWNTIME_GRACE:
            log.info("the bot was down %.0f s: deadlines pushed back", now - last)
        self._started = True

    async def tick(self) -> int:
        """Do what is due now; returns how many games were looked at.

        The due games are claimed in the database (:meth:`ClockStore.claim_due`), at most
        ``batch`` at once, leased to this scheduler's :attr:`owner` for :data:`LEASE` seconds:
        another process ticking meanwhile skips them, so each reminder and deadline happens once.
        Each game's lease is given back as soon as its work is done; the batch stops taking up
        claimed games once half the lease has passed (by the real clock) and gives the rest back,
        so no lease runs out while its work is under way. A process that dies holding leases
        delays those games by at most :data:`LEASE`.
        """
        if not self._started:
            await self.startup()
        clocks = self.context.clocks
        now = self.context.clock()
        await clocks.heartbeat(now)
        claimed = await clocks.claim_due(self.owner, now, LEASE, self.batch)
        began = time.monotonic()
        pending = list(claimed)
        done = 0
        try:
            while pending and time.monotonic() - began < LEASE / 2:
                game_id = pending.pop(0)
                try:
                    await self.game_due(game_id, now)
                except Exception:
                    log.exception("scheduler failed on game %s", game_id)
                finally:
                    await clocks.release(self.owner, [game_id])
                done += 1
        finally:
            await clocks.release(self.owner, pending)
        return done

    async def next_delay(self, cap: float) -> float:
        """Seconds until the earliest due work (one indexed query), between 1 and ``cap``."""
        due = await self.context.clocks.next_due()
        if due is None:
            return cap
        return min(cap, max(1.0, due - self.context.clock() + 1.0))

    async def game_due(self, game_id: int, now: float) -> None:
        """Do one game's due work: its expired deadlines, else its reminders and stall notice."""
        ctx = self.context
        table = await ctx.sessions.table(game_id)
        if table.record.status != "active" or table.state is None:
            await ctx.clocks.set_waits(game_id, [], step=table.record.step)
            return
        settings = await ctx.settings(game_id)
        waits = await ctx.clocks.waits(game_id)
        if {w.seat for w in waits} != set(table.game.to_act(table.state)):
            waits = await self.waits.reconcile(table, None)  # out of step (an undo, a lost hook): repair
        if settings.paused:
            await ctx.clocks.set_waits(game_id, [w.with_due(True) for w in waits], step=table.record.step)
            return
        users = await ctx.clocks.user_clocks(table.user_of(w.seat) for w in waits)
        away = {u for u, c in users.items() if c.vacation_until is not None and c.vacation_until > now}
        expired = [
            w
            for w in waits
            if w.deadline_at is not None and w.deadline_at <= now and table.user_of(w.seat) not in away
        ]
        if expired:  # deadlines first: the default applies
            for w in expired:
                await self.deadlines.expire(game_id, w.seat)
            return
        kept, due = _reminders_due(table, waits, users, away, now)
        reminded, stalled = await self._remind(table, due, users, settings, now)
        if stalled:
            await self.reminders.stall(table, stalled, settings)
        await ctx.clocks.set_waits(
            game_id, [w.with_due(False) for w in kept + reminded + stalled], step=table.record.step
        )

    async def _remind(
        self,
        table: Table,
        due: dict[int, list[Wait]],
        users: dict[int, UserClock],
        settings: ClockSettings,
        now: float,
    ) -> tuple[list[Wait], list[Wait]]:
        """Remind each user of their waits ``due`` (after their quiet hours); returns the waits
        carried on and those stalled (``stall_after`` reminders went unanswered). A member who
        left the server is reminded no more (departures.py): their deadline still runs."""
        out: list[Wait] = []
        stalled: list[Wait] = []
        for user, mine in due.items():
            wake = quiet_until(users[user], now)
            if wake is not None:
                out += [replace(w, remind_at=wake) for w in mine]
                continue
            if not await self.departures.still_here(table, user):
                out += [replace(w, remind_at=None) for w in mine]
                continue
            if min(w.reminders for w in mine) >= settings.stall_after:
                stalled += [replace(w, stalled=True, remind_at=None) for w in mine]
                continue
            level = max(w.reminders for w in mine) + 1
            await self.reminders.remind(table, user, mine, level, settings)
            out += [
                replace(w, reminders=w.reminders + 1, reminded_at=now, remind_at=now + settings.remind_every)
                for w in mine
            ]
        return out, stalled


def _reminders_due(
    table: Table, waits: Sequence[Wait], users: dict[int, UserClock], away: set[int], now: float
) -> tuple[list[Wait], dict[int, list[Wait]]]:
    """Split the waits into those kept as they are (a user on vacation: nothing is due before it
    ends, so what fell due moves to its end) and the reminders due now, by user."""
    kept: list[Wait] = []
    due: dict[int, list[Wait]] = {}
    for w in waits:
        user = table.user_of(w.seat)
        if user in away:
            vacation_end = users[user].vacation_until or now
            if w.due_at is not None and w.due_at <= now:
                w = replace(
                    w,
                    remind_at=max(w.remind_at or vacation_end, vacation_end),
                    deadline_at=max(w.deadline_at, vacation_end) if w.deadline_at is not None else None,
                )
            kept.append(w)
        elif w.remind_at is not None and w.remind_at <= now and not w.snoozed:
            due.setdefault(user, []).append(w)
        else:
            kept.append(w)
    return kept, due
