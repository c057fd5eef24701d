"""Ice Lake's rules class, readable beside its rulebook; the rulings and the notation are in
:mod:`games.ice_lake`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any

from games.core import (
    Builder,
    Capabilities,
    Event,
    Game,
    GameOver,
    IllegalAction,
    InvalidAction,
    Options,
    Outcome,
    Seat,
    check_setup,
    private,
    public,
    quoted,
    randbelow,
    replace,
    rng,
    shown,
    words,
)
from games.hexgrid import CLOCKWISE
from games.ice_lake.actions import PLAN_MENU, Action, Face, Plan, Reset
from games.ice_lake.board import (
    LAKE_SET,
    LETTERS,
    Edge,
    edge,
    move_direction,
    name,
    parse_cell,
    shore_reaching_triangles,
    surrounded,
)
from games.ice_lake.choices import cut_off, default_facing, legal_facings, reset_choices
from games.ice_lake.preview import plan_preview, safe_plans, with_plan
from games.ice_lake.state import (
    COLOURS_BY_COUNT,
    DEFAULT_PLAN,
    FACE,
    MOVE,
    OVER,
    PLAN,
    PLAN_RULE,
    RESET,
    STARTS,
    Frame,
    IceLakeOptions,
    LakeState,
    LakeView,
    Record,
    state_from_dict,
    state_to_dict,
)
from games.words import Listed, Param, Said, Text, Who, say, say_n

# ----------------------------------------------------------------------------- helpers


def _set(values: tuple[Any, ...], seat: Seat, value: Any) -> tuple[Any, ...]:
    return (*values[:seat], value, *values[seat + 1 :])


def _names(seats: Iterable[Seat]) -> Listed:
    """The seats' names as one: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    # Translators: the word before the last name of a list of players ("Ann, Bo and Cy").
    return Listed(tuple(Who(s) for s in sorted(seats)), say("and"))


# ----------------------------------------------------------------------------- the game


def _turns_to_face(seat: Seat, direction: str) -> Said:
    # Translators: {direction} is a facing in notation: N, NE, SE, S, SW or NW.
    return say("{who} turns to face {direction}.", who=Who(seat), direction=direction)


