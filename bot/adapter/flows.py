"""The flows that commands and components share: a move, a lobby button, a computer player
seated, the private menu and view, and the answers typed in DMs. They live beside the cogs, on
a narrow interface to the bot (:class:`FlowHost`: the sessions, the outbox, the metrics and a
few helpers), so components and cogs call ``bot.flows`` and nothing else of the bot's flows.
"""

from __future__ import annotations

import logging
import time
from typing import Protocol

import discord

from bot.adapter.cards import card, collapsed, headline
from bot.adapter.common import (
    CUSTOM_ID_LIMIT,
    NO_PINGS,
    attached,
    shorten,
)
from bot.adapter.components import DmGameSelect, SecretModal, build_view, computer_level_view
from bot.adapter.errors import (
    TooLong,
    check_move_text,
    check_permissions,
    error_text,
    guard,
    reader_language,
    say_privately,
)
from bot.adapter.hosts import HasReaders
from bot.adapter.observability import Metrics
from bot.adapter.outbox import Outbox
from bot.adapter.plan_builder import DONE, PICK, builder_card, built_draft, check_turn
from bot.core import catalogue
from bot.core.catalogue import GameError, Language, say
from bot.core.guilds import ServerSettings
from bot.core.sessions import NotSeated, Reply, SessionError, Sessions

log = logging.getLogger("floe.discord")

#: The answer to a DM when no game waits for a secret choice from its writer.
NOTHING_ASKED = say(
    "Hello! None of your games is waiting for a secret choice from you right now. "
    "When one is (an Ice Lake plan, say), I will ask you here, and you answer by replying."
)
WHICH_GAME = say("You have several games waiting for you: which one is this for?")


class FlowHost(Protocol):
    """What the shared flows need of the bot (:class:`bot.adapter.app.FloeBot` is one)."""

    metrics: Metrics
    servers: ServerSettings
    outbox: Outbox

    @property
    def sessions(self) -> Sessions: ...

    async def remember(self, interaction: discord.Interaction) -> None: ...

    async def remember_user(self, user: discord.abc.User) -> None: ...

    async def is_moderator(self, interaction: discord.Interaction) -> bool: ...

    async def count_move(self, reply: Reply) -> None: ...

    async def publish_committed(
        self,
        reply: Reply,
        *,
        interaction: discord.Interaction | None = None,
        skip_notes_for: int | None = None,
    ) -> discord.Message | None: ...

    def channel_name(self, channel_id: int) -> str: ...


