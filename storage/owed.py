"""Boards owed to a channel: a committed change whose post failed, posted again later.

One ``bot_state`` fact per game (key ``board_owed:<game id>``), its value a small JSON object:
when the board was first owed (``since``), whom the failed post would have pinged (``pings``),
and the lease of the process re-posting it now (``owner``, ``until``). Several bot processes
share the retries like the scheduler's due work (:class:`storage.clocks.ClockStore`): each
retry claims the owed boards no live lease holds, for a while, so exactly one process re-posts
a board; a process that dies holding a lease delays that board until the lease runs out. A
value of ``1`` (written before the leases existed) reads as owed since now, pinging nobody.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from storage.store import Store, dump, load

#: The ``bot_state`` key prefix of an owed board.
OWED = "board_owed:"


@dataclass(frozen=True)
class OwedBoard:
    game_id: int
    since: float  # when the board was first owed
    pings: frozenset[int]  # the users the failed post would have pinged


def _value(raw: str, now: float) -> dict[str, Any]:
    try:
        value = load(raw)
    except ValueError:
        value = None
    if not isinstance(value, dict):  # "1": owed before leases existed
        value = {}
    value.setdefault("since", now)
    value.setdefault("pings", [])
    return value


class OwedBoards:
    """The owed boards of an open :class:`Store` (either backend)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def owe(self, game_id: int, now: float, pings: Iterable[int] = ()) -> None:
        """The board of ``game_id`` is owed (again): keep when it was first owed, add ``pings``."""
        key = f"{OWED}{game_id}"
        async with self.store._transaction() as tx:
            row = await tx.one(f"SELECT value FROM bot_state WHERE key = ?{self.store._lock_clause}", (key,))
            value = _value(str(row[0]) if row else "{}", now)
            value["pings"] = sorted(set(value["pings"]) | set(pings))
            await tx.run(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, dump(value)),
            )

    async def owed(self, game_id: int) -> bool:
        return (
            await self.store._one("SELECT 1 FROM bot_state WHERE key = ?", (f"{OWED}{game_id}",)) is not None
        )

    async def claim(self, owner: str, now: float, lease_seconds: float, limit: int = 50) -> list[OwedBoard]:
        """Lease to ``owner`` up to ``limit`` owed boards that no live lease holds, oldest first.

        One transaction; the candidate rows are locked while it decides (PostgreSQL; SQLite's
        writer lock does the same), so two processes never claim one board.
        """
        claimed: list[OwedBoard] = []
        async with self.store._transaction() as tx:
            rows = await tx.all(
                f"SELECT key, value FROM bot_state WHERE substr(key, 1, ?) = ? ORDER BY key{self.store._lock_clause}",
                (len(OWED), OWED),
            )
            free = []
            for key, raw in rows:
                value = _value(str(raw), now)
                if value.get("owner") is None or float(value.get("until") or 0) <= now:
                    free.append((str(key), value))
            free.sort(key=lambda kv: (float(kv[1]["since"]), kv[0]))
            for key, value in free[:limit]:
                value.update(owner=owner, until=now + lease_seconds)
                await tx.run("UPDATE bot_state SET value = ? WHERE key = ?", (dump(value), key))
                game_id = int(key.removeprefix(OWED))
                claimed.append(OwedBoard(game_id, float(value["since"]), frozenset(value["pings"])))
        return claimed

    async def settle(self, owner: str, game_id: int) -> bool:
        """The board was posted, or given up: no longer owed, if ``owner`` still holds its lease
        (returns whether it did; a lease that ran out may be another process's now)."""
        return await self._finish(owner, game_id, drop=True)

    async def release(self, owner: str, game_id: int) -> bool:
        """Posting failed again: still owed, free for the next retry (by any process)."""
        return await self._finish(owner, game_id, drop=False)

    async def _finish(self, owner: str, game_id: int, *, drop: bool) -> bool:
        key = f"{OWED}{game_id}"
        async with self.store._transaction() as tx:
            row = await tx.one(f"SELECT value FROM bot_state WHERE key = ?{self.store._lock_clause}", (key,))
            if row is None:
                return False
            value = _value(str(row[0]), 0.0)
            if value.get("owner") != owner:
                return False
            if drop:
                await tx.run("DELETE FROM bot_state WHERE key = ?", (key,))
            else:
                value.update(owner=None, until=None)
                await tx.run("UPDATE bot_state SET value = ? WHERE key = ?", (dump(value), key))
        return True

    async def posted(self, game_id: int) -> None:
        """A board of the game was posted by an ordinary move: nothing is owed any more."""
        async with self.store._transaction() as tx:
            await tx.run("DELETE FROM bot_state WHERE key = ?", (f"{OWED}{game_id}",))
