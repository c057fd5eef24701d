"""After the game and around the table: rematch, replacing a player, abandoning a game.

Rematch (decided here; the issue leaves it open): any player seated in the finished game may
press Rematch. It opens a lobby in the same channel for the same game and options with a new
seed and *every* player of the old game already seated, in the same order rotated so that the
presser sits first and hosts. The presser can press Start at once; anyone who does not want to
play again presses Leave first. A second press while that lobby is open only points to it.

Replace: the host or a moderator (the front end says who has Manage Server) moves every seat
of one user to another user who is not at the table. The new holder gets their private view by
DM; the old holder is no longer seated, so every private path refuses them from then on. The
host's powers follow the host's seat (:meth:`Table.hosted_by`): a host whose seat was given away
is host no more (no taking it back with ``/game replace``), and nobody inherits the powers (the
new holder took a seat, not the table); the server's moderators keep theirs. What the bot says
follows the same rule (:meth:`Table.host_call`): a lobby, ``/game open``, a refusal or a
scheduler notice names and pings the host only while seated, and otherwise says that a
moderator acts, pinging nobody. A vote of the table (a pause, a stalled player) is for the people still in the game: a replaced or resigned player
has none, and does not resume a pause (:meth:`Sessions.still_playing`).

Replace with a computer (``replace_with_computer``): the same checks, and every seat of the
player goes to its own computer player of the chosen level ("Floe (normal)", then "Floe
(normal) 2"), which moves at once when awaited. A table left with no person is refused: the
game would play itself. The stall vote's "a computer plays for them" ends here too.

Abandon: the host or a moderator ends an open game (lobby or active) without a result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.core.computer_seats import level_named, next_computer_user, unknown_level
from bot.core.dashboard import jump_link
from bot.core.languages import language
from bot.core.sessions import (
    ChannelBusy,
    LobbyError,
    NoGameHere,
    Note,
    NotHost,
    NotSeated,
    Post,
    Reply,
    SessionError,
    Table,
)
from bot.core.sessions.decide import is_local
from games import Event
from games.words import Language, say, tell
from storage import AlreadySeated, NotInLobby, SeatChange, SeatsChanged, Store
from storage import ChannelBusy as StoreChannelBusy
from storage.clocks import ClockStore
from storage.owed import Owed

if TYPE_CHECKING:
    from bot.core.sessions import Sessions


#: The pause reason of a game whose channel is gone or closed to the bot (the scheduler pauses
#: it: :meth:`bot.core.scheduler.Scheduler.pause_unreachable`); its host may abandon it anywhere.
#: The pause reason as the players read it, in their language.
UNREACHABLE_SAID = say("its channel is gone, or closed to me")
#: The pause reason as stored (its English).
UNREACHABLE = UNREACHABLE_SAID.key


class NotAllowed(SessionError):
    pass


class TableChanges:
    """What changes a table from outside its moves: a rematch, a replaced player, a computer
    player seated in a person's place, an abandoned game (the decisions: the module's docstring)."""

    def __init__(self, store: Store, sessions: Sessions) -> None:
        self._store = store
        self.sessions = sessions

    async def rematch(self, game_id: int, user_id: int) -> Reply:
        """A lobby for the same players and options (new seed), the presser hosting."""
        old = await self.sessions.table(game_id)
        if old.record.status != "finished":
            raise LobbyError(say("a rematch can be started once the game is over"))
        users = old.users()
        if user_id not in users:
            raise NotSeated(say("only the players of this game can ask for a rematch"))
        channel = old.record.channel_id
        current = await self._store.open_game_in(channel)
        if current is not None:
            if current.id > game_id and current.game == old.record.game and current.status == "lobby":
                raise ChannelBusy(say("the rematch is already open: press Start or Join on its lobby"))
            raise ChannelBusy(say("this channel already has another game open"))
        first = users.index(user_id)
        order = users[first:] + users[:first]
        try:
            record = await self._store.create_game(
                guild_id=old.record.guild_id,
                channel_id=channel,
                game=old.record.game,
                options=old.record.options,
                seed=self.sessions.new_seed(),
                host_id=user_id,
                now=self.sessions.clock(),
            )
        except StoreChannelBusy:
            raise ChannelBusy(say("this channel already has another game open")) from None
        levels = {seat.user_id: seat.computer for seat in old.seats}  # computer players come back too
        for other in dict.fromkeys(order[1:]):  # a member who held several seats sits once
            if other != user_id:
                await self._store.add_seat(
                    record.id, other, now=self.sessions.clock(), computer=levels[other]
                )
        table = await self.sessions.table(record.id)
        lobby = await self.sessions.lobby(table)
        intro = say(
            "🔁 **Rematch!** {name} asks for another game with the same players.",
            name=self.sessions.name(user_id),
        )
        post = replace(lobby, text=f"{tell(intro, (), lobby.language)}\n{lobby.text}")
        ack = say("Rematch lobby opened: press Start when everyone is ready.")
        return Reply(post=post, game_id=record.id, ack=await self.sessions.told(ack, user_id))

    async def replace(
        self, channel_id: int, actor_id: int, old_id: int, new_id: int, *, moderator: bool
    ) -> Reply:
        """Move every seat of ``old_id`` to ``new_id`` (host or moderator only).

        ``old_id`` may be a computer player's (see :meth:`seat_holder`): a person takes its seat
        back, and the seat's clock starts (a computer is never reminded). The database decides two
        replaces at once, in this process or another (:meth:`_change_holders`): a person is never
        seated twice, and a seat is moved once; the loser is refused and nothing changes.
        """
        game_id = (await self.sessions.table_in(channel_id)).record.id
        async with self.sessions.lock(game_id):
            table = await self.sessions.table(game_id)
            if table.record.status not in ("lobby", "active"):
                raise NoGameHere(say("that game is over"))
            if not table.hosted_by(actor_id) and not moderator:
                raise NotHost(say("only the host or a moderator (Manage Server) can replace a player"))
            if old_id == new_id:
                raise NotAllowed(say("pick two different people"))
            seats = table.seats_of(old_id)
            if not seats:
                raise NotSeated(say("{who} is not playing in this game", who=self.sessions.name(old_id)))
            if table.seats_of(new_id):
                raise NotAllowed(say("{who} is already playing in this game", who=self.sessions.name(new_id)))
            was_computer = any(table.is_computer(seat) for seat in seats)
            owed = None
            if table.state is not None:  # the board, the new holder's ping when awaited, their view
                awaited = bool(set(seats) & set(table.game.to_act(table.state)))
                owed = self.sessions.moves.debt(table, pings=[new_id] if awaited else [], notes=[new_id])
            changes = [SeatChange(seat, old_id, new_id) for seat in seats]
            await self._change_holders(table, changes, owed=owed)
            if table.state is not None and not was_computer:  # a person taken out of a running game
                await self._store.reliability.count_replaced(old_id)
            table = await self.sessions.table(game_id)
            first_step, events, others = table.record.step, list[Event](), frozenset[int]()
            if table.state is not None:  # ping (and send secret prompts to) the new holder only
                others = frozenset(table.game.to_act(table.state)) - frozenset(seats)
                # the new holder's only move is played at once where they allow it, as after any move
                table, events = await self.sessions.moves.play_forced(table, [])
        if was_computer and self.sessions.watch is not None:  # a person's seat has a clock again
            await self.sessions.watch.changed(game_id, None)
        public = await self._public(table)
        takes = say(
            "🔄 {new} takes over the seat of {old}.",
            new=self.sessions.name(new_id),
            old=self.sessions.name(old_id),
        )
        text = tell(takes, (), public)
        ack = await self.sessions.told(say("Done: the seat has a new holder."), actor_id)
        if table.state is None:
            lobby = self.sessions.lobby_post(table, public)
            return Reply(post=replace(lobby, text=text + "\n" + lobby.text), game_id=game_id, ack=ack)
        reply = await self.sessions.board_reply(
            table,
            text,
            events,
            ack=ack,
            before=others,
            first_step=first_step if events else None,
        )
        # the new holder's private view goes to them only (by DM), with any secret prompt
        own = language(await self.sessions.readers.person(new_id))
        image = self.sessions.tables.picture(table, seats[0], language=own)
        yours = say(
            "You now play {name}'s seat in **{game}** ({link}). This is your private view.",
            name=self.sessions.name(old_id),
            game=table.game.title,
            link=jump_link(table.record.guild_id, table.record.channel_id),
        )
        note = Note(new_id, tell(yours, (), own), image, language=own)
        notes = (note, *(n for n in reply.notes if n.user_id == new_id))
        return Reply(
            post=reply.post,
            notes=notes,
            ack=reply.ack,
            game_id=game_id,
            finished=reply.finished,
            step=reply.step,
        )

    async def _change_holders(
        self, table: Table, changes: Sequence[SeatChange], *, owed: Owed | None = None
    ) -> None:
        """Give the seats of ``changes`` to their new holders, all at once. The database refuses, in
        this process or another, a seat that changed hands since ``table`` was read and a second
        seat of one member: the loser of such a race hears why, and nothing changes."""
        try:
            await self._store.replace_seat_holders(
                table.record.id, changes, now=self.sessions.clock(), owed=owed
            )
        except AlreadySeated:
            raise NotAllowed(
                say("{who} is already playing in this game", who=self.sessions.name(changes[0].new_user))
            ) from None
        except SeatsChanged:
            raise NotSeated(
                say(
                    "{who} is not playing in this game any more: someone "
                    "replaced them at the same moment. Nothing was changed",
                    who=self.sessions.name(changes[0].old_user),
                )
            ) from None
        except NotInLobby:
            raise NoGameHere(say("that game is over")) from None

    async def seat_holder(self, channel_id: int, number: int) -> int:
        """The user id holding seat ``number`` (counted from 1, as on the board) of the channel's game:
        the way to name a computer player, who is not a member to mention."""
        table = await self.sessions.table_in(channel_id)
        if not 1 <= number <= len(table.seats):
            raise NotAllowed(
                say("this game has seats 1 to {seats}: pick one of those", seats=len(table.seats))
            )
        return table.user_of(number - 1)

    async def replace_with_computer(
        self, channel_id: int, actor_id: int, old_id: int, level: str, *, moderator: bool
    ) -> Reply:
        """Give every seat of ``old_id`` to a computer player of ``level`` (host or moderator only)."""
        game_id = (await self.sessions.table_in(channel_id)).record.id
        table = await self.sessions.table(game_id)
        if table.record.status not in ("lobby", "active"):
            raise NoGameHere(say("that game is over"))
        if not table.hosted_by(actor_id) and not moderator:
            raise NotHost(say("only the host or a moderator (Manage Server) can replace a player"))
        return await self.seat_computers(game_id, old_id, level, intro="", actor_id=actor_id)

    async def seat_computers(
        self, game_id: int, old_id: int, level: str, *, intro: str, actor_id: int | None = None
    ) -> Reply:
        """Every seat of ``old_id`` to its own computer player of ``level``, under the game's lock;
        ``intro`` (told already) comes first, and the ack is told in ``actor_id``'s language
        (None: English)."""
        try:
            level = level_named(level)
        except ValueError:
            raise NotAllowed(unknown_level(level)) from None
        async with self.sessions.lock(game_id):
            table = await self.sessions.table(game_id)
            if table.record.status not in ("lobby", "active"):
                raise NoGameHere(say("that game is over"))
            seats = [s for s in table.seats_of(old_id) if not table.is_computer(s)]
            if not seats:
                raise NotSeated(say("{who} is not playing in this game", who=self.sessions.name(old_id)))
            if not [u for u in table.humans() if u != old_id] and not is_local(table):
                raise NotAllowed(
                    say("a game needs at least one person: replace them with someone with `new:`")
                )
            taken, changes = table.users(), []
            for seat in seats:
                computer = next_computer_user(taken, level)
                taken.append(computer)
                changes.append(SeatChange(seat, old_id, computer, level))
            await self._change_holders(table, changes)
            table = await self.sessions.table(game_id)
            if table.state is not None:  # taken out of a running game: the reliability record counts it
                await self._store.reliability.count_replaced(old_id)
        if self.sessions.watch is not None:  # the seat's clock stops: a computer is never reminded
            await self.sessions.watch.changed(game_id, None)
        names = " and ".join(dict.fromkeys(self.sessions.name(table.user_of(s)) for s in seats))
        public = await self._public(table)
        takes = say("🤖 {new} takes over the seat of {old}.", new=names, old=self.sessions.name(old_id))
        text = intro + tell(takes, (), public)
        done = say("Done: a computer player has the seat.")
        ack = tell(done) if actor_id is None else await self.sessions.told(done, actor_id)
        if table.state is None:
            lobby = self.sessions.lobby_post(table, public)
            return Reply(post=replace(lobby, text=f"{text}\n{lobby.text}"), game_id=game_id, ack=ack)
        others = frozenset(table.game.to_act(table.state)) - frozenset(seats)
        return await self.sessions.board_reply(table, text, [], ack=ack, before=others)

    async def abandon(self, channel_id: int, actor_id: int, *, moderator: bool) -> Reply:
        """End the open game in the channel without a result (host or moderator only). In a channel
        without one, the game the actor hosts whose own channel is gone (paused: :data:`UNREACHABLE`),
        when there is exactly one: a deleted thread leaves nowhere else to ask."""
        try:
            table = await self.sessions.table_in(channel_id)
        except NoGameHere:
            lost = await self.lost_game_of(actor_id)
            if lost is None:
                raise
            table = lost
        if not table.hosted_by(actor_id) and not moderator:
            raise NotHost(say("only the host or a moderator (Manage Server) can abandon the game"))
        if not await self._store.set_status(table.record.id, "abandoned", now=self.sessions.clock()):
            raise NoGameHere(say("that game is already over"))
        public = await self._public(table)
        abandoned = say(
            "🏳️ The {game} game was abandoned by {name}. No result is recorded.",
            game=table.game.title,
            name=self.sessions.name(actor_id),
        )
        return Reply(
            post=Post(tell(abandoned, (), public), language=public),
            game_id=table.record.id,
            ack=await self.sessions.told(say("The game was abandoned."), actor_id),
            finished=True,
        )

    async def _public(self, table: Table) -> Language:
        """The language of ``table``'s public posts (the game's)."""
        return language(await self.sessions.readers.game(table.record.guild_id))

    async def lost_game_of(self, host_id: int) -> Table | None:
        """The one active game ``host_id`` hosts that is paused because its channel is lost
        (:data:`UNREACHABLE`), or None (none, or several: then the host must say which elsewhere)."""
        clocks = ClockStore(self._store)
        lost = [
            record
            for record in await self._store.games_of_user(host_id, ("active",))
            if record.host_id == host_id and (await clocks.settings(record.id)).pause_reason == UNREACHABLE
        ]
        return await self.sessions.table(lost[0].id) if len(lost) == 1 else None