class Flows:
    """The shared flows of one bot (``FloeBot.flows``)."""

    def __init__(self, host: FlowHost) -> None:
        self.host = host

    @guard
    async def play(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        text: str,
        step: int | None,
        *,
        private_only: bool = False,
    ) -> None:
        """Acknowledge, play, post the new board, and confirm privately. ``private_only``: a
        private path (``/plan``, a DM's game menu), which takes only private or secret choices
        (:meth:`Sessions.act`): a public move belongs in the game's channel, past its permission check."""

        async def move() -> None:
            check_move_text(text)
            if not interaction.response.is_done():
                if interaction.type == discord.InteractionType.component:
                    await interaction.response.defer()
                else:
                    await interaction.response.defer(ephemeral=True, thinking=True)
            await self.host.remember(interaction)
            channel_id = interaction.channel_id or 0
            check_permissions(interaction)  # before the move: a post that must fail changes nothing
            reply = await self.host.sessions.act(
                channel_id, interaction.user.id, text, step=step, game_id=game_id, private_only=private_only
            )
            await self.host.count_move(reply)
            own = [n for n in reply.notes if n.user_id == interaction.user.id and n.controls is None]
            await self.host.publish_committed(
                reply, interaction=interaction, skip_notes_for=interaction.user.id
            )
            if own:  # a secret choice: confirm it privately, with the player's own view
                note = await self.host.sessions.private_view(0, interaction.user.id, game_id=reply.game_id)
                files = await attached(note.image, "my-view.png")
                said = "\n".join([reply.ack, *(n.text for n in own)])
                if picked_in_private(interaction):  # the private menu it was picked in, refreshed
                    now = await self._options_now(interaction, reply)
                    await interaction.edit_original_response(
                        attachments=files, view=card(said, pictures=files, controls=now)
                    )
                else:
                    await say_privately(interaction, said, files=files)
            elif interaction.type != discord.InteractionType.component:
                await say_privately(interaction, reply.ack)

        with self.host.metrics.timed(
            "button" if interaction.type == discord.InteractionType.component else "command"
        ):
            await move()

    async def _options_now(self, interaction: discord.Interaction, reply: Reply) -> discord.ui.View | None:
        """The player's own options after a private choice (None: nothing is asked of them now)."""
        try:
            controls = await self.host.sessions.options_for(0, interaction.user.id, game_id=reply.game_id)
        except (GameError, SessionError):
            return None
        return build_view(controls, with_view_button=False, language=await reader_language(interaction))

    @guard
    async def lobby(self, interaction: discord.Interaction, verb: str, game_id: int | None) -> None:
        component = interaction.type == discord.InteractionType.component
        if component:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.host.remember(interaction)
        channel_id = interaction.channel_id or 0
        user = interaction.user.id
        if verb == "computer":  # the host picks a level privately
            await self.host.sessions.check_host(
                channel_id, user, game_id=game_id, moderator=await self.host.is_moderator(interaction)
            )
            levels = computer_level_view(game_id or 0, await reader_language(interaction))
            await say_privately(interaction, say("Which computer player should join?"), view=levels)
            return
        if verb in ("start", "cancel"):  # the host's, or a moderator's
            host_verb = self.host.sessions.start if verb == "start" else self.host.sessions.cancel
            reply = await host_verb(
                channel_id, user, game_id=game_id, moderator=await self.host.is_moderator(interaction)
            )
        elif verb == "join":
            bounds = await self.host.servers.bounds(interaction.guild_id or 0)  # per member
            reply = await self.host.sessions.join(channel_id, user, game_id=game_id, bounds=bounds)
        else:
            reply = await self.host.sessions.leave(channel_id, user, game_id=game_id)
        if verb in ("join", "leave") and reply.post is not None:
            await self.host.outbox.refresh_lobby(reply, interaction)
        else:  # a new message: the lobby message (the turn message until now) loses its buttons
            await self.host.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack or say("Done."))

    @guard
    async def add_computer(self, interaction: discord.Interaction, game_id: int | None, level: str) -> None:
        """Seat a computer player of ``level`` in the lobby (``remove``: take the last one out)."""

        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.host.remember(interaction)
        channel_id, user = interaction.channel_id or 0, interaction.user.id
        moderator = await self.host.is_moderator(interaction)
        if level == "remove":
            reply = await self.host.sessions.remove_computer(
                channel_id, user, game_id=game_id, moderator=moderator
            )
        else:
            reply = await self.host.sessions.add_computer(
                channel_id, user, level, game_id=game_id, moderator=moderator
            )
        await self.host.outbox.refresh_lobby(reply)
        await say_privately(interaction, reply.ack)

    @guard
    async def private_menu(self, interaction: discord.Interaction, game_id: int, step: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.host.remember(interaction)
        # A menu opener is never stale: it shows the clicker's options as they are now (a
        # secret move, such as a standing order, advances the game without a new board).
        controls = await self.host.sessions.options_for(0, interaction.user.id, game_id=game_id)
        language = await reader_language(interaction)
        if controls.private_input:  # a secret choice: its builder, when the game builds it by taps
            try:
                building = await self.host.sessions.building(game_id, interaction.user.id)
            except GameError:
                pass
            else:
                builder, plan = await builder_card(building, language=language)
                await say_privately(interaction, "", files=plan, view=builder)
                return
        note = await self.host.sessions.private_view(0, interaction.user.id, game_id=game_id)
        files = await attached(note.image, "my-view.png")
        more = say("Some choices did not fit: `/game move` lists them all.")
        text = headline(note.text) + ("\n" + catalogue.tell(more, (), language) if controls.more_hint else "")
        choices = build_view(controls, with_view_button=False, language=language)
        await say_privately(interaction, "", files=files, view=card(text, pictures=files, controls=choices))

    @guard
    async def open_box(self, interaction: discord.Interaction, game_id: int) -> None:
        """Open the player's private text box (:class:`SecretModal`) for what is secretly asked of
        them now, as the interaction's first response."""
        table = await self.host.sessions.table(game_id)
        mine = table.seats_of(interaction.user.id)
        if not mine:
            raise NotSeated(say("you are not playing in this game"))
        state = table.state
        if state is None or table.record.status != "active":
            raise catalogue.GameOver(say("that game is not being played"))
        language = await reader_language(interaction)  # the box's prompt is its placeholder
        prompt = next(
            (
                catalogue.tell(table.game.prompt(state, s), (), language)
                for s in mine
                if s in table.game.to_act(state)
            ),
            "",
        )
        if not prompt:
            prompt = next(
                (
                    catalogue.tell(table.game.prompt(state, s), (), language)
                    for s in mine
                    if catalogue.may_revise(table.game, state, s)
                ),
                "",
            )
        if not prompt:
            raise catalogue.NotYourTurn(say("nothing secret is asked of you right now"))
        box = SecretModal(
            game_id, interaction.user.id, table.record.turn_step, table.game.title, prompt, language
        )
        await interaction.response.send_modal(box)

    @guard
    async def build(
        self, interaction: discord.Interaction, game_id: int, turn: int | None, op: str, draft: str
    ) -> None:
        """A tap on a secret choice's builder: the builder edited in place with the new draft
        (one call), or, on Done or a whole plan picked, the choice played and the builder edited
        to confirm it."""
        user = interaction.user.id
        if op in (DONE, PICK):
            await self._hand_in(interaction, game_id, turn, draft)
            return
        building = await self.host.sessions.building(game_id, user, built_draft(op, draft))
        check_turn(building, turn)
        language = await reader_language(interaction)
        view, files = await builder_card(building, in_dm=interaction.guild_id is None, language=language)
        await interaction.response.edit_message(attachments=files, view=view)

    async def _hand_in(
        self, interaction: discord.Interaction, game_id: int, turn: int | None, draft: str
    ) -> None:
        await interaction.response.defer()  # the move first, then the builder says it is in
        await self.host.remember(interaction)
        user = interaction.user.id
        building = await self.host.sessions.building(game_id, user, draft)
        check_turn(building, turn)
        reply = await self.host.sessions.act(0, user, building.action, game_id=game_id, private_only=True)
        await self.host.count_move(reply)
        await self.host.publish_committed(reply, interaction=interaction, skip_notes_for=user)
        language = await reader_language(interaction)

        def told(said: catalogue.Text) -> str:
            return catalogue.tell(said, (), language)

        own = [n.text for n in reply.notes if n.user_id == user and n.controls is None]
        done = "✅ " + (" ".join(own) or reply.ack or told(say("Your plan is in.")))
        try:
            after = await self.host.sessions.building(game_id, user)
        except GameError:  # the game went on past the question (the reveal): nothing to change
            after = None
        if after is None:  # nothing more to plan now
            plan_in = say("**{title}**: your plan {plan} is in.", title=building.title, plan=draft)
            await interaction.edit_original_response(
                view=collapsed(f"{told(plan_in)}\n{done}"), attachments=[]
            )
            return
        if after.turn != building.turn:  # all plans were in, the skaters moved: plan the next round here
            moved = say("Every plan was in and the skaters moved: here is your next plan.")
            done = f"{done}\n{told(moved)}"
        in_dm = interaction.guild_id is None
        view, files = await builder_card(after, done=done, in_dm=in_dm, language=language)
        await interaction.edit_original_response(attachments=files, view=view)

    @guard
    async def narrow(self, interaction: discord.Interaction, game_id: int, step: int, start: str) -> None:
        """The actions a narrowing choice stands for, privately: in place of the private menu it
        was picked in, else in a private answer."""
        in_place = picked_in_private(interaction)
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        await self.host.remember(interaction)
        controls = await self.host.sessions.options_for(
            0, interaction.user.id, game_id=game_id, step=step, within=start
        )
        language = await reader_language(interaction)
        yours = catalogue.tell(say("Your choices for {start}…", start=start.strip()), (), language)
        choices = card(yours, controls=build_view(controls, with_view_button=False, language=language))
        if in_place:
            await interaction.edit_original_response(view=choices, attachments=[])
        else:
            await say_privately(interaction, "", view=choices)

    @guard
    async def show_private_view(self, interaction: discord.Interaction, game_id: int | None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.host.remember(interaction)
        note = await self.host.sessions.private_view(
            interaction.channel_id or 0, interaction.user.id, game_id=game_id
        )
        files = await attached(note.image, "my-view.png")
        await say_privately(interaction, "", files=files, view=card(note.text, pictures=files))

    # ------------------------------------------------------------------ direct messages

    async def on_dm(self, message: discord.Message) -> None:
        """A DM answers a secret choice (an Ice Lake plan). Several games waiting: ask which."""
        start = time.perf_counter()
        try:
            await self._answer_dm(message)
        except Exception as err:
            try:
                language = await self.writer_language(message.author.id)
            except Exception:  # the answer still goes out, in English
                log.exception("the language of %s could not be read", message.author.id)
                language = catalogue.ENGLISH
            said = error_text(err, "a DM", metrics=self.host.metrics, language=language)
            await message.channel.send(view=card(said), allowed_mentions=NO_PINGS)
        finally:
            self.host.metrics.latency.labels(kind="dm").observe(time.perf_counter() - start)

    async def writer_language(self, user_id: int) -> Language:
        """The language of the person who wrote the bot a DM (:mod:`bot.core.readers`)."""
        if not isinstance(self.host, HasReaders):
            return catalogue.ENGLISH
        return catalogue.language(await self.host.readers.person(user_id))

    async def _answer_dm(self, message: discord.Message) -> None:
        await self.host.remember_user(message.author)
        text = message.content.strip()
        check_move_text(text)
        tables = await self.host.sessions.secret_tables(message.author.id)
        language = await self.writer_language(message.author.id)
        if not tables:
            await message.channel.send(view=card(catalogue.tell(NOTHING_ASKED, (), language)))
            return
        if len(tables) > 1:
            options = [
                discord.SelectOption(
                    label=shorten(
                        catalogue.tell(
                            say(
                                "{game} in #{channel}",
                                game=t.game.title,
                                channel=self.host.channel_name(t.record.channel_id),
                            ),
                            (),
                            language,
                        ),
                        100,
                    ),
                    value=str(t.record.id),
                )
                for t in tables[:25]
            ]
            if len(f"floe:d:{text}") > CUSTOM_ID_LIMIT:  # the answer rides in the menu's custom id
                raise TooLong(say("several games wait for you: send it with `/plan letters: game:` instead"))
            view = discord.ui.View(timeout=None)
            view.add_item(DmGameSelect(text, options, language))
            await message.channel.send(view=card(catalogue.tell(WHICH_GAME, (), language), controls=view))
            return
        await self.answer_secret(message.channel, message.author.id, tables[0].record.id, text)

    async def answer_secret(self, dm: discord.abc.Messageable, user_id: int, game_id: int, text: str) -> None:
        reply = await self.host.sessions.act(0, user_id, text, game_id=game_id, private_only=True)
        await self.host.count_move(reply)
        await self.host.publish_committed(reply, skip_notes_for=user_id)
        note = await self.host.sessions.private_view(0, user_id, game_id=game_id)
        files = await attached(note.image, "my-view.png")
        own = "\n".join(n.text for n in reply.notes if n.user_id == user_id and n.controls is None)
        said = "\n".join(part for part in (reply.ack, own) if part)
        await dm.send(view=card(said, pictures=files), files=files)


def picked_in_private(interaction: discord.Interaction) -> bool:
    """Whether ``interaction`` is a component of a private (ephemeral) message, as "My options"."""
    return (
        interaction.type == discord.InteractionType.component
        and interaction.message is not None
        and interaction.message.flags.ephemeral
    )
