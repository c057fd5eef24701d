"""Thin Ice's working copy: a mutable copy of a state for one apply, where the rules resolve.

Everything here runs on :class:`Working`, built from a frozen state and frozen back at the end, so
``apply`` never mutates its input. Rule clauses are named in comments where they are enforced.

One module because it is one mutable object that the cards, the windows for answers and the
bear's and whale's movements all change in one resolution: a card's effect moves the bear, whose
move opens a window in which another card answers. Split into mixins, the chain of a card's
resolution would be read across files against a class none of them sees; the cards (as data),
the board and the actions are modules of their own already.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.core import Event, pick, private, public, replace, shuffled
from games.thin_ice.actions import (
    Action,
    Discard,
    Keep,
    Move,
    Play,
    Simple,
    Slide,
    Step,
    Target,
    Vote,
)
from games.thin_ice.board import (
    BEAR,
    BLOCKING_FACES,
    CRACK,
    CRACKED_FACES,
    DIE,
    DIE_WORDS,
    DIRS,
    HOLE_FACES,
    ICE,
    KRAKEN,
    KRAKEN_TILES,
    OPPOSITE,
    ORTHO,
    PARTIAL,
    PERMA,
    REFREEZE,
    ROTATING,
    SLIDE,
    TILE_COUNTS,
    Cell,
    Tile,
    cheb,
    grid_cells,
    hole_cell,
    name,
    passes,
    side,
    step,
)
from games.thin_ice.cards import ANSWERS, BEAR_TRIGGERS, BY_KEY, FIRST_13, HAND_LIMIT, KEYS, TRIGGER_WINDOWS
from games.thin_ice.state import (
    OVER,
    PLACE,
    PLAY,
    Decision,
    Effect,
    Job,
    LastAction,
    Played,
    StandingOrder,
    ThinIceState,
    Turn,
    Window,
    action_line,
)
from games.words import Listed, Param, Said, Who, say, say_n

EVENT_WINDOWS = ("roll", "bear", "chase", "adrift")
#: What a tile shows once cracked, as the narration names it ("The tile on C3 cracks: a Killer Whale.").
FACE_WORDS: dict[str, Said] = {
    # Translators: the back of a tile, revealed when it cracks ("The tile on C3 cracks: a Killer Whale.")
    "whale": say("a Killer Whale"),
    # Translators: the back of a tile, revealed when it cracks
    "perma": say("Perma-ice"),
    # Translators: the back of a tile, revealed when it cracks
    "kraken": say("the Kraken"),
    # Translators: the back of a tile, revealed when it cracks
    "cracked": say("cracked ice"),
    # Translators: the back of the Ice Hole tile, revealed when it cracks
    "cracked-hole": say("the cracked hole"),
    # Translators: the back of a partial ice tile, revealed when it cracks
    "cracked-partial": say("cracked partial ice"),
    # Translators: the back of a rotating partial ice tile, revealed when it cracks
    "cracked-rotating": say("cracked rotating partial ice"),
}


def named_with_and(seats: Iterable[int]) -> Param:
    """The seats' names joined by "and", in seat order: "Ann and Bo", "Ann and Bo and Cy"."""
    first, *others = sorted(seats)
    names: Param = Who(first)
    for other in others:
        # Translators: names joined ("Ann and Bo"); with three, {first} is itself two ("Ann and Bo and Cy")
        names = say("{first} and {next}", first=names, next=Who(other))
    return names


def awaited(s: ThinIceState | Working) -> frozenset[int]:
    """The seats the game waits for. It reads only the phase, the current seat, the pending
    decision, the reaction windows and the chain, so a state answers without a working copy."""
    if s.phase == OVER:
        return frozenset()
    if s.phase == PLACE:
        return frozenset({s.current})
    if s.decision is not None:
        return s.decision.seats
    if s.windows and (s.windows[-1].kind == "card" or not s.chain):
        return s.windows[-1].pending
    return frozenset({s.current})


def in_reaction_window(s: ThinIceState) -> bool:
    """Whether the awaited seats are asked in a reaction window (pass or play a card)."""
    return s.phase != PLACE and s.decision is None and bool(s.windows)


