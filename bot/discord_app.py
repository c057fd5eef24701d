"""The Discord front end: slash commands, restart-safe components, DMs.

Everything here translates between Discord and :mod:`bot.sessions`; no rule and no SQL lives
here. Conventions (DESIGN.md section 6):

* Every interaction is acknowledged first (``defer``), then the session works, then the bot
  posts a *new* message in the game's channel (board PNG, narration, a mention of exactly the
  awaited players) and answers the user privately.
* Every component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` holds the game and
  the step it was drawn for, registered in ``setup_hook``: buttons keep working after a restart,
  and a click on an older board is refused as stale.
* One error path: :func:`answer_error` turns a game or session error into a private answer;
  anything else is logged with a reference and answered with a short apology.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar, Self

import discord
from discord import app_commands

import games
from bot.sessions import (
    Controls,
    NoGameHere,
    Note,
    NotSeated,
    Post,
    Reply,
    SessionError,
    Sessions,
)
from bot.settings import Settings
from storage import Store

log = logging.getLogger("floe.discord")

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
CUSTOM_ID_LIMIT = 100
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
NO_PINGS = discord.AllowedMentions.none()


# --------------------------------------------------------------------------- the one error path


def user_message(err: Exception) -> str:
    text = str(err).strip() or "that did not work"
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


async def answer_error(interaction: discord.Interaction, err: Exception) -> None:
    """Answer privately: the reason for a game or session error, an apology for anything else."""
    if isinstance(err, games.GameError | SessionError):
        text = user_message(err)
    else:
        ref = secrets.token_hex(3)
        log.exception("unexpected error (ref %s)", ref, exc_info=err)
        text = f"Sorry, something went wrong on our side (ref {ref}). Nothing was changed; please try again."
    await say_privately(interaction, text)


async def say_privately(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)


async def guarded(interaction: discord.Interaction, work: Callable[[], Awaitable[None]]) -> None:
    try:
        await work()
    except Exception as err:  # the one place that turns failures into answers
        await answer_error(interaction, err)


# --------------------------------------------------------------------------- components


def attached(data: bytes | None, filename: str) -> list[discord.File]:
    """The picture as a file list to send (empty when there is none)."""
    return [discord.File(io.BytesIO(data), filename=filename)] if data else []


def selected_values(interaction: discord.Interaction) -> list[str]:
    data: Any = interaction.data or {}
    return [str(v) for v in data.get("values") or []]


def action_id(game_id: int, step: int, notation: str) -> str:
    return f"floe:a:{game_id}:{step}:{notation}"


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:a:(?P<gid>\d+):(?P<step>\d+):(?P<n>.+)"
):
    """Plays one action (its notation is in the custom id) on the board it was drawn for."""

    def __init__(
        self, game_id: int, step: int, notation: str, label: str = "", style: str = "secondary"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or notation)[:80],
                style=STYLES.get(style, discord.ButtonStyle.secondary),
                custom_id=action_id(game_id, step, notation),
            )
        )
        self.game_id, self.step, self.notation = game_id, step, notation

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["gid"]), int(match["step"]), match["n"])

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        await app.play(interaction, self.game_id, self.notation, self.step)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:s:(?P<gid>\d+):(?P<step>\d+):(?P<k>\d+)"
):
    """A select menu of actions (their notations are the option values)."""

    def __init__(
        self,
        game_id: int,
        step: int,
        k: int,
        placeholder: str = "",
        options: Sequence[discord.SelectOption] = (),
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"floe:s:{game_id}:{step}:{k}",
                placeholder=placeholder[:150] or "Choose…",
                options=list(options) or [discord.SelectOption(label="…")],
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["gid"]), int(match["step"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).play(interaction, self.game_id, values[0], self.step)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:l:(?P<gid>\d+):(?P<verb>join|leave|start|cancel)",
):
    LABELS: ClassVar[dict[str, tuple[str, discord.ButtonStyle]]] = {
        "join": ("Join", discord.ButtonStyle.primary),
        "leave": ("Leave", discord.ButtonStyle.secondary),
        "start": ("Start", discord.ButtonStyle.success),
        "cancel": ("Cancel", discord.ButtonStyle.danger),
    }

    def __init__(self, game_id: int, verb: str) -> None:
        label, style = self.LABELS[verb]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"floe:l:{game_id}:{verb}"))
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["gid"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).lobby(interaction, self.verb, self.game_id)


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:m:(?P<gid>\d+):(?P<step>\d+)"
):
    """Shows the clicker their own options privately (for hidden or simultaneous choices)."""

    def __init__(self, game_id: int, step: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My options", style=discord.ButtonStyle.primary, custom_id=f"floe:m:{game_id}:{step}"
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        return cls(int(match["gid"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).private_menu(interaction, self.game_id, self.step)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:game-button:(?P<gid>\d+)"):
    """Base of the buttons that need only their game: ``custom_id`` is ``floe:<key>:<game id>``.

    A subclass names its key (``class ReplayButton(GameButton, key="replay")``), sets
    ``LABEL``/``STYLE``/``EMOJI`` and writes ``callback``; registering it restores it after a restart.
    """

    KEY: ClassVar[str] = "game-button"
    LABEL: ClassVar[str] = ""
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    EMOJI: ClassVar[str | None] = None

    def __init_subclass__(cls, *, key: str) -> None:
        cls.KEY = key
        super().__init_subclass__(template=rf"floe:{re.escape(key)}:(?P<gid>\d+)")

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or self.LABEL)[:80],
                style=self.STYLE,
                emoji=self.EMOJI,
                custom_id=f"floe:{self.KEY}:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]))


class ViewButton(GameButton, key="v"):
    """Shows the clicker their private view of the game at any time."""

    LABEL = "My view"

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).show_private_view(interaction, self.game_id)


class InputButton(GameButton, key="p"):
    """Opens a private text box for a secret, open-ended choice (an Ice Lake plan)."""

    LABEL = "Answer privately"
    STYLE = discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        async def work() -> None:
            table = await app.sessions.table(self.game_id)
            mine = table.seats_of(interaction.user.id)
            if not mine:
                raise NotSeated("you are not playing in this game")
            state = table.state
            if state is None or table.record.status != "active":
                raise games.GameOver("that game is not being played")
            prompt = next((table.game.prompt(state, s) for s in mine if s in table.game.to_act(state)), "")
            if not prompt:
                prompt = next(
                    (table.game.prompt(state, s) for s in mine if games.may_revise(table.game, state, s)), ""
                )
            if not prompt:
                raise games.NotYourTurn("nothing secret is asked of you right now")
            await interaction.response.send_modal(SecretModal(self.game_id, table.game.title, prompt))

        await guarded(interaction, work)


class SecretModal(discord.ui.Modal):
    """The private text box; its answer is played like any other move."""

    def __init__(self, game_id: int, title: str, prompt: str) -> None:
        super().__init__(
            title=f"{title}: your secret choice"[:45], timeout=None, custom_id=f"floe:modal:{game_id}"
        )
        self.game_id = game_id
        self.answer: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your answer (only you see it)",
            placeholder=prompt[:100],
            custom_id="floe:answer",
            max_length=100,
        )
        self.add_item(self.answer)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).play(interaction, self.game_id, self.answer.value, None)


class DmGameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:d:(?P<text>.+)"):
    """Asks which game a DM answer is for when the player has several waiting (never guess)."""

    def __init__(self, text: str, options: Sequence[discord.SelectOption] = ()) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"floe:d:{text}"[:CUSTOM_ID_LIMIT],
                placeholder="Which game is this for?",
                options=list(options) or [discord.SelectOption(label="…")],
            )
        )
        self.text = text

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DmGameSelect:
        return cls(match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).play(interaction, int(values[0]), self.text, None)


COMPONENTS = (ActionButton, ActionSelect, LobbyButton, MenuButton, ViewButton, InputButton, DmGameSelect)


def build_view(controls: Controls | None, *, with_view_button: bool = True) -> discord.ui.View | None:
    """Discord components for a post's controls (``timeout=None``: they never expire)."""
    if controls is None or controls.kind == "none":
        return None
    if controls.kind == "over":  # a finished game: Replay and Rematch
        from bot.discord_extras import after_game_view

        return after_game_view(controls.game_id)
    view = discord.ui.View(timeout=None)
    gid, step = controls.game_id, controls.step
    if controls.kind == "lobby":
        for verb in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(gid, verb))
        return view
    for choice in controls.buttons:
        if len(action_id(gid, step, choice.notation)) <= CUSTOM_ID_LIMIT:
            view.add_item(ActionButton(gid, step, choice.notation, choice.label, choice.style))
    for k, menu in enumerate(controls.menus):
        options = [discord.SelectOption(label=c.label[:100], value=c.notation[:100]) for c in menu.choices]
        view.add_item(ActionSelect(gid, step, k, menu.placeholder, options))
    if controls.private_menu:
        view.add_item(MenuButton(gid, step))
    if controls.private_input:
        view.add_item(InputButton(gid, controls.private_input))
    if with_view_button and len(view.children) < 25:
        view.add_item(ViewButton(gid))
    return view


