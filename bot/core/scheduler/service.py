"""The :class:`Scheduler` service: one object for the session and the front ends, composed of
the parts in this package, each of which holds the decisions it implements.

* :mod:`~bot.core.scheduler.waits`: the waits a game keeps, kept in step after every move;
* :mod:`~bot.core.scheduler.due`: the tick, its leases, and each game's due work;
* :mod:`~bot.core.scheduler.reminders`: reminders, stalls, the stall vote, the reminder settings;
* :mod:`~bot.core.scheduler.expiry`: deadlines, their defaults and their extension;
* :mod:`~bot.core.scheduler.pauses`: pause votes, resume, lost channels and their move, snooze;
* :mod:`~bot.core.scheduler.vacations`: per user, time zone, quiet hours and vacations;
* :mod:`~bot.core.scheduler.daily_digest`: per user, the daily digest (looked at each tick);
* :mod:`~bot.core.scheduler.quiet_hours`: who may be notified now, and turns held back until
  a user's quiet hours end (looked at each tick);
* :mod:`~bot.core.scheduler.departures`: seated members who left the server (quiet from then on,
  their tables told once, the host offered a computer player);
* :mod:`~bot.core.scheduler.durations`: durations, quiet hours and time zones as users type them;
* :mod:`~bot.core.scheduler.notices`: the notices, the outbox, the refusals.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.core.scheduler.context import Context
from bot.core.scheduler.daily_digest import DailyDigests
from bot.core.scheduler.departures import Departures
from bot.core.scheduler.due import DueWork
from bot.core.scheduler.expiry import Deadlines
from bot.core.scheduler.notices import Outbox
from bot.core.scheduler.pauses import Pauses
from bot.core.scheduler.quiet_hours import QuietHours
from bot.core.scheduler.reminders import Reminders
from bot.core.scheduler.vacations import Vacations
from bot.core.scheduler.waits import Waits
from bot.core.sessions import Sessions, Table
from bot.core.sessions.loading import owner_id
from games import Seat
from games.words import Language
from storage import Store
from storage.clocks import ClockSettings, ClockStore, UserClock, Wait
from storage.daily_digests import DigestSetting


class Scheduler:
    """Reminders, deadlines, pauses and vacations: plain async Python with no discord import (the
    Discord side is :mod:`bot.adapter.cogs.clocks`)."""

    def __init__(
        self,
        sessions: Sessions,
        store: Store,
        outbox: Outbox,
        *,
        clock: Callable[[], float] | None = None,
        batch: int = 100,
        computer_defaults: bool = False,
        owner: str | None = None,
    ) -> None:
        self.context = Context(
            sessions, store, outbox, clock or sessions.clock, ClockStore(store), computer_defaults
        )
        self.waits = Waits(self.context)
        self.deadlines = Deadlines(self.context, self.waits)
        self.pauses = Pauses(self.context, self.waits)
        self.reminders = Reminders(self.context, self.pauses, self.deadlines)
        self.vacations = Vacations(self.context)
        self.departures = Departures(self.context)
        self.due = DueWork(
            self.context,
            self.waits,
            self.reminders,
            self.deadlines,
            self.departures,
            batch=batch,
            owner=owner or owner_id(),
        )
        self.digests = DailyDigests(self.context)
        self.quiet = QuietHours(self.context, self.departures)

    def attach(self) -> Scheduler:
        """Be the session's watch: told of every move, asked for the line under each board."""
        self.sessions.watch = self
        return self

    # ------------------------------------------------------------------ what the parts share

    @property
    def sessions(self) -> Sessions:
        return self.context.sessions

    @property
    def clocks(self) -> ClockStore:
        return self.context.clocks

    @property
    def clock(self) -> Callable[[], float]:
        return self.context.clock

    @property
    def outbox(self) -> Outbox:
        return self.context.outbox

    @outbox.setter
    def outbox(self, outbox: Outbox) -> None:
        self.context.outbox = outbox

    @property
    def owner(self) -> str:
        """The name this scheduler's leases carry (one per process; two schedulers never share it)."""
        return self.due.owner

    # ------------------------------------------------------------------ the session's watch

    async def changed(self, game_id: int, actor: Seat | None, table: Table | None = None) -> None:
        await self.waits.changed(game_id, actor, table)

    async def status_line(self, game_id: int, language: Language | None = None) -> str:
        return await self.waits.status_line(game_id, language)

    async def _reconcile(self, table: Table, actor: Seat | None) -> list[Wait]:
        """The game's waits brought in step now (:meth:`Waits.reconcile`; tests and benchmarks
        compare it with the adoption's)."""
        return await self.waits.reconcile(table, actor)

    # ------------------------------------------------------------------ the tick

    async def startup(self) -> None:
        await self.due.startup()

    async def tick(self) -> int:
        looked_at = await self.due.tick()
        await self.digests.tick(self.clock())  # the daily digests due (daily_digest.py)
        await self.quiet.tick(self.clock())  # turns held back in quiet hours (quiet_hours.py)
        return looked_at

    async def next_delay(self, cap: float) -> float:
        delay = await self.due.next_delay(cap)
        digest = await self.digests.next_at()  # the earliest daily digest (daily_digest.py)
        held = await self.quiet.next_at()  # the earliest turn held back (quiet_hours.py)
        for due in (digest, held):
            if due is not None:
                delay = min(delay, max(1.0, due - self.clock() + 1.0))
        return delay

    # ------------------------------------------------------------------ commands

    async def configure(
        self,
        game_id: int,
        *,
        deadline: float | None = None,
        remind_every: float | None = None,
        stall_after: int | None = None,
    ) -> ClockSettings:
        return await self.reminders.configure(
            game_id, deadline=deadline, remind_every=remind_every, stall_after=stall_after
        )

    async def set_reminders(
        self,
        channel_id: int,
        user_id: int,
        every: str | None,
        stall_after: int | None,
        *,
        moderator: bool = False,
    ) -> str:
        return await self.reminders.set_reminders(
            channel_id, user_id, every, stall_after, moderator=moderator
        )

    async def stall_vote(self, game_id: int, step: int, user_id: int, choice: str) -> str:
        return await self.reminders.stall_vote(game_id, step, user_id, choice)

    async def extend(
        self, channel_id: int, user_id: int, seconds: float | None, *, moderator: bool = False
    ) -> str:
        return await self.deadlines.extend(channel_id, user_id, seconds, moderator=moderator)

    async def vote_pause(self, channel_id: int, user_id: int) -> str:
        return await self.pauses.vote_pause(channel_id, user_id)

    async def pause_unreachable(self, game_id: int) -> bool:
        return await self.pauses.pause_unreachable(game_id)

    async def resume(self, channel_id: int, user_id: int) -> str:
        return await self.pauses.resume(channel_id, user_id)

    async def resume_reachable(self, game_id: int) -> bool:
        return await self.pauses.resume_reachable(game_id)

    async def relocate(self, channel_id: int, guild_id: int | None, user_id: int) -> str:
        return await self.pauses.relocate(channel_id, guild_id, user_id)

    async def snooze(self, channel_id: int, user_id: int) -> str:
        return await self.pauses.snooze(channel_id, user_id)

    async def user_settings(self, user_id: int) -> UserClock:
        return await self.vacations.user_settings(user_id)

    async def set_quiet_hours(
        self, user_id: int, *, time_zone: str | None = None, quiet: str | None = None
    ) -> UserClock:
        return await self.vacations.set_quiet_hours(user_id, time_zone=time_zone, quiet=quiet)

    async def set_vacation(self, user_id: int, days: float) -> str:
        return await self.vacations.set_vacation(user_id, days)

    async def set_digest(
        self, user_id: int, digest: str | None, *, zone_changed: bool = False
    ) -> DigestSetting | None:
        return await self.digests.choose(user_id, digest, zone_changed=zone_changed)
