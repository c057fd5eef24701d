"""``/game``: open, join and play games in a channel (the group every game command lives in)."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.app import FloeBot
from bot.adapter.cogs import Family, anywhere
from bot.adapter.common import GAME_CHOICES, MAX_MOVE_TEXT, attached
from bot.adapter.components import LobbyButton, build_view
from bot.adapter.errors import check_permissions, guard, reader_language, say_privately
from bot.adapter.outbox import THREAD_AUTO_ARCHIVE
from bot.core import catalogue, lobbies
from bot.core.computers import LEVELS
from bot.core.rulebooks import rulebook_path
from bot.core.scheduler.durations import describe, parse_duration
from bot.core.scheduler.notices import Notice
from bot.core.sessions import NoGameHere, SessionError
from bot.core.texts import reflowed

log = logging.getLogger("floe.games")
MISSING_THREADS = catalogue.say(
    "I may not create threads here (I lack the **Create Public Threads** permission), "
    "so the game is played in this channel."
)


def parse_options(text: str) -> dict[str, Any]:
    """``"no risk, long-game, players=3"`` -> ``{"no_risk": True, "long_game": True, "players": "3"}``."""
    out: dict[str, Any] = {}
    for part in re.split(r"[,;]", text or ""):
        part = part.strip().lower()
        if not part:
            continue
        key, _, value = part.partition("=")
        key = re.sub(r"[\s-]+", "_", key.strip())
        out[key] = value.strip() if value else True
    return out


def rules_text(name: str, language: catalogue.Language = catalogue.ENGLISH) -> str:
    """What ``/game rules`` says of the game ``name``, in ``language``: seats, how to play (the
    game's page, its lines joined for a chat app to wrap), options, and how moves look."""
    game = catalogue.get(name)
    lo, hi = game.players.start, game.players.stop - 1
    lines: list[catalogue.Said] = [
        catalogue.say(
            "**{game}** — {lo}–{hi} players. The full rulebook is attached.", game=game.title, lo=lo, hi=hi
        )
    ]
    if game.options.help:
        helped = game.options.help.items()
        options = "; ".join(f"`{k.replace('_', ' ')}` ({catalogue.tell(v, (), language)})" for k, v in helped)
        lines.append(
            catalogue.say("Options for {command}: {options}", command="`/game new`", options=options)
        )
    lines.append(
        catalogue.say(
            "Play with the buttons under each board, or type moves with {command} (it suggests what you may play).",
            command="`/game move`",
        )
    )
    presentation = catalogue.presentation_of(game)
    examples = presentation.notation_examples
    if examples:
        shown = ", ".join(f"`{e.strip()}`" for e in examples.split(","))
        lines.append(catalogue.say("Moves look like: {examples}", examples=shown))
    told = [catalogue.tell(line, (), language) for line in lines]
    _heading, _, page = presentation.page(language).strip().partition("\n\n")  # the first line names the game
    how_to_play = reflowed(page)
    return "\n\n".join(part for part in (told[0], how_to_play, "\n".join(told[1:])) if part)


def reference_text(name: str, language: catalogue.Language = catalogue.ENGLISH) -> str:
    """What each card or find of the game ``name`` does, in ``language`` ("" for a game without
    any): ``/game rules`` sends it on its own, after how to play."""
    return catalogue.presentation_of(catalogue.get(name)).reference_page(language).strip()


def rulebook_files(name: str) -> list[discord.File]:
    path = rulebook_path(name)
    return [discord.File(path, filename=f"{name}-rules.txt")] if path is not None else []


@app_commands.guild_only()
class Games(commands.GroupCog, group_name="game", group_description="Play polar board games in this channel"):
    """Opening, joining and playing a game; the other families add their ``/game`` subcommands."""

    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a new game in this channel (or in a new thread)")
    @app_commands.describe(
        game="Which game",
        options="Variants, comma separated (autocomplete lists them)",
        thread="Play in a new thread of this channel (default: the server's setting, else yes)",
        deadline="Time per move, like 48h or 2d; then the rulebook default applies",
        min_finished="Only players who finished at least this % of their games may join",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @guard
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: app_commands.Range[str, 0, 200] = "",
        thread: bool | None = None,
        deadline: app_commands.Range[str, 0, 20] = "",
        min_finished: app_commands.Range[int, 1, 100] | None = None,
    ) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        parsed = parse_options(options)
        rules = catalogue.get(game)
        rules.options.from_mapping(parsed)  # refuse bad options before creating a thread
        server = await bot.servers.get(interaction.guild_id)
        seconds = parse_duration(deadline) if deadline else server.deadline  # and a bad deadline
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        parent = getattr(channel, "parent_id", None)
        await bot.servers.check_games_channel(interaction.guild_id, [channel_id, parent or channel_id])
        guild_id = interaction.guild_id
        assert guild_id is not None  # guild_only
        bounds = await bot.servers.bounds(guild_id)
        await bot.sessions.check_new_lobby(guild_id, interaction.user.id, bounds)
        in_thread = (
            thread if thread is not None else await bot.servers.threads_by_default(interaction.guild_id)
        )
        if in_thread and not isinstance(channel, discord.TextChannel):
            if thread:  # asked for explicitly
                raise SessionError(catalogue.say("threads can be started from a text channel only"))
            in_thread = False  # the server's default, in a thread already: play here
        lacking: catalogue.Said | None = None
        if in_thread and thread is None and not interaction.app_permissions.create_public_threads:
            # the server's default: say so and play in the channel (``thread:true`` asked for
            # explicitly is refused below, naming the permission, and changes nothing)
            in_thread, lacking = False, MISSING_THREADS
        check_permissions(interaction, thread=in_thread)  # before anything is created
        if in_thread:
            assert isinstance(channel, discord.TextChannel)
            number = await bot.sessions.next_game_number()
            try:
                created = await channel.create_thread(
                    name=f"{rules.title} #{number}",
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_AUTO_ARCHIVE,
                )
                channel_id = created.id
            except discord.Forbidden:  # 403 / 50013: the channel's overwrites say no
                in_thread, lacking = False, MISSING_THREADS
        reply = await bot.sessions.new_game(
            channel_id=channel_id,
            guild_id=interaction.guild_id,
            user_id=interaction.user.id,
            game_name=game,
            options=parsed,
            bounds=bounds,
        )
        if reply.game_id is not None and min_finished:
            await bot.lobbies.set_condition(reply.game_id, min_finished)
            table = await bot.sessions.table(reply.game_id)
            assert reply.post is not None
            reply = replace(
                reply,
                post=await bot.sessions.with_reliability(table, reply.post),
            )
        clock: catalogue.Said | None = None
        if reply.game_id is not None and (seconds or server.remind_every):
            await bot.clock.configure(reply.game_id, deadline=seconds, remind_every=server.remind_every)
            clock = (
                catalogue.say("Deadline: {deadline} per move.", deadline=describe(seconds))
                if seconds
                else None
            )
        await bot.publish_committed(reply, interaction=interaction)
        unannounced: catalogue.Said | None = None
        if reply.game_id is not None:
            unannounced = await announce(bot, reply.game_id, server.games_channel_id)
        opened = (
            catalogue.say("{game} lobby opened in {channel}.", game=rules.title, channel=f"<#{channel_id}>")
            if in_thread
            else catalogue.say("{game} lobby opened.", game=rules.title)
        )
        parts = [
            lacking,
            opened,
            clock,
            catalogue.say("Others press **Join**; you press **Start**."),
            unannounced,
        ]
        told = await reader_language(interaction)
        await say_privately(
            interaction, " ".join(catalogue.tell(p, (), told) for p in parts if p is not None)
        )

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None)
        if name not in catalogue.GAMES:
            return []
        game = catalogue.get(name)
        done = [p.strip() for p in current.split(",")[:-1] if p.strip()]
        prefix = ", ".join(done) + (", " if done else "")
        told_in = await reader_language(interaction)
        out = []
        for option, help_text in game.options.help.items():
            label = option.replace("_", " ")
            if label in done:
                continue
            value = prefix + label
            told = catalogue.tell(help_text, (), told_in)
            out.append(app_commands.Choice(name=f"{label} — {told}"[:100], value=value[:100]))
        return out[:25]

    @app_commands.command(name="open", description="The open tables of this server, with a Join button each")
    @guard
    async def open(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        await bot.remember(interaction)
        found = await bot.lobbies.open_lobbies(interaction.guild_id or 0)
        told = await reader_language(interaction)
        view = discord.ui.View(timeout=None)
        for number, lobby in enumerate(found, start=1):
            label = catalogue.say("Join {number}: {game}", number=number, game=lobby.title)
            view.add_item(LobbyButton(lobby.game_id, "join", label=catalogue.tell(label, (), told)))
        await say_privately(interaction, lobbies.format_open(found, told), view=view if found else None)

    @app_commands.command(name="join", description="Join the game waiting for players in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.flows.lobby(interaction, "join", None)

    @app_commands.command(name="computer", description="Add a computer player to the lobby (host only)")
    @app_commands.describe(level="How strong: easy, normal or hard; remove takes the last one out")
    @app_commands.choices(level=[app_commands.Choice(name=name, value=name) for name in (*LEVELS, "remove")])
    async def computer(self, interaction: discord.Interaction, level: str = "normal") -> None:
        await self.bot.flows.add_computer(interaction, None, level)

    @app_commands.command(name="leave", description="Leave the lobby in this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.flows.lobby(interaction, "leave", None)

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.flows.lobby(interaction, "start", None)

    @app_commands.command(name="cancel", description="Cancel the lobby (host only)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.bot.flows.lobby(interaction, "cancel", None)

    @app_commands.command(name="move", description="Play a move, typed in the game's notation")
    @app_commands.describe(action="Your move (autocomplete lists what you may play)")
    async def move(
        self, interaction: discord.Interaction, action: app_commands.Range[str, 1, MAX_MOVE_TEXT]
    ) -> None:
        await self.bot.flows.play(interaction, None, action, None)

    @move.autocomplete("action")
    async def move_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self.bot.sessions.suggestions(interaction.channel_id or 0, interaction.user.id, current)
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in found]

    @app_commands.command(name="board", description="Show the current board again")
    @guard
    async def board(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot.sessions.board(interaction.channel_id or 0)
        assert reply.post is not None
        files = await attached(reply.post.image, "board.png")
        view = build_view(reply.post.controls)
        text = reply.post.text or catalogue.tell(
            catalogue.say("The board:"), (), await reader_language(interaction)
        )
        await say_privately(interaction, text, files=files, view=view)

    @app_commands.command(name="link", description="The address of this game's page on the web, privately")
    @guard
    async def link(self, interaction: discord.Interaction) -> None:
        bot = self.bot
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not bot.settings.web_url:
            raise SessionError(
                catalogue.say(
                    "this bot has no web pages: whoever runs it sets {setting} (and runs {command}) "
                    "to give every game a page",
                    setting="WEB_URL",
                    command="`floe web`",
                )
            )
        table = await bot.sessions.table_in(interaction.channel_id or 0)
        address = await bot.spectators.address(bot.settings.web_url, table.record.id)
        await say_privately(
            interaction,
            catalogue.say(
                "This game's page, for anyone to watch it live and step through its moves: {address}",
                address=address,
            ),
        )

    @app_commands.command(name="view", description="See your own private view (hand, plan) privately")
    async def view(self, interaction: discord.Interaction) -> None:
        await self.bot.flows.show_private_view(interaction, None)

    @app_commands.command(name="resign", description="Leave the game you are playing in this channel")
    @guard
    async def resign(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        await interaction.response.defer(ephemeral=True, thinking=True)
        reply = await bot.sessions.resign(interaction.channel_id or 0, interaction.user.id)
        await bot.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)

    @app_commands.command(name="rules", description="How to play, and the full rulebook")
    @app_commands.describe(game="Which game (the one in this channel, if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @guard
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await answer_rules(self.bot, interaction, game, "`/game rules game:`")


class Rules(Family):
    """``/rules``: ``/game rules`` for anywhere. ``/game`` is for servers that added the bot, and
    Discord reads installation types and contexts of top-level commands only, so a player who
    added Floe to their account reads the rules with this one (in any server, DM or group DM)."""

    @app_commands.command(name="rules", description="How to play, and the full rulebook")
    @anywhere
    @app_commands.describe(game="Which game (the one in this channel, if left out)")
    @app_commands.choices(game=GAME_CHOICES)
    @guard
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await answer_rules(self.bot, interaction, game, "`/rules game:`")


async def answer_rules(
    bot: FloeBot, interaction: discord.Interaction, game: str | None, command: str
) -> None:
    """How to play ``game`` (else the game in this channel, else which games there are, asking
    to pick one with ``command``), privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    name = game
    told = await reader_language(interaction)
    if name is None:
        try:
            name = (await bot.sessions.table_in(interaction.channel_id or 0)).game.name
        except NoGameHere:
            listing = "\n".join(f"• **{g.title}** (`{n}`)" for n, g in sorted(catalogue.GAMES.items()))
            which = catalogue.say("Which game? Pick one with {command}.", command=command)
            await say_privately(interaction, catalogue.tell(which, (), told) + "\n" + listing)
            return
    await say_privately(interaction, rules_text(name, told), files=rulebook_files(name))
    reference = reference_text(name, told)
    if reference:
        await say_privately(interaction, reference)


async def announce(bot: FloeBot, game_id: int, games_channel_id: int | None) -> catalogue.Said | None:
    """Tell the server's games channel (else the lobby's channel) of a new lobby, mentioning
    the people who asked with ``/notify-me``; nothing when there is nobody new to tell. Returns
    what the host's answer adds when the announcement did not go out (None when it did): the
    lobby is open either way."""
    table = await bot.sessions.table(game_id)
    text, mentioned = await bot.lobbies.announcement(table)
    target = games_channel_id or table.record.channel_id
    if target == table.record.channel_id and not mentioned:
        return None  # the lobby post itself is the announcement
    failed = await bot.outbox.notice(Notice(game_id, target, text, mentioned))
    if failed is None:
        return None
    return catalogue.say(
        "It is open, but I could not announce it in {channel} ({reason}): tell the others yourself.",
        channel=f"<#{target}>",
        reason=failed,
    )


async def setup(bot: FloeBot) -> None:
    await bot.add_cog(Games(bot))
    await bot.add_cog(Rules(bot))
