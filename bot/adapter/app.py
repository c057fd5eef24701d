"""The Discord bot: a ``commands.Bot`` whose command families are cogs loaded as extensions.

Everything in :mod:`bot.adapter` translates between Discord and :mod:`bot.core`; no rule and no
SQL lives here. How a move flows, the layers and their import rules: ARCHITECTURE.md.

* ``commands.Bot`` (not a bare ``Client``) for its extension and cog machinery; it reads no
  prefix commands (no message content intent). Intents: ``guilds`` (channels and threads in
  the cache) and ``dm_messages`` (answers to secret prompts by DM; DM content needs no
  privileged intent). Nothing else.
* The command families are the extensions in :data:`EXTENSIONS`; each adds one cog.
* Every interaction is acknowledged first (``defer``), then the session works, then
  :class:`bot.adapter.outbox.Outbox` posts the reply, then the user gets a private answer.
* One error path (:mod:`bot.adapter.errors`): the tree's ``on_error`` and the :func:`guard` decorator both
  end in :func:`bot.adapter.errors.answer_error`.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.cards import card
from bot.adapter.common import (
    DISCORD_GRID,
    NO_PINGS,
    member_name,
)
from bot.adapter.components import COMPONENTS
from bot.adapter.errors import (
    PostFailed,
    answer_error,
    failure_cause,
    mark_committed,
    say_privately,
)
from bot.adapter.flows import Flows
from bot.adapter.identify import IdentifyTurns
from bot.adapter.observability import Metrics, MetricsServer
from bot.adapter.outbox import UNKNOWN_USER, Outbox, Published
from bot.adapter.reachability import Reachability
from bot.adapter.sync import sync_commands
from bot.adapter.translator import CatalogueTranslator
from bot.adapter.upgrades import UPGRADE_STEPS
from bot.core.catalogue import Said, Text, language, say, tell
from bot.core.computers import Computers, PoolThinker
from bot.core.dashboard import Dashboard
from bot.core.guilds import ServerSettings
from bot.core.history import History
from bot.core.leagues.service import Leagues
from bot.core.lobbies import Lobbies
from bot.core.members import Members
from bot.core.rated_games import RatedGames
from bot.core.readers import Readers
from bot.core.scheduler import Scheduler
from bot.core.scheduler.due import TICK
from bot.core.scheduler.notices import ClockError
from bot.core.sessions import Controls, Reply, SessionError, Sessions
from bot.core.sessions.loading import owner_id
from bot.core.spectators import Spectators
from bot.core.tables import UNREACHABLE_SAID, TableChanges
from bot.core.texts import DISCORD_WORDS
from bot.core.upgrades import upgrade
from bot.settings import Settings
from storage import Store, open_store
from storage.identify import IdentifyWindows
from storage.owed import OwedPost, OwedPosts

log = logging.getLogger("floe.discord")

#: How long a tick's claim on an owed post lasts while it posts it (seconds).
OWED_LEASE = 5 * 60.0
#: The longest discord.py sleeps through a rate limit (seconds; 30 is the least it accepts); a
#: longer one raises ``discord.RateLimited`` instead, so no handler sleeps past the 15 minutes
#: of its deferred interaction, and the outbox posts a board anew rather than wait to edit it.
MAX_RATELIMIT_WAIT = 30.0
#: The waits before the retries of a post that failed (1, 5 and 30 minutes, 2 and 6 hours):
#: a few refused requests per game and hour at most; after the last one it is given up.
RETRY_DELAYS = (60.0, 300.0, 1800.0, 7200.0, 21600.0)
#: Discord's error codes for a channel the bot can no longer post in: deleted (10003), closed to
#: it (50001 Missing Access; 50013 Missing Permissions on posting).
CHANNEL_REFUSALS = (10003, 50001, 50013)

#: The command families, one cog each, loaded in this order (``games`` owns the ``/game`` group
#: the other families add subcommands to).
EXTENSIONS = (
    "bot.adapter.cogs.games",
    "bot.adapter.cogs.private",
    "bot.adapter.cogs.history",
    "bot.adapter.cogs.clocks",
    "bot.adapter.cogs.moderation",
    "bot.adapter.cogs.server",
    "bot.adapter.cogs.leagues",
)


#: Discord's answer for a user who is not (or no longer) a member of the server.
UNKNOWN_MEMBER = 10007


def intents() -> discord.Intents:
    """Only what the bot uses: guilds (channel and thread cache) and DMs (secret answers)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.dm_messages = True
    return wanted


