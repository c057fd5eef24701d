"""Thin Ice's computer player: a sampler, an evaluation and move policies.

The computer sees only its seat's view and searches over full states consistent with it
(determinization). What a view hides in Thin Ice, and how :func:`sample` draws it:

* **The cards nobody has shown**: every card of the deck in play (26, or the short deck's 13)
  that is not in the viewer's hand, in the discard pile, on the table (the chain) or among the
  Zen moment cards the viewer looks at. They are shuffled and dealt to the other players' hands
  (their counts are public), to a Zen moment someone else is looking at (its size is public),
  and the rest make the deck, in random order (its size is public). In a game they add up
  exactly; in a position built by hand with cards left out, the surplus stays out.
* **The backs of uncracked tiles**: a tile showing plain ice may be cracked ice, a Killer
  Whale, perma-ice or the Kraken underneath. The set's tiles minus every tile whose kind is
  known (cracked faces, partial tiles, discarded tiles, a whale waiting to move) are shuffled
  onto the ice-faced tiles.
* **Other players' standing orders**: none. An order only answers a window in advance the way
  its owner could answer it in person, and the search answers every window for every seat, so
  drawing orders would add nothing but a guess.
* **The seed**: a fresh one from ``r``, so future rolls and reshuffles are not the real ones.

Everything else is public and copied from the view (the view carries the public bookkeeping,
such as the queue of things to resolve and the stack of windows, for this purpose).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ai.hooks import Hooks
from games.core import Seat, randbelow, shuffled
from games.thin_ice import THIN_ICE
from games.thin_ice.actions import Action, Discard, Move, Order, Place, Simple, Step, Vote
from games.thin_ice.board import (
    BLOCKING_FACES,
    CRACKED_FACES,
    DIRS,
    FACES,
    HOLE,
    ICE,
    KRAKEN_TILES,
    TILE_COUNTS,
    Cell,
    Tile,
    cheb,
    side,
    step,
)
from games.thin_ice.cards import FIRST_13, KEYS
from games.thin_ice.state import OVER, PLACE, Decision, StandingOrder, ThinIceState, ThinIceView
from games.thin_ice.working import Working

#: Every face but plain ice names its tile's kind (and whether it is flipped).
_KIND_OF_FACE: dict[str, tuple[str, bool]] = {
    face: (kind, i == 1) for kind, faces in FACES.items() for i, face in enumerate(faces) if face != "ice"
}
#: Cards worth playing in a reaction window when the bear is next to one's meeple.
_BEAR_ANSWERS = ("flare", "distracted", "bearly", "sure")


# ----------------------------------------------------------------------------- sampling


def tile_set(view: ThinIceView) -> Counter[str]:
    """Every tile of the game (Set Up, and the Kraken expansion's replacements)."""
    counts = Counter(dict(TILE_COUNTS[side(view.players)]))
    if view.options.kraken:
        for kind, n in KRAKEN_TILES.items():
            counts[ICE] -= n
            counts[kind] += n
    counts[HOLE] += 1
    return counts


def _hidden_kinds(view: ThinIceView, r: random.Random) -> list[str]:
    """The kinds under the ice-faced tiles, shuffled: the set minus every tile whose kind is
    known. (In a game they add up exactly; a position built by hand that does not is padded
    with plain ice or cut at random, so the sampler still answers.)"""
    unknown = tile_set(view)
    unknown.subtract(_KIND_OF_FACE[face][0] for _, face, _ in view.tiles if face != "ice")
    unknown.subtract(view.tile_discard)
    unknown.subtract(job.tile.kind for job in view.queue if job.tile is not None)
    kinds = shuffled(r, [k for k, n in unknown.items() for _ in range(max(0, n))])
    faced = sum(1 for _, face, _ in view.tiles if face == "ice")
    return (kinds + [ICE] * faced)[:faced]


def _tiles(view: ThinIceView, r: random.Random) -> tuple[tuple[Cell, Tile], ...]:
    kinds = _hidden_kinds(view, r)
    out = []
    for cell, face, turn in view.tiles:
        if face == "ice":
            out.append((cell, Tile(kinds.pop(), False, turn)))
        else:
            kind, flipped = _KIND_OF_FACE[face]
            out.append((cell, Tile(kind, flipped, turn)))
    return tuple(sorted(out))


def unseen_cards(view: ThinIceView, seat: Seat) -> list[str]:
    """The cards ``seat`` has not seen: not in its hand, the discard pile, the chain or its peek."""
    deck = FIRST_13 if view.options.short_deck else KEYS
    seen = set(view.hand) | set(view.discard) | {p.card for p in view.chain} | set(view.peek)
    return [c for c in deck if c not in seen]


def sample(view: ThinIceView, seat: Seat, r: random.Random) -> ThinIceState:
    """A full state whose view for ``seat`` is ``view``, the hidden parts drawn from ``r``."""
    cards = shuffled(r, unseen_cards(view, seat))
    hands: list[tuple[str, ...]] = []
    for s, n in enumerate(view.hand_counts):
        if s == seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(cards[:n]))
            del cards[:n]
    decision = None
    if view.decision:
        zen = view.peek
        if view.decision == "zen" and not zen:
            zen = tuple(cards[: view.decision_cards])
            del cards[: view.decision_cards]
        decision = Decision(view.decision, view.awaited, view.decision_target, zen, view.votes)
    if len(cards) < view.deck_size:
        raise ValueError("the view's cards do not add up to the deck")
    orders: tuple[tuple[StandingOrder, ...], ...] = tuple(
        view.orders if s == seat else () for s in range(view.players)
    )
    return ThinIceState(
        seed=r.getrandbits(62),
        step=view.step,
        players=view.players,
        options=view.options,
        phase=view.phase,
        current=view.current if view.current is not None else 0,
        first=view.first,
        tiles=_tiles(view, r),
        bear=view.bear,
        awake=view.awake,
        meeples=view.meeples,
        down=view.down,
        out=view.out,
        retired=frozenset(s for s, st in enumerate(view.status) if st == "retired"),
        hands=tuple(hands),
        deck=tuple(cards[: view.deck_size]),
        discard=view.discard,
        tile_discard=view.tile_discard,
        die=view.die,
        turn=view.turn,
        effects=view.effects,
        orders=orders,
        queue=view.queue,
        chain=view.chain,
        windows=view.windows,
        decision=decision,
        winners=view.winners,
        last=view.last,
    )


