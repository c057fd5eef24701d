"""Computer players: think time per move and strength, per game and seat count.

Goals (issue 11; figures, never assertions): ``normal`` thinks at most 1 s median and 3 s worst
per move on one core, ``hard`` at most 3 s median; ``normal`` wins at least 90 % of 2-player
games against uniformly random legal play and at least twice its fair share in games of 3 or
more; ``hard`` beats ``normal`` more often than it loses; ``normal`` beats ``easy`` likewise.

Think time: whole games with the level at every seat, every decision timed in CPU seconds of
its process (``time.process_time``: one core's work, whatever else loads the shared machine;
decisions with a single candidate are answered at once and are counted apart). The budgets are the levels'
iteration counts (deterministic, no time cap), as ``ai.choose`` uses them by default.

Strength: in each game one seat (rotated: game ``i`` puts it at seat ``i mod n``) plays the
first level, every other seat the second. A shared win counts as a win. For 2 players the
table shows the first level's win rate (and losses); for 3+ its win rate divided by the fair
share ``1/n``.

    python bench/bench_ai.py [--games N] [--jobs J] [--only GAME ...] [--players N ...]
                             [--think-games N] [--no-think] [--no-strength] [--pairs normal:random ...]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from _stats import figures

import ai
import games
from ai.search import Hooks

RANDOM = "random"
PAIRS = (("normal", RANDOM), ("hard", "normal"), ("normal", "easy"))
MAX_STEPS = 3000


def _act(name: str, state: object, seat: int, level: str, seed: int, chooser: random.Random) -> str:
    game = games.get(name)
    if level == RANDOM:
        return str(chooser.choice(list(game.legal_actions(state, seat))))
    return ai.choose(name, game.view(state, seat), seat, level, seed=seed)


@dataclass(frozen=True)
class Think:
    times: tuple[float, ...]  # seconds per decision with more than one candidate
    forced: int


def think_game(name: str, players: int, level: str, seed: int) -> Think:
    """One game with ``level`` at every seat; the time of each decision."""
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    hooks = Hooks.of(game)
    times: list[float] = []
    forced = 0
    for step in range(MAX_STEPS):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        view = game.view(state, seat)
        t = time.process_time()
        notation = ai.choose(name, view, seat, level, seed=seed * 10_000 + step)
        elapsed = time.process_time() - t
        if len(hooks.candidates(state, seat)) > 1:
            times.append(elapsed)
        else:
            forced += 1
        state, _ = games.play(game, state, seat, game.parse_action(notation))
    return Think(tuple(times), forced)


def match(name: str, players: int, first: str, second: str, index: int) -> tuple[bool, bool]:
    """Game ``index``: ``first`` at seat ``index mod players``, ``second`` elsewhere.
    Returns (first won, a ``second`` seat won)."""
    game = games.get(name)
    seed = 1_000 + index
    state = game.new_game(players, game.options(), seed)
    hero = index % players
    chooser = random.Random(seed)
    for step in range(MAX_STEPS):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        level = first if seat == hero else second
        notation = _act(name, state, seat, level, seed * 10_000 + step, chooser)
        state, _ = games.play(game, state, seat, game.parse_action(notation))
    outcome = game.outcome(state)
    winners = outcome.winners if outcome else frozenset()
    return hero in winners, bool(winners - {hero})


def _run(jobs: int, fn: object, args: Sequence[tuple[object, ...]]) -> list[object]:
    if jobs <= 1:
        return [fn(*a) for a in args]  # type: ignore[operator]
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(fn, *a) for a in args]  # type: ignore[arg-type]
        return [f.result() for f in futures]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games per strength cell (goal: 100)")
    parser.add_argument("--think-games", type=int, default=2, help="games per think-time row")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--only", nargs="*", default=None, help="games to measure")
    parser.add_argument("--players", nargs="*", type=int, default=None, help="seat counts to measure")
    parser.add_argument("--levels", nargs="*", default=["easy", "normal", "hard"], help="think-time levels")
    parser.add_argument("--pairs", nargs="*", default=None, help="strength pairs like normal:random")
    parser.add_argument("--no-think", action="store_true")
    parser.add_argument("--no-strength", action="store_true")
    args = parser.parse_args()
    names = args.only or sorted(n for n in games.GAMES if ai.has_computer(n))
    pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else list(PAIRS)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, jobs {args.jobs}")
    started = time.perf_counter()
    for name in names:  # load every hook module now (the worker processes are forked from here)
        game = games.get(name)
        state = game.new_game(min(game.players), game.options(), 0)
        seat = min(game.to_act(state))
        ai.choose(name, game.view(state, seat), seat, "normal", iterations=2)
    if not args.no_think:
        print(
            "\nThink time per decision (CPU seconds, one core; forced moves apart), level budgets without a time cap"
        )
        for name in names:
            counts = [n for n in games.get(name).players if args.players is None or n in args.players]
            for level in args.levels:
                work = [(name, n, level, seed) for n in counts for seed in range(args.think_games)]
                results = _run(args.jobs, think_game, work)
                times = [t for r in results for t in r.times]  # type: ignore[attr-defined]
                forced = sum(r.forced for r in results)  # type: ignore[attr-defined]
                print(f"  {name:12} {level:6} {figures(times).line('s')}  forced {forced}  players {counts}")
    if not args.no_strength:
        print(f"\nStrength: {args.games} games per cell, seats rotated (first level at one seat)")
        for name in names:
            for n in games.get(name).players:
                if args.players is not None and n not in args.players:
                    continue
                for first, second in pairs:
                    work = [(name, n, first, second, i) for i in range(args.games)]
                    results = _run(args.jobs, match, work)
                    won = sum(1 for w, _ in results if w)  # type: ignore[misc]
                    lost = sum(1 for w, o in results if o and not w)  # type: ignore[misc]
                    rate = won / args.games
                    if n == 2:
                        figure = f"wins {rate:6.1%}  (won {won}, lost {lost}, games {args.games})"
                    else:
                        figure = f"wins {rate:6.1%} = {rate * n:4.2f}x fair share 1/{n}  (won {won}, a {second} won {lost}, games {args.games})"
                    print(f"  {name:12} {n}p  {first:6} vs {second:6}  {figure}", flush=True)
    print(
        f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