class Working:
    """A mutable working copy of a :class:`ThinIceState`."""

    def __init__(self, s: ThinIceState, r: random.Random | None = None) -> None:
        self.seed, self.step, self.players, self.options = s.seed, s.step, s.players, s.options
        self.phase, self.current, self.first = s.phase, s.current, s.first
        self.tiles: dict[Cell, Tile] = dict(s.tiles)
        self.bear, self.awake = s.bear, s.awake
        self.meeples: list[Cell | None] = list(s.meeples)
        self.down: set[int] = set(s.down)
        self.out: list[str] = list(s.out)
        self.retired: set[int] = set(s.retired)
        self.hands: list[list[str]] = [list(h) for h in s.hands]
        self.deck, self.discard = list(s.deck), list(s.discard)
        self.tile_discard = list(s.tile_discard)
        self.die, self.turn = s.die, s.turn
        self.effects: list[Effect] = list(s.effects)
        self.orders: list[list[StandingOrder]] = [list(o) for o in s.orders]
        self.queue: list[Job] = list(s.queue)
        self.chain: list[Played] = list(s.chain)
        self.windows: list[Window] = list(s.windows)
        self.decision = s.decision
        self.winners: frozenset[int] = s.winners
        self.last = s.last
        self.events: list[Event] = []
        self.r = r
        self.alive_before = frozenset(x for x in range(self.players) if self.alive(x))

    def freeze(self) -> ThinIceState:
        return ThinIceState(
            seed=self.seed,
            step=self.step,
            players=self.players,
            options=self.options,
            phase=self.phase,
            current=self.current,
            first=self.first,
            tiles=tuple(sorted(self.tiles.items())),
            bear=self.bear,
            awake=self.awake,
            meeples=tuple(self.meeples),
            down=frozenset(self.down),
            out=tuple(self.out),
            retired=frozenset(self.retired),
            hands=tuple(tuple(h) for h in self.hands),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            tile_discard=tuple(self.tile_discard),
            die=self.die,
            turn=self.turn,
            effects=tuple(self.effects),
            orders=tuple(tuple(o) for o in self.orders),
            queue=tuple(self.queue),
            chain=tuple(self.chain),
            windows=tuple(self.windows),
            decision=self.decision,
            winners=self.winners,
            last=self.last,
        )

    def rand(self) -> random.Random:
        assert self.r is not None, "randomness is only drawn inside apply"
        return self.r

    def narrate(self, kind: str, said: Said) -> None:
        """Tell everyone what happened (an event of ``kind``)."""
        self.events.append(public(kind, said))

    # ------------------------------------------------------------------ queries

    def alive(self, s: int) -> bool:
        return self.meeples[s] is not None and s not in self.retired

    def meeples_at(self, c: Cell) -> list[int]:
        return [s for s, m in enumerate(self.meeples) if m == c and s not in self.retired]

    def jacket(self, s: int) -> bool:
        return any(e.kind == "jacket" and e.owner == s for e in self.effects)

    def style(self) -> bool:
        return any(e.kind == "style" for e in self.effects)

    def deck_cards(self) -> tuple[str, ...]:
        return FIRST_13 if self.options.short_deck else KEYS

    def possibly_held(self, cards: frozenset[str]) -> bool:
        """Whether a card that answers could be in someone's hand, judged from public facts
        only (the discard pile and the cards on the table), so no window leaks the deck."""
        gone = set(self.discard) | {p.card for p in self.chain}
        return any(c in self.deck_cards() and c not in gone for c in cards)

    def holders(self) -> frozenset[int]:
        return frozenset(s for s in range(self.players) if self.hands[s] and s not in self.retired)

    def isolated(self, c: Cell) -> bool:
        return not any(step(c, d) in self.tiles for d in ORTHO)

    # ------------------------------------------------------------------ movement queries

    def can_enter(self, s: int, t: Cell, d: str, company: bool) -> bool:
        """Move your Meeple: not onto a Killer Whale, Kraken, the Polar Bear or another
        meeple (Two's company: an uncracked tile with a meeple); the sea only with a Life
        Jacket; partial tiles only through an iced edge."""
        if self.bear == t:
            return False
        others = [o for o in self.meeples_at(t) if o != s]
        tile = self.tiles.get(t)
        if tile is None:
            return self.jacket(s) and not others
        if tile.face in BLOCKING_FACES:
            return False
        if others and not (company and tile.face not in CRACKED_FACES):
            return False
        return passes(tile, OPPOSITE[d])

    def meeple_steps(self, s: int, company: bool = False) -> list[tuple[str, Cell]]:
        c = self.meeples[s]
        if c is None:
            return []
        here = self.tiles.get(c)
        out = []
        for d in DIRS:
            t = step(c, d)
            if passes(here, d) and self.can_enter(s, t, d, company):
                out.append((d, t))
        return out

    def jumps(self, s: int) -> list[tuple[str, Cell]]:
        """Mighty Leap: over a player on an adjacent tile, straight on to the tile beyond."""
        c = self.meeples[s]
        if c is None:
            return []
        here = self.tiles.get(c)
        out = []
        for d in DIRS:
            mid, t = step(c, d), step(c, d, 2)
            if (
                mid in self.tiles
                and any(o != s for o in self.meeples_at(mid))
                and passes(here, d)
                and self.can_enter(s, t, d, self.turn.company)
            ):
                out.append((d, t))
        return out

    def move_actions(self, s: int) -> list[Move]:
        c = self.meeples[s]
        if c is None:
            return []
        tile = self.tiles.get(c)
        rots = ("cw", "ccw") if tile is not None and tile.kind == ROTATING and not tile.flipped else ("",)
        out = [Move(d, r) for d, _ in self.meeple_steps(s, self.turn.company) for r in rots]
        if self.turn.leap:
            out += [Move(d, r, True) for d, _ in self.jumps(s) for r in rots]
        return out

    def nature_blocks(self, b: Cell, t: Cell) -> bool:
        """At one with nature: the bear may not be moved towards its player."""
        for e in self.effects:
            m = self.meeples[e.owner]
            if e.kind == "nature" and m is not None and self.alive(e.owner) and cheb(t, m) < cheb(b, m):
                return True
        return False

    def bear_steps(self, roar_from: Cell | None = None) -> list[tuple[str, Cell]]:
        """The bear moves to an adjacent tile or sea space, except a Killer Whale or Kraken."""
        b = self.bear
        if b is None:
            return []
        here = self.tiles.get(b)
        out = []
        for d in DIRS:
            t = step(b, d)
            if not passes(here, d):
                continue
            tile = self.tiles.get(t)
            if tile is None:
                if self.meeples_at(t):  # ruling: the bear does not swim onto a swimmer
                    continue
            elif tile.face in BLOCKING_FACES or not passes(tile, OPPOSITE[d]):
                continue
            if roar_from is not None and (self.meeples_at(t) or cheb(t, roar_from) <= cheb(b, roar_from)):
                continue  # RRRAAHHHH!: one tile away from you, and it cannot chase another player
            if self.nature_blocks(b, t):
                continue
            out.append((d, t))
        return out

    def slide_ok(self, c: Cell, tile: Tile, t: Cell) -> bool:
        """Move an Ice Tile: one space orthogonally into an empty sea space. Exceptions: a
        Killer Whale or the Kraken onto the bear's sea space; the Kraken onto a Killer Whale."""
        other = self.tiles.get(t)
        if other is not None:
            return tile.face == "kraken" and other.face == "whale"
        if self.bear != t:
            return not self.meeples_at(t)
        self.tiles[t] = self.tiles.pop(c)
        ok = self.may_enter_bears_sea(tile)
        self.tiles[c] = self.tiles.pop(t)
        return ok

    def may_enter_bears_sea(self, tile: Tile) -> bool:
        """Whether ``tile``, just put on the polar bear's sea space, may stay there: only a
        Killer Whale or the Kraken, not while Flare holds the bear, and a Killer Whale only if
        the bear can then be moved (the Kraken discards a bear that cannot)."""
        if tile.face not in BLOCKING_FACES or self.turn.flare:
            return False
        return tile.face == "kraken" or bool(self.bear_steps())

    def slides(self) -> list[Slide]:
        out = []
        for c, tile in sorted(self.tiles.items()):
            if tile.face in CRACKED_FACES or self.bear == c or self.meeples_at(c):
                continue  # You may not move a cracked tile, or a tile with the bear or a meeple
            for d in ORTHO:
                if self.slide_ok(c, tile, step(c, d)):
                    out.append(Slide(c, d))
        return out

    def kraken_targets(self) -> list[Cell]:
        """Kraken: on a bear roll, destroy any tile adjacent to the Kraken instead."""
        krakens = [c for c, t in self.tiles.items() if t.face == "kraken"]
        return sorted(c for c in self.tiles if any(cheb(c, k) == 1 for k in krakens))

    def crack_targets(self) -> list[Cell]:
        """Crack face: an Ice or Ice Hole tile, or an already cracked tile; not with the
        bear or a meeple on it."""
        return sorted(
            c
            for c, t in self.tiles.items()
            if (not t.flipped or t.face in CRACKED_FACES) and self.bear != c and not self.meeples_at(c)
        )

    def refreeze_targets(self) -> list[Cell]:
        """Refreeze face: any cracked tile, the Killer Whale or the Kraken; not perma-ice,
        not with the bear or a meeple on it."""
        return sorted(
            c
            for c, t in self.tiles.items()
            if t.flipped and t.kind != PERMA and self.bear != c and not self.meeples_at(c)
        )

    # ------------------------------------------------------------------ board changes

    def remove(self, c: Cell, said: Said) -> None:
        """Remove the tile on ``c`` from the game, telling why (``said``: "The tile on C3 ...")."""
        tile = self.tiles.pop(c)
        self.tile_discard.append(tile.kind)
        self.narrate("remove", said)

    def leave(self, c: Cell) -> bool:
        """Leaving a tile: Ice or Ice Hole flips to its cracked side; a cracked tile is
        removed from the game. Returns whether the tile was removed."""
        tile = self.tiles[c]
        if tile.face in CRACKED_FACES:
            self.remove(c, say("The tile on {cell} breaks up and is removed.", cell=name(c)))
            return True
        if not tile.flipped:
            self.tiles[c] = replace(tile, flipped=True)
            face = FACE_WORDS.get(self.tiles[c].face, FACE_WORDS["cracked"])
            # Translators: {face} is what the tile shows now ("a Killer Whale", "cracked ice")
            self.narrate("crack", say("The tile on {cell} cracks: {face}.", cell=name(c), face=face))
        return False

    def lost(self, s: int, how: str) -> None:
        """Seat ``s``'s meeple is out, ``how`` being "lost at sea" or "adrift" (kept in ``out``)."""
        if self.meeples[s] is None:
            return
        self.meeples[s] = None
        self.out[s] = how
        self.down.discard(s)
        if how == "adrift":
            self.narrate("out", say("{who} is adrift and out of the game.", who=Who(s)))
        else:
            self.narrate("out", say("{who} is lost at sea and out of the game.", who=Who(s)))
        mate = self.turn.together
        # In it together: if you become lost at sea this turn, the chosen meeple goes too.
        if how == "lost at sea" and s == self.current and mate >= 0 and self.alive(mate):
            self.turn = replace(self.turn, together=-1)
            self.narrate(
                "together",
                # Translators: {card} is In it together; {mate} is lost at sea with {who}
                say(
                    "{card}: {mate} goes with {who}.",
                    card=BY_KEY["together"].name,
                    mate=Who(mate),
                    who=Who(s),
                ),
            )
            self.lost(mate, "lost at sea")

    def move_bear(self, t: Cell) -> None:
        """The bear leaves its tile (cracking it, unless Bear-ly there) and may chase."""
        b = self.bear
        assert b is not None
        jobs: list[Job] = []
        if b in self.tiles and not self.turn.bearly and self.leave(b):
            jobs.append(Job("settle"))
        self.bear = t
        self.narrate("bear", say("The polar bear moves to {cell}.", cell=name(t)))
        if t in self.tiles:
            # If the Polar Bear is moved onto a tile with a meeple, the meeple is Chased Away.
            jobs += [Job("chase", seat=s, chooser=self.current, cell=t) for s in self.meeples_at(t)]
        self.queue[0:0] = jobs

    def do_move(self, s: int, a: Move) -> None:
        c = self.meeples[s]
        assert c is not None
        t = step(c, a.dir, 2 if a.jump else 1)
        jobs: list[Job] = []
        tile = self.tiles.get(c)
        if tile is not None:
            # Sliding in style: moving off a tile does not crack it or discard it.
            if not self.style() and self.leave(c):
                jobs.append(Job("settle"))
            if tile.kind == ROTATING and not tile.flipped and c in self.tiles and a.rot:
                # Rotating Partial Ice: rotated 90 degrees left or right after it flips.
                k = 1 if a.rot == "cw" else 3
                self.tiles[c] = replace(self.tiles[c], turn=(tile.turn + k) % 4)
        self.meeples[s] = t
        if a.jump:
            self.narrate("move", say("{who} leaps to {cell}.", who=Who(s), cell=name(t)))
        else:
            self.narrate("move", say("{who} moves to {cell}.", who=Who(s), cell=name(t)))
        self.queue[0:0] = jobs

    def do_slide(self, a: Slide) -> None:
        tile = self.tiles.pop(a.cell)
        t = step(a.cell, a.dir)
        jobs: list[Job] = []
        # Translators: {dir} is a direction as typed (N, E, S, W)
        slid = say("The tile on {cell} slides {dir} to {to}.", cell=name(a.cell), dir=a.dir, to=name(t))
        self.narrate("slide", slid)
        if t in self.tiles:
            whale = self.tiles.pop(t)
            self.tiles[t] = tile
            self.narrate("kraken", say("The Kraken lands on the Killer Whale, which must move."))
            jobs.append(Job("whale", chooser=self.current, cell=t, tile=whale))
        else:
            self.tiles[t] = tile
            if self.bear == t:
                jobs.append(Job("push", chooser=self.current, discard=tile.face == "kraken"))
        jobs.append(Job("settle"))
        self.queue[0:0] = jobs

    def destroy(self, c: Cell) -> None:
        """Kraken: destroy and remove a tile; a meeple on it must move to an adjacent tile."""
        self.remove(c, say("The tile on {cell} is destroyed by the Kraken.", cell=name(c)))
        jobs = [Job("chase", seat=s, chooser=self.current, fall=False, cell=c) for s in self.meeples_at(c)]
        jobs.append(Job("settle"))
        self.queue[0:0] = jobs

    # ------------------------------------------------------------------ turns and cards

    def draw(self, s: int) -> None:
        """Draw back up to the hand limit at the start of the turn; reshuffle when empty."""
        drawn = []
        while len(self.hands[s]) < HAND_LIMIT:
            if not self.deck:
                if not self.discard:
                    break
                self.deck = shuffled(self.rand(), self.discard)
                self.discard = []
                self.narrate("reshuffle", say("The event deck is reshuffled."))
            card = self.deck.pop(0)
            self.hands[s].append(card)
            drawn.append(card)
        if drawn:
            self.events.append(private("draw", say("You draw {cards}.", cards=titles(drawn)), s))
            self.narrate(
                "draw", say_n("{who} draws {n} card.", "{who} draws {n} cards.", len(drawn), who=Who(s))
            )

    def start_turn(self, s: int) -> None:
        self.current = s
        self.turn = Turn(laid=s in self.down)
        self.draw(s)
        self.narrate("turn", say("It is {who}'s turn.", who=Who(s)))

    def next_seat(self, s: int) -> int | None:
        for k in range(1, self.players + 1):
            n = (s + k) % self.players
            if n not in self.retired:
                return n
        return None

    def end_turn(self) -> None:
        s = self.current
        t = self.turn
        if not t.slipped and self.alive(s) and not t.laid and not t.moved:
            # If you cannot complete a move action you become Lost At Sea.
            self.lost(s, "lost at sea")
        kept, jacket_gone = [], False
        for e in self.effects:
            if e.owner != s:
                kept.append(e)
            elif e.left > 1:
                kept.append(replace(e, left=e.left - 1))
            elif e.kind == "jacket":
                jacket_gone = True
        self.effects = kept
        m = self.meeples[s]
        if jacket_gone and self.alive(s) and m is not None and m not in self.tiles:
            self.lost(s, "lost at sea")  # Life Jacket: "until the end of your next turn"
        nxt = self.next_seat(s)
        if nxt is None or self.check_end():
            return  # nobody is asked to play on once the game is won
        self.start_turn(nxt)

    def end_ok(self, s: int) -> Said | None:
        """Why the current player may not end the turn yet (None when they may)."""
        t = self.turn
        if t.laid and not t.stood:
            # Translators: "stand" is typed as it is
            return say("you fell down: use this turn to stand back up (stand)")
        if t.stood:
            return None
        if not t.rolled:
            # Translators: Roll the Dice is the rulebook's section
            return say("roll the dice first: it is mandatory (Roll the Dice)")
        if self.alive(s):
            if not t.moved and self.move_actions(s):
                # Translators: Move your Meeple is the rulebook's section
                return say("move your meeple first: it is mandatory (Move your Meeple)")
            if not t.slid and self.slides():
                # Translators: Move an Ice Tile is the rulebook's section
                return say("move a tile first: it is mandatory if possible (Move an Ice Tile)")
        return None

    def card_plays(self, s: int, ctx: str) -> list[Play]:
        """Legal plays of seat ``s``: ``ctx`` is "main" (own turn) or a window kind."""
        out: list[Play] = []
        for card in sorted(set(self.hands[s]), key=KEYS.index):
            out += self.plays_of(s, card, ctx)
        return out

    def timing_ok(self, card: str, ctx: str) -> bool:
        timing = BY_KEY[card].timing
        if ctx == "main":
            return timing in ("any", "turn") or (timing == "start" and not self.turn.acted)
        if ctx == "card":
            return card in ANSWERS["card"]
        return timing == "any" or card in ANSWERS[ctx]

    def plays_of(self, s: int, card: str, ctx: str) -> list[Play]:
        if not self.timing_ok(card, ctx):
            return []
        m = self.meeples[s] if self.alive(s) else None
        others = [o for o in range(self.players) if o != s and o not in self.retired]
        if card in ("bearly", "distracted", "flare", "sure", "sawit", "ohno", "vote", "slip"):
            return [Play(card)]
        if card in ("nature", "style", "jacket", "moving"):
            return [Play(card)]
        if card in ("run", "leap", "company"):
            return [Play(card)] if m is not None else []
        if card == "hibernate":
            return [Play(card)] if self.bear is not None and self.awake else []
        if card == "roar":
            if m is None or self.bear is None or not self.awake or cheb(m, self.bear) != 1 or self.turn.flare:
                return []
            return [Play(card, arg=d) for d, _ in self.bear_steps(roar_from=m)]
        if card == "zen":
            return [Play(card)] if self.deck or self.discard else []
        if card == "panic":
            return [Play(card, arg="left"), Play(card, arg="right")]
        if card == "plan":
            return [Play(card, seat=o) for o in others]
        if card == "shift":
            pairs = []
            for c in sorted(self.tiles):
                for d in ("E", "SE", "S", "SW"):
                    if step(c, d) in self.tiles:
                        pairs.append(Play(card, cells=(c, step(c, d))))
            return pairs
        if card == "icewith":
            if ICE not in self.tile_discard:
                return []
            cells = {
                step(c, d)
                for c in self.tiles
                for d in ORTHO
                if step(c, d) not in self.tiles
                and self.bear != step(c, d)
                and not self.meeples_at(step(c, d))
            }
            return [Play(card, cells=(c,)) for c in sorted(cells)]
        if card == "snap":
            return [Play(card, cells=(c,)) for c, t in sorted(self.tiles.items()) if t.face in CRACKED_FACES]
        if card in ("together", "catch"):
            if m is None or m not in self.tiles:
                return []
            return [
                Play(card, seat=o)
                for o in others
                if self.alive(o)
                and (mo := self.meeples[o]) is not None
                and cheb(m, mo) == 1
                and mo in self.tiles
            ]
        if card == "paddle":
            if m is None or m not in self.tiles:
                return []
            return [
                Play(card, arg=d)
                for d in ORTHO
                if step(m, d) not in self.tiles
                and self.bear != step(m, d)
                and not self.meeples_at(step(m, d))
            ]
        return []

    def open_card_window(self) -> None:
        self.windows = [w for w in self.windows if w.kind != "card"]
        holders = self.holders()
        if holders and self.possibly_held(ANSWERS["card"]):
            self.windows.append(Window("card", holders))

    def open_roll_window(self) -> None:
        self.windows = [w for w in self.windows if w.kind not in ("roll", "bear")]
        kind = "bear" if self.die == BEAR else "roll"
        holders = self.holders()
        if holders and self.possibly_held(ANSWERS[kind]):
            self.windows.append(Window(kind, holders))

    def do_play(self, s: int, a: Play) -> None:
        self.hands[s].remove(a.card)
        self.chain.append(Played(a.card, s, a.arg, a.seat, a.cells))
        card = BY_KEY[a.card].name
        if a.seat >= 0:
            # Translators: {target} is the player the card is played on
            played = say("{who} plays {card} ({target}).", who=Who(s), card=card, target=Who(a.seat))
            self.narrate("play", played)
        elif a.arg or a.cells:
            # Translators: {args} is what the card is played with, as typed (NE, left, D4 E4)
            self.narrate("play", say("{who} plays {card} ({args}).", who=Who(s), card=card, args=_args(a)))
        else:
            self.narrate("play", say("{who} plays {card}.", who=Who(s), card=card))
        self.open_card_window()

    def roll(self) -> None:
        self.die = pick(self.rand(), DIE)
        # Translators: {face} is a face of the die (bear, crack, slide, refreeze)
        self.narrate("roll", say("{who} rolls: {face}.", who=Who(self.current), face=DIE_WORDS[self.die]))
        self.queue.insert(0, Job("roll"))
        self.open_roll_window()

    # ------------------------------------------------------------------ the resolution loop

    def run(self) -> None:
        for _ in range(100_000):
            if self.phase != PLAY or self.check_end():
                return
            d = self.decision
            if d is not None:
                live = frozenset(x for x in d.seats if x not in self.retired)
                if live != d.seats:
                    self.decision = d = replace(d, seats=live)
                if live:
                    return
                if d.kind == "vote":
                    self.finish_vote()
                elif d.kind == "zen":  # the looker left: the cards go back under the deck
                    self.deck += d.cards
                    self.decision = None
                else:  # the chooser left the game: the default choice
                    options = self.decision_actions()
                    if options:
                        self.resolve_decision(options[0])
                    else:
                        self.decision = None
                        if d.kind in ("chase", "evict", "push", "whale"):
                            self.queue.pop(0)
                continue
            if self.windows and (self.windows[-1].kind == "card" or not self.chain):
                top = self.windows[-1]
                pending = frozenset(x for x in top.pending if self.hands[x] and x not in self.retired)
                if pending != top.pending:
                    top = self.windows[-1] = replace(top, pending=pending)
                if self.auto_answer(top):
                    continue
                if pending:
                    return
                self.windows.pop()
                continue
            if self.chain:
                self.resolve_chain_step()
                continue
            if self.queue:
                self.do_job(self.queue.pop(0))
                continue
            if self.turn.slipped or (self.turn.stood and not self.hands[self.current]):
                self.end_turn()
                continue
            if self.current in self.retired:
                self.end_turn()
                continue
            if not self.hands[self.current] and not self.end_ok(self.current) and not self.extras_left():
                self.end_turn()
                continue
            return
        raise AssertionError("the resolution loop did not settle")

    def awaited(self) -> frozenset[int]:
        return awaited(self)

    def extras_left(self) -> bool:
        s, t = self.current, self.turn
        return (t.extra_moves > 0 and t.moved and bool(self.move_actions(s))) or (
            t.extra_slides > 0 and t.slid and bool(self.slides())
        )

    def check_end(self) -> bool:
        """Last player on the ice wins; the last ones going together share the win."""
        alive = frozenset(x for x in range(self.players) if self.alive(x))
        if len(alive) > 1:
            return False
        self.winners = alive or self.alive_before
        self.phase = OVER
        self.windows, self.chain, self.queue, self.decision = [], [], [], None
        if not self.winners:
            self.narrate("end", say("Nobody is left on the ice."))
        elif len(self.winners) == 1:
            (winner,) = self.winners
            self.narrate("end", say("{who} wins: the last on the ice.", who=Who(winner)))
        else:
            names = named_with_and(self.winners)
            self.narrate("end", say("{players} share the win: the last on the ice.", players=names))
        return True

    def auto_answer(self, top: Window) -> bool:
        """Standing orders answer windows automatically (and are used up when they play)."""
        for x in sorted(top.pending):
            answer = self.order_answer(x, top)
            if answer is None:
                continue
            self.answer(x, answer)
            if isinstance(answer, Play):
                self.orders[x] = [o for o in self.orders[x] if o.card != answer.card]
            return True
        # Ask me only when I can play a card: passed for once nobody else is awaited, as if the
        # player had typed it then, so that no other seat can tell (the lone-pass ruling).
        if top.pending and all(self.asks_only_for_a_card(x, top) for x in top.pending):
            self.pass_as_typed(min(top.pending))
            return True
        return False

    def asks_only_for_a_card(self, x: int, top: Window) -> bool:
        """``order when-playable``: seat ``x`` holds no card it could play in window ``top``."""
        return StandingOrder("", "playable") in self.orders[x] and not self.card_plays(x, top.kind)

    def pass_as_typed(self, x: int) -> None:
        """Pass for seat ``x`` leaving what a typed ``pass`` leaves: the line and the move."""
        self.step += 1
        self.last = LastAction(x, "pass")
        self.narrate("action", action_line(x, "pass"))
        self.answer(x, Simple("pass"))

    def order_may_apply(self, x: int, o: StandingOrder, top: Window | None) -> bool:
        """Whether seat ``x``'s standing order ``o`` can still answer a window, judged from public
        facts and ``x``'s own hand: a bear trigger needs the polar bear, a card trigger a card
        someone else may still play. In window ``top``, only an order for that kind of window
        (after a card: about that card)."""
        trigger = o.trigger
        if trigger in BEAR_TRIGGERS and self.bear is None:
            return False
        if trigger in TRIGGER_WINDOWS:
            return top is None or top.kind in TRIGGER_WINDOWS[trigger]
        if top is not None:
            played = self.chain[-1] if self.chain else None
            return top.kind == "card" and played is not None and played.card == trigger and played.seat != x
        gone = set(self.discard) | {p.card for p in self.chain} | set(self.hands[x])
        return trigger in self.deck_cards() and trigger not in gone

    def order_answer(self, x: int, top: Window) -> Play | Simple | None:
        plays = self.card_plays(x, top.kind)
        for o in self.orders[x]:
            if not o.card or o.card not in self.hands[x] or not self.trigger_fires(x, o, top):
                continue
            fits = [p for p in plays if p.card == o.card]
            if o.card == "paddle":
                fits.sort(key=lambda p: not self.paddle_saves(x, p.arg))
            if fits:
                return fits[0]
        if any(not o.card and o.trigger == "pass" for o in self.orders[x]):
            return Simple("pass")
        return None

    def paddle_saves(self, x: int, d: str) -> bool:
        m = self.meeples[x]
        if m is None:
            return False
        t = step(m, d)
        return any(step(t, e) in self.tiles and step(t, e) != m for e in ORTHO)

    def trigger_fires(self, x: int, o: StandingOrder, top: Window) -> bool:
        m = self.meeples[x]
        if o.trigger == "rolled":
            return top.kind in ("roll", "bear") and self.current != x
        if o.trigger == "bear-rolled":
            return top.kind == "bear" and self.current != x
        if o.trigger == "bear-adjacent":
            return (
                top.kind == "bear"
                and self.current != x
                and self.awake
                and m is not None
                and self.bear is not None
                and cheb(m, self.bear) <= 1
            )
        if o.trigger in ("chased", "adrift"):
            return top.kind == ("chase" if o.trigger == "chased" else "adrift") and x in top.about
        return (
            top.kind == "card"
            and bool(self.chain)
            and self.chain[-1].card == o.trigger
            and self.chain[-1].seat != x
        )

    def answer(self, x: int, a: Play | Simple) -> None:
        top = self.windows[-1]
        self.windows[-1] = replace(top, pending=top.pending - {x})
        if isinstance(a, Play):
            self.do_play(x, a)

    def resolve_chain_step(self) -> None:
        """Chains resolve last played first: Oh no you don't cancels the card below it; Let's
        vote on that puts the card below it to a vote."""
        top = self.chain[-1]
        if top.cancelled:
            self.chain.pop()
            self.discard.append(top.card)
            self.narrate("cancel", say("{card} is cancelled.", card=BY_KEY[top.card].name))
            return
        if top.card in ("ohno", "vote") and len(self.chain) > 1:
            below = self.chain[-2]
            if top.card == "ohno":
                self.chain.pop()
                self.discard.append(top.card)
                self.chain[-1] = replace(below, cancelled=True)
                return
            voters = frozenset(x for x in range(self.players) if x not in self.retired)
            self.narrate("vote", say("Everyone votes: does {card} happen?", card=BY_KEY[below.card].name))
            self.decision = Decision("vote", voters)
            return
        self.chain.pop()
        self.resolve_card(top)

    def finish_vote(self) -> None:
        d = self.decision
        assert d is not None
        voters = [x for x in range(self.players) if x not in self.retired]
        yes = sum(1 for x, v in d.votes if v and x in voters)
        against = len(voters) - yes  # a missing vote counts as against
        top = self.chain.pop()
        self.discard.append(top.card)
        self.decision = None
        below = self.chain[-1]
        passed = yes > against
        card = BY_KEY[below.card].name
        if passed:
            # Translators: {yes} and {against} count the votes
            said = say(
                "The vote on {card}: {yes} for, {against} against: it happens.",
                card=card,
                yes=yes,
                against=against,
            )
        else:
            # Translators: {yes} and {against} count the votes
            said = say(
                "The vote on {card}: {yes} for, {against} against: it does not happen.",
                card=card,
                yes=yes,
                against=against,
            )
        self.narrate("vote", said)
        if not passed:
            self.chain[-1] = replace(below, cancelled=True)

    def do_job(self, job: Job) -> None:
        if job.kind == "roll":
            self.resolve_roll()
        elif job.kind == "settle":
            self.settle(job)
        elif job.kind == "chase":
            self.chase_job(job)
        elif job.kind == "push":
            self.push_job(job)
        elif job.kind == "whale":
            self.whale_job(job)

    def resolve_roll(self) -> None:
        face, s = self.die, self.current
        if face == BEAR:
            if self.bear is None:
                self.narrate("die", say("There is no polar bear any more."))
                return
            if not self.awake:
                self.awake = True  # If the Polar Bear is laying down (asleep), stand it up.
                self.narrate("bear", say("The polar bear stands up: it is awake."))
                return
            mover = self.turn.bear_mover if self.turn.bear_mover >= 0 else s
            self.ask(Decision("bear", frozenset({mover})), say("The polar bear cannot move."))
        elif face == CRACK:
            self.ask(Decision("crack", frozenset({s})), say("There is no tile to crack."))
        elif face == REFREEZE:
            self.ask(Decision("refreeze", frozenset({s})), say("There is no tile to refreeze."))
        elif face == SLIDE:
            self.ask(Decision("slide", frozenset({s})), say("No tile can slide."))

    def ask(self, decision: Decision, without_options: Said | None = None) -> bool:
        """Open ``decision``; with no option say ``without_options`` ("The polar bear cannot
        move."), with one option take it at once (a vote or Zen is always asked)."""
        self.decision = decision
        options = self.decision_actions()
        if not options:
            self.decision = None
            if without_options is not None:
                self.narrate("nothing", without_options)
            return False
        if len(options) == 1 and decision.kind not in ("vote", "zen"):
            self.resolve_decision(options[0])
        return True

    def settle(self, job: Job) -> None:
        """Adrift: a tile with no orthogonal neighbour is discarded, and a meeple on it is out
        (Paddle like mad may save it first); the bear stays in the sea space."""
        while True:
            adrift = sorted(c for c in self.tiles if self.isolated(c))
            if not adrift:
                return
            if self.possibly_held(ANSWERS["adrift"]):
                seats = frozenset(
                    x for c in adrift for x in self.meeples_at(c) if self.hands[x] and x not in job.asked
                )
                if seats:
                    self.windows.append(Window("adrift", seats, about=seats))
                    self.queue.insert(0, Job("settle", asked=job.asked | seats))
                    return
            for c in adrift:
                for x in self.meeples_at(c):
                    if self.jacket(x):
                        self.narrate(
                            "swim",
                            say(
                                "{who} floats in the sea in a {card}.", who=Who(x), card=BY_KEY["jacket"].name
                            ),
                        )
                    else:
                        self.lost(x, "adrift")
                self.remove(c, say("The tile on {cell} is adrift and drifts away.", cell=name(c)))

    def chase_job(self, job: Job) -> None:
        x = job.seat
        if not self.alive(x) or self.meeples[x] != job.cell:
            return
        if job.fall and not job.asked and self.hands[x] and self.possibly_held(ANSWERS["chase"]):
            self.windows.append(Window("chase", frozenset({x}), about=frozenset({x})))
            self.queue.insert(0, replace(job, asked=frozenset({x})))
            return
        if not self.meeple_steps(x):
            self.lost(x, "lost at sea")  # If you cannot be moved to a legal tile: Lost at Sea
            return
        self.queue.insert(0, job)
        kind = "chase" if job.fall else "evict"
        chooser = job.chooser if job.chooser not in self.retired else x
        self.ask(Decision(kind, frozenset({chooser}), target=x))

    def push_job(self, job: Job) -> None:
        if not self.bear_steps():
            self.bear = None
            self.narrate("bear", say("The polar bear cannot move and is discarded from the game."))
            return
        self.queue.insert(0, job)
        self.ask(Decision("push", frozenset({job.chooser})))

    def whale_job(self, job: Job) -> None:
        assert job.tile is not None
        if not self.whale_options(job.cell, job.tile):
            self.tile_discard.append(job.tile.kind)
            self.narrate("remove", say("The Killer Whale cannot move and is discarded."))
            return
        self.queue.insert(0, job)
        self.ask(Decision("whale", frozenset({job.chooser})))

    def whale_options(self, c: Cell, whale: Tile) -> list[str]:
        """Kraken: the Killer Whale it landed on on ``c`` "must then be moved following normal
        rules": one space orthogonally into empty sea, or into the bear's sea space."""
        return [d for d in ORTHO if self.whale_may_enter(whale, step(c, d))]

    def whale_may_enter(self, whale: Tile, t: Cell) -> bool:
        if t in self.tiles:
            return False
        if self.bear != t:
            return not self.meeples_at(t)
        self.tiles[t] = whale
        ok = self.may_enter_bears_sea(whale)
        del self.tiles[t]
        return ok

    # ------------------------------------------------------------------ decisions

    def decision_actions(self) -> list[Action]:
        d = self.decision
        if d is None:
            return []
        k = d.kind
        if k == "bear":
            moves: list[Action] = [] if self.turn.flare else [Step("bear", x) for x, _ in self.bear_steps()]
            if self.options.kraken:
                moves += [Target("destroy", c) for c in self.kraken_targets()]
            return moves
        if k == "push":
            return [Step("bear", x) for x, _ in self.bear_steps()]
        if k == "crack":
            return [Target("crack", c) for c in self.crack_targets()]
        if k == "refreeze":
            return [Target("refreeze", c) for c in self.refreeze_targets()]
        if k == "slide":
            return list(self.slides())
        if k in ("chase", "evict"):
            return [Step("chase", x) for x, _ in self.meeple_steps(d.target)]
        if k == "whale":
            job = self.queue[0]
            assert job.tile is not None
            return [Step("whale", x) for x in self.whale_options(job.cell, job.tile)]
        if k == "vote":
            return [Vote(True), Vote(False)]
        if k == "zen":
            return [Keep(c, w) for c in sorted(set(d.cards), key=KEYS.index) for w in ("top", "bottom")]
        if k == "discard":
            (x,) = d.seats
            return [Discard(c) for c in sorted(set(self.hands[x]), key=KEYS.index)]
        return []

    def resolve_decision(self, a: Action, seat: int = -1) -> None:
        d = self.decision
        assert d is not None
        k = d.kind
        if k == "vote":
            assert isinstance(a, Vote)
            self.decision = replace(d, seats=d.seats - {seat}, votes=(*d.votes, (seat, a.yes)))
            if a.yes:
                self.narrate("vote", say("{who} votes for.", who=Who(seat)))
            else:
                self.narrate("vote", say("{who} votes against.", who=Who(seat)))
            if not self.decision.seats:
                self.finish_vote()
            return
        self.decision = None
        if isinstance(a, Step) and a.verb == "bear":
            assert self.bear is not None
            if k == "push":
                self.queue.pop(0)
            self.move_bear(step(self.bear, a.dir))
        elif isinstance(a, Target):
            if a.verb == "destroy":
                self.destroy(a.cell)
            elif a.verb == "crack":
                tile = self.tiles[a.cell]
                if tile.flipped:
                    self.remove(a.cell, say("The tile on {cell} is removed.", cell=name(a.cell)))
                    self.queue.insert(0, Job("settle"))
                else:
                    self.tiles[a.cell] = replace(tile, flipped=True)
                    face = FACE_WORDS.get(self.tiles[a.cell].face, FACE_WORDS["cracked"])
                    # Translators: {face} is what the tile shows now ("a Killer Whale", "cracked ice")
                    cracked = say("The tile on {cell} is cracked: {face}.", cell=name(a.cell), face=face)
                    self.narrate("crack", cracked)
            else:
                self.tiles[a.cell] = replace(self.tiles[a.cell], flipped=False)
                self.narrate("refreeze", say("The tile on {cell} refreezes.", cell=name(a.cell)))
        elif isinstance(a, Slide):
            self.do_slide(a)
        elif isinstance(a, Step) and a.verb == "chase":
            job = self.queue.pop(0)
            x = job.seat
            c = self.meeples[x]
            assert c is not None
            t = step(c, a.dir)
            self.meeples[x] = t
            if job.fall:
                self.narrate("chase", say("{who} is chased to {cell}.", who=Who(x), cell=name(t)))
            else:
                self.narrate("chase", say("{who} escapes to {cell}.", who=Who(x), cell=name(t)))
            landing = self.tiles.get(t)
            if job.fall and landing is not None and landing.face in HOLE_FACES:
                # Chased onto the Ice Hole: they fall down and use their next turn to stand up.
                self.down.add(x)
                self.narrate("fall", say("{who} falls down the hole.", who=Who(x)))
        elif isinstance(a, Step) and a.verb == "whale":
            job = self.queue.pop(0)
            assert job.tile is not None
            t = step(job.cell, a.dir)
            self.tiles[t] = job.tile
            self.narrate("slide", say("The Killer Whale moves to {cell}.", cell=name(t)))
            # Into the bear's sea space: the active player moves the Polar Bear.
            pushed = [Job("push", chooser=self.current)] if self.bear == t else []
            self.queue[0:0] = [*pushed, Job("settle")]
        elif isinstance(a, Keep):
            x = next(iter(d.seats))
            rest = list(d.cards)
            rest.remove(a.card)
            self.hands[x].append(a.card)
            self.deck = rest + self.deck if a.where == "top" else self.deck + rest
            if a.where == "top":
                # Translators: {n} counts the cards put back
                said = say_n(
                    "{who} keeps a card and puts {n} on the top of the deck.",
                    "{who} keeps a card and puts {n} on the top of the deck.",
                    len(rest),
                    who=Who(x),
                )
            else:
                # Translators: {n} counts the cards put back
                said = say_n(
                    "{who} keeps a card and puts {n} on the bottom of the deck.",
                    "{who} keeps a card and puts {n} on the bottom of the deck.",
                    len(rest),
                    who=Who(x),
                )
            self.narrate("zen", said)
        elif isinstance(a, Discard):
            x = next(iter(d.seats))
            self.hands[x].remove(a.card)
            self.discard.append(a.card)
            self.narrate("discard", say("{who} discards {card}.", who=Who(x), card=BY_KEY[a.card].name))

    # ------------------------------------------------------------------ card effects

    def resolve_card(self, p: Played) -> None:
        s, card = p.seat, p.card
        title = BY_KEY[card].name
        given = False
        if not self.still_valid(p):
            self.narrate("fizzle", say("{card} has no effect any more.", card=title))
        elif card == "bearly":
            self.turn = replace(self.turn, bearly=True)
        elif card == "distracted":
            self.turn = replace(self.turn, bear_mover=s)
            self.narrate("card", say("{who} moves the bear this turn.", who=Who(s)))
        elif card == "flare":
            self.turn = replace(self.turn, flare=True)
            self.narrate("card", say("The bear cannot be moved this turn."))
        elif card == "hibernate":
            self.awake = False
            self.narrate("bear", say("The polar bear goes back to sleep."))
        elif card in ("nature", "style", "jacket"):
            self.effects.append(Effect(card, s, 2 if s == self.current else 1))
        elif card == "sawit":
            for i, j in enumerate(self.queue):
                if j.kind == "chase" and j.seat == s:
                    self.queue[i] = replace(j, chooser=s)
                    break
        elif card == "roar":
            assert self.bear is not None
            self.move_bear(step(self.bear, p.arg))
        elif card == "zen":
            if len(self.deck) < 3 and self.discard:
                self.deck += shuffled(self.rand(), self.discard)
                self.discard = []
            cards = tuple(self.deck[:3])
            del self.deck[:3]
            if cards:
                self.decision = Decision("zen", frozenset({s}), cards=cards)
                self.events.append(private("zen", say("You look at: {cards}", cards=titles(cards)), s))
        elif card == "run":
            self.turn = replace(self.turn, extra_moves=self.turn.extra_moves + 1)
        elif card == "moving":
            self.turn = replace(self.turn, extra_slides=self.turn.extra_slides + 1)
        elif card == "leap":
            self.turn = replace(self.turn, leap=True)
        elif card == "company":
            self.turn = replace(self.turn, company=True)
        elif card == "together":
            self.turn = replace(self.turn, together=p.target)
        elif card == "slip":
            self.turn = replace(self.turn, slipped=True)
            self.queue = [j for j in self.queue if j.kind != "roll"]
            self.windows = [w for w in self.windows if w.kind not in ("roll", "bear")]
            self.narrate("slip", say("{who} misses the rest of the turn.", who=Who(self.current)))
        elif card == "panic":
            seats = [x for x in range(self.players) if x not in self.retired]
            old = {x: self.hands[x] for x in seats}
            k = len(seats)
            for i, x in enumerate(seats):
                to = seats[(i + 1) % k] if p.arg == "left" else seats[(i - 1) % k]
                self.hands[to] = old[x]
            if p.arg == "left":
                self.narrate("panic", say("Everyone passes their hand to the left."))
            else:
                self.narrate("panic", say("Everyone passes their hand to the right."))
        elif card == "sure":
            self.die = pick(self.rand(), DIE)
            # Translators: {face} is a face of the die (bear, crack, slide, refreeze)
            rerolled = say("{who} must reroll: {face}.", who=Who(self.current), face=DIE_WORDS[self.die])
            self.narrate("roll", rerolled)
            self.open_roll_window()
        elif card == "plan":
            if self.hands[p.target]:
                held = say("{who} holds: {cards}.", who=Who(p.target), cards=titles(self.hands[p.target]))
            else:
                held = say("{who} holds: no cards.", who=Who(p.target))
            self.events.append(private("plan", held, s))
        elif card == "shift":
            a, b = p.cells
            self.tiles[a], self.tiles[b] = self.tiles[b], self.tiles[a]
            for x, m in enumerate(self.meeples):
                if m in (a, b):
                    self.meeples[x] = b if m == a else a
            if self.bear in (a, b):
                self.bear = b if self.bear == a else a
            self.narrate(
                "shift", say("The tiles on {cell} and {other} swap places.", cell=name(a), other=name(b))
            )
        elif card == "icewith":
            self.tile_discard.remove(ICE)
            self.tiles[p.cells[0]] = Tile(ICE)
            self.narrate("ice", say("A fresh ice tile is placed on {cell}.", cell=name(p.cells[0])))
        elif card == "snap":
            c = p.cells[0]
            self.tiles[c] = replace(self.tiles[c], flipped=False)
            self.narrate("refreeze", say("The tile on {cell} refreezes.", cell=name(c)))
        elif card == "catch":
            given = self.catch(s, p.target)
        elif card == "paddle":
            m = self.meeples[s]
            assert m is not None
            t = step(m, p.arg)
            self.tiles[t] = self.tiles.pop(m)
            for x in self.meeples_at(m):
                self.meeples[x] = t
            self.narrate("paddle", say("{who} paddles their tile to {cell}.", who=Who(s), cell=name(t)))
            self.queue.insert(0, Job("settle"))
        if not given:
            self.discard.append(card)

    def still_valid(self, p: Played) -> bool:
        """A card whose target changed while the chain resolved does nothing."""
        if BY_KEY[p.card].args == "" and p.card not in ("hibernate", "zen", "run", "leap", "company"):
            return True
        ctx = "card" if p.card in ("ohno", "vote") else None
        if ctx:
            return True
        was = self.turn
        self.turn = replace(was, acted=False)  # timing was checked when played
        ok = any(
            q.card == p.card and q.arg == p.arg and q.seat == p.target and q.cells == p.cells
            for q in self.plays_of_any(p.seat, p.card)
        )
        self.turn = was
        return ok

    def plays_of_any(self, s: int, card: str) -> list[Play]:
        for ctx in ("main", "roll", "bear", "chase", "adrift"):
            plays = self.plays_of(s, card, ctx)
            if plays:
                return plays
        return []

    def catch(self, s: int, t: int) -> bool:
        """Catch this!: the target rolls; a bear and they are given the card, otherwise they
        are laid down (miss their next turn) and discard a card."""
        face = pick(self.rand(), DIE)
        catch = BY_KEY["catch"].name
        # Translators: {card} is Catch this!, {face} a face of the die (bear, crack, slide, refreeze)
        rolled = say("{who} rolls for {card}: {face}.", who=Who(t), card=catch, face=DIE_WORDS[face])
        self.narrate("roll", rolled)
        if face == BEAR:
            self.hands[t].append("catch")
            self.narrate("catch", say("{who} catches it and is given the card.", who=Who(t)))
            return True
        self.down.add(t)
        self.narrate("catch", say("{who} is knocked over and misses their next turn.", who=Who(t)))
        if self.hands[t]:
            self.ask(Decision("discard", frozenset({t})))
        return False


