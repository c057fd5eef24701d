"""Counting the statements a store sends: each is one round trip to PostgreSQL."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import pytest

from storage import Store


class RoundTrips:
    """Counts the statements a store sends (each is one round trip to PostgreSQL), a
    transaction's BEGIN and COMMIT included."""

    def __init__(self, store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for name in ("_one", "_all", "_write"):
            monkeypatch.setattr(store, name, self.counted(getattr(store, name)))
        transaction = store._transaction

        @contextlib.asynccontextmanager
        async def counted_transaction() -> AsyncIterator[Any]:
            self.count += 2
            async with transaction() as tx:
                yield SimpleNamespace(
                    **{name: self.counted(getattr(tx, name)) for name in ("run", "one", "all", "many")}
                )

        monkeypatch.setattr(store, "_transaction", counted_transaction)

    def counted(self, call: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counting(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            return await call(*args, **kwargs)

        return counting
