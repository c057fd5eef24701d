"""Looking across games: the caller's open games (``/games``), ``/stats`` and ``/leaderboard``.

``/games`` reads open games and their seats and the time of the newest action every player may
know of (how long a game has waited; :mod:`bot.core.visibility`). ``/stats`` and ``/leaderboard`` read the summaries kept as games end
(``storage/ratings.py`` and ``storage/reliability.py``: results, ratings, reliability), never the finished games' snapshots,
so they stay quick with many games stored. Plain async Python, no discord import.

Games with a computer seat (:meth:`bot.core.sessions.Table.is_computer`) are kept apart: the
plain tallies and the leaderboard count games between people only; games against computer
players have their own lines ("against computer players"), and computer seats never rank.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import TYPE_CHECKING

import games
from bot.core import visibility
from bot.core.admission import reliability_line
from bot.core.ratings import shown
from bot.core.texts import MESSAGE_LIMIT, fit_lines, shorten
from games.words import ENGLISH, Language, Said, say, tell
from storage import Store
from storage.ratings import EVERYWHERE, Skill
from storage.reliability import Reliability
from util.records import frozen

if TYPE_CHECKING:
    from bot.core.sessions import Sessions, Table

MAX_LISTED = 20  # games in one /games answer, as many as fit in Discord's 2,000 characters
PLAYERS_SHOWN = 120  # characters of a /games line's player list
LEADERBOARD_SIZE = 10


def jump_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


@frozen
class GameLine:
    game_id: int
    title: str
    status: str  # lobby | active
    players: tuple[str, ...]
    waiting_on: tuple[str, ...]  # names of the awaited players (empty in a lobby)
    waiting_on_you: bool
    since: float  # the newest action's time (or the start, or the lobby's opening)
    link: str


#: Log rows read back from the newest when looking for the newest action every player may know of.
TOLD_TAIL = 16


class Dashboard:
    """The caller's open games, /stats and /leaderboard, over the store's summaries."""

    def __init__(self, store: Store, sessions: Sessions) -> None:
        self._store = store
        self.sessions = sessions

    async def last_told(self, table: Table) -> float:
        """When the newest action every player may know of was made (:mod:`bot.core.visibility`):
        a choice nobody else sees (a revised plan, a standing choice) leaves no time here; no such
        action yet, when the game (or the lobby) last changed before its first action."""
        record = table.record
        if not record.step:
            return record.updated_at
        # the log never loses an entry: its newest rows are from step - TOLD_TAIL on
        newest = await self._store.actions_from(record.id, max(0, record.step - TOLD_TAIL))
        told = visibility.public_log(table.game, newest) or await self.sessions.public_log(table)
        return told[-1].created_at if told else record.created_at

    async def my_games(self, user_id: int) -> list[GameLine]:
        """The user's open games: those waiting on them first, then the others; longest wait first."""
        out = []
        for record in await self._store.games_of_user(user_id):
            table = await self.sessions.tables.table_of_record(record)
            since = await self.last_told(table)
            awaited: list[int] = []
            if table.state is not None and record.status == "active":
                for seat in sorted(table.game.to_act(table.state)):
                    if table.user_of(seat) not in awaited:
                        awaited.append(table.user_of(seat))
            out.append(
                GameLine(
                    game_id=record.id,
                    title=table.game.title,
                    status=record.status,
                    players=tuple(self.sessions.names(table)),
                    waiting_on=tuple(self.sessions.name(u) for u in awaited),
                    waiting_on_you=user_id in awaited,
                    since=since,
                    link=jump_link(record.guild_id, record.channel_id),
                )
            )
        out.sort(key=lambda g: (not g.waiting_on_you, g.status != "active", g.since, g.game_id))
        return out

    async def games_text(self, user_id: int, language: Language = ENGLISH) -> str:
        """The user's open games (``/games``), told in ``language``."""
        return format_games(await self.my_games(user_id), language)

    async def stats(self, user_id: int, *, computers: bool = False) -> dict[str, Tally]:
        """Finished games played and won by the user, per game title (every server and DM): games
        between people, or (``computers``) games with at least one computer seat. Read from the
        results summary (``storage.ratings``), never from the games' snapshots."""
        out: dict[str, Tally] = {}
        for tally in await self._store.ratings.tallies(user_id):
            if tally.computers == computers:
                out[_title(tally.game)] = Tally(tally.played, tally.won)
        return out

    async def stats_text(self, user_id: int, language: Language = ENGLISH) -> str:
        """``/stats`` of ``user_id``, told in ``language`` (its reader's)."""
        name = self.sessions.name(user_id)
        tallies = await self.stats(user_id)
        against = await self.stats(user_id, computers=True)
        ratings = self._store.ratings
        [record] = (await self._store.reliability.of([user_id])).values()
        times = await self._store.reliability.move_times(user_id)
        median = statistics.median(times) if times else None
        reliability = say("Reliability: {line}.", line=reliability_line(record, median, language))
        if not tallies and not against:
            lines = [say("{name} has not finished a game yet.", name=name), reliability]
            return "\n".join(tell(line, (), language) for line in lines)
        skills = {_title(g): k for g, k in (await ratings.ratings_of(user_id, EVERYWHERE, 0)).items()}
        said: list[Said] = []
        if tallies:
            played = sum(t.played for t in tallies.values())
            won = sum(t.won for t in tallies.values())
            said.append(
                say(
                    "**{name}**: {won} won of {played} finished games between people.",
                    name=name,
                    won=won,
                    played=played,
                )
            )
            said += [
                say(
                    "• {title}: {won} won of {played}, rating {rating}",
                    title=title,
                    won=t.won,
                    played=t.played,
                    rating=shown(skills.get(title)),
                )
                for title, t in sorted(tallies.items())
            ]
        else:
            said.append(say("**{name}** has not finished a game between people yet.", name=name))
        if against:
            played = sum(t.played for t in against.values())
            won = sum(t.won for t in against.values())
            said.append(say("Against computer players: {won} won of {played}.", won=won, played=played))
            said += [
                say("• {title}: {won} won of {played}", title=title, won=t.won, played=t.played)
                for title, t in sorted(against.items())
            ]
        said.append(reliability)
        said.append(say("Ratings are across servers; ? marks a rating from fewer than 5 games."))
        return "\n".join(tell(line, (), language) for line in said)

    async def season_of(self, guild_id: int, season: int | None) -> int:
        return await self._store.ratings.season(guild_id) if season is None else season

    async def leaderboard(
        self,
        guild_id: int,
        game_name: str | None = None,
        *,
        computers: bool = False,
        season: int | None = None,
        page: int = 0,
    ) -> dict[str, list[tuple[int, Standing]]]:
        """Per game title, one page of (user, standing): games between people ranked by rating
        (the server's season, the current one unless ``season``), with games and reliability;
        (``computers``) the people's results in games with a computer seat, by wins. Read from the
        ratings and results summaries."""
        ratings = self._store.ratings
        out: dict[str, list[tuple[int, Standing]]] = {}
        if computers:
            per_game: dict[str, list[tuple[int, Standing]]] = {}
            for user, tally in await ratings.guild_tallies(guild_id, computers=True, game=game_name):
                per_game.setdefault(_title(tally.game), []).append((user, Standing(tally.played, tally.won)))
            for title, rows in sorted(per_game.items()):
                rows.sort(key=lambda item: (-item[1].won, item[1].played, item[0]))
                out[title] = rows[page * LEADERBOARD_SIZE : (page + 1) * LEADERBOARD_SIZE]
            return out
        season = await self.season_of(guild_id, season)
        names = [game_name] if game_name else await ratings.rated_games(guild_id, season)
        for name in names:
            board = await ratings.board(
                guild_id, season, name, offset=page * LEADERBOARD_SIZE, limit=LEADERBOARD_SIZE
            )
            if not board:
                continue
            reliable = await self._store.reliability.of(u for u, _ in board)
            out[_title(name)] = [(u, Standing(k.games, k.won, k, reliable[u])) for u, k in board]
        return dict(sorted(out.items()))

    async def leaderboard_pages(self, guild_id: int, game_name: str | None, season: int | None) -> int:
        """How many pages the longest board of the leaderboard has (at least 1)."""
        ratings = self._store.ratings
        season = await self.season_of(guild_id, season)
        names = [game_name] if game_name else await ratings.rated_games(guild_id, season)
        longest = max([await ratings.board_size(guild_id, season, n) for n in names], default=0)
        return max(1, -(-longest // LEADERBOARD_SIZE))

    async def leaderboard_text(
        self,
        guild_id: int,
        game_name: str | None = None,
        *,
        season: int | None = None,
        page: int = 0,
        limit: int = MESSAGE_LIMIT,
        language: Language = ENGLISH,
    ) -> str:
        """One page of the leaderboard in at most ``limit`` characters (the caller's page line
        comes after it), told in ``language``. All games at once may not fit: the boards left out
        are named, with the way to see them (one game at a time)."""
        current = await self.season_of(guild_id, None)
        season = current if season is None else season
        boards = await self.leaderboard(guild_id, game_name, season=season, page=page)
        against = await self.leaderboard(guild_id, game_name, computers=True, page=page)
        if not boards and not against:
            return tell(_empty_leaderboard(game_name, page, season, current), (), language)
        when = (
            say("season {season} (the current one)", season=season)
            if season == current
            else say("season {season}", season=season)
        )
        said = [say("**Leaderboard** (finished games between people in this server, {when})", when=when)]
        if not boards:
            said.append(say("No finished games between people yet."))
        lines = [tell(line, (), language) for line in said]
        first = page * LEADERBOARD_SIZE + 1
        for title, ranked in boards.items():
            lines.append(f"__{title}__")
            lines += [
                _standing_line(place, self.sessions.name(u), s, language)
                for place, (u, s) in enumerate(ranked, start=first)
            ]
        if against:
            lines.append(tell(say("**Against computer players** (not rated)"), (), language))
            for title, ranked in against.items():
                lines.append(f"__{title}__")
                lines += [
                    _standing_line(place, self.sessions.name(u), s, language)
                    for place, (u, s) in enumerate(ranked, start=first)
                ]
        footer = tell(
            say("Rating: conservative skill (mu - 3 sigma); ? marks fewer than 5 games."), (), language
        )
        body = fit_lines(
            lines,
            limit - len(footer) - 1,
            more=lambda n: tell(say("…and {n} more lines: pick one game with `game:`.", n=n), (), language),
        )
        return body + "\n" + footer


def _empty_leaderboard(game_name: str | None, page: int, season: int, current: int) -> Said:
    """What a leaderboard with nobody on it (or on its page) says."""
    if page:
        return say("No more players on this leaderboard.")
    if game_name:
        title = games.get(game_name).title
        if season != current:
            return say("No rated {game} games in season {season} of this server.", game=title, season=season)
        return say("No finished {game} games in this server yet.", game=title)
    if season != current:
        return say("No rated games in season {season} of this server.", season=season)
    return say("No finished games in this server yet.")


def format_games(lines: list[GameLine], language: Language = ENGLISH) -> str:
    """``/games``: the user's open games, told in ``language``."""
    if not lines:
        return tell(
            say("You have no open games. Start one in a server channel with `/game new`."), (), language
        )
    mine = sum(g.waiting_on_you for g in lines)
    head = say("**Your games** ({open} open, {mine} waiting on you):", open=len(lines), mine=mine)
    rows = [tell(head, (), language)]
    for g in lines[:MAX_LISTED]:
        players = shorten(", ".join(dict.fromkeys(g.players)), PLAYERS_SHOWN)
        since = f"<t:{int(g.since)}:R>"
        state: Said
        if g.status == "lobby":
            state = say("lobby, opened {since}", since=since)
        elif g.waiting_on_you:
            state = say("waiting on **you** since {since}", since=since)
        elif g.waiting_on:
            state = say("waiting on {who} since {since}", who=", ".join(g.waiting_on), since=since)
        else:
            state = say("waiting on nobody since {since}", since=since)
        mark = "👉 " if g.waiting_on_you else "• "
        row = say(
            "**{title}** with {players}: {state} — {link}",
            title=g.title,
            players=players,
            state=state,
            link=g.link,
        )
        rows.append(mark + tell(row, (), language))
    return fit_lines(rows, hidden=max(len(lines) - MAX_LISTED, 0), more=lambda n: more_lines(n, language))


def more_lines(left_out: int, language: Language = ENGLISH) -> str:
    """The note under a list about the ``left_out`` lines it leaves out, in ``language``."""
    return tell(say("…and {n} more.", n=left_out), (), language)


# --------------------------------------------------------------------------- results


def winners_of(table: Table) -> frozenset[int]:
    """The users who won a finished game (from its snapshot)."""
    if table.state is None:
        return frozenset()
    outcome = table.game.outcome(table.state)
    if outcome is None:
        return frozenset()
    return frozenset(table.user_of(s) for s in outcome.winners if s < len(table.seats))


@dataclass
class Tally:
    played: int = 0
    won: int = 0


def _title(game_name: str) -> str:
    return games.get(game_name).title


@frozen
class Standing:
    """One line of a leaderboard."""

    played: int
    won: int
    skill: Skill | None = None
    reliability: Reliability | None = None


def _standing_line(place: int, name: str, s: Standing, language: Language = ENGLISH) -> str:
    parts = [
        say("{place}. {name}: {won} won of {played}", place=place, name=name, won=s.won, played=s.played)
    ]
    if s.skill is not None:
        parts.append(say("rating {rating}", rating=shown(s.skill)))
    if s.reliability is not None and s.reliability.share_finished is not None:
        parts.append(say("finished {share}", share=f"{s.reliability.share_finished:.0%}"))
    return " · ".join(tell(part, (), language) for part in parts)
