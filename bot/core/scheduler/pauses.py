"""Pauses: the players' vote, resume, a game whose channel was lost and its move, and snooze.

* Pause: when every seated player still in the game has voted ``/game pause``; any of them
  resumes. While paused nothing is due; on resume every clock continues where it stopped (the
  waits' reminders and deadlines move on by the time paused). A player's second vote is refused
  privately: it changes nothing and pings nobody again.
* A game whose channel is gone, or closed to the bot (the front end finds out when a post is
  refused, or looks before a deadline's default: ``Outbox.reachable``), is paused
  (:meth:`Pauses.pause_unreachable`, reason :data:`UNREACHABLE`): its clock neither plays nor
  records a missed deadline against a player who could not see the game. Resumed (the channel is
  back), or moved by its host to another channel (:meth:`Pauses.relocate`), its board is owed
  again (storage/owed.py), and the next tick posts it with its pings.
* Snooze: no more reminders for this turn (the deadline still holds).
"""

from __future__ import annotations

from dataclasses import replace

from bot.core.scheduler.context import Context
from bot.core.scheduler.notices import ClockError, Notice, not_told
from bot.core.scheduler.waits import Waits
from bot.core.sessions import NotSeated, Table
from bot.core.tables import UNREACHABLE
from games import Seat
from games.words import Said, say, tell
from storage import ChannelBusy
from storage.clocks import ClockSettings
from storage.owed import OwedPosts

CHANNEL_TAKEN = say("this channel already has a game: move yours to a channel without one")


