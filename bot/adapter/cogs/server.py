"""``/floe config``: a server's settings (Manage Server). What each setting means is documented in
:mod:`bot.core.guilds`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.app import FloeBot
from bot.adapter.common import LANGUAGE_CHOICES
from bot.adapter.errors import guard, reader_language, say_privately
from bot.core.catalogue import say, tell
from bot.core.guilds import UNSET, summary
from bot.core.sessions import SessionError

CLEARABLE = [
    app_commands.Choice(name="threads (back to the default)", value="threads"),
    app_commands.Choice(name="reminders (back to every 24 h)", value="remind_every"),
    app_commands.Choice(name="deadline (none)", value="deadline"),
    app_commands.Choice(name="moderator role (none)", value="moderator_role_id"),
    app_commands.Choice(name="games channel (any)", value="games_channel_id"),
    app_commands.Choice(name="lobbies per member (back to 3)", value="lobbies_per_member"),
    app_commands.Choice(name="unfinished games over finished (back to 5)", value="running_over_finished"),
    app_commands.Choice(name="web pages (back to on)", value="web"),
    app_commands.Choice(name="language (back to the server's Discord language)", value="language"),
]


class MissingPermission(SessionError):
    """The member lacks a Discord permission the command needs."""


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class Server(commands.GroupCog, group_name="floe", group_description="Floe's settings for this server"):
    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="config", description="This server's settings for new games (Manage Server)")
    @app_commands.describe(
        threads="Open each new game in its own thread unless /game new says otherwise",
        reminders="Default time between reminders for new games, like 24h or 12h",
        deadline="Default time per move for new games, like 48h (off: none)",
        moderator_role="Members with this role may host and moderate every game here",
        games_channel="The channel where games are opened (its threads too)",
        lobbies="Open lobbies one member may host here at once (default 3)",
        running="Unfinished games a member may be in beyond the games they finished (default 5)",
        web="Each game's page on the web (off: its links stop working)",
        language="The language of the games' posts and boards (the server's Discord language by default)",
        clear="Put one setting back to the default",
    )
    @app_commands.choices(clear=CLEARABLE, language=LANGUAGE_CHOICES)
    @guard
    async def config(
        self,
        interaction: discord.Interaction,
        threads: bool | None = None,
        reminders: app_commands.Range[str, 1, 20] | None = None,
        deadline: app_commands.Range[str, 1, 20] | None = None,
        moderator_role: discord.Role | None = None,
        games_channel: discord.TextChannel | None = None,
        lobbies: app_commands.Range[int, 1, 25] | None = None,
        running: app_commands.Range[int, 0, 100] | None = None,
        web: bool | None = None,
        language: str | None = None,
        clear: str | None = None,
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            raise MissingPermission(say("changing Floe's settings needs the Manage Server permission"))
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        changes: dict[str, object] = {
            "threads": UNSET if threads is None else threads,
            "remind_every": UNSET if reminders is None else reminders,
            "deadline": UNSET if deadline is None else deadline,
            "moderator_role_id": UNSET if moderator_role is None else moderator_role.id,
            "games_channel_id": UNSET if games_channel is None else games_channel.id,
            "lobbies_per_member": UNSET if lobbies is None else lobbies,
            "running_over_finished": UNSET if running is None else running,
            "web": UNSET if web is None else web,
            "language": UNSET if language is None else language,
        }
        if clear is not None:
            if changes[clear] is not UNSET:
                raise SessionError(say("set a setting or clear it, not both at once"))
            changes[clear] = None
        settings = await bot.servers.change(guild_id, **changes)  # type: ignore[arg-type]
        bot.readers.server_changed(guild_id)
        changed = any(v is not UNSET for v in changes.values())
        told = await reader_language(interaction)
        head = (
            say("Saved. This server's settings for new games:")
            if changed
            else say("This server's settings for new games:")
        )
        await say_privately(interaction, f"{tell(head, (), told)}\n{summary(settings, told)}")

    @app_commands.command(
        name="season", description="Start a new rating season (Manage Server); old ones stay viewable"
    )
    @app_commands.describe(confirm="Type yes: everyone's rating in this server starts again")
    @guard
    async def season(
        self, interaction: discord.Interaction, confirm: app_commands.Range[str, 0, 10] = ""
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        perms = interaction.permissions
        if not (perms.manage_guild or perms.administrator):
            raise MissingPermission(say("starting a new season needs the Manage Server permission"))
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        if confirm.strip().lower() != "yes":
            current = await bot.rated_games.season(guild_id)
            raise SessionError(
                say(
                    "this server is in season {current}. To start season {next}, run "
                    "{command} (nothing was changed)",
                    current=current,
                    next=current + 1,
                    command="`/floe season confirm:yes`",
                )
            )
        number = await bot.rated_games.new_season(guild_id)
        await say_privately(
            interaction,
            say(
                "Season {number} has started: ratings in this server start again. "
                "Earlier seasons stay on {command}.",
                number=number,
                command="`/leaderboard season:`",
            ),
        )


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(Server(bot))