# ----------------------------------------------------------------------------- evaluation


def safety(state: ThinIceState, tiles: dict[Cell, Tile], s: Seat) -> float:
    """How well a meeple on the ice stands: the tiles next to it it could step onto (the next
    move is mandatory, and a meeple with none is Lost at Sea; cracked ones count half),
    discounted for cracked ice under it, the sea, an awake bear next to it, lying down; cards in
    hand help a little. Partial ice edges are ignored: this is a quick estimate."""
    m = state.meeples[s]
    if m is None or s in state.retired:
        return 0.0
    taken = {x for x in state.meeples if x is not None}
    exits = 0.0
    for dx, dy in DIRS.values():
        t = (m[0] + dx, m[1] + dy)
        tile = tiles.get(t)
        if tile is None or t == state.bear or t in taken or tile.face in BLOCKING_FACES:
            continue
        exits += 0.5 if tile.face in CRACKED_FACES else 1.0
    value = 1.0 + exits
    here = tiles.get(m)
    if here is None:
        value *= 0.3
    elif here.face in CRACKED_FACES:
        value *= 0.7
    if state.awake and state.bear is not None and cheb(state.bear, m) <= 1:
        value *= 0.6
    if s in state.down:
        value *= 0.8
    return value * (1.0 + 0.1 * len(state.hands[s]))


def evaluate(state: ThinIceState, seat: Seat) -> float:
    """The seat's chance to be the last on the ice, in [0, 1].

    Finished: 1 for a winner (shared wins count), 0 otherwise. Out of the game: 0. Setting up:
    a fair share. Playing: the seat's share of the total :func:`safety` of the meeples still on
    the ice.
    """
    if state.phase == OVER:
        return 1.0 if seat in state.winners else 0.0
    if state.phase == PLACE:
        return 1.0 / (state.players - len(state.retired))
    if state.meeples[seat] is None or seat in state.retired:
        return 0.0
    tiles = dict(state.tiles)
    scores = [safety(state, tiles, s) for s in range(state.players)]
    return scores[seat] / sum(scores)


# ----------------------------------------------------------------------------- candidates


def candidate_actions(state: ThinIceState, seat: Seat) -> Sequence[Action]:
    """The legal actions worth searching: everything but standing orders (the computer answers
    each window in person) and, in one's own turn, discards (they only make room for a random
    draw). A forced discard (Catch this!) keeps its choices."""
    legal = [a for a in THIN_ICE.legal_actions(state, seat) if not isinstance(a, Order)]
    if state.decision is not None:
        return legal
    return [a for a in legal if not isinstance(a, Discard)] or legal


