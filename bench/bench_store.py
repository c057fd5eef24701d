"""The two stores side by side: SQLite and PostgreSQL, from the same run (issue "Beyond one machine").

Printed figures (no timing is asserted anywhere):

1. Latency with 10,000 games stored, median and p95, on SQLite and on PostgreSQL:
   * the floor transaction: select the game, insert the action, update the snapshot (raw SQL,
     one transaction: the least any store can do per move);
   * ``Store.record_action`` (the store's move transaction, with its stale-step check);
   * ``Sessions.act`` with the render stubbed (load, parse, play, commit).
2. Throughput on one PostgreSQL, moves per second with 1, 2 and 4 OS processes, each playing its
   own games, then all contending for 10 games; lost and doubled moves counted from the database
   (the sum of moves each process saw committed against the log, and each game's step against its
   log: both must match).
3. Start-up with 100,000 stored games: open (connect + migrate check) + the upgrade check + the
   scheduler's first queries, on each store.
4. The upgrade step that gives games begun before the scheduler their clocks: 60,000 active
   games without scheduler rows, adopted in pages (``adopt_games_without_clocks``), beside the
   one-by-one path measured on 300 games and scaled.

The PostgreSQL server is a throwaway one started from the installed binaries (as in the tests)
on 127.0.0.1, with the default durability (fsync and synchronous commit on). The databases are
filled in bulk (explicit ids, one transaction per 5,000 rows), not through the session service.

    python bench/bench_store.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from _stats import ROOT, figures
from bench_act import Split, play_acts

import games
import renderer
from bot.adapter.common import DISCORD_GRID
from bot.core.adoption import adopt_games_without_clocks
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from storage import StaleStep, Store, open_store
from storage.clocks import ClockStore
from storage.codec import dump
from storage.upgrades import UpgradeRecord
from tests.pg_server import INSTALL_HINT, PgServer, find_bindir

GAME = "polar-derby"
USERS = 5000
CHUNK = 5000


# --------------------------------------------------------------------------- filling


def sample_states(
    n: int, seed: int = 1, name: str = GAME, moves: int = 0
) -> list[tuple[int, dict[str, Any]]]:
    """``n`` games of ``name``: (players, the state as stored), each after up to ``moves`` random moves."""
    game = games.get(name)
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        players = rnd.choice(list(game.players))
        state = game.new_game(players, game.options(), rnd.randrange(2**62))
        for _ in range(rnd.randrange(moves + 1)):
            awaited = sorted(game.to_act(state))
            if not awaited:
                break
            seat = awaited[0]
            state, _ = games.play(game, state, seat, rnd.choice(list(game.legal_actions(state, seat))))
        out.append((players, game.to_dict(state)))
    return out


def mixed_states(n: int, seed: int = 1) -> list[tuple[str, int, dict[str, Any]]]:
    """``n`` games of every kind, mid-game (up to 60 random moves): (game, players, state)."""
    per = max(1, n // len(games.GAMES))
    return [
        (name, players, state)
        for name in sorted(games.GAMES)
        for players, state in sample_states(per, seed, name, moves=60)
    ]


async def bulk_fill(
    store: Store, n: int, active_share: float, seed: int = 1, *, mixed: bool = False
) -> list[int]:
    """Store ``n`` games (``active_share`` of them active, the rest finished); returns the active ids.

    Polar Derby at the start, or with ``mixed`` every game mid-play in equal shares (the decoding
    cost of a snapshot differs thirtyfold between games: Thin Ice's is the largest).
    """
    rnd = random.Random(seed)
    if mixed:
        kinds = [(name, p, dump(s)) for name, p, s in mixed_states(300, seed)]
    else:
        kinds = [(GAME, p, dump(s)) for p, s in sample_states(300, seed)]
    first = await store.count_games() + 1
    now = time.time() - 86_400
    active: list[int] = []
    game_rows: list[tuple[Any, ...]] = []
    seat_rows: list[tuple[int, int, int]] = []

    async def flush() -> None:
        async with store._transaction() as tx:
            await tx.many(
                "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, step, state, host_id, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                game_rows,
            )
            await tx.many("INSERT INTO seats (game_id, seat, user_id) VALUES (?, ?, ?)", seat_rows)
            await store._after_copy(tx)
        game_rows.clear()
        seat_rows.clear()

    for gid in range(first, first + n):
        name, players, state = kinds[gid % len(kinds)]
        users = rnd.sample(range(1, USERS + 1), players)
        status = "active" if rnd.random() < active_share else "finished"
        if status == "active":
            active.append(gid)
        game_rows.append((gid, 1, 10_000_000 + gid, name, "{}", gid, status, state, users[0], now, now))
        seat_rows += [(gid, seat, user) for seat, user in enumerate(users)]
        if len(game_rows) >= CHUNK:
            await flush()
    if game_rows:
        await flush()
    return active


# --------------------------------------------------------------------------- 1. latency


async def floor_transaction(store: Store, game_id: int, step: int, state: str) -> None:
    """The least a move can cost on a store: bench_floors.py's SQLite floor transaction (select
    the game, insert the action, update the snapshot at the step read), as one transaction of
    three statements through the store's own connection (one round trip each on PostgreSQL, and
    the commit's WAL flush: the durability a move has)."""
    async with store._transaction() as tx:
        row = await tx.one(f"SELECT step, state FROM games WHERE id = ?{store._lock_clause}", (game_id,))
        assert row is not None
        await tx.run(
            "INSERT INTO actions (game_id, step, seat, notation, narration, created_at) VALUES (?, ?, 0, 'x', '', ?)",
            (game_id, row[0], time.time()),
        )
        await tx.run(
            "UPDATE games SET step = ?, state = ?, updated_at = ? WHERE id = ? AND step = ?",
            (row[0] + 1, state, time.time(), game_id, row[0]),
        )


