"""Who sits at which table in a league round (RULINGS.md, "Leagues").

**Swiss.** Players are ranked by points, then rating, then sign-up order. When the players do
not fill whole tables, the league chose either byes (the lowest-ranked players among those with
the fewest byes sit out and score a bye) or computer seats (the last table is completed with
computer players). Tables are then filled from the top of the ranking: each takes the best
player left and the companions, among the next few, that repeat the fewest earlier meetings and
stay closest in rank; a bounded search over the round's seatings looks for one with fewer
repeats ("as far as possible": a repeat remains when no seating within the bound avoids it).

**Round robin** (two-seat games): everyone meets everyone once, by the circle method; with an
odd number of players each round one player has a bye (or meets a computer, as the league chose).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Literal

from util.records import frozen

#: What happens to players who do not fill a whole table.
Leftover = Literal["bye", "computer"]

#: How many of the next players a Swiss table considers as companions, per seat to fill.
WINDOW_PER_SEAT = 2


@frozen
class Entrant:
    """A player as the pairing sees them."""

    player: int
    halves: int
    rating: float
    joined: int
    #: Every player met at a table so far (once per meeting).
    met: tuple[int, ...] = ()
    byes: int = 0


@frozen
class Round:
    """A round's seating: each table's players (in seat order), the computer seats each table
    adds, and who has a bye."""

    tables: tuple[tuple[int, ...], ...]
    computers: tuple[int, ...]
    byes: tuple[int, ...]


def ranked(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The Swiss order: points, then rating, then sign-up."""
    return sorted(entrants, key=lambda e: (-e.halves, -e.rating, e.joined))


def swiss(entrants: Sequence[Entrant], seats: int, leftover: Leftover) -> Round:
    """A Swiss round of ``seats``-seat tables (module docstring)."""
    order = ranked(entrants)
    spare = len(order) % seats
    byes: list[Entrant] = []
    if leftover == "bye" and spare:
        byes = sorted(order, key=lambda e: (e.byes, -order.index(e)))[:spare]
        order = [e for e in order if e not in byes]
    met = {e.player: e.met for e in order}
    tables = _seated([e.player for e in order], seats, met)
    computers = tuple(seats - len(t) for t in tables)
    return Round(tuple(tables), computers, tuple(e.player for e in byes))


#: How many candidate tables a Swiss round weighs, at most, looking for fewer repeats.
SEARCH_BUDGET = 20_000


def _seated(players: list[int], seats: int, met: Mapping[int, tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Tables of ``seats`` from ``players`` (in ranking order, the last one short if need be):
    each takes the best player left and companions among the next few, the seating with the
    fewest repeated meetings found within :data:`SEARCH_BUDGET` steps, closest in rank first."""
    best: list[tuple[int, ...]] = []
    best_cost = (float("inf"), float("inf"))
    budget = SEARCH_BUDGET

    def search(left: list[int], tables: list[tuple[int, ...]], repeats: int, spread: int) -> None:
        nonlocal best, best_cost, budget
        if (repeats, spread) >= best_cost or budget <= 0:
            return
        if not left:
            best, best_cost = list(tables), (repeats, spread)
            return
        size = min(seats, len(left))
        first, rest = left[0], left[1 : 1 + WINDOW_PER_SEAT * seats]
        options = sorted(
            combinations(range(len(rest)), size - 1),
            key=lambda picked: (_repeats([first, *(rest[i] for i in picked)], met), sum(picked)),
        )
        budget -= len(options)
        for picked in options:
            table = (first, *(rest[i] for i in picked))
            search(
                [p for p in left if p not in table],
                [*tables, table],
                repeats + _repeats(table, met),
                spread + sum(picked),
            )

    search(players, [], 0, 0)
    return best


def _repeats(table: Sequence[int], met: Mapping[int, tuple[int, ...]]) -> int:
    """How many earlier meetings the pairs of ``table`` would repeat."""
    return sum(met.get(a, ()).count(b) for a, b in combinations(table, 2))


def round_robin(players: Sequence[int], number: int, leftover: Leftover) -> Round:
    """Round ``number`` (0-based) of a two-seat round robin of ``players`` in sign-up order: the
    circle method, the first player fixed and the others turning. With an odd number of players
    the one paired with nobody has a bye, or meets a computer."""
    circle: list[int | None] = [*players, None] if len(players) % 2 else list(players)
    turns = len(circle) - 1
    if not 0 <= number < turns:
        raise ValueError(f"a round robin of {len(players)} players has {turns} rounds")
    step = number % turns
    turned = [circle[0], *(circle[1:][-step:] + circle[1:][:-step] if step else circle[1:])]
    half = len(turned) // 2
    pairs = list(zip(turned[:half], reversed(turned[half:]), strict=True))
    tables: list[tuple[int, ...]] = []
    alone: list[int] = []
    for a, b in pairs:
        if a is None or b is None:
            alone += [p for p in (a, b) if p is not None]
        else:
            tables.append((a, b) if number % 2 == 0 else (b, a))
    if leftover == "computer":
        return Round((*tables, *((p,) for p in alone)), (0,) * len(tables) + (1,) * len(alone), ())
    return Round(tuple(tables), (0,) * len(tables), tuple(alone))


def rounds_of_round_robin(players: int) -> int:
    """How many rounds a two-seat round robin of ``players`` takes."""
    return players - 1 if players % 2 == 0 else players
