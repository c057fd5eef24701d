"""What one commit writes (:class:`Move`, decided as a :class:`Plan`) and the statements that write it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.game_table import ACTION_COLUMNS, ACTIONS_FROM, GAME_COLUMN_AT, GAME_WIDTH
from storage.owed import Owed
from storage.records import GameRecord
from storage.sql import Row
from util.records import frozen

#: A move's two statements (:meth:`Store.commit`): the snapshot moves from ``step`` to
#: ``step + n`` only if the stored game is still at ``step`` (a stale move matches no row), then the
#: move's ``n`` log entries are appended. The same statement sets ``turn_step`` when the move
#: begins a new turn message (NULL keeps it). It returns the step moved to: one row when the step
#: was not stale (:data:`MOVED_RETURNING`).
MOVED_RETURNING = " RETURNING step"
MOVE_UPDATE = (
    "UPDATE games SET state = ?, step = step + ?, status = ?, updated_at = ?, "
    "turn_step = COALESCE(?, turn_step) WHERE id = ? AND step = ? AND status = 'active'" + MOVED_RETURNING
)
#: :data:`MOVE_UPDATE` for a move after which the game stays active (nearly every move): it does
#: not name ``status``, because SQLite rewrites the entries of every index whose columns (or
#: partial-index condition) an ``UPDATE`` sets, changed or not; ``one_open_game_per_channel``
#: names ``status``, and setting it doubled the statement's time.
MOVE_ON = (
    "UPDATE games SET state = ?, step = step + ?, updated_at = ?, "
    "turn_step = COALESCE(?, turn_step) WHERE id = ? AND step = ? AND status = 'active'" + MOVED_RETURNING
)
LOG_COLUMNS = "INSERT INTO actions (game_id, step, seat, notation, narration, created_at)"
LOG_INSERT = f"{LOG_COLUMNS} VALUES (?, ?, ?, ?, ?, ?)"


@frozen
class LogEntry:
    """One action of a move, as the log keeps it."""

    seat: int
    notation: str
    narration: str


@frozen
class Move:
    """What one commit writes: log entries from ``step`` on, and the snapshot after the last,
    already encoded (``dump``). Several entries: an action and the forced moves after it."""

    game_id: int
    step: int
    entries: tuple[LogEntry, ...]
    snapshot: str
    status: str
    now: float
    #: A new turn message begins with the action at this step (``GameRecord.turn_step``); None keeps it.
    turn_step: int | None = None
    #: What the move owes the players, recorded in its transaction (None: nothing to post).
    owed: Owed | None = None

    @property
    def update(self) -> str:
        """The statement that moves the game: :data:`MOVE_ON` while it stays active, else
        :data:`MOVE_UPDATE`; its parameters are :meth:`update_params`."""
        return MOVE_ON if self.status == "active" else MOVE_UPDATE

    @property
    def counted_update(self) -> str:
        """:attr:`update` without its ``RETURNING``, for a driver that counts the rows a statement
        changed (SQLite, where ``RETURNING`` makes the statement slower: docs/performance.md)."""
        return self.update.removesuffix(MOVED_RETURNING)

    def update_params(self) -> tuple[Any, ...]:
        """The parameters of :attr:`update`."""
        moved = (self.snapshot, len(self.entries))
        if self.status == "active":
            return (*moved, self.now, self.turn_step, self.game_id, self.step)
        return (*moved, self.status, self.now, self.turn_step, self.game_id, self.step)

    def log_rows(self) -> list[tuple[Any, ...]]:
        """The parameters of :data:`LOG_INSERT`, one tuple per entry."""
        return [
            (self.game_id, self.step + k, e.seat, e.notation, e.narration, self.now)
            for k, e in enumerate(self.entries)
        ]

    def moved_rows(self, rows: Sequence[Row]) -> list[Row]:
        """:data:`GAME_TABLE`'s ``rows`` (read before the move) as the move's update leaves them:
        what a read after the commit returns, without the read."""
        head = list(rows[0][:GAME_WIDTH])
        head[GAME_COLUMN_AT["state"]] = self.snapshot
        head[GAME_COLUMN_AT["step"]] = self.step + len(self.entries)
        head[GAME_COLUMN_AT["status"]] = self.status
        head[GAME_COLUMN_AT["updated_at"]] = self.now
        if self.turn_step is not None:
            head[GAME_COLUMN_AT["turn_step"]] = self.turn_step
        return [(*head, *row[GAME_WIDTH:]) for row in rows]


@frozen
class Since:
    """The part of a game's log a "since your last turn" digest reads: from the earliest of the
    last actions of ``seats`` before step ``before`` (rows noted ``ignored``, the bot's undo
    marks, are not actions); no rows when none of them has acted. A long game's log is not
    read whole on every move."""

    seats: tuple[int, ...]
    before: int
    ignored: str = ""

    def query(self, game_id: int) -> tuple[str, tuple[Any, ...]]:
        """Each seat's last action is one backward index seek from ``before`` (not a scan of the
        game's whole log grouped by seat, which took twice as long on a short log)."""
        last = (
            "SELECT step FROM actions WHERE game_id = ? AND step < ? AND notation <> ? AND seat = ? "
            "ORDER BY step DESC LIMIT 1"
        )
        lasts = " UNION ALL ".join(f"SELECT ({last}) AS last" for _ in self.seats) or "SELECT NULL AS last"
        sql = (
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND step >= ("
            f"SELECT MIN(last) FROM ({lasts}) AS lasts) ORDER BY step"
        )
        seeks = (p for seat in self.seats for p in (game_id, self.before, self.ignored, seat))
        return sql, (game_id, *seeks)


@frozen
class Plan:
    """A move decided from the loaded game (:meth:`Store.play`), and what its reply reads back."""

    move: Move
    #: After the move, read the log from this step for the reply (None: the reply reads nothing).
    log_from: int | None = None
    #: After the move, read the log a digest needs (instead of ``log_from``).
    log_since: Since | None = None
    #: The game as the move leaves it (what a reload would read), when the caller knows it: a
    #: store may keep it to guess the next move's load (:meth:`Store.play`).
    after: GameRecord | None = None

    def log_query(self) -> tuple[str, tuple[Any, ...]] | None:
        """The statement that reads back the log the reply needs, or None."""
        if self.log_since is not None:
            return self.log_since.query(self.move.game_id)
        if self.log_from is not None:
            return ACTIONS_FROM, (self.move.game_id, self.log_from)
        return None

    @property
    def ends(self) -> bool:
        """The move ends the game: its result must be written in the same transaction."""
        return self.move.status == "finished"
