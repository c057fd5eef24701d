"""Polar Derby positions built directly, with the seed for the roll a test wants, and moves
played on them, for the rules' tests (tests/games)."""

from __future__ import annotations

from dataclasses import replace

import games
from games.core import pick, rng
from games.polar_derby import POLAR_DERBY as G
from games.polar_derby.board import COLOURS, DIE_FACES, NO_BEARS
from games.polar_derby.state import ROLL, DerbyOptions, DerbyState


def counts(**by_colour: int) -> tuple[int, ...]:
    return tuple(by_colour.get(c, 0) for c in COLOURS)


def position(
    *,
    players: int = 3,
    current: int = 0,
    phase: str = ROLL,
    middle: tuple[int, ...] | None = None,
    safe: tuple[tuple[int, ...], ...] | None = None,
    pulled: tuple[int, ...] = NO_BEARS,
    locked: frozenset[str] = frozenset(),
    dice: tuple[str, str] | None = None,
    options: DerbyOptions | None = None,
) -> DerbyState:
    return DerbyState(
        seed=1,
        step=10,
        players=players,
        options=options or DerbyOptions(),
        current=current,
        phase=phase,
        middle=middle if middle is not None else (5,) * 5,
        safe=safe if safe is not None else (NO_BEARS,) * players,
        pulled=pulled,
        locked=locked,
        dice=dice,
        game_number=1,
        first=0,
        totals=(0,) * players,
        bear_totals=(0,) * players,
        retired=frozenset(),
    )


def rolling(state: DerbyState, a: str, b: str) -> DerbyState:
    """The same position with a seed whose next roll shows ``a`` and ``b``."""
    for seed in range(100_000):
        r = rng(seed, state.step + 1)
        if (pick(r, DIE_FACES), pick(r, DIE_FACES)) == (a, b):
            return replace(state, seed=seed)
    raise AssertionError("no such seed")


def play(state: DerbyState, text: str, seat: int | None = None) -> DerbyState:
    new, _ = games.play(G, state, state.current if seat is None else seat, G.parse_action(text))
    return new
