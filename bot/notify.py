"""The Discord side of notifications, reminders and deadlines.

* Turn DMs: a user who opted in (``/settings dm_on_turn:true``) gets a DM with the game's name,
  what is asked and a jump link whenever a post newly awaits them. When the DM fails (50007)
  the bot stops trying (``prefs.dm_closed``) and says once, in the game's channel, how to open
  DMs; ``/settings dm_on_turn:true`` tries again.
* The scheduler (:class:`bot.scheduler.Scheduler`) runs in an asyncio task started from
  ``setup_hook``, ticking every :data:`bot.scheduler.TICK` seconds on ``discord.utils.utcnow``
  (simcord's virtual clock in tests). Its messages go through :class:`DiscordOutbox`.
* Commands: ``/settings``, ``/vacation``, ``/game extend | reminders | pause | resume | snooze``; the
  stall vote is a row of restart-safe buttons (:class:`StallVoteButton`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands

from bot.scheduler import TICK, VOTE_CHOICES, ClockError, Notice, Scheduler, describe, parse_duration
from bot.sessions import Post, Reply, Table
from storage import UserPrefs

if TYPE_CHECKING:
    from bot.discord_app import FloeBot

log = logging.getLogger("floe.notify")

DM_CLOSED = 50007
OPEN_DMS_HOW = (
    "To get them, open this server's menu ▸ **Privacy Settings** ▸ allow **Direct Messages**, "
    "then use `/settings dm_on_turn:true` again."
)


def now() -> float:
    """The bot's clock: ``discord.utils.utcnow`` (virtual under simcord)."""
    return discord.utils.utcnow().timestamp()


def scheduler_of(bot: discord.Client) -> Scheduler:
    scheduler = getattr(bot, "floe_scheduler", None)
    if scheduler is None:
        raise ClockError("the bot is still starting: try again in a moment")
    assert isinstance(scheduler, Scheduler)
    return scheduler


def _mentions(*users: int) -> discord.AllowedMentions:
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(id=u) for u in users]
    )


# --------------------------------------------------------------------------- lifecycle


def install(bot: FloeBot) -> None:
    """Add the commands (before the tree is synced)."""
    group = bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    command: app_commands.Command[Any, ..., Any]
    for command in (extend_command, reminders_command, pause_command, resume_command, snooze_command):
        group.add_command(command)
    bot.tree.add_command(settings_command)
    bot.tree.add_command(vacation_command)


async def start(bot: FloeBot) -> Scheduler:
    """Build the scheduler on the bot's sessions and start its loop (from ``setup_hook``)."""
    bot.add_dynamic_items(*COMPONENTS)
    scheduler = Scheduler(bot.sessions, DiscordOutbox(bot), clock=now).attach()
    bot.floe_scheduler = scheduler  # type: ignore[attr-defined]
    bot.floe_scheduler_task = asyncio.create_task(_loop(scheduler), name="floe-scheduler")  # type: ignore[attr-defined]
    return scheduler


async def stop(bot: discord.Client) -> None:
    task = getattr(bot, "floe_scheduler_task", None)
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        bot.floe_scheduler_task = None  # type: ignore[attr-defined]


#: Seconds between ticks; e2e tests raise it, because simcord's ``advance_time`` runs every tick
#: within its real-time settle budget.
tick_seconds = TICK


async def _loop(scheduler: Scheduler) -> None:
    while True:
        try:
            await scheduler.tick()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("scheduler tick failed")
        try:  # sleep until the next due work, at most one tick (the heartbeat stays fresh)
            delay = await scheduler.next_delay(tick_seconds)
        except Exception:
            delay = tick_seconds
        await asyncio.sleep(delay)


# --------------------------------------------------------------------------- output


