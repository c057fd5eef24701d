"""A soak over a simulated week: several bot processes, one wire-level fake Discord, one PostgreSQL.

Three bot processes (``bench/_soak_bot.py``: ``floe run`` pointed at the fake, its clock sped
up), each running its own two shards of six, connect over loopback to one fake Discord
(tests/support/wire_discord.py: gateway and REST, in this process, with Discord's per-route and
global rate limits shared by the three, as one bot token's are) and one throwaway PostgreSQL
(tests/pg_server.py). Hundreds of games (Polar Derby and Ice Team in turn) are opened through
slash commands, a third with a computer player; then players act at random (``/game move``
with one of the newest board's offered moves, after a random wait, sometimes long enough for
reminders and deadlines) over a week of the bots' clock; midway one process is killed and restarted.

At the end every bot process is stopped as a deploy stops it (SIGINT), and it counts, from what
the players were told, the fake's records, the logs of every process and the database, what
docs/scaling.md defines: ``lost``, ``doubled``, ``decisions`` against ``thoughts`` (their (game,
step) pairs compared), ``duplicate_posts`` and ``identify_refusals``; before the last line, the
games and moves of each game, the fake's 429 answers by scope, the requests refused as past
Discord's message limits, and each move that got no answer.

Progress goes to ``bench/results/soak.log`` (``--out``), each process's log to a temporary
folder it names; the last line printed is

    soak: games=G moves=M lost=L doubled=D decisions=C thoughts=T duplicate_posts=P identify_refusals=I

    python bench/bench_soak.py --quick        (200 games, about 6 minutes of play)
    python bench/bench_soak.py [--games N] [--play-seconds S] [--processes N] [--max-concurrency N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import _stats  # noqa: F401  (puts the repository on sys.path)
import asyncpg

import games as rules
from bot.core.computer_seats import is_computer_user
from bot.core.replay import replay
from bot.core.sessions.decide import automatic_refusal
from storage import open_store
from tests.pg_server import PgServer, find_bindir
from tests.support.wire_discord import Interaction, WireDiscord, shard_of

ROOT = Path(__file__).resolve().parent.parent
WEEK = 7 * 24 * 3600.0
SHARDS_PER_PROCESS = 2
#: Computer players think with a fixed budget (deterministic, and light on the 2 cores).
AI_ITERATIONS = 30
#: Each player's average wait before answering their turn, in the bots' (simulated) time: most
#: answer within a day, some miss the one-day deadline or are reminded first.
MEAN_ANSWER = 14 * 3600.0
DEADLINE = "1d"
MOVED = re.compile(r"You played `([^`]+)`")
#: The games the soak opens, in turn: every move of each is offered on its public board (a
#: button or a menu), which is how the soak's players choose theirs.
GAMES = ("polar-derby", "ice-team")
THOUGHT = "computer thought game="
THOUGHT_AT = re.compile(r"computer thought game=(\d+) step=(\d+)")


@dataclass
class Table:
    """One game as its players know it: its channel and its human players."""

    channel_id: int
    humans: list[int]
    computer: bool
    game_id: int | None = None
    next_move_at: float = 0.0  # wall-clock time the next player looks at the board
    acted_at_step: int = -1


@dataclass(frozen=True)
class Board:
    """The moves a message offers in one game at one step, and whom it pings."""

    game_id: int
    step: int
    notations: list[str]
    pinged: set[int]


@dataclass
class Played:
    """A move a player made and what they were told."""

    game_id: int
    step: int
    user_id: int
    notation: str
    answers: list[str]

    @property
    def counted(self) -> list[str]:
        """The notations the answers say counted (normally one, or none when refused)."""
        out = []
        for answer in self.answers:
            m = MOVED.search(answer)
            if m:
                out.append(m[1])
            elif "It counted" in answer:
                out.append(self.notation)
        return out


@dataclass
class Soak:
    wire: WireDiscord
    database: str
    processes: int
    factor: float
    start: float
    out: TextIO
    logs: Path
    tables: list[Table] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    unanswered: int = 0
    boards: dict[int, Board] = field(default_factory=dict)  # channel -> its newest board
    seen: int = 0  # how many of the fake's message changes :meth:`read_boards` read
    children: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    restarts: Counter[int] = field(default_factory=Counter)

    def note(self, text: str) -> None:
        line = f"[{time.time() - self.start:7.1f}s] {text}"
        print(line, flush=True)
        self.out.write(line + "\n")
        self.out.flush()

    # ------------------------------------------------------------------ the bot processes

    def spawn(self, index: int) -> None:
        shards = range(index * SHARDS_PER_PROCESS, (index + 1) * SHARDS_PER_PROCESS)
        env = {
            **os.environ,
            "DISCORD_TOKEN": "soak-token",
            "DATABASE": self.database,
            "SHARD_COUNT": str(self.processes * SHARDS_PER_PROCESS),
            "SHARD_IDS": f"{shards.start}-{shards.stop - 1}",
            "FLOE_AI_ITERATIONS": str(AI_ITERATIONS),
            "SOAK_REST": self.wire.rest_base,
            "SOAK_GATEWAY": self.wire.gateway_url,
            "SOAK_FACTOR": str(self.factor),
            "SOAK_T0": str(self.start),
        }
        log = open(self.logs / f"bot-{index}.{self.restarts[index]}.log", "wb")  # noqa: SIM115
        self.children[index] = subprocess.Popen(
            [sys.executable, str(ROOT / "bench" / "_soak_bot.py")], env=env, stderr=log, stdout=log, cwd=ROOT
        )
        self.restarts[index] += 1

    def kill(self, index: int) -> None:
        child = self.children[index]
        child.send_signal(signal.SIGKILL)
        child.wait()

    def stop_all(self) -> None:
        for child in self.children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGINT)
        for child in self.children.values():
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    def thoughts(self) -> int:
        return sum(self.thought_steps().values())

    def thought_steps(self) -> Counter[tuple[int, int]]:
        """How many times each (game, step) was thought, over every process's log."""
        found: Counter[tuple[int, int]] = Counter()
        for path in self.logs.glob("bot-*.log"):
            for line in path.read_text(errors="replace").splitlines():
                if THOUGHT in line and '"floe.computer"' in line:
                    match = THOUGHT_AT.search(line)
                    if match is not None:
                        found[(int(match[1]), int(match[2]))] += 1
        return found

    # ------------------------------------------------------------------ the players

    async def open_games(self, games: int, parallel: int) -> None:
        """Open ``games`` tables of :data:`GAMES` in turn, a third with an easy computer player."""
        channels = [c for g in self.wire.guilds.values() for c in g.channels]
        gate = asyncio.Semaphore(parallel)

        async def open_one(n: int) -> None:
            channel = channels[n]
            host = 10_000 + 2 * n
            table = Table(channel.id, [host], computer=n % 3 == 0)
            async with gate:
                new = await self.wire.slash(
                    channel.id,
                    host,
                    "game new",
                    {"game": GAMES[n % len(GAMES)], "thread": False, "deadline": DEADLINE},
                )
                if table.computer:
                    await self.wire.slash(channel.id, host, "game computer", {"level": "easy"})
                else:
                    table.humans.append(host + 1)
                    await self.wire.slash(channel.id, host + 1, "game join")
                started = await self.wire.slash(channel.id, host, "game start")
            if "lobby opened" not in new.answer:
                self.note(f"table {n}: /game new answered {new.answer!r}")
            if "start" not in started.answer.lower():
                self.note(f"table {n}: /game start answered {started.answer!r}")
            table.next_move_at = time.time() + self.answer_wait()
            self.tables.append(table)

        await asyncio.gather(*(open_one(n) for n in range(games)))

    def answer_wait(self) -> float:
        """A player's wait before looking at their turn, in wall-clock seconds."""
        return random.expovariate(1.0 / MEAN_ANSWER) / self.factor

    def read_boards(self) -> None:
        """Look at the messages posted or edited since last time: each channel's newest board
        that offers moves, as its players see it (:attr:`boards`)."""
        changes = self.wire.changes
        for message in changes[self.seen :]:
            found = offered(message)
            if found is None:
                continue
            game_id, step, notations = found
            channel_id = int(message["channel_id"])
            known = self.boards.get(channel_id)
            if known is None or (known.game_id, known.step) <= (game_id, step):
                pinged = {int(x) for x in re.findall(r"<@(\d+)>", message.get("content") or "")}
                self.boards[channel_id] = Board(game_id, step, notations, pinged)
        self.seen = len(changes)

    async def play(self, until: float, parallel: int, kill_at: float, restart_after: float) -> None:
        """Players look at their boards at random until the wall-clock ``until``; one process is
        killed at ``kill_at`` and started again ``restart_after`` seconds later."""
        gate = asyncio.Semaphore(parallel)
        moves: set[asyncio.Task[None]] = set()
        killed = False
        restarted = False
        victim = 1 % self.processes
        while time.time() < until:
            now = time.time()
            if not killed and now >= kill_at:
                self.kill(victim)
                killed = True
                self.note(f"bot process {victim} killed (SIGKILL); moves so far {len(self.played)}")
            if killed and not restarted and now >= kill_at + restart_after:
                self.spawn(victim)
                restarted = True
                self.note(f"bot process {victim} started again")
            self.read_boards()
            for table in self.tables:
                if table.next_move_at > now:
                    continue
                table.next_move_at = now + self.answer_wait()
                board = self.boards.get(table.channel_id)
                if board is None or board.step <= table.acted_at_step:
                    continue
                table.game_id = board.game_id
                awaited = [u for u in table.humans if u in board.pinged] or table.humans
                user = random.choice(awaited)
                table.acted_at_step = board.step
                task = asyncio.create_task(
                    self.move(gate, table, board.game_id, board.step, user, random.choice(board.notations))
                )
                moves.add(task)
                task.add_done_callback(moves.discard)
            await asyncio.sleep(0.2)
        await asyncio.gather(*moves)

    async def move(
        self, gate: asyncio.Semaphore, table: Table, game_id: int, step: int, user: int, notation: str
    ) -> None:
        async with gate:
            try:
                answered: Interaction = await self.wire.slash(
                    table.channel_id, user, "game move", {"action": notation}, timeout=20
                )
            except TimeoutError:
                self.unanswered += 1
                guild = self.wire.channels[table.channel_id].guild_id
                shard = shard_of(guild, self.wire.shard_count) if guild is not None else None
                self.note(f"no answer in 20 s to a move in game {game_id} (shard {shard})")
                return
            await asyncio.sleep(0.5)  # a second answer (a doubled move) would arrive by now
        self.played.append(Played(game_id, step, user, notation, list(answered.answers)))


