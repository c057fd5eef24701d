"""Ice Hike's computer player: a sampler, an evaluation and move policies.

The computer sees only its seat's view and searches over full states consistent with it
(determinization). What a view hides in Ice Hike, and how :func:`sample` draws it:

* **The tile pile** (its order and, because tiles that fitted nowhere and the shorter game's
  removals are not tracked, its exact make-up): the pool is the box's tiles minus those on the
  board (minus the drawn tile when the viewer knows it); ``tiles_left`` of them are drawn at
  random, in random order.
* **The drawn tile** when the viewer is not the mover: one more tile from the same pool, one
  that fits somewhere (a tile that fits nowhere would already have left the game).
* **The grab bag**: the box's cubes minus those lying on mountains, the finds players hold and
  the bears out of the box; one cube per mountain left in the pile is drawn from that at random.
* **The other players' torch choices** (``torches always|never|ask``): the default, ``ask``.
  The search then answers each torch question for them, which covers every standing choice.
* **The seed**: a fresh one from ``r``, so future draws are not the real ones.

Everything else is public and copied from the view (the view carries the turn's public
bookkeeping for this purpose). :func:`evaluate` measures the race to the village in step costs
over the terrain; :func:`candidate_actions` and :func:`rollout_action` keep the search away from
the expensive full placement menu (every cell's blockade check).
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ai.hooks import Hooks
from games.core import Seat, randbelow, replace, shuffled
from games.ice_hike import ICE_HIKE
from games.ice_hike import board as B
from games.ice_hike.actions import (
    Action,
    BearStep,
    Choose,
    End,
    Place,
    Policy,
    Rope,
    Search,
    TorchAnswer,
    Walk,
)
from games.ice_hike.blockade import (
    FAR,
    Roads,
    active,
    finish_distances,
    ncolours,
    owner,
    terrain,
    tile_text,
)
from games.ice_hike.state import ACT, CHOOSE, OVER, PLACE, TORCH, HikeState, HikeView
from games.words import Said

#: How many placements the search considers (the full menu checks every cell's blockades).
PLACE_CANDIDATES = 8
#: Evaluation scale: a lead of this many step units (two per step) is worth about 73 %.
LEAD_SCALE = 6.0
#: Each find carried is worth this many step units in the race.
FIND_VALUE = 1.0
#: Share of the evaluation that rewards the seat's own progress whatever the lead: far ahead the
#: lead's logistic is flat, and without it walking back scored as well as walking on, so the
#: leader dawdled until a quiet round ended the game with nobody winning (the stall ruling).
PROGRESS_WEIGHT = 0.1
#: Distance (step units) at which that progress share is half earned.
PROGRESS_SCALE = 20.0

# ----------------------------------------------------------------------------- sampling


def _cell(name: str | None) -> int:
    return -1 if name is None else B.INDEX[name]


def _parse_drawn(text: Said) -> tuple[str, str]:
    """The mover's ``drawn`` tile (as said by :func:`tile_text`) back to (tile, cube)."""
    for tile in B.TILE_NAMES:
        for cube in ("", *B.CUBE_COUNTS):
            if tile_text(tile, cube) == text and (tile == B.MOUNTAIN or not cube):
                return tile, cube
    raise ValueError(f"unknown drawn tile {text!r}")


def _tile_pool(view: HikeView, finish: int, known_drawn: str) -> list[str]:
    """Tiles not visible anywhere: the box minus the board (minus the viewer's drawn tile)."""
    placed = Counter(t for t, base in zip(view.tiles, B.base_tiles(finish), strict=True) if t != base)
    if known_drawn:
        placed[known_drawn] += 1
    return [t for t, n in B.TILE_COUNTS.items() for _ in range(max(0, n - placed[t]))]


def _cube_pool(view: HikeView, known_cube: str) -> list[str]:
    """Cubes not visible anywhere: the bag minus cubes on mountains, finds held, bears out."""
    seen: Counter[str] = Counter(c for c in view.cubes if c != ".")
    for row in view.finds:
        for find, n in zip(B.FINDS, row, strict=True):
            seen[find] += n
    seen[B.BEAR_CUBE] += len(view.bears)
    if known_cube:
        seen[known_cube] += 1
    return [c for c, n in B.CUBE_COUNTS.items() for _ in range(max(0, n - seen[c]))]


