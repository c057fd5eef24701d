"""util.records.frozen: a frozen dataclass built in one call, otherwise the dataclass itself."""

from __future__ import annotations

import ast
import dataclasses
import pickle
from pathlib import Path

import pytest

from util.records import frozen


@frozen
class Everything:
    """A field of each kind the decorator takes."""

    plain: int
    with_default: str = "d"
    from_factory: list[int] = dataclasses.field(default_factory=list)
    cache: dict[int, int] = dataclasses.field(default_factory=dict, init=False, compare=False, repr=False)
    fixed: int = dataclasses.field(default=7, init=False)
    named: int = dataclasses.field(default=0, kw_only=True)


@dataclasses.dataclass(frozen=True)
class Standard:
    """The same fields under the standard decorator, for comparison."""

    plain: int
    with_default: str = "d"
    from_factory: list[int] = dataclasses.field(default_factory=list)
    cache: dict[int, int] = dataclasses.field(default_factory=dict, init=False, compare=False, repr=False)
    fixed: int = dataclasses.field(default=7, init=False)
    named: int = dataclasses.field(default=0, kw_only=True)


def fields_of(value: object) -> dict[str, object]:
    return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((1,), {}), ((1, "x", [2]), {"named": 3}), ((), {"plain": 4, "from_factory": [5], "with_default": "y"})],
)
def test_it_builds_what_the_standard_decorator_builds(
    args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    ours, theirs = Everything(*args, **kwargs), Standard(*args, **kwargs)  # type: ignore[arg-type]
    assert fields_of(ours) == fields_of(theirs)
    assert repr(ours).removeprefix("Everything") == repr(theirs).removeprefix("Standard")


def test_a_factory_makes_a_new_value_for_each_instance() -> None:
    a, b = Everything(1), Everything(1)
    assert a.from_factory == [] and a.from_factory is not b.from_factory
    assert a.cache is not b.cache


def test_it_refuses_the_arguments_the_standard_one_refuses() -> None:
    with pytest.raises(TypeError):
        Everything()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Everything(1, "x", [], 3)  # type: ignore[call-arg]  # keyword-only given by position
    with pytest.raises(TypeError):
        Everything(1, fixed=8)  # type: ignore[call-arg]  # init=False


@frozen
class Pair:
    first: int
    second: str = "b"


def test_it_stays_frozen_equal_hashable_replaceable_and_picklable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Pair(1).first = 3  # type: ignore[misc]
    assert Pair(1) == Pair(1, "b") and Pair(1) != Pair(1, "c")
    assert {Pair(1): "found"}[Pair(1, "b")] == "found"
    assert hash(Pair(2, "x")) == hash(Pair(2, "x"))
    value = Everything(1, named=2)
    assert value == Everything(1, named=2) and value != Everything(1, named=3)
    changed = dataclasses.replace(value, plain=5)
    assert changed.plain == 5 and changed.named == 2 and value.plain == 1
    assert pickle.loads(pickle.dumps(value)) == value


def test_a_class_with_post_init_is_refused() -> None:
    with pytest.raises(TypeError, match="__post_init__"):

        @frozen
        class Checked:
            n: int

            def __post_init__(self) -> None:
                assert self.n >= 0


def own_names(node: ast.ClassDef) -> set[str]:
    """The names a class body defines: its methods and assigned attributes."""
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef):
            names.add(item.name)
        elif isinstance(item, ast.Assign):
            names.update(ast.unparse(target) for target in item.targets)
        elif isinstance(item, ast.AnnAssign):
            names.add(ast.unparse(item.target))
    return names


def standard_frozen_classes(source: str) -> list[str]:
    """The classes in ``source`` declared ``@dataclass(frozen=True)`` that :func:`frozen` could
    build (no ``__post_init__``, no ``__slots__``)."""
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(d).startswith("dataclass(frozen=True") for d in node.decorator_list)
        and not own_names(node) & {"__post_init__", "__slots__"}
    ]


def test_the_check_finds_a_standard_frozen_class_only_where_frozen_would_do() -> None:
    plain = "@dataclass(frozen=True)\nclass A:\n    n: int\n"
    checked = plain + "\n    def __post_init__(self) -> None:\n        pass\n"
    assert standard_frozen_classes(plain) == ["A"]
    assert standard_frozen_classes(checked) == []
    assert standard_frozen_classes(plain.replace("n: int", "__slots__ = ('n',)")) == []
    assert standard_frozen_classes("@frozen\nclass B:\n    n: int\n") == []


def test_games_bot_and_storage_declare_their_frozen_dataclasses_one_way() -> None:
    """One way to declare a frozen record where util may be imported (renderer/ and the terminal
    may not: tests/test_layers.py); a class that needs ``__post_init__`` or ``__slots__`` keeps
    ``@dataclass(frozen=True)``, which :func:`frozen` refuses to stand for."""
    root = Path(__file__).resolve().parent.parent
    standard = {
        str(path.relative_to(root)): found
        for folder in ("games", "bot", "storage")
        for path in sorted((root / folder).rglob("*.py"))
        if "terminal" not in path.parts and (found := standard_frozen_classes(path.read_text()))
    }
    assert not standard, f"use util.records.frozen for {standard}"
