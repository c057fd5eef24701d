"""One hop to an aiosqlite connection's thread: the one place that leans on aiosqlite's private
parts, and why.

A move runs several statements (select the game, insert its actions, update the snapshot).
Through aiosqlite's public API each statement is a hop: the call is queued for the
connection's thread and the event loop is woken for its result, which costs a wake-up and a GIL
hand-over, several times what SQLite spends on a small statement (docs/performance.md, "Design
figures"). So the
store runs a move as one function on the connection's thread (:func:`on_thread`).

aiosqlite (pinned in pyproject.toml) has no public way to run a function there: its public
methods each queue one call of the ``sqlite3`` connection through ``Connection._execute``,
and ``create_function`` runs only inside a statement, where the connection may not run
another. So :func:`on_thread` calls ``_execute`` with ``_conn`` itself. What it relies on:
the function runs on the connection's own thread, in the order of the calls queued before
it, on the same ``sqlite3`` connection (the same transaction) as the public methods. Upgrading
aiosqlite is safe when tests/storage/test_sqlite_thread.py passes: it fails when any of these
changes.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import TypeVar

import aiosqlite

from storage.errors import IntegrityViolation

T = TypeVar("T")


async def on_thread(db: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``work`` with the ``sqlite3`` connection on the connection's own thread: one hop from
    the event loop however many statements it runs (integrity errors become
    :class:`IntegrityViolation`)."""
    try:
        result: T = await db._execute(lambda: work(db._conn))  # type: ignore[no-untyped-call]
    except sqlite3.IntegrityError as err:
        raise IntegrityViolation(str(err)) from err
    return result
