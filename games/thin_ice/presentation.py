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
from games.thin_ice.cards import BY_KEY, CARDS
from games.thin_ice.how_to_play import HOW_TO_PLAY
from games.words import Text, say


def public_action(action: Action) -> bool:
    """Actions whose offer reveals nothing about a hand (moves, slides, the die, the bear's and
    the tiles' choices): the public post may show them as buttons, beside My options."""
    if isinstance(action, Move):
        return not action.jump  # a jump is Mighty Leap: it shows the card
    if isinstance(action, Simple):
        return action.verb != "pass"  # only card holders are asked to pass
    return isinstance(action, Place | Slide | Step | Target)


#: The menus of the tile choices, by verb.
TARGET_GROUPS: dict[str, Text] = {
    "crack": say("Crack a tile"),
    "refreeze": say("Refreeze a tile"),
    "destroy": say("Destroy a tile"),
}
#: The labels of the one-word actions.
SIMPLE_LABELS: dict[str, Text] = {
    "roll": say("Roll the die"),
    "end": say("End turn"),
    "pass": say("Pass"),
    "stand": say("Stand up"),
}


def action_group(action: Action) -> Text:
    """Select menus for the private menu ("" = a button): moves, stand, roll, end, pass, votes
    and one-step choices are buttons; tiles, cards and standing orders are menus."""
    if isinstance(action, Slide):
        return say("Slide a tile")
    if isinstance(action, Target):
        return TARGET_GROUPS[action.verb]
    if isinstance(action, Play):
        return say("Play {card}", card=BY_KEY[action.card].name)
    if isinstance(action, Discard):
        return say("Discard a card")
    if isinstance(action, Keep):
        return say("{card}: keep a card", card=BY_KEY["zen"].name)
    if isinstance(action, Order):
        return say("Standing orders (private)")
    return ""


def action_label(action: Action) -> Text:
    if isinstance(action, Play):
        card = BY_KEY[action.card].name
        rest = " ".join(str(action).split()[2:])
        if not rest:
            return say("Play {card}", card=card)
        # Translators: {choice} is typed as it is: a direction, a player's number or cells
        return say("Play {card} {choice}", card=card, choice=rest)
    if isinstance(action, Discard):
        return say("Discard {card}", card=BY_KEY[action.card].name)
    if isinstance(action, Keep):
        card = BY_KEY[action.card].name
        if action.where == "top":
            return say("Keep {card}, the others to the top", card=card)
        return say("Keep {card}, the others to the bottom", card=card)
    if isinstance(action, Order):
        return action.label
    if isinstance(action, Simple):
        return SIMPLE_LABELS[action.verb]
    text = str(action)
    return text[:1].upper() + text[1:]


def action_description(action: Action) -> Text:
    """What the card an action plays, discards, keeps or gives an order for does ("": none)."""
    if isinstance(action, Play | Discard | Keep) or (isinstance(action, Order) and action.card):
        return BY_KEY[action.card].brief
    return ""


#: What each event card does, after how to play (the terminal's ``rules``).
REFERENCE: tuple[Text, ...] = (say("The event cards:"), *(c.line for c in CARDS))


THIN_ICE_PRESENTATION: Presentation[Action] = Presentation(
    how_to_play=HOW_TO_PLAY,
    notation_examples="place D3, move NE, slide C3 N, roll, bear NE, crack E5, play flare, pass, vote yes, order flare when-bear-adjacent, discard run, end",
    action_group=action_group,
    action_label=action_label,
    public_action=public_action,
    action_description=action_description,
    reference=REFERENCE,
)
