"""Reminders, deadlines, pauses and vacations: the scheduler inside the bot.

Plain async Python with no discord import (the Discord side is :mod:`bot.adapter.cogs.clocks`); time comes
from an injected clock, so tests move it by hand and never sleep. Its state lives in the
database (:mod:`storage.clocks`), so it survives restarts.

How a wait works
----------------
* Every awaited seat has a *wait*: when its clock started, the next reminder, the deadline, the
  reminders sent. :meth:`Scheduler.changed` (called by the session after every move) keeps the
  waits in step with ``to_act``: a seat that stays awaited and did not act keeps its wait (so a
  simultaneous phase does not restart everyone's clock when one player moves); the seat that
  acted, and every newly awaited seat, starts a fresh one. The deadline is per move: acting
  shows the player is there.
* Reminders: after the game's interval (default 24 h; with a deadline, at the latest halfway to
  it), then once per interval. The text escalates; "you are the last one" when the phase awaited
  several players and only you remain. A user's quiet hours (in their IANA time zone) postpone a
  reminder to their end. After the bot was down, a missed reminder is sent once and the next
  one is an interval later (the count is never caught up in a burst).
* After ``stall_after`` reminders (default 3) without an answer, the table is told the game has
  stalled and offered a vote: pause, skip (the default applies now), or replace the player
  (``/game replace``). Reminders then stop for that wait.
* Who is asked for the host's work: a notice that needs it (the stall notice, the table's vote
  to replace the player, a deadline where the rules leave no default) names and pings the host
  while seated (:meth:`bot.core.sessions.Table.host_call`, the rule of ``Table.hosted_by``).
  Once the host's seat was given away (``/game replace``) it pings nobody and says that a
  moderator (Manage Server or the server's moderator role) acts, with the command to use: the
  bot does not know who the moderators are, the former host has no power left, and the players
  cannot do a host's work, so pinging any of them would ask someone who cannot act.
* Deadlines (optional, per game): on expiry the game's documented default is played for the
  seat (``default_action``; Polar Derby: ``time out``) until nothing more is asked of it. Secret
  defaults are never named. After downtime every deadline is pushed back by the time the bot was
  down: nobody times out because the bot could not hear them.
* Pause: when every seated player has voted ``/game pause``; any seated player resumes. While
  paused nothing is due; on resume every clock continues where it stopped. A player's second
  vote is refused privately: it changes nothing and pings nobody again. So is a stall vote the
  same as the voter's standing one (the votes are kept after the table decided, until the next
  stall): clicking "Replace the player" again does not ping the host again; another choice
  counts.
* Vacation: the user's waits in all games stop until the vacation ends (their reminders and
  deadlines move by its length, and waits that begin during it start when it ends); the tables
  are told, each at most once a day per player (:data:`VACATION_NOTICE_EVERY`, counted in the
  database: ``vacation_notices``), so toggling ``/vacation`` is not a way to spam a channel; the
  player hears which tables were not told again. Coming back counts as a notice too.
* Snooze: no more reminders for this turn (the deadline still holds).
* A game whose channel is gone, or closed to the bot (the front end finds out when a post is
  refused, or looks before a deadline's default: ``Outbox.reachable``), is paused
  (:meth:`Scheduler.pause_unreachable`, reason :data:`UNREACHABLE`): its clock neither plays nor
  records a missed deadline against a player who could not see the game. Resumed (the channel is
  back), its board is owed again (storage/owed.py), and the next tick posts it with its pings.

The work due is found with one indexed query (``waits.due_at``); each tick handles at most
``batch`` games, so a long downtime is worked off over a few ticks, not in one burst.

Several processes
-----------------
Every process runs its own scheduler on the shared database. A tick claims its due games
(:meth:`ClockStore.claim_due`: a lease of :data:`LEASE` per game, in the owner's name
``host:pid:random``), so each reminder, deadline default and stall notice happens once; a game is
released as soon as its work is done, and a dead process's leases run out. Its waits are written
only while the game is still at the step they were computed for (``set_waits(step=)``), so a
pass that loaded a game just before another process's move cannot undo that move's clocks.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import socket
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import games
from bot.core import visibility
from bot.core.adoption import Adoptions, Decoder, fresh_wait
from bot.core.sessions import NotHost, NotSeated, Reply, SessionError, Sessions, Table
from bot.core.tables import UNREACHABLE, lost_game_of
from games import AnyGame, GameError, Seat
from storage import ChannelBusy
from storage.clocks import ClockSettings, ClockStore, UserClock, Wait
from storage.owed import OwedPosts

log = logging.getLogger("floe.scheduler")

TICK = 60.0  # seconds between ticks of the bot's loop
MAX_DEFAULT_STEPS = 60  # defaults played for one seat at one expiry, at most
VACATION_NOTICE_EVERY = 86400.0  # a table hears of one player's vacation at most once a day
DOWNTIME_GRACE = 5 * 60.0  # a gap between ticks longer than this counts as downtime
VOTE_CHOICES = ("pause", "skip", "replace", "computer")
#: The level of the computer player a stall vote seats ("a computer plays for them").
STALL_COMPUTER_LEVEL = "normal"
ADOPT_BATCH = 2000  # games adopted per transaction on the first tick after an upgrade
#: A first pass decodes snapshots in worker processes once a page holds this many games.
POOL_FROM = ADOPT_BATCH
#: How long a tick's claim on a due game lasts (seconds). A game's work (a reminder, a deadline
#: default with its board render) takes well under a second; a batch stops at half the lease.
LEASE = 10 * 60.0


def owner_id() -> str:
    """This scheduler's name on its leases: host, process id and a random tail (host:pid:random)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class ClockError(SessionError):
    """A scheduler command that cannot be done; the message is for the user."""


