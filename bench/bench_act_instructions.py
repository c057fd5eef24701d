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
reply and the transaction; it is not time (a cache miss costs one instruction), so the two are
read together: docs/performance.md, "Translation's cost".

    python bench/bench_act_instructions.py [--against REV] [--acts N] [--games N] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent
WARM_UP = 20  # acts before counting starts: imports, fonts, caches, the writer's thread
COLLECTED = re.compile(r"Collected : (\d+)")


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


def counted(tree: Path, acts: int, db: str, work: Path) -> subprocess.Popen[str]:
    """A valgrind run of ``acts`` acts of ``tree`` on a copy of ``db`` (started, not awaited)."""
    copy = work / f"{tree.name}-{acts}.db"
    shutil.copy(db, copy)
    command = [
        "valgrind",
        "--tool=callgrind",
        f"--callgrind-out-file={work / f'{tree.name}-{acts}.out'}",
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


def instructions(run: subprocess.Popen[str]) -> int:
    _, err = run.communicate()
    found = COLLECTED.search(err)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"valgrind's run failed:\n{err[-2000:]}")
    return int(found.group(1))


def per_act(tree: Path, acts: int, db: str, work: Path) -> float:
    """Instructions per act of ``tree``: the runs with ``acts`` acts and with none, at once."""
    runs = [counted(tree, n, db, work) for n in (acts, 0)]
    with_acts, without = (instructions(run) for run in runs)
    return (with_acts - without) / acts


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="also count REV's code, and compare")
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
    with tempfile.TemporaryDirectory(prefix="floe-instructions-") as tmp:
        work = Path(tmp)
        db = args.db or str(work / "floe.db")
        asyncio.run(stored_games(db, args.games))
        trees = {"this checkout": ROOT}
        if args.against:
            trees[args.against] = worktree(args.against, work)
        try:
            counts = {}
            for label, tree in trees.items():
                counts[label] = per_act(tree, args.acts, db, work)
                print(
                    f"{label:<16}: {counts[label]:,.0f} instructions per act ({args.acts} acts)", flush=True
                )
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(trees[args.against])], cwd=ROOT)
        if args.against:
            ratio = counts["this checkout"] / counts[args.against]
            print(f"this checkout over {args.against}: {ratio:.3f}x ({(ratio - 1) * 100:+.1f} %)")


if __name__ == "__main__":
    main()
