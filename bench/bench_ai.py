"""Computer players: strength and think time per move, for every game and seat count.

What it measures, its goals (figures, never assertions) and how to reproduce the tables:
docs/computer-players.md, "How it is measured" and "Reproducing the figures". In short: a cell
is a game, a seat count and a match ``first:second`` (``random``: a uniformly random legal
action); in game ``i`` of a cell seat ``i mod n`` plays ``first``; every decision is timed in
CPU seconds of its process, forced ones counted apart, with the levels' iteration budgets and no
wall-clock cap, so a game is the same on any machine. The goals against random play are
:data:`AGAINST_RANDOM`.

``--out`` appends every finished game to a JSON-lines file and skips those it holds for today's
budgets, so a run can stop, resume and be split over processes; the next game comes from the
cell that has used the least CPU. A stored game counts while its code digest
(:func:`code_version`) is today's; ``--replay N`` plays the first ``N`` games of each cell with
another digest again and, when every one is the same, writes that today's digest plays like the
old one (``results/same-play.json``), so a change that keeps every decision keeps the games.

    python bench/bench_ai.py [--games N] [--jobs J] [--only GAME ...] [--players N ...] [--fewest]
                             [--pairs normal:random hard:normal ...] [--out PATH]
                             [--minutes M]
    python bench/bench_ai.py --report PATH [PATH ...] [--markdown]
    python bench/bench_ai.py --replay N [--only GAME ...] [--pairs normal:random ...] --report PATH [PATH ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path

from _stats import Figures, figures

import ai
import games

RANDOM = "random"
#: Which code digests play like which older ones (``--replay``): {game: {new digest: old digest}}.
SAME_PLAY = Path(__file__).resolve().parent / "results" / "same-play.json"
PAIRS = (("normal", RANDOM), ("easy", RANDOM), ("hard", "normal"), ("normal", "easy"))
#: The goal of a level against random play: (its win rate in 2-player games, the multiple of its
#: fair share 1/n in games of n >= 3).
AGAINST_RANDOM = {"normal": (0.9, 2.0), "easy": (0.7, 1.5)}
MAX_STEPS = 5000

Cell = tuple[str, int, str, str]  # game, players, first level, second level


def code_version(name: str) -> str:
    """A digest of the code a game of ``name`` between computers runs: the search
    (``ai/search.py``, ``ai/easy.py``, ``ai/hooks.py``), the shared rules core, the game's own
    rules modules and its computer player (``ai/<game>.py``). ``ai/__init__.py`` and
    ``ai/registry.py`` are left out: they hold the levels' budgets and each game's ``easy``
    style, which every record keeps per level (see :func:`budgets`), so retuning one level keeps
    the games of the others."""
    root = Path(__file__).resolve().parent.parent
    module = type(games.get(name)).__module__.split(".")[1]  # games.<module>[.part]
    files = sorted(
        [
            *(root / "ai" / f"{shared}.py" for shared in ("search", "easy", "hooks")),
            root / "ai" / f"{module}.py",
            root / "games/core.py",
            *root.glob(f"games/{module}*.py"),
            *root.glob(f"games/{module}/*.py"),
        ]
    )
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


#: Each game's code version, read when this process starts: the code it plays with, even if
#: the files change while it runs.
CODE = {name: code_version(name) for name in games.GAMES}


def same_play() -> dict[str, dict[str, str]]:
    """The links written by ``--replay``: {game: {new digest: the older digest it plays like}}."""
    return json.loads(SAME_PLAY.read_text()) if SAME_PLAY.exists() else {}


def accepted_codes(name: str, links: dict[str, dict[str, str]] | None = None) -> set[str]:
    """Today's code digest of ``name`` and every older one it was shown to play like."""
    chain = (same_play() if links is None else links).get(name, {})
    codes, code = {CODE[name]}, CODE[name]
    while code in chain and chain[code] not in codes:
        code = chain[code]
        codes.add(code)
    return codes


