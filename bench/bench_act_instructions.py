"""A move's cost in instructions: ``Sessions.act`` counted by valgrind, the same from run to run
where its time on a shared machine is not (bench_act.py's medians move by a tenth between runs).
A goal such as "a move costs at most 5 % more than before" is checked here, against the code
before (``--against REV``).

Each tree (this checkout, and with ``--against`` a git worktree of REV) plays the same random
acts on copies of one stored database of Polar Derby games (bench_act.py's), seeded alike and
with ``PYTHONHASHSEED=0``, render stubbed: once ``--acts`` acts, once none, both after the same
warm-up, so the difference over ``--acts`` is what an act costs, start-up left out. Both tree's
runs go at once (two processes); a tree takes about two minutes. Needs valgrind (Debian's
``valgrind``). The count takes in both threads (the event loop's and SQLite's), the rules, the
reply and the transaction. It is not time: a cache miss or a mispredicted branch costs one
instruction. ``--cache`` simulates both (cachegrind; about three times as long) and estimates
cycles from them (:data:`CYCLES`, a rough model): docs/performance.md, "Translation's cost".

    python bench/bench_act_instructions.py [--against REV] [--cache] [--acts N] [--games N] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
WARM_UP = 20  # acts before counting starts: imports, fonts, caches, the writer's thread
COLLECTED = re.compile(r"Collected : (\d+)")
#: Cycles an event costs in the estimate: an instruction one; a miss in the first-level caches
#: (instructions or data) 10, in the last level 100; a mispredicted branch 15.
CYCLES = {
    "Ir": 1,
    "I1mr": 10,
    "D1mr": 10,
    "D1mw": 10,
    "ILmr": 100,
    "DLmr": 100,
    "DLmw": 100,
    "Bcm": 15,
    "Bim": 15,
}
#: The events ``--cache`` prints, by what they count.
SHOWN = {
    "instructions": ("Ir",),
    "first-level cache misses": ("I1mr", "D1mr", "D1mw"),
    "last-level cache misses": ("ILmr", "DLmr", "DLmw"),
    "mispredicted branches": ("Bcm", "Bim"),
}


async def play(tree: Path, acts: int, db: str) -> None:
    """``WARM_UP`` + ``acts`` random acts of ``tree``'s code on ``db`` (the child's work), as
    bench_act.py plays them."""
    sys.path.insert(0, str(tree))
    import renderer
    from bot.adapter.common import DISCORD_GRID
    from bot.core.sessions import Sessions
    from storage import open_store

    # bench_act.py after the tree's modules: its helpers put this checkout on the path
    bench_act = importlib.import_module("bench_act")

    renderer.render = lambda *a, **k: b""
    renderer.render_animation = lambda *a, **k: None
    store = await open_store(db)
    try:
        active = [r[0] for r in await store._all("SELECT id FROM games WHERE status = 'active'")]
        sessions = Sessions(store, grid=DISCORD_GRID)
        await bench_act.play_acts(sessions, bench_act.Split(), active, WARM_UP + acts, random.Random(7))
    finally:
        await store.close()


def counted(tree: Path, acts: int, db: str, work: Path, cache: bool) -> subprocess.Popen[str]:
    """A valgrind run of ``acts`` acts of ``tree`` on a copy of ``db`` (started, not awaited):
    callgrind's count, or with ``cache`` cachegrind's simulation (written to :func:`out_file`)."""
    copy = work / f"{tree.name}-{acts}.db"
    shutil.copy(db, copy)
    tool = (
        [
            "--tool=cachegrind",
            "--cache-sim=yes",
            "--branch-sim=yes",
            f"--cachegrind-out-file={out_file(tree, acts, work)}",
        ]
        if cache
        else ["--tool=callgrind", f"--callgrind-out-file={out_file(tree, acts, work)}"]
    )
    command = [
        "valgrind",
        *tool,
        sys.executable,
        str(HERE),
        "--child",
        str(tree),
        str(acts),
        str(copy),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)}
    return subprocess.Popen(
        command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )


def out_file(tree: Path, acts: int, work: Path) -> Path:
    return work / f"{tree.name}-{acts}.out"


def events(run: subprocess.Popen[str], out: Path, cache: bool) -> dict[str, int]:
    """What a finished run counted: its instructions (``Ir``), or with ``cache`` every event of
    cachegrind's summary."""
    _, err = run.communicate()
    found = COLLECTED.search(err)
    if run.returncode != 0 or not (cache or found):
        raise SystemExit(f"valgrind's run failed:\n{err[-2000:]}")
    if found is not None:
        return {"Ir": int(found.group(1))}
    lines = out.read_text().splitlines()
    names = next(line for line in lines if line.startswith("events:")).split()[1:]
    totals = next(line for line in lines if line.startswith("summary:")).split()[1:]
    return dict(zip(names, map(int, totals), strict=True))


