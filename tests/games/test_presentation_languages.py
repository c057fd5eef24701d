"""How each game is shown, told in other languages: its how-to-play page, its menus and labels
and its options' help are sayings (games/presentation.py), translated in every game's catalogue
while what a player types stays as it is."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

import games
from bot.core.languages import LANGUAGES, PSEUDO_LANGUAGE, language
from bot.terminal.local import rules_text
from games.core import Options
from games.words import Listed, Param, Said, tell
from tests.support.presentation import offered_actions

#: A cell named in a page's prose ("next to your puppet on the ice at G5").
CELL = re.compile(r"\b[A-L]\d{1,2}\b")


def typed(param: Param) -> list[str]:
    """The notation in a saying's parameters: every verbatim text, however deep."""
    if isinstance(param, str):
        return [param]
    if isinstance(param, Said):
        return [text for _, inner in param.params for text in typed(inner)]
    if isinstance(param, Listed):
        return [text for item in param.items for text in typed(item)]
    return []


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_how_to_play_page_is_translated_keeps_its_notation_and_stays_short(
    name: str, code: str
) -> None:
    shown = games.presentation_of(games.get(name))
    english, told = shown.page(), shown.page(language(code))
    assert told != english
    untranslated = [
        tell(part)
        for part in shown.how_to_play
        if isinstance(part, Said) and tell(part, (), language(code)) == tell(part)
    ]
    assert not untranslated, f"{name} in {code}: {untranslated}"
    examples = [text for part in shown.how_to_play if isinstance(part, Said) for text in typed(part)]
    assert examples, f"{name}'s page shows no typed example"
    for example in [*examples, *CELL.findall(english)]:
        assert example in told, f"{name} in {code} lost {example!r}"
    assert len(told.strip().splitlines()) < 40
    assert told.count("\n\n") == english.count("\n\n"), "the paragraphs keep the English layout"


def test_an_options_help_reads_in_dutch_in_the_terminals_rules() -> None:
    derby = games.get("polar-derby")
    help_text = derby.options.help["younger_players"]
    assert tell(help_text) == "every bear counts 1 point"
    assert tell(help_text, (), language("nl")) == "elke ijsbeer telt 1 punt"
    dutch = rules_text(derby, language("nl"))
    assert (
        "  optie younger_players: elke ijsbeer telt 1 punt (nieuwe partijen: --option younger_players)"
        in dutch
    )
    assert "Zo speel je Polar Derby" in dutch and "(steal white white from 2)" in dutch
    assert "every bear counts 1 point" in rules_text(derby)


@dataclass(frozen=True)
class Rounds(Options):
    rounds: int = 1
    quick: bool = False


def test_the_options_that_differ_read_as_the_reader_writes_them() -> None:
    changed = Rounds(rounds=3, quick=True).describe()
    assert tell(changed) == "rounds: 3, quick"
    assert tell(changed, (), language("fr")) == "rounds : 3, quick"
    assert Rounds().describe() == ""


def test_menus_and_labels_are_told_in_the_readers_language() -> None:
    hike = games.presentation_of(games.get("ice-hike"))
    team = games.presentation_of(games.get("ice-team"))
    lake = games.presentation_of(games.get("ice-lake"))
    german = language("de")
    end = games.get("ice-hike").parse_action("end")
    assert tell(hike.action_label(end)) == "End turn"
    assert tell(hike.action_label(end), (), german) == "Zug beenden"
    move = games.get("ice-team").parse_action("walk 2 C2")
    group = team.action_group(move)
    assert group is not None
    assert tell(group, (), language("fr")) == "Ours 2 : où aller ?"
    assert tell(lake.private_input_label, (), language("nl")) == "Privé plannen"


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_offered_label_and_menu_is_a_saying_that_keeps_its_notation(name: str) -> None:
    """A button's or menu option's label is told in the reader's language (the pseudo-language
    brackets every told text), the cells and directions in it as typed; so is the menu an
    action is in, the game's own or the session's one per verb."""
    game = games.get(name)
    shown = games.presentation_of(game)
    pseudo = language(PSEUDO_LANGUAGE)
    for players in (min(game.players), max(game.players)):
        for action in offered_actions(game, players, seed=players, steps=150):
            said = shown.action_label(action)
            label = tell(said, (), pseudo)
            assert label.startswith("⟦") and label.endswith("⟧"), (name, str(action), label)
            if isinstance(said, Said):
                assert all(text in label for text in typed(said)), (name, str(action), label)
            group = shown.action_group(action)
            menu = tell(shown.verb_menu(action) if group is None else group, (), pseudo)
            assert not menu or menu.startswith("⟦"), (name, str(action), menu)


def test_a_move_label_reads_in_dutch_with_its_notation_as_typed() -> None:
    derby = games.get("polar-derby")
    shown = games.presentation_of(derby)
    dutch = language("nl")
    take = shown.action_label(derby.parse_action("take pink orange"))
    assert tell(take) == "Take pink orange"
    assert tell(take, (), dutch) == "Neem roze en oranje"
    hike = games.get("ice-hike")
    walk = hike.parse_action("walk NE")
    assert tell(games.presentation_of(hike).action_label(walk), (), language("de")) == "Nach NE gehen"