class IceLake(Game[LakeState, Action, LakeView]):
    name = "ice-lake"
    #: Secret plans, made together; a plan is never played for its skater.
    capabilities = Capabilities(
        hidden_information=True, simultaneous_moves=True, private_choices=True, forced_move_rulings=True
    )
    title = "Ice Lake"
    players = range(2, 5)
    #: Whether a computer may play a missed deadline for a seat (the ruling: module docstring).
    computer_default_safe = True
    options: type[Options] = IceLakeOptions

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Options, seed: int) -> LakeState:
        options = check_setup(self.title, self.players, players, options, IceLakeOptions)
        # Setting up: each skate on its picture, facing the way the picture faces.
        starts = [STARTS[c] for c in COLOURS_BY_COUNT[players]]
        # Ruling: the first mover of the first movement phase is chosen at random.
        first = randbelow(rng(seed, 0), players)
        positions = tuple(h for h, _ in starts)
        facings = tuple(f for _, f in starts)
        return LakeState(
            seed=seed,
            step=0,
            players=players,
            options=options,
            phase=PLAN,
            round=1,
            positions=positions,
            facings=facings,
            cracks=frozenset(),
            plans=(None,) * players,
            revealed=(None,) * players,
            first=first,
            turn=first,
            pending=None,
            resets=(),
            moved=frozenset(),
            attempted=frozenset(),
            last_attempt=None,
            last_fallen=frozenset(),
            retired=frozenset(),
            fallen_at=(None,) * players,
            start_positions=positions,
            start_facings=facings,
            log=(),
        )

    def colours(self, state: LakeState) -> tuple[str, ...]:
        return COLOURS_BY_COUNT[state.players]

    # ------------------------------------------------------------------ queries

    def to_act(self, state: LakeState) -> frozenset[Seat]:
        if state.phase == PLAN:
            # Planning is simultaneous: every living skater whose plan is not in yet.
            return frozenset(s for s in state.living() if state.plans[s] is None)
        if state.phase in (FACE, RESET) and state.pending is not None:
            return frozenset({state.pending})
        return frozenset()

    def reaction(self, state: LakeState, seat: Seat) -> bool:
        """A facing after a forced stop, or a Reset! choice, holds up everyone: the session gives
        it a fixed window, then the default applies."""
        return state.phase in (FACE, RESET) and seat == state.pending

    def can_revise(self, state: LakeState, seat: Seat) -> bool:
        """A seat that has planned may send ``plan ...`` again while planning is open.

        Such a seat is not in :meth:`to_act` (so ``games.play`` refuses it); the session routes
        revisions here and then calls ``check``/``apply`` directly.
        """
        return (
            state.phase == PLAN
            and 0 <= seat < state.players
            and state.positions[seat] is not None
            and state.plans[seat] is not None
        )

    def choice_stands(self, before: LakeState, after: LakeState, seat: Seat) -> bool:
        """Plans are made together and in secret: while the seat is still to plan in the same
        planning, the others' plans (all it could learn is *who* planned) leave its plan standing."""
        return (
            before.phase == after.phase == PLAN
            and before.round == after.round
            and seat in self.to_act(after)
            and self._plan_basis(before, seat) == self._plan_basis(after, seat)
        )

    def _plan_basis(self, state: LakeState, seat: Seat) -> LakeView:
        """The seat's view less who has planned (and the step that counts the plans)."""
        return replace(self.view(state, seat), step=0, to_act=frozenset(), planned=frozenset())

    def never_automatic(self, state: LakeState, seat: Seat, action: Action) -> Text | None:
        """A plan is the player's own (module docstring, "Automatic moves")."""
        if isinstance(action, Plan):
            return say("a plan is open-ended and secret: only its skater writes it")
        return None

    def legal_actions(self, state: LakeState, seat: Seat) -> Sequence[Action]:
        if state.phase == PLAN:
            if seat in self.to_act(state) or self.can_revise(state, seat):
                return PLAN_MENU  # a bounded menu; check is the authority
            return []
        if state.phase == FACE and seat == state.pending:
            return [Face(d) for d in legal_facings(state, seat)]
        if state.phase == RESET and seat == state.pending:
            return [Reset(h) for h in reset_choices(state, seat)]
        return []

    def default_action(self, state: LakeState, seat: Seat) -> Action:
        """The documented default on a deadline: ``plan S``; the first legal facing clockwise
        from the current facing; the first free shore hex in reading order."""
        if state.phase == FACE and seat == state.pending:
            return Face(default_facing(state, seat))
        if state.phase == RESET and seat == state.pending:
            return Reset(reset_choices(state, seat)[0])
        return Plan(DEFAULT_PLAN)

    def check(self, state: LakeState, seat: Seat, action: Action) -> None:
        if state.phase == OVER:
            raise GameOver(say("the game is over"))
        if not 0 <= seat < state.players or state.positions[seat] is None:
            raise IllegalAction(say("your skater is off the ice"))
        # What is asked of this seat now comes first, before the finer rules of other moves.
        if state.phase == FACE and seat == state.pending and not isinstance(action, Face):
            facings = " ".join(legal_facings(state, seat))
            raise IllegalAction(
                # Translators: {facings} are the directions it may face, in notation: "N SE S".
                say(
                    "your skater was forced to stop: first choose where it faces ({facings})", facings=facings
                )
            )
        if state.phase == RESET and seat == state.pending and not isinstance(action, Reset):
            first = name(reset_choices(state, seat)[0])
            raise IllegalAction(
                # Translators: "Reset!" is the rulebook's name of the rule; "reset {cell}" is a command.
                say("Reset! first: choose where your cut-off skater goes (reset {cell}, ...)", cell=first)
            )
        if isinstance(action, Plan):
            if state.phase != PLAN:
                raise IllegalAction(say("plans are written in the Planning Phase, which has not begun"))
            if seat not in self.to_act(state) and not self.can_revise(state, seat):
                raise IllegalAction(say("planning is closed"))
            # "There is no upper limit to how many moves you can plan, but every plan must have
            # at least one letter (no standing still)."
            if not action.moves or set(action.moves) - set(LETTERS):
                raise IllegalAction(PLAN_RULE)
            return
        if isinstance(action, Face):
            if state.phase != FACE or seat != state.pending:
                raise IllegalAction(say("you choose a facing only after your skater is forced to stop"))
            if action.direction not in legal_facings(state, seat):
                allowed = " ".join(legal_facings(state, seat))
                raise IllegalAction(
                    say(
                        "your skate must face a direction that can be skated (no crack along it, "
                        "no skater, still on the lake): {facings}",
                        facings=allowed,
                    )
                )
            return
        if isinstance(action, Reset):
            if state.phase != RESET or seat != state.pending:
                raise IllegalAction(say("only a skater cut off from the others is moved (Reset!)"))
            choices = reset_choices(state, seat)
            if action.cell not in choices:
                raise IllegalAction(
                    say(
                        "Reset! moves your skater to a free shore hex of the largest patch of ice "
                        "holding another skater: {cells}",
                        cells=" ".join(name(h) for h in choices),
                    )
                )
            return
        raise IllegalAction(say("that is not a move in Ice Lake"))

    # ------------------------------------------------------------------ apply

    def apply(self, state: LakeState, seat: Seat, action: Action) -> tuple[LakeState, list[Event]]:
        if isinstance(action, Plan) and state.plans[seat] is not None:
            return self._revise(state, seat, action)
        state = replace(state, step=state.step + 1)
        if isinstance(action, Plan):
            return self._plan(state, seat, action)
        if isinstance(action, Face):
            return self._face(state, seat, action)
        return self._reset(state, seat, action)

    def _revise(self, state: LakeState, seat: Seat, action: Plan) -> tuple[LakeState, list[Event]]:
        """A plan sent again before the reveal replaces the one in. It is no move: the board's move
        counter (``step``) stays, so nobody else can tell that, or how often, a plan changed."""
        return replace(state, plans=_set(state.plans, seat, action.moves)), [
            # Translators: {plan} is the plan's letters, as written: "SSLR".
            private("plan", say("Your plan: {plan}", plan=action.moves), seat)
        ]

    def _plan(self, state: LakeState, seat: Seat, action: Plan) -> tuple[LakeState, list[Event]]:
        state = replace(state, plans=_set(state.plans, seat, action.moves))
        # The plan itself goes to its owner only ("Keep your plan hidden").
        # Translators: {plan} is the plan's letters, as written: "SSLR".
        events = [private("plan", say("Your plan: {plan}", plan=action.moves), seat)]
        living = state.living()
        done = sum(1 for s in living if state.plans[s] is not None)
        planned = say(
            "{who} has planned ({done} of {total} plans in).", who=Who(seat), done=done, total=len(living)
        )
        events.append(public("planned", planned))
        if done < len(living):
            return state, events
        return self._reveal(state, events)

    def _reveal(self, state: LakeState, events: list[Event]) -> tuple[LakeState, list[Event]]:
        """All plans are in: reveal them and run the Movement Phase."""
        living = state.living()
        listing: Param = ""
        for s in living:
            # Translators: a skater's revealed plan: a name and its letters ("Ann SSLR").
            entry = say("{who} {plan}", who=Who(s), plan=state.plans[s] or "")
            # Translators: the next entry of the list of revealed plans ("Ann SL; Bo R").
            listing = entry if listing == "" else say("{earlier}; {entry}", earlier=listing, entry=entry)
        events.append(public("reveal", say("Plans revealed: {plans}.", plans=listing)))
        state = replace(
            state,
            phase=MOVE,
            revealed=tuple(state.plans[s] if s in living else None for s in range(state.players)),
            plans=tuple(p or "" for p in state.plans),
            turn=state.first,
            pending=None,
            moved=frozenset(),
            start_positions=state.positions,
            start_facings=state.facings,
            log=(),
        )
        return self._run(state, events)

    def _face(self, state: LakeState, seat: Seat, action: Face) -> tuple[LakeState, list[Event]]:
        state = self._turn_to(state, seat, action.direction)
        events = [public("face", _turns_to_face(seat, action.direction))]
        return self._run(replace(state, phase=MOVE, pending=None), events)

    def _turn_to(self, state: LakeState, seat: Seat, direction: str) -> LakeState:
        record = Record(seat, "face", state.positions[seat], direction, (), _turns_to_face(seat, direction))
        return replace(state, facings=_set(state.facings, seat, direction), log=(*state.log, record))

    def _reset(self, state: LakeState, seat: Seat, action: Reset) -> tuple[LakeState, list[Event]]:
        state = replace(
            state,
            positions=_set(state.positions, seat, action.cell),
            resets=state.resets[1:],
        )
        cell = name(action.cell)
        events = [
            public("reset", say("Reset! {who} is cut off and moves to {cell}.", who=Who(seat), cell=cell))
        ]
        return self._next_reset(state), events

    def _next_reset(self, state: LakeState) -> LakeState:
        resets = tuple(s for s in state.resets if state.positions[s] is not None)
        if resets and reset_choices(state, resets[0]):  # no free hex on the patch: nobody moves
            return replace(state, phase=RESET, resets=resets, pending=resets[0])
        return replace(state, phase=PLAN, resets=(), pending=None)

    # ------------------------------------------------------------------ movement

    def _next_seat(self, state: LakeState, after: Seat, wanted: Iterable[Seat]) -> Seat | None:
        """The first seat of ``wanted`` from ``after`` on, clockwise (seat order)."""
        wanted = set(wanted)
        for k in range(state.players):
            s = (after + k) % state.players
            if s in wanted:
                return s
        return None

    def _run(self, state: LakeState, events: list[Event]) -> tuple[LakeState, list[Event]]:
        """Movement: one step per skater in turn until every plan is done, a decision is
        pending, or the game is over."""
        while True:
            movers = [s for s in state.living() if state.plans[s]]
            seat = self._next_seat(state, state.turn, movers)
            if seat is None:
                return self._end_movement(state, events)
            state = replace(state, turn=(seat + 1) % state.players)
            state = self._check_win(self._attempt(state, seat, events))
            if state.phase == OVER:
                return self._finish(state, events)
            if state.phase == FACE:
                return state, events

    def _attempt(self, state: LakeState, seat: Seat, events: list[Event]) -> LakeState:
        """One move attempt of ``seat``: the next letter of its plan."""
        plan = state.plans[seat]
        assert plan
        letter, here = plan[0], state.positions[seat]
        assert here is not None
        # "Cross out that letter on your plan."
        state = replace(
            state,
            plans=_set(state.plans, seat, plan[1:]),
            attempted=state.attempted | {seat},
            last_attempt=seat,
        )
        # "S" straight ahead; "L" forward-left, "R" forward-right, turning that way.
        direction = move_direction(state.facings[seat], letter)
        there = here.step(direction)
        if there not in LAKE_SET:
            # Peril 1: "If you skate off the edge of the lake, you are out of the game."
            # Translators: {letter} is the plan's letter, S, L or R.
            text = say(
                "{who} skates {letter} off the edge of the lake and is out!", who=Who(seat), letter=letter
            )
            events.append(public("off", text))
            record = Record(seat, "off", None, direction, (seat,), text)
            state = replace(state, log=(*state.log, record))
            return self._remove(state, [seat])
        blocker = next((s for s, p in enumerate(state.positions) if p == there), None)
        if blocker is not None:
            # Stop 1: "You cannot collide with another skater."
            # Translators: the start of a sentence; a forced stop's narration goes on after it.
            why = say(
                "{who} would collide with {other} in {cell}",
                who=Who(seat),
                other=Who(blocker),
                cell=name(there),
            )
            return self._stop(state, seat, why, events)
        if edge(here, there) in state.cracks:
            # Stop 2: "You cannot skate along a crack in the ice."
            # Translators: the start of a sentence; a forced stop's narration goes on after it.
            why = say(
                "{who} cannot skate along the crack from {start} to {end}",
                who=Who(seat),
                start=name(here),
                end=name(there),
            )
            return self._stop(state, seat, why, events)
        # Move: the skater moves and faces the way it skated; a crack joins the two centres.
        cracks = state.cracks | {edge(here, there)}
        state = replace(
            state,
            positions=_set(state.positions, seat, there),
            facings=_set(state.facings, seat, direction),
            cracks=cracks,
            moved=state.moved | {seat},
        )
        # Translators: {letter} is the plan's letter (S, L or R), {direction} a facing (N, NE, SE...).
        text = say(
            "{who} skates {letter} to {cell}, facing {direction}.",
            who=Who(seat),
            letter=letter,
            cell=name(there),
            direction=direction,
        )
        events.append(public("step", text))
        # Peril 2: "If, at any point, you are completely surrounded by cracks ... out."
        reached = shore_reaching_triangles(cracks)
        trapped = [
            s for s, p in enumerate(state.positions) if p is not None and surrounded(p, cracks, reached)
        ]
        if trapped:
            # Translators: {skaters} is a name or a list of them: "Ann", "Ann and Bo".
            fall = say_n(
                "{skaters} is completely surrounded by cracks and falls through the ice!",
                "{skaters} are completely surrounded by cracks and fall through the ice!",
                len(trapped),
                skaters=_names(trapped),
            )
            events.append(public("surrounded", fall))
        record = Record(seat, "step", there, direction, tuple(trapped), text)
        state = replace(state, log=(*state.log, record))
        return self._remove(state, trapped) if trapped else state

    def _stop(self, state: LakeState, seat: Seat, why: Said, events: list[Event]) -> LakeState:
        """A forced stop: erase the rest of the plan, then face a direction that can be skated."""
        state = replace(state, plans=_set(state.plans, seat, ""))
        if seat not in state.moved:
            # Peril 3: it has not moved this phase and now cannot: it goes out when the phase
            # ends (ruling: no facing is asked of it; it stays in the way until then).
            # Translators: the animation's caption (the narration is the same sentence with a full
            # stop); {why} begins the sentence: "Ann would collide with Bo in F5".
            text = say("{why}, stops without having moved this round, and will be out", why=why)
            events.append(
                # Translators: {why} begins the sentence: "Ann would collide with Bo in F5".
                public("stop", say("{why}, stops without having moved this round, and will be out.", why=why))
            )
            record = Record(seat, "stop", state.positions[seat], None, (), text)
            return replace(state, log=(*state.log, record))
        facings = legal_facings(state, seat)
        if not facings:
            # "If no direction can be skated, you are out of the game."
            # Translators: {why} begins the sentence: "Ann would collide with Bo in F5".
            text = say(
                "{why} and stops; no direction can be skated, so {who} is out!", why=why, who=Who(seat)
            )
            events.append(public("no-facing", text))
            record = Record(seat, "stop", state.positions[seat], None, (seat,), text)
            return self._remove(replace(state, log=(*state.log, record)), [seat])
        # Translators: {why} begins the sentence: "Ann would collide with Bo in F5".
        text = say("{why} and stops.", why=why)
        events.append(public("stop", text))
        state = replace(state, log=(*state.log, Record(seat, "stop", state.positions[seat], None, (), text)))
        if len(facings) == 1:
            # Ruling: a single legal facing is taken at once.
            events.append(public("face", _turns_to_face(seat, facings[0])))
            return self._turn_to(state, seat, facings[0])
        return replace(state, phase=FACE, pending=seat)

    def _remove(self, state: LakeState, seats: Sequence[Seat]) -> LakeState:
        """Skaters leave the lake together; then the win is checked."""
        positions, fallen_at = state.positions, state.fallen_at
        for s in seats:
            fallen_at = _set(fallen_at, s, positions[s])
            positions = _set(positions, s, None)
        state = replace(state, positions=positions, fallen_at=fallen_at, last_fallen=frozenset(seats))
        return self._check_win(state)

    def _check_win(self, state: LakeState) -> LakeState:
        """Winning: the last one skating, "at any point after every player has moved once"."""
        living = state.living()
        everyone_moved = all(s in state.attempted or state.positions[s] is None for s in range(state.players))
        if len(living) <= 1 and everyone_moved:
            return replace(state, phase=OVER, pending=None, resets=())
        return state

    def _end_movement(self, state: LakeState, events: list[Event]) -> tuple[LakeState, list[Event]]:
        """No letters left: the Movement Phase is over; the next round's planning begins."""
        # Peril 3: "If you do not move at least one space during a Movement Phase, you're out."
        idle = [s for s in state.living() if s not in state.moved]
        if idle:
            # Translators: {skaters} is a name or a list of them: "Ann", "Ann and Bo".
            text = say_n(
                "{skaters} did not move this round and is out!",
                "{skaters} did not move this round and are out!",
                len(idle),
                skaters=_names(idle),
            )
            events.append(public("no-move", text))
            record = Record(idle[0], "out", None, None, tuple(idle), text)
            state = self._remove(replace(state, log=(*state.log, record)), idle)
        if state.phase == OVER:
            return self._finish(state, events)
        # "The player who moved last the previous round moves first" (ruling: the last move
        # attempt; if that skater is out, the next survivor in seat order).
        last = state.last_attempt if state.last_attempt is not None else state.first
        first = self._next_seat(state, last, state.living())
        assert first is not None
        state = replace(
            state,
            phase=PLAN,
            round=state.round + 1,
            plans=(None,) * state.players,
            first=first,
            turn=first,
            pending=None,
        )
        begins = say("Round {round}: write your plans. {who} moves first.", round=state.round, who=Who(first))
        events.append(public("round", begins))
        # Reset!: at the start of a Planning Phase, cut-off skaters move to the largest patch.
        alone = cut_off(state)
        if alone:
            order = sorted(alone, key=lambda s: (s - first) % state.players)
            state = self._next_reset(replace(state, resets=tuple(order)))
        return state, events

    def _finish(self, state: LakeState, events: list[Event]) -> tuple[LakeState, list[Event]]:
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(public("end", outcome.summary))
        return state, events

    # ------------------------------------------------------------------ end

    def winners(self, state: LakeState) -> frozenset[Seat]:
        living = state.living()
        if len(living) == 1:
            return frozenset(living)
        if not living:
            return state.last_fallen - state.retired
        return frozenset()

    def outcome(self, state: LakeState) -> Outcome | None:
        if state.phase != OVER:
            return None
        winners = self.winners(state)
        if not winners:
            summary = say("Nobody wins: no skater is left on the ice.")
        else:
            # Translators: {skaters} is a name or a list of them: "Ann", "Ann and Bo".
            summary = say_n(
                "{skaters} wins: the last skater on the ice.",
                "{skaters} share the win: the last skaters went out together.",
                len(winners),
                skaters=_names(winners),
            )
        return Outcome(winners=winners, scores=None, summary=summary)

    def retire(self, state: LakeState, seat: Seat) -> tuple[LakeState, list[Event]]:
        """The seat leaves: its skater is taken off the lake (it never wins); the game goes on
        while two or more skaters remain, else the one left wins."""
        if state.phase == OVER or seat in state.retired:
            return state, []
        was_on_ice = state.positions[seat] is not None
        state = replace(
            state,
            step=state.step + 1,
            retired=state.retired | {seat},
            positions=_set(state.positions, seat, None),
            fallen_at=_set(state.fallen_at, seat, state.positions[seat]) if was_on_ice else state.fallen_at,
            plans=_set(state.plans, seat, None if state.phase == PLAN else ""),
        )
        events = [public("resign", say("{who} leaves the game.", who=Who(seat)))]
        if not was_on_ice:
            return state, events
        if len(state.living()) <= 1:
            state = replace(state, phase=OVER, pending=None, resets=())
            return self._finish(state, events)
        if state.phase == PLAN:
            if all(state.plans[s] is not None for s in state.living()):
                return self._reveal(state, events)
            return state, events
        if state.phase == RESET:
            return self._next_reset(state), events
        if state.phase == FACE and state.pending == seat:
            return self._run(replace(state, phase=MOVE, pending=None), events)
        return state, events

    # ------------------------------------------------------------------ views and text

    def view(self, state: LakeState, seat: Seat | None) -> LakeView:
        planning = state.phase in (PLAN, RESET)
        own_plan = None
        if planning and seat is not None and 0 <= seat < state.players:
            own_plan = state.plans[seat]
        if state.phase in (FACE, RESET) and state.pending is not None:
            choices = tuple(str(a) for a in self.legal_actions(state, state.pending))
        else:
            choices = ()
        outcome = self.outcome(state)
        frames = self.frames(state)
        view = LakeView(
            game=self.name,
            step=state.step,
            players=state.players,
            viewer=seat,
            phase=state.phase,
            round=state.round,
            colours=self.colours(state),
            positions=state.positions,
            facings=state.facings,
            fallen_at=state.fallen_at,
            cracks=state.cracks,
            last_cracks=state.cracks - frames[0].cracks if frames else frozenset(),
            retired=state.retired,
            to_act=self.to_act(state),
            planned=frozenset(s for s in state.living() if planning and state.plans[s] is not None),
            own_plan=own_plan,
            own_path=(),
            own_end="",
            revealed=state.revealed,
            remaining=() if planning else tuple(p or "" for p in state.plans),
            first=state.first,
            pending=state.pending,
            choices=choices,
            last_movement=frames,
            winners=outcome.winners if outcome else frozenset(),
            summary=outcome.summary if outcome else "",
        )
        return with_plan(view, own_plan) if own_plan else view

    def builder(self, state: LakeState, seat: Seat) -> Builder | None:
        """A plan is built letter by letter while the skater is to plan or may revise it."""
        if state.phase != PLAN or not (seat in self.to_act(state) or self.can_revise(state, seat)):
            return None
        view = self.view(state, seat)
        return Builder(
            # Translators: the plan builder's buttons, one per letter of a plan.
            pieces=(
                # Translators: the plan builder's button for the letter S (straight ahead).
                ("S", say("Straight")),
                # Translators: the plan builder's button for the letter L (forward and left).
                ("L", say("Left")),
                # Translators: the plan builder's button for the letter R (forward and right).
                ("R", say("Right")),
            ),
            notation="plan {}",
            draft=state.plans[seat] or "",
            preview=partial(plan_preview, view),
            samples=partial(safe_plans, view),
        )

    def frames(self, state: LakeState) -> tuple[Frame, ...]:
        """The last movement phase, one frame per record, from the lake at its start."""
        if not state.log:
            return ()
        # The cracks at the start: today's cracks less those the phase's steps drew.
        drawn: set[Edge] = set()
        where = list(state.start_positions)
        for r in state.log:
            if r.kind == "step":
                prev = where[r.seat]
                assert prev is not None and r.cell is not None
                drawn.add(edge(prev, r.cell))
                where[r.seat] = r.cell
        positions, facings = state.start_positions, state.start_facings
        cracks = state.cracks - drawn
        frames = [Frame(positions, facings, cracks, None, "start", say("The Movement Phase begins."))]
        for r in state.log:
            if r.kind == "step":
                prev = positions[r.seat]
                assert prev is not None and r.cell is not None
                cracks = cracks | {edge(prev, r.cell)}
                positions = _set(positions, r.seat, r.cell)
            if r.facing is not None and r.kind in ("step", "face"):
                facings = _set(facings, r.seat, r.facing)
            for s in r.out:
                positions = _set(positions, s, None)
            frames.append(Frame(positions, facings, cracks, r.seat, r.kind, r.text))
        return tuple(frames)

    def prompt(self, state: LakeState, seat: Seat) -> Text:
        if state.phase == PLAN:
            return say("write your secret plan: one or more letters S, L, R (plan SSLR)")
        if state.phase == FACE and seat == state.pending:
            choices = ", ".join(str(a) for a in self.legal_actions(state, seat))
            # Translators: {choices} are the commands that answer, in notation: "face N, face SE".
            return say("you were forced to stop: choose a facing ({choices})", choices=choices)
        if state.phase == RESET and seat == state.pending:
            first = name(reset_choices(state, seat)[0])
            # Translators: "Reset!" is the rulebook's name of the rule; "reset {cell}" is a command.
            return say("Reset! choose a shore hex of the largest patch (reset {cell}, ...)", cell=first)
        return ""

    def public_prompt(self, state: LakeState, seat: Seat) -> Text:
        """A plan is written privately (its invitation says how): a public post names its letters."""
        if state.phase == PLAN:
            return say("write your secret plan (letters S, L, R)")
        return self.prompt(state, seat)

    def spectator_prompt(self, state: LakeState, seat: Seat) -> Text:
        if state.phase == PLAN:
            return say("write a secret plan (letters S, L, R)")
        if state.phase == FACE and seat == state.pending:
            choices = ", ".join(str(a) for a in self.legal_actions(state, seat))
            # Translators: {who} is a player's name; {choices} are commands in notation: "face N, face SE".
            return say(
                "{who} was forced to stop: choose a facing ({choices})", who=Who(seat), choices=choices
            )
        return self.prompt(state, seat)

    # ------------------------------------------------------------------ notation

    def parse_action(self, text: str) -> Action:
        parts = words(text)
        # Translators: the commands are typed as they are in every language.
        hint = say("try plan SSLR, face NE or reset A3")
        if not parts:
            raise InvalidAction(say("type a move: {hint}", hint=hint))
        verb, rest = parts[0], parts[1:]
        # A bare plan ("SSLR", "s s l r") is the natural answer in a DM.
        bare = verb not in ("face", "reset") and any(_plan_like(p) for p in parts)
        if verb == "plan" or bare:
            return _plan(rest if verb == "plan" else parts)
        if verb == "face" and len(rest) == 1 and rest[0].upper() in CLOCKWISE:
            return Face(rest[0].upper())
        if verb == "face":
            raise InvalidAction(say("face one of N, NE, SE, S, SW, NW (like face NE)"))
        if verb == "reset" and len(rest) == 1:
            cell = parse_cell(rest[0])
            if cell is None:
                where = shown(rest[0].upper())
                raise InvalidAction(
                    say("there is no space {cell} on the lake (columns A to K, like reset A3)", cell=where)
                )
            return Reset(cell)
        # Translators: {text} is what the player typed, in quotes; {hint} the commands to try.
        raise InvalidAction(say("{text} is not an Ice Lake move: {hint}", text=quoted(text), hint=hint))

    # ------------------------------------------------------------------ persistence

    def to_dict(self, state: LakeState) -> dict[str, Any]:
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> LakeState:
        return state_from_dict(data)


