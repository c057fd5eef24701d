"""The games as a front end sees them: the registry, a game by name, what a player may revise,
and the errors a player's move may raise. A front end reaches the rules only through bot/core
(``tests/test_layers.py``); this is its door to :mod:`games`."""

from __future__ import annotations

from games import GAMES, AnyGame, GameError, GameOver, NotYourTurn, get, may_revise

__all__ = ["GAMES", "AnyGame", "GameError", "GameOver", "NotYourTurn", "get", "may_revise"]
