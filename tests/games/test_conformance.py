"""Conformance of every registered game to the protocol (games/core.py; ARCHITECTURE.md).

Random playouts at every seat count and several seeds; at every step the protocol's promises
are checked. A game added to ``games.registry`` is tested here without writing a line.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import games
from games import GameError

SEEDS = (1, 2, 3)
MAX_STEPS = 3000


def _cases() -> list[tuple[str, int, int]]:
    return [
        (name, n, seed) for name, game in sorted(games.GAMES.items()) for n in game.players for seed in SEEDS
    ]


def playout(
    game: games.AnyGame, players: int, seed: int, options: Any = None
) -> tuple[Any, list[tuple[int, Any]], int]:
    """Play randomly to the end; return the final state, the (seat, action) log and the steps."""
    state = game.new_game(players, options or game.options(), seed)
    chooser = random.Random(seed)
    log: list[tuple[int, Any]] = []
    for step in range(MAX_STEPS):
        awaited = game.to_act(state)
        if not awaited:
            return state, log, step
        seat = chooser.choice(sorted(awaited))
        actions = game.legal_actions(state, seat)
        action = chooser.choice(list(actions))
        state, _ = games.play(game, state, seat, action)
        log.append((seat, action))
    raise AssertionError(f"{game.name} did not end within {MAX_STEPS} steps")


@pytest.mark.parametrize(("name", "players", "seed"), _cases())
def test_random_playout_keeps_every_promise(name: str, players: int, seed: int) -> None:
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    chooser = random.Random(seed)
    log: list[tuple[int, Any]] = []
    for _ in range(MAX_STEPS):
        awaited = game.to_act(state)
        # to_act is empty if and only if there is an outcome
        assert (not awaited) == (game.outcome(state) is not None)
        # the state survives a JSON round trip
        assert game.from_dict(game.to_dict(state)) == state
        for seat in range(players):
            game.view(state, seat)
        game.view(state, None)
        if not awaited:
            break
        for seat in awaited:
            assert game.legal_actions(state, seat), f"seat {seat} is awaited but has no legal action"
            assert game.prompt(state, seat)
        revising = {s for s in range(players) if games.may_revise(game, state, s)}
        for seat in set(range(players)) - awaited - revising:
            with pytest.raises(GameError):
                games.play(game, state, seat, game.legal_actions(state, next(iter(awaited)))[0])
        seat = chooser.choice(sorted(awaited))
        actions = list(game.legal_actions(state, seat))
        for action in actions:
            assert game.parse_action(str(action)) == action, f"notation {action} does not round-trip"
        with pytest.raises(GameError):
            game.parse_action("fly to the moon %%")
        action = chooser.choice(actions)
        before = copy.deepcopy(state)
        new_state, events = games.play(game, state, seat, action)
        assert state == before, "apply mutated its input"
        assert all(isinstance(e, games.Event) for e in events)
        log.append((seat, action))
        state = new_state
    else:
        raise AssertionError(f"{name} did not end within {MAX_STEPS} steps")
    # replay from (seed, actions) reproduces the final state
    replay = game.new_game(players, game.options(), seed)
    for seat, action in log:
        replay, _ = games.play(game, replay, seat, game.parse_action(str(action)))
    assert replay == state
    # after the end every action is refused
    with pytest.raises(games.GameOver):
        games.play(game, state, 0, log[-1][1])


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_seat_count_out_of_range_is_refused(name: str) -> None:
    game = games.get(name)
    for n in (game.players.start - 1, game.players.stop):
        with pytest.raises(games.InvalidOptions):
            game.new_game(n, game.options(), 1)


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_unknown_option_is_refused(name: str) -> None:
    with pytest.raises(games.InvalidOptions):
        games.get(name).options.from_mapping({"no_such_option": True})


def test_unknown_game_is_refused() -> None:
    with pytest.raises(games.InvalidOptions):
        games.get("ice-golf")


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_views_never_carry_the_seed(name: str) -> None:
    game = games.get(name)
    state = game.new_game(game.players.start, game.options(), 987654321)
    for seat in [None, *range(game.players.start)]:
        assert "987654321" not in repr(game.view(state, seat))


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_resigning_leaves_a_consistent_game(name: str) -> None:
    game = games.get(name)
    state = game.new_game(game.players.start, game.options(), 5)
    state, events = game.retire(state, 0)
    assert events
    awaited = game.to_act(state)
    assert (not awaited) == (game.outcome(state) is not None)
    assert 0 not in awaited


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_the_notation_examples_shown_to_players_parse(name: str) -> None:
    """/game rules shows these examples: each must be valid notation of its game."""
    game = games.get(name)
    shown = games.presentation_of(game).notation_examples
    examples = [e.strip() for e in shown.split(",") if e.strip()]
    assert examples
    for example in examples:
        action = game.parse_action(example)
        assert game.parse_action(str(action)) == action
