"""A daily digest: one DM a day, at a time of day a player chose, about all their games.

``/settings digest:`` takes ``off`` or a time of day in the player's zone (``08:00``, ``8``;
:func:`parse_digest`). In the player's language it tells the games waiting on them (jump link,
and web page where pages are served: :attr:`DailyDigests.pages`), what happened since their last
digest in each running game (the public log only, their own actions left out) and their
deadlines in the next 24 hours. A digest with nothing to tell is not sent (the day counts).

*Instead of turn DMs*: ``08:00 only`` (a word in the same option, so one setting says it all):
no "your turn" DM and no reminder by DM (the reminder is posted in the channel, as for a player
without DMs), whatever ``dm_on_turn`` says; the table still pings them in the channel.

*When*: at the chosen time in the player's zone on each local day (a digest's *day* is the date
of that time). Turning it on or changing the time counts the day whose time passed as done.
Never in quiet hours: held to their end, still for the day it was due. Nothing during a
vacation (the day counts). Exactly once a day across processes: the database decides
(:meth:`storage.daily_digests.DigestStore.claim`, a conditional UPDATE of the last day sent); a
process that dies between the claim and the DM loses that day's digest (never sends it twice).
The tick finds digests to look at with one indexed query on ``next_at`` and the scheduler wakes
for the earliest (:meth:`DailyDigests.next_at`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from datetime import date, datetime, time, timedelta
from typing import Literal, Protocol, runtime_checkable

from bot.core import visibility
from bot.core.dashboard import jump_link
from bot.core.digests import _one_line, newest_fitting
from bot.core.languages import language
from bot.core.scheduler.context import Context
from bot.core.scheduler.durations import quiet_until, zone
from bot.core.scheduler.notices import ClockError
from bot.core.sessions import Table
from games.words import Language, Said, Text, say, say_n, tell
from storage.clocks import UserClock
from storage.daily_digests import DigestSetting, DigestStore
from util.records import frozen

log = logging.getLogger("floe.scheduler")

DAY = 86400.0
#: Digests looked at in one tick at most (the rest in the next ticks).
BATCH = 100
#: Actions told per game in a digest at most (the newest); the others are counted.
ACTIONS_TOLD = 5


@frozen
class DigestChoice:
    """What ``/settings digest:`` asked for: a time of day (None: off), and whether the digest
    comes instead of turn DMs."""

    minute: int | None
    instead_of_dms: bool = False


def parse_digest(text: str) -> DigestChoice:
    """``"off"`` -> off; ``"8"``, ``"08:00"``, ``"20:30"`` -> that time; ``"... only"`` -> instead
    of turn DMs."""
    words = text.strip().lower().split()
    if words in ([], ["off"], ["none"], ["no"]):
        return DigestChoice(None)
    instead = words[-1] == "only"
    m = re.fullmatch(r"(\d{1,2})(?:[:h.](\d{2}))?h?", "".join(words[:-1] if instead else words))
    if m is None or int(m[1]) > 23 or int(m[2] or 0) > 59:
        raise ClockError(
            say(
                "{text} is not a time of day: try 08:00, 8 or off (add only to have it instead of turn DMs)",
                text=repr(text),
            )
        )
    return DigestChoice(int(m[1]) * 60 + int(m[2] or 0), instead)


def digest_time(minute: int) -> str:
    """A digest's time of day as ``HH:MM``."""
    return f"{minute // 60:02}:{minute % 60:02}"


def digest_saying(setting: DigestSetting | None, *, asked: bool) -> Said | None:
    """What ``/settings`` says of the digest: when the person has one or just asked about it
    (None otherwise, so an answer without one reads as it always did)."""
    if setting is None:
        return say("Daily digest: off.") if asked else None
    at = digest_time(setting.at_minute)
    if setting.instead_of_dms:
        return say("Daily digest at {time}, instead of turn DMs.", time=at)
    return say("Daily digest at {time}.", time=at)


# --------------------------------------------------------------------------- when it comes


