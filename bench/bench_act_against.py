"""A move's time against the code of another revision: alternating runs of bench_act.py's acts.

Time on a shared machine moves by a tenth between runs and by much more between the two runs of
one pair, so one run of each says little; this alternates (REV first, then this checkout first)
and gives the medians of many. Each run is a process that imports one tree's code (this
checkout, or REV in a git worktree) and plays bench_act.py's own acts on it (this checkout's
harness for both): 5 to warm up, then ``--acts`` with render stubbed, each followed by the floor
transaction, on its own copy of one freshly filled database (a database reused after a run
holds that run's moves, which a turn's card then reads back). Against ``HEAD`` (the same code
twice) it shows the noise left: medians apart by up to 5 % on this machine. Read it with
bench_act_instructions.py's counts, which do not move: docs/performance.md, "Translation's cost".

    python bench/bench_act_against.py REV [--pairs N] [--acts N] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_act_instructions import HERE, compared

#: The figures a run gives, in microseconds (medians over its acts).
FIGURES = ("act", "reply", "floor")


async def play(tree: Path, acts: int, db: str) -> dict[str, float]:
    """``acts`` timed acts of ``tree``'s code on ``db``, as bench_act.py times them (the child's
    work): the medians of the act, of its reply (the act less the store's transaction) and of
    the floor transaction timed after each."""
    sys.path.insert(0, str(tree))
    import renderer
    from bot.adapter.common import DISCORD_GRID
    from bot.core.sessions import Sessions
    from storage import open_store

    # bench_act.py after the tree's modules: its helpers put this checkout on the path
    bench_act = importlib.import_module("bench_act")
    bench_floors = importlib.import_module("bench_floors")

    store = await open_store(db)
    floor_dir = tempfile.TemporaryDirectory(prefix="floe-floor-")
    try:
        total = await store.count_games()
        floor = bench_floors.floor_file(Path(floor_dir.name) / "floor.db", total)
        floors = await bench_floors.Floors.open(floor, total)
        active = [r[0] for r in await store._all("SELECT id FROM games WHERE status = 'active'")]
        sessions = Sessions(store, grid=DISCORD_GRID)
        split = bench_act.Split()
        store.play = split.wrap("transaction", store.play)
        rnd = random.Random(7)
        await bench_act.play_acts(sessions, split, active, 5, rnd, floors)
        renderer.render = lambda *a, **k: b""
        renderer.render_animation = lambda *a, **k: None
        times, _, parts, floor_times = await bench_act.play_acts(sessions, split, active, acts, rnd, floors)
        await floors.close()
    finally:
        await store.close()
        floor_dir.cleanup()
    replies = [t - p.get("transaction", 0.0) for t, p in zip(times, parts, strict=True)]
    return {
        "act": statistics.median(times) * 1000,
        "reply": statistics.median(replies) * 1000,
        "floor": statistics.median(floor_times["one_hop"]) * 1000,
    }


def timed(tree: Path, acts: int, db: str, work: Path, run: str) -> dict[str, float]:
    """One child run of ``tree``'s code on a copy of ``db``: its figures."""
    copy = work / f"{run}.db"
    shutil.copy(db, copy)
    done = subprocess.run(
        [
            sys.executable,
            str(HERE.parent / "bench_act_against.py"),
            "--child",
            str(tree),
            str(acts),
            str(copy),
        ],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )
    for leftover in work.glob(f"{run}.db*"):
        leftover.unlink()
    if done.returncode != 0:
        raise SystemExit(f"the run of {tree} failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("against", metavar="REV", nargs="?", help="the revision to compare with")
    parser.add_argument("--pairs", type=int, default=30, help="pairs of runs (default 30)")
    parser.add_argument("--acts", type=int, default=200, help="timed acts a run (default 200)")
    parser.add_argument("--db", help="keep the fresh database here (reused when it holds 10,000 games)")
    parser.add_argument("--child", nargs=3, metavar=("TREE", "ACTS", "DB"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tree, acts, db = args.child
        print(json.dumps(asyncio.run(play(Path(tree), int(acts), db))))
        return
    if args.against is None:
        parser.error("name the revision to compare with")
    with compared(args.against, args.db, 10_000) as (trees, db, work):
        runs: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
        for pair in range(args.pairs):
            for run, label in enumerate(list(trees) if pair % 2 else list(reversed(trees))):
                runs[label].append(timed(trees[label], args.acts, db, work, f"{pair}-{run}"))
            print(f"pair {pair + 1}/{args.pairs} done", flush=True)
    ours, theirs = runs["this checkout"], runs[args.against]
    print(f"medians of {args.pairs} runs each, in microseconds (this checkout against {args.against}):")
    for name in FIGURES:
        a, b = statistics.median(r[name] for r in ours), statistics.median(r[name] for r in theirs)
        print(f"  {name:<6}: {a:7.1f} against {b:7.1f} ({(a / b - 1) * 100:+.1f} %)")
    over = [r["act"] / r["floor"] for r in ours], [r["act"] / r["floor"] for r in theirs]
    a, b = statistics.median(over[0]), statistics.median(over[1])
    print(f"  act over its floor: {a:.2f}x against {b:.2f}x ({(a / b - 1) * 100:+.1f} %)")
    pairs = sorted(x["act"] / y["act"] for x, y in zip(ours, theirs, strict=True))
    print(
        f"  act, each pair's ratio: median {statistics.median(pairs):.3f}, from {pairs[0]:.2f} to {pairs[-1]:.2f}"
    )


if __name__ == "__main__":
    main()
