"""Fixtures of the storage tests."""

from __future__ import annotations

import pytest

from storage import Store


@pytest.fixture
def store(any_store: Store) -> Store:
    """The store under test: each backend in turn (``any_store``)."""
    return any_store
