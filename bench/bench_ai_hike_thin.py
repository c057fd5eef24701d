"""The computer player in Ice Hike and Thin Ice: think time per move and strength against
uniformly random play. Targets (issue 11): ``normal`` thinks at most 1 s median per move and
wins at least 90 % of two-player games against random play, at least twice its fair share with
three or more players.

One seat (it takes every seat in turn over the games) plays ``ai.choose``; every other seat
plays a uniformly random legal action. A game that passes ``--max-moves`` counts as not won.

    python bench/bench_ai_hike_thin.py [--games N] [--level normal] [--iterations K]
                                       [--seconds S] [--only ice-hike|thin-ice]
                                       [--players 3 4 ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _stats import figures

import ai
import games

SETUPS: dict[str, tuple[int, ...]] = {"ice-hike": (2, 3, 4), "thin-ice": (3, 4, 5)}


def play(
    name: str,
    players: int,
    seed: int,
    ai_seat: int,
    level: str,
    iterations: int | None,
    seconds: float | None,
    max_moves: int,
) -> tuple[bool, list[float]]:
    """One game; whether ``ai_seat`` won, and its think times in seconds."""
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    r = random.Random(seed)
    thinks: list[float] = []
    for move in range(max_moves):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        if seat == ai_seat:
            t0 = time.perf_counter()
            text = ai.choose(
                name, game.view(state, seat), seat, level, seed=move, iterations=iterations, seconds=seconds
            )
            thinks.append(time.perf_counter() - t0)
            action = game.parse_action(text)
        else:
            legal = list(game.legal_actions(state, seat))
            action = legal[r.randrange(len(legal))]
        game.check(state, seat, action)
        state, _ = game.apply(state, seat, action)
    outcome = game.outcome(state)
    return outcome is not None and ai_seat in outcome.winners, thinks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="games per seat count")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--iterations", type=int, default=None, help="override the level's iterations")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="the wall-clock cap the bot passes (0: none)"
    )
    parser.add_argument("--max-moves", type=int, default=1500)
    parser.add_argument("--only", choices=sorted(SETUPS), default=None)
    parser.add_argument("--players", type=int, nargs="*", default=None, help="only these seat counts")
    args = parser.parse_args()
    for name, counts in SETUPS.items():
        if args.only and name != args.only:
            continue
        for players in counts:
            if args.players and players not in args.players:
                continue
            wins, thinks = 0, []
            seconds = args.seconds if args.seconds > 0 else None
            for g in range(args.games):
                won, times = play(
                    name,
                    players,
                    1000 + g,
                    g % players,
                    args.level,
                    args.iterations,
                    seconds,
                    args.max_moves,
                )
                wins += won
                thinks += times
            target = 0.9 if players == 2 else 2 / players
            print(
                f"{name} {players} players, {args.level}: won {wins}/{args.games} "
                f"({wins / args.games:.0%}, target {target:.0%}); think {figures(thinks).line('s')}",
                flush=True,
            )


if __name__ == "__main__":
    main()
