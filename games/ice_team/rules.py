"""Ice Team's rules class, readable beside its rulebook; the rulings and the notation are in
:mod:`games.ice_team`.

One module because it is one class in the rulebook's order (the routes, walking, leaping and
swimming, blocking and pushing, the shifts, the dice, the village, the end), about 1000 lines
(what it says is spelt out as whole sentences, one message key each), whose clauses call one
another throughout (a move's landing resolves a die, a die a shift): split, one rule would be read
across files; the board and the actions are modules already."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core import (
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
    parse_number,
    pick,
    public,
    quoted,
    randbelow,
    replace,
    rng,
    shuffled,
    words,
)
from games.hexgrid import CLOCKWISE
from games.ice_team.actions import (
    ANY_MOVE,
    LEAP,
    SWIM,
    WALK,
    Action,
    Die,
    End,
    Move,
    Shift,
    destination,
)
from games.ice_team.board import (
    BEARS,
    COLUMNS,
    CRACKED,
    DIE,
    FINISH,
    IGLOO,
    PAWS,
    PENGUINS,
    PLAIN,
    ROWS,
    SEA,
    SEA_ICE,
    SEARCHED,
    SHIFTING,
    START,
    STEAL,
    STEAL_MAX,
    STEP,
    THIN_ICE,
    TILE_NAMES,
    TILES,
    course,
    first_steps,
    layouts,
    parse_pos,
    pos_name,
    steps_along,
)
from games.ice_team.state import (
    MOVE,
    OVER,
    PAWS_PHASE,
    SHIFT,
    VILLAGE,
    IceTeamOptions,
    IceTeamState,
    IceTeamView,
)
from games.words import Listed, Param, Said, Text, Who, say, say_n
from util.records import frozen

# ----------------------------------------------------------------------------- resolved moves


@frozen
class _Route:
    kind: str
    dest: int
    path: tuple[int, ...]  # notation path (destination, or landings)
    trail: tuple[int, ...]  # every position from the origin to the destination
    dirs: frozenset[str]  # the directions of the last step


def _dest_note(cells: str, dest: int) -> Said:
    """What the tile a move lands on does, for the move's label."""
    if dest == FINISH:
        # Translators: a note after a move on its button: "Bear 2 walks to the Finish (village: ...)"
        return say("village: roll both dice")
    code = cells[dest]
    if code == IGLOO:
        return say("igloo: fish and a roll")
    if code == PAWS:
        return say("bear paws: extra action")
    if code == SHIFTING:
        return say("shifting tile")
    if code == PLAIN:
        # Translators: a note after a move on its button: "Bear 2 walks to C3 (no effect)"
        return say("no effect")
    if code == CRACKED:
        # Translators: a note after a move on its button: the tile breaks when the bear leaves it
        return say("thin ice, no effect")
    return TILE_NAMES[code]


def _face(face: str) -> Param:
    """A die face as the narration reads it: a number, or the steal face."""
    # Translators: the die face that steals fish from the opponent ("rolls 3 and steal")
    return say("steal") if face == STEAL else face


def _origin(pos: int) -> Said:
    """Where a move comes from, with its "from": a cell, or the start board."""
    if pos == START:
        # Translators: where a bear moves from, "bear 2 walks from start to A1" (the start board)
        return say("from start")
    # Translators: where a bear moves from, "bear 2 walks from B2 to C3"
    return say("from {cell}", cell=pos_name(pos))


def _only_destination(kind: str, example: str) -> Said:
    """A refusal: walks and swims name one cell; ``example`` is the notation, as it is typed."""
    # Translators: {example} is a command as it is typed ("walk 2 C2"): keep it as it is
    if kind == WALK:
        return say("a walk names only its destination: {example}", example=example)
    if kind == SWIM:
        return say("a swim names only its destination: {example}", example=example)
    return say("a move names only its destination: {example}", example=example)


