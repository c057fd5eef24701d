"""Opening a database for a command that runs without the bot (``floe play``, ``floe db copy``,
``floe db upgrade``, ``floe ratings rebuild``): the composition root those commands share, the
core services over the store (:class:`Opened`), and the checked copy of a whole database. The
terminal reaches storage/ only through here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import field
from typing import Any

from bot.core.computers import Computers, Thinker
from bot.core.history import History
from bot.core.rated_games import RatedGames
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.core.tables import TableChanges
from bot.core.upgrades import Outcome, Step, upgrade
from storage import CannotConnect, StorageError, Store, open_store, redacted
from storage.copy import copy_between
from util.records import frozen


class Opened:
    """The core services over one opened store, each given what it uses here."""

    def __init__(self, store: Store, **options: Any) -> None:
        """``options``: the session service's (:class:`Sessions`)."""
        self._store = store
        self.sessions = Sessions(store, **options)
        self.history = History(store, self.sessions)
        self.tables = TableChanges(store, self.sessions)
        self.rated_games = RatedGames(store, self.sessions)

    def spectators(self) -> Spectators:
        """The games' pages over this store (:mod:`bot.core.spectators`)."""
        return Spectators(self._store, self.sessions)

    def computers(self, think: Thinker) -> Computers:
        """The computer players of this store's games, thinking with ``think``."""
        return Computers(self.sessions, self._store, think)

    async def upgrade(self, every: Sequence[Step]) -> list[Outcome]:
        """Run the pending upgrade steps of ``every`` (:func:`bot.core.upgrades.upgrade`)."""
        return await upgrade(self._store, self.sessions, every)

    async def schema(self) -> tuple[int, int]:
        """The schema's version when the store was opened, and now (opening migrates it)."""
        return self._store.version_at_open, await self._store.schema_version()


@asynccontextmanager
async def open_database(database: str, **options: Any) -> AsyncIterator[Opened]:
    """The core services over the store ``database`` names (a SQLite path or a URL), closed on
    leaving. Raises ``OSError`` or the driver's error when the database cannot be opened."""
    store = await open_store(database)
    try:
        yield Opened(store, **options)
    finally:
        await store.close()


class CopyRefused(Exception):
    """The copy did not happen; the message says why and what to do. Nothing was copied."""


@frozen
class CheckedCopy:
    """A whole database copied: how many games and rows, and the games whose log does not
    replay to its snapshot on the target (game id, why)."""

    shown: str  # "source -> target", without passwords
    games: int
    rows: int
    problems: list[tuple[int, str]] = field(default_factory=list)


async def copy_database(source: str, target: str) -> CheckedCopy:
    """Copy ``source`` into the empty ``target``, then replay every copied game on the target.
    Raises :class:`CopyRefused` when nothing could be copied."""
    shown = f"{redacted(source)} -> {redacted(target)}"
    try:
        report = await copy_between(source, target)
    except CannotConnect as e:  # a server that cannot be reached, refuses the login or lacks the database
        raise CopyRefused(f"cannot copy {shown}: {e}") from None
    except StorageError as e:  # TargetNotEmpty, SchemaMismatch, UnknownDatabase: their text says what to do
        raise CopyRefused(str(e)) from None
    except Exception as e:  # a database that cannot be reached or refuses the login
        raise CopyRefused(f"cannot copy {shown}: {e or type(e).__name__}") from None
    problems = []
    async with open_database(target) as opened:
        for game_id in report.game_ids:
            try:
                ok = await opened.sessions.verify_replay(game_id)
                why = "its action log does not replay to its stored snapshot"
            except Exception as e:  # a log the rules refuse: name the game and the reason
                ok, why = False, f"replaying its action log failed ({type(e).__name__}: {e})"
            if not ok:
                problems.append((game_id, why))
    return CheckedCopy(shown, len(report.game_ids), sum(report.rows.values()), problems)
