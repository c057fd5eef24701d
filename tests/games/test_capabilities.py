"""Every game keeps to its capability record (games.core.Capabilities): what random playouts of
it show (two seats awaited at once, a private action, a choice hidden, an action the game rules
out of automatic play, a move whose result changes with the step) is declared, and what it
declares is seen."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from typing import Any

import pytest

import games
from games.core import Capabilities, replace


@dataclass
class Seen:
    hidden_information: bool = False
    simultaneous_moves: bool = False
    private_choices: bool = False
    forced_move_rulings: bool = False
    chance_per_step: bool = False


def drawn_by_step(game: Any, state: Any, seat: int, action: Any) -> bool:
    """Whether ``action`` gives another state when played one step later: it drew chance with
    ``rng(seed, step)``."""
    later = replace(state, step=state.step + 1)
    now, _ = game.apply(state, seat, action)
    shifted, _ = game.apply(later, seat, action)
    return unstepped(game.to_dict(now)) != unstepped(game.to_dict(shifted))


def unstepped(data: Any) -> Any:
    return {k: v for k, v in data.items() if k != "step"}


def observe(game: Any, players: int, seed: int, steps: int, seen: Seen) -> None:
    """Play ``game`` at random, noting each capability its states show."""
    state = game.new_game(players, game.options(), seed)
    r = random.Random(seed)
    for _ in range(steps):
        awaited = sorted(game.to_act(state))
        if not awaited:
            return
        seen.simultaneous_moves |= len(awaited) > 1
        for seat in awaited:
            legal = list(game.legal_actions(state, seat))
            seen.private_choices |= any(games.is_private(a) for a in legal)
            seen.hidden_information |= (
                game.secret_choices
                or game.hides_choices(state, seat)
                or any(games.is_secret(a) for a in legal)
            )
            # a ruling is asked of a seat's only move; any legal action may be ruled on
            seen.forced_move_rulings |= any(game.never_automatic(state, seat, a) is not None for a in legal)
        seat = awaited[r.randrange(len(awaited))]
        actions = list(game.legal_actions(state, seat))
        action = actions[r.randrange(len(actions))]
        seen.chance_per_step = seen.chance_per_step or drawn_by_step(game, state, seat, action)
        state, _ = games.play(game, state, seat, action)


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_game_declares_what_it_does(name: str) -> None:
    game = games.get(name)
    seen = Seen()
    for seed in range(12):
        for players in (min(game.players), max(game.players)):
            observe(game, players, seed, 400, seen)
    assert isinstance(game.capabilities, Capabilities)
    assert asdict(game.capabilities) == asdict(seen)
