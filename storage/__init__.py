"""Persistence of Floe's games (aiosqlite). Imports neither games/ nor discord."""

from storage.store import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    NotInLobby,
    SeatRecord,
    StaleStep,
    StorageError,
    Store,
    UserPrefs,
)

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "NotInLobby",
    "SeatRecord",
    "StaleStep",
    "StorageError",
    "Store",
    "UserPrefs",
]