ICE_LAKE = IceLake()


def _plan_like(word: str) -> bool:
    """Whether ``word`` is written like a plan: letters and digits, at least one of them a plan
    letter (so a typo, "SSLR2", is refused as a plan, not as an unknown command)."""
    return word.isalnum() and bool(set(word.upper()) & set(LETTERS))


def _plan(parts: Sequence[str]) -> Plan:
    """A plan from the words typed after ``plan`` (or instead of it). A refusal names what is
    wrong in the player's own words, and never repeats the plan: it is secret, and may be read
    on a shared screen."""
    letters = "".join(parts).upper()
    if not letters:
        raise InvalidAction(PLAN_RULE)
    if set(letters) <= set(LETTERS):
        return Plan(letters)
    stray = [p for p in parts if not set(p.upper()) <= set(LETTERS)]
    if len(parts) > 1 and any(set(p.upper()) <= set(LETTERS) for p in parts):
        # "LLRS please": a plan and a word that is no part of it
        # Translators: {word} is a word the player typed beside the plan; {rule} says what a plan is.
        raise InvalidAction(say("{word} is not part of a plan: {rule}", word=shown(stray[0]), rule=PLAN_RULE))
    bad = "".join(sorted(set(letters) - set(LETTERS)))
    # Translators: {letters} are what the player typed; {rule} says what a plan is.
    raise InvalidAction(say("{letters} is not a move: {rule}", letters=shown(bad), rule=PLAN_RULE))
