"""The web pages (``floe web``): a page's server time, and how many live watchers one process holds
while moves are made. Goals (issue: a page per game): a page's server time under 20 ms median;
1,000 live watchers with every update delivered within 1 s.

A SQLite file holds ``--games`` Polar Derby games of 3 players with ``--moves`` moves each, played
through :class:`bot.core.sessions.Sessions`. The web front end (:func:`bot.web.app.web_app`) runs
on a local port in this process.

* **page**: ``GET /g/<token>`` timed inside the server (a middleware around the handler: the
  network and the client are left out), over every game in turn: ``first`` is a page right after
  a move (its history replayed from the log), ``again`` the same page asked again (its history
  kept), and ``board`` a board PNG (drawn, then kept).
* **watchers**: ``--watchers`` event streams spread over the games, opened by clients in this same
  process (so the figures are pessimistic: the clients use the same core as the server); then
  ``--rounds`` moves, each in a random game, one every ``--gap`` seconds, each committed through
  the session service as another process would (the pages learn of it by polling the
  database). For each move, the time from its commit until each watcher of its game read the
  new page; printed: delivered / expected, the share within 1 s, median, p95 and worst.

    python bench/bench_web.py [--games 20] [--moves 40] [--watchers 1000] [--rounds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

from _stats import figures
from aiohttp import ClientSession, ClientTimeout, TCPConnector, web

from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.web.app import LIVE, web_app
from storage import open_store

GAME = "polar-derby"
PLAYERS = 3


async def play_one(sessions: Sessions, game_id: int, rng: random.Random) -> bool:
    """One legal move by an awaited seat; False when the game is over."""
    table = await sessions.table(game_id)
    awaited = sorted(table.game.to_act(table.state))
    if table.record.status != "active" or not awaited:
        return False
    seat = rng.choice(awaited)
    action = rng.choice(table.legal(seat))
    await sessions.act(table.record.channel_id, table.user_of(seat), str(action), seat=seat)
    return True


async def fill(sessions: Sessions, games: int, moves: int, rng: random.Random) -> list[int]:
    ids = []
    for g in range(games):
        channel = 1000 + g
        reply = await sessions.new_game(channel_id=channel, guild_id=1, user_id=1, game_name=GAME)
        assert reply.game_id is not None
        for user in range(2, PLAYERS + 1):
            await sessions.join(channel, user)
        await sessions.start(channel, 1)
        for _ in range(moves):
            if not await play_one(sessions, reply.game_id, rng):
                break
        ids.append(reply.game_id)
    return ids


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(7)
    resource.setrlimit(resource.RLIMIT_NOFILE, (8192, 8192))
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "web.db"))
        sessions = Sessions(store, namer=lambda uid: f"Player {uid}", new_seed=lambda: rng.getrandbits(40))
        ids = await fill(sessions, args.games, args.moves, rng)
        spectators = Spectators(store, sessions)
        tokens = {game_id: await spectators.token(game_id) for game_id in ids}
        app = web_app(spectators)
        handled: list[tuple[str, float]] = []

        @web.middleware
        async def timed(request: web.Request, handler):  # type: ignore[no-untyped-def]
            start = time.perf_counter()
            response = await handler(request)
            handled.append((request.path, (time.perf_counter() - start) * 1000))
            return response

        app.middlewares.append(timed)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        base = f"http://127.0.0.1:{port}"
        connector = TCPConnector(limit=0)
        async with ClientSession(connector=connector, timeout=ClientTimeout(total=None)) as client:
            await page_times(client, base, sessions, ids, tokens, handled, rng)
            await watchers(client, base, sessions, app, ids, tokens, args, rng)
        await runner.cleanup()
        await store.close()


async def page_times(client, base, sessions, ids, tokens, handled, rng) -> None:  # type: ignore[no-untyped-def]
    first, again, boards = [], [], []
    for _ in range(3):
        for game_id in ids:
            await play_one(sessions, game_id, rng)
            for kept in (first, again, again, again):
                handled.clear()
                async with client.get(f"{base}/g/{tokens[game_id]}") as response:
                    assert response.status == 200
                    await response.read()
                kept.append(handled[-1][1])
            for _ in range(2):
                handled.clear()
                async with client.get(f"{base}/g/{tokens[game_id]}/board/0.png") as response:
                    await response.read()
                boards.append(handled[-1][1])
    print(f"page, first after a move   {figures(first).line()}")
    print(f"page, asked again          {figures(again).line()}")
    print(f"board PNG (drawn, kept)    {figures(boards).line()}")


async def watchers(client, base, sessions, app, ids, tokens, args, rng) -> None:  # type: ignore[no-untyped-def]
    received: list[tuple[int, int, float]] = []  # (game, version, when a watcher read it)
    expected = 0
    committed: dict[tuple[int, int], float] = {}  # (game, version) -> when the move committed
    opened = 0

    async def watch(game_id: int, ready: asyncio.Event) -> None:
        nonlocal opened
        async with client.get(f"{base}/g/{tokens[game_id]}/events") as response:
            await response.content.readuntil(b"\n\n")
            opened += 1
            if opened == args.watchers:
                ready.set()
            while True:
                line = await response.content.readuntil(b"\n\n")
                now = time.perf_counter()
                if not line.startswith(b"event: page"):
                    continue  # a keep-alive comment on a quiet stream
                data = json.loads(line.split(b"data: ", 1)[1])
                received.append((game_id, data["version"], now))

    ready = asyncio.Event()
    tasks = [asyncio.create_task(watch(ids[k % len(ids)], ready)) for k in range(args.watchers)]
    start = time.perf_counter()
    await asyncio.wait_for(ready.wait(), 120)
    print(
        f"{args.watchers} watchers connected in {time.perf_counter() - start:.1f} s "
        f"(the server counts {app[LIVE].watching})"
    )
    per_game = {g: sum(1 for k in range(args.watchers) if ids[k % len(ids)] == g) for g in ids}
    for _ in range(args.rounds):
        game_id = rng.choice(ids)
        spectators = app[LIVE].spectators
        before = time.perf_counter()  # the commit is inside play_one: its time counts against delivery
        if not await play_one(sessions, game_id, rng):
            continue
        version = (await spectators.page(game_id)).version
        committed[(game_id, version)] = before
        expected += per_game[game_id]
        await asyncio.sleep(args.gap)
    await asyncio.sleep(2)
    latencies = [now - committed[(g, v)] for g, v, now in received if (g, v) in committed]
    within = sum(1 for x in latencies if x <= 1.0)
    print(
        f"updates delivered {len(latencies)} / {expected}, within 1 s: {within} "
        f"({100 * within / max(expected, 1):.1f} %)"
    )
    print(f"delivery                   {figures([x * 1000 for x in latencies]).line()}")
    failed = [t.exception() for t in tasks if t.done() and not t.cancelled() and t.exception()]
    if failed:
        print(f"{len(failed)} watchers failed, the first with {failed[0]!r}")
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--gap", type=float, default=1.5)
    asyncio.run(main(parser.parse_args(sys.argv[1:])))
