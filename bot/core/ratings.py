"""Skill ratings and game results: how a finished game is ranked and rated.

Plain Python with no discord import. Decisions:

* **The model** is openskill's Plackett-Luce (Weng-Lin): made for games of any number of seats
  and for ties, with openskill's defaults (mu 25, sigma 25/3). A rating is shown and ranked as
  the conservative ``mu - 3 sigma`` (:func:`storage.ratings.ordinal`), on a 0..50-ish scale.
* **Places** (:func:`places`): the winners share first place (a shared win is a tie); the other
  seats follow by score where the game keeps one (higher is better, equal scores tie), else they
  tie below the winners. With no winner the scores rank everyone; without scores too, all tie.
  A person holding several seats takes the best place of theirs.
* **Who is rated**: a game with any computer seat, or with fewer than two people, does not move
  ratings (its result is still kept, apart, for ``/stats``); an abandoned game records nothing.
* **Provisional**: a rating from fewer than :data:`PROVISIONAL_GAMES` rated games is shown with
  "?".
* **Where**: every rated game moves the rating of its server's current season (``/floe season``
  starts a new one; the old one stays readable) and the rating across servers (scope 0, no
  seasons). The move that ends a game writes its result and the rating changes in the same
  transaction (:meth:`Sessions._commit` passes :func:`result_for` to the store), so a game is
  rated once. :func:`bot.core.rated_games.rebuild` replays every stored result in the order the games ended and
  recomputes the ratings from scratch (:mod:`bot.core.rated_games` keeps them over the store); it reproduces the incremental ones exactly (same
  arithmetic in the same order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from storage.ratings import (
    EVERYWHERE,
    GameResult,
    PlayerResult,
    Skill,
    StoredResult,
    ordinal,
)

if TYPE_CHECKING:
    from bot.core.sessions.model import Table
    from games import Outcome

PROVISIONAL_GAMES = 5
MODEL = PlackettLuce()


def places(outcome: Outcome, seats: int) -> list[int]:
    """The place (1 best, equal = tie) of each of ``seats`` seats."""
    scores = outcome.scores
    winners = outcome.winners
    if scores is not None:
        below = sorted({scores[s] for s in range(seats) if s not in winners}, reverse=True)
        start = 2 if winners else 1
        return [1 if s in winners else start + below.index(scores[s]) for s in range(seats)]
    return [1 if (s in winners or not winners) else 2 for s in range(seats)]


def rate(players: Sequence[PlayerResult], current: Mapping[int, Skill]) -> dict[int, Skill]:
    """The new skills of ``players`` after one game (openskill Plackett-Luce)."""
    before = [current.get(p.user_id) for p in players]
    teams = [[MODEL.rating() if k is None else MODEL.rating(mu=k.mu, sigma=k.sigma)] for k in before]
    after = MODEL.rate(teams, ranks=[float(p.place) for p in players])
    return {
        p.user_id: Skill(
            team[0].mu,
            team[0].sigma,
            (0 if k is None else k.games) + 1,
            (0 if k is None else k.won) + int(p.won),
        )
        for p, team, k in zip(players, after, before, strict=True)
    }


def shown(skill: Skill | None) -> str:
    """A rating as players see it: ``27.4``, or ``12.0?`` while provisional, ``—`` when none."""
    if skill is None:
        return "—"
    mark = "?" if skill.games < PROVISIONAL_GAMES else ""
    return f"{ordinal(skill):.1f}{mark}"


def result_for(table: Table, state: object, resigned: set[int]) -> GameResult | None:
    """The result of ``table`` ending in ``state`` (None when ``state`` is not an end)."""
    outcome = table.game.outcome(state)
    if outcome is None:
        return None
    seat_places = places(outcome, len(table.seats))
    best: dict[int, PlayerResult] = {}
    for seat in range(len(table.seats)):
        if table.is_computer(seat):
            continue
        user = table.user_of(seat)
        mine = PlayerResult(user, seat_places[seat], seat in outcome.winners, seat in resigned)
        old = best.get(user)
        if old is None or mine.place < old.place:
            best[user] = PlayerResult(
                user,
                mine.place,
                mine.won or (old is not None and old.won),
                mine.resigned and (old is None or old.resigned),
            )
    # one canonical order (best place, then user id), the order results are read back in, so a
    # rebuild does the same float arithmetic as the ending move did
    players = tuple(sorted(best.values(), key=lambda p: (p.place, p.user_id)))
    computers = table.has_computers()
    rated = not computers and len(players) >= 2
    return GameResult(
        game_id=table.record.id,
        guild_id=table.record.guild_id,
        game=table.record.game,
        computers=computers,
        players=players,
        rater=rate if rated else None,
    )


def replay(results: Sequence[StoredResult]) -> dict[tuple[int, int, str, int], Skill]:
    """Every rating, computed from scratch from ``results`` in the order given."""
    skills: dict[tuple[int, int, str, int], Skill] = {}
    for result in results:
        if not result.rated:
            continue
        scopes = [(EVERYWHERE, 0)]
        if result.guild_id is not None:
            scopes.append((result.guild_id, result.season))
        for scope, season in scopes:
            current = {
                p.user_id: skills[key]
                for p in result.players
                if (key := (scope, season, result.game, p.user_id)) in skills
            }
            for user, skill in rate(result.players, current).items():
                skills[(scope, season, result.game, user)] = skill
    return skills
