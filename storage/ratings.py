"""Results, skill ratings and seasons: persistence (migration 7).

Domain-shaped methods over either store, like :mod:`storage.guilds`. What a result means (the
places, who is rated, the rating model) is decided in ``bot/core/ratings.py``; this module only
keeps the rows:

* ``results`` / ``result_players``: one row per finished game and per person in it (place, won,
  resigned). They are the summary that ``/stats`` reads (never the games' snapshots).
* ``ratings``: one row per (scope, season, game, person); scope is the server id, or
  :data:`EVERYWHERE` (season 0) for the rating across servers.
* ``seasons``: the seasons a server started (no row: season 1).
* ``reliability``: per person, games finished and resigned, counted here with each result (read
  and counted otherwise by :mod:`storage.reliability`).

A game's result and its rating changes are written by :func:`write_result` inside the
transaction of the move that ends the game (:meth:`storage.store.Store.commit`), so a game is
rated exactly once, or not at all when the move did not happen. The store's
:attr:`~storage.store.Store.ratings` is the :class:`RatingStore` of the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from storage.sql import Database, Tx, insert_rows, marks
from util.records import frozen

#: The scope (and season 0) of the ratings across servers.
EVERYWHERE = 0


@frozen
class Skill:
    mu: float
    sigma: float
    games: int = 0  # rated games
    won: int = 0  # of which won


@frozen
class PlayerResult:
    user_id: int
    place: int  # 1 is best; equal places are a tie
    won: bool
    resigned: bool


#: Given the players' places and their current skills (absent: never rated), the new skills.
Rater = Callable[[Sequence[PlayerResult], Mapping[int, Skill]], dict[int, Skill]]


@frozen
class GameResult:
    """How a game ended, for the summary rows and (``rater`` set) the ratings."""

    game_id: int
    guild_id: int | None
    game: str
    computers: bool
    players: tuple[PlayerResult, ...]
    rater: Rater | None  # None: the game does not move ratings


@frozen
class RatingRow:
    scope: int
    season: int
    game: str
    user_id: int
    skill: Skill


@frozen
class StoredResult:
    game_id: int
    guild_id: int | None
    season: int
    game: str
    finished_at: float
    rated: bool
    players: tuple[PlayerResult, ...]


@frozen
class Tally:
    game: str
    computers: bool
    played: int
    won: int


async def _season(tx: Tx, guild_id: int) -> int:
    row = await tx.one("SELECT MAX(season) FROM seasons WHERE guild_id = ?", (guild_id,))
    return int(row[0]) if row and row[0] is not None else 1


async def write_result(tx: Tx, result: GameResult, *, now: float, lock: str = "") -> None:
    """Record ``result`` (and, when rated, the rating changes) in the open transaction ``tx``.

    ``lock`` (the backend's row-lock clause) holds the players' rating rows until the
    transaction ends, so two games ending at once for one person are rated one after the other.
    A newcomer has no rating row to lock yet: what serialises their first games is the reliability
    upsert, which comes first and locks each player's row in user order; the rating rows are read
    after it, so a second transaction sees the first one's ratings (keep that order).
    """
    season = await _season(tx, result.guild_id) if result.guild_id is not None else 0
    rated = result.rater is not None
    await tx.run(
        "INSERT INTO results (game_id, guild_id, season, game, finished_at, computers, rated) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (result.game_id, result.guild_id, season, result.game, now, int(result.computers), int(rated)),
    )
    await insert_rows(
        tx,
        "INSERT INTO result_players (game_id, user_id, guild_id, game, computers, place, won, resigned)",
        [
            (
                result.game_id,
                p.user_id,
                result.guild_id,
                result.game,
                int(result.computers),
                p.place,
                int(p.won),
                int(p.resigned),
            )
            for p in result.players
        ],
    )
    await insert_rows(
        tx,
        "INSERT INTO reliability (user_id, finished, resigned)",
        [
            (p.user_id, int(not p.resigned), int(p.resigned))
            for p in sorted(result.players, key=lambda p: p.user_id)
        ],
        "ON CONFLICT (user_id) DO UPDATE SET finished = reliability.finished + excluded.finished, "
        "resigned = reliability.resigned + excluded.resigned",
    )
    if result.rater is None:
        return
    scopes = [(EVERYWHERE, 0)]
    if result.guild_id is not None:
        scopes.append((result.guild_id, season))
    for scope, in_season in scopes:
        current = await _skills(tx, scope, in_season, result.game, [p.user_id for p in result.players], lock)
        await _save(tx, scope, in_season, result.game, result.rater(result.players, current))


async def _skills(
    tx: Tx, scope: int, season: int, game: str, users: Sequence[int], lock: str = ""
) -> dict[int, Skill]:
    rows = await tx.all(
        f"SELECT user_id, mu, sigma, games, won FROM ratings WHERE scope = ? AND season = ? AND game = ? "
        f"AND user_id IN ({marks(len(users))}){lock}",
        (scope, season, game, *users),
    )
    return {int(u): _skill(rest) for u, *rest in rows}


def _skill(row: Sequence[Any]) -> Skill:
    """``mu, sigma, games, won`` as read."""
    mu, sigma, games, won = row
    return Skill(float(mu), float(sigma), int(games), int(won))


async def _save(tx: Tx, scope: int, season: int, game: str, skills: Mapping[int, Skill]) -> None:
    await insert_rows(
        tx,
        "INSERT INTO ratings (scope, season, game, user_id, mu, sigma, ordinal, games, won)",
        [
            (scope, season, game, u, k.mu, k.sigma, ordinal(k), k.games, k.won)
            for u, k in sorted(skills.items())
        ],
        "ON CONFLICT (scope, season, game, user_id) DO UPDATE SET mu = excluded.mu, "
        "sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, won = excluded.won",
    )


def ordinal(skill: Skill) -> float:
    """The conservative rating shown and ranked by: mu - 3 sigma."""
    return skill.mu - 3 * skill.sigma


class RatingStore:
    """Results, ratings and seasons on an open :class:`Store` (its :attr:`~Store.ratings`)."""

    def __init__(self, store: Database) -> None:
        self.store = store

    # ------------------------------------------------------------------ results

    async def unfilled_games(self) -> list[int]:
        """Finished games without a result row (finished before migration 7), oldest first."""
        rows = await self.store._all(
            "SELECT g.id FROM games g WHERE g.status = 'finished' AND NOT EXISTS "
            "(SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id"
        )
        return [int(r[0]) for r in rows]

    async def add_result(self, result: GameResult, *, finished_at: float) -> None:
        """The result (and rating changes) of a game that finished before results were kept;
        call in the order the games ended."""
        async with self.store._transaction() as tx:
            await write_result(tx, result, now=finished_at, lock=self.store._lock_clause)

    async def results(self) -> list[StoredResult]:
        """Every stored result, in the order the games ended."""
        players: dict[int, list[PlayerResult]] = {}
        for gid, user, place, won, resigned in await self.store._all(
            "SELECT game_id, user_id, place, won, resigned FROM result_players ORDER BY game_id, place, user_id"
        ):
            players.setdefault(int(gid), []).append(
                PlayerResult(int(user), int(place), bool(won), bool(resigned))
            )
        rows = await self.store._all(
            "SELECT game_id, guild_id, season, game, finished_at, rated FROM results ORDER BY finished_at, game_id"
        )
        return [
            StoredResult(
                int(g), guild, int(season), str(game), float(at), bool(rated), tuple(players.get(int(g), ()))
            )
            for g, guild, season, game, at, rated in rows
        ]

    async def guild_tallies(
        self, guild_id: int, *, computers: bool, game: str | None = None
    ) -> list[tuple[int, Tally]]:
        """(user, tally) of the people in the server's finished games with (``computers``) or
        without computer seats."""
        one = "" if game is None else " AND game = ?"
        rows = await self.store._all(
            "SELECT user_id, game, COUNT(*), SUM(won) FROM result_players WHERE guild_id = ? AND computers = ?"
            f"{one} GROUP BY user_id, game",
            (guild_id, int(computers), *(() if game is None else (game,))),
        )
        return [(int(u), Tally(str(g), computers, int(n), int(w or 0))) for u, g, n, w in rows]

    async def tallies(self, user_id: int) -> list[Tally]:
        """The user's finished games and wins per game, games with computers apart."""
        rows = await self.store._all(
            "SELECT game, computers, COUNT(*), SUM(won) FROM result_players WHERE user_id = ? "
            "GROUP BY game, computers ORDER BY game, computers",
            (user_id,),
        )
        return [Tally(str(g), bool(c), int(n), int(w or 0)) for g, c, n, w in rows]

    # ------------------------------------------------------------------ ratings

    async def all_ratings(self) -> list[RatingRow]:
        rows = await self.store._all(
            "SELECT scope, season, game, user_id, mu, sigma, games, won FROM ratings ORDER BY scope, season, game, user_id"
        )
        return [RatingRow(int(a), int(b), str(c), int(d), _skill(rest)) for a, b, c, d, *rest in rows]

    async def replace_ratings(self, rows: Iterable[RatingRow]) -> None:
        """Every rating replaced by ``rows`` in one transaction (a rebuild)."""
        async with self.store._transaction() as tx:
            await tx.run("DELETE FROM ratings")
            by_board: dict[tuple[int, int, str], dict[int, Skill]] = {}
            for r in rows:
                by_board.setdefault((r.scope, r.season, r.game), {})[r.user_id] = r.skill
            for (scope, season, game), skills in sorted(by_board.items()):
                await _save(tx, scope, season, game, skills)

    async def rating(self, scope: int, season: int, game: str, user_id: int) -> Skill | None:
        row = await self.store._one(
            "SELECT mu, sigma, games, won FROM ratings WHERE scope = ? AND season = ? AND game = ? AND user_id = ?",
            (scope, season, game, user_id),
        )
        return None if row is None else _skill(row)

    async def ratings_of(self, user_id: int, scope: int, season: int) -> dict[str, Skill]:
        rows = await self.store._all(
            "SELECT game, mu, sigma, games, won FROM ratings WHERE scope = ? AND season = ? AND user_id = ?",
            (scope, season, user_id),
        )
        return {str(g): _skill(rest) for g, *rest in rows}

    async def board(
        self, scope: int, season: int, game: str, *, offset: int = 0, limit: int = 10
    ) -> list[tuple[int, Skill]]:
        """A page of the leaderboard of ``game``: best conservative rating first."""
        rows = await self.store._all(
            "SELECT user_id, mu, sigma, games, won FROM ratings WHERE scope = ? AND season = ? AND game = ? "
            "ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (scope, season, game, limit, offset),
        )
        return [(int(u), _skill(rest)) for u, *rest in rows]

    async def board_size(self, scope: int, season: int, game: str) -> int:
        row = await self.store._one(
            "SELECT COUNT(*) FROM ratings WHERE scope = ? AND season = ? AND game = ?", (scope, season, game)
        )
        return int(row[0]) if row else 0

    async def rated_games(self, scope: int, season: int) -> list[str]:
        """The games with a leaderboard in this scope and season."""
        rows = await self.store._all(
            "SELECT DISTINCT game FROM ratings WHERE scope = ? AND season = ? ORDER BY game", (scope, season)
        )
        return [str(r[0]) for r in rows]

    # ------------------------------------------------------------------ seasons

    async def season(self, guild_id: int) -> int:
        row = await self.store._one("SELECT MAX(season) FROM seasons WHERE guild_id = ?", (guild_id,))
        return int(row[0]) if row and row[0] is not None else 1

    async def new_season(self, guild_id: int, *, now: float) -> int:
        """Start the server's next season; returns its number."""
        async with self.store._transaction() as tx:
            season = await _season(tx, guild_id) + 1
            await tx.run(
                "INSERT INTO seasons (guild_id, season, started_at) VALUES (?, ?, ?)", (guild_id, season, now)
            )
            return season
