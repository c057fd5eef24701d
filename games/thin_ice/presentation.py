"""How Thin Ice is shown: which actions stay public buttons, its menus and labels, examples of its
notation and how to play (:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.presentation import Presentation
from games.thin_ice.actions import (
    Action,
    Discard,
    Keep,
    Move,
    Order,
    Place,
    Play,
    Simple,
    Slide,
    Step,
    Target,
)
from games.thin_ice.cards import BY_KEY
from games.thin_ice.how_to_play import HOW_TO_PLAY


def public_action(action: Action) -> bool:
    """Actions whose offer reveals nothing about a hand (moves, slides, the die, the bear's and
    the tiles' choices): the public post may show them as buttons, beside My options."""
    if isinstance(action, Move):
        return not action.jump  # a jump is Mighty Leap: it shows the card
    if isinstance(action, Simple):
        return action.verb != "pass"  # only card holders are asked to pass
    return isinstance(action, Place | Slide | Step | Target)


def action_group(action: Action) -> str:
    """Select menus for the private menu ("" = a button): moves, stand, roll, end, pass, votes
    and one-step choices are buttons; tiles, cards and standing orders are menus."""
    if isinstance(action, Slide):
        return "Slide a tile"
    if isinstance(action, Target):
        return f"{action.verb.capitalize()} a tile"
    if isinstance(action, Play):
        return f"Play {BY_KEY[action.card].title}"
    if isinstance(action, Discard):
        return "Discard a card"
    if isinstance(action, Keep):
        return "Zen moment: keep a card"
    if isinstance(action, Order):
        return "Standing orders (private)"
    return ""


def action_label(action: Action) -> str:
    if isinstance(action, Play):
        rest = str(action).split()[2:]
        return " ".join([f"Play {BY_KEY[action.card].title}", *rest])
    if isinstance(action, Discard):
        return f"Discard {BY_KEY[action.card].title}"
    if isinstance(action, Keep):
        return f"Keep {BY_KEY[action.card].title}, the others to the {action.where}"
    if isinstance(action, Order):
        return str(action.label)
    if isinstance(action, Simple):
        words = {"roll": "Roll the die", "end": "End turn", "pass": "Pass", "stand": "Stand up"}
        return words[action.verb]
    text = str(action)
    return text[:1].upper() + text[1:]


THIN_ICE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="place D3, move NE, slide C3 N, roll, bear NE, crack E5, play flare, pass, vote yes, order flare when-bear-adjacent, discard run, end",
    action_group=action_group,
    action_label=action_label,
    public_action=public_action,
)
