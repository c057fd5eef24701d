"""``Sessions.act`` time with 10,000 games stored in a SQLite file. Budget (ARCHITECTURE.md, "Performance budgets"):
``act`` (load, parse, play, commit) under 10 ms median.

The database is filled through the real :class:`storage.Store` (lobby, join, start, moves
recorded with ``record_action``) with Polar Derby games of 2 to 4 players, in a mix of statuses
(lobby, active, finished, abandoned; active and finished games carry a short action log). Then
random active games are played one move at a time through :class:`bot.core.sessions.Sessions`: the
awaited player picks a random legal action, and ``await sessions.act(...)`` is timed.

``Sessions.act`` returns the reply before its pictures are drawn (the outbox draws them when it
posts), so three figures are printed: ``act, render stubbed`` (the budgeted path), ``act +
pictures, render stubbed`` (what handing pictures to a drawing thread and back costs, info) and
``act + pictures`` (what the bot does per move). A breakdown follows: ``load+play+commit`` is
``Store.play`` (on SQLite one hop to the writer's thread), ``commit`` is ``Store.commit`` alone
(a move that ends the game), ``load`` is ``Sessions.table``, ``reply`` the rest. The untimed load
before each act leaves the game's state kept by the session, as the move before does in the bot.
docs/performance.md, "Where an act's time goes", has the parts measured in situ.

The goal: the stubbed ``act`` at most 3 times the floor transaction (bench_floors.py: a
move-shaped transaction on a file of as many games, in one hop to the aiosqlite thread), timed
after every act in the same event loop so that the machine's load weighs on both alike; the
ratio, and the ratio to the same transaction through ``sqlite3`` directly, are printed. Compare
versions on copies of one fresh database (a reused ``--db`` holds the runs' moves) or in instructions.

    python bench/bench_act.py [--games N] [--acts N] [--db PATH] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from _stats import Row, figures, write_rows
from bench_floors import Floors, floor_file, transaction_rows

import games
import renderer
from bot.adapter.common import DISCORD_GRID
from bot.core.sessions import Sessions
from storage import Store, open_store

BUDGET_MS = 10.0
GOAL_X = 3.0  # act at most 3 times the floor transaction timed beside it
GAME = "polar-derby"
GUILD = 1
USERS = 3000  # distinct players across the stored games
CHANNEL0 = 10_000_000


def db_size(path: str) -> int:
    return sum(os.path.getsize(p) for p in (path, path + "-wal", path + "-shm") if os.path.exists(p))


def random_moves(
    game: games.AnyGame, state: Any, rnd: random.Random, n: int
) -> list[tuple[int, Any, Any, list[Any]]]:
    """Up to ``n`` random legal moves from ``state``: (seat, action, new state, events)."""
    out = []
    for _ in range(n):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        seat = rnd.choice(awaited)
        action = rnd.choice(list(game.legal_actions(state, seat)))
        state, events = games.play(game, state, seat, action)
        out.append((seat, action, state, events))
    return out


async def fill(store: Store, n: int, history: int, seed: int = 1) -> dict[str, int]:
    """Store ``n`` Polar Derby games through the Store's own methods; returns counts by status."""
    game = games.get(GAME)
    rnd = random.Random(seed)
    counts: dict[str, int] = defaultdict(int)
    now = time.time() - 86_400
    for i in range(n):
        r = rnd.random()
        status = "lobby" if r < 0.10 else "active" if r < 0.70 else "finished" if r < 0.95 else "abandoned"
        players = rnd.choice(list(game.players))
        users = rnd.sample(range(1, USERS + 1), players)
        record = await store.create_game(
            guild_id=GUILD,
            channel_id=CHANNEL0 + i,
            game=GAME,
            options={},
            seed=rnd.randrange(2**62),
            host_id=users[0],
            now=now,
        )
        for user in users[1:]:
            await store.add_seat(record.id, user, now=now)
        counts[status] += 1
        if status == "lobby":
            continue
        if status == "abandoned" and rnd.random() < 0.5:
            await store.set_status(record.id, "abandoned", now=now)
            continue
        state = game.new_game(players, game.options(), record.seed)
        await store.start_game(record.id, state=game.to_dict(state), now=now)
        moves = random_moves(game, state, rnd, rnd.randint(0, history)) if history else []
        for step, (seat, action, after, _events) in enumerate(moves):
            done = game.outcome(after) is not None
            await store.record_action(
                record.id,
                step=step,
                seat=seat,
                notation=str(action),
                narration="",
                state=game.to_dict(after),
                status="finished" if done else "active",
                now=now,
            )
            if done:
                break
        if status in ("finished", "abandoned"):
            await store.set_status(record.id, status, now=now)
        if (i + 1) % 2000 == 0:
            print(f"  {i + 1} games stored", flush=True)
    return dict(counts)


