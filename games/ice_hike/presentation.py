"""How Ice Hike is shown: its menus and labels, examples of its notation and how to play
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.ice_hike import board as B
from games.ice_hike.actions import Action, BearStep, Choose, End, Place, Policy, TorchAnswer, TorchPush
from games.ice_hike.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation


def action_group(action: Action) -> str:
    """Select menus for long lists ("" = a button): cells, a bear's first step, torch pushes."""
    if isinstance(action, Place):
        return "Place your tile"
    if isinstance(action, BearStep) and action.start >= 0:
        return f"Walk the bear on {B.NAMES[action.start]}"
    if isinstance(action, TorchPush):
        return "Push a bear with a torch"
    if isinstance(action, Policy):
        return "Torches when a bear attacks"
    return ""


def action_label(action: Action) -> str:
    if isinstance(action, End):
        return "End turn"
    if isinstance(action, Choose):
        return "Puppet (2 steps)" if action.piece == "puppet" else "Polar bear (3 steps)"
    if isinstance(action, TorchAnswer):
        return "Use a torch" if action.use else "No torch"
    if isinstance(action, Policy):
        return {"always": "Always use a torch", "never": "Never use a torch", "ask": "Ask me each time"}[
            action.choice
        ]
    text = str(action)
    return text[:1].upper() + text[1:]


ICE_HIKE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="place C4, puppet, bear, walk NE, rope S, torch NE SE, build, search, berries, end, bear F5 NE, torch yes, go start, torches ask",
    action_group=action_group,
    action_label=action_label,
)
