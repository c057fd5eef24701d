"""Where everything the bot says in a game goes: the one place that posts a session's Reply.

:meth:`Outbox.publish` posts a :class:`bot.core.sessions.Reply`: its public card (board,
narration, the awaited players, pinged only when newly awaited), its private notes by DM, and
turn DMs; :meth:`Outbox.notice` the scheduler's notices. Lobbies are edited in place.

One living card per turn (:mod:`bot.adapter.cards`): a reply the core marks ``edit`` (the same
players stay awaited) edits the turn message (``games.board_message_id``) in place, in the
background and ordered by the game's step (:meth:`Outbox.edit_later`, :meth:`Outbox.edit_turn`);
any other reply is a new card, and the previous one folds to one line. An archived thread is
reopened for a post or an edit, a locked one is a failure named to the player, and a finished
game's thread the bot opened is archived after the final post (:mod:`bot.adapter.game_threads`).

Private notes go out one player at a time (:meth:`Outbox.deliver`): a failed DM never stops the
others nor the public post; it is remembered per user and the in-server path is offered in the
game's channel, naming no secret (:meth:`Outbox.deliver` says when a note stays owed). Turn DMs
(``/settings dm_on_turn:true``): the game, what is asked and a jump link, whenever a post newly
awaits the player; after a refusal (50007), said once in the channel, none more.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import logging
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import discord

from bot.adapter.cards import TEXT_LIMIT, Headlines, asked_lines, card, collapsed
from bot.adapter.common import MESSAGE_LIMIT, NO_PINGS, attached, mentions, shorten
from bot.adapter.components import build_view, dm_answer
from bot.adapter.edits import EditQueue, editable, retry_after, too_slow
from bot.adapter.errors import (
    PostFailed,
    ThreadLocked,
    error_text,
    failure_cause,
    reader_language,
    say_privately,
)
from bot.adapter.game_threads import GameThreads
from bot.adapter.table_questions import departed_seat_view, vote_view
from bot.core import catalogue, history, visibility
from bot.core.dashboard import jump_link
from bot.core.scheduler.notices import Notice
from bot.core.sessions import Awaited, Controls, Note, Post, Reply, SessionError, Table

if TYPE_CHECKING:
    from bot.adapter.hosts import OutboxHost

log = logging.getLogger("floe.discord")

DM_CLOSED = 50007
UNKNOWN_USER = 10013
UNKNOWN_MESSAGE = 10008
#: Discord's code (with a 429) for too many edits of messages older than an hour.
OLD_MESSAGE_EDITS = 30046
#: Game threads leave the channel list after a week without activity (minutes; Discord's longest,
#: open to every server: developers/resources/channel.mdx lists 60, 1440, 4320 and 10080).
THREAD_AUTO_ARCHIVE: Literal[10080] = 10080
#: How long :meth:`Outbox.close` lets the background edits finish before cancelling them (seconds).
CLOSE_WAIT = 10.0

T = TypeVar("T")
#: DM failures after which the next notes go straight to the in-server path, for this long (seconds).
DM_REFUSALS = (DM_CLOSED, UNKNOWN_USER)
DM_REFUSED_FOR = 24 * 3600.0
OPEN_DMS_HOW = catalogue.say(
    "To get them, open this server's menu ▸ **Privacy Settings** ▸ allow **Direct Messages**, "
    "then use {command} again.",
    command="`/settings dm_on_turn:true`",
)


@dataclass
class Published:
    """What :meth:`Outbox.publish` got out: the public post (``board``: posted, edited, or none
    to make), the users whose private notes went out (``notes``; by DM, in the interaction, or
    the in-server path after a refusal) and those whose notes stay owed (``owed``).

    ``in_background``: the public post is an edit of the turn message left to the background
    (:class:`TurnEdit`), which settles the post once the edit is in and ``ready`` is set (the
    caller sets it when the notes went out; a caller that settles the post itself, after a
    failure, clears ``in_background`` first)."""

    board: bool = False
    notes: list[int] = field(default_factory=list)
    owed: list[int] = field(default_factory=list)
    in_background: bool = False
    ready: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class TurnEdit:
    """The newest board of a game's turn message, to be applied in the background."""

    reply: Reply
    post: Post
    #: The game's step the board was drawn for (its controls carry it).
    step: int
    channel_id: int
    #: The interaction that made the change: told privately when its board cannot be edited in.
    interaction: discord.Interaction | None = None
    #: What the post got out: settled once, when this edit is in, dropped or failed.
    outcome: Published = field(default_factory=Published)
    state: Literal["waiting", "applied", "dropped"] = "waiting"
    settled: bool = False


