"""Quiet hours that are quiet: who may be notified now, and what was held back until they end.

In a user's quiet hours (:func:`bot.core.scheduler.durations.quiet_until`) nothing notifies
them. :func:`held_back` is the one decision, given each user's clock; the Discord outbox asks it
(:meth:`QuietHours.hold`) before a board that newly awaits players: those held back are named on
the board without a ping (the table still sees whose turn it is) and get no turn DM. A private
note (a hand, a secret prompt) still reaches them by DM, but silently (:meth:`QuietHours.quiet_now`).

What was held back reaches them once, when their quiet hours end, if the game still awaits them
then (:meth:`QuietHours.tick`): one notice, by DM for a player who takes turn DMs, else one ping
in the game's channel. Several turns held back in one game in one night are one notice; a board
that pings them after their quiet hours ended carries it instead (the held one is dropped).
Reminders keep their own rule (:mod:`bot.core.scheduler.due` moves them to the same end); a
notice to the table pings nobody in their quiet hours (``Outbox.notifiable`` in the adapter asks
:meth:`QuietHours.quiet_now`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from bot.core.scheduler.context import Context
from bot.core.scheduler.departures import Departures
from bot.core.scheduler.durations import quiet_until
from bot.core.scheduler.notices import Notice
from bot.core.sessions import SessionError
from games.words import say, tell
from storage.clocks import UserClock
from storage.quiet_turns import HeldTurn, QuietTurnStore


def held_back(users: Iterable[int], clocks: Mapping[int, UserClock], now: float) -> dict[int, float]:
    """The users among ``users`` who may not be notified at ``now`` (inside their quiet hours,
    read in their own time zone), each with when they may again. A user without a clock in
    ``clocks`` has no quiet hours."""
    held: dict[int, float] = {}
    for user in users:
        clock = clocks.get(user)
        wake = quiet_until(clock, now) if clock is not None else None
        if wake is not None:
            held[user] = wake
    return held


class QuietHours:
    """Turn notifications held back in quiet hours, and sent once when they end."""

    def __init__(self, context: Context, departures: Departures) -> None:
        self.context = context
        self.departures = departures
        self.rows = QuietTurnStore(context.store)

    async def hold(self, game_id: int, users: Collection[int]) -> frozenset[int]:
        """Of ``users``, whom a board of ``game_id`` newly awaiting them may not notify now: each
        is kept to be told when their quiet hours end. The others are notified now, so what was
        held for them in this game is dropped."""
        if not users:
            return frozenset()
        ctx = self.context
        held = held_back(users, await ctx.clocks.user_clocks(users), ctx.clock())
        for user, wake in held.items():
            await self.rows.hold(HeldTurn(game_id, user, wake))
        for earlier in await self.rows.all(game_id):
            if earlier.user_id in users and earlier.user_id not in held:
                await self.rows.claim(earlier)
        return frozenset(held)

    async def quiet_now(self, users: Collection[int]) -> frozenset[int]:
        """Of ``users``, those in their quiet hours now: a private note reaches them without a
        notification (it is there to read; a turn it asks for is held like any other)."""
        if not users:
            return frozenset()
        ctx = self.context
        return frozenset(held_back(users, await ctx.clocks.user_clocks(users), ctx.clock()))

    async def next_at(self) -> float | None:
        """When the earliest held notification is due."""
        return min((h.until for h in await self.rows.all()), default=None)

    async def tick(self, now: float) -> int:
        """Tell each user whose quiet hours ended what was held back, once (across processes),
        in each game that still awaits them; returns how many were told."""
        told = 0
        for held in await self.rows.all():
            if held.until > now or not await self.rows.claim(held):
                continue
            if await self.tell(held):
                told += 1
        return told

    async def tell(self, held: HeldTurn) -> bool:
        """The one notice of a turn held back, if the game still awaits the user (and is
        neither over, gone nor paused) and they are still in the server."""
        ctx = self.context
        try:
            table = await ctx.sessions.table(held.game_id)
        except SessionError:  # the game is gone
            return False
        if table.record.status != "active" or table.state is None:
            return False
        if (await ctx.clocks.settings(held.game_id)).paused:
            return False
        if held.user_id not in {table.user_of(s) for s in table.game.to_act(table.state)}:
            return False
        if await self.departures.departed(table.record.guild_id, [held.user_id]):
            return False  # they left the server meanwhile (departures.py)
        prefs = await ctx.members.prefs(held.user_id)
        dm = held.user_id if prefs.dm_on_turn and not prefs.dm_closed else None
        said = say(
            "🔔 {who}, it is your turn in **{game}** (I kept quiet during your quiet hours).",
            who=f"<@{held.user_id}>",
            game=table.game.title,
        )
        public = await ctx.public(table)
        own = await ctx.own(held.user_id) if dm is not None else public
        notice = Notice(
            table.record.id,
            table.record.channel_id,
            tell(said, (), public),
            (held.user_id,),
            dm=dm,
            language=public,
            dm_text=tell(said, (), own) if dm is not None else None,
            dm_language=own,
        )
        return await ctx.outbox.notice(notice) is None