class Pauses:
    """Stops and restarts a game's clock: the players' vote, a lost channel, a snooze."""

    def __init__(self, context: Context, waits: Waits) -> None:
        self.context = context
        self.waits = waits

    async def vote_pause(self, channel_id: int, user_id: int) -> str:
        """A vote to pause: the game pauses once every player still in it voted (votes of
        players who resigned or were replaced since do not count)."""
        ctx = self.context
        table = await ctx.sessions.table_in(channel_id)
        players = await self.still_playing(table, user_id, say("pausing it"))
        s = await ctx.settings(table.record.id)
        own = await ctx.own(user_id)
        if s.paused:
            return tell(say("The game is already paused."), (), own)
        if user_id in s.pause_votes:
            raise ClockError(
                say(
                    "you have voted to pause already ({votes} of {players}): the "
                    "game pauses when every player has. Nothing was changed and nobody was pinged again",
                    votes=len(s.pause_votes & players),
                    players=len(players),
                )
            )
        votes = (s.pause_votes & players) | {user_id}
        await ctx.clocks.save_settings(replace(s, pause_votes=frozenset(votes)))
        public = await ctx.public(table)
        if votes >= players:
            await self.pause(table, "every player voted")
            paused = say(
                "⏸️ Every player voted: the {title} game is paused. Any player still in the game "
                "resumes it with {command}.",
                title=table.game.title,
                command="`/game resume`",
            )
            notice = Notice(table.record.id, channel_id, tell(paused, (), public), language=public)
            failed = await ctx.outbox.notice(notice)
            return tell(say("The game is paused."), (), own) + not_told(failed, own)
        missing = sorted(players - votes)
        voted = say(
            "{name} votes to pause the game ({votes} of {players}). Every player has to agree: the "
            "others use {command} too.",
            name=ctx.sessions.name(user_id),
            votes=len(votes),
            players=len(players),
            command="`/game pause`",
        )
        notice = Notice(table.record.id, channel_id, tell(voted, (), public), tuple(missing), language=public)
        failed = await ctx.outbox.notice(notice)
        counted = say("Your vote is in ({votes} of {players}).", votes=len(votes), players=len(players))
        return tell(counted, (), own) + not_told(failed, own)

    async def pause(self, table: Table, reason: str) -> None:
        """Stop the game's clock now, for ``reason`` (shown under its board); the votes are spent."""
        ctx = self.context
        s = await ctx.settings(table.record.id)
        await ctx.clocks.save_settings(
            replace(s, paused_at=ctx.clock(), pause_reason=reason, pause_votes=frozenset())
        )
        waits = await ctx.clocks.waits(table.record.id)
        await ctx.clocks.set_waits(table.record.id, [w.with_due(True) for w in waits], step=table.record.step)

    async def pause_unreachable(self, game_id: int) -> bool:
        """Pause an active game whose channel is gone or closed to the bot (reason
        :data:`UNREACHABLE`); returns whether it was paused now (False: already, or not active)."""
        ctx = self.context
        table = await ctx.sessions.table(game_id)
        if table.record.status != "active":
            return False
        s = await ctx.settings(game_id)
        if s.paused and s.pause_reason == UNREACHABLE:
            return False
        await self.pause(table, UNREACHABLE)
        return True

    async def resume(self, channel_id: int, user_id: int) -> str:
        """Any player still in the game runs its clock again."""
        ctx = self.context
        table = await ctx.sessions.table_in(channel_id)
        await self.still_playing(table, user_id, say("resuming it"))
        s = await ctx.settings(table.record.id)
        if not s.paused:
            raise ClockError(say("the game is not paused"))
        await self._run_again(table, s)
        public, own = await ctx.public(table), await ctx.own(user_id)
        resumed = say("▶️ {name} resumed the game: the clock runs again.", name=ctx.sessions.name(user_id))
        line = await self.waits.status_line(table.record.id, public)
        text = f"{tell(resumed, (), public)} {line}".strip()
        failed = await ctx.outbox.notice(Notice(table.record.id, channel_id, text, language=public))
        return tell(say("The game runs again."), (), own) + not_told(failed, own)

    async def relocate(self, channel_id: int, guild_id: int | None, user_id: int) -> str:
        """Move the game ``user_id`` hosts whose channel is lost (paused: :data:`UNREACHABLE`)
        to ``channel_id`` and run it again there; its board is owed, for the next post of owed
        boards. Refused, changing nothing, where the channel has a game, for another server's
        game, or when the host has no such game."""
        ctx = self.context
        if await ctx.store.open_game_in(channel_id) is not None:
            raise ClockError(CHANNEL_TAKEN)
        table = await ctx.tables.lost_game_of(user_id)
        if table is None or table.record.guild_id != guild_id:
            raise ClockError(
                say("you host no game whose channel was lost in this server (only its host can move a game)")
            )
        try:
            moved = await ctx.store.move_game(table.record.id, channel_id, now=ctx.clock())
        except ChannelBusy:
            raise ClockError(CHANNEL_TAKEN) from None
        if not moved:
            raise ClockError(say("that game is over"))
        await self._run_again(await ctx.sessions.table(table.record.id), await ctx.settings(table.record.id))
        moved_here = say(
            "Your {title} game continues here: its board follows in a moment.", title=table.game.title
        )
        return tell(moved_here, (), await ctx.own(user_id))

    async def _run_again(self, table: Table, s: ClockSettings) -> None:
        """Unpause: the waits' reminders and deadlines move on by the time paused. A game paused
        because its channel was lost owes its board again (the channel is back, or it moved)."""
        ctx = self.context
        now = ctx.clock()
        waits = []
        for w in await ctx.clocks.waits(table.record.id):
            gap = max(0.0, now - max(s.paused_at or now, w.since))
            waits.append(
                replace(
                    w,
                    remind_at=w.remind_at + gap if w.remind_at is not None else None,
                    deadline_at=w.deadline_at + gap if w.deadline_at is not None else None,
                ).with_due(False)
            )
        await ctx.clocks.save_settings(replace(s, paused_at=None, pause_reason=None, pause_votes=frozenset()))
        await ctx.clocks.set_waits(table.record.id, waits, step=table.record.step)
        if s.pause_reason == UNREACHABLE:
            await self._owe_board(table, now)

    async def _owe_board(self, table: Table, now: float) -> None:
        """The game's board is owed again, pinging the people it awaits (its channel was lost)."""
        sessions = self.context.sessions
        people = [
            table.user_of(seat) for seat in table.game.to_act(table.state) if not table.is_computer(seat)
        ]
        owed = sessions.moves.debt(table, pings=people, notes=[])
        if owed is not None:
            await OwedPosts(self.context.store).owe(replace(owed, until=now))

    async def snooze(self, channel_id: int, user_id: int) -> str:
        """No more reminders for the user's seats this turn; the deadline still holds."""
        ctx = self.context
        table = await ctx.sessions.table_in(channel_id)
        mine = set(seated_active(table, user_id))
        s = await ctx.settings(table.record.id)
        waits = await ctx.clocks.waits(table.record.id)
        if not any(w.seat in mine for w in waits):
            raise ClockError(say("nothing is asked of you right now"))
        waits = [replace(w, snoozed=True).with_due(s.paused) if w.seat in mine else w for w in waits]
        await ctx.clocks.set_waits(table.record.id, waits, step=table.record.step)
        own = await ctx.own(user_id)
        snoozed = tell(say("No more reminders for this turn."), (), own)
        if s.deadline:
            snoozed += " " + tell(say("The deadline still holds."), (), own)
        return snoozed

    async def still_playing(self, table: Table, user_id: int, what: Said) -> set[int]:
        """The people still in the active game (:meth:`Sessions.still_playing`), refusing a user
        who is not one of them: the others decide ``what``."""
        seated_active(table, user_id)
        players = await self.context.sessions.moves.still_playing(table)
        if user_id not in players:
            raise NotSeated(
                say("you resigned from this game: the players still in it decide about {what}", what=what)
            )
        return players


def seated_active(table: Table, user_id: int) -> list[Seat]:
    """The user's seats in the active game; refused when the game is not running or they have none."""
    if table.record.status != "active":
        raise ClockError(
            say("the game has not started yet")
            if table.record.status == "lobby"
            else say("that game is over")
        )
    mine = table.seats_of(user_id)
    if not mine:
        raise NotSeated(say("you are not playing in this game"))
    return mine
