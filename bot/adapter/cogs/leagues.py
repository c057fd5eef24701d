"""``/league``: a season of tables of one game in a server, paired, opened and scored by the bot
(the rules of leagues: :mod:`bot.core.leagues`, RULINGS.md "Leagues").

A moderator opens a league with ``/league new``; its sign-up card in the channel has **Join
league**, **Leave** and **Start**. Each round the bot opens every table in a thread of the
league's channel, mentions its players once on the round's card, and posts the standings; the
league's work after each scheduler tick (:meth:`LeagueFamily.ticker`) scores tables whose game ended,
ends rounds whose time is up and begins the next. Everything that must happen once is decided
by the database, so any number of bot processes may run the loop.
"""

from __future__ import annotations

import logging
import re
from typing import Any, Literal, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.app import FloeBot
from bot.adapter.cards import card
from bot.adapter.cogs import Family
from bot.adapter.common import GAME_CHOICES, mentions
from bot.adapter.errors import guard, reader_language, say_privately
from bot.adapter.outbox import THREAD_AUTO_ARCHIVE
from bot.core import catalogue
from bot.core.catalogue import Language, Listed, Said, say, say_in, say_n, tell
from bot.core.languages import language
from bot.core.leagues.scoring import Standing, bye_points, shown_points
from bot.core.leagues.service import FINISHED, RUNNING, SIGNUP, LeagueRecord, Leagues, LeagueTable
from bot.core.sessions import LobbyError

log = logging.getLogger("floe.leagues")

#: A round's tables not opened this long after it began are opened by any process.
OPEN_GRACE = 10 * 60.0


