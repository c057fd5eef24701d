"""Sayings: the rules say things as message keys and parameters, and a front end tells them in a
language with the players' names (games/words.py)."""

from __future__ import annotations

import re

import pytest

from games.words import Listed, Said, Who, say, say_n, tell


class Shouting:
    """A language whose every text is its English in capitals, to see what is translated."""

    def gettext(self, message: str) -> str:
        return re.sub(r"[^{}]+(?=\{|$)", lambda m: m.group(0).upper(), message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def test_english_is_the_key_with_its_parameters_filled() -> None:
    said = say("{who} walks to {cell}.", who=Who(1), cell="C3")
    assert tell(said, ["Ann", "Bo"]) == "Bo walks to C3."


def test_a_seat_without_a_name_stays_a_placeholder_for_a_later_telling() -> None:
    said = say("{who} walks to {cell}.", who=Who(1), cell="C3")
    assert str(said) == "{1} walks to C3."
    assert tell(str(said), ["Ann", "Bo"]) == "Bo walks to C3."


def test_parameters_are_told_in_the_same_language_and_notation_is_not() -> None:
    said = say("{who} walks {way} to {cell}.", who=Who(0), way=say("north"), cell="c3")
    assert tell(said, ["Ann"], Shouting()) == "Ann WALKS NORTH TO c3."


@pytest.mark.parametrize(("n", "english"), [(1, "Ann eats one fish."), (3, "Ann eats 3 fish.")])
def test_a_count_chooses_the_plural_form(n: int, english: str) -> None:
    said = say_n("{who} eats one fish.", "{who} eats {n} fish.", n, who=Who(0))
    assert tell(said, ["Ann"]) == english
    assert said.count == n and said.plural == "{who} eats {n} fish."


def test_a_list_reads_with_its_last_word_in_the_language() -> None:
    them = Listed((Who(0), Who(1), Who(2)), say("and"))
    said = say("The bear attacks {them}!", them=them)
    assert tell(said, ["Ann", "Bo", "Cy"]) == "The bear attacks Ann, Bo and Cy!"
    assert tell(said, ["Ann", "Bo", "Cy"], Shouting()) == "THE BEAR ATTACKS Ann, Bo AND Cy!"
    assert tell(say("{them}", them=Listed((Who(0), Who(1)))), ["Ann", "Bo"]) == "Ann, Bo"


def test_an_aside_after_a_name_that_ends_in_one_joins_it() -> None:
    said = say("{who} (white) moves.", who=Who(0))
    assert tell(said, ["Floe (normal)"]) == "Floe (normal, white) moves."
    assert tell(said, ["Ann"]) == "Ann (white) moves."


def test_a_name_is_never_read_as_a_placeholder() -> None:
    said = say("{who} waves at {other}.", who=Who(0), other=Who(1))
    assert tell(said, ["{other}", "Bo"]) == "{other} waves at Bo."


def test_parameters_are_kept_in_one_order_whatever_order_they_were_given() -> None:
    assert say("{a}{b}", a=1, b=2) == say("{a}{b}", b=2, a=1)
    assert isinstance(say("x"), Said)
