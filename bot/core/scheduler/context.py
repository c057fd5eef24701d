"""What every part of the scheduler shares: the sessions, the store, the outbox, the clock and the
clock store.

Time comes from an injected clock, so tests move it by hand and never sleep. The scheduler's
state lives in the database (:mod:`storage.clocks`), so it survives restarts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.core.languages import language
from bot.core.members import Members
from bot.core.scheduler.notices import Outbox
from bot.core.sessions import Sessions, Table
from bot.core.tables import TableChanges
from games.words import Language
from storage import Store
from storage.clocks import ClockSettings, ClockStore


@dataclass
class Context:
    """The scheduler's dependencies, one object shared by its parts (the outbox may be swapped)."""

    sessions: Sessions
    #: The store the scheduler reads games, members and reliability from (the composition
    #: root's, the one ``sessions`` loads from).
    store: Store
    outbox: Outbox
    clock: Callable[[], float]
    clocks: ClockStore
    #: On a deadline, let the computer play the move (an easy-level choice from the seat's
    #: view) in games whose module rules it safe (``computer_default_safe``).
    computer_defaults: bool = False

    def __post_init__(self) -> None:
        #: Seats given to computer players, lost games found (:mod:`bot.core.tables`).
        self.tables = TableChanges(self.store, self.sessions)
        #: The members' DM settings (the reminders ask them).
        self.members = Members(self.store)

    async def public(self, table: Table) -> Language:
        """The language of ``table``'s public texts: its notices in the game's channel."""
        return language(await self.sessions.readers.game(table.record.guild_id))

    async def own(self, user_id: int) -> Language:
        """The language ``user_id`` reads: their DMs, reminders and private answers."""
        return language(await self.sessions.readers.person(user_id))

    async def settings(self, game_id: int) -> ClockSettings:
        """The game's clock settings, stored with their defaults the first time they are asked for."""
        s = await self.clocks.stored_settings(game_id)
        if s is None:
            s = ClockSettings(game_id)
            await self.clocks.save_settings(s)
        return s
