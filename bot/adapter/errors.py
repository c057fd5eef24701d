"""The one error path of the Discord adapter.

Every failure ends in :func:`answer_error`: slash commands through the command tree's error
handler (:meth:`bot.adapter.app.FloeTree.on_error`) or the :func:`guard` decorator, components, modals and
DMs through the :func:`guard` decorator / :func:`error_text`. A game or session error is the player's to
fix and is answered with its reason; anything else is logged with a reference and answered
with a short apology. Every answer is private and a card (:func:`say_privately`): every
acknowledgement in the adapter is, and a public result (a replay) is a channel message of its own.
"""

from __future__ import annotations

import functools
import inspect
import logging
import secrets
import time
import typing
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from typing import Any, TypeVar, cast

import discord

from bot.adapter.cards import card_of_files
from bot.adapter.common import MAX_MOVE_TEXT, NO_PINGS, shorten
from bot.adapter.hosts import HasPresence, HasReaders
from bot.adapter.observability import Metrics
from bot.core import catalogue
from bot.core.catalogue import Listed, Said, say, say_in
from bot.core.sessions import SessionError

log = logging.getLogger("floe.discord")


#: An error answer never comes near a card's 4,000 characters of text, whatever text it echoes.
ANSWER_LIMIT = 600


class TooLong(SessionError):
    """Text longer than a move can be."""


def user_message(err: Exception, language: catalogue.Language = catalogue.ENGLISH) -> str:
    """A game's or session's refusal as its user reads it, in ``language`` where the refusal
    says something (:class:`games.GameError`, :class:`SessionError`); a finished sentence,
    within an answer's limit."""
    said = err.said if isinstance(err, catalogue.GameError | SessionError) else str(err)
    text = catalogue.tell(said, (), language).strip() or catalogue.tell(
        say("that did not work"), (), language
    )
    text = text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
    return shorten(text, ANSWER_LIMIT)


def check_move_text(text: str) -> None:
    """Refuse text longer than any move before it reaches the game."""
    if len(text) > MAX_MOVE_TEXT:
        raise TooLong(
            say(
                "that is {length} characters long; a move is at most {most} "
                "(`/game move` suggests what you may play). Nothing was changed",
                length=f"{len(text):,}",
                most=MAX_MOVE_TEXT,
            )
        )


#: What the bot needs in a game's channel, in Discord's words (each language's as Discord's own
#: client shows it). Read Message History is named here but asked by no check: the bot never
#: fetches a message or replies to one, and edits its own messages by id, which Discord allows
#: without it.
PERMISSIONS: dict[str, Said] = {
    # Translators: a permission's name as Discord's client shows it in the channel's settings.
    "view_channel": say_in("Discord permission", "View Channel"),
    "send_messages": say_in("Discord permission", "Send Messages"),
    "send_messages_in_threads": say_in("Discord permission", "Send Messages in Threads"),
    "create_public_threads": say_in("Discord permission", "Create Public Threads"),
    "attach_files": say_in("Discord permission", "Attach Files"),
    "embed_links": say_in("Discord permission", "Embed Links"),
    "read_message_history": say_in("Discord permission", "Read Message History"),
}
#: The permissions' English names.
PERMISSION_NAMES = {key: str(said) for key, said in PERMISSIONS.items()}
_PERMISSION_BY_NAME = {str(said): said for said in PERMISSIONS.values()}
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
#: Discord's "Maximum number of active threads reached" (a server's limit, archived ones aside).
MAX_ACTIVE_THREADS = 160006


class BotLacksPermissions(SessionError):
    """The bot may not do what was asked in this channel; the message names the permissions."""

    def __init__(self, missing: list[str]) -> None:
        self.missing = missing
        super().__init__(
            say(
                "I need {permissions} in this channel. A moderator can give them to me in the "
                "channel's settings (Permissions). Nothing was changed",
                permissions=permissions_listed(missing),
            )
        )


