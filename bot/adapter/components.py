"""Every message component of the bot, restart-safe.

Each component is a :class:`discord.ui.DynamicItem` whose ``custom_id`` holds what it needs
(the game, the step it was drawn for, the action), registered when the bot starts: buttons keep
working after a restart, and a click on an older board is refused as stale by the session.
The private text box (:class:`SecretModal`) is one per player and turn, dispatched by its
custom id too (:func:`answer_from_box`). Every handler acknowledges before it reads the
database, except the one that must choose a modal (``DECIDES_BEFORE_ACKNOWLEDGING``).
:func:`build_view` turns a post's :class:`bot.core.sessions.Controls` into components.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from bot.adapter.cards import card
from bot.adapter.common import (
    CUSTOM_ID_LIMIT,
    DISCORD_GRID,
    MAX_MOVE_TEXT,
    MESSAGE_LIMIT,
    app_of,
    modal_values,
    selected_values,
    shorten,
)
from bot.adapter.errors import check_permissions, guard, reader_language, say_privately
from bot.adapter.plan_builder import (
    BuildButton,
    BuildPickSelect,
    Card,
    TypeButton,
    builder_card,
    private_answer,
)
from bot.adapter.table_questions import DepartedSeatButton, StallVoteButton
from bot.core import catalogue
from bot.core.catalogue import ENGLISH, Language, Said, say, say_in, tell
from bot.core.sessions import Controls, Note, NotSeated, SessionError, Sessions, StaleAction

if TYPE_CHECKING:
    from bot.adapter.hosts import HasLeaderboard, HasLog


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


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
                label=(label or notation)[: DISCORD_GRID.label],
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
        await app.flows.play(interaction, self.game_id, self.notation, self.step)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:s:(?P<gid>\d+):(?P<step>\d+):(?P<k>\d+)"
):
    """A select menu of actions (their notations are the option values)."""

    KEY: ClassVar[str] = "s"

    def __init_subclass__(cls, *, key: str) -> None:
        cls.KEY = key
        super().__init_subclass__(template=rf"floe:{key}:(?P<gid>\d+):(?P<step>\d+):(?P<k>\d+)")

    def __init__(
        self,
        game_id: int,
        step: int,
        k: int,
        placeholder: str = "",
        options: Sequence[discord.SelectOption] = (),
        language: Language = ENGLISH,
    ) -> None:
        placeholder = placeholder or tell(say("Choose…"), (), language)
        super().__init__(
            discord.ui.Select(
                custom_id=f"floe:{self.KEY}:{game_id}:{step}:{k}",
                placeholder=placeholder[: DISCORD_GRID.placeholder],
                options=list(options) or [discord.SelectOption(label="…")],
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["gid"]), int(match["step"]), int(match["k"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).flows.play(interaction, self.game_id, values[0], self.step)


class NarrowSelect(ActionSelect, key="n"):
    """A select menu that narrows many actions down (their first words, or a cell's column): a
    pick shows the clicker, privately, the actions it stands for."""

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).flows.narrow(interaction, self.game_id, self.step, values[0])


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:l:(?P<gid>\d+):(?P<verb>join|leave|start|cancel|computer)",
):
    LABELS: ClassVar[dict[str, tuple[Said, discord.ButtonStyle]]] = {
        "join": (say_in("button", "Join"), discord.ButtonStyle.primary),
        "leave": (say_in("button", "Leave"), discord.ButtonStyle.secondary),
        "start": (say_in("button", "Start"), discord.ButtonStyle.success),
        "cancel": (say_in("button", "Cancel"), discord.ButtonStyle.danger),
        "computer": (say_in("button", "Add computer"), discord.ButtonStyle.secondary),
    }

    def __init__(
        self, game_id: int, verb: str, label: str | None = None, language: Language = ENGLISH
    ) -> None:
        default, style = self.LABELS[verb]
        super().__init__(
            discord.ui.Button(
                label=(label or tell(default, (), language))[: DISCORD_GRID.label],
                style=style,
                custom_id=f"floe:l:{game_id}:{verb}",
            )
        )
        self.game_id, self.verb = game_id, verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["gid"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).flows.lobby(interaction, self.verb, self.game_id)


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:m:(?P<gid>\d+):(?P<step>\d+)"
):
    """Shows the clicker their own options privately (for hidden or simultaneous choices)."""

    def __init__(self, game_id: int, step: int, language: Language = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=tell(say_in("button", "My options"), (), language),
                style=discord.ButtonStyle.primary,
                custom_id=f"floe:m:{game_id}:{step}",
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        return cls(int(match["gid"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).flows.private_menu(interaction, self.game_id, self.step)


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"floe:game-button:(?P<gid>\d+)"):
    """Base of the buttons that need only their game: ``custom_id`` is ``floe:<key>:<game id>``.

    A subclass names its key (``class ReplayButton(GameButton, key="replay")``), sets
    ``LABEL``/``STYLE``/``EMOJI`` and writes ``callback``; registering it restores it after a restart.
    """

    KEY: ClassVar[str] = "game-button"
    LABEL: ClassVar[Said | str] = ""
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    EMOJI: ClassVar[str | None] = None
    #: Why the handler reads the database before acknowledging (it must choose the kind of
    #: response from what it reads); empty: it acknowledges first, like every other handler.
    DECIDES_BEFORE_ACKNOWLEDGING: ClassVar[str] = ""

    def __init_subclass__(cls, *, key: str) -> None:
        cls.KEY = key
        super().__init_subclass__(template=rf"floe:{re.escape(key)}:(?P<gid>\d+)")

    def __init__(self, game_id: int, label: str = "", language: Language = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or tell(self.LABEL, (), language))[: DISCORD_GRID.label],
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

    LABEL = say_in("button", "My view")

    async def callback(self, interaction: discord.Interaction) -> None:
        await app_of(interaction).flows.show_private_view(interaction, self.game_id)


class InputButton(GameButton, key="p"):
    """Answers a secret, open-ended choice privately: the builder (:class:`BuildButton`) when
    the game builds it by taps (an Ice Lake plan), else a private text box."""

    LABEL = say_in("button", "Answer privately")
    STYLE = discord.ButtonStyle.primary
    DECIDES_BEFORE_ACKNOWLEDGING = (
        "a modal must be the first response, so whether to open it (and its prompt) is read "
        "first: one query, the game's table, often from the store's memory"
    )

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)
        try:
            building = await app.sessions.building(self.game_id, interaction.user.id)
        except catalogue.NotYourTurn:  # nothing built by taps is asked: the text box, if anything
            await app.flows.open_box(interaction, self.game_id)
            return
        view, files = await builder_card(building, language=await reader_language(interaction))
        await interaction.response.send_message(view=view, files=files, ephemeral=True)


#: ``floe:modal:<game>:<user>:<turn>``: the private text box of one player, opened during the
#: turn that began at step ``<turn>`` (``n``: a game from before turns were recorded).
SECRET_MODAL = re.compile(r"floe:modal:(?P<gid>\d+):(?P<user>\d+):(?P<turn>\d+|n)")
#: The text input's custom id inside the box.
ANSWER_INPUT = "floe:answer"


class SecretModal(discord.ui.Modal):
    """The private text box, one per player and turn: its ``custom_id`` carries the game, the
    player and the step the turn began at (:data:`SECRET_MODAL`), so any number of players may
    have theirs open at once (discord.py, like Discord, tells modals apart by custom id only).

    The modal is only the form. Its submission is dispatched by custom id
    (:func:`answer_from_box`, from the private cog's ``on_interaction``) like the other
    components, so a box left open across a restart still counts. It is sent stopped:
    discord.py would otherwise keep every modal it sent, until submitted, which a dismissed
    box never is.
    """

    def __init__(
        self,
        game_id: int,
        user_id: int,
        turn: int | None,
        title: str,
        prompt: str,
        language: Language = ENGLISH,
    ) -> None:
        super().__init__(
            title=tell(say("{title}: your secret choice", title=title), (), language)[:45],
            timeout=None,
            custom_id=f"floe:modal:{game_id}:{user_id}:{'n' if turn is None else turn}",
        )
        self.answer: discord.ui.TextInput[Any] = discord.ui.TextInput(
            placeholder=prompt[:100], custom_id=ANSWER_INPUT, max_length=MAX_MOVE_TEXT
        )
        # a label around the input, as Discord's modals now are (an input in an action row is
        # the deprecated form)
        self.add_item(
            discord.ui.Label(
                text=tell(say("Your answer"), (), language),
                description=tell(say("Only you see it."), (), language),
                component=self.answer,
            )
        )
        self.stop()  # dispatched by custom id, never through discord.py's store of modals


@guard
async def answer_from_box(interaction: discord.Interaction, match: re.Match[str]) -> None:
    """Play the answer typed in a player's private text box (:class:`SecretModal`).

    A secret choice is the game's to accept while it is still asked (an Ice Lake plan may be
    revised until it is revealed), so a box opened earlier in the same turn counts, whatever
    the others did meanwhile. A box opened in an earlier turn is refused, its answer given
    back: it was typed for a board that is gone, and the same question asked again (the next
    round's plan) is a new one.
    """
    app = app_of(interaction)
    game_id, turn = int(match["gid"]), None if match["turn"] == "n" else int(match["turn"])
    text = modal_values(interaction).get(ANSWER_INPUT, "").strip()

    await interaction.response.defer(ephemeral=True, thinking=True)
    if interaction.user.id != int(match["user"]):
        raise NotSeated(say("that box was opened by another player"))
    record = (await app.sessions.table(game_id)).record
    if turn is not None and record.turn_step is not None and record.turn_step != turn:
        raise StaleAction(
            say(
                "that box was opened in an earlier round, and the game has moved on. "
                "You typed “{typed}”: press the button again to answer this round. Nothing was changed",
                typed=shorten(text, MAX_MOVE_TEXT),
            )
        )
    await app.flows.play(interaction, game_id, text, None)


class DmGameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:d:(?P<text>.+)"):
    """Asks which game a DM answer is for when the player has several waiting (never guess)."""

    def __init__(
        self, text: str, options: Sequence[discord.SelectOption] = (), language: Language = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"floe:d:{text}"[:CUSTOM_ID_LIMIT],
                placeholder=tell(say("Which game is this for?"), (), language),
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
            await app_of(interaction).flows.play(
                interaction, int(values[0]), self.text, None, private_only=True
            )


async def dm_answer(sessions: Sessions, note: Note, intro: str, files: list[discord.File]) -> Card:
    """A DM that asks a choice of its reader, as one card: ``intro`` (the note's text) above the
    plan builder, or above the note's picture (``files``) and the choices from a list (a card
    to keep) as buttons, or the note alone."""
    built = await private_answer(sessions, note, intro)
    if built is not None:
        return built
    listed = None
    if note.controls is not None and note.controls.private_menu:
        try:
            options = await sessions.options_for(0, note.user_id, game_id=note.controls.game_id)
        except (catalogue.GameError, SessionError):  # asked no more: the note alone
            options = None
        listed = (
            build_view(options, with_view_button=False, language=note.language)
            if options is not None
            else None
        )
    return card(intro, pictures=files, controls=listed), files


#: The label of the link button to a game's web page (:mod:`bot.core.spectators`), and its English.
WATCH = say_in("button", "Watch on the web")
WATCH_LABEL = str(WATCH)


def build_view(
    controls: Controls | None,
    *,
    with_view_button: bool = True,
    watch: str | None = None,
    language: Language = ENGLISH,
) -> discord.ui.View | None:
    """Discord components for a post's controls (``timeout=None``: they never expire), their own
    words in ``language`` (a post's: :attr:`bot.core.sessions.Post.language`; a private menu's:
    its reader's); ``watch``: the game's web page, linked by a button on a turn's or a finished
    game's message."""
    view = _controls_view(controls, with_view_button=with_view_button, language=language)
    if view is not None and watch and controls is not None and controls.kind in ("turn", "over"):
        label = tell(WATCH, (), language)
        link = discord.ui.Button[Any](label=label, url=watch, style=discord.ButtonStyle.link)
        with contextlib.suppress(ValueError):  # every row full of controls: the controls come first
            view.add_item(link)
    return view


def _brief(description: str) -> str | None:
    """A select option's description within Discord's 100 characters (None: none)."""
    return (description if len(description) <= 100 else description[:99] + "…") or None


def _controls_view(
    controls: Controls | None, *, with_view_button: bool, language: Language
) -> discord.ui.View | None:
    if controls is None or controls.kind == "none":
        return None
    if controls.kind == "over":  # a finished game: Replay and Rematch
        return after_game_view(controls.game_id, language)
    view = discord.ui.View(timeout=None)
    gid, step = controls.game_id, controls.step
    if controls.kind == "lobby":
        for verb in ("join", "leave", "start", "cancel", "computer"):
            view.add_item(LobbyButton(gid, verb, language=language))
        return view
    for choice in controls.buttons:
        if len(action_id(gid, step, choice.notation)) <= CUSTOM_ID_LIMIT:
            view.add_item(ActionButton(gid, step, choice.notation, choice.label, choice.style))
    for k, menu in enumerate(controls.menus):
        options = [
            discord.SelectOption(
                label=c.label[:100], value=c.notation[:100], description=_brief(c.description)
            )
            for c in menu.choices
        ]
        kind = NarrowSelect if menu.narrows else ActionSelect
        view.add_item(kind(gid, step, k, menu.placeholder, options, language))
    if controls.private_menu:
        view.add_item(MenuButton(gid, step, language))
    if controls.private_input:
        # the label is a game's saying told in English, without parameters (its presentation's
        # ``private_input_label``): its English is its key in the catalogues
        label = language.gettext(controls.private_input)
        view.add_item(InputButton(gid, label, language))
    if with_view_button and len(view.children) < 25:
        view.add_item(ViewButton(gid, language=language))
    return view


class LogPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:log:(?P<gid>\d+):(?P<page>\d+):(?P<dir>[pn])",
):
    """Turns a (private) log message to another page by editing it in place."""

    def __init__(
        self, game_id: int, page: int, direction: str, disabled: bool = False, language: Language = ENGLISH
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=page_label(direction, language),
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

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        await interaction.response.defer()  # then the page is edited in place
        language = await reader_language(interaction)
        text, view = await log_page(app, 0, self.page, game_id=self.game_id, language=language)
        await interaction.edit_original_response(view=card(text, controls=view))


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"floe:lb:(?P<game>[a-z-]*):(?P<season>\d+):(?P<page>\d+):(?P<dir>[pn])",
):
    """Turns a (private) leaderboard to another page by editing it in place (season 0: current)."""

    def __init__(
        self,
        game: str,
        season: int,
        page: int,
        direction: str,
        disabled: bool = False,
        language: Language = ENGLISH,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=page_label(direction, language),
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"floe:lb:{game}:{season}:{page}:{direction}",
            )
        )
        self.game, self.season, self.page = game, season, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardPageButton:
        return cls(match["game"], int(match["season"]), int(match["page"]), match["dir"])

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        await interaction.response.defer()  # then the page is edited in place
        text, view = await leaderboard_page(
            app,
            interaction.guild_id or 0,
            self.game or None,
            self.season or None,
            self.page,
            language=await reader_language(interaction),
        )
        await interaction.edit_original_response(view=card(text, controls=view))


def page_label(direction: str, language: Language) -> str:
    """A page button's label: ``p`` turns back, ``n`` on."""
    return tell(say("◀ Previous") if direction == "p" else say("Next ▶"), (), language)


async def leaderboard_page(
    app: HasLeaderboard,
    guild_id: int,
    game: str | None,
    season: int | None,
    page: int,
    *,
    language: Language = ENGLISH,
) -> tuple[str, discord.ui.View | None]:
    """One page of the leaderboard (from 0) and its page buttons (none when there is one page),
    the adapter's words in ``language``."""
    pages = await app.dashboard.leaderboard_pages(guild_id, game, season)
    page = min(max(page, 0), pages - 1)
    page_of = say("Page {page} of {pages}.", page=page + 1, pages=pages)
    page_line = "\n" + tell(page_of, (), language) if pages > 1 else ""
    text = await app.dashboard.leaderboard_text(
        guild_id, game, season=season, page=page, limit=MESSAGE_LIMIT - len(page_line), language=language
    )
    if pages <= 1:
        return text, None
    view = discord.ui.View(timeout=None)
    back, on = max(page - 1, 0), page + 1
    view.add_item(LeaderboardPageButton(game or "", season or 0, back, "p", page <= 0, language))
    view.add_item(LeaderboardPageButton(game or "", season or 0, on, "n", page >= pages - 1, language))
    return text + page_line, view


async def log_page(
    app: HasLog, channel_id: int, page: int, *, game_id: int | None = None, language: Language = ENGLISH
) -> tuple[str, discord.ui.View | None]:
    """The text of one log page and its page buttons (none when there is one page), their
    labels in ``language``."""
    gid, pages = await app.history.log_pages(channel_id, game_id=game_id)
    page = min(max(page, 1), pages)
    text = await app.sessions.log(channel_id, page=page, game_id=gid)  # built to fit one message
    if pages <= 1:
        return text, None
    view = discord.ui.View(timeout=None)
    view.add_item(LogPageButton(gid, max(page - 1, 1), "p", page <= 1, language))
    view.add_item(LogPageButton(gid, min(page + 1, pages), "n", page >= pages, language))
    return text, view


class ReplayButton(GameButton, key="replay"):
    LABEL, EMOJI = say_in("button", "Replay"), "🎞️"

    async def callback(self, interaction: discord.Interaction) -> None:
        await post_replay(interaction, self.game_id)


class RematchButton(GameButton, key="rematch"):
    LABEL, EMOJI, STYLE = say_in("button", "Rematch"), "🔁", discord.ButtonStyle.primary

    @guard
    async def callback(self, interaction: discord.Interaction) -> None:
        app = app_of(interaction)

        await interaction.response.defer(ephemeral=True, thinking=True)
        await app.remember(interaction)
        reply = await app.tables.rematch(self.game_id, interaction.user.id)
        await app.publish_committed(reply, interaction=interaction)
        await say_privately(interaction, reply.ack)


def after_game_view(game_id: int, language: Language = ENGLISH) -> discord.ui.View:
    """The buttons under a finished game's final board, labelled in ``language``."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, language=language))
    view.add_item(RematchButton(game_id, language=language))
    return view


@guard
async def post_replay(interaction: discord.Interaction, game_id: int | None) -> None:
    """Post the game's replay in the channel for everyone; the asker hears privately.

    The acknowledgement is private, like every other: whether there is a replay to show is
    known only after reading the game, and a public "thinking" message can never turn into a
    private error. The replay itself is a channel message, not the interaction's response.
    """
    app = app_of(interaction)

    await interaction.response.defer(ephemeral=True, thinking=True)
    check_permissions(interaction)  # Send Messages and Attach Files, named when missing
    replay = await app.history.replay_animation(interaction.channel_id or 0, game_id=game_id)
    posted = await app.outbox.post_replay(interaction.channel_id or 0, replay)
    await say_privately(interaction, say("Here is the replay: {link}", link=posted.jump_url))


class ComputerLevelSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"floe:cl:(?P<gid>\d+)"):
    """The host's private pick of a computer player's level for the lobby (or removing one)."""

    CHOICES: ClassVar[tuple[tuple[str, Said], ...]] = (
        ("easy", say("Easy: quick and forgiving")),
        ("normal", say("Normal: thinks about a second")),
        ("hard", say("Hard: thinks a few seconds")),
        ("remove", say("Remove the last computer player")),
    )

    def __init__(self, game_id: int, language: Language = ENGLISH) -> None:
        options = [
            discord.SelectOption(label=tell(label, (), language), value=value)
            for value, label in self.CHOICES
        ]
        super().__init__(
            discord.ui.Select(
                placeholder=tell(say("Pick a level…"), (), language),
                options=options,
                custom_id=f"floe:cl:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ComputerLevelSelect:
        return cls(int(match["gid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = selected_values(interaction)
        if values:
            await app_of(interaction).flows.add_computer(interaction, self.game_id or None, values[0])


def computer_level_view(game_id: int, language: Language = ENGLISH) -> discord.ui.View:
    """The host's private menu of computer levels, in their ``language``."""
    view = discord.ui.View(timeout=None)
    view.add_item(ComputerLevelSelect(game_id, language))
    return view


COMPONENTS = (
    ActionButton,
    ActionSelect,
    NarrowSelect,
    LobbyButton,
    ComputerLevelSelect,
    MenuButton,
    ViewButton,
    InputButton,
    TypeButton,
    BuildButton,
    BuildPickSelect,
    DmGameSelect,
    LogPageButton,
    LeaderboardPageButton,
    ReplayButton,
    RematchButton,
    StallVoteButton,
    DepartedSeatButton,
)