def offered(message: dict[str, Any]) -> tuple[int, int, list[str]] | None:
    """(game, step, notations) of the moves a message's buttons and menus offer, or None."""
    found: list[str] = []
    where: tuple[int, int] | None = None
    for row in message.get("components") or []:
        for item in row.get("components") or []:
            custom_id = item.get("custom_id") or ""
            parts = custom_id.split(":", 4)
            if custom_id.startswith("floe:a:") and len(parts) == 5:
                where = (int(parts[2]), int(parts[3]))
                found.append(parts[4])
            elif custom_id.startswith("floe:s:") and len(parts) >= 4:
                where = (int(parts[2]), int(parts[3]))
                found += [o["value"] for o in item.get("options") or []]
    if where is None or not found:
        return None
    return where[0], where[1], found


@dataclass(frozen=True)
class Checked:
    """What the database holds at the end: its games and moves, and the counts made from them."""

    games: int
    moves: int
    lost: int
    doubled: int
    decided: set[tuple[int, int]]  # (game, step) of each computer decision
    by_kind: dict[str, tuple[int, int]]  # game name -> (games, moves)


def duplicate_posts(wire: WireDiscord) -> int:
    """Turn boards posted more than once: messages created offering one game's moves at one step."""
    boards = Counter(found[:2] for m in wire.posted if (found := offered(m)) is not None)
    return sum(n - 1 for n in boards.values() if n > 1)


