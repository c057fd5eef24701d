"""Ice Lake: movement resolution with 4 skaters and long plans, and the GIF of a movement phase.

Each round, every living skater sends a long plan (up to 40 letters, PLAN_LETTERS) built to stay on
the lake as long as possible on its own (the others still get in the way: forced stops, facing
questions, skaters going out). Timed:

* ``reveal``: the ``games.play`` of the last plan in, which reveals the plans and runs the
  movement until it ends or pauses on a facing question;
* ``phase``: the whole movement phase: the reveal plus every ``face`` answer until planning
  (or reset, or the end) comes back;
* ``view``: ``ICE_LAKE.view(state, None)`` after the phase (it builds the frames);
* ``GIF``: ``renderer.render_animation`` on that view (frames drawn + GIF encode), with its size;
* ``PNG``: ``renderer.render`` of the same view, for comparison (the board after the phase).

No budget of its own in ARCHITECTURE.md, "Performance budgets"; the move budgets apply: the GIF is made inside the
act that completes the plans, so it counts against the 100 ms interaction budget.

    python bench/bench_ice_lake.py [--games N] [--players N] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from _stats import Row, figures, write_rows

import games
import renderer

INTERACTION_BUDGET_MS = 100.0
#: Letters in each plan the bench writes (the rules set no upper limit; 40 keeps runs comparable).
PLAN_LETTERS = 40
#: Goals for the movement GIF: median and worst time, largest file.
GIF_GOAL_MS = (80.0, 160.0)
GIF_GOAL_KIB = 300


def long_plan(state: Any, seat: int, rnd: random.Random, length: int) -> str:
    """Letters that keep this skater on the lake (ignoring the others) as long as possible."""
    from games.ice_lake.board import LAKE_SET, LETTERS, edge, move_direction

    here, facing = state.positions[seat], state.facings[seat]
    cracked = set(state.cracks)

    def moves(h: Any, f: str, cr: set[Any]) -> list[tuple[str, Any, str]]:
        out = []
        for letter in LETTERS:
            d = move_direction(f, letter)
            there = h.step(d)
            if there in LAKE_SET and edge(h, there) not in cr:
                out.append((letter, there, d))
        return out

    plan = []
    for _ in range(length):
        options = moves(here, facing, cracked)
        if not options:
            break
        # look one step ahead: prefer moves that leave room, then chance
        letter, there, d = max(
            options, key=lambda o: len(moves(o[1], o[2], cracked | {edge(here, o[1])})) + rnd.random() * 1.5
        )
        plan.append(letter)
        cracked.add(edge(here, there))
        here, facing = there, d
    return "".join(plan) or "S"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games played to the end")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--gifs", type=int, default=40, help="movement phases rendered as GIF at most")
    parser.add_argument("--quick", action="store_true", help="10 games, 10 GIFs")
    parser.add_argument("--json", help="write the summary rows for run_all.py here")
    args = parser.parse_args()
    if args.quick:
        args.games, args.gifs = 10, 10
    if "ice-lake" not in games.GAMES:
        print("Ice Lake is not registered: nothing to measure")
        write_rows(args.json, [])
        return
    from games.ice_lake.actions import Plan
    from games.ice_lake.state import FACE, MOVE, PLAN

    game = games.get("ice-lake")
    reveal_ms: list[float] = []
    phase_ms: list[float] = []
    steps: list[int] = []
    faces: list[int] = []
    views: list[Any] = []
    replanned: list[bool] = []
    view_ms: list[float] = []
    for g in range(args.games):
        rnd = random.Random(g)
        state = game.new_game(args.players, game.options(), seed=100 + g)
        while game.to_act(state):
            if state.phase != PLAN:  # a reset question before planning
                seat = min(game.to_act(state))
                state, _ = games.play(game, state, seat, rnd.choice(list(game.legal_actions(state, seat))))
                continue
            awaited = sorted(game.to_act(state))
            for seat in awaited[:-1]:
                state, _ = games.play(game, state, seat, Plan(long_plan(state, seat, rnd, PLAN_LETTERS)))
            last = awaited[-1]
            action = Plan(long_plan(state, last, rnd, PLAN_LETTERS))
            t = time.perf_counter()
            state, _ = games.play(game, state, last, action)
            first = (time.perf_counter() - t) * 1000
            total, answered = first, 0
            while state.phase in (FACE, MOVE):
                seat = state.pending
                t = time.perf_counter()
                state, _ = games.play(game, state, seat, rnd.choice(list(game.legal_actions(state, seat))))
                total += (time.perf_counter() - t) * 1000
                answered += 1
            t = time.perf_counter()
            view = game.view(state, None)
            view_ms.append((time.perf_counter() - t) * 1000)
            reveal_ms.append(first)
            phase_ms.append(total)
            faces.append(answered)
            steps.append(max(0, len(view.last_movement) - 1))
            views.append(view)
            if state.phase == PLAN:  # is the next round's first plan animated again?
                seat = min(game.to_act(state))
                _, events = games.play(game, state, seat, Plan("S"))
                # Sessions.board_reply draws a movement GIF for a reply with these events only
                replanned.append(any(e.kind in games.ANIMATED_KINDS for e in events))

    # the longest movement phases make the biggest GIFs: render those, plus a random sample
    order = sorted(range(len(views)), key=lambda i: -steps[i])
    pick = order[: args.gifs // 2]
    rest = [i for i in order if i not in pick]
    pick += random.Random(0).sample(rest, min(len(rest), args.gifs - len(pick)))
    names = [f"Player {i + 1}" for i in range(args.players)]
    renderer.render(views[0], names=names)  # warm the fonts
    gif_ms, gif_kib, frames, png_ms = [], [], [], []
    for i in pick:
        t = time.perf_counter()
        data = renderer.render_animation(views[i], names=names)
        gif_ms.append((time.perf_counter() - t) * 1000)
        gif_kib.append(len(data or b"") / 1024)
        frames.append(len(views[i].last_movement))
        t = time.perf_counter()
        renderer.render(views[i], names=names)
        png_ms.append((time.perf_counter() - t) * 1000)

    print(
        f"Ice Lake, {args.players} skaters, plans up to {PLAN_LETTERS} letters, {args.games} games, "
        f"{len(phase_ms)} movement phases"
    )
    print(
        f"steps per phase    : median {statistics.median(steps):.0f}, longest {max(steps)}; "
        f"facing questions per phase: median {statistics.median(faces):.0f}, most {max(faces)}"
    )
    print(f"reveal (last plan) : {figures(reveal_ms).line()}")
    print(f"whole phase        : {figures(phase_ms).line()}")
    print(f"view after phase   : {figures(view_ms).line()}")
    fg = figures(gif_ms)
    print(
        f"GIF render         : {fg.line()}  frames median {statistics.median(frames):.0f}, most {max(frames)}"
    )
    print(f"GIF size           : median {statistics.median(gif_kib):.0f} KiB, largest {max(gif_kib):.0f} KiB")
    print(f"PNG render (same)  : {figures(png_ms).line()}")
    worst = max(range(len(pick)), key=lambda k: gif_ms[k])
    print(f"slowest GIF: {frames[worst]} frames, {gif_ms[worst]:.0f} ms, {gif_kib[worst]:.0f} KiB")
    estimate = statistics.median(reveal_ms) + statistics.median(view_ms) + figures(png_ms).median + fg.median
    print(
        f"act completing the plans ~ reveal + view + PNG + GIF: median {estimate:.0f} ms "
        f"(interaction budget {INTERACTION_BUDGET_MS:.0f} ms)"
    )
    if any(replanned):
        print(
            f"note: in {sum(replanned)} of {len(replanned)} next rounds, the first plan sent has "
            "movement events, so Sessions.board_reply draws (and posts) a movement GIF again"
        )
    fp = figures(phase_ms)
    write_rows(
        args.json,
        [
            Row(
                f"Ice Lake movement phase, {args.players} skaters, {PLAN_LETTERS}-letter plans (info)",
                "—",
                f"{fp.median:.2f} ms",
                f"{fp.worst:.2f} ms",
                "info",
            ),
            Row(
                f"Ice Lake movement GIF (render_animation; median {statistics.median(gif_kib):.0f} KiB, "
                f"largest {max(gif_kib):.0f} KiB)",
                f"<= {GIF_GOAL_MS[0]:.0f} / {GIF_GOAL_MS[1]:.0f} ms, <= {GIF_GOAL_KIB} KiB",
                f"{fg.median:.0f} ms",
                f"{fg.worst:.0f} ms",
                "ok"
                if fg.median <= GIF_GOAL_MS[0] and fg.worst <= GIF_GOAL_MS[1] and max(gif_kib) <= GIF_GOAL_KIB
                else "OVER",
            ),
        ],
    )


if __name__ == "__main__":
    main()