def with_pings_first(text: str, pinged: Sequence[int]) -> str:
    """``text`` in at most a card's :data:`TEXT_LIMIT` characters, beginning with the mention of
    each pinged user it does not mention before the cut (so no cut drops a ping)."""
    kept = shorten(text, TEXT_LIMIT)
    missing = " ".join(f"<@{u}>" for u in pinged if f"<@{u}>" not in kept)
    return f"{missing} {shorten(text, TEXT_LIMIT - len(missing) - 1)}" if missing else kept


class Outbox:
    """Posts for one bot; also the scheduler's outbox (:class:`bot.core.scheduler.notices.Outbox`)."""

    def __init__(self, bot: OutboxHost) -> None:
        self.bot = bot
        #: Reopens an archived game thread for a post, archives a finished game's.
        self.threads = GameThreads(bot)
        self.edits = EditQueue()
        self._waiting: dict[int, TurnEdit] = {}  # game id -> the newest board not applied yet
        self._last_edit: dict[int, TurnEdit] = {}  # game id -> the newest board this process edited in
        self._workers: dict[int, asyncio.Task[None]] = {}  # game id -> the task applying its edits
        self._background: set[asyncio.Task[Any]] = set()  # controls taken off older messages
        self.headlines = Headlines()  # what older turns' cards collapse to

    # ------------------------------------------------------------------ replies

    async def reply(self, reply: Reply) -> None:
        """A reply the scheduler committed (a deadline's default): what it owes stays owed when
        posting fails (:meth:`bot.adapter.app.FloeBot.publish_committed`)."""
        try:
            await self.bot.publish_committed(reply)
        except PostFailed as err:
            log.info("the post after a scheduled change in game %s is owed (%s)", reply.game_id, err.cause)
        except SessionError:  # the channel is lost (ChannelRefused): paused, and its players told
            log.info("the post after a scheduled change in game %s met a lost channel", reply.game_id)

    async def publish(
        self,
        reply: Reply,
        *,
        skip_notes_for: int | None = None,
        interaction: discord.Interaction | None = None,
        outcome: Published | None = None,
    ) -> discord.Message | None:
        """Post a reply's public message in its game's channel and deliver its private notes, one
        player at a time (each whatever happened to the public post or the other notes); then
        raise what failed the public post, if anything. ``outcome`` is told what got out.

        An edit of the turn message is only left for the background (module docstring): it
        returns None at once, like a reply without a public post (``outcome.in_background``);
        the background settles the post once the edit is in, or leaves it owed and tells
        ``interaction``'s user privately that it could not.
        """
        if outcome is None:  # nobody else settles this post: the background may, at once
            outcome = Published()
            outcome.ready.set()
        if reply.game_id is None:
            return None
        sessions = self.bot.sessions
        table = reply.table if reply.table is not None else await sessions.table(reply.game_id)
        channel = await self.bot.channel_for(table.record.channel_id)
        post = reply.post
        if post is None:
            self.still_newest(reply.game_id, table.record.step)
        if (
            post is not None
            and reply.finished
            and table.record.status == "finished"
            and post.controls is None
        ):
            post = dataclasses.replace(post, controls=Controls(reply.game_id, table.record.step, "over"))
        message: discord.Message | None = None
        removal: asyncio.Task[None] | None = None
        failed: Exception | None = None
        try:
            if post is not None and reply.edit and table.record.board_message_id is not None:
                step = post.controls.step if post.controls is not None else table.record.step
                outcome.in_background = True
                self.edit_later(TurnEdit(reply, post, step, table.record.channel_id, interaction, outcome))
            elif post is not None:
                post = await self.hushed(post, table)
                message = await self.send_post(channel, post)
                if post.controls is None or post.controls.kind != "lobby":
                    removal = await self.new_turn_message(
                        channel, reply.game_id, message, table.record.step, interaction
                    )
                outcome.board = True
            else:
                outcome.board = True  # no public post to make
        except Exception as err:  # the notes still go out; then this is raised
            failed = err
        if message is not None:
            await self.turn_dms(dataclasses.replace(reply, post=post), table, message)
        quiet = await self.bot.clock.quiet.quiet_now({n.user_id for n in reply.notes})
        for note in reply.notes:
            answered = note.user_id == skip_notes_for and note.controls is None  # in the interaction
            if answered or await self.deliver(note, channel, silent=note.user_id in quiet):
                outcome.notes.append(note.user_id)
            else:
                outcome.owed.append(note.user_id)
        if failed is not None:
            raise failed
        if message is not None and reply.post and reply.post.controls and reply.post.controls.kind == "lobby":
            await sessions.replies.set_turn_message(reply.game_id, message.id)
        if table.has_computers():  # after the post: a computer seat awaited now moves next
            self.bot.computers.poke(reply.game_id)
        if message is not None and reply.finished and table.record.status == "finished":
            archive = self.threads.archive_finished(table.record.channel_id, after=removal)
            self.in_background(archive, f"floe archive {table.record.channel_id}")
        return message

    async def hushed(self, post: Post, table: Table) -> Post:
        """``post`` pinging (and so DMing) none of the players it newly awaits who left the
        server (:mod:`bot.core.scheduler.departures`) or are in their quiet hours: it still names
        them, and those in quiet hours are told once when their quiet hours end
        (:mod:`bot.core.scheduler.quiet_hours` decides, for the ping and the turn DM alike)."""
        clock = self.bot.clock
        pinged = [a.user_id for a in post.awaited if a.ping]
        gone = await clock.departures.departed(table.record.guild_id, pinged)
        held = await clock.quiet.hold(table.record.id, [u for u in pinged if u not in gone])
        if not held and not gone:
            return post
        awaited = tuple(
            dataclasses.replace(a, ping=False) if a.user_id in held | gone else a for a in post.awaited
        )
        return dataclasses.replace(post, awaited=awaited)

    async def send_post(self, channel: discord.abc.Messageable, post: Post) -> discord.Message:
        """Post a new message in the game's channel (reopening its thread when Discord archived it)."""

        async def send() -> discord.Message:
            kwargs = await self.post_content(post, await self.bot.watch_url(post.controls))
            message = await channel.send(**kwargs)
            self.headlines.remember(message.id, post)
            return message

        return await self.threads.through_archive(channel, send)

    @staticmethod
    async def post_content(post: Post, watch: str | None = None) -> dict[str, Any]:
        """What a post sends, or an edit of the turn message sets: text, board (drawn now, if it
        was not yet; an animation instead, which ends on it), pings (one line per prompt),
        controls (with a link to the game's page ``watch``, when given)."""
        pings = asked_lines(post)
        text = shorten(post.shown_text(), MESSAGE_LIMIT - len(pings) - 1 if pings else MESSAGE_LIMIT)
        content = "\n".join(part for part in (pings, text) if part)  # the pings first: no cut drops them
        files = await attached(post.animation, "moves.gif") or await attached(post.image, "board.png")
        pinged = mentions(*(a.user_id for a in post.awaited if a.ping))
        controls = build_view(post.controls, watch=watch, language=post.language)
        return {
            "files": files,
            "allowed_mentions": pinged,
            "view": card(content, pictures=files, controls=controls, accent=post.accent),
        }

    # ------------------------------------------------------------------ the turn message, edited in the background

    def edit_later(self, edit: TurnEdit) -> None:
        """Leave ``edit`` as the newest board of its game; the game's task applies it. A board it
        replaces before it was applied, or one older than this process's newest, is dropped
        (and its post settled: the newer board carries what it showed).

        So the player's private answer never waits for an edit: one tracked task per game
        (:meth:`close` waits for them, then cancels) draws and applies only the newest board
        waiting, and :class:`bot.adapter.edits.EditQueue` serialises the edits of one message.
        The edit settles what its post owed (storage/owed.py) once it is in and once the post's
        notes went out (:class:`Published`); a failure leaves the board owed for a retry."""
        game_id = edit.reply.game_id
        assert game_id is not None
        last = self._last_edit.get(game_id)
        if last is not None and last.step > edit.step:
            self.drop(edit)  # this process has a newer board of the game already
            return
        replaced = self._waiting.get(game_id)
        if replaced is not None and replaced is not edit:
            self.drop(replaced)
        self._waiting[game_id] = self._last_edit[game_id] = edit
        if game_id not in self._workers:
            task = asyncio.create_task(self._apply_edits(game_id), name=f"floe turn edits {game_id}")
            self._workers[game_id] = task
            task.add_done_callback(_log_failure)

    def drop(self, edit: TurnEdit) -> None:
        """``edit`` will not be applied: a newer board of its game is (or was) edited in."""
        edit.state = "dropped"
        self.in_background(self.settle_edit(edit), f"floe settle {edit.reply.game_id}")

    def still_newest(self, game_id: int, step: int) -> None:
        """A change that posts nothing reached ``step``: the board this process edited in last is
        still the newest, so it is not dropped as older than the game (and is applied again if
        it was)."""
        last = self._last_edit.get(game_id)
        if last is None or last.step >= step:
            return
        last.step = step
        if last.state == "dropped":
            last.state = "waiting"
            self.edit_later(last)

    async def _apply_edits(self, game_id: int) -> None:
        """The game's task: apply the newest waiting board until none waits."""
        try:
            while (edit := self._waiting.pop(game_id, None)) is not None:
                try:
                    await self.edit_turn(edit)
                except Exception as err:
                    await self._after_failed_edit(game_id, edit, err)
                else:
                    await self.settle_edit(edit)
        finally:
            self._workers.pop(game_id, None)

    async def settle_edit(self, edit: TurnEdit, failed: Exception | None = None) -> Exception | None:
        """Settle the post whose board ``edit`` is, once (after its notes went out): in or dropped,
        the board is taken off what the game owes; ``failed``, it stays owed for a retry, or the
        game is paused when its channel is lost (``FloeBot.post_failure``). Returns what to tell
        the player about a failure (None: nothing)."""
        outcome = edit.outcome
        await outcome.ready.wait()
        if edit.settled or not outcome.in_background:  # settled already, or by the caller
            return None
        edit.settled = True
        if failed is not None:
            return await self.bot.post_failure(edit.reply, outcome, failed, edit.interaction)
        outcome.board = True
        await self.bot.settle_post(edit.reply, outcome)
        return None

    async def _after_failed_edit(self, game_id: int, edit: TurnEdit, err: Exception) -> None:
        if isinstance(err, discord.HTTPException | discord.RateLimited | ThreadLocked):
            log.warning("the board of game %s could not be edited in (%s): it is owed", game_id, err)
        else:
            log.exception("editing the board of game %s failed: it is owed", game_id, exc_info=err)
        try:
            failure = await self.settle_edit(edit, err)
        except Exception:
            log.exception("the board of game %s could not be settled after a failed edit", game_id)
            return
        if edit.interaction is None or failure is None:
            return
        try:  # a deferred interaction takes follow-ups for 15 minutes
            language = await reader_language(edit.interaction)
            await say_privately(edit.interaction, error_text(failure, language=language))
        except (discord.HTTPException, discord.RateLimited) as answer_err:
            log.info("could not tell the player that the board of game %s is owed (%s)", game_id, answer_err)

    async def edit_turn(self, edit: TurnEdit) -> None:
        """Apply one board to the game's turn message, unless the game has moved past its step.

        The game is read first: a board drawn for an older step is dropped, because the newer
        step's own reply (from whichever process committed it) carries the newer board; a read
        and a send are not atomic, so two processes editing within one round trip can still land
        out of order, and the next change repairs it. Gone (10008): posted as the new turn
        message. Too slow to edit now (429 / 30046 for hour-old messages, or ``RateLimited``: the
        bot does not sleep past an interaction's window): posted as the new turn message, the old
        one losing its controls once the wait Discord asked for is over.
        """
        game_id = edit.reply.game_id
        assert game_id is not None
        record = await self.bot.sessions.replies.turn_record(game_id)
        if record is None or record.step > edit.step:
            edit.state = "dropped"  # the newer step's own reply carries the newer board
            return
        channel = await self.bot.channel_for(record.channel_id)
        target = record.board_message_id
        if target is None:  # no turn message to edit (never recorded): the board is posted
            await self.post_turn_anew(channel, edit, replacing=None, gone=True)
            edit.state = "applied"
            return

        async def apply() -> None:
            content = await self.post_content(edit.post, await self.bot.watch_url(edit.post.controls))
            self.headlines.remember(target, edit.post)
            await self.edits.edit(editable(channel, target, edit.interaction), edit.step, **content)

        try:
            await self.threads.through_archive(channel, apply)
        except discord.NotFound as err:
            if err.code != UNKNOWN_MESSAGE:  # the channel itself is gone
                raise
            await self.post_turn_anew(channel, edit, replacing=target, gone=True)
        except (discord.HTTPException, discord.RateLimited) as err:
            if not too_slow(err):
                raise
            log.info("the turn message of game %s cannot be edited now (%s): posted anew", game_id, err)
            await self.post_turn_anew(channel, edit, replacing=target, gone=False, wait=retry_after(err))
        edit.state = "applied"

    async def post_turn_anew(
        self,
        channel: discord.abc.Messageable,
        edit: TurnEdit,
        *,
        replacing: int | None,
        gone: bool,
        wait: float = 0.0,
    ) -> None:
        """Post ``edit``'s board as a new message, the turn message from now on instead of
        ``replacing`` (which loses its controls, after ``wait`` seconds, unless it is ``gone``).

        When the game moved on while it was being posted (a newer post is the turn message now,
        or a newer step was committed), the new message is an older board: it keeps its board
        and loses its controls, and the turn message stays as it is.
        """
        game_id = edit.reply.game_id
        assert game_id is not None
        sessions = self.bot.sessions
        message = await self.send_post(channel, edit.post)
        record = await sessions.replies.turn_record(game_id)
        if record is None or record.step > edit.step or record.board_message_id != replacing:
            self.take_controls_off(channel, message.id, edit.step)
            return
        await sessions.replies.set_turn_message(game_id, message.id)
        if replacing is not None and not gone:
            self.take_controls_off(channel, replacing, edit.step, wait=wait)

    async def new_turn_message(
        self,
        channel: discord.abc.Messageable,
        game_id: int,
        message: discord.Message,
        step: int,
        interaction: discord.Interaction | None = None,
    ) -> asyncio.Task[None] | None:
        """``message`` is now the turn message; the previous one folds into one line (in the
        background: the task, if any), through ``interaction`` when it was clicked on
        (:class:`ClickedMessage`)."""
        record = await self.bot.sessions.replies.turn_record(game_id)
        previous = record.board_message_id if record is not None else None
        await self.bot.sessions.replies.set_turn_message(game_id, message.id)
        self._last_edit.pop(game_id, None)  # a new turn message: nothing was edited into it yet
        if previous is None or previous == message.id:
            return None
        return self.take_controls_off(channel, previous, step, interaction=interaction)

    def take_controls_off(
        self,
        channel: discord.abc.Messageable,
        message_id: int,
        step: int,
        *,
        wait: float = 0.0,
        interaction: discord.Interaction | None = None,
    ) -> asyncio.Task[None]:
        """Remove the controls of an older message, in the background (after ``wait`` seconds: a
        message Discord would not let the bot edit now); a message that is gone or cannot be
        edited keeps them (its clicks are refused as stale anyway). Through ``interaction`` when
        it was clicked on (:class:`ClickedMessage`)."""

        async def remove() -> None:
            await asyncio.sleep(wait)
            try:
                await self.threads.through_archive(
                    channel,
                    lambda: self.edits.edit(
                        editable(channel, message_id, interaction),
                        step,
                        view=collapsed(self.headlines.of(message_id)),
                        files=[],
                    ),
                )
            except (discord.HTTPException, discord.RateLimited, ThreadLocked) as err:
                log.info("the controls stay on message %s (%s)", message_id, err)

        return self.in_background(remove(), f"floe controls off {message_id}")

    def in_background(self, work: Coroutine[Any, Any, T], name: str) -> asyncio.Task[T]:
        """Run ``work`` as a tracked task: :meth:`close` waits for it; a failure is logged."""
        task = asyncio.create_task(work, name=name)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        task.add_done_callback(_log_failure)
        return task

    async def close(self) -> None:
        """Let the background edits finish (at most :data:`CLOSE_WAIT` seconds), then cancel them."""
        while tasks := [*self._workers.values(), *self._background]:
            _done, late = await asyncio.wait(tasks, timeout=CLOSE_WAIT)
            for task in late:
                log.warning(
                    "a background edit did not finish before closing: cancelled (%s)", task.get_name()
                )
                task.cancel()
            if late:
                await asyncio.gather(*late, return_exceptions=True)
                break

    async def deliver(self, note: Note, channel: discord.abc.Messageable, *, silent: bool = False) -> bool:
        """Send a private note by DM; when that fails, offer the in-server path in the channel
        without the note's content. Returns whether the note is delivered; False: it stays owed
        (the DM failed on Discord's side, or for a reason of ours), to be sent again later.

        The failure is remembered for the user (:meth:`bot.core.members.Members.dm_failed`); after a refusal
        (closed DMs, an unknown user) the next notes skip the DM for :data:`DM_REFUSED_FOR`. The
        channel message offers the note's controls, else the My view button, and names no secret.
        ``silent``: the DM notifies nobody (the user is in their quiet hours).
        """
        members, now = self.bot.members, self.bot.clock.clock()
        prefs = await members.prefs(note.user_id)
        refused = prefs.dm_failed in DM_REFUSALS and now - (prefs.dm_failed_at or 0.0) < DM_REFUSED_FOR
        failure: int | None = prefs.dm_failed if refused else None
        if not refused:
            try:
                await self._dm_note(note, silent=silent)
                if prefs.dm_failed is not None:
                    await members.dm_failed(note.user_id, None, now)
                return True
            except discord.HTTPException as err:
                failure = err.code if err.code in DM_REFUSALS else err.status
                log.warning("the private note to %s failed (%s %s)", note.user_id, err.status, err.code)
            except Exception:  # a drawing that failed, say: the note stays owed
                log.exception("the private note to %s failed", note.user_id)
                return False
            await members.dm_failed(note.user_id, failure, now)
        transient = failure is None or (failure not in DM_REFUSALS and failure >= 500)
        await self._offer_in_server(note, channel, transient=transient)
        return not transient

    async def _dm_note(self, note: Note, *, silent: bool = False) -> None:
        """A private note by DM, as one card: its text (with the game's link), the player's own
        board, and a way to answer by taps when it asks something (:func:`dm_answer`)."""
        dm = await self.bot.create_dm(discord.Object(id=note.user_id))
        files = await attached(note.image, "my-view.png")
        text = note.text
        if note.controls is not None:
            record = (await self.bot.sessions.table(note.controls.game_id)).record
            back = catalogue.tell(catalogue.say("Back to the game"), (), note.language)
            text += f"\n[{back}]({jump_link(record.guild_id, record.channel_id)})"
        view, files = await dm_answer(self.bot.sessions, note, text, files)
        await dm.send(view=view, files=files, silent=silent)  # silent: no notification (quiet hours)

    async def _offer_in_server(
        self, note: Note, channel: discord.abc.Messageable, *, transient: bool
    ) -> None:
        """Say in the game's channel that a DM did not reach the user, with the private path
        (``transient``: it failed on Discord's side, and is sent again later)."""
        fallback = build_view(note.controls, language=note.language) if note.controls else None
        how = (
            catalogue.say("press the button below")
            if fallback
            else catalogue.say("press **My view** on the board")
        )
        why = (
            catalogue.say("Discord did not let my direct message through just now (I will try again later)")
            if transient
            else catalogue.say("I cannot send you direct messages")
        )
        offer = catalogue.say(
            "{who}, {why}, so {how} to answer privately (only you will see it). To get DMs from me, "
            "allow direct messages from server members.",
            who=f"<@{note.user_id}>",
            why=why,
            how=how,
        )
        try:
            text = catalogue.tell(offer, (), note.language)
            await channel.send(view=card(text, controls=fallback), allowed_mentions=mentions(note.user_id))
        except discord.HTTPException as err:
            log.warning("could not offer %s the in-server path (%s %s)", note.user_id, err.status, err.code)

    # ------------------------------------------------------------------ lobby message

    async def refresh_lobby(self, reply: Reply, interaction: discord.Interaction | None = None) -> None:
        """Edit the lobby message in place (by id: no Read Message History needed to fetch it;
        through ``interaction`` when it was clicked on: :class:`ClickedMessage`).

        When it is gone, or cannot be edited now, the lobby is posted anew (and the old one, if
        it is still there, loses its buttons)."""
        assert reply.post is not None and reply.game_id is not None
        post = reply.post
        table = await self.bot.sessions.table(reply.game_id)
        message_id = table.record.board_message_id
        if message_id is not None:
            channel = await self.bot.channel_for(table.record.channel_id)
            lobby = editable(channel, message_id, interaction)
            try:
                await self.threads.through_archive(
                    channel,
                    lambda: lobby.edit(
                        view=card(post.text, controls=build_view(post.controls, language=post.language))
                    ),
                )
                return
            except (discord.HTTPException, discord.RateLimited) as err:
                if not (isinstance(err, discord.NotFound) and err.code == UNKNOWN_MESSAGE):
                    self.take_controls_off(channel, message_id, table.record.step)
                log.info("the lobby message of game %s is posted anew (%s)", reply.game_id, err)
        await self.publish(reply)

    async def close_lobby(self, reply: Reply) -> None:
        """Take the buttons off the lobby message once the game started or was cancelled."""
        if reply.game_id is None:
            return
        table = await self.bot.sessions.table(reply.game_id)
        if table.record.board_message_id is None:
            return
        channel = await self.bot.channel_for(table.record.channel_id)
        self.take_controls_off(channel, table.record.board_message_id, table.record.step)

    async def post_replay(self, channel_id: int, replay: history.Replay) -> discord.Message:
        """A game's replay GIF with its alt text, posted in its channel for everyone
        (``/game replay``, Replay)."""
        channel = await self.bot.channel_for(channel_id)
        caption, data = replay.caption, replay.data

        async def send() -> discord.Message:  # a new file for each try: a sent one is closed
            file = discord.File(io.BytesIO(data), filename="replay.gif", description=replay.description)
            return await channel.send(
                view=card(caption, pictures=[file]), file=file, allowed_mentions=NO_PINGS
            )

        return await self.threads.through_archive(channel, send)

    # ------------------------------------------------------------------ the scheduler's notices

    async def notice(self, notice: Notice) -> str | None:
        """Post ``notice``; None when it went out, else why not (:func:`failure_cause`, for the
        player whose command it follows: :class:`bot.core.scheduler.notices.Outbox`)."""
        if notice.dm is not None:
            record = (await self.bot.sessions.table(notice.game_id)).record
            link = jump_link(record.guild_id, record.channel_id)
            text = notice.text if notice.dm_text is None else notice.dm_text
            if await self.send_dm(notice.dm, f"{text}\n{link}", notice.channel_id):
                return None
        channel = await self.bot.channel_for(notice.channel_id)
        pings = await self.notifiable(notice.game_id, notice.mentions)
        text = with_pings_first(notice.text, pings)
        try:
            await channel.send(
                view=card(text, controls=notice_controls(notice)), allowed_mentions=mentions(*pings)
            )
        except discord.HTTPException as err:
            # never retried at the next tick (a loop of refused requests): a lost channel pauses
            # the game; any other failure loses this notice only (the next comes an interval later)
            if not await self.bot.channel_refused(notice.game_id, err):
                log.warning(
                    "a notice in game %s was not posted (%s %s)", notice.game_id, err.status, err.code
                )
            return str(failure_cause(err))
        return None

    async def notifiable(self, game_id: int, users: Sequence[int]) -> tuple[int, ...]:
        """Those of ``users`` a notice of ``game_id`` may ping now: not in their quiet hours, and
        still in the game's server (a notice still names the others, without a ping)."""
        if not users:
            return ()
        clock = self.bot.clock
        guild_id = (await self.bot.sessions.table(game_id)).record.guild_id
        hushed = await clock.quiet.quiet_now(users) | await clock.departures.departed(guild_id, users)
        return tuple(u for u in users if u not in hushed)

    async def reachable(self, game_id: int, channel_id: int) -> bool:
        """Whether the game's channel is still there for the bot (one REST read); when it is
        gone or closed to the bot, the game is paused (:meth:`bot.adapter.app.FloeBot.channel_refused`)."""
        try:
            await self.bot.fetch_channel(channel_id)
        except discord.HTTPException as err:
            if await self.bot.channel_refused(game_id, err):
                return False
            log.warning("could not look at the channel of game %s (%s %s)", game_id, err.status, err.code)
        return True

    # ------------------------------------------------------------------ turn DMs

    async def send_dm(self, user_id: int, text: str, channel_id: int) -> bool:
        """DM a user who opted in; on 50007 stop trying and say once in ``channel_id`` how to open DMs."""
        members = self.bot.members
        prefs = await members.prefs(user_id)
        if not prefs.dm_on_turn or prefs.dm_closed:
            return False
        if await self.bot.clock.digests.instead_of_dms(user_id):  # their daily digest instead
            return False
        try:
            dm = await self.bot.create_dm(discord.Object(id=user_id))
            await dm.send(view=card(text))
            return True
        except discord.HTTPException as err:  # remembered, like a private note's (deliver)
            await members.dm_failed(
                user_id, err.code if err.code in DM_REFUSALS else err.status, self.bot.clock.clock()
            )
            if err.code != DM_CLOSED:
                log.warning("DM to %s failed (%s %s)", user_id, err.status, err.code)
                return False
        await members.dms_closed(user_id)
        channel = await self.bot.channel_for(channel_id)
        own = await self.own(user_id)
        stopped = catalogue.say(
            "{who}, I could not send you a DM when it was your turn, so I stopped trying.",
            who=f"<@{user_id}>",
        )
        told = f"{catalogue.tell(stopped, (), own)} {catalogue.tell(OPEN_DMS_HOW, (), own)}"
        await channel.send(view=card(told), allowed_mentions=mentions(user_id))
        return False

    async def turn_dms(self, reply: Reply, table: Table, message: discord.Message) -> None:
        """Turn DMs for the players a new post awaits (those who opted in), with a jump link.

        A player who was just sent a secret prompt by DM (an Ice Lake plan) gets no second DM.
        """
        post = reply.post
        if post is None:
            return
        prompted = {n.user_id for n in reply.notes if n.controls is not None}
        channel = getattr(message.channel, "name", None)
        for awaited in post.awaited:
            if not awaited.ping or awaited.user_id in prompted:
                continue
            own = await self.own(awaited.user_id)
            title, prompt = f"**{table.game.title}**", self._prompt_in(table, post, awaited, own)
            if channel:
                turn = catalogue.say(
                    "🔔 Your turn in {title} in {channel}: {prompt}.",
                    title=title,
                    channel=f"#{channel}",
                    prompt=prompt,
                )
            else:
                turn = catalogue.say("🔔 Your turn in {title}: {prompt}.", title=title, prompt=prompt)
            text = f"{catalogue.tell(turn, (), own)}\n{message.jump_url}"
            try:
                await self.send_dm(awaited.user_id, text, table.record.channel_id)
            except Exception:  # a DM problem never breaks a move
                log.exception("turn DM to %s failed", awaited.user_id)

    @staticmethod
    def _prompt_in(table: Table, post: Post, awaited: Awaited, own: catalogue.Language) -> str:
        """What the post asks of ``awaited``, in their language ``own`` (as public as the post's:
        it names nothing hidden)."""
        if own is post.language or table.state is None:
            return awaited.prompt
        game, state = table.game, table.state
        seats = [s for s in sorted(game.to_act(state)) if table.user_of(s) == awaited.user_id]
        prompts = dict.fromkeys(visibility.public_prompt(game, state, s, own) for s in seats)
        return "; ".join(prompts) or awaited.prompt

    async def own(self, user_id: int) -> catalogue.Language:
        """The language ``user_id`` reads (what is said to them alone: their DMs)."""
        return catalogue.language(await self.bot.sessions.readers.person(user_id))

    # ------------------------------------------------------------------ daily digests

    async def send_digest(self, user_id: int, text: str) -> bool:
        """DM a player their daily digest (:mod:`bot.core.scheduler.daily_digest`): they asked for
        it, so ``dm_on_turn`` does not matter; a refusal is remembered like any DM's and told
        nowhere (tomorrow's digest tries again). Whether it went out."""
        try:
            dm = await self.bot.create_dm(discord.Object(id=user_id))
            await dm.send(view=card(text))
        except discord.HTTPException as err:
            failure = err.code if err.code in DM_REFUSALS else err.status
            await self.bot.members.dm_failed(user_id, failure, self.bot.clock.clock())
            log.warning("the daily digest of %s was not sent (%s %s)", user_id, err.status, err.code)
            return False
        return True


def notice_controls(notice: Notice) -> discord.ui.View | None:
    """The buttons under a notice: the stall vote, or the host's choice for a departed member's seat."""
    if notice.vote_step is not None:
        return vote_view(notice.game_id, notice.vote_step, notice.language)
    if notice.departed is not None:
        return departed_seat_view(notice.game_id, notice.departed, notice.language)
    return None


def _log_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and (err := task.exception()) is not None:
        log.error("background task %s failed", task.get_name(), exc_info=err)
