"""Ice Hike options, state and view (frozen dataclasses)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.core import Options, Seat
from games.words import Said, Text, say
from util.records import frozen

#: Colour names in seat order (the fifth, black, plays with five players): the view's names of
#: the colours, which the boards draw by.
COLOURS: tuple[str, ...] = ("orange", "white", "brown", "grey", "black")
#: The colours as the narration says them ("Ann (orange)", "paying white a red cube").
COLOUR_WORDS: tuple[Said, ...] = (
    # Translators: a player's colour, as in "Ann (orange)" and "that is orange's igloo".
    say("orange"),
    # Translators: a player's colour, as in "Ann (white)" and "that is white's igloo".
    say("white"),
    # Translators: a player's colour, as in "Ann (brown)" and "that is brown's igloo".
    say("brown"),
    # Translators: a player's colour, as in "Ann (grey)" and "that is grey's igloo".
    say("grey"),
    # Translators: a player's colour, as in "Ann (black)" and "that is black's igloo".
    say("black"),
)

# Phases
PLACE = "place"  # the mover places the drawn tile
CHOOSE = "choose"  # puppet or bear
ACT = "act"  # steps of the puppet and/or the bear, until ``end``
TORCH = "torch"  # attacked players with a torch (standing choice "ask") decide
FLEE = "flee"  # an attacked player chooses where the puppet goes
OVER = "over"


@frozen
class HikeOptions(Options):
    shorter_game: bool = False
    play_on: bool = False

    help: ClassVar[Mapping[str, Text]] = {
        "shorter_game": say("finish on the cross (F7), fewer tiles"),
        "play_on": say("after the winner, play on for second place and beyond"),
    }


@frozen
class HikeState:
    seed: int
    step: int
    players: int
    options: HikeOptions
    finish: int  # the FINISH cell (B9, or F7 in the shorter game)
    first: int  # the colour who began
    current: int  # the colour whose turn it is
    phase: str
    mode: str  # "puppet" or "bear" once chosen, else ""
    drew: bool  # this turn began with a tile (else the tiles are finished: bears do not walk)
    steps: int  # puppet steps left this turn
    puppet_done: bool  # bear turn: the puppet's berry block is over
    puppet_acted: bool  # bear turn: the puppet has eaten berries this turn
    bear: int  # index in ``bears`` of the bear walking this turn, or -1
    bear_steps: int
    bear_origin: int  # where the walking bear started (-1)
    bear_prev: int  # the cell the walking bear came from on its last step (-1)
    bear_done: bool  # the bear block of this turn is over
    tiles: str  # one code per cell (board.NO_TILE, WATER, FISH, LAND, MOUNTAIN)
    cubes: str  # one code per cell: the find lying on a mountain, or "."
    bears: tuple[int, ...]  # cells of the bears in play (a bear on fish water is drowned)
    pos: tuple[int, ...]  # puppet cell per colour (-1: off the board)
    igloos: tuple[tuple[int, ...], ...]  # per colour
    finds: tuple[tuple[int, int, int], ...]  # per colour: berries, torches, ropes
    pile: tuple[str, ...]  # face-down tiles, top first (secret)
    bag: tuple[str, ...]  # the grab bag, next draw first (secret)
    drawn: str  # the tile drawn this turn, "" when none (secret to all but the mover)
    drawn_cube: str  # its cave find when a mountain (secret likewise)
    turns: tuple[int, ...]  # turns begun per colour
    policy: tuple[str, ...]  # per seat: torches always / never / ask
    torch_cell: int  # attack waiting for torch answers (-1)
    torch_asked: frozenset[Seat]
    torch_declined: frozenset[Seat]
    flee: tuple[tuple[int, int], ...]  # (colour, attack cell) waiting for a destination
    finished: tuple[int, ...]  # colours on FINISH, in order
    retired: frozenset[Seat]
    best: tuple[int, ...]  # tiles finished: each colour's best distance to FINISH so far
    quiet: int  # tiles finished: turns in a row without progress
    moves: tuple[tuple[str, tuple[int, ...]], ...]  # this turn's paths ("puppet"/"bear", cells)
    last_moves: tuple[tuple[str, tuple[int, ...]], ...]  # the previous turn's paths
    last_colour: int  # whose turn ``last_moves`` was (-1)
    last_place: int  # the cell of the last tile placed (-1)
    result: str  # "" while playing; "win", "stall", "alone" when over
    #: Colours without a free road (rule 2) at the start of this turn: rule 2 does not protect
    #: them until the start of a later turn finds them a road (rules 2 & 3, example C).
    exposed: frozenset[int] = frozenset()


@frozen
class HikeView:
    """What one seat (or a spectator, ``viewer=None``) may see."""

    game: str
    step: int
    players: int
    viewer: Seat | None
    colours: tuple[str, ...]  # colour names, one per colour in play
    owners: tuple[Seat, ...]  # the seat playing each colour
    current: int | None  # colour to move (None when over)
    to_act: frozenset[Seat]
    phase: str
    mode: str
    steps: int
    bear_steps: int
    walking_bear: str | None
    start: str
    finish: str
    tiles: str  # per cell, codes of games.ice_hike.board (cells numbered col * 10 + row)
    cubes: str  # per cell, the find lying on a mountain
    bears: tuple[str, ...]
    drowned: tuple[str, ...]
    bears_in_box: int
    puppets: tuple[str | None, ...]  # per colour
    igloos: tuple[tuple[str, ...], ...]
    finds: tuple[tuple[int, int, int], ...]  # per colour: berries, torches, ropes (public)
    tiles_left: int
    tile_drawn: bool  # a tile is drawn and not yet placed (everyone sees that)
    drawn: Said | None  # what it is ("mountain with a torch"): only in the mover's view
    torch_policy: str | None  # the viewer's own standing choice
    torch_cell: str | None
    torch_asked: frozenset[Seat]
    fleeing: int | None  # colour choosing where to go after an attack
    flee_options: tuple[str, ...]  # its choices (notation), in the fleeing owner's view only
    finished: tuple[int, ...]
    retired: frozenset[Seat]
    winners: frozenset[Seat]
    result: str
    moves: tuple[tuple[str, tuple[str, ...]], ...]  # this turn so far
    last_moves: tuple[tuple[str, tuple[str, ...]], ...]
    last_colour: int | None
    last_place: str | None
    # Public bookkeeping of the turn (everyone saw it happen), so that a state can be rebuilt
    # from a view (the computer player's sampler, ai.ice_hike).
    options: HikeOptions = HikeOptions()
    drew: bool = True  # this turn began with a tile (else bears do not walk)
    turns: tuple[int, ...] = ()  # turns begun per colour
    best: tuple[int, ...] = ()  # tiles finished: each colour's best distance to FINISH so far
    quiet: int = 0  # tiles finished: turns in a row without progress
    bear_done: bool = False  # the bear block of this turn is over
    bear_origin: str | None = None  # where the walking bear started
    bear_prev: str | None = None  # the cell the walking bear came from on its last step
    puppet_done: bool = False  # bear turn: the puppet's berry block is over
    puppet_acted: bool = False  # bear turn: the puppet has eaten berries this turn
    flee: tuple[tuple[int, str], ...] = ()  # (colour, attack cell) waiting for a destination


# ----------------------------------------------------------------------------- persistence

VERSION = 1


def state_to_dict(state: HikeState) -> dict[str, Any]:
    return {
        "version": VERSION,
        "seed": state.seed,
        "step": state.step,
        "players": state.players,
        "options": state.options.to_mapping(),
        "finish": state.finish,
        "first": state.first,
        "current": state.current,
        "phase": state.phase,
        "mode": state.mode,
        "drew": state.drew,
        "steps": state.steps,
        "puppet_done": state.puppet_done,
        "puppet_acted": state.puppet_acted,
        "bear": state.bear,
        "bear_steps": state.bear_steps,
        "bear_origin": state.bear_origin,
        "bear_prev": state.bear_prev,
        "bear_done": state.bear_done,
        "tiles": state.tiles,
        "cubes": state.cubes,
        "bears": list(state.bears),
        "pos": list(state.pos),
        "igloos": [list(g) for g in state.igloos],
        "finds": [list(f) for f in state.finds],
        "pile": "".join(state.pile),
        "bag": "".join(state.bag),
        "drawn": state.drawn,
        "drawn_cube": state.drawn_cube,
        "turns": list(state.turns),
        "policy": list(state.policy),
        "torch_cell": state.torch_cell,
        "torch_asked": sorted(state.torch_asked),
        "torch_declined": sorted(state.torch_declined),
        "flee": [list(f) for f in state.flee],
        "finished": list(state.finished),
        "retired": sorted(state.retired),
        "best": list(state.best),
        "quiet": state.quiet,
        "moves": [[k, list(p)] for k, p in state.moves],
        "last_moves": [[k, list(p)] for k, p in state.last_moves],
        "last_colour": state.last_colour,
        "last_place": state.last_place,
        "result": state.result,
        "exposed": sorted(state.exposed),
    }


def state_from_dict(data: Mapping[str, Any]) -> HikeState:
    if data.get("version") != VERSION:
        raise ValueError(f"unknown Ice Hike state version {data.get('version')}")
    options = HikeOptions.from_mapping(data["options"])
    assert isinstance(options, HikeOptions)

    def moves(rows: Any) -> tuple[tuple[str, tuple[int, ...]], ...]:
        return tuple((str(k), tuple(int(c) for c in p)) for k, p in rows)

    return HikeState(
        seed=int(data["seed"]),
        step=int(data["step"]),
        players=int(data["players"]),
        options=options,
        finish=int(data["finish"]),
        first=int(data["first"]),
        current=int(data["current"]),
        phase=str(data["phase"]),
        mode=str(data["mode"]),
        drew=bool(data["drew"]),
        steps=int(data["steps"]),
        puppet_done=bool(data["puppet_done"]),
        puppet_acted=bool(data["puppet_acted"]),
        bear=int(data["bear"]),
        bear_steps=int(data["bear_steps"]),
        bear_origin=int(data["bear_origin"]),
        bear_prev=int(data["bear_prev"]),
        bear_done=bool(data["bear_done"]),
        tiles=str(data["tiles"]),
        cubes=str(data["cubes"]),
        bears=tuple(int(b) for b in data["bears"]),
        pos=tuple(int(p) for p in data["pos"]),
        igloos=tuple(tuple(int(c) for c in g) for g in data["igloos"]),
        finds=tuple((int(f[0]), int(f[1]), int(f[2])) for f in data["finds"]),
        pile=tuple(data["pile"]),
        bag=tuple(data["bag"]),
        drawn=str(data["drawn"]),
        drawn_cube=str(data["drawn_cube"]),
        turns=tuple(int(t) for t in data["turns"]),
        policy=tuple(str(p) for p in data["policy"]),
        torch_cell=int(data["torch_cell"]),
        torch_asked=frozenset(int(s) for s in data["torch_asked"]),
        torch_declined=frozenset(int(s) for s in data["torch_declined"]),
        flee=tuple((int(f[0]), int(f[1])) for f in data["flee"]),
        finished=tuple(int(a) for a in data["finished"]),
        retired=frozenset(int(s) for s in data["retired"]),
        best=tuple(int(b) for b in data["best"]),
        quiet=int(data["quiet"]),
        moves=moves(data["moves"]),
        last_moves=moves(data["last_moves"]),
        last_colour=int(data["last_colour"]),
        last_place=int(data["last_place"]),
        result=str(data["result"]),
        # Snapshots from before the field: everyone with a road now is protected, as then.
        exposed=frozenset(int(a) for a in data.get("exposed", ())),
    )
