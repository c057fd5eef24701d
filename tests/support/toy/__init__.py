"""A throwaway sixth game, Snowballs, shaped as a real one is (its rules, a drawing and a computer
player, each in its own module, and its presentation), for the tests that register a game at run time:
:data:`REGISTRATION` is the one line a game adds to :mod:`games.registry`.

The rules: a pile of snowballs (7 by default); in turn each player takes one or two; who takes
the last one wins.
"""

from games.registry import Registration
from tests.support.toy.presentation import SNOWBALLS_PRESENTATION
from tests.support.toy.rules import SNOWBALLS

REGISTRATION = Registration(
    SNOWBALLS,
    SNOWBALLS_PRESENTATION,
    renderer="tests.support.toy.drawing",
    computer="tests.support.toy.computer",
)

__all__ = ["REGISTRATION", "SNOWBALLS"]
