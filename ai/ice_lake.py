"""Ice Lake's computer player: its hooks (see :mod:`ai.hooks`).

* ``sample``: the lake, the cracks, the last movement phase and the revealed plans are in the
  view; hidden are the plans other skaters have already written this round (the view says only
  *who* has planned) and the seed. Each planned rival gets a plan drawn by the rollout policy
  (a random skate of 1 to :data:`LONGEST_ROLLOUT` letters that stays on the lake and off known
  cracks, as a sensible player would write), and the state gets a seed drawn from ``r``. The
  bookkeeping a view does not show directly (the movement log, who has moved and attempted,
  the order of the skaters still to reset) is rebuilt from the view's frames and rules.
* ``candidate_actions``: plans are open-ended letter strings, so the computer considers the
  plans of 1 to :data:`LONGEST_PLAN` letters that, skated alone on today's cracks, neither
  leave the lake nor run into a crack (at most :data:`MOST_PLANS` of them, the longest ones
  thinned evenly); a skater with no such plan plans ``S``. Facings and resets: the legal ones.
* ``evaluate``: the skater's share of the open ice around the living skaters (hexes reachable
  within :data:`REACH` uncracked steps, free of skaters), 0 when out.
* ``rollout_action``: a random sensible plan (as above), a random legal facing or reset.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise

from ai.hooks import Hooks
from games.core import Seat, pick, randbelow, replace
from games.hexgrid import Hex, neighbours
from games.ice_lake.actions import Action, Plan
from games.ice_lake.board import LAKE_SET, LETTERS, Edge, edge, move_direction
from games.ice_lake.choices import cut_off
from games.ice_lake.rules import ICE_LAKE
from games.ice_lake.state import (
    DEFAULT_PLAN,
    FACE,
    OVER,
    PLAN,
    RESET,
    Frame,
    IceLakeOptions,
    LakeState,
    LakeView,
    Record,
)

#: The longest plan the computer considers writing.
LONGEST_PLAN = 4
#: At most this many plans are considered (all the short ones, the longest thinned evenly).
MOST_PLANS = 40
#: The longest plan the rollout policy (and the sampler, for rivals) writes.
LONGEST_ROLLOUT = 4
#: How far (in uncracked steps) the evaluation looks for open ice around a skater.
REACH = 3


# ----------------------------------------------------------------------------- plans


def _steps(here: Hex, facing: str, cracked: set[Edge]) -> list[tuple[str, Hex, str]]:
    """The letters that keep a skater on the lake and off the cracks: (letter, hex, facing)."""
    out = []
    for letter in LETTERS:
        direction = move_direction(facing, letter)
        there = here.step(direction)
        if there in LAKE_SET and edge(here, there) not in cracked:
            out.append((letter, there, direction))
    return out


def sensible_plans(state: LakeState, seat: Seat) -> list[str]:
    """Plans of 1 to LONGEST_PLAN letters that, skated alone, stay on the lake and off cracks."""
    here = state.positions[seat]
    assert here is not None
    found: list[str] = []
    cracked = set(state.cracks)

    def walk(h: Hex, facing: str, letters: str) -> None:
        for letter, there, direction in _steps(h, facing, cracked):
            plan = letters + letter
            found.append(plan)
            if len(plan) < LONGEST_PLAN:
                segment = edge(h, there)
                cracked.add(segment)
                walk(there, direction, plan)
                cracked.discard(segment)

    walk(here, state.facings[seat], "")
    found.sort(key=lambda p: (len(p), p))
    if len(found) <= MOST_PLANS:
        return found
    short = [p for p in found if len(p) < LONGEST_PLAN]
    longest = [p for p in found if len(p) == LONGEST_PLAN]
    room = max(MOST_PLANS - len(short), 0)
    return short[:MOST_PLANS] + [longest[i * len(longest) // room] for i in range(room)]


def random_plan(state: LakeState, seat: Seat, r: random.Random) -> str:
    """A random skate of 1 to LONGEST_ROLLOUT letters that stays on the lake and off cracks."""
    here = state.positions[seat]
    assert here is not None
    facing = state.facings[seat]
    cracked = set(state.cracks)
    length = 1 + randbelow(r, LONGEST_ROLLOUT)
    letters = ""
    while len(letters) < length:
        steps = _steps(here, facing, cracked)
        if not steps:
            break
        letter, there, facing = pick(r, steps)
        cracked.add(edge(here, there))
        here = there
        letters += letter
    return letters or DEFAULT_PLAN


def candidate_actions(state: LakeState, seat: Seat) -> Sequence[Action]:
    if state.phase == PLAN:
        if state.positions[seat] is None:
            return []
        return [Plan(p) for p in sensible_plans(state, seat)] or [Plan(DEFAULT_PLAN)]
    return ICE_LAKE.legal_actions(state, seat)


def rollout_action(state: LakeState, seat: Seat, r: random.Random) -> Action:
    if state.phase == PLAN:
        return Plan(random_plan(state, seat, r))
    return pick(r, ICE_LAKE.legal_actions(state, seat))


# ----------------------------------------------------------------------------- evaluation


def _open_ice(state: LakeState, seat: Seat, taken: set[Hex]) -> int:
    start = state.positions[seat]
    assert start is not None
    seen = {start}
    frontier = [start]
    for _ in range(REACH):
        nxt = []
        for h in frontier:
            for _, n in neighbours(h):
                if n in LAKE_SET and n not in seen and n not in taken and edge(h, n) not in state.cracks:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return len(seen)


def evaluate(state: LakeState, seat: Seat) -> float:
    if state.phase == OVER:
        return 1.0 if seat in ICE_LAKE.winners(state) else 0.0
    living = state.living()
    if seat not in living:
        return 0.0
    if len(living) == 1:
        return 1.0
    taken = {p for p in state.positions if p is not None}
    room = {s: _open_ice(state, s, taken) for s in living}
    return room[seat] / sum(room.values())


# ----------------------------------------------------------------------------- sampling


def _records(frames: Sequence[Frame], players: int) -> tuple[Record, ...]:
    """The movement log that draws exactly these frames."""
    records = []
    for before, after in pairwise(frames):
        seat = after.mover
        assert seat is not None
        out = tuple(
            s for s in range(players) if before.positions[s] is not None and after.positions[s] is None
        )
        cell: Hex | None = None
        facing: str | None = None
        if after.kind == "step":
            here = before.positions[seat]
            a, b = next(iter(after.cracks - before.cracks))
            cell = b if a == here else a
            facing = after.facings[seat]
        elif after.kind == "face":
            cell, facing = after.positions[seat], after.facings[seat]
        elif after.kind == "stop":
            cell = before.positions[seat]
        records.append(Record(seat, after.kind, cell, facing, out, after.text))
    return tuple(records)


def sample(view: LakeView, seat: Seat, r: random.Random) -> LakeState:
    players = view.players
    log = _records(view.last_movement, players)
    planning = view.phase in (PLAN, RESET)
    if planning:
        plans: tuple[str | None, ...] = tuple(view.own_plan if s == seat else None for s in range(players))
    else:
        plans = tuple(view.remaining)
    attempts = [rec.seat for rec in log if rec.kind in ("step", "stop", "off")]
    start = view.last_movement[0] if view.last_movement else None
    state = LakeState(
        seed=int(r.random() * 2**53),
        step=view.step,
        players=players,
        options=IceLakeOptions(),
        phase=view.phase,
        round=view.round,
        positions=view.positions,
        facings=view.facings,
        cracks=view.cracks,
        plans=plans,
        revealed=view.revealed,
        first=view.first,
        turn=(view.pending + 1) % players if view.phase == FACE and view.pending is not None else view.first,
        pending=view.pending,
        resets=(),
        moved=frozenset(rec.seat for rec in log if rec.kind == "step"),
        attempted=frozenset(range(players)) if view.round > 1 else frozenset(attempts),
        last_attempt=attempts[-1] if attempts else None,
        last_fallen=view.winners
        if view.phase == OVER
        else next((frozenset(rec.out) for rec in reversed(log) if rec.out), frozenset()),
        retired=view.retired,
        fallen_at=view.fallen_at,
        start_positions=start.positions if start else view.positions,
        start_facings=start.facings if start else view.facings,
        log=log,
    )
    if view.phase == RESET and view.pending is not None:
        order = sorted(cut_off(state), key=lambda s: (s - view.first) % players)
        rest = order[order.index(view.pending) + 1 :] if view.pending in order else []
        state = replace(state, resets=(view.pending, *rest))
    if view.phase == PLAN:
        drawn = list(plans)
        for s in sorted(view.planned - {seat}):
            drawn[s] = random_plan(state, s, r)
        state = replace(state, plans=tuple(drawn))
    return state


#: Ice Lake's computer player (named by its registration in :mod:`games.registry`).
HOOKS = Hooks.declare(
    ICE_LAKE,
    sample=sample,
    evaluate=evaluate,
    candidate_actions=candidate_actions,
    rollout_action=rollout_action,
)
