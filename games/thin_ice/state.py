"""Thin Ice state, view and their plain-JSON form."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from games.core import Options, Seat
from games.thin_ice.board import Cell, Tile
from games.words import Said, Text, Who, say
from util.records import frozen

PLACE, PLAY, OVER = "place", "play", "over"


@frozen
class ThinIceOptions(Options):
    kraken: bool = False
    short_deck: bool = False

    help: ClassVar[Mapping[str, Text]] = {
        "kraken": say("Kraken expansion: kraken, partial and rotating partial ice tiles"),
        "short_deck": say("only the first 13 event cards"),
    }


@frozen
class Turn:
    """What the current player has done this turn."""

    moved: bool = False
    slid: bool = False
    rolled: bool = False
    stood: bool = False
    laid: bool = False  # the turn began lying down (fell down the hole, or Catch this!)
    acted: bool = False  # any action taken (In it together is played before that)
    extra_moves: int = 0  # Run…
    extra_slides: int = 0  # It's moving
    leap: bool = False  # Mighty Leap
    company: bool = False  # Two's company
    together: int = -1  # In it together: the chosen seat
    flare: bool = False  # Flare: the bear cannot be moved this turn
    bearly: bool = False  # Bear-ly there: the bear cracks nothing this turn
    bear_mover: int = -1  # Easily distracted: who moves the bear this turn
    slipped: bool = False  # Sudden slip: the rest of the turn is missed


@frozen
class Effect:
    """A lasting card effect: ``left`` counts the ends of the owner's turns still to come."""

    kind: str  # "style", "jacket", "nature"
    owner: Seat
    left: int


@frozen
class Job:
    """Something still to resolve, in queue order.

    kinds: "roll" (resolve the die), "settle" (adrift tiles), "chase" (a meeple on the bear's
    tile must move), "push" (the bear must move), "whale" (the Killer Whale under the Kraken
    must move).
    """

    kind: str
    seat: int = -1  # chase: the chased seat
    chooser: int = -1  # who decides (chase, push, whale)
    asked: frozenset[int] = frozenset()  # seats already given a reaction window
    fall: bool = True  # chase: falls down the hole (False: Kraken eviction)
    cell: Cell = (0, 0)  # whale: where it was
    tile: Tile | None = None  # whale: the displaced tile
    discard: bool = False  # push: the bear is discarded if it cannot move (Kraken)


@frozen
class Played:
    card: str
    seat: Seat
    arg: str = ""
    target: int = -1
    cells: tuple[Cell, ...] = ()
    cancelled: bool = False
    voted: bool = False


@frozen
class Window:
    """A timed reaction window: ``pending`` seats still to answer (pass or play)."""

    kind: str  # "card", "roll", "bear", "chase", "adrift"
    pending: frozenset[Seat]
    about: frozenset[Seat] = frozenset()  # chase/adrift: the meeples concerned


@frozen
class Decision:
    """A forced choice: ``seats`` still to decide."""

    kind: str  # "bear", "push", "crack", "refreeze", "slide", "chase", "whale", "vote", "zen", "discard"
    seats: frozenset[Seat]
    target: int = -1  # chase: the chased seat
    cards: tuple[str, ...] = ()  # zen: the cards looked at (private)
    votes: tuple[tuple[int, bool], ...] = ()


@frozen
class StandingOrder:
    card: str  # "" for "order pass"
    trigger: str


class LastAction(NamedTuple):
    """The last action everyone saw: the seat that took it and its notation, as typed. Zen
    moment's kept card is secret: a ``kept`` action's notation is only where the other cards
    went ("top" or "bottom")."""

    seat: Seat
    notation: str
    kept: bool = False


def action_line(seat: int, notation: str) -> Said:
    """The line that tells an action: who played it and its notation ("Ann: move NE")."""
    # Translators: a player's name, then the action they typed, kept as typed ("Ann: move NE")
    return say("{who}: {action}", who=Who(seat), action=notation)


def last_line(last: LastAction) -> Said:
    """The line that tells the last action ("Ann: move NE", "Ann: keeps a card (top)")."""
    if not last.kept:
        return action_line(last.seat, last.notation)
    if last.notation == "top":
        # Translators: Zen moment: a player kept a card and put the others on top of the deck
        return say("{who}: keeps a card (top)", who=Who(last.seat))
    # Translators: Zen moment: a player kept a card and put the others at the bottom of the deck
    return say("{who}: keeps a card (bottom)", who=Who(last.seat))


@frozen
class ThinIceState:
    seed: int
    step: int
    players: int
    options: ThinIceOptions
    phase: str
    current: Seat
    first: Seat
    tiles: tuple[tuple[Cell, Tile], ...]
    bear: Cell | None
    awake: bool
    meeples: tuple[Cell | None, ...]
    down: frozenset[Seat]
    out: tuple[str, ...]  # "" while in the game, else how the meeple left
    retired: frozenset[Seat]
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    tile_discard: tuple[str, ...]
    die: str
    turn: Turn
    effects: tuple[Effect, ...]
    orders: tuple[tuple[StandingOrder, ...], ...]
    queue: tuple[Job, ...]
    chain: tuple[Played, ...]
    windows: tuple[Window, ...]
    decision: Decision | None
    winners: frozenset[Seat]
    last: LastAction | None