def slot_at(day: date, minute: int, time_zone: str | None) -> float:
    """When ``day``'s digest is due: its time of day in the zone, in seconds since the epoch."""
    when = datetime.combine(day, time(minute // 60, minute % 60), tzinfo=zone(time_zone))
    return when.timestamp()


def latest_day(minute: int, time_zone: str | None, now: float) -> date:
    """The local day of the latest digest time at or before ``now``."""
    today = datetime.fromtimestamp(now, zone(time_zone)).date()
    return today if slot_at(today, minute, time_zone) <= now else today - timedelta(days=1)


def next_slot(minute: int, time_zone: str | None, now: float) -> float:
    """The first digest time after ``now``."""
    return slot_at(latest_day(minute, time_zone, now) + timedelta(days=1), minute, time_zone)


@frozen
class Decision:
    """What to do with a digest now: ``wait`` (not due: look again at ``next_at``), ``hold``
    (due inside quiet hours: look again at their end) or ``send`` (the digest of ``day``, the
    next one looked at at ``next_at``)."""

    kind: Literal["wait", "hold", "send"]
    next_at: float
    day: str = ""


def decide(setting: DigestSetting, clock: UserClock, now: float) -> Decision:
    """Whether ``setting``'s digest is due at ``now`` for a player with ``clock`` (their zone and
    quiet hours)."""
    tz = clock.time_zone
    day = latest_day(setting.at_minute, tz, now)
    following = slot_at(day + timedelta(days=1), setting.at_minute, tz)
    if setting.last_day is not None and setting.last_day >= day.isoformat():
        return Decision("wait", following)
    wake = quiet_until(clock, now)
    if wake is not None:
        return Decision("hold", wake, day.isoformat())
    return Decision("send", following, day.isoformat())


def chosen(setting: DigestSetting, choice: DigestChoice, clock: UserClock, now: float) -> DigestSetting:
    """``setting`` (a new one: since ``now``) at the time ``choice`` asks for: the day whose time
    already passed counts as done, so the first digest comes at the next such time."""
    assert choice.minute is not None
    passed = latest_day(choice.minute, clock.time_zone, now).isoformat()
    return DigestSetting(
        setting.user_id,
        choice.minute,
        choice.instead_of_dms,
        next_slot(choice.minute, clock.time_zone, now),
        max(setting.last_day or passed, passed),
        setting.since,
    )


# --------------------------------------------------------------------------- what it says


@runtime_checkable
class DigestOutbox(Protocol):
    """An outbox that DMs digests (the Discord adapter's); a scheduler whose outbox is not one
    decides the digests and sends none."""

    async def send_digest(self, user_id: int, text: str) -> bool:
        """DM ``text`` to the user; whether it went out."""
        ...


@frozen
class GameNews:
    """One running game of the player, as their digest tells it."""

    title: str
    link: str
    page: str | None
    waiting: bool
    deadline: float | None
    happened: list[str]
    earlier: int  # public actions since the last digest not told (only counted)


class DailyDigests:
    """Decides each player's daily digest and sends it (module docstring)."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.rows = DigestStore(context.store)
        #: A game's web page address, when pages are served (None: no page for it). The front
        #: end that knows the web address sets it.
        self.pages: Callable[[int], Awaitable[str | None]] | None = None

    # ------------------------------------------------------------------ the settings

    async def setting(self, user_id: int) -> DigestSetting | None:
        return await self.rows.of(user_id)

    async def choose(
        self, user_id: int, text: str | None, *, zone_changed: bool = False
    ) -> DigestSetting | None:
        """Set the player's digest as typed (None: unchanged); returns it (None: off).
        ``zone_changed``: their time zone just changed, so the next digest time is found again."""
        kept = await self.rows.of(user_id)
        if text is None:
            if kept is not None and zone_changed:
                await self.rows.hold(user_id, self.context.clock())  # the next tick finds its time
            return kept
        choice = parse_digest(text)
        if choice.minute is None:
            await self.rows.stop(user_id)
            return None
        now = self.context.clock()
        clock = await self.context.clocks.user_clock(user_id)
        setting = chosen(kept or DigestSetting(user_id, 0, False, now, None, now), choice, clock, now)
        await self.rows.keep(setting)
        return setting

    async def instead_of_dms(self, user_id: int) -> bool:
        """Whether the player takes the digest instead of turn DMs (module docstring)."""
        return await self.rows.instead_of_dms(user_id)

    # ------------------------------------------------------------------ the tick

    async def next_at(self) -> float | None:
        """When the earliest digest is to be looked at."""
        return await self.rows.next_at()

    async def tick(self, now: float) -> int:
        """Look at the digests due at ``now``; returns how many were sent by this process."""
        sent = 0
        for setting in await self.rows.due(now, BATCH):
            try:
                sent += await self.look(setting, now)
            except Exception:
                log.exception("the daily digest of %s failed", setting.user_id)
        return sent

    async def look(self, setting: DigestSetting, now: float) -> bool:
        """Send ``setting``'s digest if it is due and this process claims it; else plan the next look."""
        clock = await self.context.clocks.user_clock(setting.user_id)
        decision = decide(setting, clock, now)
        if decision.kind != "send":
            await self.rows.hold(setting.user_id, decision.next_at)
            return False
        if not await self.rows.claim(setting.user_id, decision.day, now=now, next_at=decision.next_at):
            return False  # another process sent it
        if clock.vacation_until is not None and clock.vacation_until > now:
            return False
        outbox = self.context.outbox
        if not isinstance(outbox, DigestOutbox):
            return False
        text = await self.text(setting.user_id, setting.since, now)
        return text is not None and await outbox.send_digest(setting.user_id, text)

    # ------------------------------------------------------------------ the text

    async def text(self, user_id: int, since: float, now: float) -> str | None:
        """The player's digest at ``now`` in their language (None: nothing to tell)."""
        words = language(await self.context.sessions.readers.person(user_id))
        news = await self.news(user_id, since, now, words)
        return digest_text(news, now, words)

    async def news(self, user_id: int, since: float, now: float, words: Language) -> list[GameNews]:
        """Each running game of the player: whether it waits on them, their deadline, and what
        every player saw happen since ``since`` (told in ``words``)."""
        ctx = self.context
        deadlines: dict[int, float] = {}
        for w in await ctx.clocks.waits_of_user(user_id):
            if w.deadline_at is not None:
                deadlines[w.game_id] = min(w.deadline_at, deadlines.get(w.game_id, w.deadline_at))
        out = []
        for record in await ctx.store.games_of_user(user_id, ("active",)):
            table = await ctx.sessions.table(record.id)
            if table.state is None:
                continue
            waiting = user_id in {table.user_of(s) for s in table.game.to_act(table.state)}
            happened = await self._happened(table, user_id, since, words)
            told = newest_fitting(happened, ACTIONS_TOLD)
            page = await self.pages(record.id) if self.pages is not None and waiting else None
            out.append(
                GameNews(
                    table.game.title,
                    jump_link(record.guild_id, record.channel_id),
                    page,
                    waiting,
                    deadlines.get(record.id) if waiting else None,
                    told,
                    len(happened) - len(told),
                )
            )
        return out

    async def _happened(self, table: Table, user_id: int, since: float, words: Language) -> list[str]:
        """The public actions of others in ``table`` after ``since``, one line each."""
        rows = [r for r in await self.context.store.actions(table.record.id) if r.created_at > since]
        mine = set(table.seats_of(user_id))
        public = [r for r in visibility.public_log(table.game, rows) if r.seat not in mine]
        return [_one_line(self.context.sessions.tables, table, r, words) for r in public]


def digest_text(news: list[GameNews], now: float, words: Language) -> str | None:
    """The digest's text in ``words``: waiting games, what happened, deadlines (None: nothing)."""
    waiting = [g for g in news if g.waiting]
    happened = [g for g in news if g.happened]
    soon = [g for g in news if g.deadline is not None and now < g.deadline <= now + DAY]
    if not (waiting or happened or soon):
        return None
    parts: list[Text] = [say("📰 **Your daily digest**")]
    if waiting:
        parts.append(say("**Waiting on you**"))
        parts += [_waiting_line(g) for g in waiting]
    if happened:
        parts.append(say("**Since your last digest**"))
        parts += [_happened_line(g) for g in happened]
    if soon:
        parts.append(say("**Deadlines in the next 24 hours**"))
        parts += [
            f"• **{g.title}**: <t:{int(g.deadline or 0)}:f> (<t:{int(g.deadline or 0)}:R>)" for g in soon
        ]
    return "\n".join(p if isinstance(p, str) else tell(p, (), words) for p in parts)


def _waiting_line(game: GameNews) -> Text:
    if game.page is not None:
        return say(
            "• **{game}**: {link} (on the web: {page})", game=game.title, link=game.link, page=game.page
        )
    return f"• **{game.title}**: {game.link}"


def _happened_line(game: GameNews) -> Text:
    told = " · ".join(game.happened)
    if game.earlier:
        return say_n(
            "• **{game}**: {told} (and {n} earlier action in the game's log)",
            "• **{game}**: {told} (and {n} earlier actions in the game's log)",
            game.earlier,
            game=game.title,
            told=told,
        )
    return f"• **{game.title}**: {told}"
