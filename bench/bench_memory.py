"""Resident memory of a bot process with 1,000 active games. Budget (ARCHITECTURE.md, "Performance budgets"): under
150 MB (games load from the database on demand, not all at start).

A child process stores 1,000 active games through :class:`storage.Store` (a mix of every game
that has a renderer, 2 to 4 seats, each a few random moves in). This process then builds the
wired bot as ``python -m bot`` would (Store, Sessions, ``bot.create_bot``; not connected to
Discord), and plays one random legal move in every game through ``Sessions.act`` (load, play,
commit) and draws the reply's pictures as the outbox does when it posts them (board PNG,
animation, private views), twice over. RSS (``VmRSS``) and its peak (``VmHWM``)
come from ``/proc/self/status``.

Like ``floe run``, the process first caps glibc's allocator arenas at one
(:func:`renderer.memory.share_one_allocator_arena`; ``--no-arena-cap`` leaves glibc's default,
an arena per thread), and both drawing threads are started before the first board, as in a bot
that draws boards of several games at once, so that every run measures the same two threads.

    python bench/bench_memory.py [--games N] [--quick] [--no-arena-cap] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _stats import Row, verdict, write_rows

BUDGET_MB = 150.0


def status(field: str) -> float:
    """A ``/proc/self/status`` memory field in MiB (``VmRSS``, ``VmHWM``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def playable_games() -> list[str]:
    import games
    from renderer.registry import RENDERERS

    return sorted(name for name in games.GAMES if name in RENDERERS)


async def fill(path: str, n: int, moves: int) -> None:
    """Child process: ``n`` active games, every game with a renderer in turn, each up to ``moves``
    random moves in."""
    import games
    from storage import open_store

    names = playable_games()
    print(f"storing {n} active games ({', '.join(names)}) in a child process", flush=True)

    store = await open_store(path)
    rnd = random.Random(11)
    now = time.time()
    try:
        made = 0
        while made < n:
            game = games.get(names[made % len(names)])
            players = rnd.choice([p for p in game.players if p <= 4] or [min(game.players)])
            users = rnd.sample(range(1, 5000), players)
            record = await store.create_game(
                guild_id=1,
                channel_id=1_000_000 + made,
                game=game.name,
                options={},
                seed=rnd.randrange(2**62),
                host_id=users[0],
                now=now,
            )
            for user in users[1:]:
                await store.add_seat(record.id, user, now=now)
            state = game.new_game(players, game.options(), record.seed)
            await store.start_game(record.id, state=game.to_dict(state), now=now)
            for step in range(rnd.randint(0, moves)):
                awaited = sorted(game.to_act(state))
                seat = rnd.choice(awaited)
                action = rnd.choice(list(game.legal_actions(state, seat)))
                after, _ = games.play(game, state, seat, action)
                if game.outcome(after) is not None:
                    break  # keep it active
                state = after
                await store.record_action(
                    record.id,
                    step=step,
                    seat=seat,
                    notation=str(action),
                    narration="",
                    state=game.to_dict(state),
                    now=now,
                )
            made += 1
    finally:
        await store.close()


def start_drawing_threads() -> None:
    """Start both drawing threads now (each waits for the other), so that the figures do not
    depend on whether the pool happened to start its second thread."""
    from bot.core.pictures import drawing_pool

    pool = drawing_pool()
    both = threading.Barrier(pool._max_workers)
    for waiting in [pool.submit(both.wait) for _ in range(pool._max_workers)]:
        waiting.result()


async def measure(
    path: str, passes: int, *, arena_cap: bool = True
) -> tuple[list[tuple[str, float, float]], int, int]:
    marks: list[tuple[str, float, float]] = []

    def mark(label: str) -> None:
        gc.collect()
        marks.append((label, status("VmRSS"), status("VmHWM")))

    mark("interpreter")
    import bot
    import bot.adapter.app
    import games
    import renderer
    from bot.adapter.common import DISCORD_GRID
    from bot.core.sessions import Sessions
    from bot.settings import Settings
    from renderer.memory import share_one_allocator_arena
    from storage import open_store

    mark("imports (discord, PIL, games, renderer)")
    if arena_cap:
        share_one_allocator_arena()  # as floe run does, before the first thread starts
    store = await open_store(path)
    sessions = Sessions(store, grid=DISCORD_GRID)
    client = bot.create_bot(Settings(token="", database=path), store=store, sessions=sessions)
    start_drawing_threads()
    for name in playable_games():  # what a bot does on its first boards: fonts and caches warm
        game = games.get(name)
        renderer.render(game.view(game.new_game(min(game.players), game.options(), 0), None))
    mark("bot built, fonts warm, no game loaded")
    ids = [r[0] for r in await store._all("SELECT id FROM games WHERE status = 'active' ORDER BY id")]
    rnd = random.Random(5)
    acted = refused = 0
    for k in range(passes):
        for gid in ids:
            table = await sessions.table(gid)
            if table.record.status != "active":
                continue
            game = table.game
            seat = rnd.choice(sorted(game.to_act(table.state)))
            action: Any = rnd.choice(list(game.legal_actions(table.state, seat)))
            try:
                reply = await sessions.act(
                    table.record.channel_id,
                    table.user_of(seat),
                    str(action),
                    step=table.record.step,
                    seat=seat,
                    game_id=gid,
                )
                for picture in reply.pictures():  # drawn as the outbox draws them when it posts
                    await picture.data()
                acted += 1
            except Exception as err:  # a rules bug must not hide the memory figure
                refused += 1
                if refused <= 3:
                    print(f"  act refused in game {gid} ({game.name}): {type(err).__name__}: {err}")
        mark(f"after act on all {len(ids)} games, pass {k + 1}")
    await client.close()
    return marks, len(ids), acted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="active games stored (default 1000)")
    parser.add_argument("--moves", type=int, default=12, help="random moves into each stored game, at most")
    parser.add_argument("--passes", type=int, default=2, help="times every game gets one act")
    parser.add_argument("--quick", action="store_true", help="one pass, fewer moves into each game")
    parser.add_argument(
        "--no-arena-cap",
        action="store_true",
        help="leave glibc an allocator arena per thread (floe run caps it)",
    )
    parser.add_argument("--json", help="write the summary rows for run_all.py here")
    parser.add_argument("--fill", metavar="DB", help=argparse.SUPPRESS)  # child process mode
    args = parser.parse_args()
    if args.fill:
        asyncio.run(fill(args.fill, args.games, args.moves))
        return
    if args.quick:
        args.passes, args.moves = 1, 4

    with tempfile.TemporaryDirectory(prefix="floe-bench-") as tmp:
        path = str(Path(tmp) / "floe.db")
        t = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--fill",
                path,
                "--games",
                str(args.games),
                "--moves",
                str(args.moves),
            ],
            check=True,
        )
        print(f"  done in {time.perf_counter() - t:.1f} s\n")
        t = time.perf_counter()
        marks, n, acted = asyncio.run(measure(path, args.passes, arena_cap=not args.no_arena_cap))
        spent = time.perf_counter() - t

    print(f"{'point':<46} {'RSS':>9} {'peak':>9}")
    for label, rss, hwm in marks:
        print(f"{label:<46} {rss:>7.1f}MB {hwm:>7.1f}MB")
    loaded = marks[2][1]
    final, peak = marks[-1][1], max(m[2] for m in marks)
    per_game_kb = (final - loaded) * 1024 / max(1, n)
    print(
        f"\n{acted} acts in {spent:.1f} s; per game: {per_game_kb:.1f} KB "
        f"(RSS growth after the first board, over {n} games)"
    )
    print(
        f"budget {BUDGET_MB:.0f} MB: RSS {final:.1f} MB, peak {peak:.1f} MB -> "
        f"{'within' if peak < BUDGET_MB else 'OVER'} budget"
    )
    write_rows(
        args.json,
        [
            Row(
                f"resident memory, {n:,} active games loaded and played (peak RSS)",
                f"< {BUDGET_MB:.0f} MB",
                f"{final:.0f} MB (RSS after)",
                f"{peak:.0f} MB (peak)",
                verdict(peak, BUDGET_MB),
            ),
        ],
    )


if __name__ == "__main__":
    main()