def rollout_action(state: ThinIceState, seat: Seat, r: random.Random) -> Action:
    """A cheap, sensible move for playouts (it builds only the menu part it needs).

    Own turn: stand if lying down, move to the tile with the most ways on (away from an awake
    bear), slide a random tile (mandatory when possible), roll, end; cards are kept for the
    windows. Windows: pass, except a card against a bear next to one's meeple. Votes: yes for
    one's own card only. The bear goes nearest another meeple; other forced choices at random.
    """
    w = Working(state)
    if w.phase == PLACE:
        cells = THIN_ICE.place_cells(w)
        return Place(cells[randbelow(r, len(cells))])
    d = w.decision
    if d is not None:
        if d.kind == "vote":
            return Vote(len(w.chain) >= 2 and w.chain[-2].seat == seat)
        options = w.decision_actions()
        if not options:
            return THIN_ICE.default_action(state, seat)
        if d.kind in ("bear", "push"):
            return _toward_others(w, seat, options, r)
        return options[randbelow(r, len(options))]
    if w.windows and (w.windows[-1].kind == "card" or not w.chain):
        return _answer(w, seat, w.windows[-1].kind)
    t = w.turn
    if t.laid and not t.stood:
        return Simple("stand")
    if not t.stood and w.alive(seat):
        if not t.moved:
            moves = w.move_actions(seat)
            if moves:
                return max(moves, key=lambda a: (_after_move(w, seat, a), r.random()))
        if not t.slid:
            slides = w.slides()
            if slides:
                return slides[randbelow(r, len(slides))]
    if not t.stood and not t.rolled:
        return Simple("roll")
    if not w.end_ok(seat):
        return Simple("end")
    legal = candidate_actions(state, seat)
    return legal[randbelow(r, len(legal))]


def _answer(w: Working, seat: Seat, kind: str) -> Action:
    """Pass a window, unless the bear next to one's meeple can be stopped by a card in hand."""
    m = w.meeples[seat]
    near = m is not None and w.awake and w.bear is not None and cheb(m, w.bear) <= 1
    if near and w.current != seat and kind in ("roll", "bear"):
        plays = w.card_plays(seat, kind)
        for card in _BEAR_ANSWERS:
            for a in plays:
                if a.card == card:
                    return a
    return Simple("pass")


def _after_move(w: Working, seat: Seat, a: Move) -> float:
    """Ways on from the tile a move lands on (a rough look one move ahead)."""
    m = w.meeples[seat]
    assert m is not None
    t = step(m, a.dir, 2 if a.jump else 1)
    tile = w.tiles.get(t)
    score = 0.0 if tile is None else (1.0 if tile.face in CRACKED_FACES else 2.0)
    for d2 in ("N", "NE", "E", "SE", "S", "SW", "W", "NW"):
        n = step(t, d2)
        nt = w.tiles.get(n)
        if nt is not None and nt.face not in BLOCKING_FACES and n != m and n != w.bear:
            score += 0.5 if nt.face in CRACKED_FACES else 1.0
    if w.bear is not None and w.awake and cheb(t, w.bear) <= 1:
        score -= 2.0
    return score


def _toward_others(w: Working, seat: Seat, legal: Sequence[Action], r: random.Random) -> Action:
    """A bear step that brings the bear nearest another meeple (and away from one's own)."""
    others = [m for s, m in enumerate(w.meeples) if m is not None and s != seat and s not in w.retired]
    mine = w.meeples[seat]
    b = w.bear

    def score(a: Action) -> float:
        if not isinstance(a, Step) or b is None:
            return 0.0
        t = step(b, a.dir)
        near = min((cheb(t, m) for m in others), default=0)
        own = cheb(t, mine) if mine is not None else 9
        return -near + (0 if own > 1 else -3) + r.random() * 0.5

    return max(legal, key=score)


#: Thin Ice's computer player (named by its registration in :mod:`games.registry`).
HOOKS = Hooks.declare(
    THIN_ICE,
    sample=sample,
    evaluate=evaluate,
    candidate_actions=candidate_actions,
    rollout_action=rollout_action,
)

__all__ = [
    "HOOKS",
    "candidate_actions",
    "evaluate",
    "rollout_action",
    "safety",
    "sample",
    "tile_set",
    "unseen_cards",
]
