"""The parts of bench/bench_store.py run on a small SQLite store, so a change elsewhere that
breaks them fails here rather than on the day the figures are measured."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from storage import open_store

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture
def bench_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    monkeypatch.syspath_prepend(str(BENCH))  # the scripts import their neighbours (_stats, bench_act)
    import bench_store

    yield bench_store


async def test_the_latency_part_times_the_moves_it_plays(bench_store: ModuleType, tmp_path: Path) -> None:
    store = await open_store(f"sqlite:///{tmp_path}/latency.db")
    try:
        active = await bench_store.bulk_fill(store, 30, 0.6)
        figures = await bench_store.latency(store, active, 6)
    finally:
        await store.close()
    assert figures["floor"].n == figures["record_action"].n == 6
    assert figures["act"].n == 3 and figures["act"].median > 0
