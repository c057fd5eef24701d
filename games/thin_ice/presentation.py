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
    Vote,
)
from games.thin_ice.board import name
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
    return move_label(action)


def move_label(action: Action) -> Text:
    """A move, a slide or a choice the die or a card asks for, in words; its cells, directions
    and turns (``cw``, ``ccw``) as typed: "Move NE", "Slide C3 N"."""
    if isinstance(action, Place):
        # Translators: a button: put your meeple on {cell} at the start
        return say("Place {cell}", cell=name(action.cell))
    if isinstance(action, Move):
        return _meeple_move(action)
    if isinstance(action, Slide):
        # Translators: a button: slide the tile on {cell} one space {direction}
        return say("Slide {cell} {direction}", cell=name(action.cell), direction=action.dir)
    if isinstance(action, Step):
        return _step(action)
    if isinstance(action, Target):
        return _target(action)
    if isinstance(action, Vote):
        if action.yes:
            # Translators: a button: vote for the effect of the card just played
            return say("Vote yes")
        # Translators: a button: vote against the effect of the card just played
        return say("Vote no")
    text = str(action)
    return text[:1].upper() + text[1:]


def _meeple_move(action: Move) -> Text:
    """A step of the meeple ("Move NE"), turning the rotating tile it leaves ("Move NE cw"), or
    Mighty Leap's jump ("Jump NE")."""
    if action.jump:
        if action.rot:
            # Translators: a button: jump over the meeple to the {direction}, turning the tile
            # left {turn} (cw, ccw: as typed)
            return say("Jump {direction} {turn}", direction=action.dir, turn=action.rot)
        # Translators: a button: jump over the meeple to the {direction} (Mighty Leap)
        return say("Jump {direction}", direction=action.dir)
    if action.rot:
        # Translators: a button: move your meeple one step {direction}, turning the tile left
        # {turn} (cw, ccw: as typed)
        return say("Move {direction} {turn}", direction=action.dir, turn=action.rot)
    # Translators: a button: move your meeple one step {direction}
    return say("Move {direction}", direction=action.dir)


def _step(action: Step) -> Text:
    """The one-step choices: the bear's, the chased meeple's and the Killer Whale's."""
    if action.verb == "bear":
        # Translators: a button: the polar bear walks one step {direction}
        return say("Bear {direction}", direction=action.dir)
    if action.verb == "chase":
        # Translators: a button: the meeple the bear chased away goes one step {direction}
        return say("Chase {direction}", direction=action.dir)
    # Translators: a button: the Killer Whale moves one step {direction}
    return say("Whale {direction}", direction=action.dir)


def _target(action: Target) -> Text:
    """The tile choices of the die and the Kraken."""
    cell = name(action.cell)
    if action.verb == "crack":
        # Translators: a menu option: crack the tile on {cell}
        return say("Crack {cell}", cell=cell)
    if action.verb == "refreeze":
        # Translators: a menu option: refreeze the cracked tile on {cell}
        return say("Refreeze {cell}", cell=cell)
    # Translators: a menu option: the Kraken destroys the tile on {cell}
    return say("Destroy {cell}", cell=cell)


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