def budgets(name: str) -> dict[str, str]:
    """The search budget of every level for ``name``, the ``easy`` level's style where the game
    sets its own (:class:`ai.EasyStyle` in ``ai/registry.py``; the records of a game that keeps
    the default do not name it) and the version of the code that plays them (a record is reused
    only if all are today's for the levels it played)."""
    style = ai.easy_style(name)
    easy = {"easy": repr(style)} if style != ai.EasyStyle() else {}
    return {"code": CODE[name]} | {level: repr(ai.budget(name, level)) for level in ("normal", "hard")} | easy


@dataclass
class Record:
    """One finished strength game, as stored in the JSON-lines file."""

    game: str
    players: int
    first: str
    second: str
    index: int
    won: bool  # the first level's seat won (alone or shared)
    other_won: bool  # a seat of the second level won
    finished: bool  # the game ended before MAX_STEPS
    cpu: float  # CPU seconds of the whole game
    budgets: dict[str, str]
    think: dict[str, list[float]] = field(default_factory=dict)  # level: CPU s per decision
    forced: dict[str, int] = field(default_factory=dict)  # level: decisions with one candidate
    #: A digest of the whole sequence of moves ("": a record from before it was kept).
    moves: str = ""

    @property
    def cell(self) -> Cell:
        return (self.game, self.players, self.first, self.second)

    def played(self) -> tuple[object, ...]:
        """The game apart from its timings: won, another won, finished, the decisions of each
        level, how many were forced."""
        decided = tuple(sorted((level, len(times)) for level, times in self.think.items()))
        return (self.won, self.other_won, self.finished, decided, tuple(sorted(self.forced.items())))

    def plays_like(self, other: Record) -> bool:
        """Whether ``other`` (the same game played again) made the same game: :meth:`played`
        alike, and the same moves where both records keep their digest."""
        same_moves = not self.moves or not other.moves or self.moves == other.moves
        return self.played() == other.played() and same_moves


def play(cell: Cell, index: int) -> Record:
    """Game ``index`` of ``cell``: ``first`` at seat ``index mod players``, ``second`` elsewhere."""
    name, players, first, second = cell
    game = games.get(name)
    hooks = ai.hooks(name)
    seed = 1_000 + index
    state = game.new_game(players, game.options(), seed)
    hero = index % players
    chooser = random.Random(seed)
    think: dict[str, list[float]] = defaultdict(list)
    forced: dict[str, int] = defaultdict(int)
    moves = hashlib.sha256()
    started = time.process_time()
    for step in range(MAX_STEPS):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = min(awaited)
        level = first if seat == hero else second
        t = time.process_time()
        if level == RANDOM:
            notation = str(chooser.choice(list(game.legal_actions(state, seat))))
        else:
            notation = ai.choose(name, game.view(state, seat), seat, level, seed=seed * 10_000 + step)
        elapsed = time.process_time() - t
        if level != RANDOM:
            if len(hooks.candidates(state, seat)) > 1:
                think[level].append(round(elapsed, 4))
            else:
                forced[level] += 1
        moves.update(f"{seat}:{notation}\n".encode())
        state, _ = games.play(game, state, seat, game.parse_action(notation))
    outcome = game.outcome(state)
    winners = outcome.winners if outcome else frozenset()
    return Record(
        game=name,
        players=players,
        first=first,
        second=second,
        index=index,
        won=hero in winners,
        other_won=bool(winners - {hero}),
        finished=outcome is not None,
        cpu=round(time.process_time() - started, 3),
        budgets=budgets(name),
        think=dict(think),
        forced=dict(forced),
        moves=moves.hexdigest()[:16],
    )


def load(paths: Iterable[str]) -> list[Record]:
    records = []
    for path in paths:
        if Path(path).exists():
            for line in Path(path).read_text().splitlines():
                if line.strip():
                    records.append(Record(**json.loads(line)))
    return records


