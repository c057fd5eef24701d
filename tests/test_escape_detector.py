"""The escape detector (tests/support/escapes.py) sees a plain English sentence and passes what
the pseudo-language told, with what may stand outside its brackets."""

from __future__ import annotations

from bot.core.languages import PSEUDO_LANGUAGE, language
from games.words import say, tell
from tests.support.escapes import escapes, option_names

PSEUDO = language(PSEUDO_LANGUAGE)


def test_a_plain_english_sentence_is_an_escape() -> None:
    assert escapes("It is your turn, alice.") == ["It is your turn, alice"]
    assert escapes("**Game over.** alice wins", allowed=["alice"]) == ["Game over", "wins"]


def test_a_pseudo_sentence_passes() -> None:
    told = tell(say("{name} walks to {cell}.", name="alice", cell="C3"), (), PSEUDO)
    assert told.startswith("⟦") and "alice" in told
    assert escapes(told, allowed=["alice"]) == []
    assert escapes(told) == ["alice"], "a parameter is no pseudo text: a name the test chose is allowed"


def test_nested_pseudo_texts_pass_and_english_between_them_does_not() -> None:
    inner = tell(say("north"), (), PSEUDO)
    outer = tell(say("{who} walks {way}.", who="bob", way=inner), (), PSEUDO)
    assert escapes(outer, ["bob"]) == []
    assert escapes(f"{outer} and then {outer}", ["bob"]) == ["and then"]


def test_an_english_text_put_into_a_pseudo_sentence_is_an_escape() -> None:
    told = tell(say("Your hand: {cards}.", cards="Saw it coming, Zen moment"), (), PSEUDO)
    assert escapes(told) == ["Saw it coming, Zen moment"]


def test_notation_mentions_links_code_and_names_pass() -> None:
    line = (
        "<@123> ⟦Ýöûr türñ⟧: `/game move place D3` · C3 → F7 · L R S · 🎲 4 · "
        "https://floe.example/games/1?lang=en <#9> <t:1700000000:R> <:ice:42> /home/ann/seeds/ice-hike.txt ⟦šéé⟧ /game log"
    )
    assert escapes(line) == []
    assert escapes("Floe (normal) ⟦plàýš⟧ roll", allowed=["Floe (normal)", "roll"]) == []
    assert escapes("Floe (normal) ⟦plàýš⟧ roll") == ["normal", "roll"]


def test_runs_break_at_lines_and_notation() -> None:
    assert escapes("Start here\nJoin C3 Leave now") == ["Start here", "Join", "Leave now"]


def test_codes_and_plan_letters_are_no_words_but_a_shouted_word_is() -> None:
    assert escapes("4  .   i   iG  Xz  iO  cB  .") == []
    assert escapes("⟦Plàñš:⟧ LRL, SSR") == []
    assert escapes("⟦Plàñš:⟧ START") == ["START"]


def test_a_games_option_names_are_notation_as_typed() -> None:
    """The lobby shows the options as ``/game new`` takes them (docs/languages.md)."""
    assert option_names("thin-ice") == ("kraken", "short deck")
    told = tell(say("Options: {options}.", options="short deck"), (), PSEUDO)
    assert escapes(told) == ["short deck"]
    assert escapes(told, option_names("thin-ice")) == []
