"""Owed posts: what a committed change still owes the players, until a post delivers it.

One ``owed_posts`` row per game. The change's own transaction writes it (:data:`OWED_UPSERT`,
:class:`Owed`): the public post of the game at ``step`` (``board``), the users to
ping, and the users owed a private note (a user once per owed note); merged with what the game
still owed. The committing process holds a short lease on it while it posts, so nobody else
posts it meanwhile; the post then settles it (:meth:`OwedPosts.settle`): what went out is taken
off, conditionally on the step (a post of an older step never clears a newer board), and what is
left (a note whose DM failed for a transient reason, a board whose post failed) is released for
a retry at a later time. A process that dies between the commit and the post leaves the row
leased; once the lease runs out, the next tick of any process claims it (:meth:`OwedPosts.claim`,
one process at a time, like the scheduler's due work: :class:`storage.clocks.ClockStore`) and
posts the game's current board and each owed player's current private view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from storage.sql import Database
from util.records import frozen


def ids_text(ids: Iterable[int]) -> str:
    """User ids as ``owed_posts`` keeps them: separated by spaces (a user once per owed note)."""
    return " ".join(map(str, ids))


def text_ids(text: str) -> tuple[int, ...]:
    """What :func:`ids_text` wrote, read back."""
    return tuple(int(part) for part in text.split())


@frozen
class Owed:
    """What a committed change owes the players (``owed_posts``, :mod:`storage.owed`), written in
    its own transaction: the public post of the game at ``step`` (``board``), pinging ``pings``,
    and a private note for each of ``notes``; leased to ``owner`` (the committing process, which
    posts it) until ``until``."""

    game_id: int
    step: int
    board: bool
    pings: tuple[int, ...]
    notes: tuple[int, ...]
    owner: str
    until: float
    now: float

    def params(self) -> tuple[Any, ...]:
        """The parameters of :data:`OWED_UPSERT`."""
        return (
            self.game_id,
            self.step,
            int(self.board),
            ids_text(self.pings),
            ids_text(self.notes),
            self.now,
            self.owner,
            self.until,
        )


#: Record a debt (:class:`Owed`) in the change's transaction: one statement, merged with what the
#: game still owes (a board stays owed, pings and notes add up, the first ``since`` is kept).
OWED_UPSERT = (
    "INSERT INTO owed_posts (game_id, step, board, pings, notes, since, lease_owner, lease_until) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET step = excluded.step, "
    "board = CASE WHEN excluded.board = 1 THEN 1 ELSE owed_posts.board END, "
    "pings = TRIM(owed_posts.pings || ' ' || excluded.pings), "
    "notes = TRIM(owed_posts.notes || ' ' || excluded.notes), "
    "lease_owner = excluded.lease_owner, lease_until = excluded.lease_until, retry_at = 0"
)


_COLUMNS = "game_id, step, board, pings, notes, since, attempts, lease_owner"

#: The retry time of a debt held while its game is paused because its channel is closed to the
#: bot (:meth:`OwedPosts.hold`): no tick claims it until the game resumes (:meth:`OwedPosts.release`).
HELD = 1e15


@frozen
class OwedPost:
    """One game's debt as stored."""

    game_id: int
    step: int  # the step of the newest change it is for
    board: bool  # the public post is owed
    pings: frozenset[int]  # the users the public post pings (those still awaited)
    notes: tuple[int, ...]  # the users owed a private note, once per note
    since: float  # when the oldest part of it was owed
    attempts: int  # the posts that failed so far
    owner: str | None = None  # the lease holder

    @classmethod
    def of(cls, row: tuple[object, ...]) -> OwedPost:
        game_id, step, board, pings, notes, since, attempts, owner = row
        return cls(
            int(game_id),  # type: ignore[call-overload]
            int(step),  # type: ignore[call-overload]
            bool(board),
            frozenset(text_ids(str(pings))),
            text_ids(str(notes)),
            float(since),  # type: ignore[arg-type]
            int(attempts),  # type: ignore[call-overload]
            None if owner is None else str(owner),
        )


def _without(owed: tuple[int, ...], delivered: Iterable[int], *, every: bool) -> tuple[int, ...]:
    """``owed`` without the notes of ``delivered``: every one of theirs (``every``: the post showed
    the newest state, which every note owed to them recomputes), else one each."""
    left = list(owed)
    for user in delivered:
        if every:
            left = [u for u in left if u != user]
        elif user in left:
            left.remove(user)
    return tuple(left)