def current(records: Iterable[Record]) -> list[Record]:
    """The records played with today's budgets of their levels (one per cell and index)."""
    seen: dict[tuple[Cell, int], Record] = {}
    links = same_play()
    codes = {name: accepted_codes(name, links) for name in games.GAMES}
    for r in records:
        today = budgets(r.game)
        if r.budgets.get("code") in codes[r.game] and all(
            r.budgets.get(level) == today[level] for level in (r.first, r.second) if level in today
        ):
            seen[(r.cell, r.index)] = r
    return list(seen.values())


def replay(
    records: list[Record], n: int, names: Iterable[str], jobs: int, pairs: list[tuple[str, ...]] | None = None
) -> None:
    """``--replay``: for each game of ``names`` whose stored games carry an older code digest,
    play the first ``n`` of every cell (of every match of ``pairs``, default all) again with
    today's code; when each is the same game (:meth:`Record.plays_like`), write down that
    today's digest plays like the old one. The older digests are tried in turn, the one with
    the most stored games first, until one plays alike (games of a digest that changed the play
    may outnumber those of the last one that played like today)."""
    links = same_play()
    for name in names:
        today, codes = budgets(name), accepted_codes(name, links)
        older = [
            r
            for r in records
            if r.game == name
            and (pairs is None or (r.first, r.second) in pairs)
            and r.budgets.get("code") not in codes
            and all(r.budgets.get(level) == today[level] for level in (r.first, r.second) if level in today)
        ]
        if not older:
            print(f"{name}: no stored game of another code digest with today's budgets")
            continue
        counts = Counter(r.budgets["code"] for r in older)
        for old_code, _ in counts.most_common():
            if _plays_like(name, old_code, older, n, jobs):
                links.setdefault(name, {})[CODE[name]] = old_code
                SAME_PLAY.write_text(json.dumps(links, indent=1, sort_keys=True) + "\n")
                break
        else:
            print(f"{name}: no older digest plays like today's; nothing written")


def _plays_like(name: str, old_code: str, older: list[Record], n: int, jobs: int) -> bool:
    """Whether today's code plays the first ``n`` stored games of every cell of ``old_code``
    the same (printing each difference)."""
    sample: dict[Cell, list[Record]] = defaultdict(list)
    for r in sorted(older, key=lambda r: r.index):
        if r.budgets["code"] == old_code and len(sample[r.cell]) < n:
            sample[r.cell].append(r)
    jobs_list = [(cell, r) for cell, rs in sorted(sample.items()) for r in rs]
    print(
        f"{name}: replaying {len(jobs_list)} games of code {old_code} with today's {CODE[name]}", flush=True
    )
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        again = list(pool.map(play, [cell for cell, _ in jobs_list], [r.index for _, r in jobs_list]))
    differ = [(r, new) for (_, r), new in zip(jobs_list, again, strict=True) if not r.plays_like(new)]
    for r, new in differ:
        print(f"  different: {r.cell} #{r.index}: stored {r.played()}, now {new.played()}")
    if differ:
        print(f"{name}: {len(differ)} of {len(jobs_list)} games of {old_code} differ")
        return False
    cpu = sum(x.cpu for x in again)
    print(
        f"{name}: all {len(jobs_list)} games the same ({cpu:.0f} s CPU): {CODE[name]} plays like {old_code}"
    )
    return True


