"""Every registered game exposes every declared hook (games/core.py, ``GameHooks``), its own or
the default, so the bot calls hooks without asking whether a game has them."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import games
from games.core import HOOKS, GameHooks, Undo

ROOT = Path(__file__).resolve().parents[2]


def test_the_hooks_the_bot_reads_are_all_declared() -> None:
    assert set(HOOKS) == {
        "capabilities",
        "secret_choices",
        "hides_choices",
        "reaction",
        "can_revise",
        "public_prompt",
        "spectator_prompt",
        "default_action",
        "never_automatic",
        "computer_default_safe",
        "choice_stands",
        "undoable",
        "builder",
    }


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_game_exposes_every_declared_hook_with_its_signature(name: str) -> None:
    game = games.GAMES[name]
    for hook in HOOKS:
        declared = getattr(GameHooks, hook)
        own = getattr(game, hook)  # an AttributeError here: the game lacks the hook
        if callable(declared):
            expected = list(inspect.signature(declared).parameters)[1:]  # without self
            assert list(inspect.signature(own).parameters) == expected, f"{name}.{hook}"
        else:
            assert type(own) is type(declared), f"{name}.{hook}"


def test_a_game_that_keeps_the_defaults_gets_them() -> None:
    """Polar Derby overrides neither ``reaction`` nor ``public_prompt`` nor ``undoable``."""
    game = games.get("polar-derby")
    state = game.new_game(2, game.options(), 1)
    assert game.reaction(state, 0) is False
    assert game.can_revise(state, 0) is False
    assert game.hides_choices(state, 0) is False
    assert game.public_prompt(state, 0) == game.prompt(state, 0)
    action = game.legal_actions(state, 0)[0]
    assert game.undoable(state, 0, action) is Undo.BY_SESSION
    assert game.never_automatic(state, 0, action) is None
    assert game.builder(state, 0) is None


def test_the_architecture_page_lists_every_declared_hook() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text()
    section = text.split("## Optional game hooks", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^- `(\w+)", section, flags=re.M))
    assert listed == set(HOOKS)
