"""Snowballs' rules: the state, the actions, the view and the rules object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.core import (
    ActionTraits,
    Event,
    Game,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    Options,
    Outcome,
    Seat,
    check_setup,
    parse_number,
    public,
    replace,
    words,
)


@dataclass(frozen=True)
class SnowballOptions(Options):
    pile: int = 7

    help: ClassVar[Mapping[str, str]] = {"pile": "snowballs in the pile at the start"}

    def validate(self) -> None:
        if not 2 <= self.pile <= 30:
            raise InvalidOptions("the pile holds 2 to 30 snowballs")


@dataclass(frozen=True)
class Take(ActionTraits):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True)
class SnowballState:
    seed: int
    step: int
    players: int
    options: SnowballOptions
    pile: int
    current: Seat
    winner: Seat | None
    retired: frozenset[Seat]


@dataclass(frozen=True)
class SnowballView:
    game: str
    step: int
    players: int
    viewer: Seat | None
    pile: int
    current: Seat | None


class Snowballs(Game[SnowballState, Take, SnowballView]):
    name = "snowballs"
    title = "Snowballs"
    players = range(2, 4)
    options = SnowballOptions

    def new_game(self, players: int, options: Options, seed: int) -> SnowballState:
        chosen = check_setup(self.title, self.players, players, options, SnowballOptions)
        return SnowballState(seed, 0, players, chosen, chosen.pile, 0, None, frozenset())

    def to_act(self, state: SnowballState) -> frozenset[Seat]:
        return frozenset() if state.winner is not None else frozenset({state.current})

    def legal_actions(self, state: SnowballState, seat: Seat) -> Sequence[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def check(self, state: SnowballState, seat: Seat, action: Take) -> None:
        if action.count > state.pile:
            raise IllegalAction(f"only {state.pile} snowball is left")

    def apply(self, state: SnowballState, seat: Seat, action: Take) -> tuple[SnowballState, list[Event]]:
        pile = state.pile - action.count
        events = [public("take", f"{{{seat}}} takes {action.count}; {pile} left.")]
        if pile == 0:
            return replace(state, step=state.step + 1, pile=0, winner=seat), events
        following = self._next(state, seat)
        return replace(state, step=state.step + 1, pile=pile, current=following), events

    def _next(self, state: SnowballState, seat: Seat) -> Seat:
        seats = [(seat + k) % state.players for k in range(1, state.players + 1)]
        return next(s for s in seats if s not in state.retired)

    def outcome(self, state: SnowballState) -> Outcome | None:
        if state.winner is None:
            return None
        return Outcome(
            frozenset({state.winner}), None, f"{{{state.winner}}} took the last snowball and wins."
        )

    def view(self, state: SnowballState, seat: Seat | None) -> SnowballView:
        current = None if state.winner is not None else state.current
        return SnowballView(self.name, state.step, state.players, seat, state.pile, current)

    def prompt(self, state: SnowballState, seat: Seat) -> str:
        return "take 1 or 2 snowballs"

    def retire(self, state: SnowballState, seat: Seat) -> tuple[SnowballState, list[Event]]:
        retired = state.retired | {seat}
        left = [s for s in range(state.players) if s not in retired]
        events = [public("retire", f"{{{seat}}} leaves the game.")]
        if len(left) == 1:
            return replace(state, step=state.step + 1, retired=retired, winner=left[0]), events
        current = (
            self._next(replace(state, retired=retired), seat) if seat == state.current else state.current
        )
        return replace(state, step=state.step + 1, retired=retired, current=current), events

    def parse_action(self, text: str) -> Take:
        parts = words(text)
        count = parse_number(parts[1]) if len(parts) == 2 and parts[0] == "take" else None
        if count not in (1, 2):
            raise InvalidAction("write take 1 or take 2")
        return Take(count)

    def to_dict(self, state: SnowballState) -> dict[str, Any]:
        return {
            "version": 1,
            "seed": state.seed,
            "step": state.step,
            "players": state.players,
            "options": state.options.to_mapping(),
            "pile": state.pile,
            "current": state.current,
            "winner": state.winner,
            "retired": sorted(state.retired),
        }

    def from_dict(self, data: Mapping[str, Any]) -> SnowballState:
        options = SnowballOptions.from_mapping(data["options"])
        assert isinstance(options, SnowballOptions)
        return SnowballState(
            data["seed"],
            data["step"],
            data["players"],
            options,
            data["pile"],
            data["current"],
            data["winner"],
            frozenset(data["retired"]),
        )


SNOWBALLS = Snowballs()
