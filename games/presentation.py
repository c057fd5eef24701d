"""How front ends show a game, kept apart from its rules: the menus and labels of its actions,
examples of its notation and its page of how to play.

A game's package keeps its :class:`Presentation` in ``presentation.py``, next to ``rules.py``,
and its line in :mod:`games.registry` registers both; :func:`games.registry.presentation_of`
finds it. The rules (:class:`games.core.Game`) never read it, and nothing here decides what a
seat may see: that stays with the rules (``secret_choices``, ``hides_choices``).

Like the rules, a presentation writes no sentence in a language: its page, menus and labels
are sayings (:func:`games.words.say`) that a front end tells in its reader's language; the
notation in them (typed moves, cells) is a parameter, so it reads the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from games.core import action_label
from games.words import ENGLISH, Language, Text, say, tell
from util.records import frozen

A = TypeVar("A")


def no_group(action: Any) -> Text | None:
    """No menu of the game's own: the session lays out buttons, or one menu per verb when there
    are more actions than buttons."""
    return None


def own_label(action: Any) -> Text:
    """The action's own label (:class:`games.core.ActionTraits`: its notation unless it says)."""
    return action_label(action)


def notation_verb(action: Any) -> Text:
    """The action's verb as typed, capitalised ("Place"): a game that offers more actions than
    buttons and has no menus of its own names its menus (:attr:`Presentation.verb_menu`)."""
    return str(action).split()[0].capitalize()


def no_description(action: Any) -> Text:
    """No line under the action's menu option."""
    return ""


def one_part(action: Any) -> tuple[Text, Text] | None:
    """The label is one part: a field it does not fit cuts it."""
    return None


#: The default label of the private text input's button.
ANSWER_PRIVATELY = say("Answer privately")


def never_public(action: Any) -> bool:
    """No action stays a public button while choices are offered privately."""
    return False


@frozen
class Presentation(Generic[A]):
    """What a game's front ends show beside its board; every field has the default a game with
    nothing to add keeps (``tests/games/test_presentation.py`` checks every registered game's)."""

    #: How to play, in under 40 lines written from the rulebook: the goal, a turn, the end and one
    #: example (the terminal's ``rules``; each game keeps it in ``games/<game>/how_to_play.py``).
    #: One saying per line or paragraph, a paragraph with its own line breaks; "" a blank line
    #: (:meth:`page` tells it).
    how_to_play: tuple[Text, ...] = ()
    #: Examples of notation, separated by commas, for ``/game rules`` ("" shows none).
    notation_examples: str = ""
    #: The label of the button that opens a private text input when every choice is secret.
    private_input_label: Text = ANSWER_PRIVATELY
    #: The select menu an action belongs in ("": a button; ``None``: the session decides).
    action_group: Callable[[A], Text | None] = no_group
    #: The menu of an action's kind when the session groups the actions (``action_group`` gave
    #: ``None`` and there are more actions than buttons): one menu per verb.
    verb_menu: Callable[[A], Text] = notation_verb
    #: The label of an action's button or menu option (default: :func:`games.core.action_label`).
    action_label: Callable[[A], Text] = own_label
    #: The label in two parts, for a menu option its whole label does not fit (in a language
    #: longer than English): a shorter label, and the rest, shown under it (``None``: one part).
    label_parts: Callable[[A], tuple[Text, Text] | None] = one_part
    #: Whether an action may still be a public button while choices are offered privately (Thin
    #: Ice moves and the die); ``False``: every action is in the private menu.
    public_action: Callable[[A], bool] = never_public
    #: What an action's card or find does, in one short line under its menu option ("": none);
    #: shown only beside the action, which a public post offers only if it hides nothing.
    action_description: Callable[[A], Text] = no_description
    #: What each card or find does, a saying a line, after how to play in the terminal's
    #: ``rules`` (:meth:`reference_page`); "" a blank line.
    reference: tuple[Text, ...] = ()

    def page(self, language: Language = ENGLISH) -> str:
        """The how-to-play page told in ``language``, a line per line of :attr:`how_to_play`
        ("" when the game has none)."""
        return "\n".join(tell(part, (), language) for part in self.how_to_play)

    def reference_page(self, language: Language = ENGLISH) -> str:
        """:attr:`reference` told in ``language``, a line per line ("" when the game has none)."""
        return "\n".join(tell(part, (), language) for part in self.reference)


#: The presentation of a game that declares none.
PLAIN: Presentation[Any] = Presentation()
