"""The session service: :class:`Sessions`, the lobby and what players look at, over the move
pipeline (:mod:`bot.core.sessions`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from typing import Any

import games
import renderer
from bot.core import visibility
from bot.core.admission import Bounds, check_join, new_lobby_refusal, unfinished_refusal, with_reliability
from bot.core.computer_seats import level_named, next_computer_user, unknown_level
from bot.core.languages import language
from bot.core.members import Members
from bot.core.narration import told
from bot.core.pictures import Picture
from bot.core.readers import Readers
from bot.core.replay import final_state
from bot.core.sessions.decide import is_local, owed_by, require_active, seats_at, secret_seats
from bot.core.sessions.loading import Tables, Watch
from bot.core.sessions.model import (
    BoardMovedOn,
    Building,
    ChannelBusy,
    Controls,
    LobbyError,
    NoGameHere,
    Note,
    NotHost,
    NotSeated,
    Post,
    Reply,
    SessionError,
    StaleAction,
    Table,
)
from bot.core.sessions.moves import Moves
from bot.core.sessions.replies import Replies
from bot.core.texts import MAX_MOVE_TEXT, MESSAGE_LIMIT, FrontEndWords, fit_lines, shorten
from games import Event, GameError, Seat
from games.words import ENGLISH, Language, Said, say, tell
from storage import (
    ActionRecord,
    AlreadySeated,
    NotInLobby,
    SeatsChanged,
    Store,
    TableFull,
)
from storage import ChannelBusy as StoreChannelBusy
from storage.records import MemberLoad

LOG_PAGE = 15
#: Characters of one log line at most (a long narration is shortened), so that a page's
#: LOG_PAGE lines and its heading fit in one message.
LOG_LINE = (MESSAGE_LIMIT - 80) // LOG_PAGE - 1
ALREADY_SEATED = say("you already have a seat at this table")


class Sessions:
    """The session service the front ends use: the lobby and what players look at, here; the
    moves (:class:`Moves`), the replies (:class:`Replies`) and the loaded tables
    (:class:`Tables`) are its parts, each a service of its own, and the front ends reach them
    through the few calls below."""

    def __init__(self, store: Store, **settings: Any) -> None:
        """``settings``: :class:`Tables`' own (``namer``, ``clock``, ``new_seed``, ``watch``,
        ``owner``, ``grid``, ``words``)."""
        self.tables = Tables(store, **settings)
        #: Who reads which language (the front end tells it the servers' Discord languages).
        self.readers = Readers(store)
        self.replies = Replies(self.tables, self.readers)
        self.moves = Moves(self.tables, self.replies, Members(store))

    # ------------------------------------------------------------------ the parts' calls the front ends use

    @property
    def words(self) -> FrontEndWords:
        return self.tables.words

    @property
    def watch(self) -> Watch | None:
        return self.tables.watch

    @watch.setter
    def watch(self, watch: Watch | None) -> None:
        self.tables.watch = watch

    @property
    def new_seed(self) -> Callable[[], int]:
        return self.tables.new_seed

    @new_seed.setter
    def new_seed(self, new_seed: Callable[[], int]) -> None:
        self.tables.new_seed = new_seed

    @property
    def clock(self) -> Callable[[], float]:
        return self.tables.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.tables.clock = clock

    @property
    def owner(self) -> str:
        return self.tables.owner

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.tables.lock(game_id)

    async def table(self, game_id: int) -> Table:
        return await self.tables.table(game_id)

    async def table_in(self, channel_id: int) -> Table:
        return await self.tables.table_in(channel_id)

    async def active(self, channel_id: int) -> Table:
        return await self.tables.active(channel_id)

    def name(self, user_id: int) -> str:
        return self.tables.name(user_id)

    def names(self, table: Table) -> list[str]:
        return self.tables.names(table)

    def picture_names(self, table: Table) -> list[str]:
        return self.tables.picture_names(table)

    async def remember_name(self, user_id: int, name: str) -> None:
        await self.tables.remember_name(user_id, name)

    async def act(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        *,
        step: int | None = None,
        seat: Seat | None = None,
        game_id: int | None = None,
        private_only: bool = False,
    ) -> Reply:
        """:meth:`Moves.act`."""
        return await self.moves.act(
            channel_id, user_id, text, step=step, seat=seat, game_id=game_id, private_only=private_only
        )

    async def resign(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        return await self.moves.resign(channel_id, user_id, game_id=game_id)

    async def board_reply(self, table: Table, intro: str, events: Sequence[Event], **how: Any) -> Reply:
        """:meth:`Replies.board_reply`."""
        return await self.replies.board_reply(table, intro, events, **how)

    def lobby_post(self, table: Table, language: Language = ENGLISH) -> Post:
        """:meth:`Replies.lobby_post`."""
        return self.replies.lobby_post(table, language)

    async def told(self, said: Said, user_id: int) -> str:
        """``said`` told in ``user_id``'s language: an answer to them alone."""
        return tell(said, (), language(await self.readers.person(user_id)))

    async def lobby(self, table: Table) -> Post:
        """:meth:`Replies.lobby`: the lobby's card in the game's language."""
        return await self.replies.lobby(table)

    # ------------------------------------------------------------------ the lobby

    async def new_game(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        game_name: str,
        options: Mapping[str, Any] | None = None,
        bounds: Bounds | None = None,
    ) -> Reply:
        """Open a lobby with the host seated. ``bounds``: the server's bounds per member
        (:mod:`bot.core.lobbies`), checked in the transaction that creates it; None: unbounded
        (the terminal)."""
        game = games.get(game_name)
        parsed = game.options.from_mapping(options or {})
        try:
            record = await self.tables.store.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game.name,
                options=parsed.to_mapping(),
                seed=self.tables.new_seed(),
                host_id=user_id,
                now=self.tables.clock(),
                admit=None if bounds is None else self._admission(bounds),
            )
        except StoreChannelBusy:
            raise ChannelBusy(
                say(
                    "this channel already has a game: finish it, or start a new one in a thread with "
                    "/game new thread:true"
                )
            ) from None
        table = await self.tables.table_of_record(record)
        return Reply(
            post=await self.replies.lobby(table),
            game_id=record.id,
            ack=await self.told(say("{game} lobby opened.", game=game.title), user_id),
        )

    def _admission(self, bounds: Bounds) -> Callable[[MemberLoad], None]:
        """What the store asks with the host's load, in the transaction that creates a lobby."""
        now = self.tables.clock()

        def admit(load: MemberLoad) -> None:
            refusal = new_lobby_refusal(load, bounds, now)
            if refusal is not None:
                raise LobbyError(refusal)

        return admit

    async def next_game_number(self) -> int:
        """The number the next game will have (a thread is named after it: "Polar Derby #12")."""
        return await self.tables.store.next_game_number()

    async def check_new_lobby(self, guild_id: int, user_id: int, bounds: Bounds) -> None:
        """Refuse a lobby the member may not open now (the bounds on hoarding,
        :mod:`bot.core.lobbies`), before anything is created for it (a thread)."""
        self._admission(bounds)(await self.tables.store.member_load(user_id, guild_id))

    async def join(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, bounds: Bounds | None = None
    ) -> Reply:
        """Seat ``user_id`` in the lobby. ``bounds``: the server's bounds per member (None: unbounded)."""
        table = await self._lobby(channel_id, game_id)
        if table.seats_of(user_id) and not self._may_take_another_seat(table):
            raise LobbyError(ALREADY_SEATED)  # before the host's condition, which would not apply
        refusal = await check_join(self.tables.store, table.record.id, user_id)  # the host's condition
        if refusal is not None:
            raise LobbyError(refusal)

        def admit(load: MemberLoad) -> None:  # the member's unfinished games (bot/core/lobbies.py)
            refusal = unfinished_refusal(load, bounds) if bounds is not None else None
            if refusal is not None:
                raise LobbyError(refusal)

        await self._seat(table, user_id, admit=None if bounds is None else admit)
        table = await self.tables.table(table.record.id)
        post = await self.with_reliability(table, await self.replies.lobby(table))
        return Reply(
            post=post, game_id=table.record.id, ack=await self.told(say("You joined the game."), user_id)
        )

    async def with_reliability(self, table: Table, post: Post) -> Post:
        """The lobby ``post`` with each person's reliability and the table's condition."""
        return await with_reliability(self.tables.store, table, post, self.tables.name)

    async def _seat(
        self,
        table: Table,
        user_id: int,
        *,
        computer: str | None = None,
        admit: Callable[[MemberLoad], None] | None = None,
    ) -> None:
        """Seat ``user_id`` (a computer of level ``computer``) in the lobby. The database decides,
        under the game's lock, whatever arrives at the same moment in this process or another: a
        member holds one seat (except in local play), and the table has at most its game's size;
        ``admit`` checks the member's load in the same transaction (:meth:`Store.add_seat`)."""
        try:
            await self.tables.store.add_seat(
                table.record.id,
                user_id,
                now=self.tables.clock(),
                capacity=table.game.players.stop - 1,
                computer=computer,
                another=self._may_take_another_seat(table),
                admit=admit,
            )
        except AlreadySeated:
            raise LobbyError(
                say("another computer player was seated at the same moment: add this one again")
                if computer is not None
                else ALREADY_SEATED
            ) from None
        except TableFull:
            raise LobbyError(
                say(
                    "this table is full: {game} is for at most {most} players",
                    game=table.game.title,
                    most=table.game.players.stop - 1,
                )
            ) from None
        except NotInLobby:
            raise LobbyError(say("the game has already started")) from None

    async def add_computer(
        self,
        channel_id: int,
        user_id: int,
        level: str,
        *,
        game_id: int | None = None,
        moderator: bool = False,
    ) -> Reply:
        """Seat a computer player of ``level`` (the host, or a moderator)."""
        import ai

        table = await self._hosted_lobby(
            channel_id, game_id, user_id, moderator, say("add a computer player")
        )
        try:
            level = level_named(level)
        except ValueError:
            raise LobbyError(unknown_level(level)) from None
        if not ai.has_computer(table.game.name):
            raise LobbyError(say("{game} has no computer player yet", game=table.game.title))
        computer = next_computer_user(table.users(), level)
        await self._seat(table, computer, computer=level)
        table = await self.tables.table(table.record.id)
        ack = await self.told(say("{name} joined the game.", name=self.tables.name(computer)), user_id)
        return Reply(post=await self.replies.lobby(table), game_id=table.record.id, ack=ack)

    async def check_host(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> None:
        """Refuse anyone but the host (or a moderator) of the open lobby."""
        await self._hosted_lobby(channel_id, game_id, user_id, moderator, say("add a computer player"))

    async def remove_computer(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """Take the last computer player out of the lobby (the host, or a moderator)."""
        table = await self._hosted_lobby(
            channel_id, game_id, user_id, moderator, say("remove a computer player")
        )
        computers = [s for s in table.seats if s.computer is not None]
        if not computers:
            raise LobbyError(say("there is no computer player in this lobby"))
        await self._unseat(table, computers[-1].user_id)
        table = await self.tables.table(table.record.id)
        ack = await self.told(
            say("{name} left the game.", name=self.tables.name(computers[-1].user_id)), user_id
        )
        return Reply(post=await self.replies.lobby(table), game_id=table.record.id, ack=ack)

    def _may_take_another_seat(self, table: Table) -> bool:
        """Local play seats everyone at one keyboard; in Discord one user holds one lobby seat."""
        return is_local(table)

    async def leave(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        table = await self._lobby(channel_id, game_id)
        if user_id not in table.users():
            raise NotSeated(say("you are not in this game's lobby"))
        if table.hosted_by(user_id):
            raise LobbyError(say("you are the host: cancel the game with /game cancel instead of leaving"))
        await self._unseat(table, user_id)
        table = await self.tables.table(table.record.id)
        ack = await self.told(say("You left the game."), user_id)
        return Reply(post=await self.replies.lobby(table), game_id=table.record.id, ack=ack)

    async def _unseat(self, table: Table, user_id: int) -> None:
        """Take ``user_id``'s last seat out of the lobby, refusing when the game started or the
        seat is gone meanwhile (a second click, in this process or another)."""
        try:
            removed = await self.tables.store.remove_seat(table.record.id, user_id, now=self.tables.clock())
        except NotInLobby:
            raise LobbyError(say("the game has already started: to stop playing, use /game resign")) from None
        if not removed:
            raise NotSeated(say("you are not in this game's lobby"))

    async def cancel(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """End the lobby (the host, or a moderator: the server's moderator role or Manage Server)."""
        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, say("cancel the game"))
        await self.tables.store.set_status(table.record.id, "abandoned", now=self.tables.clock())
        game = table.game.title
        cancelled = (
            say("The {game} game was cancelled by its host.", game=game)
            if table.hosted_by(user_id)
            else say("The {game} game was cancelled by a moderator.", game=game)
        )
        public = language(await self.readers.game(table.record.guild_id))
        return Reply(
            post=Post(tell(cancelled, (), public), language=public),
            game_id=table.record.id,
            finished=True,
        )

    async def start(
        self, channel_id: int, user_id: int, *, game_id: int | None = None, moderator: bool = False
    ) -> Reply:
        """Start the game (the host, or a moderator)."""
        table = await self._hosted_lobby(channel_id, game_id, user_id, moderator, say("start the game"))
        n, allowed = len(table.seats), table.game.players
        if n not in allowed:
            raise LobbyError(
                say(
                    "{game} needs {least} to {most} players; {n} joined so far",
                    game=table.game.title,
                    least=allowed.start,
                    most=allowed.stop - 1,
                    n=n,
                )
            )
        if not table.humans() and not is_local(table):
            raise LobbyError(say("a game needs at least one person: join it, or remove a computer player"))
        options = table.game.options.from_mapping(table.record.options)
        state = table.game.new_game(n, options, table.record.seed)
        started = table.with_state(state)
        circumstances = self.tables.circumstances(table)
        now = circumstances.now
        opening = [n.user_id for n in self.replies._opening_notes(started)]
        owed = owed_by(table, started, [], 0, circumstances, extra_notes=opening)
        try:
            await self.tables.store.start_game(
                table.record.id, state=table.game.to_dict(state), now=now, seats=table.users(), owed=owed
            )
        except NotInLobby:
            raise StaleAction(say("the game has already started")) from None
        except SeatsChanged:
            raise StaleAction(
                say(
                    "the table changed while you started the game (someone joined or left): look at the "
                    "lobby and press Start again. Nothing was changed"
                )
            ) from None
        if self.tables.watch is not None:
            await self.tables.watch.changed(table.record.id, None)
        async with self.tables.lock(table.record.id):
            table, events = await self.moves.play_forced(await self.tables.table(table.record.id), [])
        names = self.tables.names(table)
        order = ", ".join(names)
        begins = say("**{game}** begins! Seats: {order}.", game=table.game.title, order=order)
        intro = tell(begins, (), language(await self.readers.game(table.record.guild_id)))
        reply = await self.replies.board_reply(
            table, intro, events, ack=await self.told(say("The game has started."), user_id), first_step=0
        )
        _, personal = await self.replies.languages(table)
        return replace(reply, notes=reply.notes + tuple(self.replies._opening_notes(table, personal)))

    async def _hosted_lobby(
        self, channel_id: int, game_id: int | None, user_id: int, moderator: bool, what: Said
    ) -> Table:
        """The open lobby, when ``user_id`` hosts it or is a moderator; else :class:`NotHost`
        saying who may do ``what`` (the host, or a moderator once the host's seat was given away)."""
        table = await self._lobby(channel_id, game_id)
        if not table.hosted_by(user_id) and not moderator:
            raise NotHost(say("only {who} can {what}", who=table.host_call().who_said, what=what))
        return table

    async def _lobby(self, channel_id: int, game_id: int | None) -> Table:
        table = (
            await self.tables.table(game_id)
            if game_id is not None
            else await self.tables.table_in(channel_id)
        )
        if table.record.status != "lobby":
            if table.record.status == "active":
                raise LobbyError(say("the game has already started"))
            raise NoGameHere(
                say("that game is over: start a new one with {command}", command=self.tables.words.start_game)
            )
        return table

    async def board(
        self, channel_id: int, *, game_id: int | None = None, ping: Collection[int] = ()
    ) -> Reply:
        """The public board again (for /game board); it pings the users of ``ping`` still awaited
        (a board owed after a failed post pings whom that post would have)."""
        table = (
            await self.tables.table(game_id)
            if game_id is not None
            else await self.tables.table_in(channel_id)
        )
        if table.state is None:
            return Reply(post=await self.replies.lobby(table), game_id=table.record.id)
        reply = await self.replies.board_reply(table, "", [], ping=False)
        awaited = tuple(a for a in self.replies._awaited(table, frozenset()) if a.user_id in ping)
        if reply.post is not None and awaited and not reply.finished:
            reply = replace(reply, post=replace(reply.post, awaited=awaited))
        return reply

    async def private_view(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Note:
        """The user's own view (hidden hand, plan) as a private note, asked for at any time."""
        table = (
            await self.tables.table(game_id)
            if game_id is not None
            else await self.tables.table_in(channel_id)
        )
        if table.state is None:
            raise LobbyError(say("the game has not started yet"))
        if not table.seats_of(user_id):
            raise NotSeated(say("you are not playing in this game"))
        return self.replies._view_note(table, user_id, language(await self.readers.person(user_id)))

    async def building(self, game_id: int, user_id: int, draft: str | None = None) -> Building:
        """The user's secret choice being built (:class:`games.Builder`): ``draft`` (None: the
        choice they have in now, else nothing) checked, previewed on their own board."""
        table = await self.tables.table(game_id)
        require_active(table, self.tables.words)
        mine = table.seats_of(user_id)
        if not mine:
            raise NotSeated(say("you are not playing in this game"))
        found = next(((s, b) for s in mine if (b := table.game.builder(table.state, s)) is not None), None)
        if found is None:
            raise games.NotYourTurn(say("nothing is asked of you to build right now"))
        seat, builder = found
        text = builder.draft if draft is None else draft
        builder.check(text)
        longest = MAX_MOVE_TEXT - len(builder.action_text(""))
        if len(text) > longest:
            raise games.InvalidAction(
                say("that is longer than the {longest} letters an answer holds", longest=longest)
            )
        view, said = builder.preview(text)
        own = language(await self.readers.person(user_id))
        route = games.tell(said, (), own)
        names = self.tables.picture_names(table)
        image = Picture(
            lambda: renderer.render(view, names=names, language=own),
            describe=lambda: f"{renderer.describe(view, names=names, language=own)} {route}",
        )
        return Building(
            game_id=game_id,
            turn=table.record.turn_step,
            title=table.game.title,
            prompt=games.tell(table.game.prompt(table.state, seat), (), own),
            draft=text,
            submitted=builder.draft,
            pieces=tuple((piece, games.tell(label, (), own)) for piece, label in builder.pieces),
            longest=longest,
            route=route,
            image=image,
            action=builder.action_text(text),
            language=own,
            samples=builder.samples(),
        )

    async def owed_reply(
        self, game_id: int, *, board: bool, ping: Collection[int], notes: Collection[int]
    ) -> Reply | None:
        """What a game still owes its players (storage/owed.py), made from its state now, through
        the views: the current board (``board``), pinging those of ``ping`` still awaited, and for
        each of ``notes`` their secret prompt when one is asked of them, else their own view.
        None: nothing to post (the game is not started, or was abandoned)."""
        table = await self.tables.table(game_id)
        if table.state is None or table.record.status not in ("active", "finished"):
            return None
        reply = (
            await self.board(0, game_id=game_id, ping=ping)
            if board
            else Reply(game_id=game_id, step=table.record.step)
        )
        _, personal = await self.replies.languages(table)
        prompts = {n.user_id: n for n in self.replies._secret_prompts(table, frozenset(), personal)}
        owed = [
            prompts.get(u) or self.replies._view_note(table, u, personal.get(u, ENGLISH))
            for u in dict.fromkeys(notes)
            if table.seats_of(u)
        ]
        return replace(reply, notes=tuple(owed))

    async def options_for(
        self,
        channel_id: int,
        user_id: int,
        *,
        game_id: int | None = None,
        step: int | None = None,
        within: str = "",
    ) -> Controls:
        """The user's own legal actions as controls (for a private menu); ``within``: only those
        a narrowing choice stands for (:class:`bot.core.sessions.Menu`, ``narrows``)."""
        table = (
            await self.tables.table(game_id) if game_id is not None else await self.tables.active(channel_id)
        )
        try:
            mine = seats_at(table, user_id, step, self.tables.words)
        except BoardMovedOn:
            mine = seats_at(
                table, user_id, await self.moves.shown_step(table.record.id, step or 0), self.tables.words
            )
        awaited = [s for s in mine if s in table.game.to_act(table.state)]
        if not awaited:
            raise games.NotYourTurn(say("nothing is asked of you right now"))
        own = language(await self.readers.person(user_id))
        return self.replies._controls(table, awaited, private=True, start=within, language=own)

    async def suggestions(self, channel_id: int, user_id: int, typed: str, *, limit: int = 25) -> list[str]:
        """Autocomplete: the caller's legal actions containing what was typed."""
        try:
            table = await self.tables.active(channel_id)
        except SessionError:
            return []
        except GameError:
            return []
        typed = " ".join(typed.lower().split())
        out: list[str] = []
        awaited = table.game.to_act(table.state)
        for seat in table.seats_of(user_id):
            if seat not in awaited and not games.may_revise(table.game, table.state, seat):
                continue
            for action in table.legal(seat):
                notation = str(action)
                if typed in notation.lower() and notation not in out:
                    out.append(notation)
        return out[:limit]

    async def public_log(self, table: Table) -> list[ActionRecord]:
        """The game's log as every player may read it (:func:`bot.core.visibility.public_log`)."""
        return visibility.public_log(table.game, await self.tables.store.actions(table.record.id))

    async def log(
        self, channel_id: int, *, page: int = 1, game_id: int | None = None, language: Language = ENGLISH
    ) -> str:
        """One page of the log, told in ``language`` (its reader's); its lines are numbered as
        the players may count the moves."""
        table = (
            await self.tables.table(game_id)
            if game_id is not None
            else await self.tables.table_in(channel_id)
        )
        rows = await self.public_log(table)
        if not rows:
            return tell(say("No moves yet."), (), language)
        pages = (len(rows) + LOG_PAGE - 1) // LOG_PAGE
        page = min(max(page, 1), pages)
        first = (page - 1) * LOG_PAGE
        names = self.tables.names(table)
        over = table.record.status in ("finished", "abandoned")
        heading = say(
            "{game} log, page {page} of {pages}:", game=f"**{table.game.title}**", page=page, pages=pages
        )
        lines = [tell(heading, (), language)]
        for number, row in enumerate(rows[first : first + LOG_PAGE], start=first + 1):
            who = names[row.seat] if row.seat < len(names) else "?"
            shown = visibility.shown_notation(table.game, row.notation, over=over, language=language)
            head = f"`{number:>3}` <t:{int(row.created_at)}:R> {shorten(who, 32)}: `{shorten(shown, 40)}`"
            said = " ".join(told(row.narration, names, language).split())  # one line per move
            narration = shorten(f" — {said}", LOG_LINE - len(head)) if said else ""
            lines.append(head + narration)
        return fit_lines(lines)  # every line fits: LOG_LINE

    async def verify_replay(self, game_id: int) -> bool:
        """Replaying the action log from the seed reproduces the stored snapshot."""
        table = await self.tables.table(game_id)
        if table.state is None:
            return True
        rows = await self.tables.store.actions(game_id)
        return bool(final_state(table.game, table.record, len(table.seats), rows) == table.state)

    async def secret_tables(self, user_id: int) -> list[Table]:
        """The user's games that wait for a secret choice of theirs (for DMs), oldest first."""
        out = []
        for record in await self.tables.store.games_of_user(user_id, ("active",)):
            table = await self.tables.table_of_record(record)
            game, state = table.game, table.state
            seats = [
                s
                for s in table.seats_of(user_id)
                if s in game.to_act(state) or games.may_revise(game, state, s)
            ]
            if secret_seats(table, seats):
                out.append(table)
        return out
