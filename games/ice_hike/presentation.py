"""How Ice Hike is shown: its menus and labels, examples of its notation and how to play
(:class:`games.presentation.Presentation`)."""

from __future__ import annotations

from games.ice_hike import board as B
from games.ice_hike.actions import (
    Action,
    BearStep,
    Berries,
    Build,
    Choose,
    End,
    Go,
    Place,
    Policy,
    Rope,
    Search,
    TorchAnswer,
    TorchPush,
    Walk,
)
from games.ice_hike.how_to_play import HOW_TO_PLAY
from games.presentation import Presentation
from games.words import Said, Text, say

#: The labels of the standing choices for torches.
POLICY_LABELS: dict[str, Text] = {
    "always": say("Always use a torch"),
    "never": say("Never use a torch"),
    "ask": say("Ask me each time"),
}


#: The cave finds paid as a toll, as in "Walk NE pay rope" (the notation's words).
FIND_WORDS: dict[str, Said] = {
    # Translators: a cave find, as in "Walk NE pay berries"
    B.BERRIES: say("berries"),
    # Translators: a cave find, as in "Walk NE pay torch"
    B.TORCH: say("torch"),
    # Translators: a cave find, as in "Walk NE pay rope"
    B.ROPE: say("rope"),
}
#: The labels of the one-word actions.
SIMPLE_LABELS: dict[type, Said] = {
    # Translators: a button: build an igloo where your puppet stands
    Build: say("Build"),
    # Translators: a button: search the cave your puppet stands on
    Search: say("Search"),
    # Translators: a button: eat the blueberries, two more steps
    Berries: say("Berries"),
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
    if type(action) in SIMPLE_LABELS:
        return SIMPLE_LABELS[type(action)]
    return move_label(action)


def move_label(action: Action) -> Text:
    """A placing, a step or a push in words; cells, directions and ``start`` as typed, the find
    paid told: "Place C4", "Walk NE pay rope"."""
    if isinstance(action, Place):
        # Translators: a button: place the drawn tile on {cell}
        return say("Place {cell}", cell=B.NAMES[action.cell])
    if isinstance(action, Walk):
        if action.pay:
            # Translators: a button: walk one step {direction} onto another player's igloo,
            # paying them {find}
            return say("Walk {direction} pay {find}", direction=action.direction, find=FIND_WORDS[action.pay])
        # Translators: a button: your puppet walks one step {direction}
        return say("Walk {direction}", direction=action.direction)
    if isinstance(action, Rope):
        if action.pay:
            # Translators: a button: climb or descend {direction} with a rope onto another
            # player's igloo, paying them {find}
            return say("Rope {direction} pay {find}", direction=action.direction, find=FIND_WORDS[action.pay])
        # Translators: a button: climb or descend two levels {direction} with a rope
        return say("Rope {direction}", direction=action.direction)
    if isinstance(action, TorchPush):
        # Translators: a menu option: step onto the bear to the {direction} and push it {push}
        # with a torch
        return say("Torch {direction} {push}", direction=action.direction, push=action.push)
    if isinstance(action, BearStep):
        return _bear_step(action)
    if isinstance(action, Go):
        return _go(action)
    text = str(action)
    return text[:1].upper() + text[1:]


def _bear_step(action: BearStep) -> Text:
    """A step of the bear's walk: the first names the bear's cell ("Bear F5 NE")."""
    if action.start >= 0:
        # Translators: a menu option: walk the bear on {cell} one step {direction}
        return say("Bear {cell} {direction}", cell=B.NAMES[action.start], direction=action.direction)
    # Translators: a button: the polar bear walks one step {direction}
    return say("Bear {direction}", direction=action.direction)


def _go(action: Go) -> Text:
    """Where an attacked puppet goes: the start ("Go start") or an igloo ("Go C4 pay rope")."""
    if action.cell == B.START:
        if action.pay:
            # Translators: a button: the attacked puppet goes back to the start, paying {find}
            return say("Go start pay {find}", find=FIND_WORDS[action.pay])
        # Translators: a button: the attacked puppet goes back to the start
        return say("Go start")
    cell = B.NAMES[action.cell]
    if action.pay:
        # Translators: a button: the attacked puppet goes to the igloo on {cell}, paying its
        # owner {find}
        return say("Go {cell} pay {find}", cell=cell, find=FIND_WORDS[action.pay])
    # Translators: a button: the attacked puppet goes to the igloo on {cell}
    return say("Go {cell}", cell=cell)


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