def sample(view: HikeView, seat: Seat, r: random.Random) -> HikeState:
    """A full state whose view for ``seat`` is ``view``, the hidden parts drawn from ``r``."""
    finish = B.INDEX[view.finish]
    mover_knows = view.drawn is not None
    drawn, drawn_cube = _parse_drawn(view.drawn) if view.drawn is not None else ("", "")
    pool = shuffled(r, _tile_pool(view, finish, drawn))
    base = _state_from_view(view, seat, r.getrandbits(62))
    if view.tile_drawn and not mover_knows:
        drawn = _fitting_tile(base, pool, r)
        pool.remove(drawn)
    pile = tuple(pool[: view.tiles_left])
    guess_cube = drawn == B.MOUNTAIN and not mover_knows
    mountains = sum(1 for t in pile if t == B.MOUNTAIN) + guess_cube
    bag = shuffled(r, _cube_pool(view, drawn_cube))[:mountains]
    if guess_cube and bag:
        drawn_cube, bag = bag[0], bag[1:]
    return replace(base, pile=pile, bag=tuple(bag), drawn=drawn, drawn_cube=drawn_cube)


def _fitting_tile(state: HikeState, pool: list[str], r: random.Random) -> str:
    """The first tile of the shuffled ``pool`` that has a legal cell: the drawn tile the viewer
    cannot see (one that fitted nowhere would have left the game). Should none fit, any tile of
    the pool (land when the pool is empty)."""
    for tile in pool:
        cube = B.EMPTY if tile == B.MOUNTAIN else ""
        if ICE_HIKE.fits_somewhere(replace(state, drawn=tile, drawn_cube=cube)):
            return tile
    return pool[randbelow(r, len(pool))] if pool else B.LAND


def _state_from_view(view: HikeView, seat: Seat, seed: int) -> HikeState:
    """The public part of the state, copied from the view (pile, bag and drawn tile empty)."""
    n = len(view.colours)
    walking = _cell(view.walking_bear)
    bears = tuple(B.INDEX[b] for b in view.bears)
    policy = tuple(
        view.torch_policy if s == seat and view.torch_policy else "ask" for s in range(view.players)
    )
    return HikeState(
        seed=seed,
        step=view.step,
        players=view.players,
        options=view.options,
        finish=B.INDEX[view.finish],
        first=view.current if view.current is not None else 0,
        current=view.current if view.current is not None else max(view.last_colour or 0, 0),
        phase=view.phase,
        mode=view.mode,
        drew=view.drew,
        steps=view.steps,
        puppet_done=view.puppet_done,
        puppet_acted=view.puppet_acted,
        bear=bears.index(walking) if walking >= 0 else -1,
        bear_steps=view.bear_steps,
        bear_origin=_cell(view.bear_origin),
        bear_prev=_cell(view.bear_prev),
        bear_done=view.bear_done,
        tiles=view.tiles,
        cubes=view.cubes,
        bears=bears,
        pos=tuple(_cell(p) for p in view.puppets),
        igloos=tuple(tuple(B.INDEX[c] for c in g) for g in view.igloos),
        finds=view.finds,
        pile=(),
        bag=(),
        drawn="",
        drawn_cube="",
        turns=view.turns or (0,) * n,
        policy=policy,
        torch_cell=_cell(view.torch_cell),
        torch_asked=view.torch_asked,
        torch_declined=frozenset(),
        flee=tuple((a, B.INDEX[c]) for a, c in view.flee),
        finished=view.finished,
        retired=view.retired,
        best=view.best or (FAR,) * n,
        quiet=view.quiet,
        moves=tuple((k, tuple(B.INDEX[c] for c in p)) for k, p in view.moves),
        last_moves=tuple((k, tuple(B.INDEX[c] for c in p)) for k, p in view.last_moves),
        last_colour=view.last_colour if view.last_colour is not None else -1,
        last_place=_cell(view.last_place),
        result=view.result,
    )


# ----------------------------------------------------------------------------- evaluation


@lru_cache(maxsize=512)
def step_costs(tiles: str, finish: int) -> tuple[int, ...]:
    """Puppet step cost from every cell to FINISH, in half steps, without finds or igloo tolls.

    Same level 2, up one level 4, down one level 1 (skiing refunds the step but needs it first),
    water and two-level changes impassable. Bears are ignored (they move). ``FAR`` where no
    such road exists yet (later tiles may open one).
    """
    level, water = terrain(tiles)
    dist = [FAR] * B.NCELLS
    dist[finish] = 0
    heap = [(0, finish)]
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        for u in B.NEIGHBOURS[v]:
            if water[u] or abs(level[u] - level[v]) > 1:
                continue
            cost = 4 if level[v] > level[u] else 1 if level[v] < level[u] else 2
            if d + cost < dist[u]:
                dist[u] = d + cost
                heapq.heappush(heap, (d + cost, u))
    return tuple(dist)


