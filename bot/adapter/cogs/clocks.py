"""Play by post: ``/game extend | reminders | pause | resume | snooze``, ``/settings``, ``/vacation``,
and the loop that drives the scheduler (:mod:`bot.core.scheduler`) on ``discord.ext.tasks``.

The loop ticks on ``discord.utils.utcnow`` (simcord's virtual clock in tests), at most every
:attr:`bot.adapter.app.FloeBot.tick_seconds`, sooner when the scheduler knows its next due work. The scheduler's
messages go through the bot's :class:`bot.adapter.outbox.Outbox`; the stall vote is a row of
restart-safe buttons (:class:`bot.adapter.table_questions.StallVoteButton`).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import tasks

from bot.adapter.app import FloeBot
from bot.adapter.cogs import Family, anywhere
from bot.adapter.common import DISCORD_LANGUAGE, LANGUAGE_CHOICES
from bot.adapter.errors import guard, say_privately
from bot.core.catalogue import Text, say, tell
from bot.core.languages import language
from bot.core.readers import NAMES
from bot.core.scheduler import Scheduler
from bot.core.scheduler.daily_digest import digest_saying
from bot.core.scheduler.due import TICK

log = logging.getLogger("floe.scheduler")


@guard
async def _answer(interaction: discord.Interaction, job: Callable[[Scheduler], Awaitable[Text]]) -> None:
    """Defer privately, run ``job(scheduler)`` and answer its text privately (a saying told in the
    user's language)."""
    bot = interaction.client
    assert isinstance(bot, FloeBot)

    await interaction.response.defer(ephemeral=True, thinking=True)
    await say_privately(interaction, await job(bot.clock))


async def _told(bot: FloeBot, user_id: int, said: Text) -> str:
    """``said`` in the person's language."""
    return tell(said, (), language(await bot.readers.person(user_id)))


async def _digest_answer(bot: FloeBot, user_id: int, said: Text | None) -> str:
    """The daily digest's part of the ``/settings`` answer (``said``), in the person's language."""
    if said is None:
        return ""
    return " " + tell(said, (), language(await bot.readers.person(user_id)))


class Clocks(Family):
    GAME_SUBCOMMANDS = ("extend", "reminders", "pause", "resume", "snooze")

    async def cog_load(self) -> None:
        await super().cog_load()
        self.interval = self.bot.tick_seconds
        self.ticker.change_interval(seconds=self.interval)
        if self.bot.has_clock:
            self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()
        await super().cog_unload()

    @tasks.loop(seconds=TICK)
    async def ticker(self) -> None:
        """One scheduler tick; the next one when its next work is due, at most a tick from now."""
        scheduler = self.bot.clock
        try:
            due = await scheduler.clocks.next_due()  # how late the oldest due work is (metrics)
            self.bot.metrics.lag(scheduler.clock() - due if due is not None else 0.0)
            await scheduler.tick()
            self.bot.dispatch("floe_tick")  # the other loops' work (leagues: bot/adapter/cogs/leagues.py)
            await self.bot.reachability.look_again()  # before the owed posts: a resumed game's go out now
            await self.bot.post_owed_boards()
            await self.bot.computers.resume_all()
        except Exception:  # a failed tick never stops the loop
            log.exception("scheduler tick failed")
        try:
            delay = await scheduler.next_delay(self.bot.tick_seconds)
        except Exception:
            delay = self.bot.tick_seconds
        self.sleep_from_now(delay)

    def sleep_from_now(self, delay: float) -> None:
        """Make the next iteration come ``delay`` seconds from now.

        A ``tasks.loop`` counts its interval from when the iteration was due, so after a long
        pause (downtime, or simcord moving its clock by days) it would run every missed
        interval at once; the scheduler needs one tick that works off what is due instead.
        """
        due = self.ticker.next_iteration
        if due is None:
            return
        started = due - timedelta(seconds=self.interval)
        target = discord.utils.utcnow() + timedelta(seconds=delay)
        self.interval = max((target - started).total_seconds(), 0.001)
        self.ticker.change_interval(seconds=self.interval)

    # ------------------------------------------------------------------ /game subcommands

    @app_commands.command(name="extend", description="Give the awaited players more time (host only)")
    @app_commands.describe(hours="How many hours more (default: one deadline period)")
    async def extend(
        self, interaction: discord.Interaction, hours: app_commands.Range[int, 1, 24 * 30] | None = None
    ) -> None:
        seconds = hours * 3600.0 if hours else None

        async def job(scheduler: Scheduler) -> str:
            moderator = await self.bot.is_moderator(interaction)
            return await scheduler.extend(
                interaction.channel_id or 0, interaction.user.id, seconds, moderator=moderator
            )

        await _answer(interaction, job)

    @app_commands.command(
        name="reminders", description="How often to remind, and when to ask the table (host only)"
    )
    @app_commands.describe(
        every="Time between reminders, like 24h or 12h", stall_after="Reminders before the table votes"
    )
    async def reminders(
        self,
        interaction: discord.Interaction,
        every: app_commands.Range[str, 1, 20] | None = None,
        stall_after: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        async def job(scheduler: Scheduler) -> str:
            moderator = await self.bot.is_moderator(interaction)
            return await scheduler.set_reminders(
                interaction.channel_id or 0, interaction.user.id, every, stall_after, moderator=moderator
            )

        await _answer(interaction, job)

    @app_commands.command(
        name="pause", description="Vote to pause this game's clock (every player must agree)"
    )
    async def pause(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, lambda s: s.vote_pause(interaction.channel_id or 0, interaction.user.id))

    @app_commands.command(name="resume", description="Start this game's clock again")
    async def resume(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, lambda s: s.resume(interaction.channel_id or 0, interaction.user.id))

    @app_commands.command(name="snooze", description="No more reminders for your current turn in this game")
    async def snooze(self, interaction: discord.Interaction) -> None:
        await _answer(interaction, lambda s: s.snooze(interaction.channel_id or 0, interaction.user.id))

    # ------------------------------------------------------------------ personal settings

    @app_commands.command(
        name="settings", description="Your notifications (turn DMs, time zone, quiet hours) and auto-play"
    )
    @anywhere
    @app_commands.describe(
        dm_on_turn="Send me a DM when it is my turn",
        time_zone="Your time zone, like Europe/Berlin or America/New_York",
        quiet_hours="No pings, DMs or reminders between these hours, like 22-7 (off to clear)",
        auto_play="Play my move for me when it is the only one I have (on by default)",
        language="The language Floe answers you in (your Discord's by default)",
        digest="A daily DM about your games at this time, like 08:00; 08:00 only: instead of turn DMs; off",
    )
    @app_commands.choices(
        language=[*LANGUAGE_CHOICES, app_commands.Choice(name="My Discord's", value=DISCORD_LANGUAGE)]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        dm_on_turn: bool | None = None,
        time_zone: app_commands.Range[str, 1, 64] | None = None,
        quiet_hours: app_commands.Range[str, 1, 20] | None = None,
        auto_play: bool | None = None,
        language: str | None = None,
        digest: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        async def job(scheduler: Scheduler) -> Text:
            user = interaction.user.id
            readers, discord_language = self.bot.readers, interaction.locale.value
            if language is not None:
                await readers.choose(user, None if language == DISCORD_LANGUAGE else language)
            chosen = await readers.chosen(user)
            reads = NAMES[await readers.person(user, discord_language)]
            spoken: Text = reads if chosen else say("your Discord's ({language})", language=reads)
            mine = await self.bot.members.change_settings(user, dm_on_turn=dm_on_turn, auto_play=auto_play)
            clock = await scheduler.set_quiet_hours(user, time_zone=time_zone, quiet=quiet_hours)
            dms = say("on") if mine.dm_on_turn else say("off")
            if mine.dms_closed:
                dms = say("{on} (but your DMs are closed)", on=dms)
            quiet: Text = say("off")
            if clock.quiet_from is not None and clock.quiet_to is not None:
                start, end = clock.quiet_from, clock.quiet_to
                quiet = f"{start // 60:02}:{start % 60:02}–{end // 60:02}:{end % 60:02}"
            daily = await scheduler.set_digest(user, digest, zone_changed=time_zone is not None)
            settings = say(
                "Your settings: turn DMs {dms}; time zone {zone}; quiet hours {quiet}; "
                "auto-play of your only move {auto}; language {language}.",
                dms=dms,
                zone=clock.time_zone or "UTC",
                quiet=quiet,
                auto=say("on") if mine.auto_play else say("off"),
                language=spoken,
            )
            return await _told(self.bot, user, settings) + await _digest_answer(
                self.bot, user, digest_saying(daily, asked=digest is not None)
            )

        await _answer(interaction, job)

    @settings.autocomplete("time_zone")
    async def time_zone_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower().replace(" ", "_")
        names = sorted(z for z in available_timezones() if "/" in z and typed in z.lower())
        return [app_commands.Choice(name=z, value=z) for z in names[:25]]

    @app_commands.command(
        name="vacation", description="Pause your clock in all your games for some days (0 ends it)"
    )
    @anywhere
    @app_commands.describe(days="How many days you are away (0: I am back)")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 60]) -> None:
        await _answer(interaction, lambda s: s.set_vacation(interaction.user.id, days))


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(Clocks(bot))
