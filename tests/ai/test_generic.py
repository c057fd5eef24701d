"""The computer player of every game whose registration names one (:mod:`ai.registry`) (tiny search budgets, so
the tests stay fast: strength and think time are measured in bench/bench_ai.py).

A game that gains a computer player is covered here without a new line; what is particular to
one game's player is in ``tests/ai/test_<game>.py``.
"""

from __future__ import annotations

import pickle
import random

import pytest

import ai
import games
from ai.hooks import NoComputerPlayer
from tests.support.ai_play import is_legal, play_computers, random_states

WITH_COMPUTER = sorted(ai.COMPUTERS)
CASES = [(name, n) for name in WITH_COMPUTER for n in games.GAMES[name].players]
LEVELS = ("easy", "normal", "hard")
#: Each game at its fewest players at every level, and at its most players at ``normal``.
VIEW_CASES = [
    *((name, min(games.GAMES[name].players), level) for name in WITH_COMPUTER for level in LEVELS),
    *((name, max(games.GAMES[name].players), "normal") for name in WITH_COMPUTER),
]


def test_the_rules_carry_no_computer_player() -> None:
    """A game's rules know nothing of its computer player: the hooks live in ``ai/<game>.py``."""
    for name, game in games.GAMES.items():
        stubs = [h for h in ("sample", "evaluate", "candidate_actions", "rollout_action") if hasattr(game, h)]
        assert not stubs, f"{name}'s rules carry {stubs}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_sampler_agrees_with_the_view(name: str, players: int) -> None:
    """``view(sample(view, seat), seat) == view`` for every seat along random playouts."""
    game = games.get(name)
    hooks = ai.hooks(name)
    r = random.Random(7)
    for seed in (1, 2):
        for state in random_states(name, players, seed, 60):
            for seat in range(players):
                view = game.view(state, seat)
                sampled = hooks.sample(view, seat, r)
                assert game.view(sampled, seat) == view, f"{name} step {state.step} seat {seat}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_evaluate_lies_between_0_and_1_and_scores_the_end(name: str, players: int) -> None:
    game = games.get(name)
    hooks = ai.hooks(name)
    last = None
    for last in random_states(name, players, 3, 3000):
        for seat in range(players):
            assert 0.0 <= hooks.evaluate(last, seat) <= 1.0
    outcome = game.outcome(last)
    assert outcome is not None
    for seat in range(players):
        assert hooks.evaluate(last, seat) == (1.0 if seat in outcome.winners else 0.0)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_rollout_policy_and_the_candidates_are_legal(name: str, players: int) -> None:
    game = games.get(name)
    hooks = ai.hooks(name)
    r = random.Random(3)
    for state in random_states(name, players, 6, 120):
        for seat in sorted(game.to_act(state)):
            assert is_legal(game, state, seat, str(hooks.rollout(state, seat, r)))
            candidates = hooks.candidates(state, seat)
            assert candidates
            assert all(is_legal(game, state, seat, str(a)) for a in candidates)


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_each_level_plays_a_legal_action_for_every_awaited_seat(name: str, players: int, level: str) -> None:
    game = games.get(name)
    for k, state in enumerate(random_states(name, players, 4, 40)):
        if k % 5:
            continue
        for seat in sorted(game.to_act(state)):
            notation = ai.choose(name, game.view(state, seat), seat, level, seed=k, iterations=6)
            assert is_legal(game, state, seat, notation), f"{name}: {notation!r} is not legal"


@pytest.mark.parametrize(("name", "players", "level"), VIEW_CASES)
def test_choose_plays_legal_moves_from_the_view(name: str, players: int, level: str) -> None:
    """Every awaited seat asks the computer (seat order varies, so also in reaction windows and
    questions where several seats are awaited at once) for a stretch of the game; each answer
    parses and passes ``check``."""
    game = games.get(name)
    hooks = ai.hooks(name)
    state = game.new_game(players, game.options(), 11)
    r = random.Random(players)
    for move in range(30):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        seat = awaited[r.randrange(len(awaited))]
        if move % 3 == 0:
            text = ai.choose(name, game.view(state, seat), seat, level, seed=move, iterations=6)
            action = game.parse_action(text)
        else:
            action = hooks.rollout(state, seat, r)
        game.check(state, seat, action)
        state, _ = game.apply(state, seat, action)


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("level", LEVELS)
def test_computers_at_every_seat_play_legally_to_the_end(name: str, players: int, level: str) -> None:
    state = play_computers(name, players, seed=players, level=level, iterations=2, steps=1500)
    assert games.get(name).outcome(state) is not None, "the game did not end"


@pytest.mark.parametrize("name", WITH_COMPUTER)
def test_the_choice_is_deterministic_for_a_seed_and_an_iteration_budget(name: str) -> None:
    game = games.get(name)
    states = [s for s in random_states(name, min(game.players), 5, 30) if game.to_act(s)]
    state = states[-1]
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    first = ai.choose(name, view, seat, "normal", seed=11, iterations=30)
    assert all(ai.choose(name, view, seat, "normal", seed=11, iterations=30) == first for _ in range(2))


def test_a_game_without_a_computer_player_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game registered in :mod:`games` without a computer player has no computer player."""

    class Bare:
        title = "Bare Game"

    monkeypatch.setitem(games.GAMES, "bare", Bare())  # type: ignore[arg-type]
    assert not ai.has_computer("bare")
    with pytest.raises(NoComputerPlayer, match="Bare Game has no computer player"):
        ai.choose("bare", None, 0)


def test_unknown_level_and_seat_not_awaited_are_refused() -> None:
    game = games.get("polar-derby")
    state = game.new_game(2, game.options(), 1)
    seat = min(game.to_act(state))
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose("polar-derby", game.view(state, seat), seat, "grandmaster")
    with pytest.raises(ValueError, match="not awaited"):
        ai.choose("polar-derby", game.view(state, 1 - seat), 1 - seat, iterations=5)


@pytest.mark.parametrize("name", WITH_COMPUTER)
def test_the_arguments_survive_a_trip_to_a_worker_process(name: str) -> None:
    """``ai.choose`` runs in a worker process: its arguments pickle, and the copy gives the same
    choice as the original."""
    game = games.get(name)
    state = [s for s in random_states(name, min(game.players), 9, 30) if game.to_act(s)][-1]
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    copy = pickle.loads(pickle.dumps((name, view, seat, "normal", 4)))
    assert copy[1] == view
    assert ai.choose(*copy, iterations=10) == ai.choose(name, view, seat, "normal", 4, iterations=10)