def race_distance(state: HikeState, colour: int) -> float:
    """How far a colour's puppet is from the village, in half steps (lower is better).

    Where no level road exists yet, the crow's distance over non-water cells stands in, at the
    price of an uphill step per cell plus a penalty (a blocked puppet needs tiles or a rope).
    """
    p = state.pos[colour]
    d = step_costs(state.tiles, state.finish)[p]
    if d >= FAR:
        plain = finish_distances(state.tiles, state.finish)[p]
        d = 4 * min(plain, 40) + 12
    return d - FIND_VALUE * sum(state.finds[colour])


def evaluate(state: HikeState, seat: Seat) -> float:
    """How likely ``seat`` is to reach the village first, in [0, 1].

    Finished: 1 for a winner, 0 otherwise. Playing: mostly a logistic of the lead of the seat's
    best puppet over the best puppet of anyone else, measured by :func:`race_distance` (finds
    count as a little progress: berries are steps, ropes and torches get past blockades and
    bears); the rest (:data:`PROGRESS_WEIGHT`) rewards the seat's own nearness to the village,
    so that a seat far ahead still walks on (see the constant).
    """
    if state.phase == OVER:
        return 1.0 if seat in ICE_HIKE.winners(state) else 0.0
    mine, theirs = FAR * 4.0, FAR * 4.0
    for a in range(ncolours(state)):
        if not active(state, a):
            continue
        d = race_distance(state, a)
        if owner(state, a) == seat:
            mine = min(mine, d)
        else:
            theirs = min(theirs, d)
    if mine >= FAR * 4.0:
        return 0.0
    if theirs >= FAR * 4.0:
        return 1.0
    lead = max(-60.0, min(60.0, (theirs - mine) / LEAD_SCALE))
    ahead = 1.0 / (1.0 + math.exp(-lead))
    nearness = PROGRESS_SCALE / (PROGRESS_SCALE + max(0.0, mine))
    return (1.0 - PROGRESS_WEIGHT) * ahead + PROGRESS_WEIGHT * nearness


# ----------------------------------------------------------------------------- candidates


def _my_colours(state: HikeState, seat: Seat) -> list[int]:
    return [a for a in range(ncolours(state)) if owner(state, a) == seat and active(state, a)]


def _their_colours(state: HikeState, seat: Seat) -> list[int]:
    return [a for a in range(ncolours(state)) if owner(state, a) != seat and active(state, a)]


@lru_cache(maxsize=1)
def _distances() -> tuple[tuple[int, ...], ...]:
    """Hex distance between every two cells (a table: the placement order asks it often)."""
    return tuple(tuple(B.distance(a, b) for b in range(B.NCELLS)) for a in range(B.NCELLS))


def _free_cells(state: HikeState) -> list[int]:
    """Full cells without a tile, piece or igloo (where a tile may go, blockades aside)."""
    occupied = set(state.bears) | {c for g in state.igloos for c in g} | set(state.pos)
    return [
        x
        for x in range(B.NCELLS)
        if B.KIND[x] == B.FULL
        and state.tiles[x] == B.NO_TILE
        and x not in occupied
        and x not in (B.START, state.finish)
    ]


def _targets(state: HikeState, seat: Seat) -> list[int]:
    """Where the drawn tile matters most: a helpful tile (land) by one's own puppets, an
    obstacle (water, mountain) by the others'."""
    near = _my_colours(state, seat) if state.drawn == B.LAND else _their_colours(state, seat)
    return [state.pos[a] for a in near] or [state.pos[a] for a in _my_colours(state, seat)]


def _placement_order(state: HikeState, seat: Seat) -> list[int]:
    """Free full cells, most interesting first: nearest the :func:`_targets`, and among equals
    those on the side towards the village."""
    targets = _targets(state, seat)
    plain = finish_distances(state.tiles, state.finish)
    dist = _distances()

    def score(x: int) -> tuple[int, int, int]:
        d = min((dist[x][t] for t in targets), default=0)
        ahead = min((plain[x] - plain[t] for t in targets), default=0)
        return (d + (1 if ahead > 0 else 0), ahead, x)

    return sorted(_free_cells(state), key=score)


