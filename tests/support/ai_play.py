"""Random playouts for the computer-player tests (short: long runs belong in bench/)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

import ai
import games
from ai.hooks import Hooks


def random_states(name: str, players: int, seed: int, steps: int) -> Iterator[Any]:
    """The states of a random playout (uniform legal actions), at most ``steps`` of them."""
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        yield state
        awaited = game.to_act(state)
        if not awaited:
            return
        seat = chooser.choice(sorted(awaited))
        state, _ = games.play(game, state, seat, chooser.choice(list(game.legal_actions(state, seat))))


def mixed_playout(hooks: Hooks, players: int, options: Any, seed: int, steps: int) -> list[Any]:
    """The states of a game played by the first awaited seat: mostly the computer's rollout
    policy, now and then (three moves in ten) any legal action, so that rarer choices come up too."""
    game = hooks.game
    r = random.Random(seed)
    state = game.new_game(players, options, seed)
    states = [state]
    for _ in range(steps):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        actions = game.legal_actions(state, seat)
        action = actions[r.randrange(len(actions))] if r.random() < 0.3 else hooks.rollout(state, seat, r)
        game.check(state, seat, action)
        state, _ = game.apply(state, seat, action)
        states.append(state)
    return states


def is_legal(game: games.AnyGame, state: Any, seat: int, notation: str) -> bool:
    """Whether ``notation`` is an action ``seat`` may play now (the rules' own check)."""
    try:
        action = game.parse_action(notation)
        if seat not in game.to_act(state):
            return False
        game.check(state, seat, action)
    except games.GameError:
        return False
    return True


def play_computers(name: str, players: int, seed: int, level: str, iterations: int, steps: int) -> Any:
    """A whole game with a computer at every seat; asserts every action is legal."""
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    for step in range(steps):
        awaited = game.to_act(state)
        if not awaited:
            return state
        seat = min(awaited)
        notation = ai.choose(name, game.view(state, seat), seat, level, seed=step, iterations=iterations)
        assert is_legal(game, state, seat, notation), f"{level} played {notation!r}, not legal now"
        state, _ = games.play(game, state, seat, game.parse_action(notation))
    return state


def assert_samples_play_on(hooks: Hooks, states: Iterable[Any], r: random.Random, moves: int) -> None:
    """A sampled state is a real position: from the first awaited seat's sample of each of
    ``states``, the rollout policy's actions pass the rules' ``check`` and ``apply`` for up to
    ``moves`` moves."""
    game = hooks.game
    for state in states:
        if not game.to_act(state):
            continue
        seat = min(game.to_act(state))
        s = hooks.sample(game.view(state, seat), seat, r)
        for _ in range(moves):
            if not game.to_act(s):
                break
            mover = min(game.to_act(s))
            action = hooks.rollout(s, mover, r)
            game.check(s, mover, action)
            s, _ = game.apply(s, mover, action)


def assert_dice_to_come_are_hidden(name: str) -> None:
    """For a game that hides nothing but its dice to come (drawn from the state's seed): two
    states that differ only in their seed look the same, give the same choice, and the sampler
    draws a fresh seed."""
    game = games.get(name)
    hooks = ai.hooks(name)
    for k, state in enumerate(random_states(name, 2, 8, 40)):
        awaited = game.to_act(state)
        if not awaited or k % 4:
            continue
        seat = min(awaited)
        other = replace(state, seed=state.seed + 1000)
        assert game.view(other, seat) == game.view(state, seat)
        mine = ai.choose(name, game.view(state, seat), seat, "normal", seed=k, iterations=25)
        assert ai.choose(name, game.view(other, seat), seat, "normal", seed=k, iterations=25) == mine
        assert hooks.sample(game.view(state, seat), seat, random.Random(k)).seed != state.seed
