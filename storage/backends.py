"""Which backend a ``DATABASE`` setting names, opened: :func:`open_store`.

Each backend is imported when it is opened, not with this module: its driver is loaded only by
a process that uses it (importing asyncpg is slow). Neither backend imports this
module, so no cycle hides there (tests/test_layers.py walks imports inside functions too).
"""

from __future__ import annotations

import re

from storage.errors import UnknownDatabase
from storage.store import Store


async def open_store(url: str) -> Store:
    """Open (creating if needed) and upgrade the database that ``url`` (the ``DATABASE`` setting)
    names.

    ``postgresql://...`` (or ``postgres://...``) opens PostgreSQL; ``sqlite:///path``, a plain
    path or ``:memory:`` opens SQLite.
    """
    if url.startswith(("postgresql://", "postgres://")):
        from storage.postgres import PostgresStore

        return await PostgresStore.connect(url)
    if "://" in url and not url.startswith("sqlite://"):
        raise UnknownDatabase(
            f"DATABASE must be a SQLite path, sqlite:///path or postgresql://...; got {url.split('://')[0]}://"
        )
    from storage.sqlite import SQLiteStore

    return await SQLiteStore.connect(sqlite_path(url))


def sqlite_path(url: str) -> str:
    """``sqlite:///floe.db`` -> ``floe.db``; ``sqlite:////abs/floe.db`` -> ``/abs/floe.db``; a path as is."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://") :]
        return rest[1:] if rest.startswith("/") else rest
    return url


def redacted(url: str) -> str:
    """``url`` without its password, for logs (``postgresql://floe:***@db/floe``)."""
    return re.sub(r"^(\w+://[^:/@]+):[^@]*@", r"\1:***@", url)