class Schedule:
    """The games still to play, each from the cell that has used the least CPU time so far
    (a game in progress counts as the mean of its cell's finished games)."""

    def __init__(self, cells: list[Cell], done: list[Record], target: int) -> None:
        self.cells, self.target = cells, target
        self.spent = {c: 0.0 for c in cells}
        self.finished = {c: 0 for c in cells}
        self.taken: dict[Cell, set[int]] = {c: set() for c in cells}
        self.pending: dict[tuple[Cell, int], float] = {}
        for r in done:
            if r.cell in self.spent:
                self.charge(r)

    def _estimate(self, cell: Cell) -> float:
        return self.spent[cell] / self.finished[cell] if self.finished[cell] else 1.0

    def charge(self, r: Record) -> None:
        self.spent[r.cell] += r.cpu - self.pending.pop((r.cell, r.index), 0.0)
        self.finished[r.cell] += 1
        self.taken[r.cell].add(r.index)

    def next(self) -> tuple[Cell, int] | None:
        open_cells = [c for c in self.cells if len(self.taken[c]) < self.target]
        if not open_cells:
            return None
        cell = min(open_cells, key=lambda c: (self.spent[c], self.cells.index(c)))
        index = min(set(range(self.target)) - self.taken[cell])
        self.taken[cell].add(index)
        self.pending[(cell, index)] = self._estimate(cell)
        self.spent[cell] += self.pending[(cell, index)]
        return cell, index


def run(cells: list[Cell], target: int, jobs: int, out: str | None, minutes: float | None) -> list[Record]:
    done = current(load([out])) if out else []
    stop = None if minutes is None else time.monotonic() + minutes * 60
    todo = Schedule(cells, done, target)
    finished: list[Record] = []

    def keep(r: Record) -> None:
        finished.append(r)
        todo.charge(r)
        if out:
            with open(out, "a") as f:
                f.write(json.dumps(asdict(r)) + "\n")
        print(
            f"  played {r.game} {r.players}p {r.first}:{r.second} #{r.index}: {r.cpu:.1f} s CPU", flush=True
        )

    def more() -> tuple[Cell, int] | None:
        if stop is not None and time.monotonic() > stop:
            return None
        return todo.next()

    if jobs <= 1:
        while (job := more()) is not None:
            keep(play(*job))
        return done + finished
    with ProcessPoolExecutor(jobs) as pool:
        running: set[Future[Record]] = set()
        while True:
            while len(running) < jobs and (job := more()) is not None:
                running.add(pool.submit(play, *job))
            if not running:
                break
            ready, running = wait(running, return_when=FIRST_COMPLETED)
            for f in ready:
                keep(f.result())
    return done + finished


Level = tuple[str, str]  # game, level


def decisions(
    records: Iterable[Record],
) -> tuple[dict[Level, list[float]], dict[Level, int], dict[Level, set[int]]]:
    """Per game and level: the think times of its decisions, how many were forced, the seat counts."""
    think: dict[Level, list[float]] = defaultdict(list)
    forced: dict[Level, int] = defaultdict(int)
    seats: dict[Level, set[int]] = defaultdict(set)
    for r in records:
        for level, times in r.think.items():
            think[(r.game, level)] += times
            seats[(r.game, level)].add(r.players)
        for level, count in r.forced.items():
            forced[(r.game, level)] += count
    return think, forced, seats


def report(records: list[Record], cells: list[Cell] | None = None) -> None:
    by_cell: dict[Cell, list[Record]] = defaultdict(list)
    for r in records:
        by_cell[r.cell].append(r)
    order = cells or sorted(by_cell, key=lambda c: (c[0], c[1], PAIRS.index(c[2:]) if c[2:] in PAIRS else 9))
    print("\nStrength (seats rotated; a shared win counts as a win)")
    for cell in order:
        rs = by_cell.get(cell, [])
        if not rs:
            continue
        name, n, first, second = cell
        won = sum(r.won for r in rs)
        lost = sum(r.other_won and not r.won for r in rs)
        unfinished = sum(not r.finished for r in rs)
        rate = won / len(rs)
        if n == 2:
            figure = f"{first} wins {rate:6.1%}  (won {won}, lost {lost}"
        else:
            figure = f"{first} wins {rate:6.1%} = {rate * n:4.2f}x fair share 1/{n}  (won {won}, a {second} won {lost}"
        figure += f", games {len(rs)}" + (f", unfinished {unfinished}" if unfinished else "") + ")"
        print(f"  {name:12} {n}p  {first:6} vs {second:6}  {figure}")
    print("\nThink time per decision (CPU seconds, one core; forced: a single candidate, not timed)")
    think, forced, seats = decisions(records)
    for key in sorted(think, key=lambda k: (k[0], ("easy", "normal", "hard").index(k[1]))):
        name, level = key
        iterations = "" if level == "easy" else f"{ai.budget(name, level).iterations:5} iterations"
        print(
            f"  {name:12} {level:6} {iterations:16} {figures(think[key]).line('s')}  "
            f"forced {forced[key]}  players {sorted(seats[key])}"
        )


