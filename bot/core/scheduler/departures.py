"""Members who leave a server while seated at one of its games.

Discord tells a bot that a member left only through the members intent, which is privileged
and which Floe does not ask for. So the bot learns it two ways:

* the member-remove event, when an operator gave the bot that intent (:meth:`Departures.left`);
* Discord answering Unknown Member when the bot looks a member up before reminding them
  (:attr:`Departures.lookup`: one REST read per reminder, the only time the bot would notify
  someone who has been silent for a while).

Once a seated member is found gone, in that server's running games:

* nothing notifies them: a post names them without a ping, no turn DM, no reminder and no
  notice held back in quiet hours (:meth:`Departures.departed` is the one question);
* each table is told once, across processes (:meth:`DepartureStore.claim_notice`), with one tap
  for the host: a computer player takes the seat (:meth:`give_seat`), or wait
  (:meth:`wait_for`). A table whose host is gone (or whose host's seat was given away) asks a
  moderator, without a ping;
* a deadline still plays the rulebook default meanwhile: the clock is not touched;
* whatever else listens (:attr:`Departures.listeners`: the leagues withdraw them) hears it.

A departed member who uses Floe in that server again is back (:meth:`returned`): their next
turn pings them as before, and a later departure is told again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Collection

from bot.core.scheduler.context import Context
from bot.core.scheduler.notices import Notice
from bot.core.sessions import NotHost, NotSeated, Reply, Table
from games.words import Said, say, tell
from storage.departures import DepartureStore

#: The level of the computer player that takes a departed member's seat.
DEPARTED_COMPUTER_LEVEL = "normal"
#: How long this process trusts its list of departed members for :meth:`Departures.returned`
#: (seconds): every interaction asks it, so it is read from the database at most this often.
KNOWN_FOR = 60.0

#: Whether a member is still in a server (``guild_id``, ``user_id``); False only when Discord
#: says they are not.
MemberLookup = Callable[[int, int], Awaitable[bool]]
#: Told of each member found gone (``guild_id``, ``user_id``).
DepartureListener = Callable[[int, int], Awaitable[object]]


class Departures:
    """Seated members who left the server: found, kept quiet, told to their tables once."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.rows = DepartureStore(context.store)
        #: Asks Discord whether a member is still in a server (None: nobody can tell, as at
        #: the terminal); set by the composition root.
        self.lookup: MemberLookup | None = None
        self.listeners: list[DepartureListener] = []
        self._known: frozenset[tuple[int, int]] = frozenset()
        self._known_at = float("-inf")

    async def departed(self, guild_id: int | None, users: Collection[int]) -> frozenset[int]:
        """Those of ``users`` known to have left ``guild_id`` (nobody, outside a server)."""
        if guild_id is None or not users:
            return frozenset()
        return await self.rows.departed(guild_id, users)

    async def still_here(self, table: Table, user_id: int) -> bool:
        """Whether ``user_id`` may be reminded at ``table``: not known to have left its server,
        and not found gone now (:attr:`lookup`, which then records the departure)."""
        guild_id = table.record.guild_id
        if guild_id is None:
            return True
        if await self.rows.departed(guild_id, [user_id]):
            return False
        if self.lookup is None or await self.lookup(guild_id, user_id):
            return True
        await self.left(guild_id, user_id)
        return False

    async def left(self, guild_id: int, user_id: int) -> int:
        """``user_id`` left ``guild_id``: record it, tell each of their running games there once,
        and the listeners; returns how many tables this call told."""
        ctx = self.context
        await self.rows.mark(guild_id, user_id, ctx.clock())
        self._known |= {(guild_id, user_id)}
        told = 0
        for record in await ctx.store.games_of_user(user_id, ("active",)):
            if record.guild_id != guild_id:
                continue
            table = await ctx.sessions.table(record.id)
            if user_id not in await self.seated_and_playing(table) or not await self.rows.claim_notice(
                record.id, user_id
            ):
                continue
            await self.tell_table(table, user_id)
            told += 1
        for listener in self.listeners:
            await listener(guild_id, user_id)
        return told

    async def seated_and_playing(self, table: Table) -> set[int]:
        """The people who hold a seat at ``table`` and are still in the game (not resigned)."""
        playing = await self.context.sessions.moves.still_playing(table)
        return {u for u in table.humans() if u in playing}

    async def tell_table(self, table: Table, user_id: int) -> None:
        """The one notice of ``user_id``'s departure, with the host's (or a moderator's) choice."""
        ctx = self.context
        host = await self.present_host(table, user_id)
        name = ctx.sessions.name(user_id)
        if (await ctx.settings(table.record.id)).deadline is not None:
            gone = say(
                "👋 {name} has left the server. I will not ping or remind them any more; when a "
                "deadline runs out, the rulebook default is played for them.",
                name=name,
            )
        else:
            gone = say(
                "👋 {name} has left the server. I will not ping or remind them any more. This game "
                "has no deadline, so their turns wait for them.",
                name=name,
            )
        if host is not None:
            ask = say(
                "{host}, should a computer player take their seat, or do you wait for them?",
                host=f"<@{host}>",
            )
        else:
            ask = say("A moderator may give their seat to a computer player, or wait for them.")
        public = await ctx.public(table)
        text = f"{tell(gone, (), public)} {tell(ask, (), public)}"
        pings = (host,) if host is not None else ()
        notice = Notice(
            table.record.id, table.record.channel_id, text, pings, departed=user_id, language=public
        )
        await ctx.outbox.notice(notice)

    async def present_host(self, table: Table, departed: int) -> int | None:
        """The table's seated host, unless they are the one who left or left too."""
        host = table.seated_host()
        if host is None or host == departed:
            return None
        if await self.departed(table.record.guild_id, [host]):
            return None
        return host

    async def returned(self, guild_id: int | None, user_id: int) -> None:
        """``user_id`` used Floe in ``guild_id``: if they had left it, they are back. Asked on
        every interaction, so it reads this process's list (refreshed every :data:`KNOWN_FOR`
        seconds) and writes only for someone on it."""
        if guild_id is None:
            return
        if time.monotonic() - self._known_at > KNOWN_FOR:
            self._known, self._known_at = await self.rows.everyone(), time.monotonic()
        if (guild_id, user_id) in self._known:
            await self.rows.returned(guild_id, user_id)
            self._known -= {(guild_id, user_id)}

    # ------------------------------------------------------------------ the host's choice

    async def give_seat(self, game_id: int, actor_id: int, user_id: int, *, moderator: bool) -> Reply:
        """The host (or a moderator) gives the departed ``user_id``'s seat to a computer player."""
        ctx = self.context
        table = await self._decider(game_id, actor_id, user_id, moderator=moderator)
        intro = tell(
            say("{name} has left the server.", name=ctx.sessions.name(user_id)), (), await ctx.public(table)
        )
        return await ctx.tables.seat_computers(
            game_id, user_id, DEPARTED_COMPUTER_LEVEL, intro=intro + " ", actor_id=actor_id
        )

    async def wait_for(self, game_id: int, actor_id: int, user_id: int, *, moderator: bool) -> Said:
        """The host (or a moderator) waits for the departed ``user_id``: nothing changes."""
        await self._decider(game_id, actor_id, user_id, moderator=moderator)
        name = self.context.sessions.name(user_id)
        if (await self.context.settings(game_id)).deadline is None:
            return say(
                "The seat waits for {name}, and so do their turns: this game has no deadline. You "
                "can still give the seat to a computer player with this button or {command}. "
                "Nothing was changed.",
                name=name,
                command="`/game replace`",
            )
        return say(
            "The seat waits for {name}: when a deadline runs out, the rulebook default is played "
            "for them. You can still give the seat to a computer player with this button or "
            "{command}. Nothing was changed.",
            name=name,
            command="`/game replace`",
        )

    async def _decider(self, game_id: int, actor_id: int, user_id: int, *, moderator: bool) -> Table:
        """The game, if ``actor_id`` may decide for the departed ``user_id``'s seat in it now."""
        table = await self.context.sessions.table(game_id)
        host = await self.present_host(table, user_id)
        if not moderator and actor_id != host:
            who = say("the host or a moderator") if host is not None else say("a moderator")
            raise NotHost(say("only {who} can decide what happens to the seat", who=who))
        if table.record.status != "active" or user_id not in await self.seated_and_playing(table):
            raise NotSeated(
                say(
                    "{name} is not playing in this game any more: nothing to decide",
                    name=self.context.sessions.name(user_id),
                )
            )
        return table
