"""How front ends show a game, kept apart from its rules: the menus and labels of its actions,
examples of its notation and its page of how to play.

A game's package keeps its :class:`Presentation` in ``presentation.py``, next to ``rules.py``,
and its line in :mod:`games.registry` registers both; :func:`games.registry.presentation_of`
finds it. The rules (:class:`games.core.Game`) never read it, and nothing here decides what a
seat may see: that stays with the rules (``secret_choices``, ``hides_choices``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.core import action_label
from games.words import tell

A = TypeVar("A")


def no_group(action: Any) -> str | None:
    """No menu of the game's own: the session lays out buttons, or one menu per verb when there
    are more actions than buttons."""
    return None


def own_label(action: Any) -> str:
    """The action's own label (:class:`games.core.ActionTraits`: its notation unless it says)."""
    return tell(action_label(action))


def never_public(action: Any) -> bool:
    """No action stays a public button while choices are offered privately."""
    return False


@dataclass(frozen=True)
class Presentation(Generic[A]):
    """What a game's front ends show beside its board; every field has the default a game with
    nothing to add keeps (``tests/games/test_presentation.py`` checks every registered game's)."""

    #: How to play, in under 40 lines written from the rulebook: the goal, a turn, the end and one
    #: example (the terminal's ``rules``; each game keeps it in ``games/<game>/how_to_play.py``).
    how_to_play: str = ""
    #: Examples of notation, separated by commas, for ``/game rules`` ("" shows none).
    notation_examples: str = ""
    #: The label of the button that opens a private text input when every choice is secret.
    private_input_label: str = "Answer privately"
    #: The select menu an action belongs in ("": a button; ``None``: the session decides).
    action_group: Callable[[A], str | None] = no_group
    #: The label of an action's button or menu option (default: :func:`games.core.action_label`).
    action_label: Callable[[A], str] = own_label
    #: Whether an action may still be a public button while choices are offered privately (Thin
    #: Ice moves and the die); ``False``: every action is in the private menu.
    public_action: Callable[[A], bool] = never_public


#: The presentation of a game that declares none.
PLAIN: Presentation[Any] = Presentation()