async def check_database(url: str, played: list[Played]) -> Checked:
    conn = await asyncpg.connect(url)
    try:
        actions = await conn.fetch("SELECT game_id, step, seat, notation FROM actions")
        seats = await conn.fetch("SELECT game_id, seat, user_id FROM seats")
        games = await conn.fetchval("SELECT count(*) FROM games")
        kinds = await conn.fetch(
            "SELECT g.game, count(DISTINCT g.id) AS games, count(a.game_id) AS moves"
            " FROM games g LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.game"
        )
    finally:
        await conn.close()
    seat_of = {(r["game_id"], r["user_id"]): r["seat"] for r in seats}
    computer_seats = {(r["game_id"], r["seat"]) for r in seats if is_computer_user(r["user_id"])}
    by_step = Counter((r["game_id"], r["step"]) for r in actions)
    logged: defaultdict[tuple[int, int, str], list[int]] = defaultdict(list)
    for r in actions:
        logged[(r["game_id"], r["seat"], r["notation"])].append(r["step"])
    lost = 0
    decided = await computer_decisions(url, computer_seats)
    for move in played:
        for notation in move.counted[:1]:
            seat = seat_of.get((move.game_id, move.user_id))
            steps = logged.get((move.game_id, seat, notation), []) if seat is not None else []
            if not any(s >= move.step for s in steps):
                lost += 1
    doubled = sum(n - 1 for n in by_step.values() if n > 1) + sum(1 for m in played if len(m.counted) > 1)
    by_kind = {r["game"]: (int(r["games"]), int(r["moves"])) for r in kinds}
    return Checked(int(games), len(actions), lost, doubled, decided, by_kind)