class Split:
    """Wraps coroutine methods to add their time to named buckets (for the breakdown)."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)

    def wrap(self, bucket: str, fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return await fn(*args, **kwargs)
            finally:
                self.spent[bucket] += (time.perf_counter() - t) * 1000

        return timed

    def take(self) -> dict[str, float]:
        out = dict(self.spent)
        self.spent.clear()
        return out


async def play_acts(
    sessions: Sessions,
    split: Split,
    active: list[int],
    n: int,
    rnd: random.Random,
    floors: Floors | None = None,
) -> tuple[list[float], list[float], list[dict[str, float]], dict[str, list[float]]]:
    """``n`` timed acts, each followed by drawing the reply's pictures as the outbox does (timed
    apart); with ``floors``, one floor transaction of each kind after every act. Returns the
    acts' times, the times of act + pictures, the breakdowns and the floors' times."""
    times: list[float] = []
    with_pictures: list[float] = []
    parts: list[dict[str, float]] = []
    floor_times: dict[str, list[float]] = {"one_hop": [], "sqlite3": []}
    for _ in range(n):
        if not active:
            break
        gid = rnd.choice(active)
        table = await sessions.table(gid)  # untimed: who is awaited and what they may play
        seat = rnd.choice(sorted(table.game.to_act(table.state)))
        action = rnd.choice(list(table.game.legal_actions(table.state, seat)))
        split.take()
        t = time.perf_counter()
        reply = await sessions.act(
            table.record.channel_id,
            table.user_of(seat),
            str(action),
            step=table.record.step,
            seat=seat,
            game_id=gid,
        )
        times.append((time.perf_counter() - t) * 1000)
        parts.append(split.take())
        for picture in reply.pictures():
            await picture.data()
        with_pictures.append((time.perf_counter() - t) * 1000)
        if reply.finished:
            active.remove(gid)
        if floors is not None:
            floor_times["one_hop"].append(await floors.one_hop())
            floor_times["sqlite3"].append(floors.sqlite3())
    return times, with_pictures, parts, floor_times


async def run(args: argparse.Namespace) -> list[Row]:
    tmp = None
    path = args.db
    if path is None:
        tmp = tempfile.TemporaryDirectory(prefix="floe-bench-")
        path = str(Path(tmp.name) / "floe.db")
    store = await open_store(path)
    try:
        stored = await store.count_games()
        if stored < args.games:
            print(f"storing {args.games - stored} Polar Derby games through Store ...", flush=True)
            t = time.perf_counter()
            counts = await fill(store, args.games - stored, args.history)
            spent = time.perf_counter() - t
            print(
                f"  {sum(counts.values())} games in {spent:.1f} s "
                f"({spent / max(1, sum(counts.values())) * 1000:.2f} ms per game): "
                + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            )
        else:
            print(f"reusing {path}: {stored} games")
        total = await store.count_games()
        active = [r[0] for r in await store._all("SELECT id FROM games WHERE status = 'active'")]
        actions = (await store._one("SELECT COUNT(*) FROM actions"))[0]
        print(
            f"database: {total} games ({len(active)} active), {actions} logged actions, "
            f"{db_size(path) / 2**20:.1f} MiB (file + WAL)\n"
        )

        floor_dir = tempfile.TemporaryDirectory(prefix="floe-floor-")
        floors = await Floors.open(floor_file(Path(floor_dir.name) / "floor.db", total), total)
        sessions = Sessions(store, grid=DISCORD_GRID)
        split = Split()
        sessions.table = split.wrap("load", sessions.table)  # type: ignore[method-assign]
        store.play = split.wrap("load+play+commit", store.play)  # type: ignore[method-assign]
        store.commit = split.wrap("commit", store.commit)  # type: ignore[method-assign]
        rnd = random.Random(7)
        # warm up: imports, fonts, the first worker thread
        await play_acts(sessions, split, active, 5, rnd, floors)

        real_render, real_anim = renderer.render, renderer.render_animation
        renderer.render = lambda *a, **k: b""  # type: ignore[assignment]
        renderer.render_animation = lambda *a, **k: None  # type: ignore[assignment]
        try:
            bare, bare_drawn, bare_parts, floor_times = await play_acts(
                sessions, split, active, args.acts, rnd, floors
            )
        finally:
            renderer.render, renderer.render_animation = real_render, real_anim
            await floors.close()
            floor_dir.cleanup()
        _, full, _, _ = await play_acts(sessions, split, active, max(20, args.acts // 4), rnd)

        fb, fd, ff = figures(bare), figures(bare_drawn), figures(full)
        hop, direct = figures(floor_times["one_hop"]), figures(floor_times["sqlite3"])
        ratio, bare_ratio = fb.median / hop.median, fb.median / direct.median
        print(
            f"budget {BUDGET_MS:.0f} ms median for load + parse + play + commit, at most {GOAL_X:.0f}x the floor"
        )
        print(f"act, render stubbed : {fb.line()}")
        for part in ("load+play+commit", "commit", "load"):
            if any(part in p for p in bare_parts):
                print(f"  {part:<18}: {figures([p.get(part, 0.0) for p in bare_parts]).line()}")
        rest = [t - sum(p.values()) for t, p in zip(bare, bare_parts, strict=True)]
        print(f"  {'reply':<18}: {figures(rest).line()}")
        print(f"act + pictures, render stubbed : {fd.line()}")
        print(f"act + pictures      : {ff.line()}")
        print(f"floor transaction, timed after each act on a file of {total:,} games (bench_floors.py):")
        print(f"  aiosqlite, one hop (the floor) : {hop.line('ms', 3)}")
        print(f"  sqlite3 directly               : {direct.line('ms', 3)}")
        print(
            f"act over the floor: {ratio:.2f}x (goal: at most {GOAL_X:.0f}x); "
            f"over the sqlite3 floor: {bare_ratio:.1f}x"
        )
        within = fb.median < BUDGET_MS and ratio <= GOAL_X
        print(
            f"verdict (median, render stubbed): {'within' if fb.median < BUDGET_MS else 'OVER'} the "
            f"{BUDGET_MS:.0f} ms budget; {'meets' if ratio <= GOAL_X else 'misses'} the goal of at most "
            f"{GOAL_X:.0f}x the floor"
        )
        print(f"database after the acts: {db_size(path) / 2**20:.1f} MiB")
        return [
            *transaction_rows(total, direct, hop, beside="the acts", divided="Sessions.act"),
            Row(
                f"Sessions.act (load, play, commit), {total:,} games stored",
                f"< {BUDGET_MS:.0f} ms median, <= {GOAL_X:.0f}x floor",
                f"{fb.median:.2f} ms",
                f"{fb.worst:.2f} ms",
                "ok" if within else "OVER",
                f"{ratio:.2f}x ({bare_ratio:.1f}x sqlite3)",
            ),
            Row(
                "Sessions.act and its pictures drawn by the stub (info: the hand-over to a drawing thread)",
                "—",
                f"{fd.median:.2f} ms",
                f"{fd.worst:.2f} ms",
                "info",
            ),
            Row(
                "Sessions.act and its pictures drawn, as the outbox posts them (info)",
                "—",
                f"{ff.median:.2f} ms",
                f"{ff.worst:.2f} ms",
                "info",
            ),
        ]
    finally:
        await store.close()
        if tmp is not None:
            tmp.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games stored (default 10000)")
    parser.add_argument("--history", type=int, default=8, help="logged moves per started game, at most")
    parser.add_argument("--acts", type=int, default=1000, help="timed acts (render stubbed)")
    parser.add_argument(
        "--db",
        help="keep the database here (reused, with the moves played on it, when it already holds --games)",
    )
    parser.add_argument("--quick", action="store_true", help="no action history, 200 acts")
    parser.add_argument("--json", help="write the summary rows for run_all.py here")
    args = parser.parse_args()
    if args.quick:
        args.history, args.acts = 0, 200
    rows = asyncio.run(run(args))
    write_rows(args.json, rows)


if __name__ == "__main__":
    main()
