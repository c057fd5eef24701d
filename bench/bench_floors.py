"""The floors under a move's cost, measured on this machine in this run: what a board and a move
cannot cost less than, whatever the code does (issue 15). ``run_all.py`` divides the project's
figures by these.

* ``floor encode``: PNG-encoding one 960 px board (a late Ice Lake board, drawn once) as RGB at
  zlib level 1, and as a palette picture (``renderer.common.to_png``, what ``renderer.render``
  does: each pixel mapped to a palette made from the colours drawn on the board, then zlib level
  3) with the mapping time shown apart;
* ``floor transaction``: a WAL SQLite transaction shaped like a move (select the game, insert
  the action, update the snapshot) with ``--games`` games stored, timed two ways on the same
  file: through the standard library's ``sqlite3`` called directly (no asyncio: the least the
  database itself costs), and through ``aiosqlite`` from an asyncio task, one hop to the
  connection's thread per statement (``execute_fetchall``: BEGIN, SELECT, INSERT, UPDATE,
  COMMIT), which is how the store reaches SQLite. ``run_all.py`` divides ``Sessions.act`` by the
  aiosqlite floor: the bot is asyncio code and may not block its event loop on the database, so
  the thread hops are part of the least a committed move can cost there; the ratio to the bare
  ``sqlite3`` floor is printed too.

    python bench/bench_floors.py [--games N] [--reps N] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from _stats import Row, figures, write_rows
from bench_render import playout_views

import games
from renderer import common

SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, status TEXT NOT NULL,
                    step INTEGER NOT NULL, state TEXT, updated_at REAL NOT NULL);
CREATE INDEX games_by_channel ON games (channel_id);
CREATE TABLE actions (game_id INTEGER NOT NULL, step INTEGER NOT NULL, seat INTEGER NOT NULL,
                      notation TEXT NOT NULL, created_at REAL NOT NULL, PRIMARY KEY (game_id, step));
"""


def board() -> object:
    """A late public Ice Lake board (960 px wide, about 720 high), drawn once."""
    import renderer

    view = playout_views(games.get("ice-lake"), 4, seed=3)[-5]  # the last public view
    return renderer.draw(view, names=[f"Player {k + 1}" for k in range(4)])


def time_encode(reps: int) -> dict[str, list[float]]:
    from PIL import Image

    img = board()
    assert isinstance(img, Image.Image)
    out: dict[str, list[float]] = {"rgb1": [], "quantize": [], "palette": [], "size": [img.width, img.height]}
    sizes: dict[str, int] = {}
    for _ in range(reps):
        buf = io.BytesIO()
        t = time.perf_counter()
        img.save(buf, format="PNG", compress_level=1)
        out["rgb1"].append((time.perf_counter() - t) * 1000)
        sizes["rgb1"] = len(buf.getvalue())
        t = time.perf_counter()
        palette = common.palette_of(img)
        assert palette is not None  # a drawn board knows its colours
        q = common.to_palette(img, palette)
        out["quantize"].append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        data = common.to_png(img)
        out["palette"].append((time.perf_counter() - t) * 1000)
        sizes["palette"] = len(data)
        del q
    out["kib"] = [sizes["rgb1"] / 1024, sizes["palette"] / 1024]
    return out


def fill(db: sqlite3.Connection, n: int, rnd: random.Random) -> None:
    game = games.get("polar-derby")
    rows = []
    for i in range(n):
        state = game.new_game(rnd.choice(list(game.players)), game.options(), rnd.randrange(2**62))
        rows.append((i + 1, 10_000_000 + i, "active", 0, json.dumps(game.to_dict(state)), time.time()))
    with db:
        db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?)", rows)


SELECT_GAME = "SELECT step, state FROM games WHERE id = ?"
INSERT_ACTION = "INSERT INTO actions VALUES (?, ?, ?, ?, ?)"
UPDATE_GAME = "UPDATE games SET step = ?, state = ?, updated_at = ? WHERE id = ? AND step = ?"


