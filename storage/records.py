"""What the store reads back: one frozen record per row of a game, a seat, a log entry, a user."""

from __future__ import annotations

from typing import Any

from util.records import frozen


@frozen
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    step: int
    state: dict[str, Any] | None
    host_id: int
    created_at: float
    updated_at: float
    board_message_id: int | None
    #: The step of the first action narrated in the turn message (``board_message_id``).
    turn_step: int | None = None

    def moved(
        self, step: int, status: str, state: dict[str, Any], now: float, turn_step: int | None
    ) -> GameRecord:
        """The record after a move is committed (what a reload would read). Spelled out rather
        than :func:`dataclasses.replace`, which costs three times as much, on every move."""
        return GameRecord(
            self.id,
            self.guild_id,
            self.channel_id,
            self.game,
            self.options,
            self.seed,
            status,
            step,
            state,
            self.host_id,
            self.created_at,
            now,
            self.board_message_id,
            turn_step,
        )


@frozen
class MemberLoad:
    """What a member holds, for the bounds on hoarding (bot/core/lobbies.py)."""

    #: Open lobbies they host in the server.
    lobbies_here: int
    #: Games in a lobby or running in which they hold a seat, in every server.
    unfinished: int
    #: Games they finished (their reliability record).
    finished: int
    #: When they last opened a game (any server), None if never.
    last_opened: float | None


@frozen
class SeatRecord:
    game_id: int
    seat: int
    user_id: int
    #: The level of a computer player ("easy", "normal", "hard"); None for a person.
    computer: str | None = None


@frozen
class SeatChange:
    """A seat passing from ``old_user`` to ``new_user`` (:meth:`Store.replace_seat_holders`);
    ``computer``: the level when the computer takes it over, None for a person."""

    seat: int
    old_user: int
    new_user: int
    computer: str | None = None


@frozen
class ActionRecord:
    game_id: int
    step: int
    seat: int
    notation: str
    narration: str
    created_at: float


@frozen
class UserPrefs:
    user_id: int
    dm_on_turn: bool = False
    dm_closed: bool = False
    #: The last failure of a DM to the user (Discord's code, or the HTTP status of a server
    #: error) and when; None once a DM went through (:meth:`Store.dm_failed`).
    dm_failed: int | None = None
    dm_failed_at: float | None = None


@frozen
class UserLanguage:
    """A person's languages, as Discord's locale codes: ``chosen`` with ``/settings`` (None: their
    Discord's), ``seen`` in their last interaction (None: never seen)."""

    chosen: str | None = None
    seen: str | None = None


#: A game as a move loads it (:meth:`storage.store.Store.game_table`): the record, its seats in
#: order, the remembered names of their users, the users who turned auto-play off and the
#: languages of its seats' users (:class:`UserLanguage`, read in the same query).
Loaded = tuple[GameRecord, list[SeatRecord], dict[int, str], set[int], dict[int, UserLanguage]]