def per_act(tree: Path, acts: int, db: str, work: Path, cache: bool = False) -> dict[str, float]:
    """The events of an act of ``tree``: the runs with ``acts`` acts and with none, at once."""
    runs = {n: counted(tree, n, db, work, cache) for n in (acts, 0)}
    with_acts, without = (events(run, out_file(tree, n, work), cache) for n, run in runs.items())
    return {name: (with_acts[name] - without[name]) / acts for name in with_acts}


def cycles(counts: dict[str, float]) -> float:
    """The estimated cycles of ``counts`` (:data:`CYCLES`)."""
    return sum(weight * counts[name] for name, weight in CYCLES.items())


async def stored_games(path: str, games: int) -> None:
    """``path`` holds ``games`` games (bench_act.py's fill, history-less: ``--quick``'s)."""
    sys.path.insert(0, str(HERE.parent))
    from bench_act import fill

    from storage import open_store

    store = await open_store(path)
    try:
        missing = games - await store.count_games()
        if missing > 0:
            print(f"storing {missing} Polar Derby games ...", flush=True)
            await fill(store, missing, 0)
    finally:
        await store.close()


def worktree(rev: str, work: Path) -> Path:
    path = work / "against"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(path), rev], cwd=ROOT, check=True)
    return path


@contextlib.contextmanager
def compared(against: str | None, db: str | None, games: int) -> Iterator[tuple[dict[str, Path], str, Path]]:
    """The trees to run by label (this checkout, and with ``against`` a git worktree of that
    revision, removed afterwards), a database of ``games`` stored games (``db``, else a new one)
    and a folder for the runs' files."""
    with tempfile.TemporaryDirectory(prefix="floe-bench-") as tmp:
        work = Path(tmp)
        path = db or str(work / "floe.db")
        asyncio.run(stored_games(path, games))
        trees = {"this checkout": ROOT}
        if against:
            trees[against] = worktree(against, work)
        try:
            yield trees, path, work
        finally:
            if against:
                subprocess.run(["git", "worktree", "remove", "--force", str(trees[against])], cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="also count REV's code, and compare")
    parser.add_argument(
        "--cache", action="store_true", help="simulate the caches and branches too (cachegrind)"
    )
    parser.add_argument("--acts", type=int, default=300, help="acts counted (default 300)")
    parser.add_argument("--games", type=int, default=10_000, help="games stored (default 10000)")
    parser.add_argument("--db", help="keep the database here (reused when it holds --games)")
    parser.add_argument("--child", nargs=3, metavar=("TREE", "ACTS", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tree, acts, db = args.child
        asyncio.run(play(Path(tree), int(acts), db))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    with compared(args.against, args.db, args.games) as (trees, db, work):
        counts = {label: per_act(tree, args.acts, db, work, args.cache) for label, tree in trees.items()}
    for label, count in counts.items():
        print(f"{label:<16}: {count['Ir']:,.0f} instructions per act ({args.acts} acts)")
        if args.cache:
            for shown, names in SHOWN.items():
                print(f"  {shown:<26}: {sum(count[n] for n in names):,.0f}")
            print(f"  {'cycles, estimated':<26}: {cycles(count):,.0f}")
    if args.against:
        ours, theirs = counts["this checkout"], counts[args.against]
        kinds = SHOWN if args.cache else {"instructions": ("Ir",)}
        ratios = {
            kind: sum(ours[n] for n in names) / sum(theirs[n] for n in names) for kind, names in kinds.items()
        }
        if args.cache:
            ratios["cycles, estimated"] = cycles(ours) / cycles(theirs)
        for kind, ratio in ratios.items():
            print(f"this checkout over {args.against}, {kind}: {ratio:.3f}x ({(ratio - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main()