def time_sqlite3(path: Path, games_stored: int, reps: int, rnd: random.Random) -> list[float]:
    """The move-shaped transaction through ``sqlite3`` called directly."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous=NORMAL")  # per connection, as the store's writer sets it
    times = []
    for _ in range(reps):
        gid = rnd.randint(1, games_stored)
        t = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        step, state = db.execute(SELECT_GAME, (gid,)).fetchone()
        db.execute(INSERT_ACTION, (gid, step, 0, "roll", time.time()))
        db.execute(UPDATE_GAME, (step + 1, state, time.time(), gid, step))
        db.execute("COMMIT")
        times.append((time.perf_counter() - t) * 1000)
    db.close()
    return times


async def time_aiosqlite(path: Path, games_stored: int, reps: int, rnd: random.Random) -> list[float]:
    """The same transaction through ``aiosqlite``: one hop to its thread per statement."""
    import aiosqlite

    async with aiosqlite.connect(path, isolation_level=None) as db:
        await db.execute_fetchall("PRAGMA synchronous=NORMAL")
        times = []
        for _ in range(reps):
            gid = rnd.randint(1, games_stored)
            t = time.perf_counter()
            await db.execute_fetchall("BEGIN IMMEDIATE")
            ((step, state),) = await db.execute_fetchall(SELECT_GAME, (gid,))
            await db.execute_fetchall(INSERT_ACTION, (gid, step, 0, "roll", time.time()))
            await db.execute_fetchall(UPDATE_GAME, (step + 1, state, time.time(), gid, step))
            await db.execute_fetchall("COMMIT")
            times.append((time.perf_counter() - t) * 1000)
    return times


def time_transaction(games_stored: int, reps: int) -> dict[str, list[float]]:
    """Both floors on one file, interleaved in rounds so the machine's load weighs on both alike."""
    import asyncio

    rnd = random.Random(5)
    out: dict[str, list[float]] = {"sqlite3": [], "aiosqlite": []}
    with tempfile.TemporaryDirectory(prefix="floe-floor-") as tmp:
        path = Path(tmp) / "floor.db"
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(SCHEMA)
        fill(db, games_stored, rnd)
        db.close()
        rounds = 5
        for _ in range(rounds):
            out["sqlite3"] += time_sqlite3(path, games_stored, reps // rounds, rnd)
            out["aiosqlite"] += asyncio.run(time_aiosqlite(path, games_stored, reps // rounds, rnd))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games stored (default 10000)")
    parser.add_argument("--reps", type=int, default=400, help="timed transactions")
    parser.add_argument("--encodes", type=int, default=60, help="timed encodes of each kind")
    parser.add_argument("--quick", action="store_true", help="150 transactions, 20 encodes")
    parser.add_argument("--json", help="write the summary rows for run_all.py here")
    args = parser.parse_args()
    if args.quick:
        args.reps, args.encodes = 150, 20
    enc = time_encode(args.encodes)
    w, h = int(enc["size"][0]), int(enc["size"][1])
    rgb, pal, quant = figures(enc["rgb1"]), figures(enc["palette"]), figures(enc["quantize"])
    txs = time_transaction(args.games, args.reps)
    tx, atx = figures(txs["sqlite3"]), figures(txs["aiosqlite"])
    print(f"floor encode, {w}x{h} board, RGB PNG level 1  : {rgb.line()}  {enc['kib'][0]:.0f} KiB")
    print(f"floor encode, palette PNG (to_png)         : {pal.line()}  {enc['kib'][1]:.0f} KiB")
    print(f"  of which mapping to its palette          : {quant.line()}")
    print(f"floor transaction, WAL, {args.games:,} games, sqlite3  : {tx.line()}")
    print(f"floor transaction, WAL, {args.games:,} games, aiosqlite: {atx.line()}")
    write_rows(
        args.json,
        [
            Row(
                f"floor encode: {w}x{h} board, RGB PNG level 1",
                "—",
                f"{rgb.median:.2f} ms",
                f"{rgb.worst:.2f} ms",
                "floor",
            ),
            Row(
                f"floor encode: the same board as a palette PNG ({enc['kib'][1]:.0f} KiB)",
                "—",
                f"{pal.median:.2f} ms",
                f"{pal.worst:.2f} ms",
                "info",
            ),
            Row(
                f"floor transaction (sqlite3): select, insert action, update snapshot (WAL, {args.games:,} games)",
                "—",
                f"{tx.median:.3f} ms",
                f"{tx.worst:.3f} ms",
                "floor",
            ),
            Row(
                "floor transaction (aiosqlite, what act is divided by): the same from asyncio, "
                "one thread hop per statement",
                "—",
                f"{atx.median:.3f} ms",
                f"{atx.worst:.3f} ms",
                "floor",
            ),
        ],
    )


if __name__ == "__main__":
    main()
