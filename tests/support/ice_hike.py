"""Ice Hike positions built directly, and moves played or refused on them, for the rules' tests
(tests/games) and the computer player's (tests/ai)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from games import IllegalAction
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.state import ACT, HikeOptions, HikeState

ORANGE, WHITE, BROWN, GREY = 0, 1, 2, 3


def C(name: str) -> int:
    return B.INDEX[name]


def pos(
    *,
    players: int = 4,
    tiles: dict[str, str] | None = None,
    puppets: dict[int, str] | None = None,
    bears: tuple[str, ...] = (),
    igloos: dict[int, tuple[str, ...]] | None = None,
    finds: dict[int, tuple[int, int, int]] | None = None,
    cubes: dict[str, str] | None = None,
    current: int = 0,
    phase: str = ACT,
    mode: str = "puppet",
    steps: int = 2,
    bear_steps: int = 0,
    drawn: str = "",
    drawn_cube: str = "",
    pile: tuple[str, ...] | None = None,
    options: HikeOptions | None = None,
    policy: tuple[str, ...] | None = None,
) -> HikeState:
    """A position: a fresh game with the given pieces, everything else empty."""
    options = options or HikeOptions()
    state = G.new_game(players, options, 1)
    n = len(state.pos)
    board = list(state.tiles)
    for name, t in (tiles or {}).items():
        board[C(name)] = t
    cube_row = ["."] * B.NCELLS
    for name, f in (cubes or {}).items():
        cube_row[C(name)] = f
    pos_ = [B.START] * n
    for colour, p in (puppets or {}).items():
        pos_[colour] = C(p)
    return replace(
        state,
        tiles="".join(board),
        cubes="".join(cube_row),
        bears=tuple(C(b) for b in bears),
        pos=tuple(pos_),
        igloos=tuple(tuple(C(x) for x in (igloos or {}).get(c, ())) for c in range(n)),
        finds=tuple((finds or {}).get(c, (0, 0, 0)) for c in range(n)),
        current=current,
        phase=phase,
        mode=mode,
        drew=pile is None or bool(pile),
        steps=steps,
        bear_steps=bear_steps,
        bear_done=mode != "bear",
        puppet_done=False,
        bear=-1,
        drawn=drawn,
        drawn_cube=drawn_cube,
        pile=state.pile if pile is None else pile,
        policy=policy or state.policy,
        moves=(),
    )


def act(state: HikeState, text: str, seat: int | None = None) -> HikeState:
    if seat is None:
        seat = next(iter(G.to_act(state)))
    new, _ = games.play(G, state, seat, G.parse_action(text))
    return new


def refused(state: HikeState, text: str, *words: str, seat: int | None = None) -> str:
    if seat is None:
        seat = next(iter(G.to_act(state)))
    with pytest.raises(IllegalAction) as info:
        games.play(G, state, seat, G.parse_action(text))
    message = str(info.value)
    for w in words:
        assert w in message, f"{message!r} should say {w!r}"
    return message


def legal(state: HikeState, text: str, seat: int | None = None) -> bool:
    if seat is None:
        seat = next(iter(G.to_act(state)))
    return G.parse_action(text) in G.legal_actions(state, seat)


W, F, L, M = B.WATER, B.FISH, B.LAND, B.MOUNTAIN
