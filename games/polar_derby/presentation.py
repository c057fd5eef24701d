"""How Polar Derby is shown: its labels and menus, examples of its notation and how to play
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.polar_derby.actions import Action, Roll, Steal, Stop, Take
from games.polar_derby.how_to_play import HOW_TO_PLAY
from games.polar_derby.rules import FACE_NAMES
from games.presentation import Presentation
from games.words import Text, say


def action_label(action: Action) -> Text:
    """The move in words, the colours told and the players by their numbers: "Take white"."""
    if isinstance(action, Roll):
        # Translators: a button: roll both dice
        return say("Roll")
    if isinstance(action, Stop):
        # Translators: a button: end the turn, the bears pulled this turn become safe
        return say("Stop")
    if isinstance(action, Take):
        colours = [FACE_NAMES[c] for c in action.colours]
        if len(colours) == 1:
            # Translators: a button: take a bear of {colour} from the middle
            return say("Take {colour}", colour=colours[0])
        # Translators: a button: take a bear of each colour from the middle
        return say("Take {colour} {other}", colour=colours[0], other=colours[1])
    if isinstance(action, Steal):
        colour = FACE_NAMES[action.colour]
        players = " ".join(str(v + 1) for v in sorted(set(action.victims)))
        if len(action.victims) == 1:
            # Translators: a button: take a bear of {colour} from player(s) {players} (numbers)
            return say("Steal {colour} from {players}", colour=colour, players=players)
        # Translators: a button: take two bears of {colour} from player(s) {players} (numbers)
        return say("Steal {colour} {colour} from {players}", colour=colour, players=players)
    return str(action)  # time out: played only by the session, never offered


def verb_menu(action: Action) -> Text:
    """The menu of a kind of move, when there are more moves than buttons."""
    if isinstance(action, Take):
        # Translators: a menu of the moves that take bears from the middle
        return say("Take")
    if isinstance(action, Steal):
        # Translators: a menu of the moves that take bears from opponents
        return say("Steal")
    return action_label(action)


POLAR_DERBY_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="roll, stop, take pink orange, take pink, steal white white from 2, steal white white from 1 3",
    action_label=action_label,
    verb_menu=verb_menu,
)
