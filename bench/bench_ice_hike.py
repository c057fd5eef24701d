"""Ice Hike: ``legal_actions`` time, above all for a placement (every candidate cell is checked
against the three blockade rules). Budget (ARCHITECTURE.md, "Performance budgets"): under 5 ms median.

Random playouts (every legal action equally likely) and "hiking" playouts (puppets head for the
finish, so games reach the bears, igloos and the finish), 2 to 5 players, both game lengths.

    python bench/bench_ice_hike.py [--seeds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from games.ice_hike import ICE_HIKE as G
from games.ice_hike import board as B
from games.ice_hike.actions import Policy, Walk
from games.ice_hike.blockade import finish_distances
from games.ice_hike.state import PLACE, HikeOptions

BUDGET_MS = 5.0


def playout(players: int, seed: int, options: HikeOptions, hiking: bool) -> tuple[list[float], list[float]]:
    state = G.new_game(players, options, seed)
    chooser = random.Random(seed)
    place, other = [], []
    while G.to_act(state):
        seat = chooser.choice(sorted(G.to_act(state)))
        t0 = time.perf_counter()
        actions = list(G.legal_actions(state, seat))
        dt = (time.perf_counter() - t0) * 1000
        (place if state.phase == PLACE else other).append(dt)
        if hiking:
            dist = finish_distances(state.tiles, state.finish)
            here = state.pos[state.current]

            def score(a: object, dist: tuple[int, ...] = dist, here: int = here) -> float:
                if isinstance(a, Policy):
                    return -9
                if isinstance(a, Walk):
                    return 3 + 2 * (dist[here] - dist[B.STEP[here][a.direction]])
                return 1

            action = max(actions, key=lambda a: score(a) + chooser.random() * 2.5)
        else:
            action = chooser.choice(actions)
        state, _ = games.play(G, state, seat, action)
    return place, other


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    place: list[float] = []
    other: list[float] = []
    for players in range(2, 6):
        for shorter in (False, True):
            for hiking in (False, True):
                for seed in range(args.seeds):
                    p, o = playout(players, seed, HikeOptions(shorter_game=shorter), hiking)
                    place += p
                    other += o
    for label, xs in (("placement", place), ("other phases", other), ("all", place + other)):
        xs.sort()
        p99 = xs[int(len(xs) * 0.99)]
        print(
            f"legal_actions {label:>12}: median {statistics.median(xs):.2f} ms, p99 {p99:.2f} ms, "
            f"worst {xs[-1]:.2f} ms over {len(xs)} calls"
        )
    verdict = "within" if statistics.median(place) < BUDGET_MS else "OVER"
    print(f"placement median {verdict} the {BUDGET_MS} ms budget")


if __name__ == "__main__":
    main()
