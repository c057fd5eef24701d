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
    DIE_WORDS,
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
from games.thin_ice.spectators import spectator_prompt
from games.thin_ice.state import (
    OVER,
    PLACE,
    PLAY,
    LastAction,
    StandingOrder,
    ThinIceOptions,
    ThinIceState,
    ThinIceView,
    Turn,
    Window,
    action_line,
    decode_field,
    encode,
)
from games.thin_ice.working import (
    Working,
    awaited,
    in_reaction_window,
    named_with_and,
    new_state_tiles,
)
from games.words import Listed, Said, Text, Who, say

#: When a card may be played, by its timing class, as a refusal says it ("Flare is played ...").
TIMING_WORDS: dict[str, Said] = {
    "any": say("at any time (on your turn or when a reaction window asks you)"),
    "turn": say("in your own turn"),
    "start": say("at the start of your turn, before your first action"),
    "bear": say("immediately after a polar bear has been rolled"),
    "rolled": say("immediately after the dice has been rolled"),
    "chased": say("immediately after the polar bear has moved onto your tile"),
    "card": say("immediately after any card has been played"),
}

#: What each pending decision asks, with its notation (the words in brackets are typed as they
#: are; <dir>, <square> and <card> say what goes there).
DECISION_PROMPTS: dict[str, Said] = {
    # Translators: a prompt; "bear" is typed as it is, <dir> is a direction (N, NE ...)
    "bear": say("move the polar bear one space (bear <dir>)"),
    # Translators: a prompt; "bear" is typed as it is, <dir> is a direction (N, NE ...)
    "push": say("move the polar bear out of the way (bear <dir>)"),
    # Translators: a prompt; "crack" is typed as it is, <square> is a square (D4)
    "crack": say("crack an ice tile or remove a cracked tile (crack <square>)"),
    # Translators: a prompt; "refreeze" is typed as it is, <square> is a square (D4)
    "refreeze": say("refreeze a cracked tile, the Killer Whale or the Kraken (refreeze <square>)"),
    # Translators: a prompt; "slide" is typed as it is, then a square (D4) and a direction (N, E, S, W)
    "slide": say("slide a tile: the die says so (slide <square> <dir>)"),
    # Translators: a prompt; "chase" is typed as it is, <dir> is a direction (N, NE ...)
    "chase": say("send the chased meeple to an adjacent tile (chase <dir>)"),
    # Translators: a prompt; "chase" is typed as it is, <dir> is a direction (N, NE ...)
    "evict": say("move the meeple off the destroyed tile (chase <dir>)"),
    # Translators: a prompt; "whale" is typed as it is, <dir> is a direction (N, E, S, W)
    "whale": say("move the Killer Whale the Kraken landed on (whale <dir>)"),
    # Translators: a prompt; "vote yes" and "vote no" are typed as they are
    "vote": say("vote: does the card happen? (vote yes / vote no)"),
    # Translators: a prompt; {card} is Zen moment; "keep" and "top" are typed as they are,
    # <card> is a card's short name
    "zen": say(
        "{card}: keep one card, the others go on top or bottom (keep <card> top)",
        card=BY_KEY["zen"].name,
    ),
    # Translators: a prompt; {card} is Catch this!; "discard" is typed as it is, <card> is a card's short name
    "discard": say("{card}: discard a card (discard <card>)", card=BY_KEY["catch"].name),
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
            last=None,
        )

    # ------------------------------------------------------------------ queries

    def to_act(self, state: ThinIceState) -> frozenset[Seat]:
        return awaited(state)

    def reaction(self, state: ThinIceState, seat: Seat) -> bool:
        """Whether ``seat`` is asked in a reaction window (pass or play a card); the session
        gives such windows a fixed length, the same for everyone asked."""
        return in_reaction_window(state) and seat in awaited(state)

    def never_automatic(self, state: ThinIceState, seat: Seat, action: Action) -> Said | None:
        """A lone ``pass`` in a reaction window is still asked (see the package docstring)."""
        if action == Simple("pass") and self.reaction(state, seat):
            return say("being asked in a window must not show whether a hand holds a playable card")
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
            raise GameOver(say("the game is over"))
        w = Working(state)
        if seat not in w.awaited():
            raise IllegalAction(say("it is not your turn"))
        if action in self._legal(w, seat) or self._may_order(w, seat, action):
            return
        raise IllegalAction(self._why(w, seat, action))

    def _why(self, w: Working, s: Seat, a: Action) -> Said:
        if w.phase == PLACE:
            if isinstance(a, Place):
                # Translators: {hole} is the Ice Hole's square (D4); Set Up is the rulebook's section
                return say(
                    "place your meeple on one of the 8 free tiles around the Ice Hole ({hole}) (Set Up)",
                    hole=name(hole_cell(w.players)),
                )
            # Translators: "place <square>" is typed as it is (place D3); Set Up is the rulebook's section
            return say("first place your meeple next to the Ice Hole (Set Up): place <square>")
        d = w.decision
        if d is not None:
            want = DECISION_PROMPTS[d.kind]
            if not _answers(d.kind, a):
                # Translators: {prompt} is what is asked now ("move the polar bear one space ...")
                return say("first {prompt}", prompt=want)  # what is asked comes before other rules
            if isinstance(a, Target) and a.verb in ("crack", "refreeze"):
                if a.cell not in w.tiles:
                    return say("there is no tile on {cell}", cell=name(a.cell))
                if w.bear == a.cell or w.meeples_at(a.cell):
                    if a.verb == "crack":
                        # Translators: Crack face is the die face's section in the rulebook
                        return say(
                            "You cannot crack a tile with the polar bear or a meeple on it (Crack face)"
                        )
                    # Translators: Refreeze face is the die face's section in the rulebook
                    return say(
                        "You cannot refreeze a tile with the polar bear or a meeple on it (Refreeze face)"
                    )
                if a.verb == "refreeze" and w.tiles[a.cell].kind == "perma" and w.tiles[a.cell].flipped:
                    return say("perma-ice cannot be refrozen (Refreeze face)")
                if a.verb == "crack":
                    # Translators: {prompt} is what is asked now ("crack an ice tile ...")
                    return say("that tile cannot be cracked: {prompt}", prompt=want)
                # Translators: "refreezeed" is how the English reads; translate as "refrozen". {prompt} is what
                # is asked now
                return say("that tile cannot be refreezeed: {prompt}", prompt=want)
            if isinstance(a, Step) and a.verb == "bear" and w.turn.flare:
                return say("{card}: the bear cannot be moved this turn", card=BY_KEY["flare"].name)
            if isinstance(a, Step) and a.verb == "bear" and w.bear is not None:
                dest = step(w.bear, a.dir)
                if w.nature_blocks(w.bear, dest):
                    return say(
                        "{card}: the polar bear may not be moved towards that player",
                        card=BY_KEY["nature"].name,
                    )
            if isinstance(a, Step) and a.verb == "bear":
                # Translators: Roll the Dice is the rulebook's section
                return say(
                    "the polar bear moves to an adjacent tile or sea space, except a Killer Whale or Kraken "
                    "(Roll the Dice)"
                )
            if isinstance(a, Step) and a.verb == "chase":
                # Translators: Roll the Dice is the rulebook's section
                return say(
                    "a chased meeple moves onto an adjacent tile, except a Killer Whale, the Kraken, "
                    "the bear or another meeple (Roll the Dice)"
                )
            if isinstance(a, Slide):
                return self._slide_why(w, a)
            return say("first {prompt}", prompt=want)
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            top = w.windows[-1]
            if isinstance(a, Play):
                return self._play_why(w, s, a, top.kind)
            # Translators: "pass" is typed as it is; Event Cards is the rulebook's section
            return say("answer the reaction window: pass, or play a card that fits now (Event Cards)")
        t = w.turn
        if t.laid and not t.stood and not isinstance(a, Play | Discard | Order):
            # Translators: "stand" is typed as it is
            return say("you are lying down: use this turn to stand back up (stand)")
        if isinstance(a, Move):
            return self._move_why(w, s, a)
        if isinstance(a, Slide):
            if t.slid and t.extra_slides <= 0:
                # Translators: Actions is the rulebook's section
                return say("you have already moved a tile this turn (Actions)")
            if not w.alive(s):
                return say("your meeple is out of the game: you can only roll and play cards")
            return self._slide_why(w, a)
        if isinstance(a, Simple):
            if a.verb == "roll":
                if t.rolled:
                    # Translators: Actions is the rulebook's section
                    return say("you have already rolled this turn (Actions)")
                return say("you cannot roll now")
            if a.verb == "end":
                return w.end_ok(s) or say("you cannot end your turn now")
            if a.verb == "stand":
                # Translators: Roll the Dice is the rulebook's section
                return say("you are not lying down (Roll the Dice: falling down the hole)")
            return say("there is nothing to pass now")
        if isinstance(a, Play):
            return self._play_why(w, s, a, "main")
        if isinstance(a, Discard):
            return say("you do not hold {card}", card=BY_KEY[a.card].name)
        if isinstance(a, Order):
            if a.card and a.card not in w.hands[s]:
                return say("you do not hold {card}", card=BY_KEY[a.card].name)
            if a.trigger == "clear":
                return say("you have no orders")
            return say("you already gave that standing order")
        return say("that is not possible now")

    def _move_why(self, w: Working, s: Seat, a: Move) -> Said:
        t = w.turn
        if not w.alive(s):
            return say("your meeple is out of the game: you can only roll and play cards")
        if t.moved and t.extra_moves <= 0:
            # Translators: Actions is the rulebook's section
            return say("you have already moved your meeple this turn (Actions)")
        if a.jump and not t.leap:
            return say("you can only jump over a player with {card}", card=BY_KEY["leap"].name)
        c = w.meeples[s]
        assert c is not None
        here = w.tiles.get(c)
        dest = step(c, a.dir, 2 if a.jump else 1)
        if here is not None and here.kind == ROTATING and not here.flipped and not a.rot:
            # Translators: {move} is typed as it is (move NE), so are cw and ccw; the bracket is
            # the rulebook's section
            return say(
                "turn the rotating partial ice tile you leave 90 degrees: "
                "{move} cw or ccw (Rotating Partial Ice Tiles)",
                move=f"{'jump' if a.jump else 'move'} {a.dir}",
            )
        if a.rot and not (here is not None and here.kind == ROTATING and not here.flipped):
            # Translators: cw/ccw are typed as they are
            return say("only a meeple leaving an uncracked rotating partial ice tile turns it (cw/ccw)")
        tile = w.tiles.get(dest)
        if not passes(here, a.dir) or (tile is not None and not passes(tile, OPPOSITE[a.dir])):
            # Translators: Partial Ice Tiles is the rulebook's section
            return say("You may only move on/off partial ice tiles from an edge with ice (Partial Ice Tiles)")
        if tile is None:
            # Translators: Move your Meeple is the rulebook's section
            return say(
                "{cell} is sea: you cannot move into the sea (Move your Meeple), except with a {card}",
                cell=name(dest),
                card=BY_KEY["jacket"].name,
            )
        if w.bear == dest or tile.face in BLOCKING_FACES or w.meeples_at(dest):
            # Translators: Move your Meeple is the rulebook's section
            return say(
                "You cannot move onto a tile featuring the Killer Whale, Kraken, Polar Bear or "
                "another Meeple (Move your Meeple)"
            )
        # Translators: Move your Meeple is the rulebook's section
        return say("that move is not possible (Move your Meeple)")

    def _slide_why(self, w: Working, a: Slide) -> Said:
        tile = w.tiles.get(a.cell)
        if tile is None:
            return say("there is no tile on {cell}", cell=name(a.cell))
        if tile.face in CRACKED_FACES:
            # Translators: Move an Ice Tile is the rulebook's section
            return say("You may not move a Cracked Ice or Cracked Ice Hole tile (Move an Ice Tile)")
        if w.bear == a.cell or w.meeples_at(a.cell):
            # Translators: Move an Ice Tile is the rulebook's section
            return say("You may not move a tile featuring the Polar Bear or a Meeple (Move an Ice Tile)")
        dest = step(a.cell, a.dir)
        if w.bear == dest and w.turn.flare:
            return say(
                "{card}: the bear cannot be moved this turn, so nothing may push it",
                card=BY_KEY["flare"].name,
            )
        if w.bear == dest:
            return say("only a Killer Whale or the Kraken may move into the polar bear's sea space")
        # Translators: Move an Ice Tile is the rulebook's section
        return say("move a tile one space orthogonally into an empty sea space (Move an Ice Tile)")

    def _play_why(self, w: Working, s: Seat, a: Play, ctx: str) -> Said:
        card = BY_KEY[a.card]
        if a.card not in w.hands[s]:
            return say("you do not hold {card}", card=card.name)
        if not w.timing_ok(a.card, ctx):
            # Translators: {card} is a card's title, {timing} when it may be played ("in your own turn")
            return say("{card} is played {timing}", card=card.name, timing=TIMING_WORDS[card.timing])
        # Translators: {card} is a card's title, {effect} the card's text
        return say("{card} cannot be played like that now: {effect}", card=card.name, effect=card.effect)

    # ------------------------------------------------------------------ apply

    def apply(self, state: ThinIceState, seat: Seat, action: Action) -> tuple[ThinIceState, list[Event]]:
        w = Working(state, rng(state.seed, state.step + 1))
        w.step += 1
        # Standing orders leave no trace in public (not even as the last action); Zen moment's
        # kept card stays private.
        if isinstance(action, Keep):
            w.last = LastAction(seat, action.where, kept=True)
        elif not isinstance(action, Order):
            w.last = LastAction(seat, str(action))
            w.narrate("action", action_line(seat, str(action)))
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
            w.narrate("stand", say("{who} stands back up.", who=Who(s)))
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
            raise IllegalAction(say("nothing is asked of you now"))
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

    def prompt(self, state: ThinIceState, seat: Seat) -> Text:
        w = Working(state)
        if seat not in w.awaited():
            return ""
        if w.phase == PLACE:
            # Translators: a prompt; "place <square>" is typed as it is (place D3)
            return say("place your meeple next to the Ice Hole (place <square>)")
        if w.decision is not None:
            return DECISION_PROMPTS[w.decision.kind]
        if w.windows and (w.windows[-1].kind == "card" or not w.chain):
            kind = w.windows[-1].kind
            if kind == "card":
                return say("a card was played: play a card or pass")
            if kind == "roll":
                # Translators: {face} is a face of the die (bear, crack, slide, refreeze)
                return say("the die shows {face}: play a card or pass", face=DIE_WORDS[w.die])
            if kind == "bear":
                return say("a polar bear was rolled: play a card or pass")
            if kind == "chase":
                return say("the polar bear is on your tile: play a card or pass")
            return say("your tile is adrift: play a card or pass")
        t = w.turn
        if t.laid and not t.stood:
            # Translators: a prompt; "stand" is typed as it is
            return say("stand back up (stand)")
        todo: list[Said] = []
        if not t.stood:
            if w.alive(seat) and not t.moved:
                # Translators: one of the things still to do in a turn ("your turn: move, slide a tile, roll")
                todo.append(say("move"))
            if w.alive(seat) and not t.slid:
                # Translators: one of the things still to do in a turn ("your turn: move, slide a tile, roll")
                todo.append(say("slide a tile"))
            if not t.rolled:
                # Translators: one of the things still to do in a turn ("your turn: move, slide a tile, roll")
                todo.append(say("roll"))
        if not todo:
            return say("your turn: play cards, discard, or end")
        # Translators: {todo} lists what is still to do this turn ("move, slide a tile, roll")
        return say("your turn: {todo} (any order)", todo=Listed(tuple(todo)))

    def spectator_prompt(self, state: ThinIceState, seat: Seat) -> Text:
        return spectator_prompt(self.public_prompt(state, seat), seat)

    # ------------------------------------------------------------------ end and leaving

    def outcome(self, state: ThinIceState) -> Outcome | None:
        if state.phase != OVER:
            return None
        summary: Said
        if not state.winners:
            summary = say("Nobody wins: no meeple is left on the ice.")
        elif len(state.winners) == 1:
            (winner,) = state.winners
            summary = say("{who} wins: the last meeple on the ice.", who=Who(winner))
        else:
            summary = say(
                "{players} share the win: the last meeples went out together.",
                players=named_with_and(state.winners),
            )
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
        w.narrate("resign", say("{who} leaves the game.", who=Who(seat)))
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
