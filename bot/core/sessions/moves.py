"""The move pipeline of a session: checks, play, the forced moves, the commit and what it owes
the players (:mod:`bot.core.sessions`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import games
from bot.core import visibility
from bot.core.notations import RESIGN
from bot.core.ratings import result_for
from bot.core.sessions.model import (
    NO_SUCH_GAME,
    BoardMovedOn,
    Decided,
    NoGameHere,
    NotSeated,
    Played,
    PublicAction,
    Reply,
    StaleAction,
    Table,
    Turn,
    storable,
)
from bot.core.sessions.replies import Replies, _log_text
from games import AnyGame, Event, GameError, GameState, Seat
from storage import (
    ActionRecord,
    StaleStep,
)
from storage.codec import dump
from storage.moves import LogEntry, Move, Plan
from storage.owed import Owed
from storage.records import Loaded

AUTO_LIMIT = 50  # forced moves played in a row at most, so a loop in a game cannot hang a move
STALE_STEP = "someone else moved first: look at the newest board and try again"
#: How long the process that commits a change holds the lease on what it owes the players
#: (storage/owed.py) while it posts it; past it, any process's tick posts it (seconds).
POST_LEASE = 120.0


class Moves(Replies):
    """The move pipeline: load, check, play, the forced moves after it, commit."""

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
            game_id = (await self.active(channel_id)).record.id
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
        table = await self.table(game_id)
        game = table.game
        if not 0 <= step <= table.record.step:
            return step
        for row in await self.store.actions_from(game_id, step):
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
        async with self.lock(game_id):

            def decide(loaded: Loaded | None) -> tuple[Plan, Decided]:
                return self._decide(self._table_of(loaded), user_id, text, step, seat, private_only)

            try:
                decided, log = await self.store.play(game_id, decide)
                if log is None:  # the move ends the game: its result goes in its transaction
                    log = await self._write(decided.start, decided.plan, decided.table.state)
            except StaleStep:
                raise StaleAction(STALE_STEP) from None
            await self._changed(decided.table, decided.plan)
        private = visibility.is_private_action(decided.table.game, decided.action)
        ack = "Your choice is in (only you can see it)." if private else f"You played `{decided.action}`."
        return await self.board_reply(
            decided.table,
            "",
            decided.events,
            ack=ack,
            before=decided.before,
            secret=private,
            first_step=decided.start.record.step,
            turn=(decided.turn, log),
            narrated=_log_text(decided.plan.move.entries),
            asked_secretly=decided.asked_secretly,
        )

    def _decide(
        self,
        table: Table,
        user_id: int,
        text: str,
        step: int | None,
        wanted: Seat | None,
        private_only: bool = False,
    ) -> tuple[Plan, Decided]:
        """:meth:`act`'s checks and play from the loaded ``table``, and what to commit (plain code,
        no store access; it raises to refuse the move)."""
        mine = self.seats_at(table, user_id, step)
        action = table.game.parse_action(text)
        if games.is_deadline_only(action):
            raise games.IllegalAction("only the clock plays that, when a deadline passes")
        if private_only and not visibility.is_private_action(table.game, action):
            raise PublicAction(
                f"`{action}` is a move everyone sees: play it in the game's channel (its buttons or "
                "/game move). Nothing was changed"
            )
        chosen = self._seat_for(table, mine, wanted, action)
        before = table.game.to_act(table.state)
        state, events = games.play(table.game, table.state, chosen, action)
        after, moves = self._then_forced(table.with_state(state), [(chosen, str(action), events)])
        events = [e for _, _, more in moves for e in more]
        turn = self._turn(
            after,
            events,
            before=before,
            secret=visibility.is_private_action(table.game, action),
            first_step=table.record.step,
        )
        plan, committed = self._planned(after, moves, turn, start=table)
        asked_secretly = frozenset(self._secret_seats(table, sorted(before)))
        return plan, Decided(table, committed, events, before, action, plan, turn, asked_secretly)

    def _then_forced(self, table: Table, moves: list[Played]) -> tuple[Table, list[Played]]:
        """``table`` after every forced move (see the module docstring) from its state, and
        ``moves`` with them appended; nothing is committed."""
        for _ in range(AUTO_LIMIT):
            if table.game.outcome(table.state) is not None:
                break
            forced = self._forced_move(table)
            if forced is None:
                break
            seat, action = forced
            state, more = games.play(table.game, table.state, seat, action)
            more = [games.core.public("auto", f"{{{seat}}}: `{action}`, the only move."), *more]
            moves = [*moves, (seat, str(action), more)]
            table = table.with_state(state)
        return table, moves

    async def play_forced(self, table: Table, events: list[Event]) -> tuple[Table, list[Event]]:
        """Play and commit every forced move (see the module docstring), under the caller's game lock.

        Returns the table after them and ``events`` with theirs appended.
        """
        if table.record.status != "active":
            return table, events
        if table.manual is None:
            manual = [u for u in dict.fromkeys(table.users()) if not await self.store.auto_play(u)]
            table = replace(table, manual=frozenset(manual))
        after, moves = self._then_forced(table, [])
        if not moves:
            return table, events
        plan, committed = self._planned(after, moves, start=table)
        await self._commit_plan(table, plan, after.state)
        return committed, [*events, *(e for _, _, more in moves for e in more)]

    def _forced_move(self, table: Table) -> tuple[Seat, Any] | None:
        """The first awaited seat with exactly one legal action the session may play for it."""
        game, state = table.game, table.playing_state
        manual = table.manual or frozenset()
        for seat in sorted(game.to_act(state)):
            legal = table.legal(seat)
            if len(legal) != 1 or automatic_refusal(game, state, seat, legal[0]) is not None:
                continue
            if table.user_of(seat) not in manual:
                return seat, legal[0]
        return None

    def _seat_for(self, table: Table, mine: list[Seat], wanted: Seat | None, action: Any) -> Seat:
        """Which of the user's seats acts: the one asked for, else the first awaited one that may."""
        if wanted is not None:
            if wanted not in mine:
                raise NotSeated("that seat is not yours")
            return wanted
        game, state = table.game, table.state
        awaited = game.to_act(state)
        candidates = [s for s in mine if s in awaited or games.may_revise(game, state, s)]
        if not candidates:
            waiting = ", ".join(self.name(table.user_of(s)) for s in sorted(awaited))
            raise games.NotYourTurn(f"it is not your turn: waiting for {waiting}")
        for seat in candidates[:-1]:
            try:
                game.check(state, seat, action)
            except GameError:
                continue
            return seat
        return candidates[-1]

    async def commit(
        self, table: Table, seat: Seat, notation: str, state: GameState, events: Sequence[Event]
    ) -> Table:
        """Record one action in one transaction; returns the table as committed (what a reload
        would read: the transaction refused anything else, so nothing is read back)."""
        plan, committed = self._planned(table.with_state(state), [(seat, notation, events)], start=table)
        await self._commit_plan(table, plan, state)
        return committed

    def _planned(
        self, after: Table, moves: Sequence[Played], turn: Turn | None = None, *, start: Table
    ) -> tuple[Plan, Table]:
        """What committing ``moves`` writes, from ``after.record`` (the game as loaded, ``start``)
        to ``after.state``, and the table as committed. ``turn`` (:meth:`_turn`): the reply's turn
        step, written with the moves, and the log it reads back. The move also records what it
        owes the players (:meth:`_owed_by`)."""
        game, record = after.game, after.record
        status = "finished" if game.outcome(after.state) is not None else "active"
        entries = tuple(
            LogEntry(seat, notation, self._narrate(after, more)) for seat, notation, more in moves
        )
        snapshot = game.to_dict(after.state)
        self._remember_state(record.id, snapshot, after.playing_state)
        now = self.clock()
        begins = turn.begins if turn is not None else None
        owed = self._owed_by(
            start, after, moves, record.step + len(entries), now, quiet=turn.quiet if turn else None
        )
        move = Move(record.id, record.step, entries, dump(snapshot), status, now, begins, owed)
        committed = record.moved(
            record.step + len(entries), status, snapshot, now, record.turn_step if begins is None else begins
        )
        plan = Plan(
            move,
            log_from=turn.log_from if turn is not None else None,
            log_since=turn.since if turn is not None else None,
            after=committed,
        )
        return plan, after.with_record(committed)

    def _owed_by(
        self,
        start: Table,
        after: Table,
        moves: Sequence[Played],
        step: int,
        now: float,
        *,
        quiet: bool | None = None,
        extra_notes: Sequence[int] = (),
    ) -> Owed | None:
        """What committing ``moves`` (from ``start`` to ``after``, at ``step``) owes the players,
        recorded in the same transaction (storage/owed.py): the public post unless it is quiet
        (``quiet``: the reply's :class:`Turn` decided it; else the same rule, for a change without a
        secret), pinging the people newly awaited, and a private note for each person an event
        speaks to or a secret prompt asks (``extra_notes``: the start's opening notes). Only who:
        the post recomputes the notes from the state then, through the views. None: nothing owed
        (also at the local terminal, which shows every reply at once and posts nothing later)."""
        if self.is_local(after):
            return None
        game, state = after.game, after.state
        before = game.to_act(start.state) if start.state is not None else frozenset()
        ongoing = game.outcome(state) is None
        fresh = sorted(game.to_act(state) - before) if ongoing else []
        people = [s for s in fresh if not after.is_computer(s)]
        private = [e for _, _, more in moves for e in more if e.audience is not None]
        if quiet is None:
            events = sum(len(more) for _, _, more in moves)
            quiet = events > 0 and len(private) == events and not fresh
        notes = [*extra_notes]
        for event in private:
            notes += [after.user_of(s) for s in sorted(event.audience or ()) if not after.is_computer(s)]
        notes += [after.user_of(s) for s in self._secret_seats(after, people)]
        if quiet and not notes:
            return None
        pings = tuple(sorted({after.user_of(s) for s in people}))
        owed = tuple(sorted(set(notes)))  # a note per person: the post recomputes their view
        return Owed(after.record.id, step, not quiet, pings, owed, self.owner, now + POST_LEASE, now)

    def debt(self, table: Table, *, pings: Sequence[int], notes: Sequence[int]) -> Owed | None:
        """What a change to ``table`` that is not a move owes (a replaced seat): its board at the
        game's step, pinging ``pings``, a note for each of ``notes``; leased to this process.
        None at the local terminal (see :meth:`_owed_by`)."""
        if self.is_local(table):
            return None
        now = self.clock()
        owed = tuple(sorted(set(notes)))
        return Owed(
            table.record.id, table.record.step, True, tuple(pings), owed, self.owner, now + POST_LEASE, now
        )

    async def _commit_plan(self, table: Table, plan: Plan, state: GameState | None) -> list[ActionRecord]:
        """Commit ``plan`` (decided from ``table``, ending in ``state``) and tell the watch;
        returns the log it read back."""
        try:
            log = await self._write(table, plan, state)
        except StaleStep:
            raise StaleAction(STALE_STEP) from None
        await self._changed(table, plan)
        return log

    async def _write(self, table: Table, plan: Plan, state: GameState | None) -> list[ActionRecord]:
        """:meth:`Store.commit` of ``plan``; a move that ends the game carries its result and the
        rating changes into the same transaction."""
        result = None
        if plan.ends:
            resigned = await self.store.resigned_seats(table.record.id, RESIGN)
            resigned |= {e.seat for e in plan.move.entries if e.notation == RESIGN}
            result = result_for(table, state, resigned)
        return await self.store.commit(plan, result=result)

    async def _changed(self, table: Table, plan: Plan) -> None:
        """Tell the watch (the scheduler) who moved, once per seat that acted in ``plan``. A seat
        whose actions all left no trace (a standing choice: :mod:`bot.core.visibility`) did not
        move for anyone else: its clock goes on (no fresh deadline, no reminder that tells when)."""
        if self.watch is None:
            return
        game = table.game
        moved = [e.seat for e in plan.move.entries if visibility.leaves_trace(game, e)]
        for seat in dict.fromkeys(moved):
            await self.watch.changed(table.record.id, seat)
        if not moved:  # who is awaited may still have changed (a standing order that answered)
            await self.watch.changed(table.record.id, None)

    async def resign(self, channel_id: int, user_id: int, *, game_id: int | None = None) -> Reply:
        if game_id is None:
            game_id = (await self.active(channel_id)).record.id
        async with self.lock(game_id):
            table = await self.table(game_id)
            mine = self.seats_at(table, user_id, None)
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
        return await self.board_reply(table, "", events, ack="You resigned.", before=before, first_step=first)

    async def still_playing(self, table: Table) -> set[int]:
        """The people still in the game: seated (a replaced player is not), not resigned (a
        resigned seat stays at the table; its log holds the resignation), not computers. They
        alone vote on the table's matters (a pause, a stalled player) and resume a pause."""
        resigned = await self.store.resigned_seats(table.record.id, RESIGN)
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
        async with self.lock(game_id):
            table = await self.table(game_id)
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
                    table = await self.table(game_id)
                    before, first = table.game.to_act(table.state), table.record.step
                    continue
                events += more
                played += 1
            if not played:
                return None
            with contextlib.suppress(StaleAction):
                table, events = await self.play_forced(table, events)
        return await self.board_reply(table, intro, events, before=before, first_step=first)


def _missed_turn_goes_on(table: Table, seat: Seat, before: frozenset[Seat]) -> bool:
    """Whether ``seat`` is still asked in the turn whose deadline it missed: awaited, and nobody
    who was not awaited when the deadline ran out is asked now."""
    if table.record.status != "active":
        return False
    awaited = table.game.to_act(table.state)
    return seat in awaited and awaited <= before


def automatic_refusal(game: AnyGame, state: GameState, seat: Seat, action: Any) -> str | None:
    """Why the session must not play ``action`` for ``seat`` even when it is the only one, or None.

    Secret actions never; deadline-only actions never (they are not legal to players); then, for
    a game that declares such rulings (``capabilities.forced_move_rulings``), its
    ``never_automatic(state, seat, action)`` hook (see games/core.py).
    """
    if games.is_secret(action):
        return "a secret choice is the player's own"
    if games.is_deadline_only(action):
        return "only a deadline plays it"
    if not game.capabilities.forced_move_rulings:
        return None
    return game.never_automatic(state, seat, action)
