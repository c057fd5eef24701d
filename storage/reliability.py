"""The players' reliability (``reliability``: per person, games finished and resigned, seats taken
over in a running game and deadlines missed) and the time they take to move.

Games finished and resigned are counted with each result (:func:`storage.ratings.write_result`);
the rest is counted here, on the store's :attr:`~storage.store.Store.reliability`.
"""

from __future__ import annotations

from collections.abc import Iterable

from storage.sql import Database, marks
from util.records import frozen


@frozen
class Reliability:
    finished: int = 0
    resigned: int = 0
    replaced: int = 0
    missed: int = 0

    @property
    def share_finished(self) -> float | None:
        """Games played to the end over games taken part in; None with none yet."""
        total = self.finished + self.resigned + self.replaced
        return None if total == 0 else self.finished / total


class ReliabilityStore:
    """Reliability records and move times on an open :class:`Store` (its :attr:`~Store.reliability`)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def of(self, user_ids: Iterable[int]) -> dict[int, Reliability]:
        """The reliability of each of ``user_ids`` (an empty record for one never counted)."""
        ids = tuple(set(user_ids))
        if not ids:
            return {}
        out = {u: Reliability() for u in ids}
        for user, finished, resigned, replaced, missed in await self.store._all(
            f"SELECT user_id, finished, resigned, replaced, missed FROM reliability "
            f"WHERE user_id IN ({marks(len(ids))})",
            ids,
        ):
            out[int(user)] = Reliability(int(finished), int(resigned), int(replaced), int(missed))
        return out

    async def count_replaced(self, user_id: int) -> None:
        await self._bump(user_id, "replaced")

    async def count_missed(self, user_id: int) -> None:
        await self._bump(user_id, "missed")

    async def _bump(self, user_id: int, column: str) -> None:
        async with self.store._transaction() as tx:
            await tx.run(
                f"INSERT INTO reliability (user_id, {column}) VALUES (?, 1) "
                f"ON CONFLICT (user_id) DO UPDATE SET {column} = reliability.{column} + 1",
                (user_id,),
            )

    async def move_times(self, user_id: int, *, limit: int = 200) -> list[float]:
        """Seconds the user took for their latest moves (the time since the move before), newest first."""
        rows = await self.store._all(
            "SELECT a.created_at - p.created_at FROM actions a JOIN seats s "
            "ON s.game_id = a.game_id AND s.seat = a.seat "
            "JOIN actions p ON p.game_id = a.game_id AND p.step = a.step - 1 "
            "WHERE s.user_id = ? ORDER BY a.created_at DESC LIMIT ?",
            (user_id, limit),
        )
        return [float(r[0]) for r in rows]
