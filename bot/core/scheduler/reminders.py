"""Reminders, the stall that follows them and the table's vote, and the settings behind them.

* Reminders: after the game's interval (default 24 h; with a deadline, at the latest halfway to
  it), then once per interval. The text escalates; "you are the last one" when the phase awaited
  several players and only you remain. A user's quiet hours postpone a reminder to their end
  (:func:`bot.core.scheduler.durations.quiet_until`). After the bot was down, a missed reminder
  is sent once and the next one is an interval later (the count is never caught up in a burst).
* After ``stall_after`` reminders (default 3) without an answer, the table is told the game has
  stalled and offered a vote: pause, skip (the default applies now), replace the player
  (``/game replace``), or let a computer play for them. Reminders then stop for that wait.
* Who is asked for the host's work: a notice that needs it (the stall notice, the table's vote
  to replace the player, a deadline where the rules leave no default) names and pings the host
  while seated (:meth:`bot.core.sessions.Table.host_call`, the rule of ``Table.hosted_by``).
  Once the host's seat was given away (``/game replace``) it pings nobody and says that a
  moderator (Manage Server or the server's moderator role) acts, with the command to use: the
  bot does not know who the moderators are, the former host has no power left, and the players
  cannot do a host's work, so pinging any of them would ask someone who cannot act.
* A stall vote the same as the voter's standing one is refused privately (the votes are kept
  after the table decided, until the next stall): clicking "Replace the player" again does not
  ping the host again; another choice counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.core import visibility
from bot.core.scheduler.context import Context
from bot.core.scheduler.durations import describe, parse_duration
from bot.core.scheduler.expiry import Deadlines
from bot.core.scheduler.notices import ClockError, Notice, not_told
from bot.core.scheduler.pauses import Pauses
from bot.core.sessions import NotHost, NotSeated, Table
from games.words import ENGLISH, Language, Listed, say, tell
from storage.clocks import ClockSettings, Wait

VOTE_CHOICES = ("pause", "skip", "replace", "computer")
#: The level of the computer player a stall vote seats ("a computer plays for them").
STALL_COMPUTER_LEVEL = "normal"


def reminder_text(
    table: Table, user: int, waits: Sequence[Wait], level: int, s: ClockSettings, language: Language = ENGLISH
) -> str:
    """The ``level``-th reminder for ``user``, awaited in ``waits``, in ``language`` (posted in
    the game's channel in the game's, or sent by DM in the user's)."""
    game, state = table.game, table.playing_state
    # a public post: the prompt names nothing hidden (Ice Hike's drawn tile)
    prompts = list(dict.fromkeys(visibility.public_prompt(game, state, w.seat, language) for w in waits))
    prompt = "; ".join(p for p in prompts if p) or tell(say("your move"), (), language)
    since = f"<t:{int(min(w.since for w in waits))}:R>"
    others = {table.user_of(seat) for seat in game.to_act(state)} - {user}
    last = any(w.shared for w in waits) and not others
    who, title = f"<@{user}>", f"**{game.title}**"
    if level == 1:
        said = say(
            "⏰ {who}, a friendly reminder: {title} is waiting for you ({prompt}).",
            who=who,
            title=title,
            prompt=prompt,
        )
    elif level == 2:
        said = say(
            "⏰ {who}, {title} is still waiting for you since {since}: {prompt}.",
            who=who,
            title=title,
            since=since,
            prompt=prompt,
        )
    else:
        said = say(
            "⏰ {who}, reminder {level}: the table has waited for you since {since} ({prompt}). "
            "If you cannot play for a while, use {vacation} or {resign}.",
            who=who,
            level=level,
            since=since,
            prompt=prompt,
            vacation="`/vacation`",
            resign="`/game resign`",
        )
    parts = [said]
    if last:
        parts.append(say("You are the last one: everyone else has moved."))
    deadlines = [w.deadline_at for w in waits if w.deadline_at is not None]
    if deadlines:
        when = f"<t:{int(min(deadlines))}:R>"
        parts.append(say("Deadline {when}, then the rulebook default applies.", when=when))
    if level >= s.stall_after:
        parts.append(say("Next time the table is asked what to do."))
    return " ".join(tell(part, (), language) for part in parts)


class Reminders:
    """Reminds the awaited players, tells the table when a game stalls, and counts its vote."""

    def __init__(self, context: Context, pauses: Pauses, deadlines: Deadlines) -> None:
        self.context = context
        self.pauses = pauses
        self.deadlines = deadlines

    async def remind(
        self, table: Table, user: int, waits: Sequence[Wait], level: int, s: ClockSettings
    ) -> None:
        """Post the ``level``-th reminder for ``user`` in the game's channel (and by DM if they asked)."""
        ctx = self.context
        public = await ctx.public(table)
        text = reminder_text(table, user, waits, level, s, public)
        prefs = await ctx.members.prefs(user)
        dm = user if prefs.dm_on_turn and not prefs.dm_closed else None
        own = await ctx.own(user) if dm is not None else public
        dm_text = reminder_text(table, user, waits, level, s, own) if dm is not None else None
        notice = Notice(
            table.record.id,
            table.record.channel_id,
            text,
            (user,),
            dm=dm,
            language=public,
            dm_text=dm_text,
            dm_language=own,
        )
        await ctx.outbox.notice(notice)

    async def stall(self, table: Table, waits: Sequence[Wait], s: ClockSettings) -> None:
        """Tell the table its game stalled on ``waits`` and open a fresh vote on what to do."""
        ctx = self.context
        users = sorted({table.user_of(w.seat) for w in waits})
        names = Listed(tuple(ctx.sessions.name(u) for u in users))
        since = int(min(w.since for w in waits))
        others = [u for u in table.humans() if u not in users]
        stalled = say(
            "🧊 This {title} game has stalled: it has waited for {names} since {since} and {n} "
            "reminders went unanswered. The other players may vote: **pause** the game, **skip** "
            "(the rulebook default is played now), **replace** the player ({who} uses {command}), "
            "or let **a computer** play for them from now on. A majority decides.",
            title=table.game.title,
            names=names,
            since=f"<t:{since}:R>",
            n=s.stall_after,
            who=table.host_call().who_may_said,
            command="`/game replace`",
        )
        public = await ctx.public(table)
        await ctx.clocks.save_settings(replace(await ctx.clocks.settings(table.record.id), stall_votes=()))
        await ctx.outbox.notice(
            Notice(
                table.record.id,
                table.record.channel_id,
                tell(stalled, (), public),
                tuple(others),
                vote_step=table.record.step,
                language=public,
            )
        )

    async def stall_vote(self, game_id: int, step: int, user_id: int, choice: str) -> str:
        """A vote on a stalled game; returns the private answer. A majority of the others decides."""
        ctx = self.context
        if choice not in VOTE_CHOICES:
            raise ClockError(say("vote pause, skip, replace or computer"))
        table = await ctx.sessions.table(game_id)
        if table.record.status != "active" or table.state is None:
            raise ClockError(say("that game is not being played any more"))
        if table.record.step != step:
            raise ClockError(say("the game has moved on since that vote: no need to decide any more"))
        waits = [w for w in await ctx.clocks.waits(game_id) if w.stalled]
        stalled_users = {table.user_of(w.seat) for w in waits}
        if not stalled_users:
            raise ClockError(say("the game is not stalled any more"))
        playing = await ctx.sessions.moves.still_playing(table)  # computers and resigned players do not vote
        voters = [u for u in table.humans() if u in playing and u not in stalled_users]
        if user_id not in voters:
            raise NotSeated(say("only the other players still in this game vote on it"))
        s = await ctx.clocks.settings(game_id)
        votes = dict(s.stall_votes)
        if votes.get(user_id) == choice:  # kept after a decision too: a repeat decides nothing again
            raise ClockError(
                say(
                    "your vote ({choice}) is in already. Nothing was changed and nobody was pinged again",
                    choice=choice,
                )
            )
        votes[user_id] = choice
        await ctx.clocks.save_settings(replace(s, stall_votes=tuple(sorted(votes.items()))))
        count = sum(1 for c in votes.values() if c == choice)
        own = await ctx.own(user_id)
        if count * 2 <= len(voters):
            counted = say(
                "Your vote ({choice}) is in: {count} of {voters} so far.",
                choice=choice,
                count=count,
                voters=len(voters),
            )
            return tell(counted, (), own)
        failed = await self._carry_out(table, waits, stalled_users, choice)
        return tell(say("Your vote ({choice}) decided it.", choice=choice), (), own) + not_told(failed, own)

    async def _carry_out(
        self, table: Table, waits: Sequence[Wait], stalled_users: set[int], choice: str
    ) -> str | None:
        """Do what the table's majority chose for the stalled players; returns why the decision's
        notice did not go out (None when it did, or when the decision posts its own)."""
        ctx = self.context
        game_id, channel = table.record.id, table.record.channel_id
        names = Listed(tuple(ctx.sessions.name(u) for u in sorted(stalled_users)))
        public = await ctx.public(table)
        if choice == "pause":
            await self.pauses.pause(table, "the table voted after a stall")
            paused = say(
                "⏸️ The table voted to pause the {title} game. Any player still in the game resumes "
                "it with {command}.",
                title=table.game.title,
                command="`/game resume`",
            )
            return await ctx.outbox.notice(
                Notice(game_id, channel, tell(paused, (), public), language=public)
            )
        if choice == "skip":
            for w in waits:
                await self.deadlines.expire(
                    game_id, w.seat, why=say("The table voted to skip {names}", names=names)
                )
            return None
        if choice == "computer":
            intro = tell(say("The table voted after a stall."), (), public) + " "
            for user in sorted(stalled_users):
                reply = await ctx.tables.seat_computers(game_id, user, STALL_COMPUTER_LEVEL, intro=intro)
                await ctx.outbox.reply(reply)
            return None
        host = table.host_call()
        wants = say(
            "The table wants to replace {names}: {who} moves the seat with {command} to a player "
            "who takes over.",
            names=names,
            who=host.who_may_said,
            command="`/game replace`",
        )
        return await ctx.outbox.notice(
            Notice(game_id, channel, tell(wants, (), public), host.pings, language=public)
        )

    async def configure(
        self,
        game_id: int,
        *,
        deadline: float | None = None,
        remind_every: float | None = None,
        stall_after: int | None = None,
    ) -> ClockSettings:
        """Change the game's clock settings; a setting left None keeps its value."""
        clocks = self.context.clocks
        s = await clocks.settings(game_id)
        s = replace(
            s,
            deadline=deadline if deadline is not None else s.deadline,
            remind_every=remind_every if remind_every is not None else s.remind_every,
            stall_after=stall_after if stall_after is not None else s.stall_after,
        )
        await clocks.save_settings(s)
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
        table = await self.context.sessions.table_in(channel_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(say("only {who} can change the reminders", who=table.host_call().who_said))
        seconds = parse_duration(every) if every else None
        if stall_after is not None and not 1 <= stall_after <= 10:
            raise ClockError(say("the table is asked after 1 to 10 reminders"))
        s = await self.configure(table.record.id, remind_every=seconds, stall_after=stall_after)
        own = await self.context.own(user_id)
        every_so_often = say(
            "Reminders every {every}; the table is asked after {n} of them.",
            every=describe(s.remind_every, own),
            n=s.stall_after,
        )
        return tell(every_so_often, (), own)