def format_words(league: LeagueRecord) -> Said:
    """How the league is played, in a few words."""
    rounds = (
        say_n_rounds(league)
        if league.format == "swiss" or league.rounds
        else say("as many rounds as it takes for everyone to meet")
    )
    kind = say("a Swiss") if league.format == "swiss" else say("a round robin")
    return say(
        "{kind} of tables of {seats}, {rounds}, {days} days a round",
        kind=kind,
        seats=league.seats,
        rounds=rounds,
        days=int(league.round_seconds // 86400),
    )


def points_words(halves: int) -> Said:
    """League points in words: "1 point", "1½ points", "½ point" reads "½ points" in English
    (the singular is for exactly one)."""
    return say_n("{points} point", "{points} points", 1 if halves == 2 else 2, points=shown_points(halves))


def say_n_rounds(league: LeagueRecord) -> Said:
    return say_n("{n} round", "{n} rounds", league.rounds)


class LeagueFamily(Family):
    """The ``/league`` commands, the sign-up card's buttons and the league loop."""

    league = app_commands.Group(
        name="league",
        description="Leagues: a season of tables, paired and scored by the bot",
        guild_only=True,
    )

    @property
    def leagues(self) -> Leagues:
        return self.bot.leagues

    # ------------------------------------------------------------------ commands

    @league.command(name="new", description="Open a league of one game in this channel (moderators)")
    @app_commands.describe(
        game="The game every table plays",
        format="Swiss (paired by points) or round robin (everyone meets everyone; tables of two)",
        seats="Players at each table (default: the game's fewest)",
        rounds="How many rounds (Swiss; default 3)",
        round_days="Days each round lasts (default 7)",
        move_hours="Hours each move may take at the tables (default: the server's deadline)",
        leftover="When players do not fill whole tables: byes, or computer players",
        options="The game's options for every table, as in /game new",
        starts_in_days="Start by itself this many days from now (default: when you press Start)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    @guard
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: Literal["swiss", "round robin"] = "swiss",
        seats: app_commands.Range[int, 2, 6] | None = None,
        rounds: app_commands.Range[int, 1, 20] | None = None,
        round_days: app_commands.Range[int, 1, 30] = 7,
        move_hours: app_commands.Range[int, 1, 24 * 14] | None = None,
        leftover: Literal["bye", "computer"] = "bye",
        options: app_commands.Range[str, 0, 200] = "",
        starts_in_days: app_commands.Range[int, 1, 30] | None = None,
    ) -> None:
        from bot.adapter.cogs.games import parse_options

        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.remember(interaction)
        if not await self.bot.is_moderator(interaction):
            raise LobbyError(
                say("only a moderator (Manage Server, or the server's moderator role) opens a league")
            )
        league = await self.leagues.open(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            host_id=interaction.user.id,
            game_name=game,
            format=format,
            seats=seats,
            rounds=rounds,
            round_days=round_days,
            move_hours=move_hours,
            leftover=leftover,
            options=parse_options(options),
            starts_in_days=starts_in_days,
        )
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(
            view=await self.signup_card(league), allowed_mentions=discord.AllowedMentions.none()
        )
        await say_privately(interaction, say("The league is open: members sign up with **Join league**."))

    @league.command(name="join", description="Sign up for this server's league")
    @app_commands.describe(league="Which league (default: the newest one signing up)")
    @guard
    async def join(self, interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.remember(interaction)
        found = await self.chosen(interaction, league)
        await say_privately(interaction, await self.leagues.sign_up(found.id, interaction.user.id))

    @league.command(name="leave", description="Leave a league (after its start: its later rounds)")
    @app_commands.describe(league="Which league (default: the newest one)")
    @guard
    async def leave(self, interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.chosen(interaction, league)
        await say_privately(interaction, await self.leagues.withdraw(found.id, interaction.user.id))

    @league.command(name="start", description="Close sign-up and open the first round (the league's host)")
    @app_commands.describe(league="Which league (default: the newest one signing up)")
    @guard
    async def start(self, interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.chosen(interaction, league)
        await self.start_league(interaction, found)

    @league.command(name="standings", description="A league's standings")
    @app_commands.describe(league="Which league (default: the newest one)")
    @guard
    async def standings(self, interaction: discord.Interaction, league: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self.chosen(interaction, league, finished=True)
        told = await reader_language(interaction)
        await say_privately(interaction, await self.standings_text(found.id, told))

    @join.autocomplete("league")
    @leave.autocomplete("league")
    @start.autocomplete("league")
    @standings.autocomplete("league")
    async def league_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        found = await self.leagues.in_server(interaction.guild_id or 0, (SIGNUP, RUNNING, FINISHED))
        told = language(await self.bot.readers.person(interaction.user.id, interaction.locale.value))
        choices = [
            app_commands.Choice(name=self.league_name(lg, told)[:100], value=lg.id)
            for lg in reversed(found)
            if current.lower() in self.league_name(lg, told).lower()
        ]
        return choices[:25]

    async def chosen(
        self, interaction: discord.Interaction, league_id: int | None, *, finished: bool = False
    ) -> LeagueRecord:
        """The league asked for, in this server; else the server's newest one under way (or
        finished, where ``finished``)."""
        if league_id is not None:
            found = await self.leagues.league(league_id)
            if found.guild_id == (interaction.guild_id or 0):
                return found
        statuses = (SIGNUP, RUNNING, FINISHED) if finished else (SIGNUP, RUNNING)
        running = await self.leagues.in_server(interaction.guild_id or 0, statuses)
        if not running:
            raise LobbyError(
                say("this server has no league under way: a moderator opens one with /league new")
            )
        return running[-1]

    @staticmethod
    def league_name(league: LeagueRecord, told: Language) -> str:
        title = catalogue.get(league.game).title
        return tell(say("{game} league #{number}", game=title, number=league.id), (), told)

    # ------------------------------------------------------------------ the sign-up card

    async def signup_card(self, league: LeagueRecord) -> discord.ui.LayoutView:
        """The league's public card while members sign up (in the server's language)."""
        told = language(await self.bot.readers.game(league.guild_id))
        players = await self.leagues.players(league.id)
        names = [self.bot.sessions.name(p.user_id) for p in players]
        lines = [
            f"**{self.league_name(league, told)}** — {tell(format_words(league), (), told)}.",
            tell(
                say("Signed up ({n}): {names}.", n=len(names), names=Listed(tuple(names)))
                if names
                else say("Nobody has signed up yet."),
                (),
                told,
            ),
        ]
        host = self.bot.sessions.name(league.host_id)
        lines.append(
            tell(say("Press **Join league** to sign up; {host} presses **Start**.", host=host), (), told)
        )
        if league.starts_at is not None:
            lines.append(
                tell(say("It starts by itself {when}.", when=f"<t:{int(league.starts_at)}:R>"), (), told)
            )
        controls = discord.ui.View(timeout=None)
        if league.status == SIGNUP:
            controls.add_item(LeagueButton(league.id, "join", tell(say("Join league"), (), told)))
            controls.add_item(LeagueButton(league.id, "leave", tell(say("Leave"), (), told)))
            controls.add_item(LeagueButton(league.id, "start", tell(say_in("button", "Start"), (), told)))
        return card("\n".join(lines), controls=controls)

    async def on_button(self, interaction: discord.Interaction, league_id: int, verb: str) -> None:
        """A click on the sign-up card: answered privately, the card refreshed."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.bot.remember(interaction)
        league = await self.leagues.league(league_id)
        if verb == "start":
            await self.start_league(interaction, league)
        elif verb == "join":
            await say_privately(interaction, await self.leagues.sign_up(league_id, interaction.user.id))
        else:
            await say_privately(interaction, await self.leagues.withdraw(league_id, interaction.user.id))
        if interaction.message is not None:
            refreshed = await self.signup_card(await self.leagues.league(league_id))
            await interaction.message.edit(view=refreshed, allowed_mentions=discord.AllowedMentions.none())

    async def start_league(self, interaction: discord.Interaction, league: LeagueRecord) -> None:
        moderator = await self.bot.is_moderator(interaction)
        tables = await self.leagues.start(league.id, interaction.user.id, moderator=moderator)
        await say_privately(interaction, say("The league has begun: round 1's tables are opening."))
        await self.open_round(await self.leagues.league(league.id), tables)

    # ------------------------------------------------------------------ rounds

    @commands.Cog.listener("on_floe_tick")
    async def ticker(self) -> None:
        """One pass of the league work after each scheduler tick (:mod:`bot.adapter.cogs.clocks`);
        a failed pass never stops the ticks."""
        try:
            await self.tick()
        except Exception:
            log.exception("league tick failed")

    async def tick(self) -> None:
        """Do what is due: score, close, begin, finish; and open tables left unopened."""
        work = await self.leagues.tick()
        for game_id in work.closed:
            reply = await self.leagues.close_table(game_id)
            if reply is not None:
                await self.bot.publish_committed(reply)
        for league, tables in work.begun:
            await self.open_round(await self.leagues.league(league.id), tables)
        for league in work.finished:
            await self.post(league, await self.final_text(league))
        for league in work.cancelled:
            told = language(await self.bot.readers.game(league.guild_id))
            text = say(
                "The {game} league is called off: too few members signed up.", game=self.game_title(league)
            )
            await self.post(league, tell(text, (), told))
        for league, tables in await self.leagues.unopened(OPEN_GRACE):
            await self.open_round(league, tables, announce=False)

    @staticmethod
    def game_title(league: LeagueRecord) -> str:
        return catalogue.get(league.game).title

    async def open_round(
        self, league: LeagueRecord, tables: list[LeagueTable], *, announce: bool = True
    ) -> None:
        """Open each table in a thread of the league's channel and start its game; then the
        round's card: where each table plays, with its players mentioned once, and the standings."""
        if not tables:
            return
        channel = self.bot.get_channel(league.channel_id) or await self.bot.fetch_channel(league.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning("league %s: channel %s cannot hold threads", league.id, league.channel_id)
            return
        told = language(await self.bot.readers.game(league.guild_id))
        server = await self.bot.servers.get(league.guild_id)
        lines = [
            tell(
                say(
                    "**{league}**, round {round} of {rounds}: the tables are open.",
                    league=self.league_name(league, told),
                    round=tables[0].round,
                    rounds=league.rounds,
                ),
                (),
                told,
            )
        ]
        pinged: list[int] = []
        for table in tables:
            name = tell(
                say(
                    "{game} league · round {round} · table {table}",
                    game=self.game_title(league),
                    round=table.round,
                    table=table.number + 1,
                ),
                (),
                told,
            )
            try:
                thread = await channel.create_thread(
                    name=name[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_AUTO_ARCHIVE,
                )
            except discord.HTTPException as err:  # retried by a later pass (OPEN_GRACE)
                log.warning("league %s: cannot open a thread for table %s (%s)", league.id, table.number, err)
                continue
            reply = await self.leagues.open_table(league, table, thread.id)
            if reply is None:
                continue
            if reply.game_id is not None and (league.move_seconds or server.deadline or server.remind_every):
                await self.bot.clock.configure(
                    reply.game_id,
                    deadline=league.move_seconds or server.deadline,
                    remind_every=server.remind_every,
                )
            await self.bot.publish_committed(reply)
            seated = " ".join(f"<@{u}>" for u in table.players)
            computers = (
                tell(say(" and {n} computer players", n=table.computers), (), told) if table.computers else ""
            )
            lines.append(
                tell(
                    say(
                        "Table {n}: {thread} — {players}",
                        n=table.number + 1,
                        thread=f"<#{thread.id}>",
                        players=seated + computers,
                    ),
                    (),
                    told,
                )
            )
            pinged += table.players
        byes = await self.leagues.byes_in(league.id, tables[0].round)
        if byes and announce:
            lines.append(
                tell(
                    say(
                        "Bye this round, worth {points}: {players}",
                        points=tell(points_words(bye_points(league.seats)), (), told),
                        players=" ".join(f"<@{u}>" for u in byes),
                    ),
                    (),
                    told,
                )
            )
        if not announce:
            return
        lines += ["", await self.standings_text(league.id, told)]
        await channel.send(view=card("\n".join(lines)), allowed_mentions=mentions(*pinged, *byes))

    async def post(self, league: LeagueRecord, text: str) -> None:
        channel = await self.bot.channel_for(league.channel_id)
        await channel.send(view=card(text), allowed_mentions=discord.AllowedMentions.none())

    # ------------------------------------------------------------------ standings

    async def standings_text(self, league_id: int, told: Language) -> str:
        league, table = await self.leagues.standings(league_id)
        head = (
            say(
                "**{league}** — standings after round {round} of {rounds}",
                league=self.league_name(league, told),
                round=league.round,
                rounds=league.rounds,
            )
            if league.round
            else say("**{league}** — signed up", league=self.league_name(league, told))
        )
        return "\n".join([tell(head, (), told), *(self.standing_line(s, told) for s in table)])

    def standing_line(self, standing: Standing, told: Language) -> str:
        record = standing.record
        line = say(
            "{place}. {name}: {points} (Buchholz {buchholz})",
            place=standing.place,
            name=self.bot.sessions.name(record.player),
            points=points_words(record.halves),
            buchholz=shown_points(standing.buchholz),
        )
        text = tell(line, (), told)
        return text + tell(say(" — withdrawn"), (), told) if record.withdrawn else text

    async def final_text(self, league: LeagueRecord) -> str:
        told = language(await self.bot.readers.game(league.guild_id))
        _, table = await self.leagues.standings(league.id)
        winners = [self.bot.sessions.name(s.record.player) for s in table if s.place == 1]
        cup = say(
            "🏆 **{league}** is over: {winners} won!",
            league=self.league_name(league, told),
            winners=Listed(tuple(winners), say("and")),
        )
        return "\n".join([tell(cup, (), told), "", await self.standings_text(league.id, told)])


class LeagueButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:lg:(?P<verb>join|leave|start):(?P<id>\d+)"
):
    """A button of a league's sign-up card; it keeps working after a restart."""

    def __init__(self, league_id: int, verb: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if verb == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=(label or verb)[:80], style=style, custom_id=f"floe:lg:{verb}:{league_id}"
            )
        )
        self.league_id, self.verb = league_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["id"]), match["verb"])

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        cog = (
            interaction.client.get_cog("LeagueFamily")
            if isinstance(interaction.client, commands.Bot)
            else None
        )
        assert isinstance(cog, LeagueFamily)
        await cog.on_button(interaction, self.league_id, self.verb)


async def setup(bot: FloeBot) -> None:
    bot.add_dynamic_items(LeagueButton)
    await bot.add_cog(LeagueFamily(bot))
