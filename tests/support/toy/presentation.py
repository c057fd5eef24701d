"""How Snowballs is shown (the presentation its registration names): how to play and examples of
its notation; its menus and labels are the defaults."""

from games.presentation import Presentation
from tests.support.toy.rules import Take

HOW_TO_PLAY = """\
Snowballs: how to play

Goal: take the last snowball.

A turn: take one or two snowballs from the pile (take 2).

The end: when the pile is empty; whoever took the last snowball wins.

Example: three snowballs are left and you take one; whatever the next player takes, the last
one is yours.
"""

SNOWBALLS_PRESENTATION: Presentation[Take] = Presentation(
    how_to_play=tuple(HOW_TO_PLAY.splitlines()), notation_examples="take 1, take 2"
)