# --------------------------------------------------------------------------- output


@dataclass(frozen=True)
class Notice:
    """A message for a game's channel (or, with ``dm``, for one user by DM, else the channel)."""

    game_id: int
    channel_id: int
    text: str
    mentions: tuple[int, ...] = ()
    #: Offer the stall vote (pause / skip / replace) for the game at this step.
    vote_step: int | None = None
    dm: int | None = None


class Outbox(Protocol):
    """Where the scheduler's messages go (the Discord adapter, or a list in tests)."""

    async def notice(self, notice: Notice) -> str | None:
        """Post ``notice``: None when it went out, else why not, in words for the players."""
        ...

    async def reply(self, reply: Reply) -> None: ...


def reminder_text(table: Table, user: int, waits: Sequence[Wait], level: int, s: ClockSettings) -> str:
    """The ``level``-th reminder for ``user``, awaited in ``waits`` (posted in the game's channel)."""
    game, state = table.game, table.state
    # a public post: the prompt names nothing hidden (Ice Hike's drawn tile)
    prompts = list(dict.fromkeys(visibility.public_prompt(game, state, w.seat) for w in waits))
    prompt = "; ".join(p for p in prompts if p) or "your move"
    since = int(min(w.since for w in waits))
    others = {table.user_of(seat) for seat in game.to_act(state)} - {user}
    last = any(w.shared for w in waits) and not others
    title = f"**{game.title}**"
    if level == 1:
        text = f"⏰ <@{user}>, a friendly reminder: {title} is waiting for you ({prompt})."
    elif level == 2:
        text = f"⏰ <@{user}>, {title} is still waiting for you since <t:{since}:R>: {prompt}."
    else:
        text = (
            f"⏰ <@{user}>, reminder {level}: the table has waited for you since <t:{since}:R> ({prompt}). "
            "If you cannot play for a while, use `/vacation` or `/game resign`."
        )
    if last:
        text += " You are the last one: everyone else has moved."
    deadlines = [w.deadline_at for w in waits if w.deadline_at is not None]
    if deadlines:
        text += f" Deadline <t:{int(min(deadlines))}:R>, then the rulebook default applies."
    if level >= s.stall_after:
        text += " Next time the table is asked what to do."
    return text


def not_told(failed: str | None) -> str:
    """What a command's answer adds when its change is saved but its notice did not go out
    (``failed``: why, from :meth:`Outbox.notice`): the change stands, so nobody retries it."""
    if failed is None:
        return ""
    return f" It is saved, but I could not post the notice in the game's channel ({failed}): the others have not been told."


# --------------------------------------------------------------------------- parsing


_UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str) -> float | None:
    """``"48h"``, ``"2d"``, ``"90m"``, ``"1d12h"`` -> seconds; ``""``/``"off"``/``"none"`` -> None."""
    text = text.strip().lower().replace(" ", "")
    if text in ("", "off", "none", "no", "0"):
        return None
    if text.isdigit():
        text += "h"
    parts = re.findall(r"(\d+(?:\.\d+)?)(min|m|h|d|w)", text)
    if not parts or "".join(n + u for n, u in parts) != text:
        raise ClockError(f"{text!r} is not a duration: try 48h, 2d or 90m")
    seconds = sum(float(n) * _UNITS[u] for n, u in parts)
    if not 5 * 60 <= seconds <= 60 * 86400:
        raise ClockError("a deadline is between 5 minutes and 60 days")
    return seconds


def parse_quiet_hours(text: str) -> tuple[int, int] | None:
    """``"22-7"`` or ``"22:30-07:00"`` -> minutes after midnight (from, to); ``"off"`` -> None."""
    text = text.strip().lower().replace(" ", "")
    if text in ("", "off", "none", "no"):
        return None
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?-(\d{1,2})(?::(\d{2}))?", text)
    if not m:
        raise ClockError(f"{text!r} is not a span of hours: try 22-7 or 22:30-07:00")
    h1, m1, h2, m2 = int(m[1]), int(m[2] or 0), int(m[3]), int(m[4] or 0)
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59 or (h1, m1) == (h2, m2):
        raise ClockError("quiet hours go from one time of day to another, like 22-7")
    return h1 * 60 + m1, h2 * 60 + m2


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def check_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ClockError(
            f"I do not know the time zone {name!r}: use a name like Europe/Berlin or America/New_York"
        ) from None
    return name


