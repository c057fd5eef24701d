"""Ice Lake's data, options, phases, states, views and their JSON form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core import Options, Seat
from games.hexgrid import Hex
from games.ice_lake.board import Edge, edge
from games.words import Listed, Param, Said, Text, Who, say
from util.records import frozen

# ----------------------------------------------------------------------------- data

#: Colour -> (start hex, facing) (data: the printed skate pictures are lost).
STARTS: Mapping[str, tuple[Hex, str]] = {
    "red": (Hex(0, -3), "SE"),
    "blue": (Hex(3, -1), "S"),
    "green": (Hex(0, 3), "NW"),
    "yellow": (Hex(-3, 1), "N"),
}
#: Colours in seat order for each player count (data).
COLOURS_BY_COUNT: Mapping[int, tuple[str, ...]] = {
    2: ("red", "green"),
    3: ("red", "blue", "yellow"),
    4: ("red", "blue", "green", "yellow"),
}
DEFAULT_PLAN = "S"

#: What a plan is, said when one is refused (the letters and ``plan SSLR`` are notation).
# Translators: the letters S, L, R and the command "plan SSLR" are typed as they are in every language.
PLAN_RULE = say("a plan is one or more letters, each S (straight), L (left) or R (right), like plan SSLR")

# Phases
RESET = "reset"  # cut-off skaters choose where to go back on the ice
PLAN = "plan"  # everyone writes a plan in secret
MOVE = "move"  # movement running (only inside apply; never awaited)
FACE = "face"  # movement paused: a stopped skater chooses a facing
OVER = "over"


# ----------------------------------------------------------------------------- options


@frozen
class IceLakeOptions(Options):
    """Ice Lake has no variants."""


# ----------------------------------------------------------------------------- state


@frozen
class Record:
    """One thing that happened in a movement phase, for the animation.

    ``kind``: ``step`` (moved to ``cell`` facing ``facing``, cracking the segment), ``stop``
    (forced stop, nothing moved), ``off`` (skated off the lake), ``face`` (turned to ``facing``).
    ``out``: skaters removed from the lake by this record (after its effect).
    """

    seat: Seat
    kind: str
    cell: Hex | None
    facing: str | None
    out: tuple[Seat, ...]
    text: Text


@frozen
class LakeState:
    seed: int
    step: int
    players: int
    options: IceLakeOptions
    phase: str
    round: int  # 1-based
    positions: tuple[Hex | None, ...]  # None: out of the game
    facings: tuple[str, ...]
    cracks: frozenset[Edge]
    plans: tuple[str | None, ...]  # planning: secret plans (None: not in); after: letters left
    revealed: tuple[str | None, ...]  # the plans as revealed at the last reveal
    first: Seat  # who moves first in the coming (or current) movement phase
    turn: Seat  # next skater to attempt a move (movement)
    pending: Seat | None  # who must answer now in FACE or RESET
    resets: tuple[Seat, ...]  # cut-off skaters still to reset (RESET), pending first
    moved: frozenset[Seat]  # stepped at least once in this movement phase
    attempted: frozenset[Seat]  # made at least one move attempt in the game
    last_attempt: Seat | None  # the last move attempt of this/the previous phase
    last_fallen: frozenset[Seat]  # the skaters of the latest going-out
    retired: frozenset[Seat]
    fallen_at: tuple[Hex | None, ...]  # where each skater that is out was last on the lake
    start_positions: tuple[Hex | None, ...]  # at the start of the last movement phase
    start_facings: tuple[str, ...]
    log: tuple[Record, ...]  # the last movement phase so far

    def living(self) -> list[Seat]:
        return [s for s, p in enumerate(self.positions) if p is not None]


@frozen
class Frame:
    """The lake after one record of a movement phase (the first frame: the phase's start)."""

    positions: tuple[Hex | None, ...]
    facings: tuple[str, ...]
    cracks: frozenset[Edge]
    mover: Seat | None
    kind: str
    text: Text


@frozen
class LakeView:
    game: str
    step: int
    players: int
    viewer: Seat | None
    phase: str
    round: int
    colours: tuple[str, ...]
    positions: tuple[Hex | None, ...]  # None: out
    facings: tuple[str, ...]
    fallen_at: tuple[Hex | None, ...]  # where each skater that is out was last
    cracks: frozenset[Edge]
    last_cracks: frozenset[Edge]  # the cracks drawn in the last movement phase
    retired: frozenset[Seat]
    to_act: frozenset[Seat]
    planned: frozenset[Seat]  # planning: who has planned (never what)
    own_plan: str | None  # planning: the viewer's own plan
    own_path: tuple[Hex, ...]  # planning: where the viewer's own plan would go
    own_end: str  # how that route ends (games.ice_lake.board.ROUTE_ENDS)
    revealed: tuple[str | None, ...]  # plans of the last reveal (None before the first)
    remaining: tuple[str, ...]  # letters left of each revealed plan (paused movement)
    first: Seat
    pending: Seat | None
    choices: tuple[str, ...]  # the pending decision's legal answers (notation)
    last_movement: tuple[Frame, ...]
    winners: frozenset[Seat]
    summary: Text


# ----------------------------------------------------------------------------- persistence

VERSION = 1


def state_to_dict(state: LakeState) -> dict[str, Any]:
    def cell(h: Hex | None) -> list[int] | None:
        return None if h is None else [h.q, h.r]

    return {
        "version": VERSION,
        "seed": state.seed,
        "step": state.step,
        "players": state.players,
        "options": state.options.to_mapping(),
        "phase": state.phase,
        "round": state.round,
        "positions": [cell(p) for p in state.positions],
        "facings": list(state.facings),
        "cracks": sorted([a.q, a.r, b.q, b.r] for a, b in state.cracks),
        "plans": list(state.plans),
        "revealed": list(state.revealed),
        "first": state.first,
        "turn": state.turn,
        "pending": state.pending,
        "resets": list(state.resets),
        "moved": sorted(state.moved),
        "attempted": sorted(state.attempted),
        "last_attempt": state.last_attempt,
        "last_fallen": sorted(state.last_fallen),
        "retired": sorted(state.retired),
        "fallen_at": [cell(p) for p in state.fallen_at],
        "start_positions": [cell(p) for p in state.start_positions],
        "start_facings": list(state.start_facings),
        "log": [
            {
                "seat": r.seat,
                "kind": r.kind,
                "cell": cell(r.cell),
                "facing": r.facing,
                "out": list(r.out),
                "text": text_to_json(r.text),
            }
            for r in state.log
        ],
    }


def text_to_json(text: Text) -> Any:
    """A record's text as JSON: a saying as its key and parameters (told when shown, in the
    reader's language), a finished text (an older state's English) as it is."""
    if isinstance(text, str):
        return text
    return _said_to_json(text)


def _said_to_json(said: Said) -> dict[str, Any]:
    data: dict[str, Any] = {"key": said.key, "params": [[k, _param_to_json(v)] for k, v in said.params]}
    if said.plural is not None:
        data["plural"] = said.plural
        data["count"] = said.count
    return data


def _param_to_json(param: Param) -> Any:
    if isinstance(param, Said):
        return {"said": _said_to_json(param)}
    if isinstance(param, Who):
        return {"who": param.seat}
    if isinstance(param, Listed):
        last = None if param.last is None else _said_to_json(param.last)
        return {"listed": [_param_to_json(p) for p in param.items], "last": last}
    return param


def text_from_json(data: Any) -> Text:
    """:func:`text_to_json` read back."""
    return str(data) if not isinstance(data, dict) else _said_from_json(data)


def _said_from_json(data: Mapping[str, Any]) -> Said:
    params = tuple((str(k), _param_from_json(v)) for k, v in data["params"])
    plural, count = data.get("plural"), data.get("count")
    return Said(
        str(data["key"]),
        params,
        None if plural is None else str(plural),
        None if count is None else int(count),
    )


def _param_from_json(data: Any) -> Param:
    if isinstance(data, dict):
        if "said" in data:
            return _said_from_json(data["said"])
        if "who" in data:
            return Who(int(data["who"]))
        last = data["last"]
        items = tuple(_param_from_json(p) for p in data["listed"])
        return Listed(items, None if last is None else _said_from_json(last))
    return data if isinstance(data, int) and not isinstance(data, bool) else str(data)


def state_from_dict(data: Mapping[str, Any]) -> LakeState:
    if data.get("version") != VERSION:
        raise ValueError(f"unknown Ice Lake state version {data.get('version')}")
    options = IceLakeOptions.from_mapping(data["options"])
    assert isinstance(options, IceLakeOptions)

    def cell(v: Any) -> Hex | None:
        return None if v is None else Hex(int(v[0]), int(v[1]))

    def opt_int(v: Any) -> int | None:
        return None if v is None else int(v)

    return LakeState(
        seed=int(data["seed"]),
        step=int(data["step"]),
        players=int(data["players"]),
        options=options,
        phase=str(data["phase"]),
        round=int(data["round"]),
        positions=tuple(cell(p) for p in data["positions"]),
        facings=tuple(str(f) for f in data["facings"]),
        cracks=frozenset(edge(Hex(c[0], c[1]), Hex(c[2], c[3])) for c in data["cracks"]),
        plans=tuple(None if p is None else str(p) for p in data["plans"]),
        revealed=tuple(None if p is None else str(p) for p in data["revealed"]),
        first=int(data["first"]),
        turn=int(data["turn"]),
        pending=opt_int(data["pending"]),
        resets=tuple(int(s) for s in data["resets"]),
        moved=frozenset(int(s) for s in data["moved"]),
        attempted=frozenset(int(s) for s in data["attempted"]),
        last_attempt=opt_int(data["last_attempt"]),
        last_fallen=frozenset(int(s) for s in data["last_fallen"]),
        retired=frozenset(int(s) for s in data["retired"]),
        fallen_at=tuple(cell(p) for p in data["fallen_at"]),
        start_positions=tuple(cell(p) for p in data["start_positions"]),
        start_facings=tuple(str(f) for f in data["start_facings"]),
        log=tuple(
            Record(
                seat=int(r["seat"]),
                kind=str(r["kind"]),
                cell=cell(r["cell"]),
                facing=None if r["facing"] is None else str(r["facing"]),
                out=tuple(int(s) for s in r["out"]),
                text=text_from_json(r["text"]),
            )
            for r in data["log"]
        ),
    )
