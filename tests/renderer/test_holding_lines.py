"""A holder reads what their cards and finds do, in their own view only: the text board (the
terminal's ``view``), the facts beside the phone board (the private view's message) and
:func:`renderer.holding` (the secret prompt) of a seat name the effect of each card in its hand
(and of a card in play, which it may answer) and each find its hikers carry; no public text
names any card's effect, in any language."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import games
import renderer
from bot.core.languages import language
from games.ice_hike import board as B
from games.thin_ice.cards import BY_KEY, CARDS
from games.words import Language, tell

NAMES = ["Ann", "Bo", "Cy", "Di"]
READERS = ["en", "fr", "nl"]


def states(name: str, players: int, seed: int, steps: int) -> Iterator[Any]:
    """The states of a random playout of ``name``."""
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    r = random.Random(seed)
    for _ in range(steps):
        yield state
        awaited = sorted(game.to_act(state))
        if not awaited:
            return
        seat = r.choice(awaited)
        state, _ = games.play(game, state, seat, r.choice(list(game.legal_actions(state, seat))))


def words(view: Any, reader: Language) -> str:
    """Every text made of ``view``: the text board, the facts, the alt text, what it holds."""
    names = NAMES[: view.players]
    return "\n".join(
        [
            renderer.render_text(view, names, language=reader),
            *renderer.facts(view, names, language=reader),
            renderer.describe(view, names, language=reader),
            *renderer.holding(view, language=reader),
        ]
    )


@pytest.mark.parametrize("code", READERS)
def test_a_thin_ice_hand_says_what_its_cards_do_to_its_holder_only(code: str) -> None:
    reader = language(code)
    game = games.get("thin-ice")
    lines = {card.key: tell(card.line, (), reader) for card in CARDS}
    effects = [tell(card.brief, (), reader) for card in CARDS]
    seen = 0
    for state in states("thin-ice", 3, seed=4, steps=60):
        public = words(game.view(state, None), reader)
        assert not [e for e in effects if e in public], "a public text says what a card does"
        for seat in range(3):
            view = game.view(state, seat)
            own = words(view, reader)
            text = renderer.render_text(view, NAMES[:3], language=reader)
            facts = renderer.facts(view, NAMES[:3], language=reader)
            held = renderer.holding(view, language=reader)
            for key in set(view.hand):
                assert lines[key] in text.splitlines() and lines[key] in facts and lines[key] in held
                seen += 1
            for key in {p.card for p in view.chain}:  # public: the hand may answer it
                assert lines[key] in held
            shown = {*view.hand, *view.peek, *(p.card for p in view.chain)}
            others = {k for k in BY_KEY if k not in shown}
            assert not [k for k in others if tell(BY_KEY[k].brief, (), reader) in own], "another's card"
    assert seen > 0


@pytest.mark.parametrize("code", READERS)
def test_an_ice_hike_hiker_reads_what_its_finds_do(code: str) -> None:
    reader = language(code)
    game = games.get("ice-hike")
    effects = {find: tell(B.FIND_EFFECTS[find], (), reader) for find in B.FINDS}
    r = random.Random(2)
    seen = 0
    for state in states("ice-hike", 2, seed=9, steps=40):
        # the hikers carry finds at random (a random playout rarely searches a cave)
        finds = tuple(tuple(r.choice((0, 0, 1, 2)) for _ in B.FINDS) for _ in state.finds)
        state = dataclasses.replace(state, finds=finds)
        public = words(game.view(state, None), reader)
        assert not [e for e in effects.values() if e in public]
        for seat in range(2):
            view = game.view(state, seat)
            mine = [c for c, owner in enumerate(view.owners) if owner == seat]
            text = renderer.render_text(view, NAMES[:2], language=reader).splitlines()
            facts = renderer.facts(view, NAMES[:2], language=reader)
            for k, find in enumerate(B.FINDS):
                held = any(view.finds[c][k] for c in mine)
                assert (effects[find] in text) == held and (effects[find] in facts) == held
                seen += held
    assert seen > 0