GAMES_GOAL = 100  # games per strength cell the issue asks for


def short_title(name: str) -> str:
    return games.get(name).title.split(":")[0]


def strength_goal(cell: Cell, rs: list[Record]) -> str:
    """Whether the cell shows its goal: ``met``/``not met`` over 100 games, else how it leans."""
    _, n, first, second = cell
    won = sum(r.won for r in rs)
    lost = sum(r.other_won and not r.won for r in rs)
    if second == RANDOM:
        rate, share = AGAINST_RANDOM[first]
        above = won / len(rs) >= (rate if n == 2 else share / n)
    elif n == 2:
        above = won > lost
    else:  # one seat of `first` against n - 1 of `second`: more than its fair share
        above = won / len(rs) > 1 / n
    if len(rs) >= GAMES_GOAL:
        return "met" if above else "not met"
    lean = "above" if above else "below"
    return f"not shown: {lean} the goal in {len(rs)} of {GAMES_GOAL} games"


def strength_result(cell: Cell, rs: list[Record]) -> str:
    _, n, first, second = cell
    won = sum(r.won for r in rs)
    lost = sum(r.other_won and not r.won for r in rs)
    if n == 2:
        neither = len(rs) - won - lost
        tail = f", {neither} without a winner" if neither else ""
        return f"{first} won {won}, lost {lost}{tail} ({won / len(rs):.0%})"
    share = won / len(rs) * n
    article = "an" if second[0] in "aeiou" else "a"
    return f"{first} won {won} ({won / len(rs):.0%} = {share:.2f}x its share), {article} {second} won {lost}"


def think_goal(level: str, f: Figures) -> str:
    if level == "normal":
        return "met" if f.median <= 1.0 and f.worst <= 3.0 else "not met"
    if level == "hard":
        return "met" if f.median <= 3.0 else "not met"
    return ""


#: How many times slower than one idle core a busy host may run the computer's thinking.
SLOWDOWNS = (1, 2, 4)


def cap_cuts(times: list[float], cap: float, slowdown: float) -> tuple[float, float]:
    """What the bot's wall-clock cap ``cap`` does to decisions that took ``times`` CPU seconds
    when the thinking runs ``slowdown`` times slower (a host that gives it half a core: 2):
    the share of decisions it stops early, and the share of its iterations the most-cut one
    keeps. An estimate: the iterations are taken to cost the same each."""
    walls = [t * slowdown for t in times]
    cut = [w for w in walls if w > cap]
    return len(cut) / len(walls), (cap / max(cut) if cut else 1.0)


def caps_table(think: dict[Level, list[float]]) -> None:
    """The table (docs/computer-players.md) of what the wall-clock caps (``ai.LEVELS``) cut on a slower host."""
    head = " | ".join(f"{k}x slower" for k in SLOWDOWNS)
    print(f"| game | level | cap | {head} |")
    print("|---|---|---|" + "---|" * len(SLOWDOWNS))
    for key in sorted(think, key=lambda k: (short_title(k[0]), ("easy", "normal", "hard").index(k[1]))):
        name, level = key
        cap = ai.budget(name, level).seconds
        if cap is None or not think[key]:
            continue
        cells = []
        for k in SLOWDOWNS:
            share, kept = cap_cuts(think[key], cap, k)
            cut = "none cut" if not share else f"{'<1%' if share < 0.005 else f'{share:.0%}'} cut"
            cells.append(cut + (f", the most-cut keeps {kept:.0%}" if share else ""))
        print(f"| {short_title(name)} | {level} | {cap:.0f} s | " + " | ".join(cells) + " |")


