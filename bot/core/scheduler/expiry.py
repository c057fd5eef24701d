"""Deadlines: what is played for a seat whose time ran out, and the host's extension.

* Deadlines are optional, per game. On expiry the game's documented default is played for the
  seat (``default_action``; Polar Derby: ``time out``) until nothing more is asked of it in the
  turn it missed, at most :data:`MAX_DEFAULT_STEPS` moves: a new turn or round, in which someone
  not awaited before is asked (Ice Lake's next planning), is the player's own again
  (``Sessions.play_for``). Secret defaults are never named: the table hears only that
  time is up. With ``computer_defaults`` the computer plays instead (an easy-level choice from
  the seat's own view), in games whose module rules that safe (``computer_default_safe``).
* A deadline where the rules leave no default stops the clock and asks for the host's work
  (``/game replace``): the host while seated, else a moderator
  (:meth:`bot.core.sessions.Table.host_call`).
* A game whose channel the players can no longer see (``Outbox.reachable`` says so before a
  default is played) plays nothing: the outbox pauses it instead, so nobody is charged with a
  missed deadline for a game they could not see.
* A missed deadline of a person counts in their reliability record; a computer's does not.
* After downtime every deadline is pushed back by the time the bot was down
  (:meth:`bot.core.scheduler.due.DueWork.startup`).
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import ai
import games
from bot.core.scheduler.context import Context
from bot.core.scheduler.durations import describe
from bot.core.scheduler.notices import ClockError, Notice, not_told
from bot.core.scheduler.waits import Waits
from bot.core.sessions import NotHost, Table
from games import AnyGame, GameError, GameState, Seat
from games.words import Said, say, tell

log = logging.getLogger("floe.scheduler")

MAX_DEFAULT_STEPS = 60  # defaults played for one seat at one expiry, at most


def default_of(game: AnyGame, state: GameState, seat: Seat) -> Any:
    """The game's documented deadline default for ``seat``; a game without one raises
    :class:`GameError` (the declared default of ``default_action``)."""
    return game.default_action(state, seat)


def computer_may_default(game: AnyGame) -> bool:
    """Whether the game's module rules a computer's move a safe deadline default."""
    return game.computer_default_safe and ai.has_computer(game.name)


def computer_default(game: AnyGame, state: GameState, seat: Seat, seed: int) -> Any:
    """The computer's choice for a missed deadline: the easy level (a one-ply look, quick enough
    to run here), from the seat's own view only."""
    step = state.step
    notation = ai.choose(game.name, game.view(state, seat), seat, "easy", seed + step)
    return game.parse_action(notation)


class Deadlines:
    """Plays the default for a seat out of time, and extends a game's deadline."""

    def __init__(self, context: Context, waits: Waits) -> None:
        self.context = context
        self.waits = waits

    async def expire(self, game_id: int, seat: Seat, *, why: Said | None = None) -> None:
        """Play the documented default for ``seat`` until nothing more is asked of it; not in a
        game whose channel the players can no longer see (the outbox pauses it instead).
        ``why``: what the table hears began it (None: the seat's time is up)."""
        ctx = self.context
        table = await ctx.sessions.table(game_id)
        reachable = getattr(ctx.outbox, "reachable", None)
        if reachable is not None and not await reachable(game_id, table.record.channel_id):
            return
        name = ctx.sessions.name(table.user_of(seat))
        by_computer = ctx.computer_defaults and computer_may_default(table.game)
        played = (
            say("the computer plays for them")
            if by_computer
            else say("the rulebook default is played for them")
        )
        public = await ctx.public(table)
        begun = say("⌛ {why}: {played}.", why=why or say("Time is up for {name}", name=name), played=played)
        intro = tell(begun, (), public)
        secret: list[bool] = []

        def choose(game: AnyGame, state: GameState, s: Seat) -> Any:
            action = (
                computer_default(game, state, s, table.record.seed)
                if by_computer
                else default_of(game, state, s)
            )
            secret.append(games.is_secret(action))
            return action

        try:
            reply = await ctx.sessions.moves.play_for(
                game_id, seat, choose, intro=intro, limit=MAX_DEFAULT_STEPS
            )
        except GameError:
            log.exception("no default applies in game %s for seat %s", game_id, seat)
            await self._no_default(table, name)
            return
        if reply is None:
            return
        if not table.is_computer(seat):  # the reliability record counts a missed deadline
            await ctx.store.reliability.count_missed(table.user_of(seat))
        await ctx.outbox.reply(reply)
        if reply.post is None:  # the default was a secret choice: say only that time is up
            await ctx.outbox.notice(Notice(game_id, table.record.channel_id, intro, language=public))

    async def _no_default(self, table: Table, name: str) -> None:
        """The rules leave no default: stop the deadlines and ask for the host's work."""
        ctx = self.context
        game_id = table.record.id
        await self.waits.reconcile(table, None)
        waits = [replace(w, deadline_at=None) for w in await ctx.clocks.waits(game_id)]
        await ctx.clocks.set_waits(game_id, [w.with_due(False) for w in waits])
        host = table.host_call()
        public = await ctx.public(table)
        said = say(
            "⌛ Time is up for {name}, and the rules leave no default here: {who} can move "
            "the seat to another player with {command}.",
            name=name,
            who=host.who_may_said,
            command="`/game replace`",
        )
        notice = Notice(game_id, table.record.channel_id, tell(said, (), public), host.pings, language=public)
        await ctx.outbox.notice(notice)

    async def extend(
        self, channel_id: int, user_id: int, seconds: float | None, *, moderator: bool = False
    ) -> str:
        """The host (or a moderator) gives the awaited players more time (default: one deadline period)."""
        ctx = self.context
        table = await ctx.sessions.table_in(channel_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(say("only {who} can extend the deadline", who=table.host_call().who_said))
        s = await ctx.settings(table.record.id)
        waits = [w for w in await ctx.clocks.waits(table.record.id) if w.deadline_at is not None]
        if not waits:
            raise ClockError(say("this game has no deadline running"))
        more = seconds or s.deadline or 24 * 3600.0
        waits = [replace(w, deadline_at=(w.deadline_at or 0) + more).with_due(s.paused) for w in waits]
        others = [w for w in await ctx.clocks.waits(table.record.id) if w.deadline_at is None]
        await ctx.clocks.set_waits(table.record.id, waits + others, step=table.record.step)
        until = int(min(w.deadline_at or 0 for w in waits))
        public, own = await ctx.public(table), await ctx.own(user_id)
        when = f"<t:{until}:R>"
        if table.hosted_by(user_id):
            gave = say(
                "⏳ The host gave {more} more: the deadline is now {when}.",
                more=describe(more, public),
                when=when,
            )
        else:
            gave = say(
                "⏳ A moderator gave {more} more: the deadline is now {when}.",
                more=describe(more, public),
                when=when,
            )
        notice = Notice(table.record.id, channel_id, tell(gave, (), public), language=public)
        failed = await ctx.outbox.notice(notice)
        extended = say("Deadline extended by {more}.", more=describe(more, own))
        return tell(extended, (), own) + not_told(failed, own)
