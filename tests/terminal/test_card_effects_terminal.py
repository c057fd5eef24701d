"""At the terminal a player reads what their cards do: the private lines shown before their
choice and ``view`` name the effect of each card in their hand, in ``--lang``'s language, and
``rules`` lists every card's after how to play; the public board names none."""

from __future__ import annotations

import pytest

import games
from bot.core.languages import language
from bot.terminal.local import run_local
from games.thin_ice.cards import BY_KEY, CARDS
from games.words import tell
from tests.support.terminal import Screen, lines

SEED = 7


@pytest.mark.parametrize("code", ["en", "fr"])
async def test_view_and_rules_say_what_the_cards_do(code: str) -> None:
    reader = language(code)
    screen = Screen(lines(["view", "rules", "quit"]))
    assert (
        await run_local(
            "thin-ice",
            3,
            seed=SEED,
            boards=None,
            lang=None if code == "en" else code,
            input_fn=screen.input,
            output_fn=screen.output,
        )
        == 0
    )
    game = games.get("thin-ice")
    state = game.new_game(3, game.options(), SEED)
    awaited = min(game.to_act(state))
    hand = state.hands[awaited]
    before_rules = screen.text.split(tell(CARDS[0].line, (), reader))[0]
    for key in hand:
        line = tell(BY_KEY[key].line, (), reader)
        # in the private lines before the first choice, then in the view asked for
        assert before_rules.count(line) >= 2, (code, key)
    others = {k for s, held in enumerate(state.hands) if s != awaited for k in held} - set(hand)
    for key in others:
        assert tell(BY_KEY[key].brief, (), reader) not in before_rules, (code, key)
    printed = screen.text.splitlines()
    assert all(tell(card.line, (), reader) in printed for card in CARDS)
    if code != "en":
        assert not [card.key for card in CARDS if tell(card.brief) in screen.text]
