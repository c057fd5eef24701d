"""Copy a whole database from one store to another (``floe db copy``; SQLite -> PostgreSQL and back).

Every application table is copied row for row with its ids, in one transaction on the target,
so a failed copy leaves the target as empty as it was. The target must be empty
(:class:`TargetNotEmpty`) and both stores at the same schema version (opening a store migrates it
to the newest, so this holds for stores opened by this build). The tables are found in the
source's schema, not listed by hand, so a table added by a later migration is copied too; only
their order (parents before the rows that refer to them) is known here.

Replaying each game's log to its snapshot needs the rules (``games/``), which live above this
package: :func:`copy_store` returns the ids of the copied games for that check.
"""

from __future__ import annotations

from dataclasses import field

from storage.backends import open_store
from storage.errors import StorageError
from storage.sql import insert_rows
from storage.store import Store
from util.records import frozen

#: Tables that others refer to, in the order they must be filled; any other table comes after.
PARENTS_FIRST = ("games", "users")
CHUNK = 2000


class TargetNotEmpty(StorageError):
    """The copy's target already holds data: nothing was written."""


class SchemaMismatch(StorageError):
    """The two stores are not at the same schema version or do not have the same tables."""


@frozen
class CopyReport:
    #: Rows copied per table.
    rows: dict[str, int] = field(default_factory=dict)
    #: The ids of every copied game, ascending (for the replay check above storage/).
    game_ids: tuple[int, ...] = ()


async def copy_store(source: Store, target: Store) -> CopyReport:
    """Copy every row of ``source`` into the empty ``target``, keeping ids; see the module doc."""
    tables = await _check_compatible(source, target)
    nonempty = [t for t in tables if await target._one(f"SELECT 1 FROM {t} LIMIT 1") is not None]
    if nonempty:
        raise TargetNotEmpty(
            f"the target database is not empty (it has rows in {', '.join(nonempty)}): "
            "copy into a new, empty database"
        )
    counts: dict[str, int] = {}
    async with target._transaction() as tx:
        for table in tables:
            columns = await source._columns(table)
            names = ", ".join(columns)
            insert = f"INSERT INTO {table} ({names})"
            counts[table] = 0
            async for rows in source._stream(f"SELECT {names} FROM {table}", CHUNK):
                await insert_rows(tx, insert, rows)
                counts[table] += len(rows)
        await target._after_copy(tx)
    game_ids = tuple(int(r[0]) for r in await target._all("SELECT id FROM games ORDER BY id"))
    return CopyReport(counts, game_ids)


async def copy_between(source_url: str, target_url: str) -> CopyReport:
    """:func:`copy_store` between the databases two ``DATABASE`` settings name."""
    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            return await copy_store(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _check_compatible(source: Store, target: Store) -> list[str]:
    """The tables to copy, parents first; refuses stores of different schemas."""
    versions = (await source.schema_version(), await target.schema_version())
    if versions[0] != versions[1]:
        raise SchemaMismatch(f"the source is at schema version {versions[0]}, the target at {versions[1]}")
    tables = await source._tables()
    if set(tables) != set(await target._tables()):
        raise SchemaMismatch("the source and the target do not have the same tables")
    for table in tables:
        if await source._columns(table) != await target._columns(table):
            raise SchemaMismatch(f"the table {table} has different columns in the source and the target")
    return sorted(
        tables, key=lambda t: (t not in PARENTS_FIRST, PARENTS_FIRST.index(t) if t in PARENTS_FIRST else 0, t)
    )
