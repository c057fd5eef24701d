"""The move pipeline of a session: checks, play, the forced moves, the commit and what it owes
the players (:mod:`bot.core.sessions`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import games
from bot.core import visibility
from bot.core.languages import language
from bot.core.members import Members
from bot.core.notations import RESIGN
from bot.core.ratings import result_for
from bot.core.sessions.decide import debt, decide_move, planned, seats_at, then_forced
from bot.core.sessions.loading import Tables
from bot.core.sessions.model import (
    NO_SUCH_GAME,
    BoardMovedOn,
    Decided,
    NoGameHere,
    Reply,
    StaleAction,
    Table,
    storable,
)
from bot.core.sessions.replies import Replies
from games import AnyGame, Event, GameState, Seat
from games.words import Said, say, tell
from storage import (
    ActionRecord,
    StaleStep,
)
from storage.moves import Plan
from storage.owed import Owed
from storage.records import Loaded, UserLanguage

STALE_STEP = say("someone else moved first: look at the newest board and try again")


class Moves:
    """The move pipeline: load, check, play, the forced moves after it, commit."""

    def __init__(self, tables: Tables, replies: Replies, members: Members) -> None:
        """``members``: whose only moves are played for them (auto-play, :class:`Members`)."""
        self.tables, self.replies, self.members = tables, replies, members

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
        """Play ``text`` (notation) for ``user_id``; ``step`` is the step a button was drawn for.
        ``private_only``: a private path (``/plan``, an answer by DM), which takes only the
        actions the game marks private or secret; anything else is played in the game's channel.

        Loading, checking, playing (with the forced moves after it) and committing are one
        :meth:`Store.play`: one hop to SQLite's thread, where :meth:`_decide` runs inside the move's
        transaction. The reply's own writes and reads (the turn message's first step, the log it
        narrates) go in the same transaction, so after the commit the reply reads no store. The
        new board is drawn when the front end posts it (:class:`bot.core.pictures.Picture`).
        """
        if game_id is None:
            game_id = (await self.tables.active(channel_id)).record.id
        elif not storable(game_id):
            raise NoGameHere(NO_SUCH_GAME)
        try:
            return await self._act(game_id, user_id, text, step, seat, private_only)
        except BoardMovedOn:
            assert step is not None  # only a message's step can be older
            shown = await self.shown_step(game_id, step)
            if shown == step:
                raise
            return await self._act(game_id, user_id, text, shown, seat, private_only)

    async def shown_step(self, game_id: int, step: int) -> int:
        """The newest step a message drawn for ``step`` still shows: actions after it that left no
        trace (:func:`bot.core.visibility.leaves_trace`: a plan revised, a standing choice) post
        nothing and change nothing anyone else sees, so its buttons still stand. Otherwise a
        player's hidden choice would turn everyone's buttons stale, with no newer message. A step
        the game never reached shows nothing newer: it is itself."""
        table = await self.tables.table(game_id)
        game = table.game
        if not 0 <= step <= table.record.step:
            return step
        for row in await self.tables.store.actions_from(game_id, step):
            if visibility.leaves_trace(game, row):
                break
            step = row.step + 1
        return step

    async def _act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        step: int | None,
        seat: Seat | None,
        private_only: bool = False,
    ) -> Reply:
        """:meth:`act` for the message drawn for ``step`` (None: a typed move)."""
        async with self.tables.lock(game_id):

            def decide(loaded: Loaded | None) -> tuple[Plan, tuple[Decided, Mapping[int, UserLanguage]]]:
                table = self.tables._table_of(loaded)
                plan, decided = decide_move(
                    table,
                    self.tables.circumstances(table),
                    user_id,
                    text,
                    step=step,
                    wanted=seat,
                    private_only=private_only,
                )
                self.tables._remember_committed(decided.table)
                people = loaded[4] if loaded is not None else {}  # the players' languages
                return plan, (decided, people)

            try:
                (decided, people), log = await self.tables.store.play(game_id, decide)
                if log is None:  # the move ends the game: its result goes in its transaction
                    log = await self._write(decided.start, decided.plan, decided.table.state)
            except StaleStep:
                raise StaleAction(STALE_STEP) from None
            await self._changed(decided.table, decided.plan)
        private = visibility.is_private_action(decided.table.game, decided.action)
        ack = tell(
            say("Your choice is in (only you can see it).")
            if private
            else say("You played {move}.", move=f"`{decided.action}`"),
            (),
            language(self.replies.readers.reads(people[user_id])),  # the actor is seated
        )
        return await self.replies.board_reply(
            decided.table,
            "",
            decided.events,
            ack=ack,
            before=decided.before,
            secret=private,
            first_step=decided.start.record.step,
            turn=(decided.turn, log),
            narrated=[e.text for e in decided.events if e.audience is None],
            asked_secretly=decided.asked_secretly,
            people=people,
        )

    async def play_forced(self, table: Table, events: list[Event]) -> tuple[Table, list[Event]]:
        """Play and commit every forced move (see the module docstring), under the caller's game lock.

        Returns the table after them and ``events`` with theirs appended.
        """
        if table.record.status != "active":
            return table, events
        if table.manual is None:
            manual = [u for u in dict.fromkeys(table.users()) if not await self.members.auto_play(u)]
            table = replace(table, manual=frozenset(manual))
        after, moves = then_forced(table, [])
        if not moves:
            return table, events
        plan, committed = planned(after, moves, self.tables.circumstances(table), start=table)
        self.tables._remember_committed(committed)
        await self._commit_plan(table, plan, committed)
        return committed, [*events, *(e for _, _, more in moves for e in more)]

    async def commit(
        self, table: Table, seat: Seat, notation: str, state: GameState, events: Sequence[Event]
    ) -> Table:
        """Record one action in one transaction; returns the table as committed (what a reload
        would read: the transaction refused anything else, so nothing is read back)."""
        plan, committed = planned(
            table.with_state(state), [(seat, notation, events)], self.tables.circumstances(table), start=table
        )
        self.tables._remember_committed(committed)
        await self._commit_plan(table, plan, committed)
        return committed

    def debt(self, table: Table, *, pings: Sequence[int], notes: Sequence[int]) -> Owed | None:
        """What a change to ``table`` that is not a move owes (:func:`decide.debt`)."""
        return debt(table, self.tables.circumstances(table), pings=pings, notes=notes)

    async def _commit_plan(self, table: Table, plan: Plan, committed: Table) -> list[ActionRecord]:
        """Commit ``plan`` (decided from ``table``, ending as ``committed``) and tell the watch;
        returns the log it read back."""
        try:
            log = await self._write(table, plan, committed.state)
        except StaleStep:
            raise StaleAction(STALE_STEP) from None
        await self._changed(committed, plan)
        return log

    async def _write(self, table: Table, plan: Plan, state: GameState | None) -> list[ActionRecord]:
        """:meth:`Store.commit` of ``plan``; a move that ends the game carries its result and the
        rating changes into the same transaction."""
        result = None
        if plan.ends:
            resigned = await self.tables.store.resigned_seats(table.record.id, RESIGN)
            resigned |= {e.seat for e in plan.move.entries if e.notation == RESIGN}
            result = result_for(table, state, resigned)
        return await self.tables.store.commit(plan, result=result)

    async def _changed(self, table: Table, plan: Plan) -> None:
        """Tell the watch (the scheduler) who moved, once per seat that acted in ``plan``, with
        ``table`` as committed (nothing is read back). A seat
        whose actions all left no trace (a standing choice: :mod:`bot.core.visibility`) did not
        move for anyone else: its clock goes on (no fresh deadline, no reminder that tells when)."""
        if self.tables.watch is None:
            return
        game = table.game
        moved = [e.seat for e in plan.move.entries if visibility.leaves_trace(game, e)]
        for seat in dict.fromkeys(moved):
            await self.tables.watch.changed(table.record.id, seat, table)
        if not moved:  # who is awaited may still have changed (a standing order that answered)
            await self.tables.watch.changed(table.record.id, None, table)

    async def resign(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        if game_id is None:
            game_id = (await self.tables.active(channel_id)).record.id
        async with self.tables.lock(game_id):
            table = await self.tables.table(game_id)
            mine = seats_at(table, user_id, None, self.tables.words)
            events: list[Event] = []
            before = table.game.to_act(table.state)
            first = table.record.step
            for seat in mine:  # one log entry per seat, so that replay reproduces the snapshot
                if table.record.status != "active":
                    break
                state, more = table.game.retire(table.state, seat)
                table = await self.commit(table, seat, RESIGN, state, more)
                events += more
            table, events = await self.play_forced(table, events)
        ack = await self.ack(user_id, say("You resigned."))
        return await self.replies.board_reply(table, "", events, ack=ack, before=before, first_step=first)

    async def ack(self, user_id: int, said: Said) -> str:
        """``said`` told in the language of ``user_id``, the actor it confirms something to."""
        return tell(said, (), language(await self.replies.readers.person(user_id)))

    async def still_playing(self, table: Table) -> set[int]:
        """The people still in the game: seated (a replaced player is not), not resigned (a
        resigned seat stays at the table; its log holds the resignation), not computers. They
        alone vote on the table's matters (a pause, a stalled player) and resume a pause."""
        resigned = await self.tables.store.resigned_seats(table.record.id, RESIGN)
        return {seat.user_id for seat in table.seats if seat.seat not in resigned and seat.computer is None}

    async def play_for(
        self,
        game_id: int,
        seat: Seat,
        choose: Callable[[AnyGame, GameState, Seat], Any],
        *,
        intro: str = "",
        limit: int = 60,
    ) -> Reply | None:
        """Moves the session makes for ``seat`` (a deadline default) while the seat stays awaited
        in the turn it missed: it stops when someone not awaited before is asked (a new turn or
        round: Ice Lake's next planning asks every skater again), so what comes next is the
        player's own, with a deadline of its own.

        ``choose(game, state, seat)`` names each action. Returns None when nothing is asked of
        the seat (someone moved first). Every move is logged like a player's, so replay holds.

        Another process may move between the load and a commit (``StaleAction``): before this
        call committed anything, it looks at the game again; after, it stops with what it
        committed. The forced moves that follow are left to whoever moved first (its move plays
        them).
        """
        async with self.tables.lock(game_id):
            table = await self.tables.table(game_id)
            before, first = table.game.to_act(table.state), table.record.step
            events: list[Event] = []
            played = 0
            for _ in range(limit):
                if not _missed_turn_goes_on(table, seat, before):
                    break
                action = choose(table.game, table.playing_state, seat)
                state, more = games.play(table.game, table.state, seat, action)
                try:
                    table = await self.commit(table, seat, str(action), state, more)
                except StaleAction:
                    if played:
                        break
                    table = await self.tables.table(game_id)
                    before, first = table.game.to_act(table.state), table.record.step
                    continue
                events += more
                played += 1
            if not played:
                return None
            with contextlib.suppress(StaleAction):
                table, events = await self.play_forced(table, events)
        return await self.replies.board_reply(table, intro, events, before=before, first_step=first)


def _missed_turn_goes_on(table: Table, seat: Seat, before: frozenset[Seat]) -> bool:
    """Whether ``seat`` is still asked in the turn whose deadline it missed: awaited, and nobody
    who was not awaited when the deadline ran out is asked now."""
    if table.record.status != "active":
        return False
    awaited = table.game.to_act(table.state)
    return seat in awaited and awaited <= before
