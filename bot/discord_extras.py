"""Discord side of history, undo, the dashboard, rematch and moderation (issue 7, part B).

``install(bot)`` adds the commands (``/games``, ``/stats``, ``/leaderboard`` and ``/game undo |
replay | replace | abandon``) and the restart-safe components (log pages, Replay, Rematch) to a
:class:`bot.discord_app.FloeBot`. The session logic lives in :mod:`bot.history`,
:mod:`bot.dashboard` and :mod:`bot.tables`; this module only translates.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import dashboard, history, tables
from bot.discord_app import GAME_CHOICES, GameButton, app_of, guarded, say_privately

if TYPE_CHECKING:
    from bot.discord_app import FloeBot


# --------------------------------------------------------------------------- components


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:log:(?P<gid>\d+):(?P<page>\d+):(?P<dir>[pn])",
):
    """Turns a (private) log message to another page by editing it in place."""

    def __init__(self, game_id: int, page: int, direction: str, disabled: bool = False) -> None:
        label = "◀ Previous" if direction == "p" else "Next ▶"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"floe:log:{game_id}:{page}:{direction}",
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogPageButton:
        return cls(int(match["gid"]), int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        async def work() -> None:
            text, view = await log_page(app, 0, self.page, game_id=self.game_id)
            await interaction.response.edit_message(content=text, view=view)

        await guarded(interaction, work)


async def log_page(
    app: FloeBot, channel_id: int, page: int, *, game_id: int | None = None
) -> tuple[str, discord.ui.View | None]:
    """The text of one log page and its page buttons (none when there is one page)."""
    gid, pages = await history.log_pages(app.sessions, channel_id, game_id=game_id)
    page = min(max(page, 1), pages)
    text = (await app.sessions.log(channel_id, page=page, game_id=gid))[:2000]
    if pages <= 1:
        return text, None
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(gid, max(page - 1, 1), "p", disabled=page <= 1))
    view.add_item(LogPageButton(gid, min(page + 1, pages), "n", disabled=page >= pages))
    return text, view


class ReplayButton(GameButton, key="replay"):
    LABEL, EMOJI = "Replay", "🎞️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await post_replay(interaction, self.game_id)


class RematchButton(GameButton, key="rematch"):
    LABEL, EMOJI, STYLE = "Rematch", "🔁", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await app.remember(interaction)
            reply = await tables.rematch(app.sessions, self.game_id, interaction.user.id)
            await app.publish(reply)
            await say_privately(interaction, reply.ack)

        await guarded(interaction, work)


COMPONENTS = (LogPageButton, ReplayButton, RematchButton)


def after_game_view(game_id: int) -> discord.ui.View:
    """The buttons under a finished game's final board."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id))
    view.add_item(RematchButton(game_id))
    return view


async def post_replay(interaction: discord.Interaction, game_id: int | None) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(thinking=True)  # a public answer: the replay is public
        data, caption = await history.replay_animation(
            app.sessions, interaction.channel_id or 0, game_id=game_id
        )
        file = discord.File(io.BytesIO(data), filename="replay.gif")
        await interaction.followup.send(caption, file=file, allowed_mentions=discord.AllowedMentions.none())

    await guarded(interaction, work)


def is_moderator(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms is not None and (perms.manage_guild or perms.administrator))


# --------------------------------------------------------------------------- /game subcommands


async def undo_command(interaction: discord.Interaction) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        reply = await history.undo(app.sessions, interaction.channel_id or 0, interaction.user.id)
        await app.publish(reply)
        await say_privately(interaction, reply.ack)

    await guarded(interaction, work)


async def replay_command(interaction: discord.Interaction) -> None:
    await post_replay(interaction, None)


@app_commands.describe(old="The player leaving the seat", new="Who takes the seat over")
async def replace_command(interaction: discord.Interaction, old: discord.User, new: discord.User) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        for user in (old, new):
            await app.sessions.remember_name(user.id, user.display_name)
        if new.bot:
            raise tables.NotAllowed("a bot cannot take a seat")
        reply = await tables.replace(
            app.sessions,
            interaction.channel_id or 0,
            interaction.user.id,
            old.id,
            new.id,
            moderator=is_moderator(interaction),
        )
        await app.publish(reply)
        await say_privately(interaction, reply.ack)

    await guarded(interaction, work)


async def abandon_command(interaction: discord.Interaction) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        reply = await tables.abandon(
            app.sessions,
            interaction.channel_id or 0,
            interaction.user.id,
            moderator=is_moderator(interaction),
        )
        await app.close_lobby(reply)
        await app.publish(reply)
        await say_privately(interaction, reply.ack)

    await guarded(interaction, work)


# --------------------------------------------------------------------------- top-level commands


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
async def games_command(interaction: discord.Interaction) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        await say_privately(
            interaction, (await dashboard.games_text(app.sessions, interaction.user.id))[:2000]
        )

    await guarded(interaction, work)


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.describe(user="Whose stats (you, if left out)")
async def stats_command(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        who = user or interaction.user
        await app.sessions.remember_name(who.id, who.display_name)
        await say_privately(interaction, (await dashboard.stats_text(app.sessions, who.id))[:2000])

    await guarded(interaction, work)


@app_commands.guild_only()
@app_commands.choices(game=GAME_CHOICES)
@app_commands.describe(game="One game only (all games if left out)")
async def leaderboard_command(interaction: discord.Interaction, game: str | None = None) -> None:
    app = app_of(interaction)

    async def work() -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await dashboard.leaderboard_text(app.sessions, interaction.guild_id or 0, game)
        await say_privately(interaction, text)

    await guarded(interaction, work)


GAME_SUBCOMMANDS: list[tuple[str, str, Any]] = [
    ("undo", "Take back your last action (if nobody moved since and it revealed nothing)", undo_command),
    ("replay", "An animated replay of the whole game in this channel", replay_command),
    ("replace", "Give a player's seat to someone else (host or Manage Server)", replace_command),
    ("abandon", "End the game in this channel without a result (host or Manage Server)", abandon_command),
]
TOP_COMMANDS: list[tuple[str, str, Any]] = [
    ("games", "Your open games in every server, the ones waiting on you first", games_command),
    ("stats", "Finished games played and won, per game", stats_command),
    ("leaderboard", "This server's best players, per game", leaderboard_command),
]


def install(bot: FloeBot) -> None:
    """Add this module's commands and components to the bot (called from its constructor)."""
    group = bot.tree.get_command("game")
    assert isinstance(group, app_commands.Group)
    for name, description, callback in GAME_SUBCOMMANDS:  # fresh objects: a command has one parent
        group.add_command(app_commands.Command(name=name, description=description, callback=callback))
    for name, description, callback in TOP_COMMANDS:
        bot.tree.add_command(app_commands.Command(name=name, description=description, callback=callback))
    bot.add_dynamic_items(*COMPONENTS)