def markdown(records: list[Record]) -> None:
    """The tables of docs/computer-players.md: think time per game and level, what the wall-clock caps cut on a
    slower host, strength per cell."""
    think, forced, _ = decisions(records)
    print("| game | level | iterations | median | p95 | worst | decisions timed (forced apart) | goal |")
    print("|---|---|---|---|---|---|---|---|")
    for key in sorted(think, key=lambda k: (short_title(k[0]), ("easy", "normal", "hard").index(k[1]))):
        name, level = key
        f = figures(think[key])
        iterations = "—" if level == "easy" else str(ai.budget(name, level).iterations)
        print(
            f"| {short_title(name)} | {level} | {iterations} | {f.median:.2f} s | {f.p95:.2f} s | "
            f"{f.worst:.2f} s | {f.n} ({forced[key]}) | {think_goal(level, f)} |"
        )
    print()
    caps_table(think)
    by_cell: dict[Cell, list[Record]] = defaultdict(list)
    for r in records:
        by_cell[r.cell].append(r)
    order = sorted(
        by_cell, key=lambda c: (short_title(c[0]), PAIRS.index(c[2:]) if c[2:] in PAIRS else 9, c[1])
    )
    print("\n| game | players | match | result | games | goal |")
    print("|---|---|---|---|---|---|")
    for cell in order:
        rs = by_cell[cell]
        name, n, first, second = cell
        print(
            f"| {short_title(name)} | {n} | {first} vs {second} | {strength_result(cell, rs)} | "
            f"{len(rs)} | {strength_goal(cell, rs)} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100, help="games per strength cell (goal: 100)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--only", nargs="*", default=None, help="games to measure")
    parser.add_argument("--players", nargs="*", type=int, default=None, help="seat counts to measure")
    parser.add_argument("--fewest", action="store_true", help="only each game's smallest seat count")
    parser.add_argument("--pairs", nargs="*", default=None, help="matches like normal:random hard:normal")
    parser.add_argument("--out", default=None, help="append every game to this JSON-lines file (resumable)")
    parser.add_argument("--minutes", type=float, default=None, help="start no game after this long")
    parser.add_argument("--report", nargs="*", default=None, help="only report these JSON-lines files")
    parser.add_argument(
        "--markdown", action="store_true", help="with --report: the tables of docs/computer-players.md"
    )
    parser.add_argument(
        "--replay", type=int, default=None, help="with --report: replay N stored games a cell of older code"
    )
    args = parser.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs] if args.pairs else None
    if args.replay is not None:
        names = args.only or sorted(n for n in games.GAMES if ai.has_computer(n))
        replay(load(args.report or []), args.replay, names, args.jobs, pairs)
        return
    if args.report is not None:
        (markdown if args.markdown else report)(current(load(args.report)))
        return
    names = args.only or sorted(n for n in games.GAMES if ai.has_computer(n))
    cells: list[Cell] = [
        (name, n, first, second)
        for first, second in pairs or PAIRS
        for name in names
        for n in games.get(name).players
        if (args.players is None or n in args.players)
        and (not args.fewest or n == min(games.get(name).players))
        and (args.pairs or second == RANDOM or n == min(games.get(name).players))
    ]
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, jobs {args.jobs}")
    started = time.perf_counter()
    records = run(cells, args.games, args.jobs, args.out, args.minutes)
    report([r for r in records if r.cell in cells], cells)
    print(
        f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
