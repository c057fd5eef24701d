"""Persistence of Floe's games: one store interface, SQLite (default) or PostgreSQL.

``await open_store(url)`` (:mod:`storage.backends`) opens the database that the ``DATABASE``
setting names. Imports neither games/ nor discord.
"""

from storage.backends import open_store, redacted
from storage.errors import (
    AlreadySeated,
    CannotConnect,
    ChannelBusy,
    IntegrityViolation,
    NotInLobby,
    SeatsChanged,
    StaleStep,
    StorageError,
    TableFull,
    UnknownDatabase,
)
from storage.records import ActionRecord, GameRecord, SeatChange, SeatRecord, UserPrefs
from storage.store import Store

__all__ = [
    "ActionRecord",
    "AlreadySeated",
    "CannotConnect",
    "ChannelBusy",
    "GameRecord",
    "IntegrityViolation",
    "NotInLobby",
    "SeatChange",
    "SeatRecord",
    "SeatsChanged",
    "StaleStep",
    "StorageError",
    "Store",
    "TableFull",
    "UnknownDatabase",
    "UserPrefs",
    "open_store",
    "redacted",
]
