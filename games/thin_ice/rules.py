"""Thin Ice's rules class: the protocol of :mod:`games.core` over the working copy of
:mod:`games.thin_ice.working`, readable beside its rulebook; the rulings are in :mod:`games.thin_ice`.

Computer default (``computer_default_safe = False``): a missed deadline keeps the rulebook
default. Not safe: the computer would spend the absent player's hidden cards (a flare, a run)
and answer votes for them, choices the hand's owner should make.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import (
    Capabilities,
    Event,
    Game,
    GameOver,
    IllegalAction,
    Options,
    Outcome,
    Seat,
    check_setup,
    randbelow,
    replace,
    rng,
    shuffled,
)
from games.thin_ice.actions import (
    Action,
    Discard,
    Keep,
    Move,
    Order,
    Place,
    Play,
    Simple,
    Slide,
    Step,
    Target,
    Vote,
    parse,
)
from games.thin_ice.board import (
    BLOCKING_FACES,
    CRACKED_FACES,
    DIRS,
    GRID_SIDE,
    MARGIN,
    OPPOSITE,
    ROTATING,
    Tile,
    extent,
    hole_cell,
    name,
    passes,
    step,
    width,
)
from games.thin_ice.cards import BY_KEY, FIRST_13, HAND_LIMIT, KEYS, TRIGGERS
from games.thin_ice.state import (
    OVER,
    PLACE,
    PLAY,
    StandingOrder,
    ThinIceOptions,
    ThinIceState,
    ThinIceView,
    Turn,
    Window,
    decode_field,
    encode,
)
from games.thin_ice.working import Working, awaited, in_reaction_window, new_state_tiles

TIMING_WORDS = {
    "any": "at any time (on your turn or when a reaction window asks you)",
    "turn": "in your own turn",
    "start": "at the start of your turn, before your first action",
    "bear": "immediately after a polar bear has been rolled",
    "rolled": "immediately after the dice has been rolled",
    "chased": "immediately after the polar bear has moved onto your tile",
    "card": "immediately after any card has been played",
}

DECISION_PROMPTS = {
    "bear": "move the polar bear one space (bear <dir>)",
    "push": "move the polar bear out of the way (bear <dir>)",
    "crack": "crack an ice tile or remove a cracked tile (crack <square>)",
    "refreeze": "refreeze a cracked tile, the Killer Whale or the Kraken (refreeze <square>)",
    "slide": "slide a tile: the die says so (slide <square> <dir>)",
    "chase": "send the chased meeple to an adjacent tile (chase <dir>)",
    "evict": "move the meeple off the destroyed tile (chase <dir>)",
    "whale": "move the Killer Whale the Kraken landed on (whale <dir>)",
    "vote": "vote: does the card happen? (vote yes / vote no)",
    "zen": "Zen moment: keep one card, the others go on top or bottom (keep <card> top)",
    "discard": "Catch this!: discard a card (discard <card>)",
}


class ThinIce(Game[ThinIceState, Action, ThinIceView]):
    name = "thin-ice"
    #: Hidden hands, reaction windows, cards kept in secret; a lone pass in a window is still asked.
    capabilities = Capabilities(
        hidden_information=True,
        simultaneous_moves=True,
        private_choices=True,
        forced_move_rulings=True,
        chance_per_step=True,
    )
    title = "Thin Ice"
    players = range(3, 7)
    #: Whether a computer may play a missed deadline for a seat (the ruling: module docstring).
    computer_default_safe = False
    options = ThinIceOptions

    # ------------------------------------------------------------------ presentation hooks (bot)

    #: Legal actions name the cards in hand: the bot offers them only in a private menu.
    secret_choices = True

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Options, seed: int) -> ThinIceState:
        options = check_setup(self.title, self.players, players, options, ThinIceOptions)
        r = rng(seed, 0)
        first = randbelow(r, players)  # a randomly determined first player
        tiles = new_state_tiles(players, options.kraken, r)
        deck = shuffled(r, FIRST_13 if options.short_deck else KEYS)
        hands = tuple(tuple(deck[2 * i : 2 * i + 2]) for i in range(players))  # deal two each
        deck = deck[2 * players :]
        return ThinIceState(
            seed=seed,
            step=0,
            players=players,
            options=options,
            phase=PLACE,
            current=first,
            first=first,
            tiles=tuple(sorted(tiles)),
            bear=hole_cell(players),  # the Polar Bear, lying down (asleep) on the Ice Hole
            awake=False,
            meeples=(None,) * players,
            down=frozenset(),
            out=("",) * players,
            retired=frozenset(),
            hands=hands,
            deck=tuple(deck),
            discard=(),
            tile_discard=(),
            die="",
            turn=Turn(),
            effects=(),
            orders=((),) * players,
            queue=(),
            chain=(),
            windows=(),
            decision=None,
            winners=frozenset(),
            last="",
        )

    # ------------------------------------------------------------------ queries

    def to_act(self, state: ThinIceState) -> frozenset[Seat]:
        return awaited(state)

    def reaction(self, state: ThinIceState, seat: Seat) -> bool:
        """Whether ``seat`` is asked in a reaction window (pass or play a card); the session
        gives such windows a fixed length, the same for everyone asked."""
        return in_reaction_window(state) and seat in awaited(state)

    def never_automatic(self, state: ThinIceState, seat: Seat, action: Action) -> str | None:
        """A lone ``pass`` in a reaction window is still asked (see the package docstring)."""
        if action == Simple("pass") and self.reaction(state, seat):
            return "being asked in a window must not show whether a hand holds a playable card"
        return None

    def legal_actions(self, state: ThinIceState, seat: Seat) -> Sequence[Action]:
        w = Working(state)
        if seat not in w.awaited():
            return []
        return self._legal(w, seat)

    def _legal(self, w: Working, seat: Seat) -> list[Action]:
        if w.phase == PLACE:
            return [Place(c) for c in self.place_cells(w)]
        if w.decision is not None:
            return w.decision_actions()
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            top = w.windows[-1]
            return [Simple("pass"), *w.card_plays(seat, top.kind), *self._orders(w, seat, top)]
        return self._main(w, seat)

    def place_cells(self, w: Working) -> list[tuple[int, int]]:
        """Place your meeple on one of the 8 tiles around the Ice Hole."""
        hole = hole_cell(w.players)
        taken = {m for m in w.meeples if m is not None}
        return [step(hole, d) for d in DIRS if step(hole, d) not in taken]

    def _main(self, w: Working, s: Seat) -> list[Action]:
        t = w.turn
        out: list[Action] = []
        if t.laid and not t.stood:
            out.append(Simple("stand"))
        elif not t.stood:
            if w.alive(s) and (not t.moved or t.extra_moves > 0):
                out += w.move_actions(s)
            if w.alive(s) and (not t.slid or t.extra_slides > 0):
                out += w.slides()
            if not t.rolled:
                out.append(Simple("roll"))
        out += w.card_plays(s, "main")
        out += [Discard(c) for c in sorted(set(w.hands[s]), key=KEYS.index)]
        if not w.end_ok(s):
            out.append(Simple("end"))
        out += self._orders(w, s, None)
        return out

    def _orders(self, w: Working, s: Seat, top: Window | None) -> list[Action]:
        """The standing orders offered now: those that can still apply (in a reaction window,
        to that window) and the ones without a card. Any other may still be typed."""
        return [
            o
            for o in self._all_orders(w, s)
            if not o.card or w.order_may_apply(s, StandingOrder(o.card, o.trigger), top)
        ]

    def _all_orders(self, w: Working, s: Seat) -> list[Order]:
        """Every standing order seat ``s`` may give: for the cards in hand, and the ones without."""
        have = set(w.orders[s])
        out: list[Order] = []
        for card in sorted(set(w.hands[s]), key=KEYS.index):
            for trig in TRIGGERS.get(card, ()):
                usable = trig in w.deck_cards() or card not in ("ohno", "vote")
                if usable and StandingOrder(card, trig) not in have:
                    out.append(Order(card, trig))
        for trigger in ("pass", "playable"):
            if StandingOrder("", trigger) not in have:
                out.append(Order("", trigger))
        if have:
            out.append(Order("", "clear"))
        return out

    def _may_order(self, w: Working, s: Seat, action: Action) -> bool:
        """A standing order not offered now is still taken where orders are offered (it stands
        for later windows): on one's own turn and in a reaction window."""
        asked = bool(w.windows) and (w.windows[-1].kind == "card" or not w.chain)
        offered_here = w.phase == PLAY and w.decision is None and (asked or s == w.current)
        return offered_here and isinstance(action, Order) and action in self._all_orders(w, s)

    def check(self, state: ThinIceState, seat: Seat, action: Action) -> None:
        if state.phase == OVER:
            raise GameOver("the game is over")
        w = Working(state)
        if seat not in w.awaited():
            raise IllegalAction("it is not your turn")
        if action in self._legal(w, seat) or self._may_order(w, seat, action):
            return
        raise IllegalAction(self._why(w, seat, action))

    def _why(self, w: Working, s: Seat, a: Action) -> str:
        if w.phase == PLACE:
            if isinstance(a, Place):
                return (
                    "place your meeple on one of the 8 free tiles around the Ice Hole "
                    f"({name(hole_cell(w.players))}) (Set Up)"
                )
            return "first place your meeple next to the Ice Hole (Set Up): place <square>"
        d = w.decision
        if d is not None:
            want = DECISION_PROMPTS[d.kind]
            if not _answers(d.kind, a):
                return f"first {want}"  # what is asked comes before the rules of other actions
            if isinstance(a, Target) and a.verb in ("crack", "refreeze"):
                if a.cell not in w.tiles:
                    return f"there is no tile on {name(a.cell)}"
                if w.bear == a.cell or w.meeples_at(a.cell):
                    return (
                        f"You cannot {a.verb} a tile with the polar bear or a meeple on it "
                        f"({a.verb.capitalize()} face)"
                    )
                if a.verb == "refreeze" and w.tiles[a.cell].kind == "perma" and w.tiles[a.cell].flipped:
                    return "perma-ice cannot be refrozen (Refreeze face)"
                return f"that tile cannot be {a.verb}ed: {want}"
            if isinstance(a, Step) and a.verb == "bear" and w.turn.flare:
                return "Flare: the bear cannot be moved this turn"
            if isinstance(a, Step) and a.verb == "bear" and w.bear is not None:
                dest = step(w.bear, a.dir)
                if w.nature_blocks(w.bear, dest):
                    return "At one with nature: the polar bear may not be moved towards that player"
            if isinstance(a, Step) and a.verb == "bear":
                return (
                    "the polar bear moves to an adjacent tile or sea space, except a Killer Whale or Kraken "
                    "(Roll the Dice)"
                )
            if isinstance(a, Step) and a.verb == "chase":
                return (
                    "a chased meeple moves onto an adjacent tile, except a Killer Whale, the Kraken, "
                    "the bear or another meeple (Roll the Dice)"
                )
            if isinstance(a, Slide):
                return self._slide_why(w, a)
            return f"first {want}"
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            top = w.windows[-1]
            if isinstance(a, Play):
                return self._play_why(w, s, a, top.kind)
            return "answer the reaction window: pass, or play a card that fits now (Event Cards)"
        t = w.turn
        if t.laid and not t.stood and not isinstance(a, Play | Discard | Order):
            return "you are lying down: use this turn to stand back up (stand)"
        if isinstance(a, Move):
            return self._move_why(w, s, a)
        if isinstance(a, Slide):
            if t.slid and t.extra_slides <= 0:
                return "you have already moved a tile this turn (Actions)"
            if not w.alive(s):
                return "your meeple is out of the game: you can only roll and play cards"
            return self._slide_why(w, a)
        if isinstance(a, Simple):
            if a.verb == "roll":
                return "you have already rolled this turn (Actions)" if t.rolled else "you cannot roll now"
            if a.verb == "end":
                return w.end_ok(s) or "you cannot end your turn now"
            if a.verb == "stand":
                return "you are not lying down (Roll the Dice: falling down the hole)"
            return "there is nothing to pass now"
        if isinstance(a, Play):
            return self._play_why(w, s, a, "main")
        if isinstance(a, Discard):
            return f"you do not hold {BY_KEY[a.card].title}"
        if isinstance(a, Order):
            if a.card and a.card not in w.hands[s]:
                return f"you do not hold {BY_KEY[a.card].title}"
            return "you have no orders" if a.trigger == "clear" else "you already gave that standing order"
        return "that is not possible now"

    def _move_why(self, w: Working, s: Seat, a: Move) -> str:
        t = w.turn
        if not w.alive(s):
            return "your meeple is out of the game: you can only roll and play cards"
        if t.moved and t.extra_moves <= 0:
            return "you have already moved your meeple this turn (Actions)"
        if a.jump and not t.leap:
            return "you can only jump over a player with Mighty Leap"
        c = w.meeples[s]
        assert c is not None
        here = w.tiles.get(c)
        dest = step(c, a.dir, 2 if a.jump else 1)
        if here is not None and here.kind == ROTATING and not here.flipped and not a.rot:
            return (
                "turn the rotating partial ice tile you leave 90 degrees: "
                f"{'jump' if a.jump else 'move'} {a.dir} cw or ccw (Rotating Partial Ice Tiles)"
            )
        if a.rot and not (here is not None and here.kind == ROTATING and not here.flipped):
            return "only a meeple leaving an uncracked rotating partial ice tile turns it (cw/ccw)"
        tile = w.tiles.get(dest)
        if not passes(here, a.dir) or (tile is not None and not passes(tile, OPPOSITE[a.dir])):
            return "You may only move on/off partial ice tiles from an edge with ice (Partial Ice Tiles)"
        if tile is None:
            return (
                f"{name(dest)} is sea: you cannot move into the sea (Move your Meeple), "
                "except with a Life Jacket"
            )
        if w.bear == dest or tile.face in BLOCKING_FACES or w.meeples_at(dest):
            return (
                "You cannot move onto a tile featuring the Killer Whale, Kraken, Polar Bear or "
                "another Meeple (Move your Meeple)"
            )
        return "that move is not possible (Move your Meeple)"

    def _slide_why(self, w: Working, a: Slide) -> str:
        tile = w.tiles.get(a.cell)
        if tile is None:
            return f"there is no tile on {name(a.cell)}"
        if tile.face in CRACKED_FACES:
            return "You may not move a Cracked Ice or Cracked Ice Hole tile (Move an Ice Tile)"
        if w.bear == a.cell or w.meeples_at(a.cell):
            return "You may not move a tile featuring the Polar Bear or a Meeple (Move an Ice Tile)"
        dest = step(a.cell, a.dir)
        if w.bear == dest and w.turn.flare:
            return "Flare: the bear cannot be moved this turn, so nothing may push it"
        if w.bear == dest:
            return "only a Killer Whale or the Kraken may move into the polar bear's sea space"
        return "move a tile one space orthogonally into an empty sea space (Move an Ice Tile)"

    def _play_why(self, w: Working, s: Seat, a: Play, ctx: str) -> str:
        card = BY_KEY[a.card]
        if a.card not in w.hands[s]:
            return f"you do not hold {card.title}"
        if not w.timing_ok(a.card, ctx):
            return f"{card.title} is played {TIMING_WORDS[card.timing]}"
        return f"{card.title} cannot be played like that now: {card.text}"

    # ------------------------------------------------------------------ apply

    def apply(self, state: ThinIceState, seat: Seat, action: Action) -> tuple[ThinIceState, list[Event]]:
        w = Working(state, rng(state.seed, state.step + 1))
        w.step += 1
        # Standing orders leave no trace in public (not even as the last action); Zen moment's
        # kept card stays private.
        if isinstance(action, Keep):
            w.last = f"{{{seat}}}: keeps a card ({action.where})"
        elif not isinstance(action, Order):
            w.last = f"{{{seat}}}: {action}"
            w.narrate("action", w.last)
        if w.phase == PLACE:
            assert isinstance(action, Place)
            self._place(w, seat, action)
        elif isinstance(action, Order):
            self._order(w, seat, action)
        elif w.decision is not None:
            w.resolve_decision(action, seat)
        elif w.windows and (w.windows[-1].kind == "card" or not w.chain):
            assert isinstance(action, Play | Simple)
            w.answer(seat, action)
        else:
            self._main_apply(w, seat, action)
        w.run()
        return w.freeze(), w.events

    def _place(self, w: Working, s: Seat, a: Place) -> None:
        w.meeples[s] = a.cell
        nxt = self._next_placer(w)
        if nxt is None:
            w.phase = PLAY
            w.start_turn(w.first if w.first not in w.retired else (w.next_seat(w.first) or 0))
        else:
            w.current = nxt

    def _next_placer(self, w: Working) -> int | None:
        for k in range(w.players):
            x = (w.first + k) % w.players
            if w.meeples[x] is None and x not in w.retired:
                return x
        return None

    def _order(self, w: Working, s: Seat, a: Order) -> None:
        if a.trigger == "clear":
            w.orders[s] = []
        elif not a.card:
            w.orders[s].append(StandingOrder("", a.trigger))
        else:
            w.orders[s] = [o for o in w.orders[s] if o.card != a.card] + [StandingOrder(a.card, a.trigger)]

    def _main_apply(self, w: Working, s: Seat, a: Action) -> None:
        t = w.turn
        if isinstance(a, Move):
            if t.moved:
                w.turn = replace(t, extra_moves=t.extra_moves - 1, acted=True)
            else:
                w.turn = replace(t, moved=True, acted=True)
            w.do_move(s, a)
        elif isinstance(a, Slide):
            if t.slid:
                w.turn = replace(t, extra_slides=t.extra_slides - 1, acted=True)
            else:
                w.turn = replace(t, slid=True, acted=True)
            w.do_slide(a)
        elif isinstance(a, Simple) and a.verb == "roll":
            w.turn = replace(t, rolled=True, acted=True)
            w.roll()
        elif isinstance(a, Simple) and a.verb == "stand":
            w.down.discard(s)
            w.turn = replace(t, stood=True, acted=True)
            w.narrate("stand", f"{{{s}}} stands back up.")
        elif isinstance(a, Simple) and a.verb == "end":
            w.end_turn()
        elif isinstance(a, Play):
            w.do_play(s, a)
        elif isinstance(a, Discard):
            w.hands[s].remove(a.card)
            w.discard.append(a.card)

    # ------------------------------------------------------------------ decisions of others

    def default_action(self, state: ThinIceState, seat: Seat) -> Action:
        """What the session plays on a deadline. Reaction window: ``pass``. Vote: ``vote no``
        (a missing vote counts as against). Zen moment: keep the first card, the others to the
        bottom. Other forced choices (chase, push, whale, crack, refreeze, slide, discard): the
        first legal option in board order. Placement: the first free square clockwise from N.
        Own turn: stand, else roll, else the first legal move, else the first slide, else end."""
        w = Working(state)
        legal = self._legal(w, seat) if seat in w.awaited() else []
        if not legal:
            raise IllegalAction("nothing is asked of you now")
        d = w.decision
        if d is not None and d.kind == "vote":
            return Vote(False)
        if d is not None and d.kind == "zen":
            return Keep(d.cards[0], "bottom")
        if d is not None or w.phase == PLACE:
            return legal[0]
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            return Simple("pass")
        for want in (Simple("stand"), Simple("roll")):
            if want in legal:
                return want
        for kind in (Move, Slide):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return Simple("end")

    def prompt(self, state: ThinIceState, seat: Seat) -> str:
        w = Working(state)
        if seat not in w.awaited():
            return ""
        if w.phase == PLACE:
            return "place your meeple next to the Ice Hole (place <square>)"
        if w.decision is not None:
            return DECISION_PROMPTS[w.decision.kind]
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            kind = w.windows[-1].kind
            about = {
                "card": "a card was played",
                "roll": f"the die shows {w.die}",
                "bear": "a polar bear was rolled",
                "chase": "the polar bear is on your tile",
                "adrift": "your tile is adrift",
            }[kind]
            return f"{about}: play a card or pass"
        t = w.turn
        if t.laid and not t.stood:
            return "stand back up (stand)"
        todo = []
        if not t.stood:
            if w.alive(seat) and not t.moved:
                todo.append("move")
            if w.alive(seat) and not t.slid:
                todo.append("slide a tile")
            if not t.rolled:
                todo.append("roll")
        return "your turn: " + (", ".join(todo) + " (any order)" if todo else "play cards, discard, or end")

    # ------------------------------------------------------------------ end and leaving

    def outcome(self, state: ThinIceState) -> Outcome | None:
        if state.phase != OVER:
            return None
        names = " and ".join(f"{{{s}}}" for s in sorted(state.winners))
        if not state.winners:
            summary = "Nobody wins: no meeple is left on the ice."
        elif len(state.winners) == 1:
            summary = f"{names} wins: the last meeple on the ice."
        else:
            summary = f"{names} share the win: the last meeples went out together."
        return Outcome(winners=state.winners, scores=None, summary=summary)

    def retire(self, state: ThinIceState, seat: Seat) -> tuple[ThinIceState, list[Event]]:
        """The seat leaves: its meeple leaves the ice, its cards go to the discard pile, it
        is skipped in turn order; its pending choices fall back to their defaults."""
        if state.phase == OVER or seat in state.retired:
            return state, []
        w = Working(state, rng(state.seed, state.step + 1))
        w.step += 1
        w.alive_before = w.alive_before - {seat}
        w.retired.add(seat)
        w.narrate("resign", f"{{{seat}}} leaves the game.")
        if w.meeples[seat] is not None and w.phase == PLAY:
            w.out[seat] = "retired"
        w.meeples[seat] = None
        w.discard += w.hands[seat]
        w.hands[seat] = []
        w.orders[seat] = []
        w.down.discard(seat)
        if w.phase == PLACE:
            if len(w.retired) >= w.players - 1:
                w.phase = PLAY
                w.check_end()
            elif seat == w.current:
                nxt = self._next_placer(w)
                if nxt is None:
                    w.phase = PLAY
                    w.start_turn(w.next_seat(seat) or 0)
                else:
                    w.current = nxt
        elif seat == w.current:
            w.turn = replace(w.turn, slipped=True)
            w.queue = [j for j in w.queue if j.kind != "roll"]
            w.windows = [x for x in w.windows if x.kind not in ("roll", "bear")]
        w.run()
        return w.freeze(), w.events

    # ------------------------------------------------------------------ views

    def view(self, state: ThinIceState, seat: Seat | None) -> ThinIceView:
        w = Working(state)
        status = []
        for s in range(state.players):
            m = state.meeples[s]
            if s in state.retired:
                status.append("retired")
            elif m is None:
                status.append(state.out[s] or "not placed")
            elif m not in w.tiles:
                status.append("swimming")
            elif s in state.down:
                status.append("down")
            else:
                status.append("on ice")
        d = state.decision
        window = ""
        if state.windows and (state.windows[-1].kind == "card" or not state.chain):
            window = state.windows[-1].kind
        n = GRID_SIDE[state.players]
        return ThinIceView(
            game=self.name,
            step=state.step,
            viewer=seat,
            players=state.players,
            phase=state.phase,
            current=None if state.phase == OVER else state.current,
            width=width(state.players),
            extent=extent(
                state.players,
                [c for c, _ in state.tiles]
                + [m for m in state.meeples if m is not None]
                + ([state.bear] if state.bear is not None else []),
            ),
            grid=((MARGIN, MARGIN), (MARGIN + n - 1, MARGIN + n - 1)),
            tiles=tuple((c, _visible(t), t.turn) for c, t in state.tiles),
            bear=state.bear,
            awake=state.awake,
            meeples=state.meeples,
            status=tuple(status),
            hand=state.hands[seat] if seat is not None else (),
            hand_counts=tuple(len(h) for h in state.hands),
            deck_size=len(state.deck),
            discard=state.discard,
            tile_discard=state.tile_discard,
            die=state.die,
            turn=state.turn,
            effects=state.effects,
            orders=state.orders[seat] if seat is not None else (),
            chain=state.chain,
            window=window,
            awaited=w.awaited(),
            decision=d.kind if d else "",
            peek=d.cards if d is not None and d.kind == "zen" and seat in d.seats else (),
            votes=d.votes if d is not None else (),
            winners=state.winners,
            last=state.last,
            options=state.options,
            first=state.first,
            down=state.down,
            out=state.out,
            queue=state.queue,
            windows=state.windows,
            decision_target=d.target if d is not None else -1,
            decision_cards=len(d.cards) if d is not None else 0,
        )

    # ------------------------------------------------------------------ notation and storage

    def parse_action(self, text: str) -> Action:
        return parse(text)

    VERSION = 1

    def to_dict(self, state: ThinIceState) -> dict[str, Any]:
        data = {f: encode(getattr(state, f)) for f in state.__dataclass_fields__}
        data["version"] = self.VERSION
        return data

    def from_dict(self, data: Mapping[str, Any]) -> ThinIceState:
        if data.get("version") != self.VERSION:
            raise ValueError(f"unknown Thin Ice state version {data.get('version')}")
        fields = {k: decode_field(k, v) for k, v in data.items() if k != "version"}
        return ThinIceState(**fields)


#: The action verbs that answer each pending decision (the rest are refused with its prompt).
_ANSWER_VERBS: dict[str, tuple[str, ...]] = {
    "bear": ("bear", "destroy"),
    "push": ("bear",),
    "crack": ("crack",),
    "refreeze": ("refreeze",),
    "chase": ("chase",),
    "evict": ("chase",),
    "whale": ("whale",),
}


def _answers(kind: str, a: Action) -> bool:
    """Whether ``a`` is the kind of action that answers a pending decision of ``kind``."""
    if isinstance(a, Step | Target):
        return a.verb in _ANSWER_VERBS.get(kind, ())
    if isinstance(a, Slide):
        return kind == "slide"
    if isinstance(a, Vote):
        return kind == "vote"
    if isinstance(a, Keep):
        return kind == "zen"
    if isinstance(a, Discard):
        return kind == "discard"
    return isinstance(a, Play)  # a card playable now was accepted already; say why not below


def _visible(tile: Tile) -> str:
    """An unflipped tile shows its ice side: what is on the back is nobody's knowledge."""
    return tile.face


__all__ = ["HAND_LIMIT", "THIN_ICE", "ThinIce"]


THIN_ICE = ThinIce()