def _args(a: Play) -> str:
    """What a card is played with besides a player, as typed: "NE", "left", "D4 E4"."""
    parts = [a.arg] if a.arg else []
    return " ".join(parts + [name(c) for c in a.cells])


def titles(cards: Iterable[str]) -> Param:
    """The cards' titles, by key, as a list: "Flare, Run…"."""
    return Listed(tuple(BY_KEY[c].name for c in cards))


def new_state_tiles(players: int, kraken: bool, r: random.Random) -> list[tuple[Cell, Tile]]:
    """Set Up: the Ice Hole in the centre, the other tiles shuffled ice side up around it."""
    counts = dict(TILE_COUNTS[side(players)])
    if kraken:
        for kind, n in KRAKEN_TILES.items():
            counts[ICE] -= n
            counts[kind] = n
    kinds = [k for k, n in counts.items() for _ in range(n)]
    kinds = shuffled(r, kinds)
    hole = hole_cell(players)
    out: list[tuple[Cell, Tile]] = [(hole, Tile("hole"))]
    cells = [c for c in grid_cells(players) if c != hole]
    for c, k in zip(cells, kinds, strict=True):
        turn = int(r.random() * 4) if k in (PARTIAL, ROTATING) else 0
        out.append((c, Tile(k, False, turn)))
    return out


__all__ = ["KRAKEN", "SLIDE", "Working", "new_state_tiles"]