def _some_placements(state: HikeState, seat: Seat, limit: int) -> list[Action]:
    roads = Roads(state) if state.drawn != B.LAND else None
    out: list[Action] = []
    for x in _placement_order(state, seat):
        if ICE_HIKE.place_reason(state, x, roads) is None:
            out.append(Place(x))
            if len(out) >= limit:
                break
    return out


def _rollout_placement(state: HikeState, seat: Seat, r: random.Random) -> Action:
    """A random legal cell within two of the :func:`_targets`, else anywhere legal."""
    targets = _targets(state, seat)
    dist = _distances()
    free = _free_cells(state)
    near = [x for x in free if any(dist[x][t] <= 2 for t in targets)]
    roads = Roads(state) if state.drawn != B.LAND else None
    for cells in (near, free):
        for x in shuffled(r, cells)[:6]:
            if ICE_HIKE.place_reason(state, x, roads) is None:
                return Place(x)
    return ICE_HIKE.default_action(state, seat)


def candidate_actions(state: HikeState, seat: Seat) -> Sequence[Action]:
    """The legal actions worth searching: a handful of placements (nearest the puppets that the
    tile helps or hinders) instead of every cell, and never a change of torch choice."""
    if seat not in ICE_HIKE.to_act(state):
        return []
    if state.phase == PLACE:
        return _some_placements(state, seat, PLACE_CANDIDATES) or [
            a for a in ICE_HIKE.legal_actions(state, seat) if not isinstance(a, Policy)
        ]
    return [a for a in ICE_HIKE.legal_actions(state, seat) if not isinstance(a, Policy)]


def rollout_action(state: HikeState, seat: Seat, r: random.Random) -> Action:
    """A cheap, sensible move for playouts (it never builds the whole ACT menu).

    Place on a random legal cell near the puppets the tile matters to; play the puppet (a bear
    one time in ten); walk the step that brings the puppet nearest the village (never paying a
    toll), search a cave when standing on one, else end; walk a bear a random step, or stop it
    three times in ten; use a torch when asked; flee as the deadline default does.
    """
    if state.phase == PLACE:
        return _rollout_placement(state, seat, r)
    if state.phase == CHOOSE:
        return Choose("bear") if r.random() < 0.1 else Choose("puppet")
    if state.phase == TORCH:
        return TorchAnswer(True)
    if state.phase != ACT:
        return ICE_HIKE.default_action(state, seat)
    if state.mode == "bear" and not state.bear_done:
        return _rollout_bear(state, r)
    return _rollout_puppet(state, seat, r)


def _rollout_bear(state: HikeState, r: random.Random) -> Action:
    stop_ok = ICE_HIKE.bear_stop_reason(state) is None
    if stop_ok and (state.bear >= 0 or not state.bears) and r.random() < 0.3:
        return End()
    starts = (
        [state.bears[state.bear]]
        if state.bear >= 0
        else [state.bears[i] for i in ICE_HIKE.movable_bears(state)]
    )
    for start in shuffled(r, starts):
        for d in shuffled(r, list(B.STEP[start])):
            step = BearStep(d, -1 if state.bear >= 0 else start)
            if ICE_HIKE.bear_step_reason(state, step) is None:
                return step
    return End() if stop_ok else ICE_HIKE.default_action(state, owner(state, state.current))


def _rollout_puppet(state: HikeState, seat: Seat, r: random.Random) -> Action:
    c = state.current
    p = state.pos[c]
    if state.steps <= 0:
        return End()
    if ICE_HIKE.search_reason(state) is None:
        return Search()
    costs = step_costs(state.tiles, state.finish)
    best: Action = End()
    best_d = costs[p]
    for d in shuffled(r, list(B.STEP[p])):
        for move in (Walk(d), Rope(d)):
            t, _, _, why = ICE_HIKE.step_info(state, d, isinstance(move, Rope))
            if why or ICE_HIKE.toll_reason(state, t, "", isinstance(move, Rope)):
                continue
            if t == state.finish:
                return move
            if costs[t] < best_d:
                best, best_d = move, costs[t]
    return best


#: Ice Hike's computer player (named by its registration in :mod:`games.registry`).
HOOKS = Hooks.declare(
    ICE_HIKE,
    sample=sample,
    evaluate=evaluate,
    candidate_actions=candidate_actions,
    rollout_action=rollout_action,
)

__all__ = [
    "HOOKS",
    "candidate_actions",
    "evaluate",
    "race_distance",
    "rollout_action",
    "sample",
    "step_costs",
]
