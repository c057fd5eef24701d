"""Per user: time zone, quiet hours and vacations.

* Vacation: the user's waits in all games stop until the vacation ends (their reminders and
  deadlines move by its length, and waits that begin during it start when it ends); the tables
  are told, each at most once a day per player (:data:`VACATION_NOTICE_EVERY`, counted in the
  database: ``vacation_notices``), so toggling ``/vacation`` is not a way to spam a channel; the
  player hears which tables were not told again. Coming back counts as a notice too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import games
from bot.core.languages import language
from bot.core.scheduler.context import Context
from bot.core.scheduler.durations import check_zone, parse_quiet_hours
from bot.core.scheduler.notices import ClockError, Notice
from games.words import ENGLISH, Language, Said, say, say_n, tell
from storage.clocks import UserClock

VACATION_NOTICE_EVERY = 86400.0  # a table hears of one player's vacation at most once a day


@dataclass
class _Telling:
    """Which tables heard of a vacation now, which heard of it within a day, and which could not."""

    told: set[int] = field(default_factory=set)
    #: Tables told of this player's vacation within a day already.
    quiet: set[int] = field(default_factory=set)
    #: The games whose channel did not get the notice, and why.
    untold: list[Said] = field(default_factory=list)


class Vacations:
    """A user's own clock: time zone, quiet hours and vacations across all their games."""

    def __init__(self, context: Context) -> None:
        self.context = context

    async def user_settings(self, user_id: int) -> UserClock:
        """The user's time zone, quiet hours and vacation."""
        return await self.context.clocks.user_clock(user_id)

    async def set_quiet_hours(
        self, user_id: int, *, time_zone: str | None = None, quiet: str | None = None
    ) -> UserClock:
        """Set the user's time zone and quiet hours (as typed; None leaves one unchanged)."""
        clocks = self.context.clocks
        c = await clocks.user_clock(user_id)
        if time_zone is not None:
            c = replace(c, time_zone=check_zone(time_zone))
        if quiet is not None:
            span = parse_quiet_hours(quiet)
            c = replace(c, quiet_from=span[0] if span else None, quiet_to=span[1] if span else None)
        await clocks.set_user_clock(c)
        return c

    async def set_vacation(self, user_id: int, days: float) -> str:
        """Start (or change, or with 0 end) a vacation: the user's clocks stop in all games."""
        if not 0 <= days <= 60:
            raise ClockError(say("a vacation is 0 to 60 days (0 ends it)"))
        clocks = self.context.clocks
        now = self.context.clock()
        c = await clocks.user_clock(user_id)
        old_end = max(c.vacation_until or now, now)
        new_end = now + days * 86400
        await clocks.set_user_clock(replace(c, vacation_until=new_end if days else None))
        await self._shift_waits(user_id, new_end - old_end, now)
        telling = await self._tell_tables(user_id, days, new_end, now)
        return _vacation_answer(days, new_end, telling, await self.context.own(user_id))

    async def _shift_waits(self, user_id: int, shift: float, now: float) -> None:
        """Move the user's reminders and deadlines (and waits not begun yet) by ``shift`` seconds."""
        clocks = self.context.clocks
        for w in await clocks.waits_of_user(user_id):
            s = await clocks.settings(w.game_id)
            moved = replace(
                w,
                since=w.since + shift if w.since > now else w.since,
                remind_at=w.remind_at + shift if w.remind_at is not None else None,
                deadline_at=w.deadline_at + shift if w.deadline_at is not None else None,
            ).with_due(s.paused)
            others = [x for x in await clocks.waits(w.game_id) if x.seat != w.seat]
            await clocks.set_waits(w.game_id, [*others, moved])

    async def _tell_tables(self, user_id: int, days: float, new_end: float, now: float) -> _Telling:
        """Tell each of the user's active games, unless it heard of their vacation within a day."""
        ctx = self.context
        telling = _Telling()
        name = ctx.sessions.name(user_id)
        for record in await ctx.store.games_of_user(user_id, ("active",)):
            if record.id in telling.told | telling.quiet:
                continue
            if not await ctx.clocks.claim_vacation_notice(
                record.id, user_id, now=now, quiet=VACATION_NOTICE_EVERY
            ):
                telling.quiet.add(record.id)
                continue
            telling.told.add(record.id)
            if days:
                said = say(
                    "🏖️ {name} is on vacation until {until}: their clock is paused (no reminders, "
                    "no deadline) until they are back.",
                    name=name,
                    until=f"<t:{int(new_end)}:f>",
                )
            else:
                said = say("👋 {name} is back from vacation: their clock runs again.", name=name)
            public = language(await ctx.sessions.readers.game(record.guild_id))
            notice = Notice(record.id, record.channel_id, tell(said, (), public), language=public)
            failed = await ctx.outbox.notice(notice)
            if failed is not None:
                untold = say(
                    "{title} in {channel} ({why})",
                    title=games.get(record.game).title,
                    channel=f"<#{record.channel_id}>",
                    why=failed,
                )
                telling.untold.append(untold)
        return telling


def _vacation_answer(days: float, new_end: float, telling: _Telling, own: Language = ENGLISH) -> str:
    """The private answer to ``/vacation``, in its reader's language (``own``): the clocks' new
    state and the tables not told."""
    if not days:
        said: list[Said] = [say("Welcome back: your clocks run again.")]
    else:
        said = [
            say(
                "Enjoy! Your clocks are paused until {until} in {n} game(s).",
                until=f"<t:{int(new_end)}:f>",
                n=len(telling.told | telling.quiet),
            )
        ]
    if telling.quiet:
        said.append(
            say_n(
                "{n} of your tables heard of your vacation less than a day ago, so they were not told again.",
                "{n} of your tables heard of your vacation less than a day ago, so they were not told again.",
                len(telling.quiet),
            )
        )
    if telling.untold:
        untold = "; ".join(tell(game, (), own) for game in telling.untold)
        said.append(say("I could not tell the other players of {games}.", games=untold))
    return " ".join(tell(part, (), own) for part in said)
