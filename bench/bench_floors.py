"""The floors under a move's cost, measured on this machine in this run: what a board and a move
cannot cost less than, whatever the code does. ``run_all.py`` divides the project's
figures by these.

* ``floor encode``: PNG-encoding one 960 px board (a late Ice Lake board, drawn once) as RGB at
  zlib level 1, and as a palette picture (``renderer.encoding.to_png``, what ``renderer.render``
  does: each pixel mapped to a palette made from the colours drawn on the board, then zlib level
  3) with the mapping time shown apart;
* ``floor transaction``: a WAL SQLite transaction shaped like a move (select the game, insert
  the action, update the snapshot) with ``--games`` games stored, timed three ways on the same
  file, interleaved (:class:`Floors`). The floor that ``Sessions.act`` is divided by is the
  cheapest way to commit a move from asyncio without blocking the event loop: the whole
  transaction as one function on the aiosqlite connection's thread (one hop), which is how the
  store commits a move. Beside it: the same through ``sqlite3`` called directly (the least the
  database itself costs, but it would block the loop) and through aiosqlite one hop per statement
  (the floor used before the store committed a move in one hop). ``bench_act.py`` times the same
  floors between its acts and prints the ratio from that one run.

    python bench/bench_floors.py [--games N] [--reps N] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import sqlite3
import tempfile
import time
from pathlib import Path

import aiosqlite
from _stats import Figures, Row, figures, write_rows
from bench_render import playout_views

import games
from renderer import encoding, palettes
from storage.sqlite_thread import on_thread

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
        palette = palettes.palette_of(img)
        assert palette is not None  # a drawn board knows its colours
        q = palettes.to_palette(img, palette)
        out["quantize"].append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        data = encoding.to_png(img)
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


def floor_file(path: Path, games_stored: int) -> Path:
    """A WAL database at ``path`` holding ``games_stored`` active Polar Derby games."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.executescript(SCHEMA)
    fill(db, games_stored, random.Random(5))
    db.close()
    return path


def move(db: sqlite3.Connection, gid: int) -> None:
    """The move-shaped transaction: select the game, insert the action, update the snapshot."""
    db.execute("BEGIN IMMEDIATE")
    step, state = db.execute(SELECT_GAME, (gid,)).fetchone()
    db.execute(INSERT_ACTION, (gid, step, 0, "roll", time.time()))
    db.execute(UPDATE_GAME, (step + 1, state, time.time(), gid, step))
    db.execute("COMMIT")


class Floors:
    """The floor transaction three ways on one file, each call timing one transaction (ms):

    * :meth:`sqlite3`: the standard library's ``sqlite3`` called directly, blocking the caller
      (the least the database itself costs);
    * :meth:`one_hop`: from asyncio, the whole transaction as one function on the aiosqlite
      connection's thread (``storage.sqlite_thread.on_thread``, how the store commits a move): **the
      floor** ``Sessions.act`` is divided by, the cheapest way a move can be committed without
      blocking the event loop;
    * :meth:`per_statement`: from asyncio, one hop to that thread per statement (BEGIN, SELECT,
      INSERT, UPDATE, COMMIT; the store's general transactions, and the floor used before the
      store committed a move in one hop), for comparison.

    Open with ``await Floors.open(path, games_stored)``; the callers interleave the kinds (and
    their own work) so that the machine's load weighs on all alike.
    """

    def __init__(self, direct: sqlite3.Connection, hop: aiosqlite.Connection, games_stored: int) -> None:
        self._direct, self._hop, self._games = direct, hop, games_stored
        self._rnd = random.Random(11)

    @classmethod
    async def open(cls, path: Path, games_stored: int) -> Floors:
        direct = sqlite3.connect(path, isolation_level=None)
        direct.execute("PRAGMA synchronous=NORMAL")  # per connection, as the store's writer sets it
        hop = await aiosqlite.connect(path, isolation_level=None)
        await hop.execute_fetchall("PRAGMA synchronous=NORMAL")
        return cls(direct, hop, games_stored)

    async def close(self) -> None:
        self._direct.close()
        await self._hop.close()

    def _game(self) -> int:
        return self._rnd.randint(1, self._games)

    def sqlite3(self) -> float:
        gid = self._game()
        t = time.perf_counter()
        move(self._direct, gid)
        return (time.perf_counter() - t) * 1000

    async def one_hop(self) -> float:
        gid = self._game()
        t = time.perf_counter()
        await on_thread(self._hop, lambda db: move(db, gid))
        return (time.perf_counter() - t) * 1000

    async def per_statement(self) -> float:
        db, gid = self._hop, self._game()
        t = time.perf_counter()
        await db.execute_fetchall("BEGIN IMMEDIATE")
        ((step, state),) = await db.execute_fetchall(SELECT_GAME, (gid,))
        await db.execute_fetchall(INSERT_ACTION, (gid, step, 0, "roll", time.time()))
        await db.execute_fetchall(UPDATE_GAME, (step + 1, state, time.time(), gid, step))
        await db.execute_fetchall("COMMIT")
        return (time.perf_counter() - t) * 1000


