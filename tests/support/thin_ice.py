"""Thin Ice positions built directly from a small picture of the field (:func:`make`), and moves
played or refused on them, for the rules' tests (tests/games) and the computer player's (tests/ai).

The picture: ``.`` sea, ``i`` ice, ``c`` cracked ice, ``x`` ice whose back is a Killer Whale,
``w`` Killer Whale, ``q`` ice whose back is perma-ice, ``p`` perma-ice, ``h`` ice hole, ``H``
cracked hole, ``k`` Kraken, ``aN`` partial ice and ``rN`` rotating partial ice with orientation N
(0: the NE corner is iced, 1: SE, 2: SW, 3: NW). Columns are A, B, C ... and rows 1, 2, 3 ... from
the top.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import games
from games import IllegalAction
from games.thin_ice import THIN_ICE as G
from games.thin_ice.board import Tile, parse_cell
from games.thin_ice.cards import KEYS
from games.thin_ice.state import PLAY, ThinIceOptions, ThinIceState, Turn

TOKENS = {
    "i": Tile("ice"),
    "c": Tile("ice", True),
    "x": Tile("whale"),
    "w": Tile("whale", True),
    "q": Tile("perma"),
    "p": Tile("perma", True),
    "h": Tile("hole"),
    "H": Tile("hole", True),
    "k": Tile("kraken", True),
}
NO_ANSWERS = ("ohno", "vote")  # put in the discard pile: no card windows


def cell(text: str) -> tuple[int, int]:
    c = parse_cell(text)
    assert c is not None
    return c


def make(
    picture: str,
    *,
    players: int = 3,
    meeples: dict[int, str] | None = None,
    bear: str | None = None,
    awake: bool = True,
    hands: dict[int, tuple[str, ...]] | None = None,
    deck: tuple[str, ...] = (),
    discard: tuple[str, ...] = NO_ANSWERS,
    current: int = 0,
    turn: Turn | None = None,
    kraken: bool = False,
    **more: Any,
) -> ThinIceState:
    tiles = {}
    for y, line in enumerate(picture.strip().splitlines()):
        for x, tok in enumerate(line.split()):
            if tok == ".":
                continue
            if tok[0] in "ar":
                tiles[(x, y)] = Tile("partial" if tok[0] == "a" else "rotating", False, int(tok[1]))
            else:
                tiles[(x, y)] = TOKENS[tok]
    spots: list[tuple[int, int] | None] = [None] * players
    for seat, name in (meeples or {}).items():
        spots[seat] = cell(name)
    out = tuple("" if spots[s] is not None else "lost at sea" for s in range(players))
    hand_list = tuple((hands or {}).get(s, ()) for s in range(players))
    s = G.new_game(players, ThinIceOptions(kraken=kraken), 1)
    return replace(
        s,
        phase=PLAY,
        tiles=tuple(sorted(tiles.items())),
        meeples=tuple(spots),
        out=out,
        bear=cell(bear) if bear else None,
        awake=awake,
        hands=hand_list,
        deck=deck,
        discard=discard,
        current=current,
        turn=turn or Turn(),
        **more,
    )


def act(s: ThinIceState, seat: int, text: str) -> ThinIceState:
    new, _ = games.play(G, s, seat, G.parse_action(text))
    return new


def act_events(s: ThinIceState, seat: int, text: str) -> tuple[ThinIceState, list[games.Event]]:
    return games.play(G, s, seat, G.parse_action(text))


def refused(s: ThinIceState, seat: int, text: str, *words: str) -> str:
    with pytest.raises(IllegalAction) as err:
        games.play(G, s, seat, G.parse_action(text))
    message = str(err.value)
    for w in words:
        assert w.lower() in message.lower(), message
    return message


def rolled(s: ThinIceState, seat: int, face: str, text: str = "roll") -> ThinIceState:
    """Apply ``text`` with the first seed whose die shows ``face``."""
    for seed in range(400):
        new = act(replace(s, seed=seed), seat, text)
        if new.die == face:
            return new
    raise AssertionError(f"no seed rolls {face}")


def face(s: ThinIceState, name: str) -> str | None:
    tiles = dict(s.tiles)
    t = tiles.get(cell(name))
    return t.face if t else None


def at(s: ThinIceState, seat: int) -> str | None:
    m = s.meeples[seat]
    return None if m is None else f"{chr(65 + m[0])}{m[1] + 1}"


#: A field of ice with open sea around it, for make's ``grid``.
FIELD = """
. . . . . . .
. i i i i i .
. i i i i i .
. i i i i i .
. i i i i i .
. i i i i i .
"""
MOVED = Turn(moved=True, acted=True)
DONE = Turn(moved=True, slid=True, rolled=True, acted=True)


def all_but(*keep: str) -> tuple[str, ...]:
    """A discard pile holding every card except ``keep``: only those can open windows."""
    return tuple(k for k in KEYS if k not in keep)


def zen_in_hand() -> ThinIceState:
    """Ann (seat 0) holds Zen moment alone, with Run, Mighty Leap and Moving on the deck's top
    and every other card discarded (only those can open windows)."""
    return make(
        FIELD,
        meeples={0: "C3", 1: "F6", 2: "F2"},
        hands={0: ("zen",)},
        deck=("run", "leap", "moving", "flare"),
        discard=all_but("zen", "run", "leap", "moving", "flare"),
    )