class OwedPosts:
    """The owed posts of an open :class:`Store` (either backend)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    async def owe(self, owed: Owed) -> None:
        """Record ``owed`` on its own (a change commits it in its own transaction instead)."""
        async with self.store._transaction() as tx:
            await tx.run(OWED_UPSERT, owed.params())

    async def owed(self, game_id: int) -> OwedPost | None:
        row = await self.store._one(f"SELECT {_COLUMNS} FROM owed_posts WHERE game_id = ?", (game_id,))
        return OwedPost.of(row) if row is not None else None

    async def claim(self, owner: str, now: float, lease_seconds: float, limit: int = 50) -> list[OwedPost]:
        """Lease to ``owner`` up to ``limit`` owed posts whose retry time came and that no live
        lease holds, oldest first. One transaction; the candidate rows are locked while it decides
        (PostgreSQL, skipping those another process is claiming; SQLite's writer lock does the
        same), so two processes never claim one post."""
        async with self.store._transaction() as tx:
            rows = await tx.all(
                f"SELECT {_COLUMNS} FROM owed_posts WHERE retry_at <= ? "
                "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY since, game_id LIMIT ?"
                f"{self.store._lock_clause}{' SKIP LOCKED' if self.store._lock_clause else ''}",
                (now, now, limit),
            )
            posts = [OwedPost.of(r) for r in rows]
            for post in posts:
                await tx.run(
                    "UPDATE owed_posts SET lease_owner = ?, lease_until = ? WHERE game_id = ?",
                    (owner, now + lease_seconds, post.game_id),
                )
        return posts

    async def settle(
        self,
        owner: str,
        game_id: int,
        step: int,
        *,
        board: bool,
        notes: Iterable[int] = (),
        retry_at: float | None = None,
    ) -> OwedPost | None:
        """A post for the game at ``step`` went out: ``board`` whether its public post did,
        ``notes`` the users whose private notes did. A board owed for a newer step stays owed, and
        of the notes owed for it only one per user delivered is taken off. Nothing left: the row goes. Something left: it stays, and when ``owner``
        holds the lease it is released for a retry at ``retry_at`` (a failure: one more attempt).
        Returns what is still owed (None: nothing)."""
        delivered = list(notes)
        if board and retry_at is None:  # the common case in one statement: it all went out
            done = ids_text(sorted(set(delivered)))
            if await self.store._write(
                "DELETE FROM owed_posts WHERE game_id = ? AND step <= ? AND notes = ?", (game_id, step, done)
            ):
                return None
            if await self.owed(game_id) is None:
                return None
        async with self.store._transaction() as tx:
            row = await tx.one(
                f"SELECT {_COLUMNS} FROM owed_posts WHERE game_id = ?{self.store._lock_clause}", (game_id,)
            )
            if row is None:
                return None
            post = OwedPost.of(row)
            board_left = post.board and not (board and step >= post.step)
            left = _without(post.notes, delivered, every=step >= post.step)
            if not board_left and not left:
                await tx.run("DELETE FROM owed_posts WHERE game_id = ?", (game_id,))
                return None
            pings = ids_text(post.pings) if board_left else ""
            if post.owner == owner and step >= post.step:
                failed = 1 if retry_at is not None else 0
                await tx.run(
                    "UPDATE owed_posts SET board = ?, pings = ?, notes = ?, lease_owner = NULL, "
                    "lease_until = NULL, retry_at = ?, attempts = attempts + ? WHERE game_id = ?",
                    (int(board_left), pings, ids_text(left), retry_at or 0.0, failed, game_id),
                )
            else:  # a newer change's, or another process's lease: its own post settles it
                await tx.run(
                    "UPDATE owed_posts SET board = ?, pings = ?, notes = ? WHERE game_id = ?",
                    (int(board_left), pings, ids_text(left), game_id),
                )
        return OwedPost(
            game_id, post.step, board_left, frozenset(text_ids(pings)), left, post.since, post.attempts
        )

    async def hold(self, game_id: int) -> None:
        """Keep what the game owes, unclaimed, while it is paused because its channel is closed
        to the bot: whether its board never reached the channel is still known when it resumes."""
        await self.store._write(
            "UPDATE owed_posts SET lease_owner = NULL, lease_until = NULL, retry_at = ? WHERE game_id = ?",
            (HELD, game_id),
        )

    async def release(self, game_id: int) -> OwedPost | None:
        """The game resumed: what it held (:meth:`hold`) is posted at the next tick, its retries
        counted afresh. Returns what it owes (None: nothing, so nothing is posted again)."""
        await self.store._write(
            "UPDATE owed_posts SET retry_at = 0, attempts = 0 WHERE game_id = ? AND retry_at >= ?",
            (game_id, HELD),
        )
        return await self.owed(game_id)

    async def give_up(self, game_id: int) -> None:
        """Nothing is owed any more (the channel is gone, or every retry failed)."""
        await self.store._write("DELETE FROM owed_posts WHERE game_id = ?", (game_id,))
