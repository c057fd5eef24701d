"""Choices nobody but their seat sees that leave the game where it was (a standing choice changed
and changed back, an Ice Lake plan revised to itself): what the secrecy tests make in a second
world to check that no public text, picture or page shows them."""

from __future__ import annotations

import dataclasses
from typing import Any

import games


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
