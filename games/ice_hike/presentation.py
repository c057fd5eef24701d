"""How Ice Hike is shown: its menus and labels, examples of its notation and how to play
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.ice_hike import board as B
from games.ice_hike.actions import (
    Action,
    BearStep,
    Berries,
    Choose,
    End,
    Place,
    Policy,
    Rope,
    TorchAnswer,
    TorchPush,
)
from games.ice_hike.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation
from games.words import Text, say

#: The labels of the standing choices for torches.
POLICY_LABELS: dict[str, Text] = {
    "always": say("Always use a torch"),
    "never": say("Never use a torch"),
    "ask": say("Ask me each time"),
}


def action_group(action: Action) -> Text:
    """Select menus for long lists ("" = a button): cells, a bear's first step, torch pushes."""
    if isinstance(action, Place):
        return say("Place your tile")
    if isinstance(action, BearStep) and action.start >= 0:
        return say("Walk the bear on {cell}", cell=B.NAMES[action.start])
    if isinstance(action, TorchPush):
        return say("Push a bear with a torch")
    if isinstance(action, Policy):
        return say("Torches when a bear attacks")
    return ""


def action_label(action: Action) -> Text:
    if isinstance(action, End):
        return say("End turn")
    if isinstance(action, Choose):
        return say("Puppet (2 steps)") if action.piece == "puppet" else say("Polar bear (3 steps)")
    if isinstance(action, TorchAnswer):
        return say("Use a torch") if action.use else say("No torch")
    if isinstance(action, Policy):
        return POLICY_LABELS[action.choice]
    text = str(action)
    return text[:1].upper() + text[1:]


def action_description(action: Action) -> Text:
    """What the cave find an action uses does ("": the action uses none)."""
    if isinstance(action, Berries):
        return B.FIND_EFFECTS[B.BERRIES]
    if isinstance(action, Rope):
        return B.FIND_EFFECTS[B.ROPE]
    if isinstance(action, TorchPush) or (isinstance(action, TorchAnswer) and action.use):
        return B.FIND_EFFECTS[B.TORCH]
    return ""


#: What each cave find does, after how to play (the terminal's ``rules``).
REFERENCE: tuple[Text, ...] = (
    say("The cave finds:"),
    *(B.FIND_EFFECTS[cube] for cube in (*B.FINDS, B.BEAR_CUBE, B.EMPTY)),
)


ICE_HIKE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="place C4, puppet, bear, walk NE, rope S, torch NE SE, build, search, berries, end, bear F5 NE, torch yes, go start, torches ask",
    action_group=action_group,
    action_label=action_label,
    action_description=action_description,
    reference=REFERENCE,
)
