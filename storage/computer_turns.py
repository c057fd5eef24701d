"""Who thinks for a game's computer seats: a claim on (game, step) in the database (migration 12).

Several bot processes share one database; a computer's decision (up to seconds of CPU) must be
thought by exactly one of them, and the others must not even load the game for it. So the
process that will think claims the game at its current step first (:meth:`ComputerTurns.claim`,
one statement that reads ``games.step``), and only then loads it:

* a row of ``computer_turns`` says which step of a game was claimed, by whom (``lease_owner``)
  and until when (``lease_until``); a claim whose holder died or stalled is free once that time
  has passed;
* a claim is free when the game moved on (its step is no longer the claimed one), when it ran
  out, or when it is the claimer's own;
* :meth:`ComputerTurns.settle` records that at a step no computer had anything to decide
  (``lease_owner`` NULL), so no tick of any process loads the game again until it moves on or
  the record runs out; a change that does not move the step on (a seat given to a computer)
  takes it over with ``over_settled``;
* :meth:`ComputerTurns.release` gives a claim back (the thought failed: the next tick retries).

Two claims never both succeed: the upsert's ``DO UPDATE ... WHERE`` is decided on the row as the
winner left it (PostgreSQL locks the row; SQLite runs under its single writer).
"""

from __future__ import annotations

from storage.store import Store


class ComputerTurns:
    """The claims on games' computer decisions, over ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def claim(
        self, game_id: int, owner: str, now: float, lease_seconds: float, *, over_settled: bool = False
    ) -> int | None:
        """Claim ``game_id`` at its current step for ``owner`` until ``now + lease_seconds``: the
        step claimed, or None when another holds it, it was settled at this step (unless
        ``over_settled``) or the game is not active."""
        taken = "computer_turns.step <> excluded.step OR computer_turns.lease_until <= ? OR computer_turns.lease_owner = ?"
        if over_settled:
            taken += " OR computer_turns.lease_owner IS NULL"
        async with self.store._transaction() as tx:
            row = await tx.one(
                "INSERT INTO computer_turns (game_id, step, lease_owner, lease_until) "
                "SELECT id, step, CAST(? AS TEXT), CAST(? AS DOUBLE PRECISION) FROM games WHERE id = ? AND status = 'active' "
                "ON CONFLICT (game_id) DO UPDATE SET step = excluded.step, lease_owner = excluded.lease_owner, "
                f"lease_until = excluded.lease_until WHERE {taken} RETURNING step",
                (owner, now + lease_seconds, game_id, now, owner),
            )
        return None if row is None else int(row[0])

    async def settle(self, game_id: int, owner: str, step: int, until: float) -> None:
        """``owner`` looked at ``game_id`` at ``step``: no computer decides there. No claim is
        taken at that step until ``until`` unless ``over_settled``."""
        async with self.store._transaction() as tx:
            await tx.run(
                "UPDATE computer_turns SET lease_owner = NULL, lease_until = ? "
                "WHERE game_id = ? AND lease_owner = ? AND step = ?",
                (until, game_id, owner, step),
            )

    async def release(self, game_id: int, owner: str) -> None:
        """Give back ``owner``'s claim on ``game_id`` (another process may take it at once)."""
        async with self.store._transaction() as tx:
            await tx.run("DELETE FROM computer_turns WHERE game_id = ? AND lease_owner = ?", (game_id, owner))

    async def due(self, now: float) -> list[int]:
        """The active games with a computer seat that nobody holds or settled at their current
        step: those a tick looks at, oldest first."""
        rows = await self.store._all(
            "SELECT g.id FROM games g LEFT JOIN computer_turns t ON t.game_id = g.id "
            "WHERE g.status = 'active' "
            "AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.computer IS NOT NULL) "
            "AND (t.game_id IS NULL OR t.step <> g.step OR t.lease_until <= ?) ORDER BY g.id",
            (now,),
        )
        return [int(r[0]) for r in rows]
