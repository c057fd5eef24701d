"""The waits a game keeps: one per awaited seat, kept in step with whom the game awaits.

* Every awaited seat has a *wait*: when its clock started, the next reminder, the deadline, the
  reminders sent. :meth:`Waits.changed` (called by the session after every move) keeps the
  waits in step with ``to_act``: a seat that stays awaited and did not act keeps its wait (so a
  simultaneous phase does not restart everyone's clock when one player moves); the seat that
  acted, and every newly awaited seat, starts a fresh one. The deadline is per move: acting
  shows the player is there.
* A computer seat has no wait: nobody to remind, and it moves by itself.
* A wait that begins during its player's vacation starts when the vacation ends.
* While the game is paused no wait is due (``Wait.with_due``); the work due is found with one
  indexed query (``waits.due_at``).
* Games begun before the scheduler existed get their clocks from an upgrade step, once
  (:func:`bot.core.adoption.adopt_games_without_clocks`), not from the scheduler.
* Several processes write a game's waits: the scheduler's writes are conditional on the step
  it computed them for (``set_waits(step=)``), so a pass that loaded a game just before another
  process's move cannot undo that move's clocks.
"""

from __future__ import annotations

import logging

from bot.core.adoption import fresh_wait
from bot.core.languages import language as language_of
from bot.core.scheduler.context import Context
from bot.core.sessions import Table
from bot.core.tables import UNREACHABLE
from games import AnyGame, GameState, Seat
from games.words import Language, Said, say, tell
from storage.clocks import ClockSettings, UserClock, Wait
from util.lru import keep_newest

log = logging.getLogger("floe.scheduler")
#: Games whose server the waits remember.
REMEMBERED = 4096

#: Why a game paused, as stored (English, the key), and as said under its board.
PAUSE_REASONS: dict[str, Said] = {
    "every player voted": say("every player voted"),
    "the table voted after a stall": say("the table voted after a stall"),
    UNREACHABLE: say("its channel is gone, or closed to me"),
}


def reaction_window(game: AnyGame, state: GameState, seat: Seat) -> bool:
    """Whether ``seat`` is answering someone else's move (the game's ``reaction`` hook)."""
    return game.reaction(state, seat)


class Waits:
    """Keeps each game's waits in step with whom it awaits, and says when its clock runs out."""

    def __init__(self, context: Context) -> None:
        self.context = context
        #: The server of each game seen lately (its line under the board is in its language).
        self._servers: dict[int, int | None] = {}

    async def changed(self, game_id: int, actor: Seat | None, table: Table | None = None) -> None:
        """The game moved (or started): bring its waits in step with whom it awaits now
        (``table``: the game as committed; None: loaded here)."""
        try:
            await self.reconcile(
                table if table is not None else await self.context.sessions.table(game_id), actor
            )
        except Exception:  # a scheduler failure never undoes a move; the next tick repairs
            log.exception("could not update the waits of game %s", game_id)

    async def reconcile(
        self, table: Table, actor: Seat | None, *, fresh: frozenset[Seat] = frozenset()
    ) -> list[Wait]:
        """Store (and return) the game's waits for the seats it awaits now: kept for a seat still
        awaited that did not act, fresh for ``actor``, for ``fresh`` and for newly awaited seats."""
        ctx = self.context
        game_id = table.record.id
        keep_newest(self._servers, game_id, table.record.guild_id, REMEMBERED)
        if table.record.status != "active" or table.state is None:
            await ctx.clocks.set_waits(game_id, [], step=table.record.step)
            return []
        settings = await ctx.settings(game_id)
        now = ctx.clock()
        awaited = {seat for seat in table.game.to_act(table.state) if not table.is_computer(seat)}
        old = {w.seat: w for w in await ctx.clocks.waits(game_id)}
        users = {table.user_of(s) for s in awaited}
        vacations = await ctx.clocks.user_clocks(users)
        waits = []
        for seat in sorted(awaited):
            kept = old.get(seat)
            if kept is not None and seat != actor and seat not in fresh:
                waits.append(kept)
                continue
            waits.append(self._start_wait(settings, table, seat, vacations, now, shared=len(users) > 1))
        waits = [w.with_due(settings.paused) for w in waits]
        await ctx.clocks.set_waits(game_id, waits, step=table.record.step)
        return waits

    def _start_wait(
        self,
        settings: ClockSettings,
        table: Table,
        seat: Seat,
        vacations: dict[int, UserClock],
        now: float,
        *,
        shared: bool,
    ) -> Wait:
        """A new wait for ``seat``; during the user's vacation its clock starts when the vacation ends."""
        user = table.user_of(seat)
        start = max(now, vacations[user].vacation_until or now)
        window = reaction_window(table.game, table.playing_state, seat)
        return fresh_wait(
            settings, table.record.id, seat, table.record.step, start, shared=shared, window=window
        )

    async def _public(self, game_id: int) -> Language:
        """The language of the game's public texts: its server's (known from the move that
        brought its waits in step, else read)."""
        if game_id not in self._servers:
            record = await self.context.store.game(game_id)
            self._servers[game_id] = record.guild_id if record is not None else None
        readers = self.context.sessions.readers
        return language_of(await readers.game(self._servers[game_id]))

    async def status_line(self, game_id: int, language: Language | None = None) -> str:
        """The line under a board, in ``language`` (None: the game's): the deadline as a Discord
        timestamp, or that the game is paused."""
        clocks = self.context.clocks
        s = await clocks.settings(game_id)
        if language is None:
            language = await self._public(game_id)
        if s.paused:
            reason = PAUSE_REASONS.get(s.pause_reason or "", s.pause_reason or say("by the table"))
            paused = say(
                "⏸️ Paused ({reason}): no reminders or deadlines until {command}.",
                reason=reason,
                command="`/game resume`",
            )
            return tell(paused, (), language)
        deadlines = [w.deadline_at for w in await clocks.waits(game_id) if w.deadline_at is not None]
        if not deadlines:
            return ""
        deadline = say(
            "⏳ Deadline {when} (then the rulebook default applies).", when=f"<t:{int(min(deadlines))}:R>"
        )
        return tell(deadline, (), language)