class IceTeam(Game[IceTeamState, Action, IceTeamView]):
    name = "ice-team"
    #: Perfect information, one seat at a time; the dice are rolled during play.
    capabilities = Capabilities(chance_per_step=True)
    title = "Ice Team"
    players = range(2, 3)
    #: Whether a computer may play a missed deadline for a seat (the ruling: module docstring).
    computer_default_safe = True
    options: type[Options] = IceTeamOptions

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Options, seed: int) -> IceTeamState:
        options = check_setup(self.title, self.players, players, options, IceTeamOptions)
        r = rng(seed, 0)
        first = randbelow(r, 2)  # ruling: a random first player
        boards = pick(r, layouts())  # Setup 1-2: random order and turn, no igloo at START
        cells = course(boards)
        # Setup 3: shuffle the 24 sea-ice tiles onto the sea spaces, a random side up
        tiles = shuffled(r, [sides for sides, n in TILES for _ in range(n)])
        spaces = [i for i, c in enumerate(cells) if c == "?"]
        assert len(spaces) == len(tiles)
        for i, sides in zip(spaces, tiles, strict=True):
            cells[i] = sides[randbelow(r, 2)]
        return IceTeamState(
            seed=seed,
            step=0,
            boards=boards,
            cells="".join(cells),
            bears=((START,) * BEARS, (START,) * BEARS),  # Setup 6: every bear on START
            fish=((0, 0), (0, 0)),
            first=first,
            current=first,
            phase=MOVE,
            actions_left=1,  # "except on the first turn where the first player only takes 1 Action"
        )

    # ------------------------------------------------------------------ movement

    def _occupied(self, state: IceTeamState, seat: Seat, bear: int) -> set[int]:
        """Cells holding a bear, other than the moving bear."""
        return {
            p
            for s, row in enumerate(state.bears)
            for b, p in enumerate(row)
            if p >= 0 and not (s == seat and b == bear)
        }

    def routes(self, state: IceTeamState, seat: Seat, bear: int) -> list[_Route]:
        """Every distinct way bear ``bear`` of ``seat`` can move now (walks, swims, leaps; one leap
        chain per landing tile, and per last direction when that tile is a shifting tile)."""
        origin = state.bears[seat][bear]
        if origin == FINISH:  # bears on FINISH never move again
            return []
        cells = state.cells
        occupied = self._occupied(state, seat, bear)

        def free_tile(p: int | None) -> bool:
            return p is not None and p >= 0 and cells[p] != SEA and p not in occupied

        out: list[_Route] = []
        # 1. Walking: onto a free adjacent tile (or onto FINISH, adjacent to column L)
        walks: dict[int, set[str]] = {}
        for t, d in first_steps(origin):
            if t == FINISH or free_tile(t):
                assert t is not None
                walks.setdefault(t, set()).add(d)
        for t, ds in walks.items():
            out.append(_Route(WALK, t, (t,), (origin, t), frozenset(ds)))
        # 3. Swimming: a straight line over one or more empty sea spaces to the first tile, free
        swims: dict[int, tuple[tuple[int, ...], set[str]]] = {}
        for t, d in first_steps(origin):
            trail = self._swim_line(cells, t, d)
            if trail is None:
                continue
            dest = trail[-1]
            if dest == FINISH or (dest >= 0 and dest not in occupied):
                swims.setdefault(dest, ((origin, *trail), set()))[1].add(d)
        for dest, (trail, ds) in swims.items():
            out.append(_Route(SWIM, dest, (dest,), trail, frozenset(ds)))
        # 2. Leapbearing: chains of leaps over adjacent bears to free tiles
        out.extend(self._leaps(cells, origin, occupied))
        return out

    @staticmethod
    def _swim_line(cells: str, t: int | None, d: str) -> tuple[int, ...] | None:
        """The spaces of a swim starting with ``t`` in direction ``d``, ending on the first
        non-sea position (a tile or FINISH); None if it is no swim (no sea, or the line leaves
        the course or reaches START)."""
        if t is None or t < 0 or cells[t] != SEA:
            return None
        trail = [t]
        x = STEP[t][d]
        while x is not None and x >= 0 and cells[x] == SEA:
            trail.append(x)
            x = STEP[x][d]
        if x is None or x == START:
            return None
        trail.append(x)
        return tuple(trail)

    def _leaps(self, cells: str, origin: int, occupied: set[int]) -> list[_Route]:
        chains: dict[tuple[int, ...], set[str]] = {}

        def dfs(pos: int, landings: tuple[int, ...], visited: frozenset[int]) -> None:
            for over, d in first_steps(pos):
                if over is None or over < 0 or over not in occupied:
                    continue
                land = STEP[over][d]
                if land == FINISH:
                    chains.setdefault((*landings, FINISH), set()).add(d)
                elif land is not None and land >= 0 and cells[land] != SEA:
                    if land in occupied or land in visited:
                        continue
                    chain = (*landings, land)
                    first = chain not in chains
                    chains.setdefault(chain, set()).add(d)
                    if first:
                        dfs(land, chain, visited | {land})

        dfs(origin, (), frozenset({origin}))
        # one chain per landing tile (and per last direction on a shifting tile): the shortest
        best: dict[tuple[int, frozenset[str]], tuple[int, ...]] = {}
        for chain, ds in sorted(chains.items(), key=lambda kv: (len(kv[0]), kv[0])):
            dest = chain[-1]
            key = (dest, frozenset(ds) if dest >= 0 and cells[dest] == SHIFTING else frozenset())
            best.setdefault(key, chain)
        return [
            _Route(LEAP, chain[-1], chain, (origin, *chain), frozenset(chains[chain]))
            for chain in best.values()
        ]

    def _resolve(self, state: IceTeamState, seat: Seat, action: Move) -> _Route | Said:
        """The route of a move, or why the rules forbid it."""
        n = action.bear + 1
        if not 0 <= action.bear < BEARS:
            return say("you have bears 1 to {n}", n=BEARS)
        if state.phase == PAWS_PHASE and action.bear != state.bear:
            return say("the bear paws extra action is for bear {bear} (same bear)", bear=state.bear + 1)
        origin = state.bears[seat][action.bear]
        if origin == FINISH:
            return say("bear {bear} is on the Finish board and does not move again", bear=n)
        occupied = self._occupied(state, seat, action.bear)
        cells = state.cells
        dest = action.path[-1]
        if dest == START:
            return say("bears never go back to the Start board")
        if action.kind == LEAP:
            return self._resolve_leap(state, seat, action, origin, occupied)
        if len(action.path) != 1:
            return _only_destination(action.kind, f"{action.kind} {n} {pos_name(dest)}")
        adjacent = [d for t, d in first_steps(origin) if t == dest]
        kind = action.kind
        if kind == ANY_MOVE:
            kind = WALK if adjacent else SWIM
        if kind == WALK:
            if not adjacent:
                return say(
                    "{cell} is not next to bear {bear}: walking goes to an adjacent tile",
                    cell=pos_name(dest),
                    bear=n,
                )
            if dest >= 0 and cells[dest] == SEA:
                return say(
                    "{cell} is open sea: walk onto sea-ice or igloo tiles (or swim)", cell=pos_name(dest)
                )
            if dest in occupied:
                return say(
                    "there is already a bear on {cell}: never more than one bear on a tile",
                    cell=pos_name(dest),
                )
            return _Route(WALK, dest, (dest,), (origin, dest), frozenset(adjacent))
        # swimming
        trails = []
        blocked = False
        for t, d in first_steps(origin):
            trail = self._swim_line(cells, t, d)
            if trail is not None and trail[-1] == dest:
                if dest in occupied:
                    blocked = True
                else:
                    trails.append((trail, d))
        if blocked and not trails:
            return say(
                "the swim would end on {cell}, where there is a bear: a swim stops at the first tile, "
                "which must be free",
                cell=pos_name(dest),
            )
        if not trails:
            return say(
                "no straight line of open sea leads bear {bear} to {cell}: swimming crosses empty sea "
                "in a straight line and stops at the first tile",
                bear=n,
                cell=pos_name(dest),
            )
        return _Route(SWIM, dest, (dest,), (origin, *trails[0][0]), frozenset(d for _, d in trails))

    def _resolve_leap(
        self, state: IceTeamState, seat: Seat, action: Move, origin: int, occupied: set[int]
    ) -> _Route | Said:
        cells = state.cells
        pos = origin
        visited = {origin}
        dirs: set[str] = set()
        for land in action.path:
            if pos == FINISH:
                return say("a leap chain ends on the Finish board")
            if land >= 0 and land in visited:
                return say("a leap chain lands on each tile once ({cell} again)", cell=pos_name(land))
            dirs = set()
            for over, d in first_steps(pos):
                if over is not None and over >= 0 and over in occupied and STEP[over][d] == land:
                    dirs.add(d)
            if not dirs:
                return say(
                    "{origin} to {cell} is not a leap: leap over exactly one adjacent bear in a "
                    "straight line",
                    origin=pos_name(pos),
                    cell=pos_name(land),
                )
            if land >= 0:
                if cells[land] == SEA:
                    return say("{cell} is open sea: a leap lands on a free tile", cell=pos_name(land))
                if land in occupied:
                    return say(
                        "there is already a bear on {cell}: a leap lands on a free tile",
                        cell=pos_name(land),
                    )
            visited.add(land)
            pos = land
        return _Route(LEAP, pos, action.path, (origin, *action.path), frozenset(dirs))

    def _can_move(self, state: IceTeamState, seat: Seat) -> bool:
        return any(self.routes(state, seat, b) for b in range(BEARS))

    # ------------------------------------------------------------------ shifting

    def _block_push(
        self, cells: list[str], bears: list[list[int]], at: int, d: str
    ) -> tuple[int, Said | None, int]:
        """Push the block starting at ``at`` one space in ``d`` (in place); the new position of
        the shifting tile, a reason why the block cannot move (or None), and how many other
        tiles moved."""
        run = [at]
        x = STEP[at][d]
        while x is not None and x >= 0 and cells[x] in SEA_ICE:
            run.append(x)
            x = STEP[x][d]
        if x is None or x < 0:
            return at, say("no tile may be pushed out of the board (block shifting)"), 0
        if cells[x] != SEA:
            return at, say("the igloo on {cell} does not move (block shifting)", cell=pos_name(x)), 0
        for p in reversed(run):
            q = STEP[p][d]
            assert q is not None
            cells[q] = cells[p]
            cells[p] = SEA
            for row in bears:
                for i, b in enumerate(row):
                    if b == p:
                        row[i] = q
        moved = STEP[at][d]
        assert moved is not None
        return moved, None, len(run) - 1

    def _block(
        self, state: IceTeamState, d: str, spaces: int
    ) -> tuple[str, tuple[tuple[int, ...], ...], int] | Said:
        """Block shifting ``spaces`` spaces in ``d``: the cells, the bears and how many other
        tiles were pushed (a block only grows), or why it is not possible."""
        cells = list(state.cells)
        bears = [list(row) for row in state.bears]
        at = state.bears[state.current][state.bear]
        pushed = 0
        for _ in range(spaces):
            at, why, pushed = self._block_push(cells, bears, at, d)
            if why:
                return why
        return "".join(cells), tuple(tuple(row) for row in bears), pushed

    def _simple_targets(self, cells: str, at: int) -> list[int]:
        """Empty sea spaces reachable from ``at`` through connected empty sea."""
        seen = {at}
        frontier = [at]
        out = []
        while frontier:
            nxt = []
            for p in frontier:
                for t in STEP[p].values():
                    if t is not None and t >= 0 and t not in seen and cells[t] == SEA:
                        seen.add(t)
                        out.append(t)
                        nxt.append(t)
            frontier = nxt
        return sorted(out)

    def _shifts(self, state: IceTeamState) -> list[Shift]:
        at = state.bears[state.current][state.bear]
        out = [Shift(False, to=t) for t in self._simple_targets(state.cells, at)]
        for d in sorted(state.dirs, key=CLOCKWISE.index):
            k = 1
            while True:
                pushed = self._block(state, d, k)
                if isinstance(pushed, Said):
                    break
                to = steps_along(at, d, k)
                assert to is not None
                ahead = pushed[2]
                # Translators: what else a push moves, on its button: "(pushing 2 tiles)"
                note = (
                    say("nothing else moves")
                    if ahead == 0
                    else say_n("pushing {n} tile", "pushing {n} tiles", ahead)
                )
                out.append(Shift(True, to, note=note))
                k += 1
        return out

    def _block_line(self, state: IceTeamState, to: int) -> tuple[str, int] | None:
        """The direction (one the bear moved in) and distance of a push ending on ``to``."""
        at = state.bears[state.current][state.bear]
        for d in state.dirs:
            for k in range(1, COLUMNS + 1):
                if steps_along(at, d, k) == to:
                    return d, k
        return None

    # ------------------------------------------------------------------ queries

    def to_act(self, state: IceTeamState) -> frozenset[Seat]:
        return frozenset() if state.phase == OVER else frozenset({state.current})

    def legal_actions(self, state: IceTeamState, seat: Seat) -> Sequence[Action]:
        if state.phase == OVER or seat != state.current:
            return []
        if state.phase == VILLAGE:
            return [Die(f) for f in sorted(set(state.dice), key=DIE.index)]
        if state.phase == SHIFT:
            return self._shifts(state)
        bears = [state.bear] if state.phase == PAWS_PHASE else range(BEARS)
        out: list[Action] = []
        for b in bears:
            for route in self.routes(state, seat, b):
                out.append(Move(b, route.kind, route.path, note=_dest_note(state.cells, route.dest)))
        if state.phase == PAWS_PHASE:
            out.append(End())
        return out

    def check(self, state: IceTeamState, seat: Seat, action: Action) -> None:
        if state.phase == OVER:
            raise GameOver(say("the game is over"))
        if seat != state.current:
            raise IllegalAction(say("it is not your turn"))
        if state.phase == VILLAGE:
            if not isinstance(action, Die):
                raise IllegalAction(
                    # Translators: "die 2, die steal" are commands as they are typed: keep them
                    say("your bear is in the village: choose one of the two dice (die 2, die steal)")
                )
            if action.face not in state.dice:
                # Translators: between the last two of a list, "3 and steal"
                faces = Listed(tuple(_face(f) for f in state.dice), say("and"))
                raise IllegalAction(say("the dice show {faces}: choose one of them", faces=faces))
            return
        if state.phase == SHIFT:
            if not isinstance(action, Shift):
                raise IllegalAction(
                    # Translators: "shift simple D2", "shift block F2" are commands as they are typed
                    say(
                        "your bear stands on a shifting tile: it must shift (shift simple D2 or shift block F2)"
                    )
                )
            self._check_shift(state, action)
            return
        if isinstance(action, Die | Shift):
            raise IllegalAction(say("move a bear first (walk, leap or swim)"))
        if isinstance(action, End):
            if state.phase != PAWS_PHASE:
                raise IllegalAction(say("you cannot end now: take your action (two actions a turn)"))
            return
        route = self._resolve(state, seat, action)
        if isinstance(route, Said):
            raise IllegalAction(route)

    def _check_shift(self, state: IceTeamState, action: Shift) -> None:
        at = state.bears[state.current][state.bear]
        if not action.block:
            if action.to < 0 or state.cells[action.to] != SEA:
                raise IllegalAction(
                    say("{cell} is not an empty sea space (simple shifting)", cell=pos_name(action.to))
                )
            if action.to not in self._simple_targets(state.cells, at):
                raise IllegalAction(
                    say(
                        "{cell} is not connected to the shifting tile by an uninterrupted chain of "
                        "empty sea spaces (simple shifting)",
                        cell=pos_name(action.to),
                    )
                )
            return
        line = self._block_line(state, action.to)
        if line is None:
            raise IllegalAction(
                say(
                    "{cell} is not straight ahead in the bear's moving direction: the pushing "
                    "direction must match the bear's moving direction (block shifting)",
                    cell=pos_name(action.to),
                )
            )
        pushed = self._block(state, *line)
        if isinstance(pushed, Said):
            raise IllegalAction(pushed)

    # ------------------------------------------------------------------ apply

    def apply(self, state: IceTeamState, seat: Seat, action: Action) -> tuple[IceTeamState, list[Event]]:
        state = replace(state, step=state.step + 1)
        if isinstance(action, Move):
            return self._move(state, seat, action)
        if isinstance(action, End):
            events = [public("paws", say("{who} takes no extra action.", who=Who(seat)))]
            return self._continue(state, events)
        if isinstance(action, Shift):
            return self._shift(state, action)
        return self._village(state, action)

    def _move(self, state: IceTeamState, seat: Seat, action: Move) -> tuple[IceTeamState, list[Event]]:
        route = self._resolve(state, seat, action)
        assert not isinstance(route, Said)
        origin = state.bears[seat][action.bear]
        extra = state.phase == PAWS_PHASE
        row = list(state.bears[seat])
        row[action.bear] = route.dest
        bears = tuple(tuple(row) if s == seat else r for s, r in enumerate(state.bears))
        events = [public("move", self._moved(seat, action.bear, route, origin, extra))]
        cells = state.cells
        # THIN ICE: the cracked tile the bear started from is removed once its move is complete
        if origin >= 0 and cells[origin] in THIN_ICE:
            cells = cells[:origin] + SEA + cells[origin + 1 :]
            events.append(
                public("thin-ice", say("The thin ice on {cell} breaks away.", cell=pos_name(origin)))
            )
        state = replace(
            state,
            cells=cells,
            bears=bears,
            bear=action.bear,
            dirs=tuple(sorted(route.dirs, key=CLOCKWISE.index)),
            dice=(),
            last=route.trail,
            last_mover=(seat, action.bear),
            # an action of the turn is used; the bear-paws extra action does not count
            actions_left=state.actions_left - (0 if extra else 1),
        )
        return self._landing(state, route.dest, events)

    @staticmethod
    def _moved(seat: Seat, bear: int, route: _Route, origin: int, extra: bool) -> Said:
        """The narration of a move: who, which bear, how, from where to where."""
        who, n, start, dest = Who(seat), bear + 1, _origin(origin), destination(route.dest)
        if route.kind == WALK and extra:
            # Translators: {origin} is "from B2" or "from start", {dest} "to C3" or "to the Finish"
            return say(
                "{who}'s bear {bear} walks {origin} {dest} (extra action).",
                who=who,
                bear=n,
                origin=start,
                dest=dest,
            )
        if route.kind == WALK:
            return say("{who}'s bear {bear} walks {origin} {dest}.", who=who, bear=n, origin=start, dest=dest)
        if route.kind == SWIM and extra:
            return say(
                "{who}'s bear {bear} swims {origin} {dest} (extra action).",
                who=who,
                bear=n,
                origin=start,
                dest=dest,
            )
        if route.kind == SWIM:
            return say("{who}'s bear {bear} swims {origin} {dest}.", who=who, bear=n, origin=start, dest=dest)
        if extra:
            # Translators: {n} is how many bears the leap chain leaps over
            return say_n(
                "{who}'s bear {bear} leaps over {n} bear {origin} {dest} (extra action).",
                "{who}'s bear {bear} leaps over {n} bears {origin} {dest} (extra action).",
                len(route.path),
                who=who,
                bear=n,
                origin=start,
                dest=dest,
            )
        return say_n(
            "{who}'s bear {bear} leaps over {n} bear {origin} {dest}.",
            "{who}'s bear {bear} leaps over {n} bears {origin} {dest}.",
            len(route.path),
            who=who,
            bear=n,
            origin=start,
            dest=dest,
        )

    def _landing(
        self, state: IceTeamState, dest: int, events: list[Event]
    ) -> tuple[IceTeamState, list[Event]]:
        """2 - Apply the effect of the landing tile (only the final tile of a leap chain)."""
        seat = state.current
        if dest == FINISH:
            # Finish Board: roll both dice, choose one of them
            r = rng(state.seed, state.step)
            dice = (pick(r, DIE), pick(r, DIE))
            roll = say(
                "{who} reaches the village and rolls {first} and {second}.",
                who=Who(seat),
                first=_face(dice[0]),
                second=_face(dice[1]),
            )
            events.append(public("roll", roll))
            return replace(state, phase=VILLAGE, dice=dice), events
        code = state.cells[dest]
        if code == IGLOO:
            # Unsearched igloo: collect its fish, then roll the die
            state = replace(state, cells=state.cells[:dest] + SEARCHED + state.cells[dest + 1 :])
            state = self._gain(state, seat, 1)
            r = rng(state.seed, state.step)
            face = pick(r, DIE)
            state = replace(state, dice=(face,))
            search = say(
                "{who} searches the igloo on {cell}: 1 fish, and rolls {face}.",
                who=Who(seat),
                cell=pos_name(dest),
                face=_face(face),
            )
            events.append(public("igloo", search))
            state = self._die_effect(state, face, events)
            return self._continue(state, events)
        if code in PENGUINS:
            # Penguin tiles: each penguin freezes one fresh fish
            fresh, frozen = state.fish[seat]
            n = min(PENGUINS[code], fresh)
            state = self._set_fish(state, seat, (fresh - n, frozen + n))
            freeze = (
                say_n(
                    "The penguins freeze {n} of {who}'s fish.",
                    "The penguins freeze {n} of {who}'s fish.",
                    n,
                    who=Who(seat),
                )
                if n
                else say("{who} has no fresh fish for the penguins to freeze.", who=Who(seat))
            )
            events.append(public("freeze", freeze))
            return self._continue(state, events)
        if code == PAWS:
            # Bear paws: an optional extra action with the same bear (if it can move at all)
            if self.routes(state, seat, state.bear):
                paws = say("Bear paws! {who} may take an extra action with that bear.", who=Who(seat))
                events.append(public("paws", paws))
                return replace(state, phase=PAWS_PHASE), events
            events.append(public("paws", say("Bear paws, but that bear cannot move again.")))
            return self._continue(state, events)
        if code == SHIFTING:
            # Shifting tiles: the tile must shift if possible, else the effect is ignored
            state = replace(state, phase=SHIFT)
            if self._shifts(state):
                return state, events
            events.append(public("shift", say("The shifting tile cannot move.")))
            return self._continue(state, events)
        return self._continue(state, events)

    def _gain(self, state: IceTeamState, seat: Seat, n: int) -> IceTeamState:
        fresh, frozen = state.fish[seat]
        return self._set_fish(state, seat, (fresh + n, frozen))

    @staticmethod
    def _set_fish(state: IceTeamState, seat: Seat, fish: tuple[int, int]) -> IceTeamState:
        return replace(state, fish=tuple(fish if s == seat else f for s, f in enumerate(state.fish)))

    def _die_effect(self, state: IceTeamState, face: str, events: list[Event]) -> IceTeamState:
        seat = state.current
        if face != STEAL:
            found = say_n(
                "{who} finds {n} extra fish.", "{who} finds {n} extra fish.", int(face), who=Who(seat)
            )
            events.append(public("fish", found))
            return self._gain(state, seat, int(face))
        # Steal up to 2 fresh fish from the opponent (frozen fish cannot be stolen)
        other = 1 - seat
        fresh, frozen = state.fish[other]
        n = min(STEAL_MAX, fresh)
        if not n:
            nothing = say(
                "{who} may steal, but {other} has no fresh fish to steal.", who=Who(seat), other=Who(other)
            )
            events.append(public("steal", nothing))
            return state
        state = self._set_fish(state, other, (fresh - n, frozen))
        stolen = say_n(
            "{who} steals {n} fresh fish from {other}.",
            "{who} steals {n} fresh fish from {other}.",
            n,
            who=Who(seat),
            other=Who(other),
        )
        events.append(public("steal", stolen))
        return self._gain(state, seat, n)

    def _shift(self, state: IceTeamState, action: Shift) -> tuple[IceTeamState, list[Event]]:
        at = state.bears[state.current][state.bear]
        seat = state.current
        if action.block:
            line = self._block_line(state, action.to)
            assert line is not None
            pushed = self._block(state, *line)
            assert not isinstance(pushed, Said)
            cells, bears, _ = pushed
            text = say(
                "{who} pushes the ice from {origin} to {cell}.",
                who=Who(seat),
                origin=pos_name(at),
                cell=pos_name(action.to),
            )
        else:
            lst = list(state.cells)
            lst[action.to], lst[at] = lst[at], SEA
            cells = "".join(lst)
            bears = tuple(tuple(action.to if p == at else p for p in row) for row in state.bears)
            text = say(
                "{who} slides the shifting tile from {origin} to {cell}.",
                who=Who(seat),
                origin=pos_name(at),
                cell=pos_name(action.to),
            )
        state = replace(state, cells=cells, bears=bears)
        return self._continue(state, [public("shift", text)])

    def _village(self, state: IceTeamState, action: Die) -> tuple[IceTeamState, list[Event]]:
        seat = state.current
        if action.face == STEAL:
            # Translators: the player keeps the die that steals fish from the opponent
            kept = say("{who} keeps the steal.", who=Who(seat))
        else:
            # Translators: {face} is the number on the die the player keeps
            kept = say("{who} keeps the {face}.", who=Who(seat), face=action.face)
        events = [public("village", kept)]
        state = self._die_effect(state, action.face, events)
        if all(p == FINISH for p in state.bears[seat]):
            # End of the game: the 4th bear has completed its action
            state = replace(state, phase=OVER, four=seat, ended="finish")
            events.append(
                public("four", say("{who} has brought all four bears to the Finish.", who=Who(seat)))
            )
            return self._finish(state, events)
        return self._continue(state, events)

    def _continue(self, state: IceTeamState, events: list[Event]) -> tuple[IceTeamState, list[Event]]:
        """The action (with its effect) is complete: the next action, or the opponent's turn."""
        state = replace(state, bear=-1, dirs=())
        seat = state.current
        if state.actions_left > 0:
            state = replace(state, phase=MOVE)
            if self._can_move(state, seat):
                return state, events
            # ruling: no bear can move for the second action, so the turn ends
            events.append(public("stuck", say("No bear of {who} can move: the turn ends.", who=Who(seat))))
        other = 1 - seat
        state = replace(state, current=other, phase=MOVE, actions_left=2)
        if not self._can_move(state, other):
            # Fishy Question: a player who cannot move a bear on their turn loses
            state = replace(state, phase=OVER, loser=other, ended="blocked")
            events.append(
                public("blocked", say("{who} cannot move any bear and loses the game.", who=Who(other)))
            )
            return self._finish(state, events)
        return state, events

    def _finish(self, state: IceTeamState, events: list[Event]) -> tuple[IceTeamState, list[Event]]:
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(public("end", outcome.summary))
        return state, events

    # ------------------------------------------------------------------ end

    @staticmethod
    def scores(state: IceTeamState) -> tuple[int, ...]:
        return tuple(fresh + frozen for fresh, frozen in state.fish)

    def outcome(self, state: IceTeamState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        if state.loser is not None:
            winner = 1 - state.loser
            loser = Who(state.loser)
            if state.ended == "blocked":
                summary = say("{winner} wins: {loser} cannot move any bear.", winner=Who(winner), loser=loser)
            else:
                summary = say("{winner} wins: {loser} left the game.", winner=Who(winner), loser=loser)
            return Outcome(frozenset({winner}), scores, summary)
        # The player with the most fish wins; a tie goes to who brought four bears to FINISH
        if scores[0] != scores[1]:
            winner = 0 if scores[0] > scores[1] else 1
            # Translators: {n} is the winner's number of fish, {other} the loser's
            summary = say_n(
                "{winner} wins: {n} fish to {other}.",
                "{winner} wins: {n} fish to {other}.",
                scores[winner],
                winner=Who(winner),
                other=scores[1 - winner],
            )
        else:
            assert state.four is not None
            winner = state.four
            summary = say_n(
                "{winner} wins: {n} fish each, and four bears at the Finish first.",
                "{winner} wins: {n} fish each, and four bears at the Finish first.",
                scores[0],
                winner=Who(winner),
            )
        return Outcome(frozenset({winner}), scores, summary)

    def retire(self, state: IceTeamState, seat: Seat) -> tuple[IceTeamState, list[Event]]:
        if state.phase == OVER:
            return state, []
        state = replace(state, step=state.step + 1, phase=OVER, loser=seat, ended="resigned")
        return self._finish(state, [public("resign", say("{who} leaves the game.", who=Who(seat)))])

    def default_action(self, state: IceTeamState, seat: Seat) -> Action:
        """The deadline default: decline bear paws, the first shift, the first die, the first move."""
        if state.phase == PAWS_PHASE:
            return End()
        if state.phase == VILLAGE:
            return Die(state.dice[0])
        actions = self.legal_actions(state, seat)
        if not actions:
            raise (
                GameOver(say("the game is over"))
                if state.phase == OVER
                else IllegalAction(say("it is not your turn"))
            )
        return actions[0]

    # ------------------------------------------------------------------ views and text

    def view(self, state: IceTeamState, seat: Seat | None) -> IceTeamView:
        outcome = self.outcome(state)
        over = state.phase == OVER
        return IceTeamView(
            game=self.name,
            step=state.step,
            players=len(state.bears),
            columns=COLUMNS,
            rows=ROWS,
            boards=state.boards,
            cells=tuple((pos_name(i), c) for i, c in enumerate(state.cells)),
            bears=tuple(tuple(pos_name(p) for p in row) for row in state.bears),
            fish=state.fish,
            scores=self.scores(state),
            finished=tuple(sum(1 for p in row if p == FINISH) for row in state.bears),
            current=None if over else state.current,
            phase=state.phase,
            actions_left=state.actions_left,
            bear=state.bear,
            dice=state.dice,
            last=tuple(pos_name(p) for p in state.last),
            last_mover=state.last_mover,
            four=state.four,
            loser=state.loser,
            ended=state.ended,
            winners=outcome.winners if outcome else frozenset(),
            viewer=seat,
            dirs=state.dirs,
        )

    def prompt(self, state: IceTeamState, seat: Seat) -> Text:
        if state.phase == MOVE and state.actions_left == 1:
            return say("move a bear: walk, leap or swim (your action)")
        if state.phase == MOVE:
            return say("move a bear: walk, leap or swim (your first of two actions)")
        return self._prompt(state)

    def spectator_prompt(self, state: IceTeamState, seat: Seat) -> Text:
        if state.phase == MOVE and state.actions_left == 1:
            # Translators: {who} is a player's name
            return say("move a bear: walk, leap or swim ({who}'s action)", who=Who(seat))
        if state.phase == MOVE:
            # Translators: {who} is a player's name
            return say("move a bear: walk, leap or swim ({who}'s first of two actions)", who=Who(seat))
        return self._prompt(state)

    def _prompt(self, state: IceTeamState) -> Text:
        """The prompt of the phases after a move (the same to the player and to spectators)."""
        if state.phase == PAWS_PHASE:
            return say("bear paws: move bear {bear} again, or end", bear=state.bear + 1)
        if state.phase == SHIFT:
            return say("shift the tile under bear {bear} (simple or block)", bear=state.bear + 1)
        if state.phase == VILLAGE:
            # Translators: between the last two of a list, "3 or steal"
            faces = Listed(tuple(_face(f) for f in state.dice), say("or"))
            # Translators: {faces} are the two dice rolled, "3 or steal"
            return say("village: keep one die ({faces})", faces=faces)
        return ""

    # ------------------------------------------------------------------ notation

    #: Commands as they are typed, for the refusals of a text that is no move.
    HINT = "walk 2 C2, leap 2 C3 E3, swim 1 F2, shift simple D2, shift block F2, die 3, die steal, end"

    def parse_action(self, text: str) -> Action:
        parts = words(text)
        if not parts:
            # Translators: {examples} are commands as they are typed: keep them as they are
            raise InvalidAction(say("type a move: try {examples}", examples=self.HINT))
        verb, rest = parts[0], parts[1:]
        if verb in ("end", "skip", "pass", "stop") and not rest:
            return End()
        if verb in (WALK, LEAP, SWIM, ANY_MOVE):
            bear = parse_number(rest[0]) if rest else None
            if len(rest) < 2 or bear is None or not 1 <= bear <= BEARS:
                raise InvalidAction(
                    # Translators: {example} is a command as it is typed ("walk 2 C2")
                    say(
                        "name the bear (1 to {n}) and where it goes: {example}",
                        n=BEARS,
                        example=f"{verb} 2 C2",
                    )
                )
            path = tuple(parse_pos(p) for p in rest[1:])
            if verb != LEAP and len(path) != 1:
                raise InvalidAction(_only_destination(verb, f"{verb} {bear} C2"))
            return Move(bear - 1, verb, path)
        if verb == "die" and len(rest) == 1:
            face = rest[0]
            if face in DIE:
                return Die(face)
            # Translators: "die 3, die steal" are commands as they are typed: keep them as they are
            raise InvalidAction(say("the dice show 1, 2, 3 or steal: die 3, die steal"))
        if verb in ("shift", "push"):
            return self._parse_shift(verb, rest)
        raise InvalidAction(
            # Translators: {text} is what the player typed, {examples} commands as they are typed
            say("{text} is not an Ice Team move: try {examples}", text=quoted(text), examples=self.HINT)
        )

    def _parse_shift(self, verb: str, rest: list[str]) -> Shift:
        block = verb == "push"
        if rest and rest[0] in ("simple", "block"):
            block, rest = rest[0] == "block", rest[1:]
        if len(rest) != 1:
            # Translators: "shift simple D2", "shift block F2" are commands as they are typed
            raise InvalidAction(say("name where the shifting tile goes: shift simple D2, or shift block F2"))
        to = parse_pos(rest[0])
        if to < 0:
            raise InvalidAction(
                say("a shifting tile stays on the course: shift simple D2, or shift block F2")
            )
        return Shift(block, to)

    # ------------------------------------------------------------------ persistence

    VERSION = 1

    def to_dict(self, state: IceTeamState) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "seed": state.seed,
            "step": state.step,
            "boards": list(state.boards),
            "cells": state.cells,
            "bears": [list(row) for row in state.bears],
            "fish": [list(f) for f in state.fish],
            "first": state.first,
            "current": state.current,
            "phase": state.phase,
            "actions_left": state.actions_left,
            "bear": state.bear,
            "dirs": list(state.dirs),
            "dice": list(state.dice),
            "last": list(state.last),
            "last_mover": list(state.last_mover),
            "four": state.four,
            "loser": state.loser,
            "ended": state.ended,
        }

    def from_dict(self, data: Mapping[str, Any]) -> IceTeamState:
        if data.get("version") != self.VERSION:
            raise ValueError(f"unknown Ice Team state version {data.get('version')}")
        mover = data["last_mover"]
        return IceTeamState(
            seed=int(data["seed"]),
            step=int(data["step"]),
            boards=tuple(str(b) for b in data["boards"]),
            cells=str(data["cells"]),
            bears=tuple(tuple(int(p) for p in row) for row in data["bears"]),
            fish=tuple((int(f[0]), int(f[1])) for f in data["fish"]),
            first=int(data["first"]),
            current=int(data["current"]),
            phase=str(data["phase"]),
            actions_left=int(data["actions_left"]),
            bear=int(data["bear"]),
            dirs=tuple(str(d) for d in data["dirs"]),
            dice=tuple(str(d) for d in data["dice"]),
            last=tuple(int(p) for p in data["last"]),
            last_mover=(int(mover[0]), int(mover[1])),
            four=None if data["four"] is None else int(data["four"]),
            loser=None if data["loser"] is None else int(data["loser"]),
            ended=str(data["ended"]),
        )


ICE_TEAM = IceTeam()

__all__ = ["FINISH", "ICE_TEAM", "START", "IceTeam", "IceTeamState", "IceTeamView"]
