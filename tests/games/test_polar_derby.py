"""Polar Derby, one test per rulebook clause (seeds/polar-derby.txt); positions built directly.

Dice come from the seed: ``rolling(state, a, b)`` finds a seed whose next roll shows ``a`` and
``b``, so a test says which roll it wants instead of hoping for one.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from bot.core.languages import language
from games.core import GameOver, IllegalAction, InvalidAction, NotYourTurn
from games.polar_derby import POLAR_DERBY
from games.polar_derby.actions import Roll, Steal, Stop, Take, TimeOut
from games.polar_derby.board import COLOURS, FREE, NO_BEARS
from games.polar_derby.rules import points
from games.polar_derby.state import DECIDE, OVER, ROLL, TAKE, DerbyOptions
from games.words import Said, tell
from tests.support.polar_derby import counts, play, position, rolling

G = POLAR_DERBY


# ----------------------------------------------------------------- Components and Setup


def test_setup_all_25_bears_stand_in_the_middle_five_of_each_colour() -> None:
    state = G.new_game(3, DerbyOptions(), 7)
    assert state.middle == (5, 5, 5, 5, 5) and sum(state.middle) == 25
    assert all(row == NO_BEARS for row in state.safe)


def test_the_first_player_is_chosen_at_random() -> None:
    firsts = {G.new_game(4, DerbyOptions(), seed).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_values_by_colour_white_1_to_orange_5() -> None:
    assert points(DerbyOptions(), counts(white=1, blue=1, green=1, pink=1, orange=1)) == 15


# ----------------------------------------------------------------- Game Play


def test_start_your_turn_by_rolling_both_dice() -> None:
    state = position()
    assert G.legal_actions(state, 0) == [Roll()]
    with pytest.raises(IllegalAction, match="start your turn by rolling"):
        G.check(state, 0, Take(("pink",)))
    with pytest.raises(NotYourTurn):
        games.play(G, state, 1, Roll())


def test_split_colors_take_one_of_each_from_the_middle() -> None:
    state = play(rolling(position(), "green", "blue"), "roll")
    assert state.phase == TAKE and state.dice == ("green", "blue")
    assert set(map(str, G.legal_actions(state, 0))) == {"take blue", "take green", "take blue green"}
    after = play(state, "take green blue")
    assert after.pulled == counts(blue=1, green=1) and after.middle == counts(
        white=5, blue=4, green=4, pink=5, orange=5
    )
    assert after.phase == DECIDE


def test_split_colors_you_may_take_only_one_but_at_least_one() -> None:
    state = position(phase=TAKE, dice=("green", "blue"))
    assert play(state, "take green").pulled == counts(green=1)
    with pytest.raises(IllegalAction, match="take at least one bear"):
        G.check(state, 0, Stop())


def test_split_colors_with_neither_colour_in_the_middle_loses_the_turn() -> None:
    state = rolling(position(middle=counts(white=2, orange=1)), "green", "blue")
    after, events = games.play(G, state, 0, Roll())
    assert after.current == 1 and after.phase == ROLL
    assert any(e.kind == "bust" for e in events)


def test_double_colors_take_two_from_one_opponent() -> None:
    safe = (NO_BEARS, counts(white=2), counts(white=1))
    state = play(rolling(position(safe=safe), "white", "white"), "roll")
    after = play(state, "steal white white from 2")
    assert after.safe[1] == NO_BEARS and after.pulled == counts(white=2)


def test_double_colors_take_one_each_from_two_opponents() -> None:
    safe = (NO_BEARS, counts(white=2), counts(white=1))
    state = position(safe=safe, phase=TAKE, dice=("white", "white"))
    after = play(state, "steal white white from 2 3")
    assert after.safe[1] == counts(white=1) and after.safe[2] == NO_BEARS
    assert after.pulled == counts(white=2)


def test_double_colors_you_may_take_only_one() -> None:
    safe = (NO_BEARS, counts(white=2), NO_BEARS)
    after = play(position(safe=safe, phase=TAKE, dice=("white", "white")), "steal white from 2")
    assert after.safe[1] == counts(white=1) and after.pulled == counts(white=1)


def test_double_colors_never_from_the_middle() -> None:
    state = position(phase=TAKE, dice=("white", "white"), safe=(NO_BEARS, counts(white=1), NO_BEARS))
    assert all(isinstance(a, Steal) for a in G.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="doubles take bears from opponents, not the middle"):
        G.check(state, 0, Take(("white",)))


def test_double_colors_when_no_opponent_has_the_colour_lose_the_turn() -> None:
    state = rolling(position(safe=(NO_BEARS, counts(blue=3), NO_BEARS)), "pink", "pink")
    after, events = games.play(G, state, 0, Roll())
    assert after.current == 1 and any(e.kind == "bust" for e in events)


def test_stealing_more_than_an_opponent_has_is_refused_with_the_reason() -> None:
    state = position(phase=TAKE, dice=("white", "white"), safe=(NO_BEARS, counts(white=1), NO_BEARS))
    with pytest.raises(IllegalAction, match="player 2 has not enough white bears"):
        G.check(state, 0, Steal("white", (1, 1)))
    with pytest.raises(IllegalAction, match="not from yourself"):
        G.check(state, 0, Steal("white", (0,)))


def test_free_skate_counts_as_any_colour_for_a_split() -> None:
    state = position(phase=TAKE, dice=("pink", FREE))
    offered = set(map(str, G.legal_actions(state, 0)))
    assert {"take pink", "take white", "take orange", "take white pink", "take pink orange"} <= offered


def test_free_skate_as_another_pink_steals_two_pinks() -> None:
    """Rulebook example: a pink die and a Free Skate may take two pinks from opponents."""
    state = position(phase=TAKE, dice=("pink", FREE), safe=(NO_BEARS, counts(pink=2), NO_BEARS))
    assert "steal pink pink from 2" in set(map(str, G.legal_actions(state, 0)))
    assert play(state, "steal pink pink from 2").pulled == counts(pink=2)


def test_double_free_skate_banks_what_was_pulled_and_takes_another_turn() -> None:
    state = position(
        pulled=counts(green=1, orange=1), middle=counts(white=5, blue=5, green=4, pink=5, orange=4)
    )
    state = rolling(replace(state, phase=DECIDE, locked=frozenset({"green", "orange"})), FREE, FREE)
    after, events = games.play(G, state, 0, Roll())
    assert after.safe[0] == counts(green=1, orange=1) and after.pulled == NO_BEARS
    assert after.current == 0 and after.phase == ROLL and after.locked == frozenset()  # fresh locks
    assert any(e.kind == "double-free" for e in events)


# ----------------------------------------------------------------- Roll Again


def test_roll_again_colours_already_pulled_this_turn_are_locked() -> None:
    state = position(
        phase=TAKE, dice=("pink", "orange"), pulled=counts(orange=1), locked=frozenset({"orange"})
    )
    assert set(map(str, G.legal_actions(state, 0))) == {"take pink"}
    with pytest.raises(IllegalAction, match="you already pulled orange this turn"):
        G.check(state, 0, Take(("orange",)))


def test_the_rulebooks_roll_again_example() -> None:
    """Roll orange and green, pull both; roll again pink and orange: only pink; roll a third
    time pink and orange: nothing can be taken, so every pulled bear goes back and the turn is lost."""
    state = play(rolling(position(), "orange", "green"), "roll")
    state = play(state, "take green orange")
    state = play(rolling(state, "pink", "orange"), "roll")
    assert set(map(str, G.legal_actions(state, 0))) == {"take pink"}
    state = play(state, "take pink")
    assert state.pulled == counts(green=1, pink=1, orange=1)
    state, events = games.play(G, rolling(state, "pink", "orange"), 0, Roll())
    assert state.middle == (5, 5, 5, 5, 5) and state.pulled == NO_BEARS and state.safe[0] == NO_BEARS
    assert state.current == 1
    assert any("3 bears go back to the middle" in str(e.text) for e in events)


def test_losing_the_turn_returns_stolen_bears_to_the_middle_too() -> None:
    """Ruling: everything pulled this turn goes to the middle, stolen bears included."""
    state = position(
        phase=DECIDE,
        pulled=counts(white=2),
        locked=frozenset({"white"}),
        middle=counts(white=1, blue=5, green=5, pink=5, orange=5),
        safe=(NO_BEARS, NO_BEARS, NO_BEARS),
    )
    after, _ = games.play(G, rolling(state, "white", "white"), 0, Roll())
    assert after.middle[COLOURS.index("white")] == 3 and after.pulled == NO_BEARS


def test_after_taking_you_decide_to_roll_again_or_stop() -> None:
    state = play(position(phase=TAKE, dice=("green", "blue")), "take green")
    assert set(map(str, G.legal_actions(state, 0))) == {"roll", "stop"}
    with pytest.raises(IllegalAction, match="roll again or stop"):
        G.check(state, 0, Take(("blue",)))


# ----------------------------------------------------------------- End your Turn


def test_ending_the_turn_makes_the_pulled_bears_safe() -> None:
    state = position(phase=DECIDE, pulled=counts(green=1, blue=1), middle=counts(white=5, blue=4, green=4))
    after = play(state, "stop")
    assert after.safe[0] == counts(green=1, blue=1) and after.pulled == NO_BEARS
    assert after.current == 1 and after.phase == ROLL


def test_safe_bears_cannot_be_lost_on_a_later_bust_but_can_be_stolen() -> None:
    safe = (counts(pink=2), NO_BEARS, NO_BEARS)
    busted = rolling(position(safe=safe, middle=counts(white=1), current=0), "green", "blue")
    after, _ = games.play(G, busted, 0, Roll())
    assert after.safe[0] == counts(pink=2)
    thief = position(safe=safe, current=1, phase=TAKE, dice=("pink", "pink"))
    assert play(thief, "steal pink pink from 1").safe[0] == NO_BEARS


# ----------------------------------------------------------------- End of the Game


def test_the_game_ends_when_the_middle_is_empty_at_the_end_of_a_turn() -> None:
    state = position(
        players=2,
        phase=DECIDE,
        middle=NO_BEARS,
        pulled=counts(orange=1),
        safe=(counts(orange=4, pink=5), counts(white=5, blue=5, green=5)),
    )
    after, events = games.play(G, state, 0, Stop())
    assert after.phase == OVER and G.to_act(after) == frozenset()
    outcome = G.outcome(after)
    assert outcome is not None and outcome.winners == {0} and outcome.scores == (45, 30)
    assert events[-1].kind == "end"
    with pytest.raises(GameOver):
        games.play(G, after, 1, Roll())


def test_an_empty_middle_mid_turn_does_not_end_the_game() -> None:
    state = position(players=2, phase=DECIDE, middle=NO_BEARS, pulled=counts(orange=1))
    assert G.to_act(state) == {0} and G.outcome(state) is None


def test_ties_are_broken_by_the_most_bears() -> None:
    # 10 points each: player 1 with two oranges, player 2 with ten whites
    state = position(players=2, phase=DECIDE, middle=NO_BEARS, safe=(counts(orange=2), counts(white=10)))
    outcome = G.outcome(play(state, "stop"))
    assert outcome is not None and outcome.winners == {1}


def test_a_full_tie_is_shared() -> None:
    state = position(players=2, phase=DECIDE, middle=NO_BEARS, safe=(counts(pink=1), counts(pink=1)))
    outcome = G.outcome(play(state, "stop"))
    assert outcome is not None and outcome.winners == {0, 1} and "share the win" in str(outcome.summary)


# ----------------------------------------------------------------- Variations


def test_younger_players_count_each_bear_as_one() -> None:
    options = DerbyOptions(younger_players=True)
    state = position(
        players=2, phase=DECIDE, middle=NO_BEARS, safe=(counts(orange=2), counts(white=3)), options=options
    )
    outcome = G.outcome(play(state, "stop"))
    assert outcome is not None and outcome.scores == (2, 3) and outcome.winners == {1}


def test_no_risk_version_pulled_bears_are_safe_at_once() -> None:
    options = DerbyOptions(no_risk=True)
    state = play(position(phase=TAKE, dice=("green", "blue"), options=options), "take green")
    assert state.safe[0] == counts(green=1) and state.pulled == NO_BEARS
    assert "green" in state.locked  # the colour lock still holds for the rest of the turn
    busted, _ = games.play(G, rolling(replace(state, middle=counts(green=4)), "pink", "blue"), 0, Roll())
    assert busted.safe[0] == counts(green=1)  # a lost turn costs nothing already taken


def test_long_game_plays_one_game_per_player_and_adds_the_totals() -> None:
    options = DerbyOptions(long_game=True)
    state = position(
        players=2,
        phase=DECIDE,
        middle=NO_BEARS,
        pulled=counts(orange=1),
        safe=(counts(orange=4), counts(white=5, blue=5, green=5, pink=5)),
        options=options,
    )
    state = play(state, "stop")
    assert state.phase == ROLL and state.game_number == 2 and state.middle == (5, 5, 5, 5, 5)
    assert state.totals == (25, 50) and state.current == 1  # the next game starts one seat on
    end = replace(state, phase=DECIDE, middle=NO_BEARS, safe=(counts(orange=5, pink=5), NO_BEARS))
    end = play(end, "stop", seat=1)
    outcome = G.outcome(end)
    assert outcome is not None and outcome.scores == (70, 50) and outcome.winners == {0}


def test_unknown_options_are_refused() -> None:
    with pytest.raises(games.InvalidOptions, match="unknown option"):
        DerbyOptions.from_mapping({"speed": True})
    assert DerbyOptions.from_mapping({"no_risk": "yes"}) == DerbyOptions(no_risk=True)


# ----------------------------------------------------------------- notation and the session's needs


def test_notation_is_forgiving_and_round_trips() -> None:
    assert G.parse_action("  TAKE Orange,  pink ") == Take(("pink", "orange"))
    assert G.parse_action("steal white white from 1 3") == Steal("white", (0, 2))
    assert G.parse_action("steal white white from 2") == Steal("white", (1, 1))
    for action in (Roll(), Stop(), Take(("blue",)), Steal("pink", (2,)), Steal("green", (0, 1))):
        assert G.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "jump", "take purple", "steal white from", "steal white from 0"])
def test_garbage_is_refused_with_a_hint(text: str) -> None:
    with pytest.raises(InvalidAction):
        G.parse_action(text)


def test_a_resigning_player_leaves_the_turn_order_and_keeps_no_place() -> None:
    state = position(players=3, current=1, phase=DECIDE, pulled=counts(pink=1), middle=counts(pink=4))
    after, _ = G.retire(state, 1)
    assert after.current == 2 and after.middle == counts(pink=5)
    after, _ = G.retire(after, 2)
    outcome = G.outcome(after)
    assert outcome is not None and outcome.winners == {0}


def test_the_deadline_default_loses_the_turn_like_a_bust_and_only_the_session_plays_it() -> None:
    state = position(phase=DECIDE, pulled=counts(pink=1), middle=counts(pink=4))
    assert G.default_action(state, 0) == TimeOut()
    assert TimeOut() not in G.legal_actions(state, 0)
    assert games.is_deadline_only(TimeOut())


# ----------------------------------------------------------------- in the players' languages


def test_what_happens_is_told_in_dutch_and_french_with_the_players_names() -> None:
    safe = (NO_BEARS, counts(white=2), counts(white=1))
    state = position(safe=safe, phase=TAKE, dice=("white", "white"))
    _, events = games.play(G, state, 0, Steal("white", (1, 2)))
    steal = next(e.text for e in events if e.kind == "steal")
    assert isinstance(steal, Said)
    names = ["Ann", "Bo", "Cy"]
    assert tell(steal, names) == "Ann takes 2 white bears from Bo and Cy."
    assert tell(steal, names, language("nl")) == "Ann pakt 2 witte ijsberen af van Bo en Cy."
    assert tell(steal, names, language("fr")) == "Ann prend 2 ours blancs à Bo et Cy."
    _, events = games.play(G, rolling(position(), "green", "blue"), 0, Roll())
    (roll,) = (e.text for e in events)
    told = {code: tell(roll, names, language(code)) for code in ("en", "nl", "fr")}
    assert told == {
        "en": "Ann rolls green and blue.",
        "nl": "Ann gooit groen en blauw.",
        "fr": "Ann obtient vert et bleu.",
    }


def test_a_refusal_is_told_in_german() -> None:
    state = position(
        phase=TAKE, pulled=counts(orange=1), locked=frozenset({"orange"}), dice=("pink", "orange")
    )
    with pytest.raises(IllegalAction) as refused:
        G.check(state, 0, Take(("orange",)))
    assert str(refused.value) == "you already pulled orange this turn, so you may not take orange again"
    assert tell(refused.value.said, ["Ann"], language("de")) == (
        "du hast in diesem Zug schon Orange gezogen, also darfst du nicht noch einmal Orange nehmen"
    )
    with pytest.raises(IllegalAction) as refused:
        G.check(position(phase=TAKE, dice=("white", "white")), 0, Steal("white", (1, 1)))
    assert (
        tell(refused.value.said, ["Ann"], language("de"))
        == "Spieler 2 hat nicht genug weiße Eisbären im Besitz"
    )