# --------------------------------------------------------------------------- the client


def app_of(interaction: discord.Interaction) -> FloeBot:
    client = interaction.client
    assert isinstance(client, FloeBot)
    return client


class FloeBot(discord.Client):
    """The wired client. ``create_bot`` builds it; ``run`` (or simcord) starts it."""

    def __init__(
        self, settings: Settings, *, store: Store | None = None, sessions: Sessions | None = None
    ) -> None:
        intents = discord.Intents.default()  # no privileged intent: DMs need no message content
        super().__init__(intents=intents, allowed_mentions=NO_PINGS)
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self._store = store
        self._sessions = sessions
        self.tree.add_command(GameCommands(self))
        self.tree.add_command(plan_command)
        from bot import discord_extras  # history, undo, dashboard, rematch, moderation (issue 7 B)

        discord_extras.install(self)
        from bot import notify  # turn DMs, reminders, deadlines, pause, vacation (issue 7 A)

        notify.install(self)

    @property
    def sessions(self) -> Sessions:
        assert self._sessions is not None, "the bot has not been set up yet"
        return self._sessions

    async def setup_hook(self) -> None:
        from bot import notify

        if self._sessions is None:
            if self._store is None:
                self._store = await Store.open(self.settings.database)
            self._sessions = Sessions(self._store, namer=self._name_from_cache, clock=notify.now)
        self.add_dynamic_items(*COMPONENTS)
        await notify.start(self)  # the reminder and deadline scheduler
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def close(self) -> None:
        from bot import notify

        await notify.stop(self)
        await super().close()
        await self.close_store()

    async def close_store(self) -> None:
        if self._store is not None:
            await self._store.close()
            self._store = None

    def _name_from_cache(self, user_id: int) -> str:
        user = self.get_user(user_id)
        return user.display_name if user else "a player"

    async def _on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        await answer_error(interaction, original)

    # ------------------------------------------------------------------ posting

    async def remember(self, interaction: discord.Interaction) -> None:
        await self.sessions.remember_name(interaction.user.id, interaction.user.display_name)

    async def channel_for(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def publish(self, reply: Reply, *, skip_notes_for: int | None = None) -> discord.Message | None:
        """Post a reply's public message in its game's channel and deliver its private notes."""
        if reply.game_id is None:
            return None
        table = await self.sessions.table(reply.game_id)
        channel = await self.channel_for(table.record.channel_id)
        post = reply.post
        if (
            post is not None
            and reply.finished
            and table.record.status == "finished"
            and post.controls is None
        ):
            post = dataclasses.replace(post, controls=Controls(reply.game_id, table.record.step, "over"))
        message = await self.send_post(channel, post) if post else None
        if message is not None:
            from bot import notify

            await notify.after_post(self, reply, table, message)  # turn DMs for those who opted in
        for note in reply.notes:
            if note.user_id == skip_notes_for and note.controls is None:
                continue
            await self.deliver(note, channel)
        if message is not None and reply.post and reply.post.controls and reply.post.controls.kind == "lobby":
            await self.sessions.store.set_board_message(reply.game_id, message.id)
        return message

    async def send_post(self, channel: discord.abc.Messageable, post: Post) -> discord.Message:
        pings = "\n".join(f"<@{a.user_id}> {a.prompt}" for a in post.awaited)
        if pings:
            pings = "Your turn: " + pings if len(post.awaited) == 1 else pings
        content = "\n".join(part for part in (post.text, pings) if part)[:2000]
        files = attached(post.image, "board.png") + attached(post.animation, "moves.gif")
        view = build_view(post.controls)
        mentions = discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(id=a.user_id) for a in post.awaited if a.ping],
        )
        kwargs: dict[str, Any] = {"content": content, "files": files, "allowed_mentions": mentions}
        if view is not None:
            kwargs["view"] = view
        return await channel.send(**kwargs)

    async def deliver(self, note: Note, channel: discord.abc.Messageable) -> bool:
        """Send a private note by DM; when DMs are closed, say so in the channel without its content.

        The channel message offers the in-server private path (the note's controls, else
        the My view button), and names no secret.
        """
        user = self.get_user(note.user_id) or await self.fetch_user(note.user_id)
        files = attached(note.image, "my-view.png")
        link = ""
        if note.controls is not None:
            record = (await self.sessions.table(note.controls.game_id)).record
            link = f"\nThe game: https://discord.com/channels/{record.guild_id or '@me'}/{record.channel_id}"
        try:
            await user.send(note.text + link, files=files)
            return True
        except discord.Forbidden:
            fallback = build_view(note.controls, with_view_button=True) if note.controls else None
            how = "press the button below" if fallback else "press **My view** on the board"
            kwargs: dict[str, Any] = {}
            if fallback is not None:
                kwargs["view"] = fallback
            await channel.send(
                f"<@{note.user_id}>, I cannot send you direct messages, so {how} to answer privately "
                "(only you will see it). To get DMs from me, allow direct messages from server members.",
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=note.user_id)]),
                **kwargs,
            )
            return False

    # ------------------------------------------------------------------ direct messages

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None or self._sessions is None:
            return
        try:
            await self.handle_dm(message)
        except Exception as err:
            if isinstance(err, games.GameError | SessionError):
                text = user_message(err)
            else:
                ref = secrets.token_hex(3)
                log.exception("unexpected error in a DM (ref %s)", ref, exc_info=err)
                text = f"Sorry, something went wrong on our side (ref {ref}). Nothing was changed; please try again."
            await message.channel.send(text)

    async def handle_dm(self, message: discord.Message) -> None:
        """A DM answers a secret choice (an Ice Lake plan). Several games waiting: ask which."""
        await self.sessions.remember_name(message.author.id, message.author.display_name)
        text = message.content.strip()
        tables = await self.sessions.secret_tables(message.author.id)
        if not tables:
            await message.channel.send(
                "Hello! None of your games is waiting for a secret choice from you right now. "
                "When one is (an Ice Lake plan, say), I will ask you here, and you answer by replying."
            )
            return
        if len(tables) > 1:
            options = [
                discord.SelectOption(
                    label=f"{t.game.title} in #{self._channel_name(t.record.channel_id)}"[:100],
                    value=str(t.record.id),
                )
                for t in tables[:25]
            ]
            view = discord.ui.View(timeout=None)
            view.add_item(DmGameSelect(text[:80], options))
            await message.channel.send(
                "You have several games waiting for you: which one is this for?", view=view
            )
            return
        await self.answer_secret(message.channel, message.author.id, tables[0].record.id, text)

    def _channel_name(self, channel_id: int) -> str:
        channel = self.get_channel(channel_id)
        return getattr(channel, "name", None) or "a channel"

    async def answer_secret(self, dm: discord.abc.Messageable, user_id: int, game_id: int, text: str) -> None:
        reply = await self.sessions.act(0, user_id, text, game_id=game_id)
        await self.publish(reply, skip_notes_for=user_id)
        note = await self.sessions.private_view(0, user_id, game_id=game_id)
        files = attached(note.image, "my-view.png")
        own = "\n".join(n.text for n in reply.notes if n.user_id == user_id and n.controls is None)
        await dm.send("\n".join(part for part in (reply.ack, own) if part), files=files)

    # ------------------------------------------------------------------ flows shared by commands and components

    async def play(
        self, interaction: discord.Interaction, game_id: int | None, text: str, step: int | None
    ) -> None:
        """Acknowledge, play, post the new board, and confirm privately."""

        async def work() -> None:
            if not interaction.response.is_done():
                if interaction.type == discord.InteractionType.component:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
            await self.remember(interaction)
            channel_id = interaction.channel_id or 0
            reply = await self.sessions.act(channel_id, interaction.user.id, text, step=step, game_id=game_id)
            own = [n for n in reply.notes if n.user_id == interaction.user.id and n.controls is None]
            await self.publish(reply, skip_notes_for=interaction.user.id)
            if own:  # a secret choice: confirm it privately, with the player's own view
                note = await self.sessions.private_view(0, interaction.user.id, game_id=reply.game_id)
                files = attached(note.image, "my-view.png")
                await say_privately(interaction, "\n".join([reply.ack, *(n.text for n in own)]), files=files)
            elif interaction.type != discord.InteractionType.component:
                await say_privately(interaction, reply.ack)

        await guarded(interaction, work)

    async def lobby(self, interaction: discord.Interaction, verb: str, game_id: int | None) -> None:
        async def work() -> None:
            component = interaction.type == discord.InteractionType.component
            if component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            await self.remember(interaction)
            channel_id = interaction.channel_id or 0
            handler = {
                "join": self.sessions.join,
                "leave": self.sessions.leave,
                "start": self.sessions.start,
                "cancel": self.sessions.cancel,
            }[verb]
            reply = await handler(channel_id, interaction.user.id, game_id=game_id)
            if verb in ("join", "leave") and reply.post is not None:
                await self.refresh_lobby(reply, interaction)
            else:
                await self.close_lobby(reply)
                await self.publish(reply)
            await say_privately(interaction, reply.ack or "Done.")

        await guarded(interaction, work)

    async def refresh_lobby(self, reply: Reply, interaction: discord.Interaction) -> None:
        """Edit the lobby message in place (it is new: Discord allows the edit)."""
        assert reply.post is not None and reply.game_id is not None
        table = await self.sessions.table(reply.game_id)
        message_id = table.record.board_message_id
        if message_id is not None:
            channel = await self.channel_for(table.record.channel_id)
            try:
                message = await channel.fetch_message(message_id)
                await message.edit(content=reply.post.text, view=build_view(reply.post.controls))
                return
            except discord.HTTPException:
                pass
        await self.publish(reply)

    async def close_lobby(self, reply: Reply) -> None:
        """Take the buttons off the lobby message once the game started or was cancelled."""
        if reply.game_id is None:
            return
        table = await self.sessions.table(reply.game_id)
        if table.record.board_message_id is None:
            return
        channel = await self.channel_for(table.record.channel_id)
        try:
            message = await channel.fetch_message(table.record.board_message_id)
            await message.edit(view=None)
        except discord.HTTPException:
            pass

    async def private_menu(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.remember(interaction)
            # A menu opener is never stale: it shows the clicker's options as they are now (a
            # secret move, such as a standing order, advances the game without a new board).
            controls = await self.sessions.options_for(0, interaction.user.id, game_id=game_id)
            note = await self.sessions.private_view(0, interaction.user.id, game_id=game_id)
            view = build_view(controls, with_view_button=False)
            files = attached(note.image, "my-view.png")
            text = note.text + ("\nMore choices: type them with /game move." if controls.more_hint else "")
            await interaction.followup.send(
                text, ephemeral=True, files=files, view=view or discord.utils.MISSING
            )

        await guarded(interaction, work)

    async def show_private_view(self, interaction: discord.Interaction, game_id: int | None) -> None:
        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.remember(interaction)
            note = await self.sessions.private_view(
                interaction.channel_id or 0, interaction.user.id, game_id=game_id
            )
            files = attached(note.image, "my-view.png")
            await interaction.followup.send(note.text, ephemeral=True, files=files)

        await guarded(interaction, work)


# --------------------------------------------------------------------------- slash commands


GAME_CHOICES = [
    app_commands.Choice(name=f"{g.title} ({g.players.start}–{g.players.stop - 1} players)", value=name)
    for name, g in sorted(games.GAMES.items())
]


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


@app_commands.guild_only()
class GameCommands(app_commands.Group):
    """/game …: start, join and play games in this channel."""

    def __init__(self, bot: FloeBot) -> None:
        super().__init__(name="game", description="Play polar board games in this channel")
        self.bot = bot

    @app_commands.command(name="new", description="Open a new game in this channel (or in a new thread)")
    @app_commands.describe(
        game="Which game",
        options="Variants, comma separated (autocomplete lists them)",
        thread="Start the game in its own thread",
        deadline="Time per move, like 48h or 2d; then the rulebook default applies",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str = "",
        thread: bool = False,
        deadline: str = "",
    ) -> None:
        bot = self.bot

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await bot.remember(interaction)
            parsed = parse_options(options)
            rules = games.get(game)
            rules.options.from_mapping(parsed)  # refuse bad options before creating a thread
            from bot import notify

            notify.check_deadline(deadline)
            channel = interaction.channel
            channel_id = interaction.channel_id or 0
            if thread:
                if not isinstance(channel, discord.TextChannel):
                    raise SessionError("threads can be started from a text channel only")
                created = await channel.create_thread(
                    name=f"{rules.title}", type=discord.ChannelType.public_thread
                )
                channel_id = created.id
            reply = await bot.sessions.new_game(
                channel_id=channel_id,
                guild_id=interaction.guild_id,
                user_id=interaction.user.id,
                game_name=game,
                options=parsed,
            )
            clock = await notify.configure_new_game(bot, reply.game_id, deadline)
            await bot.publish(reply)
            where = f" in <#{channel_id}>" if thread else ""
            await say_privately(
                interaction,
                f"{rules.title} lobby opened{where}.{clock} Others press **Join**; you press **Start**.",
            )

        await guarded(interaction, work)

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = getattr(interaction.namespace, "game", None)
        if name not in games.GAMES:
            return []
        game = games.get(name)
        done = [p.strip() for p in current.split(",")[:-1] if p.strip()]
        prefix = ", ".join(done) + (", " if done else "")
        out = []
        for option, help_text in game.options.help.items():
            label = option.replace("_", " ")
            if label in done:
                continue
            value = prefix + label
            out.append(app_commands.Choice(name=f"{label} — {help_text}"[:100], value=value[:100]))
        return out[:25]

    @app_commands.command(name="join", description="Join the game waiting for players in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby(interaction, "join", None)

    @app_commands.command(name="leave", description="Leave the lobby in this channel")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby(interaction, "leave", None)

    @app_commands.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby(interaction, "start", None)

    @app_commands.command(name="cancel", description="Cancel the lobby (host only)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await self.bot.lobby(interaction, "cancel", None)

    @app_commands.command(name="move", description="Play a move, typed in the game's notation")
    @app_commands.describe(action="Your move (autocomplete lists what you may play)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await self.bot.play(interaction, None, action, None)

    @move.autocomplete("action")
    async def move_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self.bot.sessions.suggestions(interaction.channel_id or 0, interaction.user.id, current)
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in found]

    @app_commands.command(name="board", description="Show the current board again")
    async def board(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await bot.sessions.board(interaction.channel_id or 0)
            assert reply.post is not None
            files = attached(reply.post.image, "board.png")
            view = build_view(reply.post.controls)
            await interaction.followup.send(
                reply.post.text or "The board:",
                ephemeral=True,
                files=files,
                view=view or discord.utils.MISSING,
            )

        await guarded(interaction, work)

    @app_commands.command(name="view", description="See your own private view (hand, plan) privately")
    async def view(self, interaction: discord.Interaction) -> None:
        await self.bot.show_private_view(interaction, None)

    @app_commands.command(name="resign", description="Leave the game you are playing in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        bot = self.bot

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            reply = await bot.sessions.resign(interaction.channel_id or 0, interaction.user.id)
            await bot.publish(reply)
            await say_privately(interaction, reply.ack)

        await guarded(interaction, work)

    @app_commands.command(name="log", description="The moves of the game in this channel")
    @app_commands.describe(page="Page number (15 moves a page)")
    async def log(self, interaction: discord.Interaction, page: int = 1) -> None:
        bot = self.bot

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            from bot.discord_extras import log_page  # with page buttons

            text, view = await log_page(bot, interaction.channel_id or 0, page)
            await say_privately(interaction, text, **({"view": view} if view else {}))

        await guarded(interaction, work)

    @app_commands.command(name="rules", description="How to play, and the full rulebook")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        bot = self.bot

        async def work() -> None:
            name = game
            if name is None:
                try:
                    name = (await bot.sessions.table_in(interaction.channel_id or 0)).game.name
                except NoGameHere:
                    listing = "\n".join(f"• **{g.title}** (`{n}`)" for n, g in sorted(games.GAMES.items()))
                    await say_privately(
                        interaction, "Which game? Pick one with `/game rules game:`.\n" + listing
                    )
                    return
            await say_privately(interaction, rules_text(name), files=rulebook_files(name))

        await guarded(interaction, work)


@app_commands.command(name="plan", description="Send a secret choice (an Ice Lake plan); works in DMs too")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.describe(letters="Your plan, for example SSLR", game="Which game, if several wait for you")
async def plan_command(interaction: discord.Interaction, letters: str, game: str | None = None) -> None:
    app = app_of(interaction)

    async def work() -> None:
        game_id: int | None = int(game) if game and game.isdigit() else None
        if game_id is None:
            tables = await app.sessions.secret_tables(interaction.user.id)
            if not tables:
                raise NoGameHere("none of your games is waiting for a secret choice from you")
            if len(tables) > 1:
                raise SessionError("several games wait for you: pick one with the game option")
            game_id = tables[0].record.id
        await app.play(interaction, game_id, letters, None)

    await guarded(interaction, work)


@plan_command.autocomplete("game")
async def plan_games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    app = app_of(interaction)
    tables = await app.sessions.secret_tables(interaction.user.id)
    out = []
    for t in tables:
        label = f"{t.game.title} in #{app._channel_name(t.record.channel_id)}"
        if current.lower() in label.lower():
            out.append(app_commands.Choice(name=label[:100], value=str(t.record.id)))
    return out[:25]


def rules_text(name: str) -> str:
    game = games.get(name)
    lo, hi = game.players.start, game.players.stop - 1
    lines = [f"**{game.title}** — {lo}–{hi} players. The full rulebook is attached."]
    if game.options.help:
        lines.append(
            "Options for `/game new`: "
            + "; ".join(f"`{k.replace('_', ' ')}` ({v})" for k, v in game.options.help.items())
        )
    lines.append(
        "Play with the buttons under each board, or type moves with `/game move` (it suggests what you may play)."
    )
    examples = getattr(game, "notation_examples", "")
    if examples:
        lines.append("Moves look like: " + ", ".join(f"`{e.strip()}`" for e in examples.split(",")))
    return "\n".join(lines)


def rulebook_files(name: str) -> list[discord.File]:
    path = SEEDS / f"{name}.txt"
    return [discord.File(path, filename=f"{name}-rules.txt")] if path.exists() else []


def create_bot(
    settings: Settings, *, store: Store | None = None, sessions: Sessions | None = None
) -> FloeBot:
    """The fully wired client, not connected. ``bot.run(settings.token)`` connects it."""
    return FloeBot(settings, store=store, sessions=sessions)