class PostFailed(Exception):
    """The move (or other change) was committed but posting it failed; the board is owed."""

    def __init__(self, ack: str, cause: catalogue.Text) -> None:
        self.ack, self.cause = ack, cause
        super().__init__(cause)


class ThreadLocked(Exception):
    """The game's thread is archived and locked (a moderator's choice): the bot does not reopen it."""

    def __init__(self) -> None:
        self.said = say(
            "the game's thread is locked: a moderator can unlock it (the thread's menu ▸ Unlock Thread)"
        )
        super().__init__(str(self.said))


def and_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def permissions_listed(names: list[str]) -> Listed:
    """Permissions by their English names, read as one ("Attach Files and Embed Links") in any
    language."""
    return Listed(tuple(_PERMISSION_BY_NAME.get(name, name) for name in names), say("and"))


def needed_permissions(channel: object, *, thread: bool = False) -> list[str]:
    """The permissions the bot needs to play in ``channel`` (and to open a thread there)."""
    in_thread = isinstance(channel, discord.Thread)
    needed = ["view_channel", "send_messages_in_threads" if in_thread else "send_messages", "attach_files"]
    if thread:
        needed += ["create_public_threads", "send_messages_in_threads"]
    return needed


def check_permissions(interaction: discord.Interaction, *, thread: bool = False) -> None:
    """Refuse, naming what is missing, when the bot lacks a permission it needs in this channel.

    ``interaction.app_permissions`` are the bot's permissions in the interaction's channel.
    """
    if interaction.guild_id is None:
        return  # in a DM the bot may always answer
    perms = interaction.app_permissions
    missing = [
        PERMISSION_NAMES[p]
        for p in dict.fromkeys(needed_permissions(interaction.channel, thread=thread))
        if not getattr(perms, p)
    ]
    if missing:
        raise BotLacksPermissions(missing)


def is_rate_limited(err: Exception) -> bool:
    """Whether Discord refused a call for its rate limits: a 429 discord.py gave up waiting on,
    or one it would not wait for (``RateLimited``)."""
    return isinstance(err, discord.RateLimited) or (
        isinstance(err, discord.HTTPException) and err.status == 429
    )


def failure_cause(err: Exception, interaction: discord.Interaction | None = None) -> Said:
    """The real reason a Discord call failed, for the players (``str()``: in English)."""
    if isinstance(err, discord.Forbidden) and err.code == MISSING_PERMISSIONS:
        missing: list[str] = []
        if interaction is not None and interaction.guild_id is not None:
            perms = interaction.app_permissions
            missing = [
                PERMISSION_NAMES[p] for p in needed_permissions(interaction.channel) if not getattr(perms, p)
            ]
        return (
            say("I need {permissions} in the game's channel", permissions=permissions_listed(missing))
            if missing
            else say("Discord refused me a permission in the game's channel (Send Messages, Attach Files?)")
        )
    if isinstance(err, discord.NotFound) and err.code == UNKNOWN_CHANNEL:
        return say("the game's channel no longer exists")
    if isinstance(err, ThreadLocked):
        return err.said
    if is_rate_limited(err):
        return say("Discord asked me to slow down")
    if isinstance(err, discord.HTTPException):
        reason = shorten(err.text, 80) if err.text else say("no reason given")
        return say("Discord refused the message ({status}: {reason})", status=err.status, reason=reason)
    return say("something went wrong on our side")


def error_text(
    err: Exception,
    where: str = "an interaction",
    interaction: discord.Interaction | None = None,
    *,
    metrics: Metrics | None = None,
    language: catalogue.Language = catalogue.ENGLISH,
) -> str:
    """What to tell the user about ``err`` (logging the unexpected ones with a reference), in
    ``language``."""
    if isinstance(err, catalogue.GameError | SessionError):
        return user_message(err, language)
    said = failure_said(err, where, interaction, metrics=metrics)
    return shorten(catalogue.tell(said, (), language), ANSWER_LIMIT)