class DiscordOutbox:
    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot

    async def reply(self, reply: Reply) -> None:
        await self.bot.publish(reply)

    async def notice(self, notice: Notice) -> None:
        if notice.dm is not None:
            link = await self._link(notice.game_id)
            if await send_dm(self.bot, notice.dm, f"{notice.text}\n{link}", notice.channel_id):
                return
        channel = await self.bot.channel_for(notice.channel_id)
        text = notice.text
        missing = " ".join(f"<@{u}>" for u in notice.mentions if f"<@{u}>" not in text)
        text = f"{missing} {text}" if missing else text
        kwargs: dict[str, Any] = {"allowed_mentions": _mentions(*notice.mentions)}
        if notice.vote_step is not None:
            view = discord.ui.View(timeout=None)
            for choice in VOTE_CHOICES:
                view.add_item(StallVoteButton(notice.game_id, notice.vote_step, choice))
            kwargs["view"] = view
        await channel.send(text[:2000], **kwargs)

    async def _link(self, game_id: int) -> str:
        record = (await self.bot.sessions.table(game_id)).record
        return f"https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"


async def send_dm(bot: FloeBot, user_id: int, text: str, channel_id: int) -> bool:
    """DM a user who opted in; on 50007 stop trying and say once in ``channel_id`` how to open DMs."""
    store = bot.sessions.store
    prefs = await store.prefs(user_id)
    if not prefs.dm_on_turn or prefs.dm_closed:
        return False
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(text[:2000])
        return True
    except discord.Forbidden as err:
        if err.code != DM_CLOSED:
            log.warning("DM to %s refused (%s)", user_id, err.code)
            return False
    except discord.HTTPException:
        log.warning("DM to %s failed", user_id, exc_info=True)
        return False
    await store.set_prefs(UserPrefs(user_id, dm_on_turn=True, dm_closed=True))
    channel = await bot.channel_for(channel_id)
    await channel.send(
        f"<@{user_id}>, I could not send you a DM when it was your turn, so I stopped trying. {OPEN_DMS_HOW}",
        allowed_mentions=_mentions(user_id),
    )
    return False


async def after_post(bot: FloeBot, reply: Reply, table: Table, message: discord.Message) -> None:
    """Turn DMs for the players a new post awaits (those who opted in), with a jump link.

    A player who was just sent a secret prompt by DM (an Ice Lake plan) gets no second DM.
    """
    post: Post | None = reply.post
    if post is None:
        return
    prompted = {n.user_id for n in reply.notes if n.controls is not None}
    channel = getattr(message.channel, "name", None)
    where = f" in #{channel}" if channel else ""
    for awaited in post.awaited:
        if not awaited.ping or awaited.user_id in prompted:
            continue
        text = f"🔔 Your turn in **{table.game.title}**{where}: {awaited.prompt}.\n{message.jump_url}"
        try:
            await send_dm(bot, awaited.user_id, text, table.record.channel_id)
        except Exception:  # a DM problem never breaks a move
            log.exception("turn DM to %s failed", awaited.user_id)


# --------------------------------------------------------------------------- the stall vote


class StallVoteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:vote:(?P<gid>\d+):(?P<step>\d+):(?P<c>pause|skip|replace)",
):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "pause": ("Pause the game", discord.ButtonStyle.secondary),
        "skip": ("Skip (play the default)", discord.ButtonStyle.primary),
        "replace": ("Replace the player", discord.ButtonStyle.danger),
    }

    def __init__(self, game_id: int, step: int, choice: str) -> None:
        label, style = self.LABELS[choice]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"floe:vote:{game_id}:{step}:{choice}")
        )
        self.game_id, self.step, self.choice = game_id, step, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StallVoteButton:
        return cls(int(match["gid"]), int(match["step"]), match["c"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.discord_app import guarded, say_privately

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            answer = await scheduler_of(interaction.client).stall_vote(
                self.game_id, self.step, interaction.user.id, self.choice
            )
            await say_privately(interaction, answer)

        await guarded(interaction, work)


COMPONENTS = (StallVoteButton,)


# --------------------------------------------------------------------------- commands


async def _run(interaction: discord.Interaction, job: Any) -> None:
    """Defer privately, run ``job(scheduler)`` and answer its text privately (one error path)."""
    from bot.discord_app import guarded, say_privately

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await job(scheduler_of(interaction.client))
        await say_privately(interaction, text)

    await guarded(interaction, work)


@app_commands.command(name="extend", description="Give the awaited players more time (host only)")
@app_commands.describe(hours="How many hours more (default: one deadline period)")
async def extend_command(
    interaction: discord.Interaction, hours: app_commands.Range[int, 1, 24 * 30] | None = None
) -> None:
    seconds = hours * 3600.0 if hours else None
    await _run(interaction, lambda s: s.extend(interaction.channel_id or 0, interaction.user.id, seconds))


@app_commands.command(
    name="reminders", description="How often to remind, and when to ask the table (host only)"
)
@app_commands.describe(
    every="Time between reminders, like 24h or 12h", stall_after="Reminders before the table votes"
)
async def reminders_command(
    interaction: discord.Interaction,
    every: str | None = None,
    stall_after: app_commands.Range[int, 1, 10] | None = None,
) -> None:
    await _run(
        interaction,
        lambda s: s.set_reminders(interaction.channel_id or 0, interaction.user.id, every, stall_after),
    )


@app_commands.command(name="pause", description="Vote to pause this game's clock (every player must agree)")
async def pause_command(interaction: discord.Interaction) -> None:
    await _run(interaction, lambda s: s.vote_pause(interaction.channel_id or 0, interaction.user.id))


@app_commands.command(name="resume", description="Start this game's clock again")
async def resume_command(interaction: discord.Interaction) -> None:
    await _run(interaction, lambda s: s.resume(interaction.channel_id or 0, interaction.user.id))


@app_commands.command(name="snooze", description="No more reminders for your current turn in this game")
async def snooze_command(interaction: discord.Interaction) -> None:
    await _run(interaction, lambda s: s.snooze(interaction.channel_id or 0, interaction.user.id))


@app_commands.command(name="settings", description="Your notifications: turn DMs, time zone, quiet hours")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.describe(
    dm_on_turn="Send me a DM when it is my turn",
    time_zone="Your time zone, like Europe/Berlin or America/New_York",
    quiet_hours="No reminders between these hours, like 22-7 (off to clear)",
)
async def settings_command(
    interaction: discord.Interaction,
    dm_on_turn: bool | None = None,
    time_zone: str | None = None,
    quiet_hours: str | None = None,
) -> None:
    async def job(scheduler: Scheduler) -> str:
        store = scheduler.sessions.store
        user = interaction.user.id
        if dm_on_turn is not None:  # opting in again also tries DMs again
            await store.set_prefs(UserPrefs(user, dm_on_turn=dm_on_turn, dm_closed=False))
        clock = await scheduler.set_quiet_hours(user, time_zone=time_zone, quiet=quiet_hours)
        prefs = await store.prefs(user)
        dms = "on" if prefs.dm_on_turn else "off"
        if prefs.dm_closed:
            dms += " (but your DMs are closed)"
        quiet = "off"
        if clock.quiet_from is not None and clock.quiet_to is not None:
            quiet = f"{clock.quiet_from // 60:02}:{clock.quiet_from % 60:02}–{clock.quiet_to // 60:02}:{clock.quiet_to % 60:02}"
        return f"Your settings: turn DMs {dms}; time zone {clock.time_zone or 'UTC'}; quiet hours {quiet}."

    await _run(interaction, job)


@settings_command.autocomplete("time_zone")
async def time_zone_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    from zoneinfo import available_timezones

    typed = current.lower().replace(" ", "_")
    names = sorted(z for z in available_timezones() if "/" in z and typed in z.lower())
    return [app_commands.Choice(name=z, value=z) for z in names[:25]]


@app_commands.command(
    name="vacation", description="Pause your clock in all your games for some days (0 ends it)"
)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.describe(days="How many days you are away (0: I am back)")
async def vacation_command(interaction: discord.Interaction, days: app_commands.Range[int, 0, 60]) -> None:
    await _run(interaction, lambda s: s.set_vacation(interaction.user.id, days))


async def configure_new_game(bot: discord.Client, game_id: int | None, deadline: str) -> str:
    """``/game new ... deadline:48h``: store the deadline; returns a line for the host's answer."""
    seconds = parse_duration(deadline)
    if game_id is None or seconds is None:
        return ""
    await scheduler_of(bot).configure(game_id, deadline=seconds)
    return f" Deadline: {describe(seconds)} per move."


def check_deadline(deadline: str) -> None:
    """Refuse a bad ``deadline:`` before anything is created."""
    parse_duration(deadline)
