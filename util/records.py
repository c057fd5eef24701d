"""Frozen dataclasses that a move makes many of, built for a third of the usual cost.

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__``, a call per field:
a record of fourteen fields costs about 21,000 instructions to build, seven times what a plain
dataclass costs (bench/bench_act_instructions.py counts a move's). :func:`frozen` is
``@dataclass(frozen=True)`` with an ``__init__`` that sets all the fields in one call (the
instance's ``__dict__``, whole): the same class in every other way (equality, hashing, ``repr``,
:func:`dataclasses.replace`, :func:`dataclasses.fields`), and still refusing assignment.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")

#: A parameter left out, for a field whose default is made by a factory (as dataclasses does).
_LEFT_OUT = object()


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True)`` for ``cls``, built faster. A class with ``__post_init__`` or
    ``__slots__`` is refused (``TypeError``): its ``__init__`` must stay the dataclass's own."""
    made = dataclasses.dataclass(frozen=True)(cls)
    if hasattr(made, "__post_init__") or "__slots__" in vars(made):
        raise TypeError(f"{cls.__name__} has __post_init__ or __slots__: use @dataclass(frozen=True)")
    made.__init__ = _init(made.__qualname__, dataclasses.fields(made))  # type: ignore[arg-type, method-assign]
    return made


def _init(qualname: str, fields: tuple[dataclasses.Field[Any], ...]) -> Any:
    """An ``__init__`` that takes ``fields`` as the dataclass's would (defaults, factories,
    keyword-only and ``init=False`` fields) and sets them in one call."""
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_LEFT_OUT": _LEFT_OUT}
    positional: list[str] = []
    keyword: list[str] = []
    values: list[str] = []
    for f in fields:
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            default = f"_default_{f.name}"
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            default = "_LEFT_OUT"
        else:
            default = ""
        if not f.init:
            if default == "_LEFT_OUT":
                values.append(f"{f.name!r}: _factory_{f.name}()")
            elif default:
                values.append(f"{f.name!r}: {default}")
            continue
        (keyword if f.kw_only else positional).append(f"{f.name}={default}" if default else f.name)
        if default == "_LEFT_OUT":
            values.append(f"{f.name!r}: _factory_{f.name}() if {f.name} is _LEFT_OUT else {f.name}")
        else:
            values.append(f"{f.name!r}: {f.name}")
    parameters = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({parameters}):\n    _set(self, '__dict__', {{{', '.join(values)}}})\n"
    exec(source, namespace)  # as dataclasses itself writes __init__
    init = namespace["__init__"]
    init.__qualname__ = f"{qualname}.__init__"
    return init