def failure_said(
    err: Exception,
    where: str = "an interaction",
    interaction: discord.Interaction | None = None,
    *,
    metrics: Metrics | None = None,
) -> Said:
    """What :func:`error_text` says about a failure that is no game's or session's refusal."""
    if isinstance(err, PostFailed):
        ack: catalogue.Text = err.ack or say("Done.")
        return say(
            "{ack} It counted, but I could not post the new board: {cause}. "
            "I will post it again at the next chance.",
            ack=ack,
            cause=err.cause,
        )
    if isinstance(err, discord.Forbidden) and err.code == MISSING_PERMISSIONS:
        return say("{cause}.", cause=failure_cause(err, interaction))
    if is_rate_limited(err):
        saved = say("Your change was saved: it counted.") if COMMITTED.get() else say("Nothing was changed.")
        return say(
            "{cause}: please try again in a few seconds. {saved}", cause=failure_cause(err), saved=saved
        )
    if isinstance(err, discord.HTTPException) and err.code == MAX_ACTIVE_THREADS:
        if COMMITTED.get():
            return say(
                "This server has too many active threads for me to open one for the game. Play in this "
                "channel with `/game new thread:false`, or archive some threads first."
            )
        return say(
            "This server has too many active threads for me to open one for the game. Play in this "
            "channel with `/game new thread:false`, or archive some threads first. Nothing was changed."
        )
    ref = secrets.token_hex(3)
    log.exception("unexpected error in %s (ref %s)", where, ref, exc_info=err)
    metrics = getattr(getattr(interaction, "client", None), "metrics", None) if metrics is None else metrics
    if metrics is not None:  # the bot's Metrics (bot.adapter.observability): errors by where they happened
        metrics.error(where)
    if COMMITTED.get():
        return say(
            "Sorry, something went wrong on our side (ref {ref}) after your change was saved: it counted.",
            ref=ref,
        )
    return say(
        "Sorry, something went wrong on our side (ref {ref}). Nothing was changed; please try again.", ref=ref
    )


async def answer_error(interaction: discord.Interaction, err: Exception) -> None:
    """Answer privately, in the user's language: the reason for a game or session error, an
    apology for anything else."""
    try:
        language = await reader_language(interaction)
    except Exception:  # what failed may be what knows the language (the store): answer in English
        log.exception("the language of user %s could not be read", interaction.user.id)
        language = catalogue.ENGLISH
    await say_privately(interaction, error_text(err, interaction=interaction, language=language))


async def reader_language(interaction: discord.Interaction) -> catalogue.Language:
    """The language the user of ``interaction`` reads (:mod:`bot.core.readers`): their choice,
    else what their Discord says now."""
    client = interaction.client
    if not isinstance(client, HasReaders):
        return catalogue.ENGLISH
    return catalogue.language(await client.readers.person(interaction.user.id, interaction.locale.value))


async def remember_language(interaction: discord.Interaction) -> None:
    """Remember what the user's Discord language is now, for what reaches them unasked (DMs)."""
    if isinstance(interaction.client, HasReaders):
        await interaction.client.readers.saw(interaction.user.id, interaction.locale.value)


async def seen_in_server(interaction: discord.Interaction) -> None:
    """The user acts in a server: one Floe had found gone from it is back (departures). A
    failure here is logged: the interaction was answered already."""
    if not isinstance(interaction.client, HasPresence):
        return
    try:
        await interaction.client.seen_in(interaction.guild_id, interaction.user.id)
    except Exception:
        log.exception("could not note that %s is in server %s", interaction.user.id, interaction.guild_id)


