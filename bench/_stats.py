"""Shared helpers of the benchmark scripts: figures of a list of timings and the summary rows
that ``bench/run_all.py`` collects (written as JSON with ``--json PATH``).

Benchmarks print figures; they never assert timings.
"""

from __future__ import annotations

import json
import statistics
import sys
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Figures:
    n: int
    median: float
    p95: float
    worst: float

    def line(self, unit: str = "ms", digits: int = 2) -> str:
        return (
            f"median {self.median:7.{digits}f}{unit}  p95 {self.p95:7.{digits}f}{unit}  "
            f"worst {self.worst:7.{digits}f}{unit}  (n={self.n})"
        )


def figures(xs: list[float]) -> Figures:
    """Median, 95th percentile (nearest rank) and worst of ``xs`` (empty: zeros)."""
    if not xs:
        return Figures(0, 0.0, 0.0, 0.0)
    s = sorted(xs)
    p95 = s[min(len(s) - 1, int(len(s) * 0.95))]
    return Figures(len(s), statistics.median(s), p95, s[-1])


@dataclass(frozen=True)
class Row:
    """One line of the table in docs/performance.md: what | budget | median | worst | verdict."""

    what: str
    budget: str
    median: str
    worst: str
    verdict: str
    #: The median over a floor timed in the same run beside it (e.g. ``2.9x``), when the
    #: benchmark measured one; else run_all.py divides by the floor bench_floors.py measured.
    ratio: str = ""


def verdict(value: float, limit: float) -> str:
    return "ok" if value < limit else "OVER"


def write_rows(path: str | None, rows: list[Row]) -> None:
    if path:
        Path(path).write_text(json.dumps([asdict(r) for r in rows], indent=1))


def read_rows(path: str | Path) -> list[Row]:
    return [Row(**d) for d in json.loads(Path(path).read_text())]
