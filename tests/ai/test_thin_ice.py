"""Thin Ice's computer-player hooks (ai/thin_ice.py): the sampler, the evaluation,
the candidates and the rollout policy.

The sampler must rebuild, from one seat's view only, a full state that shows that seat exactly
that view, with everything the view hides drawn afresh: the other hands (``hand_counts`` only),
the deck order (``deck_size`` only), the Zen moment cards someone else looks at (``peek`` is the
viewer's own), the backs of uncracked tiles (``tiles`` shows the up face: "shuffle them Ice
side up"), the others' standing orders (``orders`` is the viewer's own) and the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from ai.thin_ice import HOOKS, tile_set
from games.thin_ice import THIN_ICE as G
from games.thin_ice.actions import Discard, Order, Play, Simple, Vote
from games.thin_ice.board import Tile
from games.thin_ice.cards import KEYS
from games.thin_ice.state import OVER, PLAY, Decision, StandingOrder, ThinIceOptions, ThinIceState
from tests.support.ai_play import assert_samples_play_on, mixed_playout
from tests.support.thin_ice import make

SETUPS = [
    (3, ThinIceOptions()),
    (4, ThinIceOptions(kraken=True)),
    (5, ThinIceOptions(short_deck=True)),
    (6, ThinIceOptions(kraken=True, short_deck=True)),
]


def playout(players: int, options: ThinIceOptions, seed: int, steps: int) -> list[ThinIceState]:
    return mixed_playout(HOOKS, players, options, seed, steps)


def in_play(players: int = 4, seed: int = 1) -> ThinIceState:
    """A state of the main game (meeples placed), some way in."""
    return next(s for s in playout(players, ThinIceOptions(), seed, 80)[30:] if s.phase == PLAY)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_a_sampled_state_shows_the_viewer_exactly_its_view(players: int, options: ThinIceOptions) -> None:
    """``view(sample(view, seat, r), seat) == view`` for every seat at every moment of a
    game (set up, turns, reaction windows awaiting several seats, votes, decisions), with and
    without the Kraken and the short deck."""
    r = random.Random(players)
    for state in playout(players, options, seed=players, steps=120):
        for seat in range(players):
            view = G.view(state, seat)
            assert G.view(HOOKS.sample(view, seat, r), seat) == view


def test_other_hands_and_the_deck_are_dealt_afresh_from_the_unseen_cards() -> None:
    """Hands are secret, the deck is shuffled: samples deal the cards the viewer has not seen
    (not in its hand, the discard pile or the chain) to the others' hands (their counts match)
    and the deck (its size matches), differently each time, and not always the real way."""
    state = in_play()
    view = G.view(state, 0)
    r = random.Random(0)
    seen = set(state.hands[0]) | set(state.discard) | {p.card for p in state.chain}
    samples = [HOOKS.sample(view, 0, r) for _ in range(30)]
    for s in samples:
        assert s.hands[0] == state.hands[0]
        assert [len(h) for h in s.hands] == [len(h) for h in state.hands]
        dealt = [c for h in s.hands[1:] for c in h] + list(s.deck)
        assert not seen & set(dealt)
        assert Counter(dealt) == Counter(c for c in KEYS if c not in seen)
        assert s.seed != state.seed
    assert len({s.deck for s in samples}) > 20
    assert sum(s.deck == state.deck for s in samples) < 3
    assert len({s.hands for s in samples}) > 5


def test_uncracked_tiles_get_random_backs_from_the_set() -> None:
    """Set Up: "shuffle them Ice side up": a tile still showing ice may hide cracked ice, a Killer Whale
    or perma-ice. Samples keep the set's counts (24 tiles and the hole for 3-4 players), keep
    every revealed face, and place the whales differently."""
    state = in_play()
    r = random.Random(3)
    whales = set()
    for _ in range(20):
        s = HOOKS.sample(G.view(state, 1), 1, r)
        kinds = Counter(t.kind for _, t in s.tiles) + Counter(s.tile_discard)
        assert kinds == tile_set(G.view(state, 1))
        assert [(c, t.face) for c, t in s.tiles] == [(c, t.face) for c, t in state.tiles]
        whales.add(frozenset(c for c, t in s.tiles if t.kind == "whale" and not t.flipped))
    assert len(whales) > 5


def test_others_standing_orders_are_not_read_from_the_state() -> None:
    """Standing orders are private (``orders`` shows the viewer's own): a sample keeps the
    viewer's and draws none for the others."""
    state = in_play()
    mine, theirs = (StandingOrder("", "pass"),), (StandingOrder("flare", "bear-adjacent"),)
    state = replace(state, orders=(mine, theirs, theirs, theirs))
    s = HOOKS.sample(G.view(state, 0), 0, random.Random(0))
    assert s.orders == (mine, (), (), ())


def test_a_zen_moment_keeps_the_lookers_cards_and_guesses_them_for_others() -> None:
    """Zen moment: "look through the top 3 event cards": the looker's samples hold exactly
    the cards it looks at (``peek``); another seat's samples draw three unseen cards."""
    state = in_play()
    looker = state.current
    peek = tuple(state.deck[:3])
    state = replace(state, deck=state.deck[3:], decision=Decision("zen", frozenset({looker}), cards=peek))
    r = random.Random(4)
    for _ in range(5):
        s = HOOKS.sample(G.view(state, looker), looker, r)
        assert s.decision is not None and s.decision.cards == peek
    other = (looker + 1) % state.players
    guessed = {HOOKS.sample(G.view(state, other), other, r).decision.cards for _ in range(20)}  # type: ignore[union-attr]
    assert len(guessed) > 5 and all(len(g) == 3 for g in guessed)


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_sampled_states_play_on(players: int, options: ThinIceOptions) -> None:
    """A sampled state is a real position: legal moves and ``apply`` work from it for a while."""
    states = playout(players, options, seed=players + 10, steps=100)[::12]
    assert_samples_play_on(HOOKS, states, random.Random(players + 10), moves=30)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_rollout_games_end_and_the_winner_scores_one(players: int) -> None:
    """The rollout policy plays legal moves to the end ("the last meeple in the game wins");
    ``evaluate`` stays in [0, 1] and scores a finished game 1 for each winner (shared wins
    count), 0 for the others; a seat out of the game scores 0 on the way."""
    r = random.Random(players)
    state = G.new_game(players, ThinIceOptions(), players)
    for _ in range(3000):
        if not G.to_act(state):
            break
        seat = min(G.to_act(state))
        action = HOOKS.rollout(state, seat, r)
        G.check(state, seat, action)
        state, _ = G.apply(state, seat, action)
        for s in range(players):
            value = HOOKS.evaluate(state, s)
            assert 0.0 <= value <= 1.0
            if state.phase == PLAY and state.meeples[s] is None:
                assert value == 0.0
    outcome = G.outcome(state)
    assert state.phase == OVER and outcome is not None
    for s in range(players):
        assert HOOKS.evaluate(state, s) == (1.0 if s in outcome.winners else 0.0)


def test_a_meeple_with_room_to_move_scores_higher_than_one_about_to_be_lost() -> None:
    """Move your Meeple: "if you cannot complete a move action you become Lost At Sea": a meeple on cracked ice
    with one way off and the bear beside it stands worse than one in the open."""
    state = make(
        """
        . . . . . . .
        . i i i . . .
        . i i i . c .
        . i i i . c .
        . . . . . . .
        """,
        meeples={0: "C3", 1: "F3", 2: "C4"},
        bear="F4",
    )
    assert HOOKS.evaluate(state, 0) > HOOKS.evaluate(state, 2) > HOOKS.evaluate(state, 1)
    assert sum(HOOKS.evaluate(state, s) for s in range(3)) == pytest.approx(1.0)


def test_candidates_leave_out_standing_orders_and_discards_but_keep_answers_and_votes() -> None:
    """The computer answers every window in person: no standing orders, no discards. A window
    still offers ``pass`` and each playable answer; a vote offers yes and no."""
    for players in (3, 5):
        for state in playout(players, ThinIceOptions(), seed=players + 30, steps=150):
            for seat in G.to_act(state):
                legal = list(G.legal_actions(state, seat))
                candidates = list(HOOKS.candidates(state, seat))
                assert candidates and all(a in legal for a in candidates)
                assert not any(isinstance(a, Order) for a in candidates)
                if state.decision is None:
                    assert candidates == [a for a in legal if not isinstance(a, Order | Discard)]
                if Simple("pass") in legal:
                    assert Simple("pass") in candidates
                    assert [a for a in legal if isinstance(a, Play)] == [
                        a for a in candidates if isinstance(a, Play)
                    ]
    vote = replace(in_play(), decision=Decision("vote", frozenset({0, 1})))
    assert set(HOOKS.candidates(vote, 0)) == {Vote(True), Vote(False)}


def test_a_forced_discard_keeps_its_choices() -> None:
    """Catch this!: "otherwise they miss their next turn and discard a card": the discard is
    forced, so its choices stay among the candidates."""
    state = in_play()
    state = replace(
        state,
        hands=(("run", "zen"), *state.hands[1:]),
        decision=Decision("discard", frozenset({0})),
    )
    assert set(HOOKS.candidates(state, 0)) == {Discard("run"), Discard("zen")}


def test_the_tiles_sampled_for_a_hand_built_position_still_show_its_faces() -> None:
    """A position whose tiles do not add up to the set (built by hand) still samples: hidden
    backs are padded with plain ice, and the view is the same."""
    state = make(". i i .\n. i x .\n. . . .", meeples={0: "B1", 1: "C1", 2: "B2"}, bear="C2")
    state = replace(state, tiles=tuple(sorted((*state.tiles, ((0, 0), Tile("perma", True))))))
    view = G.view(state, 0)
    assert G.view(HOOKS.sample(view, 0, random.Random(0)), 0) == view
