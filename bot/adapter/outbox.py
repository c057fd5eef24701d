"""Where everything the bot says in a game goes: the one place that posts a session's Reply.

:meth:`Outbox.publish` posts a :class:`bot.core.sessions.Reply`: its public message in the
game's channel (board, narration, a mention of exactly the awaited players, pinged only when
newly awaited), its private notes by DM, and turn DMs to players who asked for them. The
scheduler's notices (reminders, stall votes) go through :meth:`Outbox.notice`. Lobby messages
are edited in place while players join and lose their buttons when the game starts.

One living message per turn: a reply the core marks ``edit`` (the same players stay awaited)
edits the game's turn message (``games.board_message_id``, so it survives a restart) in place;
any other reply is a new message, which becomes the turn message, and the previous one keeps
its final board but loses its controls. Edits are coalesced per message
(:class:`EditQueue`): while one is in flight only the newest content waits, and it is always
applied; discord.py waits out Discord's rate limits (429) itself. Ice Lake's reveal is a new
post (the core never marks a reply with an animation ``edit``).

Private notes go out one player at a time (:meth:`Outbox.deliver`): a DM that fails never stops
the others nor the public post. Every DM failure is remembered per user (``users.dm_failed``:
50007 closed DMs, 10013 unknown user, or a server error's status) and the in-server path is
offered in the game's channel, naming no secret; after a refusal (50007, 10013) the next notes
go straight to that path for :data:`DM_REFUSED_FOR`, and a note whose DM failed on Discord's side
(5xx) stays owed for that player only (storage/owed.py), sent again later.

Turn DMs: a user who opted in (``/settings dm_on_turn:true``) gets a DM with the game's name,
what is asked and a jump link whenever a post newly awaits them. When the DM fails (50007) the
bot stops trying (``prefs.dm_closed``) and says once, in the game's channel, how to open DMs.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.common import MESSAGE_LIMIT, attached, mentions
from bot.adapter.components import build_view, vote_view
from bot.core.dashboard import jump_link
from bot.core.scheduler import Notice
from bot.core.sessions import Controls, Note, Post, Reply, SessionError, Table
from storage import UserPrefs

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot

log = logging.getLogger("floe.discord")

DM_CLOSED = 50007
UNKNOWN_USER = 10013
UNKNOWN_MESSAGE = 10008
#: DM failures after which the next notes go straight to the in-server path, for this long (seconds).
DM_REFUSALS = (DM_CLOSED, UNKNOWN_USER)
DM_REFUSED_FOR = 24 * 3600.0
OPEN_DMS_HOW = (
    "To get them, open this server's menu ▸ **Privacy Settings** ▸ allow **Direct Messages**, "
    "then use `/settings dm_on_turn:true` again."
)


@dataclass
class _Slot:
    """The edits of one message: the newest content not applied yet (None: nothing waits)."""

    pending: dict[str, Any] | None
    step: int


@dataclass
class EditQueue:
    """Coalesced edits per message: one in flight at a time; the newest waiting one wins.

    A caller whose message already has an edit in flight only leaves its content (merged over
    what was waiting, so a removal of the controls keeps the newest board) and returns; the
    caller that started the edits applies whatever waits until nothing does, so the last state
    is never dropped. ``step`` orders replies: content drawn for an older step never replaces
    newer content. ``applied`` counts the edits sent (for tests and bench/bench_messages.py).
    """

    slots: dict[int, _Slot] = field(default_factory=dict)
    applied: int = 0

    async def edit(self, message: discord.PartialMessage, step: int, **content: Any) -> None:
        slot = self.slots.get(message.id)
        if slot is not None:
            if step >= slot.step:
                slot.pending = {**(slot.pending or {}), **content}
                slot.step = step
            return
        slot = self.slots[message.id] = _Slot(content, step)
        try:
            while slot.pending is not None:
                now, slot.pending = slot.pending, None
                if "files" in now:  # an edit replaces the attachments
                    now["attachments"] = now.pop("files")
                await message.edit(**now)
                self.applied += 1
        finally:
            del self.slots[message.id]


@dataclass
class Published:
    """What :meth:`Outbox.publish` got out: the public post (``board``: posted, edited, or none
    to make), the users whose private notes went out (``notes``; by DM, in the interaction, or
    the in-server path after a refusal) and those whose notes stay owed (``owed``)."""

    board: bool = False
    notes: list[int] = field(default_factory=list)
    owed: list[int] = field(default_factory=list)


class Outbox:
    """Posts for one bot; also the scheduler's outbox (:class:`bot.core.scheduler.Outbox`)."""

    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot
        self.edits = EditQueue()

    # ------------------------------------------------------------------ replies

    async def reply(self, reply: Reply) -> None:
        """A reply the scheduler committed (a deadline's default): what it owes stays owed when
        posting fails (:meth:`bot.adapter.app.FloeBot.publish_committed`)."""
        from bot.adapter.errors import PostFailed

        try:
            await self.bot.publish_committed(reply)
        except PostFailed as err:
            log.info("the post after a scheduled change in game %s is owed (%s)", reply.game_id, err.cause)
        except SessionError:  # the channel is lost (ChannelRefused): paused, and its players told
            log.info("the post after a scheduled change in game %s met a lost channel", reply.game_id)

    async def publish(
        self, reply: Reply, *, skip_notes_for: int | None = None, outcome: Published | None = None
    ) -> discord.Message | None:
        """Post a reply's public message in its game's channel and deliver its private notes, one
        player at a time (each whatever happened to the public post or the other notes); then
        raise what failed the public post, if anything. ``outcome`` is told what got out."""
        outcome = outcome if outcome is not None else Published()
        if reply.game_id is None:
            return None
        sessions = self.bot.sessions
        table = await sessions.table(reply.game_id)
        channel = await self.bot.channel_for(table.record.channel_id)
        post = reply.post
        if (
            post is not None
            and reply.finished
            and table.record.status == "finished"
            and post.controls is None
        ):
            post = dataclasses.replace(post, controls=Controls(reply.game_id, table.record.step, "over"))
        message: discord.Message | None = None
        failed: Exception | None = None
        try:
            if post is not None and reply.edit and table.record.board_message_id is not None:
                await self.edit_turn(channel, table.record.board_message_id, post, table.record.step)
            elif post is not None:
                message = await self.send_post(channel, post)
                if post.controls is None or post.controls.kind != "lobby":
                    await self.new_turn_message(channel, table, message)
            outcome.board = True
        except Exception as err:  # the notes still go out; then this is raised
            failed = err
        if message is not None:
            await self.turn_dms(reply, table, message)
        for note in reply.notes:
            answered = note.user_id == skip_notes_for and note.controls is None  # in the interaction
            if answered or await self.deliver(note, channel):
                outcome.notes.append(note.user_id)
            else:
                outcome.owed.append(note.user_id)
        if failed is not None:
            raise failed
        if message is not None and reply.post and reply.post.controls and reply.post.controls.kind == "lobby":
            await sessions.store.set_board_message(reply.game_id, message.id)
        if table.has_computers():  # after the post: a computer seat awaited now moves next
            self.bot.computers.poke(reply.game_id)
        return message

    async def send_post(self, channel: discord.abc.Messageable, post: Post) -> discord.Message:
        kwargs = await self.post_content(post)
        if kwargs["view"] is None:
            del kwargs["view"]
        return await channel.send(**kwargs)

    @staticmethod
    async def post_content(post: Post) -> dict[str, Any]:
        """What a post sends, or an edit of the turn message sets: text, board (drawn now, if it
        was not yet), pings, controls."""
        pings = "\n".join(f"<@{a.user_id}> {a.prompt}" for a in post.awaited)
        if pings:
            pings = "Your turn: " + pings if len(post.awaited) == 1 else pings
        content = "\n".join(part for part in (post.text, pings) if part)[:MESSAGE_LIMIT]
        files = await attached(post.image, "board.png") + await attached(post.animation, "moves.gif")
        pinged = mentions(*(a.user_id for a in post.awaited if a.ping))
        return {
            "content": content,
            "files": files,
            "allowed_mentions": pinged,
            "view": build_view(post.controls),
        }

    async def edit_turn(
        self, channel: discord.abc.Messageable, message_id: int, post: Post, step: int
    ) -> None:
        """Edit the turn message in place (coalesced); if it is gone, post anew instead."""
        target = _partial(channel, message_id)
        try:
            await self.edits.edit(target, step, **await self.post_content(post))
        except discord.NotFound as err:
            if err.code != UNKNOWN_MESSAGE:  # the channel itself is gone: the caller says so
                raise
            await self.send_post(channel, post)

    async def new_turn_message(
        self, channel: discord.abc.Messageable, table: Table, message: discord.Message
    ) -> None:
        """``message`` is now the turn message; the previous one keeps its board, not its controls."""
        previous = table.record.board_message_id
        await self.bot.sessions.store.set_board_message(table.record.id, message.id)
        if previous is None or previous == message.id:
            return
        try:
            await self.edits.edit(_partial(channel, previous), table.record.step, view=None)
        except discord.HTTPException:  # deleted, or too old to edit: its clicks are stale anyway
            log.info("could not take the controls off message %s", previous)

    async def deliver(self, note: Note, channel: discord.abc.Messageable) -> bool:
        """Send a private note by DM; when that fails, offer the in-server path in the channel
        without the note's content. Returns whether the note is delivered; False: it stays owed
        (the DM failed on Discord's side, or for a reason of ours), to be sent again later.

        The failure is remembered for the user (:meth:`storage.Store.dm_failed`); after a refusal
        (closed DMs, an unknown user) the next notes skip the DM for :data:`DM_REFUSED_FOR`. The
        channel message offers the note's controls, else the My view button, and names no secret.
        """
        store, now = self.bot.sessions.store, self.bot.clock.clock()
        prefs = await store.prefs(note.user_id)
        refused = prefs.dm_failed in DM_REFUSALS and now - (prefs.dm_failed_at or 0.0) < DM_REFUSED_FOR
        failure: int | None = prefs.dm_failed if refused else None
        if not refused:
            try:
                await self._dm_note(note)
                if prefs.dm_failed is not None:
                    await store.dm_failed(note.user_id, None, now)
                return True
            except discord.HTTPException as err:
                failure = err.code if err.code in DM_REFUSALS else err.status
                log.warning("the private note to %s failed (%s %s)", note.user_id, err.status, err.code)
            except Exception:  # a drawing that failed, say: the note stays owed
                log.exception("the private note to %s failed", note.user_id)
                return False
            await store.dm_failed(note.user_id, failure, now)
        transient = failure is None or (failure not in DM_REFUSALS and failure >= 500)
        await self._offer_in_server(note, channel, transient=transient)
        return not transient

    async def _dm_note(self, note: Note) -> None:
        user = self.bot.get_user(note.user_id) or await self.bot.fetch_user(note.user_id)
        files = await attached(note.image, "my-view.png")
        link = ""
        if note.controls is not None:
            record = (await self.bot.sessions.table(note.controls.game_id)).record
            link = f"\nThe game: {jump_link(record.guild_id, record.channel_id)}"
        await user.send((note.text + link)[:MESSAGE_LIMIT], files=files)

    async def _offer_in_server(
        self, note: Note, channel: discord.abc.Messageable, *, transient: bool
    ) -> None:
        """Say in the game's channel that a DM did not reach the user, with the private path
        (``transient``: it failed on Discord's side, and is sent again later)."""
        fallback = build_view(note.controls, with_view_button=True) if note.controls else None
        how = "press the button below" if fallback else "press **My view** on the board"
        kwargs: dict[str, Any] = {}
        if fallback is not None:
            kwargs["view"] = fallback
        why = (
            "Discord did not let my direct message through just now (I will try again later)"
            if transient
            else "I cannot send you direct messages"
        )
        try:
            await channel.send(
                f"<@{note.user_id}>, {why}, so {how} to answer privately "
                "(only you will see it). To get DMs from me, allow direct messages from server members.",
                allowed_mentions=mentions(note.user_id),
                **kwargs,
            )
        except discord.HTTPException as err:
            log.warning("could not offer %s the in-server path (%s %s)", note.user_id, err.status, err.code)

    # ------------------------------------------------------------------ lobby message

    async def refresh_lobby(self, reply: Reply) -> None:
        """Edit the lobby message in place (it is new: Discord allows the edit)."""
        assert reply.post is not None and reply.game_id is not None
        table = await self.bot.sessions.table(reply.game_id)
        message_id = table.record.board_message_id
        if message_id is not None:
            channel = await self.bot.channel_for(table.record.channel_id)
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
        table = await self.bot.sessions.table(reply.game_id)
        if table.record.board_message_id is None:
            return
        channel = await self.bot.channel_for(table.record.channel_id)
        try:
            message = await channel.fetch_message(table.record.board_message_id)
            await message.edit(view=None)
        except discord.HTTPException:
            pass

    # ------------------------------------------------------------------ the scheduler's notices

    async def notice(self, notice: Notice) -> None:
        if notice.dm is not None:
            record = (await self.bot.sessions.table(notice.game_id)).record
            link = jump_link(record.guild_id, record.channel_id)
            if await self.send_dm(notice.dm, f"{notice.text}\n{link}", notice.channel_id):
                return
        channel = await self.bot.channel_for(notice.channel_id)
        text = notice.text
        missing = " ".join(f"<@{u}>" for u in notice.mentions if f"<@{u}>" not in text)
        text = f"{missing} {text}" if missing else text
        kwargs: dict[str, Any] = {"allowed_mentions": mentions(*notice.mentions)}
        if notice.vote_step is not None:
            kwargs["view"] = vote_view(notice.game_id, notice.vote_step)
        try:
            await channel.send(text[:MESSAGE_LIMIT], **kwargs)
        except discord.HTTPException as err:
            # never retried at the next tick (a loop of refused requests): a lost channel pauses
            # the game; any other failure loses this notice only (the next comes an interval later)
            if not await self.bot.channel_refused(notice.game_id, err):
                log.warning(
                    "a notice in game %s was not posted (%s %s)", notice.game_id, err.status, err.code
                )

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
        store = self.bot.sessions.store
        prefs = await store.prefs(user_id)
        if not prefs.dm_on_turn or prefs.dm_closed:
            return False
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text[:MESSAGE_LIMIT])
            return True
        except discord.HTTPException as err:  # remembered, like a private note's (deliver)
            await store.dm_failed(
                user_id, err.code if err.code in DM_REFUSALS else err.status, self.bot.clock.clock()
            )
            if err.code != DM_CLOSED:
                log.warning("DM to %s failed (%s %s)", user_id, err.status, err.code)
                return False
        await store.set_prefs(UserPrefs(user_id, dm_on_turn=True, dm_closed=True))
        channel = await self.bot.channel_for(channel_id)
        await channel.send(
            f"<@{user_id}>, I could not send you a DM when it was your turn, so I stopped trying. {OPEN_DMS_HOW}",
            allowed_mentions=mentions(user_id),
        )
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
        where = f" in #{channel}" if channel else ""
        for awaited in post.awaited:
            if not awaited.ping or awaited.user_id in prompted:
                continue
            text = f"🔔 Your turn in **{table.game.title}**{where}: {awaited.prompt}.\n{message.jump_url}"
            try:
                await self.send_dm(awaited.user_id, text, table.record.channel_id)
            except Exception:  # a DM problem never breaks a move
                log.exception("turn DM to %s failed", awaited.user_id)


def _partial(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage:
    get = getattr(channel, "get_partial_message", None)
    assert get is not None, "turn messages live in text channels and threads"
    partial: discord.PartialMessage = get(message_id)
    return partial