def quiet_until(user: UserClock, now: float) -> float | None:
    """When the user's quiet hours end, if ``now`` falls inside them; else None."""
    if user.quiet_from is None or user.quiet_to is None:
        return None
    tz = zone(user.time_zone)
    local = datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    start, end = user.quiet_from, user.quiet_to
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    day = local.date() if minute < end else local.date() + timedelta(days=1)
    wake = datetime(day.year, day.month, day.day, end // 60, end % 60, tzinfo=tz)
    return wake.astimezone(UTC).timestamp()


def describe(seconds: float) -> str:
    hours = seconds / 3600
    if hours >= 48 and hours % 24 == 0:
        return f"{int(hours // 24)} days"
    if hours >= 1:
        return f"{hours:g} h"
    return f"{int(seconds // 60)} min"


# --------------------------------------------------------------------------- the scheduler


def reaction_window(game: AnyGame, state: Any, seat: Seat) -> bool:
    """Whether ``seat`` is answering someone else's move (the game's optional ``reaction`` hook)."""
    hook = getattr(game, "reaction", None)
    return bool(hook(state, seat)) if hook is not None else False


def default_of(game: AnyGame, state: Any, seat: Seat) -> Any:
    """The game's documented deadline default for ``seat``."""
    chooser: Callable[[Any, Seat], Any] | None = getattr(game, "default_action", None)
    if chooser is None:
        raise GameError(f"{game.title} has no deadline default")
    return chooser(state, seat)


def computer_may_default(game: AnyGame) -> bool:
    """Whether the game's module rules a computer's move a safe deadline default."""
    import ai

    return bool(getattr(game, "computer_default_safe", False)) and ai.has_computer(game.name)


def computer_default(game: AnyGame, state: Any, seat: Seat, seed: int) -> Any:
    """The computer's choice for a missed deadline: the easy level (a one-ply look, quick enough
    to run here), from the seat's own view only."""
    import ai

    step = int(getattr(state, "step", 0))
    notation = ai.choose(game.name, game.view(state, seat), seat, "easy", seed + step)
    return game.parse_action(notation)


class Scheduler:
    def __init__(
        self,
        sessions: Sessions,
        outbox: Outbox,
        *,
        clock: Callable[[], float] | None = None,
        batch: int = 100,
        computer_defaults: bool = False,
        owner: str | None = None,
    ) -> None:
        self.sessions = sessions
        #: On a deadline, let the computer play the move (an easy-level choice from the seat's
        #: view) in games whose module rules it safe (``computer_default_safe``).
        self.computer_defaults = computer_defaults
        self.outbox = outbox
        self.clock = clock or sessions.clock
        self.clocks = ClockStore(sessions.store)
        self.batch = batch
        #: The name this scheduler's leases carry (one per process; two schedulers never share it).
        self.owner = owner or owner_id()
        self._started = False

    def attach(self) -> Scheduler:
        self.sessions.watch = self
        return self

    # ------------------------------------------------------------------ keeping waits in step

    async def changed(self, game_id: int, actor: Seat | None) -> None:
        """The game moved (or started): bring its waits in step with whom it awaits now."""
        try:
            await self._reconcile(await self.sessions.table(game_id), actor)
        except Exception:  # a scheduler failure never undoes a move; the next tick repairs
            log.exception("could not update the waits of game %s", game_id)

    async def _reconcile(
        self, table: Table, actor: Seat | None, *, fresh: frozenset[Seat] = frozenset()
    ) -> list[Wait]:
        game_id = table.record.id
        if table.record.status != "active" or table.state is None:
            await self.clocks.set_waits(game_id, [], step=table.record.step)
            return []
        settings = await self._settings(game_id)
        now = self.clock()
        # a computer seat has no clock: nobody to remind, and it moves by itself
        awaited = {seat for seat in table.game.to_act(table.state) if not table.is_computer(seat)}
        old = {w.seat: w for w in await self.clocks.waits(game_id)}
        users = {table.user_of(s) for s in awaited}
        vacations = await self.clocks.user_clocks(users)
        waits = []
        for seat in sorted(awaited):
            kept = old.get(seat)
            if kept is not None and seat != actor and seat not in fresh:
                waits.append(kept)
                continue
            waits.append(self._start_wait(settings, table, seat, vacations, now, shared=len(users) > 1))
        waits = [w.with_due(settings.paused) for w in waits]
        await self.clocks.set_waits(game_id, waits, step=table.record.step)
        return waits

    def _start_wait(
        self,
        settings: ClockSettings,
        table: Table,
        seat: Seat,
        vacations: dict[int, UserClock],
        now: float,
        *,
        shared: bool,
    ) -> Wait:
        """A new wait for ``seat``; during the user's vacation its clock starts when the vacation ends."""
        user = table.user_of(seat)
        start = max(now, vacations[user].vacation_until or now)
        window = reaction_window(table.game, table.state, seat)
        return fresh_wait(
            settings, table.record.id, seat, table.record.step, start, shared=shared, window=window
        )

    async def _adopt_unknown(self, now: float) -> int:
        """Give every active game the scheduler has never seen (an upgrade) its clock and waits.

        In pages of :data:`ADOPT_BATCH` games, in a pipeline: the next page is read while this
        one's clocks and waits are computed (:mod:`bot.core.adoption`: in worker processes, one
        per core, once a page is full, since decoding snapshots is nearly all the work) and the
        last one is written (one transaction per page). Returns how many games were adopted.
        """
        decoder = Decoder()
        adopted = 0
        vacations = await self.clocks.vacations(now)
        reading = asyncio.ensure_future(self.clocks.unclocked_games(limit=ADOPT_BATCH))
        computing: deque[asyncio.Future[Adoptions]] = deque()
        try:
            while page := await reading:
                reading = asyncio.ensure_future(
                    self.clocks.unclocked_games(after=page[-1].id, limit=ADOPT_BATCH)
                )
                many = len(page) >= POOL_FROM or bool(computing)
                computing.append(asyncio.ensure_future(decoder.adoptions(page, vacations, now, many=many)))
                if len(computing) > decoder.workers:  # every worker busy: write the oldest page
                    adopted += await self._adopt_page(computing.popleft())
            while computing:
                adopted += await self._adopt_page(computing.popleft())
        finally:
            reading.cancel()
            for job in computing:
                job.cancel()
            decoder.close(wait=not computing)  # done: the workers exit at once
        return adopted

    async def _adopt_page(self, computing: asyncio.Future[Adoptions]) -> int:
        settings, waits, unreadable = await computing
        for game_id in unreadable:  # left without a clock: its next move gives it one
            log.error("could not read the snapshot of game %s: not adopted", game_id)
        await self.clocks.adopt(settings, waits)
        return len(settings)

    async def _settings(self, game_id: int) -> ClockSettings:
        s = await self.clocks.stored_settings(game_id)
        if s is None:
            s = ClockSettings(game_id)
            await self.clocks.save_settings(s)
        return s

    async def status_line(self, game_id: int) -> str:
        """The line under a board: the deadline as a Discord timestamp, or that the game is paused."""
        s = await self.clocks.settings(game_id)
        if s.paused:
            return f"⏸️ Paused ({s.pause_reason or 'by the table'}): no reminders or deadlines until `/game resume`."
        deadlines = [w.deadline_at for w in await self.clocks.waits(game_id) if w.deadline_at is not None]
        if not deadlines:
            return ""
        return f"⏳ Deadline <t:{int(min(deadlines))}:R> (then the rulebook default applies)."

    # ------------------------------------------------------------------ settings

    async def configure(
        self,
        game_id: int,
        *,
        deadline: float | None = None,
        remind_every: float | None = None,
        stall_after: int | None = None,
    ) -> ClockSettings:
        s = await self.clocks.settings(game_id)
        s = replace(
            s,
            deadline=deadline if deadline is not None else s.deadline,
            remind_every=remind_every if remind_every is not None else s.remind_every,
            stall_after=stall_after if stall_after is not None else s.stall_after,
        )
        await self.clocks.save_settings(s)
        return s

    async def set_reminders(
        self,
        channel_id: int,
        user_id: int,
        every: str | None,
        stall_after: int | None,
        *,
        moderator: bool = False,
    ) -> str:
        """The host (or a moderator) sets the reminder interval and after how many reminders the table votes."""
        table = await self.sessions.table_in(channel_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(f"only {table.host_call().who} can change the reminders")
        seconds = parse_duration(every) if every else None
        if stall_after is not None and not 1 <= stall_after <= 10:
            raise ClockError("the table is asked after 1 to 10 reminders")
        s = await self.configure(table.record.id, remind_every=seconds, stall_after=stall_after)
        return (
            f"Reminders every {describe(s.remind_every)}; the table is asked after {s.stall_after} of them."
        )

    # ------------------------------------------------------------------ the tick

    async def startup(self) -> None:
        """The first tick after a start: forgive downtime on deadlines, adopt unknown games.

        :meth:`ClockStore.resume` records the tick and pushes deadlines back in one transaction,
        so processes starting together forgive a downtime once between them.
        """
        now = self.clock()
        last = await self.clocks.resume(now, DOWNTIME_GRACE)
        if last is not None and now - last > DOWNTIME_GRACE:
            log.info("the bot was down %.0f s: deadlines pushed back", now - last)
        adopted = await self._adopt_unknown(now)
        if adopted:
            log.info("the scheduler adopted %d games it had not seen", adopted)
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
        now = self.clock()
        await self.clocks.heartbeat(now)
        claimed = await self.clocks.claim_due(self.owner, now, LEASE, self.batch)
        began = time.monotonic()
        pending = list(claimed)
        done = 0
        try:
            while pending and time.monotonic() - began < LEASE / 2:
                game_id = pending.pop(0)
                try:
                    await self._game_due(game_id, now)
                except Exception:
                    log.exception("scheduler failed on game %s", game_id)
                finally:
                    await self.clocks.release(self.owner, [game_id])
                done += 1
        finally:
            await self.clocks.release(self.owner, pending)
        return done

    async def next_delay(self, cap: float) -> float:
        """Seconds until the earliest due work (one indexed query), between 1 and ``cap``."""
        due = await self.clocks.next_due()
        if due is None:
            return cap
        return min(cap, max(1.0, due - self.clock() + 1.0))

    async def _game_due(self, game_id: int, now: float) -> None:
        table = await self.sessions.table(game_id)
        if table.record.status != "active" or table.state is None:
            await self.clocks.set_waits(game_id, [], step=table.record.step)
            return
        settings = await self._settings(game_id)
        waits = await self.clocks.waits(game_id)
        if {w.seat for w in waits} != set(table.game.to_act(table.state)):
            waits = await self._reconcile(table, None)  # out of step (an undo, a lost hook): repair
        if settings.paused:
            await self.clocks.set_waits(game_id, [w.with_due(True) for w in waits], step=table.record.step)
            return
        users = await self.clocks.user_clocks(table.user_of(w.seat) for w in waits)
        # a user on vacation: nothing is due before it ends
        away = {u for u, c in users.items() if c.vacation_until is not None and c.vacation_until > now}
        # deadlines first: the default applies
        expired = [
            w
            for w in waits
            if w.deadline_at is not None and w.deadline_at <= now and table.user_of(w.seat) not in away
        ]
        if expired:
            for w in expired:
                await self._expire(game_id, w.seat)
            return
        out: list[Wait] = []
        by_user: dict[int, list[Wait]] = {}
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
                out.append(w)
            elif w.remind_at is not None and w.remind_at <= now and not w.snoozed:
                by_user.setdefault(user, []).append(w)
            else:
                out.append(w)
        stalled: list[Wait] = []
        for user, mine in by_user.items():
            wake = quiet_until(users[user], now)
            if wake is not None:
                out += [replace(w, remind_at=wake) for w in mine]
                continue
            if min(w.reminders for w in mine) >= settings.stall_after:
                stalled += [replace(w, stalled=True, remind_at=None) for w in mine]
                continue
            level = max(w.reminders for w in mine) + 1
            await self._remind(table, user, mine, level, settings)
            out += [
                replace(w, reminders=w.reminders + 1, reminded_at=now, remind_at=now + settings.remind_every)
                for w in mine
            ]
        if stalled:
            await self._stall(table, stalled, settings)
        await self.clocks.set_waits(
            game_id, [w.with_due(False) for w in out + stalled], step=table.record.step
        )

    # ------------------------------------------------------------------ reminders and stalls

    async def _remind(
        self, table: Table, user: int, waits: Sequence[Wait], level: int, s: ClockSettings
    ) -> None:
        text = reminder_text(table, user, waits, level, s)
        prefs = await self.sessions.store.prefs(user)
        dm = user if prefs.dm_on_turn and not prefs.dm_closed else None
        await self.outbox.notice(Notice(table.record.id, table.record.channel_id, text, (user,), dm=dm))

    async def _stall(self, table: Table, waits: Sequence[Wait], s: ClockSettings) -> None:
        users = sorted({table.user_of(w.seat) for w in waits})
        names = ", ".join(self.sessions.name(u) for u in users)
        since = int(min(w.since for w in waits))
        others = [u for u in table.humans() if u not in users]
        text = (
            f"🧊 This {table.game.title} game has stalled: it has waited for {names} since <t:{since}:R> "
            f"and {s.stall_after} reminders went unanswered. The other players may vote: **pause** the game, "
            f"**skip** (the rulebook default is played now), **replace** the player ({table.host_call().who_may} "
            "uses `/game replace`), or let **a computer** play for them from now on. A majority decides."
        )
        await self.clocks.save_settings(replace(await self.clocks.settings(table.record.id), stall_votes=()))
        await self.outbox.notice(
            Notice(table.record.id, table.record.channel_id, text, tuple(others), vote_step=table.record.step)
        )

    async def stall_vote(self, game_id: int, step: int, user_id: int, choice: str) -> str:
        """A vote on a stalled game; returns the private answer. A majority of the others decides."""
        if choice not in VOTE_CHOICES:
            raise ClockError("vote pause, skip, replace or computer")
        table = await self.sessions.table(game_id)
        if table.record.status != "active" or table.state is None:
            raise ClockError("that game is not being played any more")
        if table.record.step != step:
            raise ClockError("the game has moved on since that vote: no need to decide any more")
        waits = [w for w in await self.clocks.waits(game_id) if w.stalled]
        stalled_users = {table.user_of(w.seat) for w in waits}
        if not stalled_users:
            raise ClockError("the game is not stalled any more")
        playing = await self.sessions.still_playing(table)  # computers and resigned players do not vote
        voters = [u for u in table.humans() if u in playing and u not in stalled_users]
        if user_id not in voters:
            raise NotSeated("only the other players still in this game vote on it")
        s = await self.clocks.settings(game_id)
        votes = dict(s.stall_votes)
        if votes.get(user_id) == choice:  # kept after a decision too: a repeat decides nothing again
            raise ClockError(
                f"your vote ({choice}) is in already. Nothing was changed and nobody was pinged again"
            )
        votes[user_id] = choice
        s = replace(s, stall_votes=tuple(sorted(votes.items())))
        await self.clocks.save_settings(s)
        count = sum(1 for c in votes.values() if c == choice)
        if count * 2 <= len(voters):
            return f"Your vote ({choice}) is in: {count} of {len(voters)} so far."
        names = ", ".join(self.sessions.name(u) for u in sorted(stalled_users))
        channel = table.record.channel_id
        failed: str | None = None  # why the decision's notice did not go out
        if choice == "pause":
            await self._pause(table, "the table voted after a stall")
            text = f"⏸️ The table voted to pause the {table.game.title} game. Any player still in the game resumes it with `/game resume`."
            failed = await self.outbox.notice(Notice(game_id, channel, text))
        elif choice == "skip":
            for w in waits:
                await self._expire(game_id, w.seat, why=f"The table voted to skip {names}")
        elif choice == "computer":
            from bot.core.tables import seat_computers

            for user in sorted(stalled_users):
                reply = await seat_computers(
                    self.sessions,
                    game_id,
                    user,
                    STALL_COMPUTER_LEVEL,
                    intro="The table voted after a stall. ",
                )
                await self.outbox.reply(reply)
        else:
            host = table.host_call()
            text = (
                f"The table wants to replace {names}: {host.who_may} moves the seat with "
                f"`/game replace` to a player who takes over."
            )
            failed = await self.outbox.notice(Notice(game_id, channel, text, host.pings))
        return f"Your vote ({choice}) decided it." + not_told(failed)

    # ------------------------------------------------------------------ deadlines

    async def _expire(self, game_id: int, seat: Seat, *, why: str = "") -> None:
        """Play the documented default for ``seat`` until nothing more is asked of it; not in a
        game whose channel the players can no longer see (the outbox pauses it instead)."""
        table = await self.sessions.table(game_id)
        reachable = getattr(self.outbox, "reachable", None)
        if reachable is not None and not await reachable(game_id, table.record.channel_id):
            return
        name = self.sessions.name(table.user_of(seat))
        by_computer = self.computer_defaults and computer_may_default(table.game)
        played = "the computer plays for them" if by_computer else "the rulebook default is played for them"
        intro = f"⌛ {why or f'Time is up for {name}'}: {played}."
        secret: list[bool] = []

        def choose(game: AnyGame, state: Any, s: Seat) -> Any:
            action = (
                computer_default(game, state, s, table.record.seed)
                if by_computer
                else default_of(game, state, s)
            )
            secret.append(games.is_secret(action))
            return action

        try:
            reply = await self.sessions.play_for(game_id, seat, choose, intro=intro, limit=MAX_DEFAULT_STEPS)
        except GameError:
            log.exception("no default applies in game %s for seat %s", game_id, seat)
            await self._reconcile(table, None)
            waits = [replace(w, deadline_at=None) for w in await self.clocks.waits(game_id)]
            await self.clocks.set_waits(game_id, [w.with_due(False) for w in waits])
            host = table.host_call()
            text = (
                f"⌛ Time is up for {name}, and the rules leave no default here: {host.who_may} can move "
                "the seat to another player with `/game replace`."
            )
            await self.outbox.notice(Notice(game_id, table.record.channel_id, text, host.pings))
            return
        if reply is None:
            return
        if not table.is_computer(seat):  # the reliability record counts a missed deadline
            await self.sessions.store.reliability.count_missed(table.user_of(seat))
        await self.outbox.reply(reply)
        if reply.post is None:  # the default was a secret choice: say only that time is up
            await self.outbox.notice(Notice(game_id, table.record.channel_id, intro))

    async def extend(
        self, channel_id: int, user_id: int, seconds: float | None, *, moderator: bool = False
    ) -> str:
        """The host (or a moderator) gives the awaited players more time (default: one deadline period)."""
        table = await self.sessions.table_in(channel_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(f"only {table.host_call().who} can extend the deadline")
        s = await self._settings(table.record.id)
        waits = [w for w in await self.clocks.waits(table.record.id) if w.deadline_at is not None]
        if not waits:
            raise ClockError("this game has no deadline running")
        more = seconds or s.deadline or 24 * 3600.0
        waits = [replace(w, deadline_at=(w.deadline_at or 0) + more).with_due(s.paused) for w in waits]
        others = [w for w in await self.clocks.waits(table.record.id) if w.deadline_at is None]
        await self.clocks.set_waits(table.record.id, waits + others, step=table.record.step)
        until = int(min(w.deadline_at or 0 for w in waits))
        by = "The host" if table.hosted_by(user_id) else "A moderator"
        text = f"⏳ {by} gave {describe(more)} more: the deadline is now <t:{until}:R>."
        failed = await self.outbox.notice(Notice(table.record.id, channel_id, text))
        return f"Deadline extended by {describe(more)}." + not_told(failed)

    # ------------------------------------------------------------------ pause, resume, snooze

    async def vote_pause(self, channel_id: int, user_id: int) -> str:
        """A vote to pause: the game pauses once every player still in it voted (votes of
        players who resigned or were replaced since do not count)."""
        table = await self.sessions.table_in(channel_id)
        players = await self._still_playing(table, user_id, "pausing it")
        s = await self._settings(table.record.id)
        if s.paused:
            return "The game is already paused."
        if user_id in s.pause_votes:
            raise ClockError(
                f"you have voted to pause already ({len(s.pause_votes & players)} of {len(players)}): the "
                "game pauses when every player has. Nothing was changed and nobody was pinged again"
            )
        votes = (s.pause_votes & players) | {user_id}
        await self.clocks.save_settings(replace(s, pause_votes=frozenset(votes)))
        if votes >= players:
            await self._pause(table, "every player voted")
            text = f"⏸️ Every player voted: the {table.game.title} game is paused. Any player still in the game resumes it with `/game resume`."
            failed = await self.outbox.notice(Notice(table.record.id, channel_id, text))
            return "The game is paused." + not_told(failed)
        missing = sorted(players - votes)
        text = (
            f"{self.sessions.name(user_id)} votes to pause the game ({len(votes)} of {len(players)}). "
            "Every player has to agree: the others use `/game pause` too."
        )
        failed = await self.outbox.notice(Notice(table.record.id, channel_id, text, tuple(missing)))
        return f"Your vote is in ({len(votes)} of {len(players)})." + not_told(failed)

    async def _pause(self, table: Table, reason: str) -> None:
        s = await self._settings(table.record.id)
        await self.clocks.save_settings(
            replace(s, paused_at=self.clock(), pause_reason=reason, pause_votes=frozenset())
        )
        waits = await self.clocks.waits(table.record.id)
        await self.clocks.set_waits(
            table.record.id, [w.with_due(True) for w in waits], step=table.record.step
        )

    async def pause_unreachable(self, game_id: int) -> bool:
        """Pause an active game whose channel is gone or closed to the bot (reason
        :data:`UNREACHABLE`); returns whether it was paused now (False: already, or not active)."""
        table = await self.sessions.table(game_id)
        if table.record.status != "active":
            return False
        s = await self._settings(game_id)
        if s.paused and s.pause_reason == UNREACHABLE:
            return False
        await self._pause(table, UNREACHABLE)
        return True

    async def resume(self, channel_id: int, user_id: int) -> str:
        table = await self.sessions.table_in(channel_id)
        await self._still_playing(table, user_id, "resuming it")
        s = await self._settings(table.record.id)
        if not s.paused:
            raise ClockError("the game is not paused")
        await self._run_again(table, s)
        text = f"▶️ {self.sessions.name(user_id)} resumed the game: the clock runs again."
        line = await self.status_line(table.record.id)
        failed = await self.outbox.notice(Notice(table.record.id, channel_id, f"{text} {line}".strip()))
        return "The game runs again." + not_told(failed)

    async def relocate(self, channel_id: int, guild_id: int | None, user_id: int) -> str:
        """Move the game ``user_id`` hosts whose channel is lost (paused: :data:`UNREACHABLE`)
        to ``channel_id`` and run it again there; its board is owed, for the next post of owed
        boards. Refused, changing nothing, where the channel has a game, for another server's
        game, or when the host has no such game."""
        if await self.sessions.store.open_game_in(channel_id) is not None:
            raise ClockError("this channel already has a game: move yours to a channel without one")
        table = await lost_game_of(self.sessions, user_id)
        if table is None or table.record.guild_id != guild_id:
            raise ClockError(
                "you host no game whose channel was lost in this server (only its host can move a game)"
            )
        try:
            moved = await self.sessions.store.move_game(table.record.id, channel_id, now=self.clock())
        except ChannelBusy:
            raise ClockError("this channel already has a game: move yours to a channel without one") from None
        if not moved:
            raise ClockError("that game is over")
        await self._run_again(
            await self.sessions.table(table.record.id), await self._settings(table.record.id)
        )
        return f"Your {table.game.title} game continues here: its board follows in a moment."

    async def _run_again(self, table: Table, s: ClockSettings) -> None:
        """Unpause: the waits' reminders and deadlines move on by the time paused. A game paused
        because its channel was lost owes its board again (the channel is back, or it moved)."""
        now = self.clock()
        waits = []
        for w in await self.clocks.waits(table.record.id):
            gap = max(0.0, now - max(s.paused_at or now, w.since))
            waits.append(
                replace(
                    w,
                    remind_at=w.remind_at + gap if w.remind_at is not None else None,
                    deadline_at=w.deadline_at + gap if w.deadline_at is not None else None,
                ).with_due(False)
            )
        await self.clocks.save_settings(
            replace(s, paused_at=None, pause_reason=None, pause_votes=frozenset())
        )
        await self.clocks.set_waits(table.record.id, waits, step=table.record.step)
        if s.pause_reason == UNREACHABLE:
            people = [
                table.user_of(seat) for seat in table.game.to_act(table.state) if not table.is_computer(seat)
            ]
            owed = self.sessions.debt(table, pings=people, notes=[])
            if owed is not None:
                await OwedPosts(self.sessions.store).owe(replace(owed, until=now))

    async def snooze(self, channel_id: int, user_id: int) -> str:
        table = await self.sessions.table_in(channel_id)
        mine = set(self._seated_active(table, user_id))
        s = await self._settings(table.record.id)
        waits = await self.clocks.waits(table.record.id)
        if not any(w.seat in mine for w in waits):
            raise ClockError("nothing is asked of you right now")
        waits = [replace(w, snoozed=True).with_due(s.paused) if w.seat in mine else w for w in waits]
        await self.clocks.set_waits(table.record.id, waits, step=table.record.step)
        return "No more reminders for this turn." + (" The deadline still holds." if s.deadline else "")

    async def _still_playing(self, table: Table, user_id: int, what: str) -> set[int]:
        """The people still in the active game (:meth:`Sessions.still_playing`), refusing a user
        who is not one of them: the others decide ``what``."""
        self._seated_active(table, user_id)
        players = await self.sessions.still_playing(table)
        if user_id not in players:
            raise NotSeated(f"you resigned from this game: the players still in it decide about {what}")
        return players

    def _seated_active(self, table: Table, user_id: int) -> list[Seat]:
        if table.record.status != "active":
            raise ClockError(
                "the game has not started yet" if table.record.status == "lobby" else "that game is over"
            )
        mine = table.seats_of(user_id)
        if not mine:
            raise NotSeated("you are not playing in this game")
        return mine

    # ------------------------------------------------------------------ per user

    async def user_settings(self, user_id: int) -> UserClock:
        return await self.clocks.user_clock(user_id)

    async def set_quiet_hours(
        self, user_id: int, *, time_zone: str | None = None, quiet: str | None = None
    ) -> UserClock:
        c = await self.clocks.user_clock(user_id)
        if time_zone is not None:
            c = replace(c, time_zone=check_zone(time_zone))
        if quiet is not None:
            span = parse_quiet_hours(quiet)
            c = replace(c, quiet_from=span[0] if span else None, quiet_to=span[1] if span else None)
        await self.clocks.set_user_clock(c)
        return c

    async def set_vacation(self, user_id: int, days: float) -> str:
        """Start (or change, or with 0 end) a vacation: the user's clocks stop in all games."""
        if not 0 <= days <= 60:
            raise ClockError("a vacation is 0 to 60 days (0 ends it)")
        now = self.clock()
        c = await self.clocks.user_clock(user_id)
        old_end = max(c.vacation_until or now, now)
        new_end = now + days * 86400
        shift = new_end - old_end
        await self.clocks.set_user_clock(replace(c, vacation_until=new_end if days else None))
        told: set[int] = set()
        quiet: set[int] = set()  # tables told of this player's vacation within a day already
        untold: list[str] = []  # the games whose channel did not get the notice, and why
        name = self.sessions.name(user_id)
        for w in await self.clocks.waits_of_user(user_id):
            s = await self.clocks.settings(w.game_id)
            moved = replace(
                w,
                since=w.since + shift if w.since > now else w.since,
                remind_at=w.remind_at + shift if w.remind_at is not None else None,
                deadline_at=w.deadline_at + shift if w.deadline_at is not None else None,
            ).with_due(s.paused)
            others = [x for x in await self.clocks.waits(w.game_id) if x.seat != w.seat]
            await self.clocks.set_waits(w.game_id, [*others, moved])
        for record in await self.sessions.store.games_of_user(user_id, ("active",)):
            if record.id in told | quiet:
                continue
            if not await self.clocks.claim_vacation_notice(
                record.id, user_id, now=now, quiet=VACATION_NOTICE_EVERY
            ):
                quiet.add(record.id)
                continue
            told.add(record.id)
            if days:
                text = (
                    f"🏖️ {name} is on vacation until <t:{int(new_end)}:f>: their clock is paused (no reminders, "
                    "no deadline) until they are back."
                )
            else:
                text = f"👋 {name} is back from vacation: their clock runs again."
            failed = await self.outbox.notice(Notice(record.id, record.channel_id, text))
            if failed is not None:
                untold.append(f"{games.get(record.game).title} in <#{record.channel_id}> ({failed})")
        if not days:
            answer = "Welcome back: your clocks run again."
        else:
            answer = (
                f"Enjoy! Your clocks are paused until <t:{int(new_end)}:f> in {len(told | quiet)} game(s)."
            )
        if quiet:
            answer += (
                f" {len(quiet)} of your tables heard of your vacation less than a day ago, so they were "
                "not told again."
            )
        if untold:
            answer += f" I could not tell the other players of {'; '.join(untold)}."
        return answer