async def computer_decisions(url: str, computer_seats: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """The (game, step before the move) of every move of a computer seat that somebody decided:
    all but the forced ones (a seat's only legal action, which the session plays itself, or the
    driver without a thought). From the replay, which tells apart a move and the forced moves
    recorded after it."""
    store = await open_store(url)
    decided: set[tuple[int, int]] = set()
    try:
        for game_id in sorted({g for g, _seat in computer_seats}):
            record = await store.game(game_id)
            assert record is not None
            game = rules.get(record.game)
            rows = await store.actions(game_id)
            players = len(await store.seats(game_id))
            _initial, entries = replay(game, record, players, rows)
            for entry in entries:
                seat = entry.row.seat
                if (game_id, seat) not in computer_seats or entry.action is None:
                    continue
                legal = game.legal_actions(entry.before, seat)
                if len(legal) != 1 or automatic_refusal(game, entry.before, seat, legal[0]) is not None:
                    decided.add((game_id, entry.before.step))
    finally:
        await store.close()
    return decided


async def soak(args: argparse.Namespace) -> str:
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    logs = Path(tempfile.mkdtemp(prefix="floe-soak-"))  # each bot process's JSON log lines
    bindir = find_bindir()
    if bindir is None:
        raise SystemExit("soak: needs the PostgreSQL server binaries (tests/pg_server.py INSTALL_HINT)")
    pg = PgServer(bindir, durable=True).start()
    wire = WireDiscord(shard_count=args.processes * SHARDS_PER_PROCESS, max_concurrency=args.max_concurrency)
    servers = max(args.processes * SHARDS_PER_PROCESS * 2, 1)
    per_server = -(-args.games // servers)
    for n in range(servers):
        wire.add_guild(n, channels=per_server)
    await wire.start()
    started = time.time()
    # the bots' clock covers the week in the play time plus the set-up before it
    factor = WEEK / (args.play_seconds + args.setup_seconds)
    with open(args.out, "w") as out:
        run = Soak(wire, await pg.create_database(), args.processes, factor, started, out, logs)
        try:
            run.note(
                f"logs in {logs}; {args.processes} processes x {SHARDS_PER_PROCESS} shards, {args.games} games, "
                f"clock x{factor:.0f}, max_concurrency {args.max_concurrency}"
            )
            for index in range(args.processes):  # all at once, as compose starts them
                run.spawn(index)
            await wire.wait_for_shards(range(wire.shard_count), timeout=240)
            run.note(f"every shard ready; identify refusals so far {wire.identify_refusals}")
            await run.open_games(args.games, parallel=8)
            run.note(f"{len(run.tables)} games open")
            play_from = time.time()
            until = play_from + args.play_seconds
            await run.play(until, parallel=6, kill_at=play_from + args.play_seconds * 0.45, restart_after=5.0)
            run.note(f"play over: {len(run.played)} moves tried, {run.unanswered} unanswered")
            # the processes stop as a deploy stops them (SIGINT): a decision under way commits
            # (bot.core.computers.STOP_GRACE), so the database read next is final
            await asyncio.get_running_loop().run_in_executor(None, run.stop_all)
            run.note("every bot process stopped")
            checked = await check_database(run.database, run.played)
        finally:
            run.stop_all()
            await wire.stop()
            pg.stop()
        run.note(f"games and moves by game: {checked.by_kind}")
        run.note(f"rate limited (429 answers of the fake, by scope): {dict(wire.rate_limits.refused)}")
        run.note(
            f"refused as past Discord's message limits (400/50035): {len(wire.breaches)} {wire.breaches[:3]}"
        )
        if wire.unknown_routes:
            run.note(f"routes the fake does not know: {dict(wire.unknown_routes)}")
        sessions = Counter(shard for _at, shard in wire.identifies)
        run.note(
            f"sessions started per shard (a restart's own shards start twice): {dict(sorted(sessions.items()))}"
        )
        thought = run.thought_steps()
        run.note(
            "thoughts at a step with no decision (a move dropped, or thought in a process that died): "
            f"{sorted(set(thought) - checked.decided)[:20]}; decisions not thought: "
            f"{sorted(checked.decided - set(thought))[:20]}; thought twice: "
            f"{sorted(k for k, n in thought.items() if n > 1)[:20]}"
        )
        counted = sum(1 for m in run.played if m.counted)
        run.note(f"moves acknowledged to players {counted}; wall time {time.time() - started:.0f}s")
        line = (
            f"soak: games={checked.games} moves={checked.moves} lost={checked.lost} "
            f"doubled={checked.doubled} decisions={len(checked.decided)} thoughts={run.thoughts()} "
            f"duplicate_posts={duplicate_posts(wire)} identify_refusals={wire.identify_refusals}"
        )
        out.write(line + "\n")
        out.write(json.dumps({"factor": factor, "unknown_routes": dict(wire.unknown_routes)}) + "\n")
    return line


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="200 games, about 6 minutes of play")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--play-seconds", type=float, default=420.0)
    parser.add_argument(
        "--setup-seconds", type=float, default=60.0, help="expected start-up and opening time"
    )
    parser.add_argument("--max-concurrency", type=int, default=1, help="the gateway's session_start_limit")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "soak.log")
    args = parser.parse_args()
    if args.quick:
        args.games, args.play_seconds = 200, 330.0
    print(asyncio.run(soak(args)))


if __name__ == "__main__":
    main()
