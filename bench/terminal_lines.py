"""How much the terminal prints for one move: lines printed per prompt answered, in a scripted
``floe play`` of each game.

Each game is played at its smallest table, seat 1 at the keyboard and the other seats by the
computer (the smallest deterministic search, in this process), from a fixed seed: the keyboard
answers every prompt with a listed action picked at random (the same picks every run) until
``--moves`` prompts were answered or the game ended. A "move" is one line typed at the keyboard;
the lines between two prompts are what that person reads before typing the next one (the
computers' moves included).

    python bench/terminal_lines.py [--moves 30] [--seed 1] [--only GAME ...]
    PYTHONPATH=/path/to/other/checkout python bench/terminal_lines.py --here   # compare

A game that ends sooner is followed by another (the next seed) until ``--moves`` moves were
typed. It prints one row per game: games played, moves typed, lines printed, lines per move
(mean, median, most).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if "--here" not in sys.argv:  # --here: the code on PYTHONPATH (another checkout), not this one
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import games
from bot.core.computers import think_now
from bot.terminal.arguments import ComputerSeats
from bot.terminal.local import run_local

#: A numbered line of the terminal's list of actions.
ITEM = re.compile(r"^\s+(\d+)\. ")


async def small_think(game_name: str, view: Any, seat: int, level: str, seed: int) -> str:
    return think_now(game_name, view, seat, level, seed, 2, None)


@dataclass
class Keyboard:
    """Answers each prompt with a listed action picked at random; counts the lines between."""

    seed: int
    moves: int
    between: list[int] = field(default_factory=list)
    since: int = 0
    shown: int = 0  # how many actions the newest list numbered
    listing: bool = False

    def __post_init__(self) -> None:
        self.pick = random.Random(self.seed)

    def output(self, text: str) -> None:
        for line in text.split("\n"):
            self.since += 1
            if ITEM.match(line):
                self.shown = self.shown + 1 if self.listing else 1
                self.listing = True
            else:
                self.listing = False

    def input(self, prompt: str, secret: bool) -> str:
        self.between.append(self.since)
        self.since = 0
        self.listing = False
        if len(self.between) > self.moves:
            return "quit"
        return str(self.pick.randint(1, self.shown)) if self.shown else "moves"


async def measure(name: str, moves: int, seed: int) -> tuple[int, int, list[int]]:
    """Games played, lines printed and the lines before each typed move, over ``moves`` moves."""
    game = games.get(name)
    games_played, total = 0, 0
    counted: list[int] = []
    while len(counted) < moves:
        keyboard = Keyboard(seed + games_played, moves - len(counted))
        await run_local(
            name,
            1,
            seed=seed + games_played,
            boards=None,
            computers=ComputerSeats(seats=dict.fromkeys(range(2, game.players.start + 1), "easy")),
            think=small_think,
            input_fn=keyboard.input,
            output_fn=keyboard.output,
        )
        games_played += 1
        total += sum(keyboard.between) + keyboard.since
        counted += keyboard.between[1:]  # the first prompt follows the game's opening
    return games_played, total, counted[:moves]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--here", action="store_true", help="measure the code on PYTHONPATH")
    args = parser.parse_args()
    names = args.only or sorted(games.GAMES)
    print(f"{'game':<12} {'games':>5} {'moves':>5} {'lines':>6} {'mean':>6} {'median':>6} {'most':>5}")
    for name in names:
        played, total, between = asyncio.run(measure(name, args.moves, args.seed))
        print(
            f"{name:<12} {played:>5} {len(between):>5} {total:>6} {statistics.mean(between):>6.1f}"
            f" {statistics.median(between):>6.0f} {max(between):>5}"
        )


if __name__ == "__main__":
    main()
