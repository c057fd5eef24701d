"""Turn notifications held back by quiet hours (``bot_state`` keys ``quiet_turn:<game>:<user>``).

The rules are :mod:`bot.core.scheduler.quiet_hours`'s; this module only reads and writes rows.
One row per game and user, its value the time (UTC seconds) the user's quiet hours end: several
turns held back in one night are one row. Once across processes: :meth:`QuietTurnStore.claim`
deletes the row, and only the process whose DELETE removed it sends the notice.
"""

from __future__ import annotations

from storage.sql import Database
from util.records import frozen

PREFIX = "quiet_turn:"


@frozen
class HeldTurn:
    """A turn notification held back for ``user_id`` in ``game_id`` until ``until``."""

    game_id: int
    user_id: int
    until: float

    @property
    def key(self) -> str:
        return f"{PREFIX}{self.game_id}:{self.user_id}"


class QuietTurnStore:
    """The held turn notifications on an open store (either backend)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def hold(self, held: HeldTurn) -> None:
        """Keep ``held`` (replacing what the same game held for the same user)."""
        async with self.store._transaction() as tx:
            await tx.run(
                "INSERT INTO bot_state (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (held.key, repr(held.until)),
            )

    async def all(self, game_id: int | None = None) -> list[HeldTurn]:
        """Every held notification (of ``game_id`` only, when given)."""
        prefix = PREFIX if game_id is None else f"{PREFIX}{game_id}:"
        rows = await self.store._all(
            "SELECT key, value FROM bot_state WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
        )
        out = []
        for key, value in rows:
            game, user = str(key)[len(PREFIX) :].split(":")
            out.append(HeldTurn(int(game), int(user), float(value)))
        return out

    async def claim(self, held: HeldTurn) -> bool:
        """Take ``held`` off the store; whether this call did (of two processes, one does)."""
        async with self.store._transaction() as tx:
            return await tx.run("DELETE FROM bot_state WHERE key = ?", (held.key,)) > 0
