"""``/stats`` and ``/leaderboard`` (the core functions) with 100,000 finished games stored.
Budget: under 20 ms median each, in-process.

The SQLite database is filled in bulk (games, seats, a short action log per game, and the
summaries the bot keeps as games end: results, result players and ratings, the ratings
computed by the real :func:`bot.core.ratings.replay`), 2 to 4 of 2,000 players per game, in one
server. Then ``Dashboard.stats_text`` (a random player) and ``Dashboard.leaderboard_text``
(one game; all games; a later page) are timed. ``floe ratings rebuild`` over the same games is
timed once (info).

    python bench/bench_stats.py [--games N] [--db PATH] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from _stats import Row, figures, verdict, write_rows

from bot.core.dashboard import Dashboard
from bot.core.rated_games import RatedGames
from bot.core.ratings import places, replay
from bot.core.sessions import Sessions
from games import Outcome
from storage import Store, open_store
from storage.ratings import PlayerResult, StoredResult, ordinal
from storage.sql import insert_rows

BUDGET_MS = 20.0
GUILD = 1
USERS = 2000
GAMES = ("polar-derby", "ice-hike", "thin-ice")
ACTIONS = 6  # per game (the median time to move reads them)


async def fill(store: Store, n: int, rnd: random.Random) -> None:
    results = []
    async with store._transaction() as tx:
        games_rows, seats, actions, result_rows, players_rows = [], [], [], [], []
        for gid in range(1, n + 1):
            name = GAMES[gid % len(GAMES)]
            count = rnd.randint(3, 4) if name == "thin-ice" else rnd.randint(2, 4)
            users = rnd.sample(range(1, USERS + 1), count)
            t = 1_700_000_000.0 + gid * 60
            games_rows.append(
                (
                    gid,
                    GUILD,
                    1_000_000 + gid,
                    name,
                    "{}",
                    gid,
                    "finished",
                    ACTIONS,
                    "{}",
                    users[0],
                    t,
                    t + 600,
                )
            )
            seats += [(gid, s, u) for s, u in enumerate(users)]
            actions += [(gid, k, k % count, "x", "", t + 100 * k) for k in range(ACTIONS)]
            scores = tuple(rnd.randint(0, 20) for _ in users)
            best = max(scores)
            outcome = Outcome(frozenset(s for s, v in enumerate(scores) if v == best), scores, "")
            ranked = places(outcome, count)
            players = tuple(
                sorted(
                    (PlayerResult(u, ranked[s], s in outcome.winners, False) for s, u in enumerate(users)),
                    key=lambda p: (p.place, p.user_id),
                )
            )
            results.append(StoredResult(gid, GUILD, 1, name, t + 600, True, players))
            result_rows.append((gid, GUILD, 1, name, t + 600, 0, 1))
            players_rows += [(gid, p.user_id, GUILD, name, 0, p.place, int(p.won), 0) for p in players]
        await insert_rows(
            tx,
            "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, step, state, host_id, "
            "created_at, updated_at)",
            games_rows,
        )
        await insert_rows(tx, "INSERT INTO seats (game_id, seat, user_id)", seats)
        await insert_rows(
            tx, "INSERT INTO actions (game_id, step, seat, notation, narration, created_at)", actions
        )
        await insert_rows(
            tx,
            "INSERT INTO results (game_id, guild_id, season, game, finished_at, computers, rated)",
            result_rows,
        )
        await insert_rows(
            tx,
            "INSERT INTO result_players (game_id, user_id, guild_id, game, computers, place, won, resigned)",
            players_rows,
        )
        finished: dict[int, int] = {}
        for row in players_rows:
            finished[row[1]] = finished.get(row[1], 0) + 1
        await insert_rows(
            tx,
            "INSERT INTO reliability (user_id, finished, resigned)",
            [(u, n, 0) for u, n in sorted(finished.items())],
        )
        skills = replay(results)
        await insert_rows(
            tx,
            "INSERT INTO ratings (scope, season, game, user_id, mu, sigma, ordinal, games, won)",
            [(*key, k.mu, k.sigma, ordinal(k), k.games, k.won) for key, k in skills.items()],
        )


async def timed(fn, repeats: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--db", help="SQLite file (default: a temporary one)")
    parser.add_argument("--json", help="write the rows of docs/performance.md here")
    args = parser.parse_args()
    path = args.db or str(Path(tempfile.mkdtemp()) / "stats.db")
    rnd = random.Random(14)
    print(
        f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} on {os.cpu_count()} cores (shared)"
    )
    store = await open_store(path)
    start = time.perf_counter()
    await fill(store, args.games, rnd)
    print(f"filled {args.games} finished games in {time.perf_counter() - start:.1f} s")
    sessions = Sessions(store)
    dashboard = Dashboard(store, sessions)
    users = [rnd.randint(1, USERS) for _ in range(200)]
    it = iter(users * 2)
    stats = await timed(lambda: dashboard.stats_text(next(it)), 200)
    one = await timed(lambda: dashboard.leaderboard_text(GUILD, "polar-derby"), 200)
    every = await timed(lambda: dashboard.leaderboard_text(GUILD), 100)
    later = await timed(lambda: dashboard.leaderboard_text(GUILD, "thin-ice", page=50), 100)
    rows = []
    for what, xs in (
        ("/stats (stats_text)", stats),
        ("/leaderboard one game (leaderboard_text)", one),
        ("/leaderboard all games", every),
        ("/leaderboard page 51", later),
    ):
        f = figures(xs)
        print(f"{what:<42} {f.line()}  {verdict(f.median, BUDGET_MS)}")
        rows.append(
            Row(
                f"{what}, {args.games:,} games",
                f"< {BUDGET_MS:.0f} ms",
                f"{f.median:.2f} ms",
                f"{f.worst:.2f} ms",
                verdict(f.median, BUDGET_MS),
            )
        )
    start = time.perf_counter()
    report = await RatedGames(store, sessions).rebuild(write=False)
    print(
        f"floe ratings rebuild: {report.games} games, {report.ratings} ratings, "
        f"{len(report.differences)} differences, {time.perf_counter() - start:.1f} s (info)"
    )
    print(f"load average after {os.getloadavg()[0]:.2f}")
    await store.close()
    write_rows(args.json, rows)


if __name__ == "__main__":
    asyncio.run(main())