async def latency(store: Store, active: list[int], n: int) -> dict[str, Any]:
    rnd = random.Random(3)
    steps: dict[int, int] = {}
    state = dump(sample_states(1)[0][1])
    pool = rnd.sample(active, min(len(active), 2000))
    half = len(pool) // 2
    floor: list[float] = []
    record: list[float] = []
    for _ in range(n):  # interleaved, so both see the same database and the same machine load
        gid = rnd.choice(pool[:half])
        t = time.perf_counter()
        await floor_transaction(store, gid, steps.get(gid, 0), state)
        floor.append((time.perf_counter() - t) * 1000)
        steps[gid] = steps.get(gid, 0) + 1
        gid = rnd.choice(pool[half:])
        t = time.perf_counter()
        await store.record_action(
            gid,
            step=steps.get(gid, 0),
            seat=0,
            notation="x",
            narration="",
            state={"s": state},
            now=time.time(),
        )
        record.append((time.perf_counter() - t) * 1000)
        steps[gid] = steps.get(gid, 0) + 1
    sessions = Sessions(store, grid=DISCORD_GRID)
    fresh = [g for g in active if g not in steps]
    real = renderer.render, renderer.render_animation
    renderer.render = lambda *a, **k: b""  # type: ignore[assignment]
    renderer.render_animation = lambda *a, **k: None  # type: ignore[assignment]
    try:
        await play_acts(sessions, Split(), fresh, 5, rnd)
        acts, *_ = await play_acts(sessions, Split(), fresh, n // 2, rnd)
    finally:
        renderer.render, renderer.render_animation = real
    return {"floor": figures(floor), "record_action": figures(record), "act": figures(acts)}


# --------------------------------------------------------------------------- 2. throughput


async def worker(url: str, mode: str, ids: list[int], seconds: float) -> dict[str, int]:
    """One OS process: play ``ids`` (its own: every move applies; shared: moves may be stale).

    Says ``ready`` on stdout once connected and starts when a line arrives on stdin.
    """
    store = await open_store(url)
    rnd = random.Random()
    applied = stale = 0
    steps = {}
    for gid in ids:
        record = await store.game(gid)
        assert record is not None
        steps[gid] = record.step
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        end = time.perf_counter() + seconds
        k = 0
        while time.perf_counter() < end:
            gid = ids[k % len(ids)] if mode == "own" else rnd.choice(ids)
            k += 1
            if mode == "own":
                step = steps[gid]
            else:
                record = await store.game(gid)
                assert record is not None
                step = record.step
            try:
                await store.record_action(
                    gid,
                    step=step,
                    seat=0,
                    notation=f"m{step}",
                    narration="",
                    state={"n": step},
                    now=time.time(),
                )
                applied += 1
                steps[gid] = step + 1
            except StaleStep:
                stale += 1
    finally:
        await store.close()
    return {"applied": applied, "stale": stale}


async def throughput(
    url: str, procs: int, mode: str, ids_of: list[list[int]], seconds: float
) -> dict[str, Any]:
    store = await open_store(url)
    all_ids = sorted({g for ids in ids_of for g in ids})
    marks = ", ".join("?" * len(all_ids))
    before = await store._one(f"SELECT COUNT(*) FROM actions WHERE game_id IN ({marks})", all_ids)
    runs = [
        subprocess.Popen(
            [sys.executable, __file__, "--worker", url, mode, ",".join(map(str, ids)), str(seconds)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for ids in ids_of[:procs]
    ]
    for p in runs:  # every process connected and ready before any starts
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in runs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    results = [json.loads(p.communicate()[0]) for p in runs]
    after = await store._one(f"SELECT COUNT(*) FROM actions WHERE game_id IN ({marks})", all_ids)
    mismatched = await store._one(
        f"SELECT COUNT(*) FROM games g WHERE g.id IN ({marks}) "
        "AND g.step <> (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)",
        all_ids,
    )
    await store.close()
    applied = sum(r["applied"] for r in results)
    logged = int(after[0]) - int(before[0])  # type: ignore[index]
    return {
        "moves_per_s": applied / seconds,
        "applied": applied,
        "stale": sum(r["stale"] for r in results),
        "lost": max(0, applied - logged),
        "doubled": max(0, logged - applied) + int(mismatched[0]),  # type: ignore[index]
    }


# --------------------------------------------------------------------------- 3. and 4.


async def startup(url: str) -> float:
    t = time.perf_counter()
    store = await open_store(url)
    clocks = ClockStore(store)
    await clocks.heartbeat(time.time())
    await UpgradeRecord(store).done()
    await clocks.next_due()
    spent = time.perf_counter() - t
    await store.close()
    return spent


class _Outbox:
    async def notice(self, notice: Any) -> None: ...

    async def reply(self, reply: Any) -> None: ...


async def adoption(url: str, old_sample: int, server: PgServer | None = None) -> dict[str, float]:
    """The paged adoption of every game without a clock (``adopt_games_without_clocks``), beside the
    one-by-one path measured on ``old_sample`` games and scaled: wall seconds, and the CPU seconds
    of this process, of its decoding workers and of the PostgreSQL ``server`` (the figures load
    inflates least)."""
    store = await open_store(url)
    try:
        scheduler = Scheduler(Sessions(store, grid=DISCORD_GRID), store, _Outbox())
        ids = [
            int(r[0]) for r in await store._all("SELECT id FROM games WHERE status = 'active' ORDER BY id")
        ]
        t = time.perf_counter()
        for gid in ids[-old_sample:]:  # the path before: one game at a time
            await scheduler.waits.reconcile(await scheduler.sessions.table(gid), None)
        old = (time.perf_counter() - t) / old_sample * len(ids)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        server_before = server.cpu_seconds() if server is not None else 0.0
        t, cpu = time.perf_counter(), time.process_time()
        adopted = await adopt_games_without_clocks(scheduler.clocks, time.time())
        spent, spent_cpu = time.perf_counter() - t, time.process_time() - cpu
        server_cpu = server.cpu_seconds() - server_before if server is not None else 0.0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        workers = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
        return {
            "wall": spent,
            "cpu": spent_cpu,
            "workers_cpu": workers,
            "server_cpu": server_cpu,
            "games": adopted + old_sample,
            "old": old,
        }
    finally:
        await store.close()


async def first_pass(server: PgServer | None, tmp: str, big: int) -> None:
    """3. and 4.: start-up with ``big`` games stored, then the first pass over the active ones."""
    print(
        f"\n3. start-up with {big:,} games stored; 4. first scheduler pass over {int(big * 0.6):,} unknown games"
        " (every game mid-play, in equal shares)"
    )
    sqlite_url = f"sqlite:///{tmp}/big.db"
    store = await open_store(sqlite_url)
    t = time.perf_counter()
    await bulk_fill(store, big, 0.6, seed=5, mixed=True)
    print(f"  filled SQLite in {time.perf_counter() - t:.1f} s")
    await store.close()
    urls: list[tuple[str, str, PgServer | None]] = [("SQLite", sqlite_url, None)]
    if server is not None:
        pg_url = await server.create_database()
        from storage.copy import copy_between

        t = time.perf_counter()
        report = await copy_between(sqlite_url, pg_url)
        print(
            f"  copied to PostgreSQL (storage.copy, {sum(report.rows.values()):,} rows) in {time.perf_counter() - t:.1f} s"
        )
        # as a database in service has been: vacuumed and analyzed (else autovacuum runs during the pass)
        store = await open_store(pg_url)
        await store._write("VACUUM ANALYZE")
        await store.close()
        urls.append(("PostgreSQL", pg_url, server))
    for name, url, _ in urls:
        times = [await startup(url) for _ in range(5)]
        print(
            f"  {name:<10} open + migrate check + first queries: median {statistics.median(times) * 1000:.0f} ms"
        )
    for name, url, on in urls:
        f = await adoption(url, old_sample=300, server=on)
        print(
            f"  {name:<10} first pass, {f['games']:,.0f} games: {f['wall']:.2f} s wall; CPU {f['cpu']:.2f} s in "
            f"the bot's process + {f['workers_cpu']:.2f} s in its decoding workers"
            + (f" + {f['server_cpu']:.2f} s in the server " if on is not None else " ")
            + f"({(f['cpu'] + f['workers_cpu'] + f['server_cpu']) / max(f['games'], 1) * 1e6:.0f} us/game); "
            f"one by one (scaled) {f['old']:.0f} s"
        )


# --------------------------------------------------------------------------- main


def ms(f: Any) -> str:
    return f"median {f.median:7.2f} ms  p95 {f.p95:7.2f} ms  (n={f.n})"


async def run(args: argparse.Namespace) -> None:
    bindir = find_bindir()
    if bindir is None:
        sys.exit(INSTALL_HINT)
    with open("/proc/loadavg") as f:
        print(f"load average at start: {f.read().split()[:3]} (2 cores shared with other work)")
    server = PgServer(bindir, durable=True).start()
    tmp = tempfile.TemporaryDirectory(prefix="floe-bench-")
    try:
        if args.only in (None, "latency"):
            await latency_section(server, tmp.name, args.quick)
        if args.only in (None, "throughput"):
            await throughput_section(server, args.quick)
        if args.only in (None, "first-pass"):  # 100,000 games stored, 60,000 active without scheduler rows
            await first_pass(server, tmp.name, 20_000 if args.quick else 100_000)
    finally:
        server.stop()
        tmp.cleanup()
    with open("/proc/loadavg") as f:
        print(f"\nload average at the end: {f.read().split()[:3]}")


async def latency_section(server: PgServer, tmp: str, quick: bool) -> None:
    """1. one move with 10,000 games stored, on each store."""
    n_games = 2000 if quick else 10_000
    print(f"\n1. one move, {n_games:,} games stored (60% active)")
    for name, url in (
        ("SQLite", f"sqlite:///{tmp}/ten.db"),
        ("PostgreSQL", await server.create_database()),
    ):
        store = await open_store(url)
        active = await bulk_fill(store, n_games, 0.6)
        figs = await latency(store, active, 200 if quick else 1000)
        await store.close()
        print(f"  {name:<10} floor transaction : {ms(figs['floor'])}")
        print(f"  {name:<10} record_action     : {ms(figs['record_action'])}")
        ratio = figs["act"].median / figs["floor"].median
        print(f"  {name:<10} act (render stub) : {ms(figs['act'])}  ({ratio:.1f}x its floor)")


async def throughput_section(server: PgServer, quick: bool) -> None:
    """2. moves per second with 1, 2 and 4 processes on one PostgreSQL."""
    seconds = 2.0 if quick else 5.0
    print(f"\n2. throughput on one PostgreSQL ({seconds:.0f} s per run)")
    url = await server.create_database()
    store = await open_store(url)
    own = await bulk_fill(store, 4 * 50, 1.0)
    shared = await bulk_fill(store, 10, 1.0, seed=2)
    await store.close()
    for mode, ids_of in (("own", [own[i::4] for i in range(4)]), ("shared", [shared] * 4)):
        base = None
        for procs in (1, 2, 4):
            r = await throughput(url, procs, mode, ids_of, seconds)
            base = base or r["moves_per_s"]
            label = "own games" if mode == "own" else "10 shared games"
            print(
                f"  {procs} process{'es' if procs > 1 else '  '}, {label:<15}: {r['moves_per_s']:8.0f} moves/s "
                f"(x{r['moves_per_s'] / base:.2f})  applied {r['applied']}, refused stale {r['stale']}, "
                f"lost {r['lost']}, doubled {r['doubled']}"
            )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        url, mode, ids, seconds = sys.argv[2:6]
        result = asyncio.run(worker(url, mode, [int(i) for i in ids.split(",")], float(seconds)))
        print(json.dumps(result))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller databases and shorter runs")
    parser.add_argument("--only", choices=("latency", "throughput", "first-pass"), help="run one part")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
