"""Run every benchmark (``--quick`` by default) and print a Markdown table for docs/performance.md:
what | budget | median | worst | verdict.

Each benchmark runs in its own process (memory is measured per process) and hands its summary
rows back as JSON (``--json``); bench_render.py's printed table is read from its output.

    python bench/run_all.py [--full] [--only NAME ...] [--out PATH]

``--out`` also writes the table with the machine's details and every benchmark's full output.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
import timeit
from datetime import UTC, datetime
from pathlib import Path

from _stats import Row, read_rows

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: name -> (extra arguments in quick mode, in full mode)
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "bench_floors": (["--quick"], []),
    "bench_render": (["--playouts", "2", "--max-views", "100"], []),
    "bench_legal_actions": (["--quick"], []),
    "bench_act": (["--quick"], []),
    "bench_interaction": (["--quick"], []),
    "bench_memory": (["--quick"], []),
    "bench_ice_lake": (["--quick"], []),
}

RENDER_LINE = re.compile(r"^(\S+)\s+(\d+)\s+([\d.]+)ms\s+([\d.]+)ms\s+([\d.]+)ms\s+(\d+)KiB\s+(\d+)KiB")
#: Goals for a board: render + encode median, and the late-game file size.
RENDER_GOAL_MS = 10.0
BOARD_GOAL_KIB = 40


def render_rows(output: str) -> list[Row]:
    """bench_render.py prints one line per game: name, views, median, p95, worst, PNG size."""
    rows = []
    for line in output.splitlines():
        m = RENDER_LINE.match(line.strip())
        if m:
            name, _n, median, _p95, worst, kib, late = m.groups()
            ok = float(median) <= RENDER_GOAL_MS and int(late) <= BOARD_GOAL_KIB
            rows.append(
                Row(
                    f"board render (draw + PNG), {name}, median {kib} KiB, late game {late} KiB",
                    f"<= {RENDER_GOAL_MS:.0f} ms median, <= {BOARD_GOAL_KIB} KiB",
                    f"{float(median):.1f} ms",
                    f"{float(worst):.1f} ms",
                    "ok" if ok else "OVER",
                )
            )
    return rows


def run(name: str, args: list[str], timeout: float) -> tuple[list[Row], str, float]:
    script = HERE / f"{name}.py"
    if not script.exists():
        return [], f"({script.name} not found)", 0.0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.json"
        json_args = [] if name == "bench_render" else ["--json", str(out)]
        t = time.perf_counter()
        try:
            proc = subprocess.run(
                [sys.executable, str(script), *args, *json_args],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as err:
            text = (err.stdout or b"").decode() if isinstance(err.stdout, bytes) else (err.stdout or "")
            return [Row(name, "—", "—", "—", f"timed out after {timeout:.0f} s")], text, timeout
        spent = time.perf_counter() - t
        text = proc.stdout + (f"\n[stderr]\n{proc.stderr[-3000:]}" if proc.returncode else "")
        if proc.returncode:
            return [Row(name, "—", "—", "—", f"failed (exit {proc.returncode})")], text, spent
        rows = (
            render_rows(proc.stdout) if name == "bench_render" else (read_rows(out) if out.exists() else [])
        )
        return rows, text, spent


def _ms(cell: str) -> float | None:
    m = re.match(r"([\d.]+) ms", cell)
    return float(m.group(1)) if m else None


def floor_ratio(row: Row, rows: list[Row]) -> str:
    """The row's median over its floor measured in the same run: the ratio the benchmark timed
    beside its own figures when it did (``Sessions.act`` over the floor transaction timed between
    the acts, with its ratio to the bare ``sqlite3`` floor in brackets), else a board over the
    floor encode (an RGB PNG at level 1) of bench_floors.py."""
    if row.ratio:
        return row.ratio
    floor = next((r for r in rows if r.what.startswith("floor encode: ") and "RGB" in r.what), None)
    value, base = _ms(row.median), _ms(floor.median) if floor else None
    if not row.what.startswith("board render") or value is None or not base:
        return ""
    return f"{value / base:.1f}x"


def table(rows: list[Row]) -> str:
    lines = ["| what | budget | median | worst | x floor | verdict |", "|---|---|---|---|---|---|"]
    lines += [
        f"| {r.what} | {r.budget} | {r.median} | {r.worst} | {floor_ratio(r, rows)} | {r.verdict} |"
        for r in rows
    ]
    return "\n".join(lines)


def load() -> str:
    """The 1, 5 and 15 minute load averages (other work on the machine skews every figure)."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


#: A fixed piece of pure Python, timed as ``python -m timeit`` does: how fast this machine runs
#: the interpreter now, so that figures of two sessions (two machines) can be compared.
CALIBRATION = "sum(i * i for i in range(1_000_000))"


def calibration() -> str:
    """``CALIBRATION``'s best of 5 runs after a second of warming up, in ms (a machine that
    was idle runs the first runs slower)."""
    warm_until = time.perf_counter() + 1.0
    while time.perf_counter() < warm_until:
        timeit.timeit(CALIBRATION, number=1)
    best = min(timeit.repeat(CALIBRATION, number=1, repeat=5))
    return f"`{CALIBRATION}` {best * 1000:.0f} ms (best of 5)"


def machine() -> str:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        mem = f", {kb / 2**20:.1f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"nproc {os.cpu_count()}{' (' + cpu + ')' if cpu else ''}{mem}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}); {platform.platform()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="each benchmark's default (longer) run")
    parser.add_argument("--only", nargs="*", help="benchmark names (e.g. bench_act)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per benchmark")
    parser.add_argument("--out", help="also write a Markdown report here")
    args = parser.parse_args()
    mode = "full" if args.full else "quick"
    load_before = load()
    speed_before = calibration()
    rows: list[Row] = []
    outputs: list[str] = []
    for name, (quick, full) in BENCHES.items():
        if args.only and name not in args.only:
            continue
        extra = full if args.full else quick
        print(f"running {name} {' '.join(extra)} ...", file=sys.stderr, flush=True)
        got, text, spent = run(name, extra, args.timeout)
        print(f"  {spent:.0f} s", file=sys.stderr, flush=True)
        rows += got
        outputs.append(f"### {name} {' '.join(extra)} ({spent:.0f} s)\n\n```\n{text.rstrip()}\n```")
    md = table(rows)
    act = next((r for r in rows if r.what.startswith("Sessions.act (")), None)
    if act is not None:
        print(f"act over the floor transaction timed beside it: {floor_ratio(act, rows)} (goal: at most 3x)")
    loads = f"load average {load_before} before, {load()} after (nproc {os.cpu_count()})"
    speed = f"calibration {speed_before} before, {calibration()} after"
    print(f"\nBenchmarks ({mode} mode), {machine()}; {loads}; {speed}\n")
    print(md)
    if args.out:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        report = (
            f"# Floe benchmark figures\n\nMeasured {stamp} at commit {commit} (working tree), "
            f"`python bench/run_all.py{' --full' if args.full else ''}`, {mode} mode.\n\n"
            f"Machine: {machine()}.\nLoad: {loads}.\nSpeed: {speed}.\n\n{md}\n\n"
            "Budgets: ARCHITECTURE.md (Performance budgets). Benchmarks print figures and never assert timings.\n\n"
            "## Full output\n\n" + "\n\n".join(outputs) + "\n"
        )
        Path(args.out).write_text(report)
        print(f"\nwritten to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