@frozen
class ThinIceView:
    game: str
    step: int
    viewer: Seat | None
    players: int
    phase: str
    current: Seat | None
    width: int  # the field is width x width cells, the grid inside its sea ring
    #: North-west and south-east corners of what the board must show: the field and every
    #: piece, tile or bear out in the sea beyond it (the sea is unbounded; see board.extent).
    extent: tuple[Cell, Cell]
    grid: tuple[Cell, Cell]  # first and last cell of the grid
    tiles: tuple[tuple[Cell, str, int], ...]  # cell, visible face, orientation
    bear: Cell | None
    awake: bool
    meeples: tuple[Cell | None, ...]
    status: tuple[str, ...]  # per seat: on ice, down, swimming, lost at sea, adrift, retired
    hand: tuple[str, ...]  # the viewer's own cards
    hand_counts: tuple[int, ...]
    deck_size: int
    discard: tuple[str, ...]
    tile_discard: tuple[str, ...]
    die: str
    turn: Turn
    effects: tuple[Effect, ...]
    orders: tuple[StandingOrder, ...]  # the viewer's own standing orders
    chain: tuple[Played, ...]
    window: str
    awaited: frozenset[Seat]
    decision: str
    peek: tuple[str, ...]  # Zen moment: the cards the viewer is looking at
    votes: tuple[tuple[int, bool], ...]
    winners: frozenset[Seat]
    last: LastAction | None
    # Public bookkeeping (everyone saw it happen), so that a state can be rebuilt from a view
    # (the computer player's sampler, ai.thin_ice).
    options: ThinIceOptions = ThinIceOptions()
    first: Seat = 0
    down: frozenset[Seat] = frozenset()  # meeples lying down (fell down the hole, Catch this!)
    out: tuple[str, ...] = ()  # per seat: "" while in the game, else how the meeple left
    queue: tuple[Job, ...] = ()  # what is still to resolve, in order
    windows: tuple[Window, ...] = ()  # the whole stack of reaction windows (``window``: the top)
    decision_target: int = -1  # chase: the chased seat
    decision_cards: int = 0  # Zen moment: how many cards the looker holds apart (not which)


# ----------------------------------------------------------------------------- JSON

_TYPES: dict[str, type[Any]] = {
    t.__name__: t for t in (ThinIceOptions, Turn, Effect, Job, Played, Window, Decision, StandingOrder, Tile)
}


def encode(obj: Any) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"_t": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, frozenset):
        return {"_s": sorted(encode(x) for x in obj)}
    if isinstance(obj, tuple | list):
        return [encode(x) for x in obj]
    return obj


_CONTAINERS = (dict, list)


def decode(data: Any) -> Any:
    """The value :func:`encode` made ``data`` from. Every state load decodes a few hundred small
    values, so plain values are passed through without a call (most of them are)."""
    if type(data) is list:
        return tuple([decode(x) if type(x) in _CONTAINERS else x for x in data])
    if type(data) is dict:
        if "_s" in data:
            return frozenset([decode(x) if type(x) in _CONTAINERS else x for x in data["_s"]])
        cls = _TYPES[data["_t"]]
        return cls(**{k: decode(v) if type(v) in _CONTAINERS else v for k, v in data.items() if k != "_t"})
    return data


@functools.lru_cache(maxsize=256)
def _tile(kind: str, flipped: bool, turn: int) -> Tile:
    return Tile(kind, flipped, turn)


def decode_tiles(data: list[Any]) -> tuple[tuple[Cell, Tile], ...]:
    """The field's tiles, as :func:`decode` reads them, but by their known shape: the tiles are
    most of a snapshot (some fifty), and a field holds a handful of distinct tiles, so equal tiles
    share one (immutable) :class:`Tile`. Five to ten times faster than :func:`decode`."""
    return tuple([((cell[0], cell[1]), _tile(t["kind"], t["flipped"], t["turn"])) for cell, t in data])


def decode_field(name: str, data: Any) -> Any:
    """The value of the state's field ``name`` from its JSON."""
    if name == "tiles":
        return decode_tiles(data)
    if name == "last":
        return decode_last(data)
    return decode(data)


#: The last action's line as states stored before it was kept as data: "{0}: move NE", and
#: "{0}: keeps a card (top)" for Zen moment's kept card.
_STORED_LAST_LINE = re.compile(r"\{(\d+)\}: (.+)")
_STORED_KEEP = re.compile(r"keeps a card \((top|bottom)\)")


def decode_last(data: Any) -> LastAction | None:
    """The last action from its JSON: ``[seat, notation, kept]``, null, or the English line of
    a state stored before (read back into its data; "" or a line not of that form: none)."""
    if isinstance(data, list):
        seat, notation, kept = data
        return LastAction(seat, notation, kept)
    if not isinstance(data, str):
        return None
    line = _STORED_LAST_LINE.fullmatch(data)
    if line is None:
        return None
    seat, told = int(line.group(1)), line.group(2)
    keep = _STORED_KEEP.fullmatch(told)
    return LastAction(seat, keep.group(1), kept=True) if keep else LastAction(seat, told)
