"""The phone boards' picture sizes and smallest texts, over the views of seeded random playouts
(public and every seat's, early, middle and late, at the fewest and the most players), and with
``--out`` one PNG per game of its public board in the middle of a three-player (or two-player)
playout: the figures and pictures of docs/phone-boards.md.

    PYTHONPATH=. python bench/phone_boards.py [--out docs/phone-boards]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
import renderer
from renderer import pens
from tests.support.board_layout import playout

NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Eve", "Flo"]


def _views(name: str) -> list[Any]:
    game = games.get(name)
    out = []
    for players in sorted({min(game.players), max(game.players)}):
        for seed in (11, 12):
            states = playout(name, players, seed)
            for state in (states[1], states[len(states) // 2], states[-1]):
                out += [game.view(state, seat) for seat in (None, *range(players))]
    return out


def _measure(view: Any) -> tuple[tuple[int, int], int, int]:
    """The picture's size, its smallest text and its smallest cell name (0: none), in px."""
    with pens.record_layout() as layout:
        img = renderer.draw(view, names=NAMES[: view.players])
    texts = [t for t in layout.texts if not t.cell_name]
    names = [t.size for t in layout.texts if t.cell_name]
    return img.size, min(t.size for t in texts), min(names, default=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write each game's public mid-game phone board here")
    args = parser.parse_args()
    print(f"{'game':<12} {'widths':>10} {'heights':>10} {'text px':>8} {'at 390':>7} {'cell names':>10}")
    for name in renderer.RENDERERS:
        measured = [_measure(view) for view in _views(name)]
        widths = sorted({size[0] for size, _, _ in measured})
        heights = sorted({size[1] for size, _, _ in measured})
        worst = min(measured, key=lambda m: m[1] * renderer.PHONE_WIDTH / m[0][0])
        at_phone = worst[1] * renderer.PHONE_WIDTH / worst[0][0]
        cells = min((m[2] for m in measured if m[2]), default=0)
        span = lambda v: f"{v[0]}" if len(v) == 1 else f"{v[0]}-{v[-1]}"  # noqa: E731
        print(
            f"{name:<12} {span(widths):>10} {span(heights):>10} {worst[1]:>8} {at_phone:>7.1f} {cells or '-':>10}"
        )
        if args.out:
            game = games.get(name)
            players = 3 if 3 in game.players else max(game.players)
            states = playout(name, players, 5)
            view = game.view(states[len(states) // 2], None)
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name}.png").write_bytes(renderer.render(view, names=NAMES[:players]))


if __name__ == "__main__":
    main()
