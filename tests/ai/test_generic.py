"""The computer player on every registered game that has its hooks (``sample``, ``evaluate``).

A game that gains the hooks is covered here without a new line; games without them are listed
by :func:`test_games_without_hooks_are_refused_clearly`.
"""

from __future__ import annotations

import pickle
import random

import pytest

import ai
import games
from ai.search import Hooks, NoComputerPlayer
from tests.ai.helpers import is_legal, random_states

WITH_HOOKS = sorted(name for name in games.GAMES if ai.has_computer(name))
CASES = [(name, n) for name in WITH_HOOKS for n in games.GAMES[name].players]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_sampler_agrees_with_the_view(name: str, players: int) -> None:
    """``view(sample(view, seat), seat) == view`` for every seat along random playouts."""
    game = games.get(name)
    r = random.Random(7)
    for seed in (1, 2):
        for state in random_states(name, players, seed, 60):
            for seat in range(players):
                view = game.view(state, seat)
                sampled = game.sample(view, seat, r)
                assert game.view(sampled, seat) == view, f"{name} step {state.step} seat {seat}"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_evaluate_lies_between_0_and_1_and_scores_the_end(name: str, players: int) -> None:
    game = games.get(name)
    last = None
    for last in random_states(name, players, 3, 3000):
        for seat in range(players):
            assert 0.0 <= game.evaluate(last, seat) <= 1.0
    outcome = game.outcome(last)
    assert outcome is not None
    for seat in range(players):
        assert game.evaluate(last, seat) == (1.0 if seat in outcome.winners else 0.0)


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


@pytest.mark.parametrize("name", WITH_HOOKS)
def test_the_choice_is_deterministic_for_a_seed_and_an_iteration_budget(name: str) -> None:
    game = games.get(name)
    states = [s for s in random_states(name, min(game.players), 5, 30) if game.to_act(s)]
    state = states[-1]
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    first = ai.choose(name, view, seat, "normal", seed=11, iterations=30)
    assert all(ai.choose(name, view, seat, "normal", seed=11, iterations=30) == first for _ in range(2))


def test_games_without_hooks_are_refused_clearly() -> None:
    class Bare:
        title = "Bare Game"

    with pytest.raises(NoComputerPlayer, match="Bare Game has no computer player"):
        Hooks.of(Bare())  # type: ignore[arg-type]
    for name in sorted(set(games.GAMES) - set(WITH_HOOKS)):
        game = games.get(name)
        state = game.new_game(min(game.players), game.options(), 1)
        seat = min(game.to_act(state))
        with pytest.raises(NoComputerPlayer):
            ai.choose(name, game.view(state, seat), seat)


def test_unknown_level_and_seat_not_awaited_are_refused() -> None:
    game = games.get("polar-derby")
    state = game.new_game(2, game.options(), 1)
    seat = min(game.to_act(state))
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose("polar-derby", game.view(state, seat), seat, "grandmaster")
    with pytest.raises(ValueError, match="not awaited"):
        ai.choose("polar-derby", game.view(state, 1 - seat), 1 - seat, iterations=5)


@pytest.mark.parametrize("name", WITH_HOOKS)
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
