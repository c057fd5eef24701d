"""games.core.replace: the fast copy the rules use instead of dataclasses.replace, and the
conditions on every dataclass in games/ that make it equal to the standard function."""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import pkgutil
import random

import pytest

import games
from games.core import replace


def rules_dataclasses() -> list[type]:
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(games.__path__, "games."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if dataclasses.is_dataclass(cls) and cls.__module__.startswith("games"):
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


DATACLASSES = rules_dataclasses()


def test_the_rules_define_dataclasses_to_check() -> None:
    names = {cls.__name__ for cls in DATACLASSES}
    assert {"HikeState", "DerbyState", "ThinIceState"} <= names


@pytest.mark.parametrize("cls", DATACLASSES, ids=lambda c: c.__qualname__)
def test_every_rules_dataclass_can_be_copied_field_by_field(cls: type) -> None:
    assert "__slots__" not in cls.__dict__
    assert not hasattr(cls, "__post_init__")
    assert all(f.init for f in dataclasses.fields(cls))
    cached = [n for n, v in inspect.getmembers(cls) if isinstance(v, functools.cached_property)]
    assert cached == []


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_replace_equals_the_standard_one_on_states_of_every_game(name: str) -> None:
    game = games.get(name)
    state = game.new_game(min(game.players), game.options(), 11)
    r = random.Random(5)
    for _ in range(30):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        state, _ = games.play(game, state, seat, r.choice(list(game.legal_actions(state, seat))))
    changes = {"seed": 12345, "step": state.step + 1}
    fast, standard = replace(state, **changes), dataclasses.replace(state, **changes)
    assert fast == standard and type(fast) is type(standard)
    assert fast is not state and state.seed != 12345  # the original is untouched


def test_replace_refuses_a_field_the_class_lacks() -> None:
    game = games.get("polar-derby")
    state = game.new_game(2, game.options(), 1)
    with pytest.raises(TypeError, match="no field 'colour'"):
        replace(state, colour="pink")
