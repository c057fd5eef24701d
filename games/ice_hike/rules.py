"""Ice Hike's rules class, readable beside its rulebook; the rulings and the notation are in
:mod:`games.ice_hike`.

One module because it is one class in the rulebook's order (setup, the turn, placing a tile,
walking and roping, torches, the bear's steps and attacks, igloos, fleeing, the end), whose
clauses call one another throughout: a placement settles into the walking phase, a bear's step
into an attack, a flight back into the turn. Split into mixins over several files, one rule would
be read across them, typed against a class none of them sees; the blockade searches, the board
and the actions are modules of their own already."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import islice
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
    private,
    public,
    randbelow,
    replace,
    rng,
    shuffled,
)
from games.hexgrid import CLOCKWISE
from games.ice_hike import board as B
from games.ice_hike.actions import (
    POLICIES,
    Action,
    BearStep,
    Berries,
    Build,
    Choose,
    End,
    Go,
    Place,
    Policy,
    Rope,
    Search,
    TorchAnswer,
    TorchPush,
    Walk,
    parse,
)
from games.ice_hike.blockade import (
    FAR,
    RULE1,
    Roads,
    active,
    add_find,
    colours_of,
    finish_distances,
    has,
    igloo_owner,
    ncolours,
    owner,
    team,
    terrain,
    tile_text,
    who,
    with_item,
)
from games.ice_hike.state import (
    ACT,
    CHOOSE,
    COLOUR_WORDS,
    COLOURS,
    FLEE,
    OVER,
    PLACE,
    TORCH,
    HikeOptions,
    HikeState,
    HikeView,
    state_from_dict,
    state_to_dict,
)
from games.ice_hike.state import VERSION as STATE_VERSION
from games.words import Listed, Param, Said, Who, say, say_in, say_n

PUPPET_STEPS = 2
BEAR_STEPS = 3
BERRY_STEPS = 2
BUILD_COST = 2
SEARCH_COST = 2
MAX_IGLOOS = 2
#: Shorter game with three players: turns per player that only place a tile.
SHORT_PLACE_ONLY_TURNS = 2

#: The standing torch choices as the narration says them ("Your torches: ask.").
POLICY_WORDS: Mapping[str, Said] = {
    # Translators: a standing choice about torches: use one whenever a bear attacks ("torches always").
    "always": say("always"),
    # Translators: a standing choice about torches: never use one ("torches never").
    "never": say("never"),
    # Translators: a standing choice about torches: ask me each time a bear attacks ("torches ask").
    "ask": say("ask"),
}
#: The word before the last of several players ("Ann and Bo").
AND = say("and")
#: Why the game ends with nobody closer to the Finish (the stall ruling).
# Translators: why a game ends: "Nobody wins: {why}." or "The others stop: {why}."
STALL = say("no puppet could get any closer to the Finish for a full round")
#: Why a find cannot pay an igloo's toll: the player has none.
NO_FIND_TO_PAY: Mapping[str, Said] = {
    B.BERRIES: say("you have no berries to pay with"),
    B.TORCH: say("you have no torch to pay with"),
    B.ROPE: say("you have no rope to pay with"),
}

# ----------------------------------------------------------------------------- the game


class IceHike(Game[HikeState, Action, HikeView]):
    name = "ice-hike"
    #: The drawn tile is its drawer's; torches are a standing private choice.
    capabilities = Capabilities(hidden_information=True, private_choices=True)
    title = "Ice Hike: Beware of the Bears"
    players = range(2, 6)
    #: Whether a computer may play a missed deadline for a seat (the ruling: module docstring).
    computer_default_safe = False
    options: type[Options] = HikeOptions

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Options, seed: int) -> HikeState:
        options = check_setup(self.title, self.players, players, options, HikeOptions)
        r = rng(seed, 0)
        tiles = [t for t, n in B.TILE_COUNTS.items() for _ in range(n)]
        cubes = [c for c, n in B.CUBE_COUNTS.items() for _ in range(n)]
        pile = shuffled(r, tiles)
        bag = shuffled(r, cubes)
        if options.shorter_game:
            # "remove ... tiles and black cubes" (table): at random, i.e. the first ones shuffled.
            water, land, mountain, black = B.SHORT_REMOVALS[5 if players == 5 else 4]
            pile = _remove_first(pile, (B.WATER, B.FISH), water)
            pile = _remove_first(pile, (B.LAND,), land)
            pile = _remove_first(pile, (B.MOUNTAIN,), mountain)
            bag = _remove_first(bag, (B.EMPTY,), black)
        finish = B.CROSS if options.shorter_game else B.FINISH
        n = 4 if players == 2 else players
        first = randbelow(r, players)  # ruling: the first player at random
        state = HikeState(
            seed=seed,
            step=0,
            players=players,
            options=options,
            finish=finish,
            first=first,
            current=first,
            phase=PLACE,
            mode="",
            drew=False,
            steps=0,
            puppet_done=False,
            puppet_acted=False,
            bear=-1,
            bear_steps=0,
            bear_origin=-1,
            bear_prev=-1,
            bear_done=False,
            tiles=B.base_tiles(finish),
            cubes="." * B.NCELLS,
            bears=(),
            pos=(B.START,) * n,  # "all puppets start on the START tile"
            igloos=((),) * n,
            finds=((0, 0, 0),) * n,
            pile=tuple(pile),
            bag=tuple(bag),
            drawn="",
            drawn_cube="",
            turns=(0,) * n,
            policy=("ask",) * players,
            torch_cell=-1,
            torch_asked=frozenset(),
            torch_declined=frozenset(),
            flee=(),
            finished=(),
            retired=frozenset(),
            best=(FAR,) * n,
            quiet=0,
            moves=(),
            last_moves=(),
            last_colour=-1,
            last_place=-1,
            result="",
        )
        state, _ = self._begin_turn(state, first, [])
        return state

    # ------------------------------------------------------------------ turn flow

    def _begin_turn(
        self, state: HikeState, colour: int, events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        seat = owner(state, colour)
        state = replace(
            state,
            current=colour,
            mode="",
            steps=0,
            puppet_done=False,
            puppet_acted=False,
            bear=-1,
            bear_steps=0,
            bear_origin=-1,
            bear_prev=-1,
            bear_done=False,
            turns=with_item(state.turns, colour, state.turns[colour] + 1),
            moves=(),
        )
        # Rules 2 & 3: who has given up the protection of rule 2 is judged at the start of a turn.
        state = replace(state, exposed=Roads(state).exposed_now())
        if not state.pile:
            # Tiles finished: "continue playing without placing tiles ... bears not allowed to walk".
            state = replace(state, drew=False, phase=ACT, mode="puppet", steps=PUPPET_STEPS, bear_done=True)
            events.append(public("turn", say("{hiker} walks (no tiles left).", hiker=who(state, colour))))
            return self._settle(state, events)
        # "First, you pick a tile. This is mandatory. If this is a mountain, ... grab a cave find."
        tile = state.pile[0]
        cube = state.bag[0] if tile == B.MOUNTAIN and state.bag else ""
        state = replace(
            state,
            drew=True,
            phase=PLACE,
            drawn=tile,
            drawn_cube=cube,
            pile=state.pile[1:],
            bag=state.bag[1:] if cube else state.bag,
        )
        events.append(public("draw", say("{hiker} draws a tile.", hiker=who(state, colour))))
        events.append(private("drawn", say("You draw {tile}.", tile=tile_text(tile, cube)), seat))
        if not self.fits_somewhere(state):
            # Ruling: no legal cell -> the tile and its cube leave the game, the turn goes on.
            discard = say("The {tile} fits nowhere and leaves the game.", tile=tile_text(tile, cube))
            events.append(public("discard", discard))
            state = replace(state, drawn="", drawn_cube="")
            return self._after_place(state, events)
        return state, events

    def _after_place(self, state: HikeState, events: list[Event]) -> tuple[HikeState, list[Event]]:
        c = state.current
        if state.options.shorter_game and state.players == 3 and state.turns[c] <= SHORT_PLACE_ONLY_TURNS:
            # Shorter game, three players: "in their first two turns players only place a tile".
            return self._end_turn(state, events)
        if self.movable_bears(state):
            return replace(state, phase=CHOOSE), events
        return self._enter_act(state, "puppet", events)

    def _enter_act(self, state: HikeState, mode: str, events: list[Event]) -> tuple[HikeState, list[Event]]:
        # "With your puppet, you have 2 steps ... with a Polar Bear, you have 3 steps."
        if mode == "puppet":
            state = replace(state, phase=ACT, mode=mode, steps=PUPPET_STEPS, bear_done=True)
        else:
            state = replace(state, phase=ACT, mode=mode, steps=0, bear_steps=BEAR_STEPS, bear_done=False)
        return self._settle(state, events)

    def _settle(self, state: HikeState, events: list[Event]) -> tuple[HikeState, list[Event]]:
        """End the turn by itself when nothing but ``end`` is left."""
        if state.phase == ACT and list(islice(self._iter_act_actions(state), 2)) == [End()]:
            return self._end_turn(state, events)
        return state, events

    def _end_turn(self, state: HikeState, events: list[Event]) -> tuple[HikeState, list[Event]]:
        state = replace(
            state,
            last_moves=state.moves,
            last_colour=state.current,
            moves=(),
            phase=ACT,
            mode="",
            steps=0,
            bear=-1,
            bear_done=True,
            drawn="",
            drawn_cube="",
        )
        if not state.drew:
            state = self._progress(state)
            if state.result:
                events.append(public("end", self._summary(state)))
                return state, events
        nxt = self._next_colour(state, state.current)
        if nxt < 0:
            return self._over(state, "alone", events)
        return self._begin_turn(state, nxt, events)

    def _progress(self, state: HikeState) -> HikeState:
        """Tiles finished: a full round without any puppet getting closer to FINISH ends the game."""
        dist = finish_distances(state.tiles, state.finish)
        best = list(state.best)
        improved = False
        for a in range(ncolours(state)):
            if active(state, a) and dist[state.pos[a]] < best[a]:
                best[a] = dist[state.pos[a]]
                improved = True
        quiet = 0 if improved else state.quiet + 1
        state = replace(state, best=tuple(best), quiet=quiet)
        if quiet >= sum(1 for a in range(ncolours(state)) if active(state, a)):
            state = replace(state, phase=OVER, result="stall")
        return state

    def _next_colour(self, state: HikeState, after: int) -> int:
        n = ncolours(state)
        for k in range(1, n + 1):
            c = (after + k) % n
            if active(state, c):
                return c
        return -1

    def _active_seats(self, state: HikeState) -> set[Seat]:
        return {owner(state, a) for a in range(ncolours(state)) if active(state, a)}

    def _over(self, state: HikeState, result: str, events: list[Event]) -> tuple[HikeState, list[Event]]:
        state = replace(
            state,
            phase=OVER,
            result=result,
            drawn="",
            drawn_cube="",
            torch_cell=-1,
            torch_asked=frozenset(),
            torch_declined=frozenset(),
            flee=(),
            last_moves=state.moves or state.last_moves,
            last_colour=state.current if state.moves else state.last_colour,
        )
        events.append(public("end", self._summary(state)))
        return state, events

    def movable_bears(self, state: HikeState) -> list[int]:
        """Bears that may walk this turn: not drowned, and only while there are tiles."""
        if not state.drew:
            return []
        return [i for i, b in enumerate(state.bears) if state.tiles[b] != B.FISH]

    # ------------------------------------------------------------------ queries

    def to_act(self, state: HikeState) -> frozenset[Seat]:
        if state.phase == OVER:
            return frozenset()
        if state.phase == TORCH:
            return state.torch_asked - state.torch_declined
        if state.phase == FLEE:
            return frozenset({owner(state, state.flee[0][0])})
        return frozenset({owner(state, state.current)})

    def reaction(self, state: HikeState, seat: Seat) -> bool:
        """Whether ``seat`` answers another player's move (a torch question, where an attacked
        puppet goes); the session gives such decisions a fixed window."""
        return state.phase in (TORCH, FLEE) and seat in self.to_act(state)

    def legal_actions(self, state: HikeState, seat: Seat) -> Sequence[Action]:
        if seat not in self.to_act(state):
            return []
        policies: list[Action] = [Policy(p) for p in POLICIES if p != state.policy[seat]]
        if state.phase == PLACE:
            return [Place(x) for x in self._placements(state)] + policies
        if state.phase == CHOOSE:
            return [Choose("puppet"), Choose("bear"), *policies]
        if state.phase == TORCH:
            return [TorchAnswer(True), TorchAnswer(False), *policies]
        if state.phase == FLEE:
            return [*self._flee_options(state, *state.flee[0]), *policies]
        return [*self._act_actions(state), *policies]

    def _placements(self, state: HikeState) -> list[int]:
        roads = Roads(state)
        return [x for x in range(B.NCELLS) if self.place_reason(state, x, roads) is None]

    def fits_somewhere(self, state: HikeState) -> bool:
        """Whether the drawn tile has a legal cell (stops at the first one found)."""
        roads = Roads(state)
        return any(self.place_reason(state, x, roads) is None for x in range(B.NCELLS))

    def place_reason(self, state: HikeState, x: int, roads: Roads | None = None) -> Said | None:
        """Why the drawn tile may not go on ``x``; ``roads`` (built when needed) serves many calls."""
        # "place it on a free hexagon ... Hexagons that already have a tile, puppet, igloo, and/or
        # polar bear on them are not free ... a tile may not be placed over the edges."
        name = B.NAMES[x]
        if B.KIND[x] != B.FULL:
            return say(
                "{cell} is a half hexagon at the edge of the board: tiles may not go over the edges",
                cell=name,
            )
        if x == B.START:
            return say("{cell} is the start tile", cell=name)
        if x == state.finish:
            return say("{cell} is the finish tile", cell=name)
        if state.tiles[x] != B.NO_TILE:
            return say("there already is a tile on {cell}", cell=name)
        if x in state.pos and any(state.pos[a] == x for a in range(ncolours(state)) if active(state, a)):
            return say("there is a puppet on {cell}: that hexagon is not free", cell=name)
        if igloo_owner(state, x) >= 0:
            return say("there is an igloo on {cell}: that hexagon is not free", cell=name)
        if x in state.bears:
            return say("there is a polar bear on {cell}: that hexagon is not free", cell=name)
        tile = state.drawn
        if tile == B.LAND:
            return None  # land only ever opens roads (see blockade.py)
        seat = owner(state, state.current)
        roads = roads or Roads(state)
        if tile == B.MOUNTAIN:
            bear = state.drawn_cube == B.BEAR_CUBE and len(state.bears) < B.BEARS_IN_BOX
            return roads.change(seat, x, 3, not bear, True)
        return roads.change(seat, x, 1, False, False)

    # ------------------------------------------------------------------ puppet moves

    def step_info(self, state: HikeState, d: str, rope: bool) -> tuple[int, int, int, Said | None]:
        """(target, steps needed, steps spent net, reason refused) of a puppet step."""
        c = state.current
        p = state.pos[c]
        t = B.STEP[p][d]
        if t < 0:
            # Translators: {direction} is typed as it is (N, NE, SE, S, SW, NW).
            off = say(
                "there is nothing {direction} of {cell}: that is off the board", direction=d, cell=B.NAMES[p]
            )
            return t, 0, 0, off
        if rope and not has(state, c, B.ROPE):
            return t, 0, 0, say("you have no rope")
        level, water = terrain(state.tiles)
        if water[t]:
            return t, 0, 0, say("a puppet cannot cross a water tile")
        if t in state.bears:
            return (
                t,
                0,
                0,
                # Translators: {command} is typed as it is ("torch NE <direction>"); <direction>
                # stands for N, NE, SE, S, SW or NW.
                say(
                    "a puppet is never allowed to walk to a tile with a polar bear on it "
                    "(a torch moves it aside: {command})",
                    command=f"torch {d} <direction>",
                ),
            )
        diff = level[t] - level[p]
        if rope:
            if abs(diff) != 2:
                return t, 0, 0, say("a rope can never be used to ascend or descend only 1 level")
        elif abs(diff) == 2:
            return (
                t,
                0,
                0,
                say("a puppet can never go directly from level 1 to level 3, or vice versa, without a rope"),
            )
        if diff > 0:
            need, net = 2, 2  # "Ascending costs them 2 steps" (with a rope too)
        elif diff < 0:
            need, net = 1, 0  # skiing: "you first must have and take the step, before you can get it back"
        else:
            need, net = 1, 1
        if state.steps < need:
            n = state.steps
            if diff > 0:
                why = say_n(
                    "ascending costs 2 steps; you have {n} left",
                    "ascending costs 2 steps; you have {n} left",
                    n,
                )
            elif diff < 0:
                why = say_n(
                    "descending needs a step first (you get it back); you have {n} left",
                    "descending needs a step first (you get it back); you have {n} left",
                    n,
                )
            else:
                why = say_n("a step costs 1; you have {n} left", "a step costs 1; you have {n} left", n)
            return t, need, net, why
        return t, need, net, None

    def toll_reason(self, state: HikeState, t: int, pay: str, rope_used: bool) -> Said | None:
        """The igloo toll: "that player must pay you a cave find"."""
        c = state.current
        o = igloo_owner(state, t)
        tolled = o >= 0 and o not in team(state, c)
        if not tolled:
            return say("there is no other player's igloo there: nothing to pay") if pay else None
        if not pay:
            held = [B.FIND_NAMES[f] for f in B.FINDS if has(state, c, f)]
            if not held:
                # Translators: {colour} is a player's colour ("that is white's igloo").
                return say(
                    "{cell} is {colour}'s igloo: you need a cave find to pay to go there",
                    cell=B.NAMES[t],
                    colour=COLOUR_WORDS[o],
                )
            # Translators: {colour} is a player's colour; {command} is typed as it is ("pay rope").
            return say(
                "{cell} is {colour}'s igloo: say which find you pay ({command})",
                cell=B.NAMES[t],
                colour=COLOUR_WORDS[o],
                command=f"pay {held[0]}",
            )
        if has(state, c, pay) - (1 if rope_used and pay == B.ROPE else 0) < 1:
            return NO_FIND_TO_PAY[pay]
        return None

    def _walk_reason(self, state: HikeState, action: Walk | Rope) -> Said | None:
        rope = isinstance(action, Rope)
        t, _, _, why = self.step_info(state, action.direction, rope)
        return why or self.toll_reason(state, t, action.pay, rope)

    def _push_reason(self, state: HikeState, action: TorchPush) -> Said | None:
        # "use a torch in your own turn to once move a bear one spot aside, so that you can pass it"
        c = state.current
        if not has(state, c, B.TORCH):
            return say("you have no torch")
        p = state.pos[c]
        t = B.STEP[p][action.direction]
        if t < 0 or t not in state.bears:
            # Translators: {direction} is typed as it is (N, NE, SE, S, SW, NW).
            return say(
                "there is no polar bear {direction} of you: the torch moves a bear you step onto",
                direction=action.direction,
            )
        level, _water = terrain(state.tiles)
        if abs(level[t] - level[p]) > 1:
            return say("a puppet can never go directly from level 1 to level 3, or vice versa")
        diff = level[t] - level[p]
        need = 2 if diff > 0 else 1
        if state.steps < need:
            n = state.steps
            return say_n(
                "that step costs {need}; you have {n} left",
                "that step costs {need}; you have {n} left",
                n,
                need=need,
            )
        u = B.STEP[t][action.push]
        if u < 0:
            return say("the bear cannot be pushed off the board")
        if u == p:
            return say("you may not move the bear to the tile you came from: you would pass each other")
        if any(state.pos[a] == u for a in range(ncolours(state)) if active(state, a)):
            return say("while moving the bear aside no other player can be attacked: there is a puppet there")
        why = self._bear_target_reason(state, t, u, check_puppets=False)
        if why:
            return why
        roads = Roads(state, skip_bear=state.bears.index(t))
        if not roads.bear_may_stop(u):
            return RULE1
        return None

    def _build_reason(self, state: HikeState, roads: Roads | None = None) -> Said | None:
        # In the order a player checks: where they stand, igloos left, steps, then blockades.
        c = state.current
        p = state.pos[c]
        if p in (B.START, state.finish):
            return say("you cannot build on the start or the finish tile")
        if B.KIND[p] != B.FULL:
            return say("you cannot build on the half hexagons along the edges or the corners of the board")
        if igloo_owner(state, p) >= 0:
            return say("there already is an igloo here")
        if len(state.igloos[c]) >= MAX_IGLOOS:
            return say("the maximum number of igloos you can build in a game is two")
        if state.steps < BUILD_COST:
            n = state.steps
            return say_n(
                "building an igloo costs 2 steps; you have {n} left",
                "building an igloo costs 2 steps; you have {n} left",
                n,
            )
        roads = roads or Roads(state)
        return roads.change(owner(state, c), p, terrain(state.tiles)[0][p], False, False, igloo_of=c)

    def search_reason(self, state: HikeState) -> Said | None:
        p = state.pos[state.current]
        if state.tiles[p] != B.MOUNTAIN:
            return say("you can only search a cave on a mountain")
        if state.cubes[p] == ".":
            return say("there is no cave find here")
        if state.steps < SEARCH_COST:
            n = state.steps
            return say_n(
                "searching a cave costs 2 steps; you have {n} left",
                "searching a cave costs 2 steps; you have {n} left",
                n,
            )
        return None

    # ------------------------------------------------------------------ bear moves

    def _bear_target_reason(
        self, state: HikeState, frm: int, t: int, check_puppets: bool = True
    ) -> Said | None:
        """May a bear go from ``frm`` to the neighbour ``t`` (costs aside)?"""
        if t < 0:
            return say("a bear cannot leave the board")
        if t == B.START or t == state.finish:
            return say("a bear may never walk onto or over the start or finish tile")
        if igloo_owner(state, t) >= 0:
            return say("a bear may never walk onto or over a tile with an igloo")
        if t in state.bears:
            return say("there may never be two bears on the same tile, not even to pass each other")
        level, water = terrain(state.tiles)
        if water[t] and state.tiles[t] != B.FISH:
            return say("a polar bear cannot cross water (only water with fish, where it stays)")
        if abs(level[t] - level[frm]) > 1:
            return say("a polar bear can never go directly from level 1 to level 3, or vice versa")
        if check_puppets:
            mine = team(state, state.current)
            if any(state.pos[a] == t for a in mine if active(state, a)):
                return say("you are never allowed to walk onto or over a tile with your own puppet on it")
        return None

    def _bear_cost(self, state: HikeState, frm: int, t: int) -> int:
        level, _ = terrain(state.tiles)
        return 2 if level[t] > level[frm] else 1

    def _bear_can_end(self, state: HikeState, roads: Roads, at: int, left: int, depth: int = 0) -> bool:
        """Can a walk that has reached ``at`` with ``left`` steps still end somewhere allowed?"""
        if state.tiles[at] == B.FISH or roads.bear_may_stop(at):
            return True
        if depth > 3:
            return False
        for t in B.NEIGHBOURS[at]:
            if self._bear_target_reason(state, at, t) is None:
                cost = self._bear_cost(state, at, t)
                if cost <= left and self._bear_can_end(state, roads, t, left - cost, depth + 1):
                    return True
        return False

    def bear_step_reason(self, state: HikeState, action: BearStep) -> Said | None:
        if state.mode != "bear":
            return say("you play with your puppet this turn")
        if state.bear_done:
            return say("the bear has finished its walk this turn")
        if state.bear < 0:
            if action.start < 0:
                # Translators: "bear" and "bear F5 NE" are typed as they are; <its cell> and
                # <direction> stand for a cell (F5) and a direction (N, NE, SE, S, SW, NW).
                return say("say which bear walks: bear <its cell> <direction>, e.g. bear F5 NE")
            if action.start not in state.bears:
                return say("there is no polar bear on {cell}", cell=B.NAMES[action.start])
            i = state.bears.index(action.start)
            if state.tiles[action.start] == B.FISH:
                return say("that bear stays in the water with fish for the rest of the game")
        else:
            i = state.bear
            if action.start >= 0 and action.start != state.bears[i]:
                return say(
                    "you play with the bear on {cell} this turn (one bear per turn)",
                    cell=B.NAMES[state.bears[i]],
                )
        frm = state.bears[i]
        t = B.STEP[frm][action.direction]
        why = self._bear_target_reason(state, frm, t)
        if why:
            return why
        cost = self._bear_cost(state, frm, t)
        left = state.bear_steps
        if cost > left:
            return say_n(
                "that costs the bear {n} steps; it has {left} left",
                "that costs the bear {n} steps; it has {left} left",
                cost,
                left=left,
            )
        # Rule 1: "as soon as he stops walking, there must always be ... a blockade-free road".
        walking = replace(state, bears=with_item(state.bears, i, t))
        if not self._bear_can_end(walking, Roads(walking, skip_bear=i), t, left - cost):
            # Translators: {rule} is the rule broken ("no free road would be left ... (rule 1)").
            return say("the bear could not stop anywhere after that: {rule}", rule=RULE1)
        return None

    def bear_stop_reason(self, state: HikeState) -> Said | None:
        if state.bear < 0 or state.bear_done:
            return None
        if Roads(state, skip_bear=state.bear).bear_may_stop(state.bears[state.bear]):
            return None
        # Translators: {rule} is the rule broken ("no free road would be left ... (rule 1)").
        return say(
            "the bear may not stop on {cell}: {rule}", cell=B.NAMES[state.bears[state.bear]], rule=RULE1
        )

    # ------------------------------------------------------------------ the ACT menu

    def _act_actions(self, state: HikeState) -> list[Action]:
        return list(self._iter_act_actions(state))

    def _iter_act_actions(self, state: HikeState) -> Iterator[Action]:
        """The ACT menu in order, lazily: the cheap steps first, the blockade checks last."""
        c = state.current
        walking = state.bear >= 0 and not state.bear_done
        puppet_turn = state.mode == "puppet" or not state.puppet_done
        if state.steps > 0 and not walking and puppet_turn:
            held = [f for f in B.FINDS if has(state, c, f)]
            p = state.pos[c]
            for d in CLOCKWISE:
                for rope in (False, True):
                    if rope and not has(state, c, B.ROPE):
                        continue
                    t, _, _, why = self.step_info(state, d, rope)
                    if why:
                        continue
                    o = igloo_owner(state, t)
                    pays = held if o >= 0 and o not in team(state, c) else [""]
                    for pay in pays:
                        a: Walk | Rope = Rope(d, pay) if rope else Walk(d, pay)
                        if self.toll_reason(state, t, pay, rope) is None:
                            yield a
                t = B.STEP[p][d]
                if t >= 0 and t in state.bears and has(state, c, B.TORCH):
                    for push in CLOCKWISE:
                        tp = TorchPush(d, push)
                        if self._push_reason(state, tp) is None:
                            yield tp
            if self._build_reason(state) is None:
                yield Build()
            if self.search_reason(state) is None:
                yield Search()
        if state.mode == "bear" and not state.bear_done:
            starts = [state.bear] if state.bear >= 0 else self.movable_bears(state)
            for i in starts:
                for d in CLOCKWISE:
                    bs = BearStep(d, -1 if state.bear >= 0 else state.bears[i])
                    if self.bear_step_reason(state, bs) is None:
                        yield bs
        if self._berries_reason(state) is None:
            yield Berries()
        if self.bear_stop_reason(state) is None:
            yield End()

    def _berries_reason(self, state: HikeState) -> Said | None:
        if not has(state, state.current, B.BERRIES):
            return say("you have no blueberries")
        if state.mode == "bear" and state.puppet_done:
            return say("the bear and your puppet act in separate blocks: your puppet's block is over")
        return self.bear_stop_reason(state)

    # ------------------------------------------------------------------ check

    def check(self, state: HikeState, seat: Seat, action: Action) -> None:
        if state.phase == OVER:
            raise GameOver(say("the game is over"))
        why = self._reason(state, seat, action)
        if why:
            raise IllegalAction(why)

    def _reason(self, state: HikeState, seat: Seat, action: Action) -> Said | None:
        if isinstance(action, Policy):
            if state.policy[seat] != action.choice:
                return None
            # Translators: {choice} is a standing choice: "always", "never" or "ask".
            return say("your torches are already {choice}", choice=POLICY_WORDS[action.choice])
        phase = state.phase
        if phase == PLACE:
            if not isinstance(action, Place):
                # Translators: "place" is typed as it is; <cell> stands for a cell such as C4.
                return say("first place the tile you drew: place <cell>")
            return self.place_reason(state, action.cell, Roads(state))
        if phase == CHOOSE:
            if not isinstance(action, Choose):
                return say("choose first: play this turn with your puppet or with a polar bear")
            if action.piece == "bear" and not self.movable_bears(state):
                return say("there is no polar bear that can walk")
            return None
        if phase == TORCH:
            if not isinstance(action, TorchAnswer):
                # Translators: "torch yes" and "torch no" are typed as they are.
                return say("a bear attacks: answer torch yes or torch no")
            return None
        if phase == FLEE:
            if not isinstance(action, Go):
                # Translators: "go start" and "go" are typed as they are; <igloo cell> stands for a cell.
                return say("your puppet was attacked: say where it goes (go start, go <igloo cell>)")
            return self._go_reason(state, action)
        # ACT
        if isinstance(action, (Place, Choose, TorchAnswer, Go)):
            return {
                Place: say("you have placed your tile this turn"),
                Choose: say("you have chosen already this turn"),
                TorchAnswer: say("no bear is attacking anyone now"),
                Go: say("no bear is attacking anyone now"),
            }[type(action)]
        if isinstance(action, End):
            return self.bear_stop_reason(state)
        if isinstance(action, Berries):
            return self._berries_reason(state)
        if isinstance(action, BearStep):
            return self.bear_step_reason(state, action)
        # puppet actions
        if state.mode == "bear":
            if state.bear >= 0 and not state.bear_done:
                return say(
                    "your bear is walking: end its walk first (eat blueberries to act with your puppet)"
                )
            if state.puppet_done:
                return say("the bear and your puppet act in separate blocks: your puppet's block is over")
            if state.steps == 0:
                return say("you play with a polar bear this turn: only blueberries give your puppet steps")
        if isinstance(action, (Walk, Rope)):
            return self._walk_reason(state, action)
        if isinstance(action, TorchPush):
            return self._push_reason(state, action)
        if isinstance(action, Build):
            return self._build_reason(state)
        assert isinstance(action, Search)
        return self.search_reason(state)

    # ------------------------------------------------------------------ apply

    def apply(self, state: HikeState, seat: Seat, action: Action) -> tuple[HikeState, list[Event]]:
        state = replace(state, step=state.step + 1)
        events: list[Event] = []
        if isinstance(action, Policy):
            state = replace(state, policy=with_item(state.policy, seat, action.choice))
            # Translators: {choice} is a standing choice: "always", "never" or "ask".
            told = say("Your torches: {choice}.", choice=POLICY_WORDS[action.choice])
            events.append(private("policy", told, seat))
            return state, events
        if isinstance(action, Place):
            return self._apply_place(state, action, events)
        if isinstance(action, Choose):
            hiker = who(state, state.current)
            if action.piece == "bear":
                events.append(public("choose", say("{hiker} plays with a bear.", hiker=hiker)))
            else:
                events.append(public("choose", say("{hiker} plays with a puppet.", hiker=hiker)))
            return self._enter_act(state, action.piece, events)
        if isinstance(action, TorchAnswer):
            return self._apply_torch_answer(state, seat, action, events)
        if isinstance(action, Go):
            return self._apply_go(state, action, events)
        if isinstance(action, End):
            if state.bear >= 0 and not state.bear_done:
                events.append(
                    public("bear", say("The bear stops on {cell}.", cell=B.NAMES[state.bears[state.bear]]))
                )
            return self._end_turn(state, events)
        if isinstance(action, Berries):
            c = state.current
            state = replace(
                state,
                finds=add_find(state.finds, c, B.BERRIES, -1),
                steps=state.steps + BERRY_STEPS,
                bear_done=state.bear_done or state.bear >= 0,
                puppet_acted=True,
            )
            events.append(
                public("berries", say("{hiker} eats blueberries: two more steps.", hiker=who(state, c)))
            )
            return self._settle(state, events)
        if isinstance(action, BearStep):
            return self._apply_bear_step(state, action, events)
        return self._apply_puppet(state, action, events)

    def _apply_place(
        self, state: HikeState, action: Place, events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        x, tile, cube = action.cell, state.drawn, state.drawn_cube
        tiles = state.tiles[:x] + tile + state.tiles[x + 1 :]
        state = replace(state, tiles=tiles, drawn="", drawn_cube="", last_place=x)
        placed = say(
            "{hiker} places {tile} on {cell}.",
            hiker=who(state, state.current),
            tile=tile_text(tile, cube),
            cell=B.NAMES[x],
        )
        events.append(public("place", placed))
        if tile == B.MOUNTAIN:
            if cube in B.FINDS:
                state = replace(state, cubes=state.cubes[:x] + cube + state.cubes[x + 1 :])
            elif cube == B.BEAR_CUBE and len(state.bears) < B.BEARS_IN_BOX:
                # "If you've grabbed a white cube, you exchange it for a polar bear".
                state = replace(state, bears=(*state.bears, x))
                events.append(
                    public("bear", say("A polar bear comes out of the cave on {cell}!", cell=B.NAMES[x]))
                )
            elif cube == B.BEAR_CUBE:
                # "The fifth white cube will therefore count as a black one."
                events.append(public("empty", say("All four polar bears are out: the cave is empty.")))
        return self._after_place(state, events)

    def _apply_puppet(
        self, state: HikeState, action: Action, events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        c = state.current
        p = state.pos[c]
        name = who(state, c)
        if isinstance(action, (Walk, Rope, TorchPush)):
            rope = isinstance(action, Rope)
            t, _, net, _ = self.step_info(
                replace(state, bears=()) if isinstance(action, TorchPush) else state, action.direction, rope
            )
            state = replace(state, pos=with_item(state.pos, c, t), steps=state.steps - net)
            state = self._add_path(state, "puppet", p, t)
            # Directions are typed as they are (N, NE, SE, S, SW, NW) in every language.
            walked: dict[str, Param] = {"hiker": name, "direction": action.direction, "cell": B.NAMES[t]}
            if rope:
                state = replace(state, finds=add_find(state.finds, c, B.ROPE, -1))
            if isinstance(action, (Walk, Rope)) and action.pay:
                o = igloo_owner(state, t)
                finds = add_find(state.finds, c, action.pay, -1)
                state = replace(state, finds=add_find(finds, o, action.pay, 1))
                walked.update(colour=COLOUR_WORDS[o], cube=B.FIND_CUBES[action.pay])
                if rope:
                    # Translators: {colour} is the igloo owner's colour, {cube} "a blue cube".
                    text = say(
                        "{hiker} climbs with a rope {direction} to {cell}, paying {colour} {cube}.", **walked
                    )
                else:
                    # Translators: {colour} is the igloo owner's colour, {cube} "a blue cube".
                    text = say("{hiker} walks {direction} to {cell}, paying {colour} {cube}.", **walked)
            elif isinstance(action, TorchPush):
                u = B.STEP[t][action.push]
                i = state.bears.index(t)
                state = replace(
                    state, bears=with_item(state.bears, i, u), finds=add_find(state.finds, c, B.TORCH, -1)
                )
                state = self._add_path(state, "bear", t, u)
                walked.update(push=action.push, bear_cell=B.NAMES[u])
                if state.tiles[u] == B.FISH:
                    # Translators: {direction} and {push} are directions, typed as they are (N, NE, ...).
                    text = say(
                        "{hiker} walks {direction} to {cell} and pushes the bear {push} to {bear_cell} with a "
                        "torch; it stays in the water with fish.",
                        **walked,
                    )
                else:
                    # Translators: {direction} and {push} are directions, typed as they are (N, NE, ...).
                    text = say(
                        "{hiker} walks {direction} to {cell} and pushes the bear {push} to {bear_cell} with a torch.",
                        **walked,
                    )
            elif rope:
                text = say("{hiker} climbs with a rope {direction} to {cell}.", **walked)
            else:
                text = say("{hiker} walks {direction} to {cell}.", **walked)
            events.append(public("walk", text))
            if t == state.finish:
                return self._reach_finish(state, c, events)
            return self._settle(state, events)
        if isinstance(action, Build):
            state = replace(
                state,
                igloos=with_item(state.igloos, c, (*state.igloos[c], p)),
                steps=state.steps - BUILD_COST,
            )
            events.append(
                public("build", say("{hiker} builds an igloo on {cell}.", hiker=name, cell=B.NAMES[p]))
            )
            return self._settle(state, events)
        assert isinstance(action, Search)
        find = state.cubes[p]
        state = replace(
            state,
            cubes=state.cubes[:p] + "." + state.cubes[p + 1 :],
            finds=add_find(state.finds, c, find, 1),
            steps=state.steps - SEARCH_COST,
        )
        found = {
            B.BERRIES: say(
                "{hiker} searches the cave on {cell} and finds berries.", hiker=name, cell=B.NAMES[p]
            ),
            B.TORCH: say("{hiker} searches the cave on {cell} and finds torch.", hiker=name, cell=B.NAMES[p]),
            B.ROPE: say("{hiker} searches the cave on {cell} and finds rope.", hiker=name, cell=B.NAMES[p]),
        }
        events.append(public("search", found[find]))
        return self._settle(state, events)

    def _add_path(self, state: HikeState, piece: str, frm: int, to: int) -> HikeState:
        moves = list(state.moves)
        if moves and moves[-1][0] == piece and moves[-1][1][-1] == frm:
            moves[-1] = (piece, (*moves[-1][1], to))
        else:
            moves.append((piece, (frm, to)))
        return replace(state, moves=tuple(moves))

    def _reach_finish(self, state: HikeState, c: int, events: list[Event]) -> tuple[HikeState, list[Event]]:
        # "The game ends as soon as one of the players reaches the village (finish)."
        state = replace(state, finished=(*state.finished, c))
        reached = (
            say("{hiker} reaches the village first!", hiker=who(state, c))
            if len(state.finished) == 1
            else say("{hiker} reaches the village!", hiker=who(state, c))
        )
        events.append(public("finish", reached))
        if not state.options.play_on or state.players == 2 or len(self._active_seats(state)) <= 1:
            return self._over(state, "win", events)
        return self._end_turn(state, events)

    def _apply_bear_step(
        self, state: HikeState, action: BearStep, events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        if state.bear < 0:
            i = state.bears.index(action.start)
            # the puppet's berry block (if any) is over: "separate blocks, never interleaved"
            state = replace(state, bear=i, bear_origin=action.start, puppet_done=state.puppet_acted, steps=0)
        i = state.bear
        frm = state.bears[i]
        t = B.STEP[frm][action.direction]
        cost = self._bear_cost(state, frm, t)
        state = replace(
            state, bears=with_item(state.bears, i, t), bear_steps=state.bear_steps - cost, bear_prev=frm
        )
        state = self._add_path(state, "bear", frm, t)
        # Translators: {direction} is typed as it is (N, NE, SE, S, SW, NW).
        walked = say("The bear walks {direction} to {cell}.", direction=action.direction, cell=B.NAMES[t])
        events.append(public("bear", walked))
        if state.tiles[t] == B.FISH:
            # "remove a bear from the game by letting it walk onto a water tile with fish"
            state = replace(state, bear_done=True, bear_steps=0)
            events.append(
                public(
                    "drown",
                    say(
                        "The bear stays in the water with fish on {cell} for the rest of the game.",
                        cell=B.NAMES[t],
                    ),
                )
            )
            return self._settle(state, events)
        mine = team(state, state.current)
        attacked = [
            a for a in range(ncolours(state)) if active(state, a) and state.pos[a] == t and a not in mine
        ]
        if attacked:
            return self._attack(state, t, attacked, events)
        return self._settle(state, events)

    def _attack(
        self, state: HikeState, t: int, attacked: list[int], events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        hikers = Listed(tuple(who(state, a) for a in attacked))
        events.append(
            public("attack", say("The bear attacks {hikers} on {cell}!", hikers=hikers, cell=B.NAMES[t]))
        )
        holders = [a for a in self._turn_order(state) if a in attacked and has(state, a, B.TORCH)]
        always = [a for a in holders if state.policy[owner(state, a)] == "always"]
        if always:
            return self._fend(state, always[0], events)
        asked = frozenset(owner(state, a) for a in holders if state.policy[owner(state, a)] == "ask")
        if asked:
            state = replace(state, phase=TORCH, torch_cell=t, torch_asked=asked, torch_declined=frozenset())
            return state, events
        return self._bite(state, t, events)

    def _turn_order(self, state: HikeState) -> list[int]:
        n = ncolours(state)
        return [(state.current + k) % n for k in range(1, n + 1)]

    def _fend(self, state: HikeState, holder: int, events: list[Event]) -> tuple[HikeState, list[Event]]:
        """Torch: "the bear then goes back to the place it came from, and the cube is removed"."""
        state = replace(state, finds=add_find(state.finds, holder, B.TORCH, -1))
        state = self._bear_back(state)
        back = B.NAMES[state.bears[state.bear]]
        fended = say(
            "{hiker} fends off the bear with a torch; it goes back to {cell}.",
            hiker=who(state, holder),
            cell=back,
        )
        events.append(public("torch", fended))
        return self._settle(state, events)

    def _bear_back(self, state: HikeState) -> HikeState:
        """The walking bear goes back to the cell it came from and its walk ends."""
        i = state.bear
        at = state.bears[i]
        back = state.bear_prev
        moved = replace(state, bears=with_item(state.bears, i, back))
        if not Roads(moved, skip_bear=i).bear_may_stop(back):
            # "if the bear then blocks the only free route ... the bear returns to its original position"
            back = state.bear_origin
        state = replace(
            state,
            bears=with_item(state.bears, i, back),
            bear_done=True,
            bear_steps=0,
            phase=ACT,
            torch_cell=-1,
            torch_asked=frozenset(),
            torch_declined=frozenset(),
        )
        return self._add_path(state, "bear", at, back)

    def _apply_torch_answer(
        self, state: HikeState, seat: Seat, action: TorchAnswer, events: list[Event]
    ) -> tuple[HikeState, list[Event]]:
        t = state.torch_cell
        if action.use:
            holder = next(
                a
                for a in colours_of(state, seat)
                if active(state, a) and state.pos[a] == t and has(state, a, B.TORCH)
            )
            return self._fend(state, holder, events)
        state = replace(state, torch_declined=state.torch_declined | {seat})
        if state.torch_declined >= state.torch_asked:
            state = replace(
                state, phase=ACT, torch_cell=-1, torch_asked=frozenset(), torch_declined=frozenset()
            )
            return self._bite(state, t, events)
        return state, events

    def _bite(self, state: HikeState, t: int, events: list[Event]) -> tuple[HikeState, list[Event]]:
        """The attack stands: every attacked puppet goes back (START or an igloo)."""
        mine = team(state, state.current)
        queue = []
        for a in range(ncolours(state)):
            if not (active(state, a) and state.pos[a] == t and a not in mine):
                continue
            options = self._flee_options(state, a, t)
            if len(options) == 1:
                state, _ = self._apply_go(replace(state, flee=((a, t),)), options[0], events)
            else:
                queue.append((a, t))
        state = replace(state, flee=tuple(queue), phase=FLEE if queue else ACT)
        if queue:
            return state, events
        return self._settle(state, events)

    def _flee_options(self, state: HikeState, a: int, t: int) -> list[Go]:
        # "back means: to an igloo on the same north-south row ... or ... closer to the start tile"
        out = [Go(B.START)]
        fcol = B.column(state.finish)
        mine = team(state, a)
        held = [f for f in B.FINDS if has(state, a, f)]
        for o in range(ncolours(state)):
            for ig in state.igloos[o]:
                west = state.options.shorter_game and B.column(ig) < fcol
                if o in mine:
                    if B.back_toward_start(t, ig) or west:
                        out.append(Go(ig))
                elif (B.column(t) < fcol) if west else B.back_toward_start(t, ig):
                    out.extend(Go(ig, f) for f in held)
        return out

    def _go_reason(self, state: HikeState, action: Go) -> Said | None:
        a, t = state.flee[0]
        if action in self._flee_options(state, a, t):
            return None
        o = igloo_owner(state, action.cell)
        if action.cell != B.START and o < 0:
            return say("an attacked puppet goes back to the start or to an igloo")
        if o >= 0 and o not in team(state, a) and not action.pay:
            # Translators: {colour} is a player's colour; {command} is typed as it is ("go C4 pay ...").
            return say(
                "that is {colour}'s igloo: you may stay there only if you pay a cave find ({command})",
                colour=COLOUR_WORDS[o],
                command=f"go {B.NAMES[action.cell]} pay ...",
            )
        if action.pay and has(state, a, action.pay) < 1:
            return NO_FIND_TO_PAY[action.pay]
        if action.pay and (o < 0 or o in team(state, a)):
            return say("there is nothing to pay there")
        return say("back means an igloo in the same north-south row or one closer to the start")

    def _apply_go(self, state: HikeState, action: Go, events: list[Event]) -> tuple[HikeState, list[Event]]:
        a, _ = state.flee[0]
        state = replace(state, pos=with_item(state.pos, a, action.cell), flee=state.flee[1:])
        hiker, cell = who(state, a), B.NAMES[action.cell]
        if action.cell == B.START:
            text = say("{hiker} goes back to the start.", hiker=hiker)
        elif not action.pay:
            text = say("{hiker} goes back to the igloo on {cell}.", hiker=hiker, cell=cell)
        else:
            o = igloo_owner(state, action.cell)
            finds = add_find(state.finds, a, action.pay, -1)
            state = replace(state, finds=add_find(finds, o, action.pay, 1))
            # Translators: {colour} is the igloo owner's colour, {cube} "a blue cube".
            text = say(
                "{hiker} goes back to the igloo on {cell}, paying {colour} {cube}.",
                hiker=hiker,
                cell=cell,
                colour=COLOUR_WORDS[o],
                cube=B.FIND_CUBES[action.pay],
            )
        events.append(public("flee", text))
        if state.phase == FLEE and not state.flee:
            state = replace(state, phase=ACT)
            return self._settle(state, events)
        return state, events

    # ------------------------------------------------------------------ defaults, retire, outcome

    def default_action(self, state: HikeState, seat: Seat) -> Action:
        """What the session applies when ``seat`` misses its deadline.

        Torch question: ``torch yes`` (use it). Where an attacked puppet goes: the player's own
        igloo nearest FINISH among those allowed, else START. The mover: ``end`` where allowed,
        else the first legal action (place on the first free cell, play with the puppet, ...).
        """
        if state.phase == TORCH:
            return TorchAnswer(True)
        if state.phase == FLEE:
            a, t = state.flee[0]
            own = [g for g in self._flee_options(state, a, t) if g.cell != B.START and not g.pay]
            if own:
                return min(own, key=lambda g: (B.distance(g.cell, state.finish), g.cell))
            return Go(B.START)
        if state.phase == CHOOSE:
            return Choose("puppet")
        actions = [a for a in self.legal_actions(state, seat) if not isinstance(a, Policy)]
        return End() if End() in actions else actions[0]

    def retire(self, state: HikeState, seat: Seat) -> tuple[HikeState, list[Event]]:
        if state.phase == OVER or seat in state.retired:
            return state, []
        state = replace(state, step=state.step + 1)
        events = [public("resign", say("{player} leaves the game.", player=Who(seat)))]
        mover = owner(state, state.current) == seat
        # Decisions of the leaving player resolve as if it had none to make.
        if state.phase == TORCH and seat in state.torch_asked:
            state = replace(state, torch_declined=state.torch_declined | {seat})
        gone = set(colours_of(state, seat))
        state = replace(
            state,
            retired=state.retired | {seat},
            pos=tuple(-1 if a in gone else p for a, p in enumerate(state.pos)),
            igloos=tuple(() if a in gone else g for a, g in enumerate(state.igloos)),
            finds=tuple((0, 0, 0) if a in gone else f for a, f in enumerate(state.finds)),
            flee=tuple(f for f in state.flee if f[0] not in gone),
        )
        if len(self._active_seats(state)) <= 1:
            return self._over(state, "win" if state.finished else "alone", events)
        if state.phase == TORCH:
            if mover:
                # the mover left: the bear goes back as if fended off, nobody pays a torch
                state = self._bear_back(state)
            elif state.torch_declined >= state.torch_asked:
                t = state.torch_cell
                state = replace(
                    state, phase=ACT, torch_cell=-1, torch_asked=frozenset(), torch_declined=frozenset()
                )
                state, events = self._bite(state, t, events)
        if state.phase == FLEE and mover:
            while state.flee:
                a, _ = state.flee[0]
                go = self.default_action(state, owner(state, a))
                assert isinstance(go, Go)
                state, _ = self._apply_go(state, go, events)
            state = replace(state, phase=ACT)
        if state.phase == FLEE and not state.flee:
            state = replace(state, phase=ACT)
        if mover and state.phase in (PLACE, CHOOSE, ACT):
            if state.bear >= 0 and not state.bear_done and self.bear_stop_reason(state):
                state = replace(state, bears=with_item(state.bears, state.bear, state.bear_origin))
            return self._end_turn(state, events)
        if state.phase == ACT and not mover:
            return self._settle(state, events)
        return state, events

    def outcome(self, state: HikeState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(winners=self.winners(state), scores=None, summary=self._summary(state))

    def winners(self, state: HikeState) -> frozenset[Seat]:
        if state.finished:
            return frozenset({owner(state, state.finished[0])})
        if state.result == "alone":
            return frozenset(self._active_seats(state))
        return frozenset()

    def _summary(self, state: HikeState) -> Said:
        if state.finished:
            said = say("{hiker} wins: the first puppet at the Finish.", hiker=who(state, state.finished[0]))
            rest = [who(state, a) for a in state.finished[1:]]
            if rest:
                # Translators: {result} is a sentence ("Ann wins: ..."); {hikers} the players who
                # reached the Finish next, in order ("Bo (white), Cy (brown)").
                said = say("{result} Then {hikers}.", result=said, hikers=Listed(tuple(rest)))
            if state.result == "stall":
                # Translators: {result} is the sentences before ("Ann wins: ... Then ..."); {why} why
                # the game ends.
                said = say("{result} The others stop: {why}.", result=said, why=STALL)
            return said
        if state.result == "stall":
            return say("Nobody wins: {why}.", why=STALL)
        seats = sorted(self._active_seats(state))
        if not seats:
            return say("Nobody wins: everyone has left.")
        # Translators: {players} is the player left, or players ("Ann and Bo").
        return say(
            "{players} wins: everyone else has left.", players=Listed(tuple(Who(s) for s in seats), AND)
        )

    # ------------------------------------------------------------------ views and text

    def view(self, state: HikeState, seat: Seat | None) -> HikeView:
        over = state.phase == OVER
        mover = None if over else owner(state, state.current)
        names = B.NAMES

        def cells(path: tuple[int, ...]) -> tuple[str, ...]:
            return tuple(names[c] for c in path)

        fleeing = state.flee[0][0] if state.phase == FLEE else None
        flee_options: tuple[str, ...] = ()
        if fleeing is not None:
            flee_options = tuple(str(g) for g in self._flee_options(state, *state.flee[0]))
        return HikeView(
            game=self.name,
            step=state.step,
            players=state.players,
            viewer=seat,
            colours=COLOURS[: ncolours(state)],
            owners=tuple(owner(state, a) for a in range(ncolours(state))),
            current=None if over else state.current,
            to_act=self.to_act(state),
            phase=state.phase,
            mode=state.mode,
            steps=state.steps,
            bear_steps=state.bear_steps if state.bear >= 0 or state.mode == "bear" else 0,
            walking_bear=names[state.bears[state.bear]] if state.bear >= 0 and not state.bear_done else None,
            start=names[B.START],
            finish=names[state.finish],
            tiles=state.tiles,
            cubes=state.cubes,
            bears=tuple(names[b] for b in state.bears),
            drowned=tuple(names[b] for b in state.bears if state.tiles[b] == B.FISH),
            bears_in_box=B.BEARS_IN_BOX - len(state.bears),
            puppets=tuple(names[p] if p >= 0 else None for p in state.pos),
            igloos=tuple(cells(g) for g in state.igloos),
            finds=state.finds,
            tiles_left=len(state.pile),
            tile_drawn=bool(state.drawn),
            drawn=tile_text(state.drawn, state.drawn_cube) if state.drawn and seat == mover else None,
            torch_policy=state.policy[seat] if seat is not None else None,
            torch_cell=names[state.torch_cell] if state.torch_cell >= 0 else None,
            torch_asked=state.torch_asked - state.torch_declined,
            fleeing=fleeing,
            flee_options=flee_options,
            finished=state.finished,
            retired=state.retired,
            winners=self.winners(state) if over else frozenset(),
            result=state.result,
            moves=tuple((k, cells(p)) for k, p in state.moves),
            last_moves=tuple((k, cells(p)) for k, p in state.last_moves),
            last_colour=state.last_colour if state.last_colour >= 0 else None,
            last_place=names[state.last_place] if state.last_place >= 0 else None,
            options=state.options,
            drew=state.drew,
            turns=state.turns,
            best=state.best,
            quiet=state.quiet,
            bear_done=state.bear_done,
            bear_origin=names[state.bear_origin] if state.bear_origin >= 0 else None,
            bear_prev=names[state.bear_prev] if state.bear_prev >= 0 else None,
            puppet_done=state.puppet_done,
            puppet_acted=state.puppet_acted,
            flee=tuple((a, names[t]) for a, t in state.flee),
        )

    # The prompts end with the moves as typed ("place <cell>", "puppet / bear"): the commands stay
    # English in every language, only the words in angle brackets are translated.

    def prompt(self, state: HikeState, seat: Seat) -> Said:
        if state.phase == PLACE:
            # Translators: {tile} is the tile drawn ("mountain with a torch"); "place" is typed as it is.
            return say(
                "place your tile ({tile}): place <cell>", tile=tile_text(state.drawn, state.drawn_cube)
            )
        if state.phase == CHOOSE:
            # Translators: "puppet" and "bear" are typed as they are.
            return say("play this turn with your puppet or a polar bear: puppet / bear")
        if state.phase == TORCH:
            # Translators: "torch yes" and "torch no" are typed as they are.
            return say(
                "a bear attacks you on {cell}: use a torch? torch yes / torch no",
                cell=B.NAMES[state.torch_cell],
            )
        if state.phase == FLEE:
            a, _ = state.flee[0]
            # Translators: {colour} is a player's colour; "go start" and "go" are typed as they are.
            return say(
                "the bear attacked {colour}: where does the puppet go? go start / go <igloo>",
                colour=COLOUR_WORDS[a],
            )
        if state.mode == "bear" and state.bear_steps and not state.bear_done:
            # Translators: "bear" and "end" are typed as they are.
            return say_n(
                "walk your bear ({n} step left): bear <cell> <direction>, or end",
                "walk your bear ({n} steps left): bear <cell> <direction>, or end",
                state.bear_steps,
            )
        # Translators: {colour} is the mover's colour; walk, build, search and end are moves,
        # typed as they are.
        return say_n(
            "{colour}: {n} step left: walk, build, search, use a find, or end",
            "{colour}: {n} steps left: walk, build, search, use a find, or end",
            state.steps,
            colour=COLOUR_WORDS[state.current],
        )

    # ------------------------------------------------------------------ presentation hooks (bot)

    def hides_choices(self, state: HikeState, seat: Seat) -> bool:
        """The legal cells of the drawn tile would tell what it is: offer them privately."""
        return state.phase == PLACE

    def public_prompt(self, state: HikeState, seat: Seat) -> Said:
        """The prompt for a public post: it never names the drawn tile."""
        if state.phase == PLACE:
            # Translators: the bot's button that shows a player their own choices (its label).
            my_options = say_in("button", "My options")
            # Translators: {button} is the bot's button "My options", named as the bot shows it;
            # "place" is typed as it is.
            return say("place the tile you drew ({button} shows it): place <cell>", button=my_options)
        return self.prompt(state, seat)

    def spectator_prompt(self, state: HikeState, seat: Seat) -> Said:
        if state.phase == PLACE:
            # Translators: {who} is a player's name; "place" is typed as it is.
            return say("place the tile {who} drew: place <cell>", who=Who(seat))
        if state.phase == CHOOSE:
            # Translators: {who} is a player's name; "puppet" and "bear" are typed as they are.
            return say("play this turn with {who}'s puppet or a polar bear: puppet / bear", who=Who(seat))
        if state.phase == TORCH:
            # Translators: {who} is a player's name; "torch yes" and "torch no" are typed as they are.
            return say(
                "a bear attacks {who} on {cell}: use a torch? torch yes / torch no",
                who=Who(seat),
                cell=B.NAMES[state.torch_cell],
            )
        if state.phase != FLEE and state.mode == "bear" and state.bear_steps and not state.bear_done:
            # Translators: {who} is a player's name; "bear" and "end" are typed as they are.
            return say_n(
                "walk {who}'s bear ({n} step left): bear <cell> <direction>, or end",
                "walk {who}'s bear ({n} steps left): bear <cell> <direction>, or end",
                state.bear_steps,
                who=Who(seat),
            )
        return self.prompt(state, seat)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    # ------------------------------------------------------------------ persistence

    VERSION = STATE_VERSION

    def to_dict(self, state: HikeState) -> dict[str, Any]:
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> HikeState:
        return state_from_dict(data)


def _remove_first(items: list[str], kinds: tuple[str, ...], n: int) -> list[str]:
    out = []
    for item in items:
        if n > 0 and item in kinds:
            n -= 1
            continue
        out.append(item)
    return out


ICE_HIKE = IceHike()
