"""The rated games of a store: results filled in for games that ended before results were kept,
every rating rebuilt from the stored results, and the servers' seasons (the model and the
ranking rules: :mod:`bot.core.ratings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.notations import RESIGN
from bot.core.ratings import replay, result_for
from storage import Store
from storage.ratings import EVERYWHERE, GameResult, RatingRow
from util.records import frozen

if TYPE_CHECKING:
    from bot.core.sessions import Sessions


class RatedGames:
    """The results and ratings of a store's finished games, and its servers' seasons."""

    def __init__(self, store: Store, sessions: Sessions) -> None:
        self._store = store
        self.sessions = sessions

    async def result_of_finished(self, game_id: int) -> GameResult | None:
        """The result of a stored finished game, from its snapshot and log."""
        table = await self.sessions.table(game_id)
        resigned = await self._store.resigned_seats(game_id, RESIGN)
        return result_for(table, table.state, resigned)

    async def fill_missing(self) -> int:
        """Results (and ratings) for finished games that have none yet (games that ended before
        results were kept: SQL cannot compute outcomes, the rules can), oldest first; returns how
        many. An upgrade step (:mod:`bot.core.upgrades`) and ``floe ratings rebuild`` run it."""
        ratings = self._store.ratings
        done = 0
        for game_id in await ratings.unfilled_games():
            result = await self.result_of_finished(game_id)
            record = await self._store.game(game_id)
            if result is None or record is None:
                continue
            await ratings.add_result(result, finished_at=record.updated_at)
            done += 1
        return done

    async def rebuild(self, *, write: bool = True) -> Rebuilt:
        """Recompute every rating from the stored results; report where the stored ones differ.

        Fills missing results first. With ``write``, the stored ratings are replaced by the
        recomputed ones (nothing changes when they agree)."""
        await self.fill_missing()
        store = self._store.ratings
        results = await store.results()
        fresh = replay(results)
        stored = {(r.scope, r.season, r.game, r.user_id): r.skill for r in await store.all_ratings()}
        differences = []
        for key in sorted(set(fresh) | set(stored)):
            if fresh.get(key) != stored.get(key):
                scope, season, game, user = key
                where = "all servers" if scope == EVERYWHERE else f"server {scope} season {season}"
                differences.append(
                    f"{game}, {where}, user {user}: stored {stored.get(key)}, recomputed {fresh.get(key)}"
                )
        if write and differences:
            await store.replace_ratings(RatingRow(*key, skill) for key, skill in fresh.items())
        return Rebuilt(len(results), len(fresh), differences)

    async def season(self, guild_id: int) -> int:
        """The server's current rating season (1 until ``/floe season`` starts another)."""
        return await self._store.ratings.season(guild_id)

    async def new_season(self, guild_id: int) -> int:
        """Start the server's next rating season (everyone's rating starts again); its number."""
        return await self._store.ratings.new_season(guild_id, now=self.sessions.clock())


@frozen
class Rebuilt:
    games: int
    ratings: int
    differences: list[str]
