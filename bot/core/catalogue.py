"""The games as a front end sees them: the registered games, a game by name, whether the
computer plays one, how a game is shown (its presentation), a state as a text board, what a player may revise, and the words and errors
the games share.

The front ends reach games/, ai/ and renderer/ only through the core (ARCHITECTURE.md, "Layers";
``tests/test_layers.py``); what they need of them beyond the session
service is here. What the other players may see is decided in :mod:`bot.core.visibility`, not
here.
"""

from __future__ import annotations

import ai
import games
import renderer
from bot.core.languages import language
from games import (
    GAMES,
    AnyGame,
    GameError,
    GameOver,
    GameState,
    InvalidOptions,
    NotYourTurn,
    Presentation,
    Seat,
    get,
    may_revise,
    presentation_of,
    tell,
)
from games.words import ENGLISH, Language, Listed, Said, Text, counted, say, say_in, say_n


def all_games() -> list[AnyGame]:
    """Every registered game, by name."""
    return [games.GAMES[name] for name in sorted(games.GAMES)]


def game_named(name: str) -> AnyGame:
    """The game registered as ``name``; an unknown name raises :class:`InvalidOptions`."""
    return games.get(name)


def has_computer(game: AnyGame) -> bool:
    """Whether a computer player can take a seat at ``game``."""
    return ai.has_computer(game.name)


def text_board(
    game: AnyGame, state: GameState, seat: Seat | None, names: list[str], language: Language = ENGLISH
) -> str:
    """``state`` as the plain-text board ``seat`` may see (None: the public board), its words in
    ``language``."""
    return renderer.render_text(game.view(state, seat), names, language=language)


__all__ = [
    "ENGLISH",
    "GAMES",
    "AnyGame",
    "GameError",
    "GameOver",
    "InvalidOptions",
    "Language",
    "Listed",
    "NotYourTurn",
    "Presentation",
    "Said",
    "Seat",
    "Text",
    "all_games",
    "counted",
    "game_named",
    "get",
    "has_computer",
    "language",
    "may_revise",
    "presentation_of",
    "say",
    "say_in",
    "say_n",
    "tell",
    "text_board",
]
