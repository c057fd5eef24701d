"""The store's own errors: what a refused write or an unknown database means."""

from __future__ import annotations


class StorageError(Exception):
    """Base of the store's own errors."""


class ChannelBusy(StorageError):
    """The channel already has an open game (the partial unique index said no)."""


class StaleStep(StorageError):
    """The game moved on since the caller loaded it: nothing was written."""


class NotInLobby(StorageError):
    """A lobby operation on a game that has started or ended."""


class AlreadySeated(StorageError):
    """The member already has a seat at the table (the unique index ``one_seat_per_member``, or
    the check under the game's lock): nothing was written."""


class TableFull(StorageError):
    """The lobby already has as many seats as its game allows: nothing was written."""


class SeatsChanged(StorageError):
    """The seats are not what the caller saw (someone joined, left or was replaced meanwhile):
    nothing was written."""


class IntegrityViolation(StorageError):
    """The database refused a write (a unique index, a foreign key, the append-only log)."""


class UnknownDatabase(StorageError):
    """A ``DATABASE`` setting that names no store this build knows."""


class CannotConnect(StorageError):
    """The database server refused or did not answer (wrong password, no such database, no server)."""
