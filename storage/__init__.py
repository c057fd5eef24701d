"""Persistence of Floe's games: one store interface, SQLite (default) or PostgreSQL.

``await open_store(url)`` (the same as ``Store.open(url)``) opens the database that the
``DATABASE`` setting names. Imports neither games/ nor discord.
"""

from storage.store import (
    ActionRecord,
    AlreadySeated,
    CannotConnect,
    ChannelBusy,
    GameRecord,
    IntegrityViolation,
    NotInLobby,
    SeatChange,
    SeatRecord,
    SeatsChanged,
    StaleStep,
    StorageError,
    Store,
    TableFull,
    UnknownDatabase,
    UserPrefs,
    open_store,
    redacted,
)

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
