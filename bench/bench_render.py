"""Board render time: draw + PNG encode, over the views of random playouts; PNG is the median
file size, late the largest file of the boards at the end of the playouts.

Measures every game registered in ``renderer.registry`` (a new game's renderer is measured as
soon as it registers), Polar Derby included. Budget (ARCHITECTURE.md, "Performance budgets"): under 50 ms median.
Goals: at most 10 ms median, a late-game board at most 40 KiB (flagged GOAL).

The renderer's caches (static layers, text masks, palettes) warm up over the first boards of
each game, as they do in a bot that has drawn a few boards; the first board is drawn untimed.

    python bench/bench_render.py [--playouts N] [--max-views N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
import renderer
from renderer.registry import RENDERERS

BUDGET_MS = 50.0
#: Goals: render + encode median, largest late-game file.
GOAL_MS = 10.0
GOAL_KIB = 40


def playout_views(game: games.AnyGame, players: int, seed: int, max_steps: int = 3000) -> list[Any]:
    """The public view of every state of one random playout (plus each seat's view at the end)."""
    state = game.new_game(players, game.options(), seed)
    chooser = random.Random(seed)
    views = []
    for _ in range(max_steps):
        views.append(game.view(state, None))
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = chooser.choice(sorted(awaited))
        state, _ = games.play(game, state, seat, chooser.choice(list(game.legal_actions(state, seat))))
    views.extend(game.view(state, s) for s in range(players))
    return views


def bench(name: str, playouts: int, max_views: int) -> tuple[int, float, float, float, float, float] | None:
    try:
        game = games.get(name)
    except games.GameError:
        print(f"{name:<12} renderer registered but no such game; skipped")
        return None
    views: list[tuple[Any, list[str]]] = []
    late: list[tuple[Any, list[str]]] = []  # the public board at the end of each playout
    for k in range(playouts):
        players = list(game.players)[k % len(game.players)]
        names = [f"Player {i + 1}" for i in range(players)]
        played = playout_views(game, players, seed=k + 1)
        views += [(v, names) for v in played]
        late.append((played[-players - 1], names))
    rnd = random.Random(0)
    if len(views) > max_views:
        views = rnd.sample(views, max_views)
    renderer.render(views[0][0], names=views[0][1])  # warm the font cache
    times, sizes = [], []
    for view, names in views:
        t = time.perf_counter()
        data = renderer.render(view, names=names)
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(data))
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    late_kib = max(len(renderer.render(v, names=n)) for v, n in late) / 1024
    return len(times), statistics.median(times), p95, times[-1], statistics.median(sizes) / 1024, late_kib


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playouts", type=int, default=6, help="random playouts per game")
    parser.add_argument("--max-views", type=int, default=400, help="views timed per game at most")
    args = parser.parse_args()
    print(
        f"render = draw + PNG encode; budget {BUDGET_MS:.0f} ms median; "
        f"goal {GOAL_MS:.0f} ms median, late board {GOAL_KIB} KiB"
    )
    print(f"{'game':<12} {'views':>6} {'median':>8} {'p95':>8} {'worst':>8} {'PNG':>8} {'late':>8}")
    over = []
    for name in sorted(RENDERERS):
        result = bench(name, args.playouts, args.max_views)
        if result is None:
            continue
        n, median, p95, worst, kib, late_kib = result
        flag = "" if median < BUDGET_MS else "  OVER BUDGET"
        if median > GOAL_MS or late_kib > GOAL_KIB:
            flag += "  over the goal"
        print(
            f"{name:<12} {n:>6} {median:>6.1f}ms {p95:>6.1f}ms {worst:>6.1f}ms {kib:>5.0f}KiB "
            f"{late_kib:>5.0f}KiB{flag}"
        )
        if median >= BUDGET_MS:
            over.append(name)
    if over:
        print("over budget: " + ", ".join(over))


if __name__ == "__main__":
    main()
