"""How Polar Derby is shown: examples of its notation and how to play
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.polar_derby.actions import Action
from games.polar_derby.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation

POLAR_DERBY_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="roll, stop, take pink orange, take pink, steal white white from 2, steal white white from 1 3",
)