async def time_transaction(games_stored: int, reps: int) -> dict[str, list[float]]:
    """The three kinds on one file, interleaved transaction by transaction."""
    out: dict[str, list[float]] = {"sqlite3": [], "one_hop": [], "per_statement": []}
    with tempfile.TemporaryDirectory(prefix="floe-floor-") as tmp:
        floors = await Floors.open(floor_file(Path(tmp) / "floor.db", games_stored), games_stored)
        try:
            for _ in range(reps):
                out["sqlite3"].append(floors.sqlite3())
                out["one_hop"].append(await floors.one_hop())
                out["per_statement"].append(await floors.per_statement())
        finally:
            await floors.close()
    return out


def transaction_rows(
    games_stored: int,
    direct: Figures,
    hop: Figures,
    per_statement: Figures | None = None,
    beside: str = "",
    divided: str = "",
) -> list[Row]:
    """The summary rows of the floor transaction; ``beside``: what it was timed between, and
    ``divided``: the figure divided by its one-hop row."""
    where = f", timed between {beside}" if beside else ""
    role = f"; what {divided} is divided by" if divided else ""
    rows = [
        Row(
            f"floor transaction (aiosqlite, one hop{role}){where}: select the game, insert the action, "
            f"update the snapshot as one function on the connection's thread (WAL, {games_stored:,} games)",
            "—",
            f"{hop.median:.3f} ms",
            f"{hop.worst:.3f} ms",
            "floor",
        ),
        Row(
            f"floor transaction (sqlite3){where}: the same called directly, blocking (no asyncio)",
            "—",
            f"{direct.median:.3f} ms",
            f"{direct.worst:.3f} ms",
            "floor",
        ),
    ]
    if per_statement is not None:
        rows.append(
            Row(
                f"floor transaction (aiosqlite, one hop per statement){where}: the floor used before, "
                "and the store's general transactions",
                "—",
                f"{per_statement.median:.3f} ms",
                f"{per_statement.worst:.3f} ms",
                "info",
            )
        )
    return rows


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
    txs = asyncio.run(time_transaction(args.games, args.reps))
    tx, hop, per = figures(txs["sqlite3"]), figures(txs["one_hop"]), figures(txs["per_statement"])
    print(f"floor encode, {w}x{h} board, RGB PNG level 1  : {rgb.line()}  {enc['kib'][0]:.0f} KiB")
    print(f"floor encode, palette PNG (to_png)         : {pal.line()}  {enc['kib'][1]:.0f} KiB")
    print(f"  of which mapping to its palette          : {quant.line()}")
    print(f"floor transaction, WAL, {args.games:,} games (interleaved, one file):")
    print(f"  aiosqlite, one hop (the floor)     : {hop.line('ms', 3)}")
    print(f"  sqlite3 directly                   : {tx.line('ms', 3)}")
    print(f"  aiosqlite, one hop per statement   : {per.line('ms', 3)}")
    print(
        f"  a hop to the thread costs about {(per.median - hop.median) / 4:.3f} ms "
        "(per statement minus one hop, over the 4 extra hops)"
    )
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
            *transaction_rows(args.games, tx, hop, per),
        ],
    )


if __name__ == "__main__":
    main()
