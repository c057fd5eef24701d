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

Turn DMs: a user who opted in (``/settings dm_on_turn:true``) gets a DM with the game's name,
what is asked and a jump link whenever a post newly awaits them. When the DM fails (50007) the
bot stops trying (``prefs.dm_closed``) and says once, in the game's channel, how to open DMs.
"""

from __future__ import annotations

import dataclasses
import io
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.adapter.common import MESSAGE_LIMIT, NO_PINGS, attached, mentions, shorten
from bot.adapter.components import build_view, vote_view
from bot.core.dashboard import jump_link
from bot.core.scheduler import Notice
from bot.core.sessions import Controls, Note, Post, Reply, Table
from storage import UserPrefs

if TYPE_CHECKING:
    from bot.adapter.app import FloeBot

log = logging.getLogger("floe.discord")

DM_CLOSED = 50007
UNKNOWN_MESSAGE = 10008
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


class Outbox:
    """Posts for one bot; also the scheduler's outbox (:class:`bot.core.scheduler.Outbox`)."""

    def __init__(self, bot: FloeBot) -> None:
        self.bot = bot
        self.edits = EditQueue()

    # ------------------------------------------------------------------ replies

    async def reply(self, reply: Reply) -> None:
        """A reply the scheduler committed (a deadline's default): its board is owed when posting fails."""
        try:
            await self.publish(reply)
        except Exception:
            if reply.game_id is not None:
                await self.bot.owe_board(reply.game_id, reply)
            raise

    async def publish(self, reply: Reply, *, skip_notes_for: int | None = None) -> discord.Message | None:
        """Post a reply's public message in its game's channel and deliver its private notes."""
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
        if post is not None and reply.edit and table.record.board_message_id is not None:
            await self.edit_turn(channel, table.record.board_message_id, post, table.record.step)
        elif post is not None:
            message = await self.send_post(channel, post)
            if post.controls is None or post.controls.kind != "lobby":
                await self.new_turn_message(channel, table, message)
        if message is not None:
            await self.turn_dms(reply, table, message)
        for note in reply.notes:
            if note.user_id == skip_notes_for and note.controls is None:
                continue
            await self.deliver(note, channel)
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
        pings = "\n".join(f"<@{a.user_id}> {shorten(a.prompt, 200)}" for a in post.awaited)
        if pings:
            pings = "Your turn: " + pings if len(post.awaited) == 1 else pings
        text = shorten(post.text, MESSAGE_LIMIT - len(pings) - 1) if pings else post.text
        content = "\n".join(part for part in (text, pings) if part)[:MESSAGE_LIMIT]  # the pings stay whole
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
        """Send a private note by DM; when DMs are closed, say so in the channel without its content.

        The channel message offers the in-server private path (the note's controls, else
        the My view button), and names no secret.
        """
        user = self.bot.get_user(note.user_id) or await self.bot.fetch_user(note.user_id)
        files = await attached(note.image, "my-view.png")
        link = ""
        if note.controls is not None:
            record = (await self.bot.sessions.table(note.controls.game_id)).record
            link = f"\nThe game: {jump_link(record.guild_id, record.channel_id)}"
        try:
            await user.send((note.text + link)[:MESSAGE_LIMIT], files=files)
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
                allowed_mentions=mentions(note.user_id),
                **kwargs,
            )
            return False

    # ------------------------------------------------------------------ lobby message

    async def refresh_lobby(self, reply: Reply) -> None:
        """Edit the lobby message in place, by its id: fetching it first would need Read Message
        History, which editing the bot's own message does not. Only when the edit fails (the
        message was deleted, say) is the lobby posted anew."""
        assert reply.post is not None and reply.game_id is not None
        table = await self.bot.sessions.table(reply.game_id)
        message_id = table.record.board_message_id
        if message_id is not None:
            channel = await self.bot.channel_for(table.record.channel_id)
            try:
                await _partial(channel, message_id).edit(
                    content=reply.post.text, view=build_view(reply.post.controls)
                )
                return
            except discord.HTTPException:
                log.info("could not edit the lobby message of game %s: posting it anew", reply.game_id)
        await self.publish(reply)

    async def close_lobby(self, reply: Reply) -> None:
        """Take the buttons off the lobby message once the game started or was cancelled."""
        if reply.game_id is None:
            return
        table = await self.bot.sessions.table(reply.game_id)
        if table.record.board_message_id is None:
            return
        channel = await self.bot.channel_for(table.record.channel_id)
        try:  # by id: no Read Message History needed
            await _partial(channel, table.record.board_message_id).edit(view=None)
        except discord.HTTPException:
            log.info("could not take the buttons off the lobby message of game %s", reply.game_id)

    async def post_replay(self, channel_id: int, caption: str, data: bytes) -> discord.Message:
        """A game's replay GIF, posted in its channel for everyone (``/game replay``, Replay)."""
        channel = await self.bot.channel_for(channel_id)
        file = discord.File(io.BytesIO(data), filename="replay.gif")
        return await channel.send(caption[:MESSAGE_LIMIT], file=file, allowed_mentions=NO_PINGS)

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
        await channel.send(text[:MESSAGE_LIMIT], **kwargs)

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
        except discord.Forbidden as err:
            if err.code != DM_CLOSED:
                log.warning("DM to %s refused (%s)", user_id, err.code)
                return False
        except discord.HTTPException:
            log.warning("DM to %s failed", user_id, exc_info=True)
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
