"""The registry of games by name: one line per game, the one place a game is registered.

A line names the game's rules object, its presentation (:class:`games.presentation.Presentation`:
menus, labels, notation examples, how to play) and, by module name (the rules import neither), the module
of ``renderer/`` that draws it and the module of ``ai/`` that plays it: :mod:`renderer.registry`
and :mod:`ai.registry` find them here. A sixth game is one package in ``games/``, one module in
``renderer/``, one in ``ai/``, its rulebook in ``seeds/`` and one line below. Tests register a
game of their own at run time with :func:`register` (and take it back with :func:`unregister`).
"""

from __future__ import annotations

from typing import Any

from games.core import Game
from games.ice_hike import ICE_HIKE
from games.ice_hike.presentation import ICE_HIKE_PRESENTATION
from games.ice_lake import ICE_LAKE
from games.ice_lake.presentation import ICE_LAKE_PRESENTATION
from games.ice_team import ICE_TEAM
from games.ice_team.presentation import ICE_TEAM_PRESENTATION
from games.polar_derby import POLAR_DERBY
from games.polar_derby.presentation import POLAR_DERBY_PRESENTATION
from games.presentation import PLAIN, Presentation
from games.thin_ice import THIN_ICE
from games.thin_ice.presentation import THIN_ICE_PRESENTATION
from util.records import frozen


@frozen
class Registration:
    """One registered game: its rules, how front ends show it, and where its drawing and its
    computer player live."""

    game: Game[Any, Any, Any]
    #: Its menus, labels, notation examples and how to play (:data:`games.presentation.PLAIN`:
    #: the defaults).
    presentation: Presentation[Any]
    #: The module that draws it (``draw(view, names)``, ``text(view, names)``: renderer/registry.py).
    renderer: str
    #: The module of its computer player (its ``HOOKS``: ai/hooks.py); None: no computer player.
    computer: str | None = None


#: Every registered game by name (what :func:`games.get` looks up).
GAMES: dict[str, Game[Any, Any, Any]] = {}
#: Every registration by the game's name.
REGISTERED: dict[str, Registration] = {}


def register(registration: Registration) -> None:
    """Add a game; a name already registered is refused (two games would share stored games)."""
    name = registration.game.name
    if name in REGISTERED:
        raise ValueError(f"a game called {name!r} is registered already")
    REGISTERED[name] = registration
    GAMES[name] = registration.game


def unregister(name: str) -> None:
    """Take a game registered with :func:`register` out again (a test's own game)."""
    del REGISTERED[name]
    del GAMES[name]


def presentation_of(game: Game[Any, Any, Any]) -> Presentation[Any]:
    """How front ends show ``game``: its registered presentation; a game never registered (a
    test's own) is shown with the defaults."""
    registration = REGISTERED.get(game.name)
    return registration.presentation if registration is not None else PLAIN


for _registration in (
    Registration(ICE_HIKE, ICE_HIKE_PRESENTATION, renderer="renderer.ice_hike", computer="ai.ice_hike"),
    Registration(ICE_LAKE, ICE_LAKE_PRESENTATION, renderer="renderer.ice_lake", computer="ai.ice_lake"),
    Registration(ICE_TEAM, ICE_TEAM_PRESENTATION, renderer="renderer.ice_team", computer="ai.ice_team"),
    Registration(
        POLAR_DERBY, POLAR_DERBY_PRESENTATION, renderer="renderer.polar_derby", computer="ai.polar_derby"
    ),
    Registration(THIN_ICE, THIN_ICE_PRESENTATION, renderer="renderer.thin_ice", computer="ai.thin_ice"),
):
    register(_registration)