async def say_privately(
    interaction: discord.Interaction,
    text: catalogue.Text,
    *,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | discord.ui.LayoutView | None = None,
) -> None:
    """Answer ``interaction`` so that only its user sees it, on Discord's supported paths, as a
    card: ``text`` with ``files`` and the controls of ``view``, or ``view`` itself when it is one.

    Unanswered: an ephemeral response. Acknowledged with a private "thinking" message that
    still loads: edit that message (the first follow-up would edit it too, but Discord
    documents that path as deprecated and ignores its ephemeral flag). Otherwise (a
    component's silent acknowledgement, or a second answer): an ephemeral follow-up.
    Every acknowledgement in the adapter is private, so each of these answers is. A saying is
    told in the user's language (:func:`reader_language`); a text is shown as it is.
    """
    if not isinstance(text, str):
        text = catalogue.tell(text, (), await reader_language(interaction))
    shown = view if isinstance(view, discord.ui.LayoutView) else card_of_files(text, files, view)
    if not interaction.response.is_done():
        await interaction.response.send_message(
            view=shown, ephemeral=True, allowed_mentions=NO_PINGS, files=list(files)
        )
    elif is_thinking(interaction):
        await interaction.edit_original_response(
            attachments=list(files), allowed_mentions=NO_PINGS, view=shown
        )
        interaction.extras[THINKING_ANSWERED] = True
    else:
        await interaction.followup.send(
            view=shown, ephemeral=True, allowed_mentions=NO_PINGS, files=list(files)
        )


#: ``interaction.extras`` key: when this process received the interaction (``time.monotonic()``).
RECEIVED = "floe_received"

#: ``interaction.extras`` key: the "thinking" message of the acknowledgement was answered.
THINKING_ANSWERED = "floe_thinking_answered"


def is_thinking(interaction: discord.Interaction) -> bool:
    """Whether the interaction was acknowledged with a "thinking" message not answered yet."""
    deferred = interaction.response.type == discord.InteractionResponseType.deferred_channel_message
    return deferred and not interaction.extras.get(THINKING_ANSWERED, False)


#: Whether the work being guarded has committed a change (then no answer says "nothing was changed").
COMMITTED: ContextVar[bool] = ContextVar("floe_committed", default=False)


def mark_committed() -> None:
    """Called once a change is saved: from now on a failure must not claim nothing changed."""
    COMMITTED.set(True)


Handler = TypeVar("Handler", bound=Callable[..., Awaitable[None]])


def guard(handler: Handler) -> Handler:
    """The error wrapper of a command, a component's callback or a flow, as a decorator (the
    checks of Red-DiscordBot's cogs): a failure in ``handler`` becomes a private answer to its
    ``interaction`` argument (:func:`answer_error`), the one place that turns failures into
    answers; a failure after :func:`mark_committed` never says that nothing was changed.

    discord.py reads a command's options from its callback's signature, resolving string
    annotations in the callback's module: the wrapper lives here, so it carries the handler's
    signature with its annotations resolved where the handler was written."""
    position = list(inspect.signature(handler).parameters).index("interaction")

    @functools.wraps(handler)
    async def guarded(*args: Any, **kwargs: Any) -> None:
        interaction = kwargs["interaction"] if "interaction" in kwargs else args[position]
        interaction.extras.setdefault(RECEIVED, time.monotonic())
        token = COMMITTED.set(False)
        try:
            await remember_language(interaction)
            await handler(*args, **kwargs)
        except Exception as err:  # the one place that turns failures into answers
            await answer_error(interaction, err)
        finally:
            COMMITTED.reset(token)
        await seen_in_server(interaction)  # after the answer: it may read the database

    guarded.__signature__ = _resolved_signature(handler)  # type: ignore[attr-defined]
    return cast(Handler, guarded)


def _resolved_signature(handler: Callable[..., Any]) -> inspect.Signature:
    """``handler``'s signature with its annotations resolved in its own module (unchanged where
    one names something imported for the type checker only: no command's option does)."""
    signature = inspect.signature(handler)
    try:
        hints = typing.get_type_hints(handler, include_extras=True)
    except NameError:
        return signature
    return signature.replace(
        parameters=[
            p.replace(annotation=hints.get(p.name, p.annotation)) for p in signature.parameters.values()
        ],
        return_annotation=hints.get("return", signature.return_annotation),
    )
