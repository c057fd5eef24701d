"""What the secrecy tests change that nobody else may see: choices nobody but their seat sees that
leave the game where it was (a standing choice changed and changed back, an Ice Lake plan revised
to itself), made in a second world; and what a seat holds hidden in a state (:func:`hidden_change`,
for every game that declares hidden information)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import games
from games.ice_hike.actions import POLICIES


def hidden_from_others(game: Any, before: Any, after: Any, seat: int, players: int) -> bool:
    def unstepped(view: Any) -> Any:
        return dataclasses.replace(view, step=0) if hasattr(view, "step") else view

    return all(
        unstepped(game.view(before, o)) == unstepped(game.view(after, o))
        for o in [None, *range(players)]
        if o != seat
    )


def _same_game(game: Any, a: Any, b: Any) -> bool:
    """The same state but for the step counter."""
    da, db = dict(game.to_dict(a)), dict(game.to_dict(b))
    da.pop("step", None)
    db.pop("step", None)
    return da == db


def round_trip(game: Any, state: Any, seat: int, players: int, own: list[Any]) -> list[Any] | None:
    """Private actions of ``seat`` that nobody else sees and that leave the game where it was
    (but for the step): one (a plan revised to itself) or two (a choice changed and changed back)."""
    if seat not in game.to_act(state) and not games.may_revise(game, state, seat):
        return None
    for first in [*own[-1:], *game.legal_actions(state, seat)]:
        if not games.is_private(first):
            continue
        try:
            after, _ = games.play(game, state, seat, first)
        except games.GameError:
            continue
        if not hidden_from_others(game, state, after, seat, players):
            continue
        if _same_game(game, state, after):
            return [first]
        for back in [*own[-1:], *game.legal_actions(after, seat)]:
            if not games.is_private(back):
                continue
            try:
                restored, _ = games.play(game, after, seat, back)
            except games.GameError:
                continue
            if _same_game(game, state, restored) and hidden_from_others(game, after, restored, seat, players):
                return [first, back]
    return None


def other_tile_and_torches(state: Any) -> Any:
    """Ice Hike: every seat's standing torch choice changed, and the drawn tile swapped for
    another kind (its cube kept hidden likewise) when one is drawn."""
    policy = tuple(POLICIES[(POLICIES.index(p) + 1) % len(POLICIES)] for p in state.policy)
    kinds = [k for k in dict.fromkeys(state.pile) if k != state.drawn] if state.drawn else []
    return dataclasses.replace(state, policy=policy, **({"drawn": kinds[0]} if kinds else {}))


def other_hand(state: Any) -> Any:
    """Thin Ice: the first card of the first hand that has one swapped with the top of the deck."""
    for seat, hand in enumerate(state.hands):
        if hand and state.deck and state.deck[0] != hand[0]:
            hands = list(state.hands)
            hands[seat] = (state.deck[0], *hand[1:])
            return dataclasses.replace(state, hands=tuple(hands), deck=(hand[0], *state.deck[1:]))
    return None


def other_plan(state: Any) -> Any:
    """Ice Lake: a plan that is in, before the reveal, changed to another one."""
    if state.phase != "plan":
        return None  # revealed: the plans are public now
    for seat, plan in enumerate(state.plans):
        if plan:
            plans = list(state.plans)
            plans[seat] = plan.translate(str.maketrans("SLR", "LRS"))
            return dataclasses.replace(state, plans=tuple(plans))
    return None


#: What each game with hidden information holds hidden, changed (``None``: nothing now).
HIDDEN: dict[str, Callable[[Any], Any]] = {
    "ice-hike": other_tile_and_torches,
    "thin-ice": other_hand,
    "ice-lake": other_plan,
}


def hiding_games() -> list[str]:
    """Every registered game that declares hidden information (``Capabilities``), by name."""
    return sorted(name for name, game in games.GAMES.items() if game.capabilities.hidden_information)


def hidden_change(name: str) -> Callable[[Any], Any]:
    """How to change what a seat of ``name`` holds hidden in a state; a game that declares hidden
    information without one here fails its test instead of being left out."""
    try:
        return HIDDEN[name]
    except KeyError:
        raise AssertionError(
            f"{name} declares hidden information: add what a seat holds hidden to HIDDEN in {__name__}"
        ) from None
