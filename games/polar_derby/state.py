"""Polar Derby's turn phases, options, state and a seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from games.core import (
    Options,
    Seat,
)
from games.polar_derby.board import Counts
from games.words import Text, say
from util.records import frozen

# Turn phases
ROLL = "roll"  # the turn starts: the player must roll
TAKE = "take"  # the dice allow a take: the player must take at least one bear
DECIDE = "decide"  # after a take: roll again or stop
OVER = "over"


@frozen
class DerbyOptions(Options):
    younger_players: bool = False
    no_risk: bool = False
    long_game: bool = False

    help: ClassVar[Mapping[str, Text]] = {
        "younger_players": say("every bear counts 1 point"),
        "no_risk": say("pulled bears are safe at once"),
        "long_game": say("one game per player, totals added"),
    }


# ----------------------------------------------------------------------------- state


@frozen
class DerbyState:
    seed: int
    step: int
    players: int
    options: DerbyOptions
    current: Seat
    phase: str
    middle: Counts
    safe: tuple[Counts, ...]
    pulled: Counts  # the current player's bears at risk this turn
    locked: frozenset[str]  # colours pulled this turn (since the last double Free Skate)
    dice: tuple[str, str] | None  # the last roll
    game_number: int  # 1-based, for the long game
    first: Seat  # who began the current game
    totals: tuple[int, ...]  # points of finished games (long game)
    bear_totals: tuple[int, ...]  # bears of finished games (long-game tie-break)
    retired: frozenset[Seat]


@frozen
class DerbyView:
    """Everything on the table: Polar Derby has no hidden information."""

    game: str
    step: int
    players: int
    current: Seat | None
    phase: str
    middle: Counts
    safe: tuple[Counts, ...]
    pulled: Counts
    locked: frozenset[str]
    dice: tuple[str, str] | None
    scores: tuple[int, ...]  # this game's points of safe bears
    totals: tuple[int, ...]  # finished games plus this one (equal to scores unless long game)
    game_number: int
    games: int
    values: Mapping[str, int]
    retired: frozenset[Seat]
    winners: frozenset[Seat]
    viewer: Seat | None
    #: The moves the current player may play now, in notation ("take pink orange"); empty when
    #: the game is over. Public: everyone sees the dice.
    moves: tuple[str, ...] = ()
    no_risk: bool = False  # the no-risk version is played
    first: Seat = 0  # who began the current game (long game: the next game starts one seat on)
    bear_totals: tuple[int, ...] = ()  # bears of finished games (long-game tie-break)
