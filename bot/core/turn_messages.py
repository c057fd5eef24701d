"""Which message is a game's turn message (the one whose board is edited move after move), as
the front ends' outboxes read and record it through the core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from storage import GameRecord

if TYPE_CHECKING:
    from bot.core.sessions import Sessions


async def game_record(sessions: Sessions, game_id: int) -> GameRecord | None:
    """The game's stored record as it is now (its step, channel and turn message), or None."""
    return await sessions.store.game(game_id)


async def set_turn_message(sessions: Sessions, game_id: int, message_id: int) -> None:
    """``message_id`` is the game's turn message from now on."""
    await sessions.store.set_board_message(game_id, message_id)
