"""How Ice Lake is shown: examples of its notation, how to play and the private plan box
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.ice_lake.actions import Action
from games.ice_lake.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation
from games.words import say

ICE_LAKE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="plan SSLR, face NE, reset A3",
    # the bot's private text box for plans (DMs are the first way)
    private_input_label=say("Plan privately"),
)
