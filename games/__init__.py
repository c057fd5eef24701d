"""Floe's pure game rules: one module per game behind one protocol (see :mod:`games.core`)."""

from __future__ import annotations

from typing import Any

from games.core import (
    ANIMATED_KINDS,
    Builder,
    Event,
    Game,
    GameError,
    GameOver,
    GameState,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    NotYourTurn,
    Options,
    Outcome,
    Seat,
    Undo,
    is_deadline_only,
    is_private,
    is_secret,
    rng,
)
from games.presentation import Presentation
from games.registry import GAMES, presentation_of
from games.words import Said, Text, Who, say, say_in, say_n, tell

AnyGame = Game[Any, Any, Any]


def get(name: str) -> AnyGame:
    """The game registered under ``name``; an unknown name raises :class:`InvalidOptions`."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise InvalidOptions(
            say("there is no game called {name}; try one of: {known}", name=repr(name), known=known)
        ) from None


def play(game: AnyGame, state: Any, seat: Seat, action: Any) -> tuple[Any, list[Event]]:
    """The one door in: refuse what is not allowed, then apply.

    Raises :class:`GameOver`, :class:`NotYourTurn` or :class:`IllegalAction` (from ``check``)
    before ``apply`` runs, so a refused action changes nothing.
    """
    awaited = game.to_act(state)
    if not awaited:
        raise GameOver(say("the game is over"))
    if seat not in awaited and not may_revise(game, state, seat):
        raise NotYourTurn(say("it is not your turn"))
    game.check(state, seat, action)
    return game.apply(state, seat, action)


def may_revise(game: AnyGame, state: Any, seat: Seat) -> bool:
    """Whether ``seat`` may change a choice it already made (an Ice Lake plan before the reveal).

    Games with simultaneous secret choices override ``can_revise(state, seat)``; by default never.
    """
    return game.can_revise(state, seat)


__all__ = [
    "ANIMATED_KINDS",
    "GAMES",
    "AnyGame",
    "Builder",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOptions",
    "NotYourTurn",
    "Options",
    "Outcome",
    "Presentation",
    "Said",
    "Seat",
    "Text",
    "Undo",
    "Who",
    "get",
    "is_deadline_only",
    "is_private",
    "is_secret",
    "may_revise",
    "play",
    "presentation_of",
    "rng",
    "say",
    "say_in",
    "say_n",
    "tell",
]
