"""The registry of games by name. Add one line per game module."""

from __future__ import annotations

from typing import Any

from games.core import Game
from games.ice_hike import ICE_HIKE
from games.ice_lake import ICE_LAKE
from games.ice_team import ICE_TEAM
from games.polar_derby import POLAR_DERBY
from games.thin_ice import THIN_ICE

GAMES: dict[str, Game[Any, Any, Any]] = {
    game.name: game
    for game in (
        ICE_HIKE,
        ICE_LAKE,
        ICE_TEAM,
        POLAR_DERBY,
        THIN_ICE,
    )
}
