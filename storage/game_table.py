"""The reads of a game's rows, as SQL and as records: its columns, the one query a move loads it
with (:data:`GAME_TABLE`), the log's pages and a member's load."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.codec import load
from storage.records import GameRecord, Loaded, MemberLoad, SeatRecord, UserLanguage
from storage.sql import Row

GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seed, status, step, state, host_id, "
    "created_at, updated_at, board_message_id, turn_step"
)


#: Where each of :data:`GAME_COLUMNS` is in a row, and how many there are.
GAME_COLUMN_AT = {name.strip(): i for i, name in enumerate(GAME_COLUMNS.split(","))}
GAME_WIDTH = len(GAME_COLUMN_AT)


def game_record(row: Sequence[Any]) -> GameRecord:
    (gid, guild, channel, game, options, seed, status, step, state, host, created, updated, msg, turn) = row
    return GameRecord(
        id=gid,
        guild_id=guild,
        channel_id=channel,
        game=game,
        options=load(options),
        seed=seed,
        status=status,
        step=step,
        state=load(state) if state is not None else None,
        host_id=host,
        created_at=created,
        updated_at=updated,
        board_message_id=msg,
        turn_step=turn,
    )


#: :class:`MemberLoad` of (host, guild, user, user, host).
MEMBER_LOAD = (
    "SELECT (SELECT COUNT(*) FROM games WHERE host_id = ? AND guild_id = ? AND status = 'lobby'), "
    "(SELECT COUNT(DISTINCT s.game_id) FROM seats s JOIN games g ON g.id = s.game_id "
    "WHERE s.user_id = ? AND g.status IN ('lobby', 'active')), "
    "(SELECT COALESCE(MAX(finished), 0) FROM reliability WHERE user_id = ?), "
    "(SELECT MAX(created_at) FROM games WHERE host_id = ?)"
)


def member_load(row: Row | None) -> MemberLoad:
    assert row is not None
    lobbies, unfinished, finished, last = row
    return MemberLoad(int(lobbies), int(unfinished), int(finished), None if last is None else float(last))


#: The game with its seats, their users' remembered names, auto-play setting and languages
#: (:meth:`Store.game_table`): a move's reply tells its players in theirs without reading them apart.
GAME_TABLE = (
    f"SELECT {', '.join('g.' + c.strip() for c in GAME_COLUMNS.split(','))}, "
    "s.seat, s.user_id, s.computer, u.name, u.auto_play, l.chosen, l.seen FROM games g "
    "LEFT JOIN seats s ON s.game_id = g.id LEFT JOIN users u ON u.user_id = s.user_id "
    "LEFT JOIN user_languages l ON l.user_id = s.user_id "
    "WHERE g.id = ? ORDER BY s.seat"
)


def loaded_table(game_id: int, rows: Sequence[Row]) -> Loaded | None:
    """:data:`GAME_TABLE`'s rows as (record, seats, names, users who turned auto-play off, the
    seated users' languages)."""
    if not rows:
        return None
    width = GAME_WIDTH
    record = game_record(rows[0][:width])
    seated = [r for r in rows if r[width] is not None]
    seats = [SeatRecord(game_id, r[width], r[width + 1], r[width + 2]) for r in seated]
    names = {int(r[width + 1]): str(r[width + 3]) for r in seated if r[width + 3] is not None}
    manual = {int(r[width + 1]) for r in seated if r[width + 4] is not None and not r[width + 4]}
    languages = {int(r[width + 1]): UserLanguage(r[width + 5], r[width + 6]) for r in seated}
    return record, seats, names, manual, languages


ACTION_COLUMNS = "game_id, step, seat, notation, narration, created_at"
#: The log of one game from a step on (game id, first step).
ACTIONS_FROM = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND step >= ? ORDER BY step"
#: A page of one game's log (game id, limit, offset).
ACTIONS_PAGE = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? ORDER BY step LIMIT ? OFFSET ?"
