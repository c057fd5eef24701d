"""How Ice Team is shown: its menus, examples of its notation and how to play
(:class:`games.presentation.Presentation`; its actions' labels are their own ``label``)."""

from __future__ import annotations

from games.ice_team.actions import Action, Move, Shift
from games.ice_team.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation
from games.words import Text, say


def action_group(action: Action) -> Text:
    """One select menu per bear (its walk, leap and swim targets), one for the shifting choices;
    dice and ``end`` are buttons."""
    if isinstance(action, Move):
        return say("Bear {bear}: where to?", bear=action.bear + 1)
    if isinstance(action, Shift):
        return say("Shift the tile")
    return ""


def label_parts(action: Action) -> tuple[Text, Text] | None:
    """A move or a push without its note, and the note (what the landing tile does, what else
    the push moves), for a menu option its whole label does not fit."""
    if isinstance(action, Move | Shift) and action.note:
        return action.plain_label, action.note
    return None


ICE_TEAM_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="walk 2 C2, swim 2 F1, leap 2 C3 E3 F2, walk 3 finish, shift simple D2, shift block F2, die 3, die steal, end",
    action_group=action_group,
    label_parts=label_parts,
)
