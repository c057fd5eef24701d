"""Polar Derby's rules class, readable beside its rulebook; the rulings and the notation are in
:mod:`games.polar_derby`."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import combinations
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
    words,
)
from games.polar_derby.actions import Action, Roll, Steal, Stop, Take, TimeOut
from games.polar_derby.board import BEARS_PER_COLOUR, COLOURS, DIE_FACES, FREE, NO_BEARS, VALUES, Counts
from games.polar_derby.state import DECIDE, OVER, ROLL, TAKE, DerbyOptions, DerbyState, DerbyView
from games.words import Param, Said, Text, Who, say, say_n

# ----------------------------------------------------------------------------- helpers


def _add(counts: Counts, colour: str, n: int = 1) -> Counts:
    i = COLOURS.index(colour)
    return (*counts[:i], counts[i] + n, *counts[i + 1 :])


def _plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _with(rows: tuple[Counts, ...], seat: Seat, row: Counts) -> tuple[Counts, ...]:
    return (*rows[:seat], row, *rows[seat + 1 :])


#: The name of each die face (the colours, and Free Skate) in prose; the notation stays English.
FACE_NAMES: Mapping[str, Said] = {
    # Translators: a colour of the bears and the dice, as a word on its own ("rolls white and
    # blue", "you already pulled white this turn").
    "white": say("white"),
    "blue": say("blue"),
    "green": say("green"),
    "pink": say("pink"),
    "orange": say("orange"),
    # Translators: the die face that counts as any colour.
    FREE: say("Free Skate"),
}

#: One bear of each colour, as in "there is no white bear left in the middle".
_A_BEAR: Mapping[str, Said] = {
    # Translators: as in "there is no white bear left in the middle".
    "white": say("white bear"),
    "blue": say("blue bear"),
    "green": say("green bear"),
    "pink": say("pink bear"),
    "orange": say("orange bear"),
}

#: Bears of each colour, uncounted, as in "player 2 has not enough white bears in possession".
_BEARS: Mapping[str, Said] = {
    # Translators: as in "player 2 has not enough white bears in possession".
    "white": say("white bears"),
    "blue": say("blue bears"),
    "green": say("green bears"),
    "pink": say("pink bears"),
    "orange": say("orange bears"),
}


def _counted_bears(colour: str, n: int) -> Said:
    """``n`` bears of ``colour``: "1 white bear", "2 white bears"."""
    if colour == "white":
        # Translators: the bears a player takes from opponents, as in "Ann takes 2 white bears
        # from Bo".
        return say_n("{n} white bear", "{n} white bears", n)
    if colour == "blue":
        return say_n("{n} blue bear", "{n} blue bears", n)
    if colour == "green":
        return say_n("{n} green bear", "{n} green bears", n)
    if colour == "pink":
        return say_n("{n} pink bear", "{n} pink bears", n)
    return say_n("{n} orange bear", "{n} orange bears", n)


def _colour_name(face: str) -> Said:
    return FACE_NAMES[face]


def _both(items: Sequence[Param]) -> Param:
    """``items`` joined by "and": "pink and orange", "Ann and Bo and Cy"."""
    if len(items) == 1:
        return items[0]
    # Translators: two die faces ("pink and Free Skate"), two colours or two players.
    return say("{first} and {second}", first=_both(items[:-1]), second=items[-1])


@functools.cache
def _dice(dice: tuple[str, str]) -> Param:
    """The faces a roll shows: "pink and Free Skate" (said once per pair of faces: every prompt
    and refusal of a roll's turn says them)."""
    return _both([_colour_name(face) for face in dice])


def _fits_dice(colours: tuple[str, ...], dice: tuple[str, str]) -> bool:
    """Whether each colour can be matched to its own die (a Free Skate matches any colour)."""
    a, b = dice
    if len(colours) == 1:
        return any(d in (colours[0], FREE) for d in dice)
    x, y = colours
    return (a in (x, FREE) and b in (y, FREE)) or (a in (y, FREE) and b in (x, FREE))


def _value(options: DerbyOptions, colour: str) -> int:
    return 1 if options.younger_players else VALUES[colour]


def points(options: DerbyOptions, counts: Counts) -> int:
    return sum(n * _value(options, c) for c, n in zip(COLOURS, counts, strict=True))


#: Every pair of dice with every set of colours in the middle.
_TAKE_SETS = len(DIE_FACES) * len(DIE_FACES) << len(COLOURS)


@functools.lru_cache(maxsize=_TAKE_SETS)
def _takes_from_middle(dice: tuple[str, str], in_middle: tuple[str, ...]) -> tuple[Take, ...]:
    """The takes from the middle that ``dice`` allow, ``in_middle`` being the colours not pulled
    this turn that still have a bear there (in ``COLOURS`` order): fewest bears first, then by
    colour. Kept per dice and colours (at most ``_TAKE_SETS``): a move and every playout of the
    computer players ask again and again. ``Take`` is frozen, so the tuple is shared."""
    a, b = dice
    # Split colours (a Free Skate counts as any colour): one or two from the middle.
    # "If the dice show two identical colors" the bears come from opponents, never the middle.
    if a == b and a != FREE:
        return ()
    firsts = in_middle if a == FREE else (a,) if a in in_middle else ()
    seconds = in_middle if b == FREE else (b,) if b in in_middle else ()
    pairs = {tuple(sorted({x, y}, key=COLOURS.index)) for x in firsts for y in seconds if x != y}
    singles = {(x,) for x in firsts + seconds}
    ordered = sorted(singles | pairs, key=lambda cs: (len(cs), [COLOURS.index(c) for c in cs]))
    return tuple(Take(colours) for colours in ordered)


class PolarDerby(Game[DerbyState, Action, DerbyView]):
    name = "polar-derby"
    #: Perfect information, one seat at a time; the dice are rolled during play.
    capabilities = Capabilities(chance_per_step=True)
    title = "Polar Derby"
    players = range(2, 5)
    #: Whether a computer may play a missed deadline for a seat (the ruling: module docstring).
    computer_default_safe = True
    options = DerbyOptions

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Options, seed: int) -> DerbyState:
        options = check_setup(self.title, self.players, players, options, DerbyOptions)
        first = randbelow(rng(seed, 0), players)  # ruling: a random first player
        return DerbyState(
            seed=seed,
            step=0,
            players=players,
            options=options,
            current=first,
            phase=ROLL,
            middle=(BEARS_PER_COLOUR,) * len(COLOURS),
            safe=(NO_BEARS,) * players,
            pulled=NO_BEARS,
            locked=frozenset(),
            dice=None,
            game_number=1,
            first=first,
            totals=(0,) * players,
            bear_totals=(0,) * players,
            retired=frozenset(),
        )

    def games_to_play(self, state: DerbyState) -> int:
        """Long game: "play as many games as there are players"."""
        return state.players if state.options.long_game else 1

    # ------------------------------------------------------------------ queries

    def to_act(self, state: DerbyState) -> frozenset[Seat]:
        return frozenset() if state.phase == OVER else frozenset({state.current})

    def legal_actions(self, state: DerbyState, seat: Seat) -> Sequence[Action]:
        if state.phase == OVER or seat != state.current:
            return []
        if state.phase == ROLL:
            return [Roll()]
        if state.phase == DECIDE:
            return [Roll(), Stop()]
        assert state.dice is not None
        return self._takes(state, state.dice)

    def _takes(self, state: DerbyState, dice: tuple[str, str]) -> list[Action]:
        """Every take the dice allow: split colours from the middle, doubles from opponents."""
        a, b = dice
        in_middle = tuple(
            c for c, n in zip(COLOURS, state.middle, strict=True) if n and c not in state.locked
        )
        actions: list[Action] = list(_takes_from_middle(dice, in_middle))
        # Doubles (two identical colours, or a Free Skate matching the other die): steal.
        if a == FREE and b == FREE:
            return actions
        doubled = b if a == FREE else a
        if (a == b or FREE in (a, b)) and doubled not in state.locked:
            actions.extend(self._steals(state, doubled))
        return actions

    def _steals(self, state: DerbyState, colour: str) -> list[Action]:
        i = COLOURS.index(colour)
        holders = [s for s in range(state.players) if s != state.current and state.safe[s][i] > 0]
        steals: list[Action] = [Steal(colour, (v,)) for v in holders]
        steals += [Steal(colour, (v, v)) for v in holders if state.safe[v][i] >= 2]
        steals += [Steal(colour, pair) for pair in combinations(holders, 2)]
        return steals

    def check(self, state: DerbyState, seat: Seat, action: Action) -> None:
        if state.phase == OVER:
            raise GameOver(say("the game is over"))
        if isinstance(action, TimeOut):
            return
        if state.phase == ROLL and not isinstance(action, Roll):
            raise IllegalAction(say("start your turn by rolling both dice"))
        if state.phase == DECIDE and not isinstance(action, Roll | Stop):
            raise IllegalAction(say("you have taken your bears: roll again or stop"))
        if state.phase == TAKE:
            if isinstance(action, Roll | Stop):
                raise IllegalAction(say("take at least one bear the dice allow first"))
            self._check_take(state, action)

    def _check_take(self, state: DerbyState, action: Action) -> None:
        """Refusals in the order a player checks: what the dice show, then the colour locks,
        then what is left to take."""
        assert state.dice is not None
        if action in self._takes(state, state.dice):
            return
        a, b = state.dice
        roll = _dice(state.dice)
        doubled = b if a == FREE else a
        if isinstance(action, Take):
            if a == b and a != FREE:
                raise IllegalAction(
                    # Translators: "steal {colour} {colour} from <player>" is the move as typed:
                    # keep "steal" and "from" in English ({colour} is the English colour).
                    say(
                        "the dice show {roll}: doubles take bears from opponents, not the middle "
                        "(steal {colour} {colour} from <player>)",
                        roll=roll,
                        colour=a,
                    )
                )
            if not _fits_dice(action.colours, (a, b)):
                raise IllegalAction(
                    say("the dice show {roll}: take one bear of each colour rolled", roll=roll)
                )
            locked = [c for c in action.colours if c in state.locked]
            if locked:
                raise IllegalAction(
                    say(
                        "you already pulled {colour} this turn, so you may not take {colour} again",
                        colour=_colour_name(locked[0]),
                    )
                )
            empty = [c for c in action.colours if state.middle[COLOURS.index(c)] == 0]
            if empty:
                raise IllegalAction(say("there is no {bear} left in the middle", bear=_A_BEAR[empty[0]]))
            raise IllegalAction(say("the dice show {roll}: take one bear of each colour rolled", roll=roll))
        if isinstance(action, Steal):
            if not (a == b or FREE in (a, b)) or (a == b == FREE):
                raise IllegalAction(
                    say("the dice show {roll}: only doubles take bears from opponents", roll=roll)
                )
            if action.colour != doubled:
                raise IllegalAction(
                    say(
                        "the dice show {roll}: steal bears of the doubled colour, {colour}",
                        roll=roll,
                        colour=_colour_name(doubled),
                    )
                )
            if state.current in action.victims:
                raise IllegalAction(say("you steal from opponents, not from yourself"))
            if action.colour in state.locked:
                raise IllegalAction(
                    say("you already pulled {colour} this turn", colour=_colour_name(action.colour))
                )
            i = COLOURS.index(action.colour)
            for v in sorted(set(action.victims)):
                if v >= state.players or v in state.retired:
                    raise IllegalAction(say("there is no player {player} in this game", player=v + 1))
                if state.safe[v][i] < action.victims.count(v):
                    raise IllegalAction(
                        say(
                            "player {player} has not enough {bears} in possession",
                            player=v + 1,
                            bears=_BEARS[action.colour],
                        )
                    )
            raise IllegalAction(say("the dice show {roll}: steal bears of the doubled colour", roll=roll))
        raise IllegalAction(say("that is not a move in Polar Derby"))

    # ------------------------------------------------------------------ apply

    def apply(self, state: DerbyState, seat: Seat, action: Action) -> tuple[DerbyState, list[Event]]:
        state = replace(state, step=state.step + 1)
        if isinstance(action, Roll):
            return self._roll(state)
        if isinstance(action, Stop):
            banked = sum(state.pulled)
            state = self._bank(state)
            stops = say_n(
                "{who} stops and keeps {n} bear.", "{who} stops and keeps {n} bears.", banked, who=Who(seat)
            )
            events = [public("stop", stops)]
            return self._end_turn(state, events)
        if isinstance(action, Take):
            return self._take(state, action)
        if isinstance(action, TimeOut):
            return self._time_out(state, seat)
        return self._steal(state, action)

    def _time_out(self, state: DerbyState, seat: Seat) -> tuple[DerbyState, list[Event]]:
        lost = sum(state.pulled)
        if lost:
            text = say_n(
                "{who}'s time ran out: the turn is lost; {n} bear go back to the middle.",
                "{who}'s time ran out: the turn is lost; {n} bears go back to the middle.",
                lost,
                who=Who(seat),
            )
        else:
            text = say("{who}'s time ran out: the turn is lost.", who=Who(seat))
        events = [public("time-out", text)]
        state = replace(state, middle=_plus(state.middle, state.pulled), pulled=NO_BEARS)
        return self._end_turn(state, events)

    def default_action(self, state: DerbyState, seat: Seat) -> Action:
        """The deadline default: ``time out`` (the turn is lost like a bust)."""
        if state.phase == OVER:
            raise GameOver(say("the game is over"))
        if seat != state.current:
            raise IllegalAction(say("it is not your turn"))
        return TimeOut()

    def _roll(self, state: DerbyState) -> tuple[DerbyState, list[Event]]:
        r = rng(state.seed, state.step)
        dice = (pick(r, DIE_FACES), pick(r, DIE_FACES))
        seat = state.current
        rolls = say(
            "{who} rolls {first} and {second}.",
            who=Who(seat),
            first=_colour_name(dice[0]),
            second=_colour_name(dice[1]),
        )
        events: list[Event] = [public("roll", rolls)]
        state = replace(state, dice=dice)
        if dice == (FREE, FREE):
            banked = sum(state.pulled)
            state = replace(self._bank(state), locked=frozenset(), phase=ROLL)
            banks = say_n(
                "Double Free Skate! {who} banks {n} bear and takes another turn.",
                "Double Free Skate! {who} banks {n} bears and takes another turn.",
                banked,
                who=Who(seat),
            )
            events.append(public("double-free", banks))
            if sum(state.middle) == 0:
                return self._end_game_round(state, events)
            return state, events
        if not self._takes(state, dice):
            lost = sum(state.pulled)
            if lost == 0 or state.options.no_risk:
                bust = say("{who} cannot take a bear and loses the turn.", who=Who(seat))
            else:
                bust = say_n(
                    "{who} cannot take a bear and loses the turn; {n} bear go back to the middle.",
                    "{who} cannot take a bear and loses the turn; {n} bears go back to the middle.",
                    lost,
                    who=Who(seat),
                )
            events.append(public("bust", bust))
            if not state.options.no_risk:
                state = replace(state, middle=_plus(state.middle, state.pulled), pulled=NO_BEARS)
            return self._end_turn(state, events)
        return replace(state, phase=TAKE), events

    def _take(self, state: DerbyState, action: Take) -> tuple[DerbyState, list[Event]]:
        middle, pulled = state.middle, state.pulled
        for colour in action.colours:
            middle = _add(middle, colour, -1)
            pulled = _add(pulled, colour)
        state = replace(
            state, middle=middle, pulled=pulled, locked=state.locked | set(action.colours), phase=DECIDE
        )
        colours = _both([_colour_name(c) for c in action.colours])
        events = [
            public(
                "take", say("{who} pulls {colours} from the middle.", who=Who(state.current), colours=colours)
            )
        ]
        return self._after_pull(state), events

    def _steal(self, state: DerbyState, action: Steal) -> tuple[DerbyState, list[Event]]:
        safe, pulled = state.safe, state.pulled
        for victim in action.victims:
            safe = _with(safe, victim, _add(safe[victim], action.colour, -1))
            pulled = _add(pulled, action.colour)
        state = replace(state, safe=safe, pulled=pulled, locked=state.locked | {action.colour}, phase=DECIDE)
        sources = _both([Who(v) for v in sorted(set(action.victims))])
        bears = _counted_bears(action.colour, len(action.victims))
        # Translators: stealing: {bears} is like "2 white bears", {sources} the players robbed.
        takes = say(
            "{who} takes {bears} from {sources}.",
            who=Who(state.current),
            bears=bears,
            sources=sources,
        )
        events = [public("steal", takes)]
        return self._after_pull(state), events

    def _after_pull(self, state: DerbyState) -> DerbyState:
        """No-risk version: "immediately take it into your possession"."""
        return self._bank(state) if state.options.no_risk else state

    def _bank(self, state: DerbyState) -> DerbyState:
        mine = _plus(state.safe[state.current], state.pulled)
        return replace(state, safe=_with(state.safe, state.current, mine), pulled=NO_BEARS)

    def _end_turn(self, state: DerbyState, events: list[Event]) -> tuple[DerbyState, list[Event]]:
        """The end of a turn: the game ends when the middle is empty, else the next player rolls."""
        if sum(state.middle) == 0:
            return self._end_game_round(state, events)
        return self._pass_turn(state), events

    def _pass_turn(self, state: DerbyState) -> DerbyState:
        nxt = self._next_active(state, state.current)
        return replace(state, current=nxt, phase=ROLL, locked=frozenset(), dice=None, pulled=NO_BEARS)

    def _next_active(self, state: DerbyState, after: Seat) -> Seat:
        for k in range(1, state.players + 1):
            seat = (after + k) % state.players
            if seat not in state.retired:
                return seat
        return after

    def _end_game_round(self, state: DerbyState, events: list[Event]) -> tuple[DerbyState, list[Event]]:
        scores = tuple(points(state.options, row) for row in state.safe)
        totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
        bears = tuple(b + sum(row) for b, row in zip(state.bear_totals, state.safe, strict=True))
        if state.game_number < self.games_to_play(state):
            first = self._next_active(state, state.first)
            over = say(
                "The middle is empty: game {number} is over. Game {next} begins.",
                number=state.game_number,
                next=state.game_number + 1,
            )
            events.append(public("next-game", over))
            return (
                replace(
                    state,
                    game_number=state.game_number + 1,
                    first=first,
                    current=first,
                    phase=ROLL,
                    middle=(BEARS_PER_COLOUR,) * len(COLOURS),
                    safe=(NO_BEARS,) * state.players,
                    pulled=NO_BEARS,
                    locked=frozenset(),
                    dice=None,
                    totals=totals,
                    bear_totals=bears,
                ),
                events,
            )
        state = replace(state, phase=OVER, totals=totals, bear_totals=bears, safe=state.safe, dice=state.dice)
        outcome = self.outcome(state)
        assert outcome is not None
        events.append(public("end", outcome.summary))
        return state, events

    # ------------------------------------------------------------------ end

    def outcome(self, state: DerbyState) -> Outcome | None:
        if state.phase != OVER:
            return None
        ranked = [s for s in range(state.players) if s not in state.retired]
        best = max(((state.totals[s], state.bear_totals[s]) for s in ranked), default=(0, 0))
        winners = frozenset(s for s in ranked if (state.totals[s], state.bear_totals[s]) == best)
        return Outcome(winners=winners, scores=state.totals, summary=self._summary(state, ranked, winners))

    @staticmethod
    def _summary(state: DerbyState, ranked: list[Seat], winners: frozenset[Seat]) -> Said:
        """Who won and why: the highest total, the most bears on a tie, or the last one left."""
        names = _both([Who(s) for s in sorted(winners)])
        if not winners:
            return say("Nobody wins: every player left the game.")
        if len(ranked) == 1 and state.retired:
            return say("{winner} wins: everyone else left the game.", winner=names)
        points, bears = state.totals[min(winners)], state.bear_totals[min(winners)]
        # Translators: English says "points" even for one point; give each form its own word.
        scored = say_n("{n} points", "{n} points", points)
        if len(winners) > 1:
            each = say_n("{n} bear", "{n} bears", bears)
            return say(
                "{winners} share the win: {points} and {bears} each.",
                winners=names,
                points=scored,
                bears=each,
            )
        tied = [s for s in ranked if state.totals[s] == points and s not in winners]
        if tied:
            # Translators: {points} is like "10 points"; {bears} is a number of bears.
            return say(
                "{winner} wins: {points}, tied, and the most bears ({bears}).",
                winner=names,
                points=scored,
                bears=bears,
            )
        return say("{winner} wins: the highest total, {points}.", winner=names, points=scored)

    def retire(self, state: DerbyState, seat: Seat) -> tuple[DerbyState, list[Event]]:
        if state.phase == OVER or seat in state.retired:
            return state, []
        state = replace(state, step=state.step + 1, retired=state.retired | {seat})
        events = [public("resign", say("{who} leaves the game.", who=Who(seat)))]
        if len(state.retired) >= state.players - 1:
            state = replace(state, phase=OVER, middle=_plus(state.middle, state.pulled), pulled=NO_BEARS)
            scores = tuple(points(state.options, row) for row in state.safe)
            state = replace(
                state,
                totals=tuple(t + s for t, s in zip(state.totals, scores, strict=True)),
                bear_totals=tuple(b + sum(r) for b, r in zip(state.bear_totals, state.safe, strict=True)),
            )
            outcome = self.outcome(state)
            assert outcome is not None
            events.append(public("end", outcome.summary))
            return state, events
        if seat == state.current:
            state = replace(state, middle=_plus(state.middle, state.pulled), pulled=NO_BEARS)
            state = self._pass_turn(state)
        return state, events

    # ------------------------------------------------------------------ views and text

    def view(self, state: DerbyState, seat: Seat | None) -> DerbyView:
        scores = tuple(points(state.options, row) for row in state.safe)
        over = state.phase == OVER
        outcome = self.outcome(state)
        return DerbyView(
            game=self.name,
            step=state.step,
            players=state.players,
            current=None if over else state.current,
            phase=state.phase,
            middle=state.middle,
            safe=state.safe,
            pulled=state.pulled,
            locked=state.locked,
            dice=state.dice,
            scores=scores,
            totals=state.totals if over else tuple(t + s for t, s in zip(state.totals, scores, strict=True)),
            game_number=state.game_number,
            games=self.games_to_play(state),
            values={c: _value(state.options, c) for c in COLOURS},
            retired=state.retired,
            winners=outcome.winners if outcome else frozenset(),
            viewer=seat,
            moves=() if over else tuple(str(a) for a in self.legal_actions(state, state.current)),
            no_risk=state.options.no_risk,
            first=state.first,
            bear_totals=state.bear_totals,
        )

    def prompt(self, state: DerbyState, seat: Seat) -> Text:
        if state.phase == ROLL:
            return say("roll the dice")
        if state.phase == DECIDE:
            return say("roll again or stop")
        if state.phase == TAKE and state.dice is not None:
            return say("take your bears ({roll})", roll=_dice(state.dice))
        return ""

    def spectator_prompt(self, state: DerbyState, seat: Seat) -> Text:
        if state.phase == TAKE and state.dice is not None:
            # Translators: {who} is a player's name
            return say("take {who}'s bears ({roll})", who=Who(seat), roll=_dice(state.dice))
        return self.prompt(state, seat)

    # ------------------------------------------------------------------ notation

    def parse_action(self, text: str) -> Action:
        parts = words(text)
        if not parts:
            raise InvalidAction(
                # Translators: roll, stop, take and steal ... from are the moves as typed: keep them
                # in English.
                say("type a move: roll, stop, take <colours>, or steal <colour> from <player>")
            )
        verb, rest = parts[0], parts[1:]
        if verb == "roll" and not rest:
            return Roll()
        if verb == "stop" and not rest:
            return Stop()
        if verb == "time" and rest == ["out"]:
            return TimeOut()
        if verb == "take" and 1 <= len(rest) <= 2 and all(c in COLOURS for c in rest):
            # "take white white" parses: check() says what is wrong in the order a player
            # meets it (roll first, then "doubles take bears from opponents").
            return Take(tuple(sorted(rest, key=COLOURS.index)))
        if verb == "steal" and "from" in rest:
            return self._parse_steal(rest)
        raise InvalidAction(
            # Translators: {text} is what the player typed; the moves after "try" are typed as
            # they are, in English.
            say(
                "{text} is not a Polar Derby move: try roll, stop, take pink orange, or steal white white from 2",
                text=quoted(text),
            )
        )

    def _parse_steal(self, rest: list[str]) -> Steal:
        k = rest.index("from")
        colours, sources = rest[:k], rest[k + 1 :]
        example = "steal white white from 2, or steal white white from 1 3"
        if not colours or len(colours) > 2 or len(set(colours)) != 1 or colours[0] not in COLOURS:
            # Translators: {example} is a move as typed, in English.
            raise InvalidAction(say("name one colour, once or twice: {example}", example=example))
        numbers = [parse_number(s) for s in sources]
        if not numbers or any(n is None or n < 1 for n in numbers):
            raise InvalidAction(say("name the players by number: {example}", example=example))
        seats = [n - 1 for n in numbers if n is not None]
        if len(colours) == 1 and len(seats) == 1:
            victims: tuple[int, ...] = (seats[0],)
        elif len(colours) == 2 and len(seats) == 1:
            victims = (seats[0], seats[0])
        elif len(colours) == 2 and len(seats) == 2 and seats[0] != seats[1]:
            victims = tuple(sorted(seats))
        else:
            raise InvalidAction(say("one player per bear: {example}", example=example))
        return Steal(colours[0], victims)

    # ------------------------------------------------------------------ persistence

    VERSION = 1

    def to_dict(self, state: DerbyState) -> dict[str, Any]:
        return {
            "version": self.VERSION,
            "seed": state.seed,
            "step": state.step,
            "players": state.players,
            "options": state.options.to_mapping(),
            "current": state.current,
            "phase": state.phase,
            "middle": list(state.middle),
            "safe": [list(row) for row in state.safe],
            "pulled": list(state.pulled),
            "locked": sorted(state.locked, key=COLOURS.index),
            "dice": list(state.dice) if state.dice else None,
            "game_number": state.game_number,
            "first": state.first,
            "totals": list(state.totals),
            "bear_totals": list(state.bear_totals),
            "retired": sorted(state.retired),
        }

    def from_dict(self, data: Mapping[str, Any]) -> DerbyState:
        if data.get("version") != self.VERSION:
            raise ValueError(f"unknown Polar Derby state version {data.get('version')}")
        options = DerbyOptions.from_mapping(data["options"])
        assert isinstance(options, DerbyOptions)
        dice = data["dice"]
        return DerbyState(
            seed=int(data["seed"]),
            step=int(data["step"]),
            players=int(data["players"]),
            options=options,
            current=int(data["current"]),
            phase=str(data["phase"]),
            middle=tuple(data["middle"]),
            safe=tuple(tuple(row) for row in data["safe"]),
            pulled=tuple(data["pulled"]),
            locked=frozenset(data["locked"]),
            dice=(dice[0], dice[1]) if dice else None,
            game_number=int(data["game_number"]),
            first=int(data["first"]),
            totals=tuple(data["totals"]),
            bear_totals=tuple(data["bear_totals"]),
            retired=frozenset(data["retired"]),
        )


POLAR_DERBY = PolarDerby()
