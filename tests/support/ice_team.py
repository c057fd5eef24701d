"""Ice Team positions built directly, seeds for the dice a test wants, and moves played or
refused on them, for the rules' tests (tests/games)."""

from __future__ import annotations

import pytest

import games
from games import IllegalAction
from games.core import pick, rng
from games.ice_team import ICE_TEAM as G
from games.ice_team.board import CELLS, DIE, PLAIN, SEA, parse_pos
from games.ice_team.state import MOVE, IceTeamState


def pos(name: str) -> int:
    return parse_pos(name)


def make(
    cells: dict[str, str] | None = None,
    mine: tuple[str, ...] = ("start", "start", "start", "start"),
    theirs: tuple[str, ...] = ("start", "start", "start", "start"),
    fish: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0)),
    fill: str = PLAIN,
    actions_left: int = 2,
    seed: int = 1,
    step: int = 10,
    current: int = 0,
) -> IceTeamState:
    """A position: every cell ``fill`` except ``cells``; seat ``current`` to move (``mine``)."""
    codes = [fill] * CELLS
    for name, code in (cells or {}).items():
        codes[pos(name)] = code
    bears = [tuple(pos(p) for p in mine), tuple(pos(p) for p in theirs)]
    if current == 1:
        bears.reverse()
    return IceTeamState(
        seed=seed,
        step=step,
        boards=("B'", "A", "C", "D"),
        cells="".join(codes),
        bears=tuple(bears),
        fish=fish,
        first=0,
        current=current,
        phase=MOVE,
        actions_left=actions_left,
    )


def act(state: IceTeamState, text: str, seat: int | None = None) -> IceTeamState:
    seat = state.current if seat is None else seat
    new, _ = games.play(G, state, seat, G.parse_action(text))
    return new


def act_events(state: IceTeamState, text: str) -> tuple[IceTeamState, list[games.Event]]:
    return games.play(G, state, state.current, G.parse_action(text))


def refused(state: IceTeamState, text: str, *why: str) -> str:
    with pytest.raises(IllegalAction) as err:
        games.play(G, state, state.current, G.parse_action(text))
    message = str(err.value)
    for part in why:
        assert part in message, message
    return message


def seed_rolling(step: int, wanted: tuple[str, ...]) -> int:
    """A seed whose roll at the action taken from a state at ``step`` gives ``wanted``."""
    for seed in range(100_000):
        r = rng(seed, step + 1)
        if tuple(pick(r, DIE) for _ in wanted) == wanted:
            return seed
    raise AssertionError("no such seed")


def cell(state: IceTeamState, name: str) -> str:
    return state.cells[pos(name)]


def blocking_position() -> IceTeamState:
    """Seat 1 to move; seat 0's bears all on START behind a column of sea and seat 1's bears."""
    return make(
        current=1,
        mine=("B1", "B2", "B3", "D2"),
        theirs=("start", "start", "start", "start"),
        cells={"A1": SEA, "A2": SEA, "A3": SEA},
        actions_left=1,
    )
