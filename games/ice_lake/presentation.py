"""How Ice Lake is shown: its labels and menus, examples of its notation, how to play and the
private plan box (:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.ice_lake.actions import Action, Face, Reset
from games.ice_lake.board import name
from games.ice_lake.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation
from games.words import Text, say


def action_label(action: Action) -> Text:
    """The move in words, its facing, cell or plan letters as typed: "Face NE"."""
    if isinstance(action, Face):
        # Translators: a button: the skater turns to face {direction}
        return say("Face {direction}", direction=action.direction)
    if isinstance(action, Reset):
        # Translators: a button: the cut-off skater is reset to {cell}
        return say("Reset {cell}", cell=name(action.cell))
    # Translators: a menu option: the secret plan {letters} (S, L, R as typed)
    return say("Plan {letters}", letters=action.moves)


def verb_menu(action: Action) -> Text:
    """The menu of a kind of move, when there are more moves than buttons."""
    if isinstance(action, Face):
        # Translators: a menu of the facings the skater may turn to
        return say("Face")
    if isinstance(action, Reset):
        # Translators: a menu of the cells a cut-off skater may be reset to
        return say("Reset")
    # Translators: a menu of secret plans
    return say("Plan")


ICE_LAKE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="plan SSLR, face NE, reset A3",
    # the bot's private text box for plans (DMs are the first way)
    private_input_label=say("Plan privately"),
    action_label=action_label,
    verb_menu=verb_menu,
)
