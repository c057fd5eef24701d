"""The SQL core every store is written over: a row, a transaction (:class:`Tx`) and the helpers
that build portable statements (``?`` placeholders, run unchanged on SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from util.records import frozen

Row = tuple[Any, ...]

NO_LIMIT = 2**62  # LIMIT for "all rows" (SQLite's -1 means that, PostgreSQL's does not)


def marks(n: int) -> str:
    """``?, ?, ?`` for ``n`` parameters."""
    return ", ".join("?" * n)


#: Parameters in one statement at most (SQLite allows 32,766, PostgreSQL 32,767).
MAX_PARAMS = 30_000


async def insert_rows(tx: Tx, head: str, rows: Sequence[Sequence[Any]], tail: str = "") -> None:
    """``head VALUES (...), (...), ... tail`` for ``rows``: a few multi-row statements, not one per row.

    ``head`` is ``INSERT INTO table (columns)``; ``tail`` e.g. ``ON CONFLICT (key) DO NOTHING``.
    Much quicker than :meth:`Tx.many` on PostgreSQL (one round trip per statement).
    """
    if not rows:
        return
    width = len(rows[0])
    per = max(1, MAX_PARAMS // width)
    group = f"({marks(width)})"
    for start in range(0, len(rows), per):
        chunk = rows[start : start + per]
        sql = f"{head} VALUES {', '.join([group] * len(chunk))} {tail}".rstrip()
        await tx.run(sql, [v for row in chunk for v in row])


@frozen
class Inserts:
    """Rows for one table: its name, the columns given (the key first) and the rows."""

    table: str
    columns: tuple[str, ...]
    rows: Sequence[Sequence[Any]]

    @property
    def head(self) -> str:
        return f"INSERT INTO {self.table} ({', '.join(self.columns)})"


class Tx(Protocol):
    """One open transaction of a backend (``?`` placeholders; integrity errors become
    :class:`IntegrityViolation`)."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; returns the number of rows it changed."""
        ...

    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Execute one statement once per parameter row."""
        ...


class Database(Protocol):
    """The query primitives of an open store (:class:`storage.store.Store`, either backend) that
    its parts (lobbies, ratings, reliability, owed posts) run their SQL through."""

    @property
    def _lock_clause(self) -> str:
        """What a read adds to lock the rows it reads in a transaction (PostgreSQL's " FOR
        UPDATE"; SQLite's transaction holds the whole database already)."""
        ...

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    def _transaction(self) -> AbstractAsyncContextManager[Tx]: ...

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int: ...