class ChannelRefused(SessionError):
    """A change counted, but its game's channel is gone or closed to the bot: the game is paused
    (:meth:`FloeBot.channel_refused`); the message says so."""


#: The commands a player who added Floe to their account may use anywhere (``cogs.anywhere``).
ANYWHERE_COMMANDS = "`/games`, `/stats`, `/settings`, `/vacation`, `/plan`, `/rules`"


class FloeTree(app_commands.CommandTree["FloeBot"]):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Refuse privately a server's command that only a player's own install authorized (in
        a server without Floe): Discord offers a command as last synced, so one whose install
        changed since, or a development server's copy, can still arrive there."""
        if not self.needs_floe_in_the_server(interaction):
            return True
        command = interaction.command
        name = command.qualified_name if command is not None else "?"
        await say_privately(
            interaction,
            say(
                "{command} needs Floe in this server, and nobody added it here. "
                "These work for you anywhere: {commands}.",
                command=f"`/{name}`",
                commands=ANYWHERE_COMMANDS,
            ),
        )
        return False

    def needs_floe_in_the_server(self, interaction: discord.Interaction) -> bool:
        """A command installed with servers only, used in a server through the user's own
        install alone (``authorizing_integration_owners`` without the server)."""
        command = interaction.command
        if interaction.type is not discord.InteractionType.application_command or command is None:
            return False
        if interaction.guild_id is None or interaction.is_guild_integration():
            return False
        if not interaction.is_user_integration():
            return False  # no installation said (an older Discord, or a test double)
        root = command.root_parent or command if isinstance(command, app_commands.Command) else command
        installs = root.allowed_installs
        merged = self.allowed_installs if installs is None else self.allowed_installs.merge(installs)
        return not merged.user

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Failures that escape a command (checks, conversions, bugs) answered on the one path."""
        await answer_error(interaction, getattr(error, "original", error))


def unreachable_advice(*, deleted: bool, hosted: bool) -> Said:
    """What the players of a game paused for its lost channel hear by DM: the channel was
    ``deleted`` or closed to the bot; ``hosted``: the game has a seated host, who alone moves it
    (``/game relocate``) or ends it from another channel; a moderator may end it in its channel."""
    relocate, abandon, resume = "`/game relocate`", "`/game abandon`", "`/game resume`"
    if deleted:
        if hosted:
            return say(
                "Its channel was deleted, so I paused the game: no reminders, and nobody misses a deadline. "
                "The host can continue it in another channel with {relocate} there, or end it with {abandon} "
                "in any channel of the server.",
                relocate=relocate,
                abandon=abandon,
            )
        return say(
            "Its channel was deleted, so I paused the game: no reminders, and nobody misses a deadline. "
            "Its host's seat was given away, so nobody can move it to another channel."
        )
    if hosted:
        return say(
            "I can no longer post in its channel, so I paused the game: no reminders, and nobody misses a "
            "deadline. A moderator can give me back View Channel and Send Messages there, and {resume} "
            "continues it; or the host continues it in another channel with {relocate} there, or ends it "
            "with {abandon}.",
            resume=resume,
            relocate=relocate,
            abandon=abandon,
        )
    return say(
        "I can no longer post in its channel, so I paused the game: no reminders, and nobody misses a "
        "deadline. A moderator can give me back View Channel and Send Messages there, and {resume} "
        "continues it; or a moderator ends it with {abandon} there.",
        resume=resume,
        abandon=abandon,
    )


class FloeBot(commands.Bot):
    """The wired bot. ``create_bot`` builds it; ``run`` (or simcord) starts it."""

    #: Seconds between scheduler ticks at most; e2e tests raise it, because simcord's
    #: ``advance_time`` runs every tick within its real-time settle budget.
    tick_seconds: ClassVar[float] = TICK

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        sessions: Sessions | None = None,
        force_sync: bool = False,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents(),
            allowed_mentions=NO_PINGS,
            tree_cls=FloeTree,
            # every command is for servers that added the bot, unless it says otherwise
            # (the personal ones: :data:`bot.adapter.cogs.ANYWHERE`)
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            max_ratelimit_timeout=MAX_RATELIMIT_WAIT,
            **shard_options(settings),
        )
        self.settings = settings
        #: Moves, interaction latency, errors, scheduler lag (served when METRICS_PORT is set).
        self.metrics = Metrics()
        self.metrics_server: MetricsServer | None = None
        self._game_kinds: dict[int, str] = {}  # game id -> game name, for the moves counter
        self.force_sync = force_sync
        self._store = store
        self._sessions = sessions
        self._scheduler: Scheduler | None = None
        self.outbox = Outbox(self)
        #: The flows commands and components share (bot/adapter/flows.py).
        self.flows = Flows(self)
        #: Computer players think in one worker process (bot/core/computers.py).
        self.thinker = PoolThinker(iterations=settings.ai_iterations)
        self._computers: Computers | None = None
        self._identify_turns: IdentifyTurns | None = None
        self._reachability: Reachability | None = None

    @property
    def store(self) -> Store:
        """The store every service of the bot is built over (set up by :meth:`setup_hook`)."""
        assert self._store is not None, "the bot has not been set up yet"
        return self._store

    @property
    def sessions(self) -> Sessions:
        assert self._sessions is not None, "the bot has not been set up yet"
        return self._sessions

    @property
    def readers(self) -> Readers:
        """Who reads which language (:mod:`bot.core.readers`)."""
        return self.sessions.readers

    def _server_language(self, guild_id: int) -> str | None:
        """A server's Discord language (its community setting, in the gateway's guild), if known."""
        guild = self.get_guild(guild_id)
        return None if guild is None else guild.preferred_locale.value

    @property
    def computers(self) -> Computers:
        assert self._computers is not None, "the bot has not been set up yet"
        return self._computers

    @property
    def identify_turns(self) -> IdentifyTurns:
        """This process's turns to identify its shards (:mod:`bot.adapter.identify`)."""
        if self._identify_turns is None:
            windows = IdentifyWindows(self.store)
            self._identify_turns = IdentifyTurns(windows, self.max_concurrency, owner_id())
        return self._identify_turns

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Before every identify (discord.py's hook): wait for the shard's identify window, shared
        by every process of the bot through the database (instead of discord.py's 5 s sleep)."""
        await self.identify_turns.wait_turn(shard_id)

    async def max_concurrency(self) -> int:
        """Identifies per 5 seconds; an unsharded bot has one shard, so one bucket."""
        return 1

    @property
    def has_clock(self) -> bool:
        """Whether the scheduler is set up (``setup_hook`` does it before loading the command
        families); a bot built only for its command tree (:mod:`bot.adapter.command_template`)
        has none, and no ticker."""
        return self._scheduler is not None

    @property
    def clock(self) -> Scheduler:
        """The reminder and deadline scheduler (:mod:`bot.core.scheduler`)."""
        if self._scheduler is None:
            raise ClockError(say("the bot is still starting: try again in a moment"))
        return self._scheduler

    async def setup_hook(self) -> None:
        """The composition root of ``floe run``: every core service over the one store."""
        if self._store is None:
            assert self._sessions is None, "a bot given its session service is given its store too"
            self._store = await open_store(self.settings.database)
        if self._sessions is None:
            self._sessions = Sessions(
                self._store, namer=self._name_from_cache, clock=now, grid=DISCORD_GRID, words=DISCORD_WORDS
            )
        store, sessions = self._store, self._sessions
        sessions.readers.server_language = self._server_language
        self._scheduler = Scheduler(
            sessions, store, self.outbox, clock=now, computer_defaults=self.settings.computer_defaults
        ).attach()
        self.servers = ServerSettings(store)
        self.spectators = Spectators(store, sessions)
        self._scheduler.digests.pages = self.page_address  # web links in daily digests
        self._scheduler.departures.lookup = self.still_member  # members who left (departures.py)
        self.members = Members(store)
        self.dashboard = Dashboard(store, sessions)
        self.lobbies = Lobbies(store.lobbies, sessions)
        self.leagues = Leagues(store, sessions, clock=now)
        self._scheduler.departures.listeners.append(self.leagues.member_left)
        self.history = History(store, sessions)
        self.tables = TableChanges(store, sessions)
        self.rated_games = RatedGames(store, sessions)
        await upgrade(store, sessions, UPGRADE_STEPS)  # one query once the database is upgraded
        self._computers = Computers(
            sessions,
            store,
            self.thinker,
            publish=self.publish_computer_move,
        )
        self.add_dynamic_items(*COMPONENTS)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogueTranslator())  # the commands in nl, fr and de
        await self.sync_commands(force=self.force_sync)
        await self.computers.resume_all()  # a thought cut short by a restart is computed again
        if self.settings.metrics_port is not None:
            self.metrics_server = MetricsServer(
                self.metrics,
                port=self.settings.metrics_port,
                host=self.settings.metrics_host,
                health=self.health,
            )
            await self.metrics_server.start()

    def health(self) -> dict[str, Any]:
        """``/health``: ok once connected to the gateway (every shard of this process) and set up."""
        shards = sorted(getattr(self, "shards", {}) or {})
        return {"ok": self.is_ready() and self._scheduler is not None, "shards": shards}

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Sync the slash commands when Discord's differ from the tree's (see :mod:`bot.adapter.sync`)."""
        return await sync_commands(self.tree, self.settings.dev_guild_id, force=force)

    async def close(self) -> None:
        if self._computers is not None:  # the decisions under way commit and post (STOP_GRACE)
            await self._computers.close()
        await self.outbox.close()  # the background edits, while the connection and store are open
        if self.metrics_server is not None:
            await self.metrics_server.stop()
            self.metrics_server = None
        for extension in reversed(EXTENSIONS):  # stops the scheduler loop first
            if extension in self.extensions:
                await self.unload_extension(extension)
        self.thinker.close()
        await super().close()
        await self.close_store()

    async def close_store(self) -> None:
        """Close the store (and stop the computer players' worker, which needs it)."""
        if self._computers is not None:
            await self._computers.close()
        self.thinker.close()
        if self._store is not None:
            await self._store.close()
            self._store = None

    def _name_from_cache(self, user_id: int) -> str:
        user = self.get_user(user_id)
        return member_name(user) if user else "a player"

    # ------------------------------------------------------------------ helpers for the cogs

    # ------------------------------------------------------------------ members who leave

    async def still_member(self, guild_id: int, user_id: int) -> bool:
        """Whether ``user_id`` is still in ``guild_id`` (one REST read, no privileged intent):
        False only when Discord answers Unknown Member or Unknown User; any other failure
        (the bot itself out of the server, a hiccup) leaves them in."""
        try:
            await self.http.get_member(guild_id, user_id)
        except discord.NotFound as err:
            return err.code not in (UNKNOWN_MEMBER, UNKNOWN_USER)
        except discord.HTTPException as err:
            log.info(
                "could not look up member %s of server %s (%s %s)", user_id, guild_id, err.status, err.code
            )
        except discord.RateLimited:  # a long wait asked of a reminder: they count as still here
            log.info("looking up member %s of server %s is rate limited", user_id, guild_id)
        return True

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left a server: only sent to a bot given the members intent, which Floe does not
        ask for (:func:`intents`); without it, the reminders find them gone (:meth:`still_member`)."""
        if not self.has_clock:
            return
        try:
            await self.clock.departures.left(payload.guild_id, payload.user.id)
        except Exception:  # an event handler never raises into discord.py
            log.exception(
                "telling the tables that %s left server %s failed", payload.user.id, payload.guild_id
            )

    async def seen_in(self, guild_id: int | None, user_id: int) -> None:
        """``user_id`` used Floe in ``guild_id``: a member found gone from it is back."""
        if self.has_clock:
            await self.clock.departures.returned(guild_id, user_id)

    async def remember(self, interaction: discord.Interaction) -> None:
        await self.remember_user(interaction.user)

    async def remember_user(self, user: discord.abc.User) -> None:
        """Remember ``user``'s name, made safe for every message once, here (:func:`member_name`)."""
        await self.sessions.remember_name(user.id, member_name(user))

    async def channel_for(self, channel_id: int) -> discord.abc.Messageable:
        """The game's channel: from the cache when this process's shards see its server, else a
        partial messageable by id, which posts through REST from any shard (a DM arrives at
        shard 0, whichever process hosts the game's server)."""
        channel = self.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.get_partial_messageable(channel_id)

    async def count_move(self, reply: Reply) -> None:
        """One more committed move in the moves counter, labelled with the game's name."""
        if reply.game_id is None:
            return
        kind = self._game_kinds.get(reply.game_id)
        if kind is None:
            record = await self.store.game(reply.game_id)
            kind = self._game_kinds[reply.game_id] = record.game if record else "unknown"
        self.metrics.move(kind)

    async def watch_url(self, controls: Controls | None) -> str | None:
        """The web page of the game a turn's (or a finished game's) controls are for, when the bot
        has a public web address (``WEB_URL``) and the server shows its pages; else None."""
        if not self.settings.web_url or controls is None or controls.kind not in ("turn", "over"):
            return None
        try:
            return await self.spectators.address(self.settings.web_url, controls.game_id)
        except SessionError:  # the server turned its pages off, or the game is gone
            return None

    async def page_address(self, game_id: int) -> str | None:
        """The game's web page when the bot has a public web address (``WEB_URL``) and the
        server shows its pages; else None."""
        if not self.settings.web_url:
            return None
        try:
            return await self.spectators.address(self.settings.web_url, game_id)
        except SessionError:
            return None

    async def is_moderator(self, interaction: discord.Interaction) -> bool:
        """Manage Server (or Administrator), or the server's moderator role (``/floe config``)."""
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        roles = getattr(interaction.user, "roles", None) or []
        return await self.servers.is_moderator(interaction.guild_id, (r.id for r in roles))

    def channel_name(self, channel_id: int) -> str:
        channel = self.get_channel(channel_id)
        return getattr(channel, "name", None) or "a channel"

    # ------------------------------------------------------------------ after a commit

    async def publish_committed(
        self,
        reply: Reply,
        *,
        interaction: discord.Interaction | None = None,
        skip_notes_for: int | None = None,
    ) -> discord.Message | None:
        """Post what a committed change produced, and settle what it owed (storage/owed.py: the
        commit recorded it, leased to this process). A failure now cannot undo the change: what
        did not get out stays owed and is posted again later (:meth:`post_owed_boards`), and the
        user is told the change counted (:class:`bot.adapter.errors.PostFailed`). An edit of the
        turn message left to the background (:class:`bot.adapter.outbox.TurnEdit`) is settled
        there, once it is in, and once this post's private notes went out."""
        mark_committed()
        outcome = Published()
        try:
            message = await self.outbox.publish(
                reply, skip_notes_for=skip_notes_for, interaction=interaction, outcome=outcome
            )
        except Exception as err:
            outcome.in_background = False  # settled here, whatever the background edit does
            outcome.ready.set()
            failure = await self.post_failure(reply, outcome, err, interaction)
            if failure is None:
                return None
            raise failure from err
        outcome.ready.set()
        if not outcome.in_background:
            await self.settle_post(reply, outcome)
        return message

    async def post_failure(
        self,
        reply: Reply,
        outcome: Published,
        err: Exception,
        interaction: discord.Interaction | None = None,
    ) -> Exception | None:
        """Settle a committed change's post that failed with ``err`` (owed for a retry, or the game
        paused when its channel is lost) and return what to tell the player: the change counted
        (None: nothing to tell)."""
        if reply.game_id is not None and await self.channel_refused(reply.game_id, err):
            if reply.finished:  # the game's last post (an abandon): nothing more to tell
                return None
            if (await self.sessions.table(reply.game_id)).record.status != "active":  # a lobby
                return PostFailed(reply.ack, failure_cause(err, interaction))
            return ChannelRefused(
                say(
                    "{ack} It counted, but {cause}, so I paused the game and told its players by DM what "
                    "the host can do",
                    ack=reply.ack or say("Done."),
                    cause=failure_cause(err, interaction),
                )
            )
        await self.settle_post(reply, outcome, err)
        if not isinstance(err, discord.HTTPException | discord.RateLimited):
            log.exception("posting a committed reply failed", exc_info=err)
        return PostFailed(reply.ack, failure_cause(err, interaction))

    async def publish_computer_move(self, reply: Reply) -> None:
        """Post a computer player's move; a failed post leaves it owed, like any other."""
        try:
            await self.publish_committed(reply)
        except (PostFailed, ChannelRefused):
            log.info("the board after a computer move in game %s is owed, or its channel lost", reply.game_id)

    async def settle_post(
        self,
        reply: Reply,
        outcome: Published,
        failed: Exception | None = None,
        *,
        owed: OwedPost | None = None,
    ) -> None:
        """Take what ``reply``'s post got out off what its game owes; what is left is retried after
        the next of :data:`RETRY_DELAYS`, or given up after the last (the host is told). A channel
        that is gone or closed to the bot pauses the game instead (:meth:`channel_refused`)."""
        if reply.game_id is None or reply.step is None:
            return
        game_id = reply.game_id
        if failed is not None and await self.channel_refused(game_id, failed):
            return
        posts = OwedPosts(self.store)
        retry_at = None
        if failed is not None or outcome.owed:
            owed = owed or await posts.owed(game_id)
            attempts = owed.attempts if owed is not None else 0
            if attempts >= len(RETRY_DELAYS):
                await self.give_up_post(game_id, failed)
                return
            retry_at = self.clock.clock() + RETRY_DELAYS[attempts]
        await posts.settle(
            self.sessions.owner,
            game_id,
            reply.step,
            board=outcome.board,
            notes=outcome.notes,
            retry_at=retry_at,
        )

    async def give_up_post(self, game_id: int, failed: Exception | None) -> None:
        """Every retry of a post failed: nothing is owed any more, and the host hears of it by DM
        (a game without a seated host: its players, who may all ask for the board again)."""
        await OwedPosts(self.store).give_up(game_id)
        log.warning(
            "the post owed in game %s is given up after %d tries (%r)", game_id, len(RETRY_DELAYS), failed
        )
        table = await self.sessions.table(game_id)
        text = say(
            "I could not post the newest board of your **{game}** game in its channel ({cause}), and I "
            "gave up trying. {command} in the channel shows it again.",
            game=table.game.title,
            cause=failure_cause(failed) if failed else say("a private note did not go out"),
            command="`/game board`",
        )
        await self.tell_players(table.record.id, text, list(table.host_call().pings) or table.humans())

    async def channel_refused(self, game_id: int, err: BaseException) -> bool:
        """When ``err`` says the game's channel is gone or closed to the bot (:data:`CHANNEL_REFUSALS`):
        pause the game (:meth:`bot.core.scheduler.Scheduler.pause_unreachable`; no reminder, no
        deadline, no missed deadline), forget what it owed (a channel closed to the bot: hold it
        until the game resumes), tell its players by DM once what the host can do, and return
        True. Anything else: False."""
        if not isinstance(err, discord.HTTPException) or err.code not in CHANNEL_REFUSALS:
            return False
        if err.code == 10003:  # the channel is gone: nothing owed there can be posted
            await OwedPosts(self.store).give_up(game_id)
            self.reachability.deleted((await self.sessions.table(game_id)).record.channel_id)
        else:  # closed to the bot: held until it may post again (Reachability)
            await OwedPosts(self.store).hold(game_id)
        if not await self.clock.pause_unreachable(game_id):
            return True  # paused for it already: the players were told
        table = await self.sessions.table(game_id)
        log.warning("the channel of game %s refused a post (%s): the game is paused", game_id, err.code)
        what = unreachable_advice(deleted=err.code == 10003, hosted=table.seated_host() is not None)
        text = say(
            "⏸️ Your **{game}** game ({reason}). {advice}",
            game=table.game.title,
            reason=UNREACHABLE_SAID,
            advice=what,
        )
        await self.tell_players(game_id, text, table.humans())
        return True

    # ------------------------------------------------------------------ a closed channel opens again

    @property
    def reachability(self) -> Reachability:
        """The looks at games paused because their channel is closed to the bot (reachability.py)."""
        if self._reachability is None:
            self._reachability = Reachability(self)
        return self._reachability

    async def on_guild_channel_update(
        self, _before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        await self.look_at_server(after.guild.id)

    async def on_guild_role_update(self, _before: discord.Role, after: discord.Role) -> None:
        await self.look_at_server(after.guild.id)

    async def on_thread_update(self, _before: discord.Thread, after: discord.Thread) -> None:
        await self.look_at_server(after.guild.id)

    async def look_at_server(self, guild_id: int) -> None:
        """Permissions may have changed in the server: resume the paused games it lets the bot
        post in again, and post what they held now rather than at the next tick."""
        if not self.has_clock:
            return
        try:
            if await self.reachability.look(guild_id):
                await self.post_owed_boards()
        except Exception:  # an event handler never raises into discord.py
            log.exception("looking at the paused games of server %s failed", guild_id)

    async def tell_players(self, game_id: int, text: Text, users: list[int]) -> None:
        """DM ``text`` to each of ``users``, one at a time, told in each one's language (without a
        notification to those in their quiet hours); a DM that fails is logged and skipped."""
        asleep = await self.clock.quiet.quiet_now(users)
        for user_id in users:
            try:
                told = tell(text, (), language(await self.readers.person(user_id)))
                dm = await self.create_dm(discord.Object(id=user_id))
                await dm.send(view=card(told), allowed_mentions=NO_PINGS, silent=user_id in asleep)
            except discord.HTTPException as err:
                log.info(
                    "could not tell %s about game %s by DM (%s %s)", user_id, game_id, err.status, err.code
                )

    async def post_owed_boards(self) -> None:
        """Post what games still owe their players (start-up and each scheduler tick): the
        changes whose post failed, and those whose committing process died before posting.

        The posts are claimed in the database (:meth:`storage.owed.OwedPosts.claim`: only those
        whose lease ran out and whose retry time came, leased in this process's name), so with
        several processes exactly one posts each. A post shows the game's current board, pinging
        those of its pings still awaited, and each owed player's current private view
        (:meth:`bot.core.sessions.Sessions.owed_reply`, which applies the views); then it is
        settled like any post (:meth:`settle_post`).
        """
        posts = OwedPosts(self.store)
        owner, now = self.sessions.owner, self.clock.clock()
        for owed in await posts.claim(owner, now, OWED_LEASE):
            game_id = owed.game_id
            outcome = Published()
            failed: Exception | None = None
            try:
                reply = await self.sessions.owed_reply(
                    game_id, board=owed.board, ping=owed.pings, notes=owed.notes
                )
            except Exception:
                log.exception("the post owed in game %s cannot be made: given up", game_id)
                await posts.give_up(game_id)
                continue
            if reply is None:  # the game is over or gone: nothing to post
                await posts.give_up(game_id)
                continue
            try:
                await self.outbox.publish(reply, outcome=outcome)
            except Exception as err:
                outcome.in_background = False  # settled here, whatever the background edit does
                failed = err
                if not isinstance(err, discord.HTTPException):
                    log.exception("posting what game %s owes failed", game_id)
            outcome.ready.set()
            if not outcome.in_background:  # else the background edit settles it, once it is in
                await self.settle_post(reply, outcome, failed, owed=owed)


def now() -> float:
    """The bot's clock: ``discord.utils.utcnow`` (virtual under simcord)."""
    return discord.utils.utcnow().timestamp()


class ShardedFloeBot(FloeBot, commands.AutoShardedBot):
    """The same bot on several gateway shards in one process (``SHARD_COUNT``, ``SHARD_IDS``).

    Everything shared lives in the database, so the processes of a sharded bot need no other
    link: each runs its shards, claims its share of the scheduler's work, and posts to any
    channel through REST (:meth:`FloeBot.channel_for`).
    """

    async def max_concurrency(self) -> int:
        """The gateway's session start limit (``GET /gateway/bot``), read once per start; when
        Discord cannot tell, 1 (every shard in one bucket: the slowest order, never refused)."""
        try:
            return (await self.fetch_session_start_limits()).max_concurrency
        except (discord.HTTPException, discord.GatewayNotFound) as err:
            log.warning("could not read the session start limit (%s): identifying one shard at a time", err)
            return 1


def shard_options(settings: Settings) -> dict[str, Any]:
    """``shard_count`` and ``shard_ids`` for the client when the bot is sharded, else nothing."""
    if settings.shard_count is None:
        return {}
    return {
        "shard_count": settings.shard_count,
        "shard_ids": list(settings.shard_ids or range(settings.shard_count)),
    }


def create_bot(
    settings: Settings,
    *,
    store: Store | None = None,
    sessions: Sessions | None = None,
    force_sync: bool = False,
) -> FloeBot:
    """The fully wired bot, not connected. ``bot.run(settings.token)`` connects it.

    With ``SHARD_COUNT`` set it is a :class:`ShardedFloeBot` (an ``AutoShardedBot`` running
    ``SHARD_IDS``, or every shard); unset, a plain ``commands.Bot`` as before.
    """
    cls = ShardedFloeBot if settings.shard_count is not None else FloeBot
    return cls(settings, store=store, sessions=sessions, force_sync=force_sync)
