"""The :class:`Leagues` service: a league's life, from sign-up to the final standings, over the
store (what must happen once is decided there: :mod:`storage.leagues`) and the sessions (each
table is an ordinary game: rated as usual, with the usual deadlines and reminders).

A round's tables are opened by the process whose update began the round (:meth:`Leagues.begin_round`);
a table is scored once when its game ends (:meth:`Leagues.game_ended`) or when its round's time is
up (:meth:`Leagues.time_up`); the next round begins when the last table of the round is scored.
A player who withdraws (or leaves the server) is paired no more; the games they sit in go on
under the rules' defaults (deadlines), as any game whose player stopped answering.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import games
from bot.core.languages import language
from bot.core.leagues.pairing import Entrant, Leftover, Round, round_robin, rounds_of_round_robin, swiss
from bot.core.leagues.scoring import (
    Record,
    Standing,
    bye_points,
    shown_points,
    standings,
    table_points,
    unfinished_points,
)
from bot.core.notations import RESIGN
from bot.core.pictures import Picture
from bot.core.ratings import places
from bot.core.sessions import LobbyError, Post, Reply, SessionError, Sessions
from games.words import Language, Said, say, tell
from renderer.standings import StandingRow, describe_standings, render_standings
from storage import Store
from storage.leagues import (
    CANCELLED,
    FINISHED,
    RUNNING,
    SIGNUP,
    LeaguePlayer,
    LeagueRecord,
    LeagueTable,
    NewLeague,
)
from storage.ratings import ordinal
from util.records import frozen

__all__ = ["FINISHED", "RUNNING", "SIGNUP", "LeagueRecord", "LeagueTable", "Leagues"]

FORMATS = ("swiss", "round robin")
#: The level of the computer players a league seats (where it fills tables with them).
COMPUTER_LEVEL = "normal"
DAY = 86400.0


@frozen
class LeagueLimits:
    """The bounds of leagues, beside the bounds of lobbies (:mod:`bot.core.admission`)."""

    #: Leagues signing up or running in one server at once.
    per_server: int = 2
    #: Leagues a member plays in at once.
    per_member: int = 3
    #: Players in one league (a round opens a thread per table).
    players: int = 60
    rounds: int = 20
    round_days: float = 30.0


#: The bounds a league service keeps unless given others.
LEAGUE_LIMITS = LeagueLimits()


class NoSuchLeague(SessionError):
    pass


@dataclass
class LeagueWork:
    """What a tick did that a front end shows: rounds begun (with their tables to open), games
    to close (their round ran out of time), leagues finished or called off."""

    begun: list[tuple[LeagueRecord, list[LeagueTable]]] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    finished: list[LeagueRecord] = field(default_factory=list)
    cancelled: list[LeagueRecord] = field(default_factory=list)


class Leagues:
    """Leagues in servers: opened, signed up to, paired, scored and finished."""

    def __init__(
        self,
        store: Store,
        sessions: Sessions,
        *,
        clock: Callable[[], float] | None = None,
        limits: LeagueLimits = LEAGUE_LIMITS,
    ) -> None:
        self._store = store
        self._leagues = store.leagues
        self.sessions = sessions
        self.clock = clock or sessions.clock
        self.limits = limits

    # ------------------------------------------------------------------ sign-up

    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_name: str,
        format: str = "swiss",
        seats: int | None = None,
        rounds: int | None = None,
        round_days: float = 7.0,
        move_hours: float | None = None,
        leftover: Leftover = "bye",
        options: dict[str, Any] | None = None,
        starts_in_days: float | None = None,
    ) -> LeagueRecord:
        """Open a league for sign-up; refused with what to change when a value cannot work."""
        game = games.get(game_name)
        parsed = game.options.from_mapping(options or {}).to_mapping()
        least, most = game.players.start, game.players.stop - 1
        seats = seats or least
        if not least <= seats <= most:
            raise LobbyError(
                say(
                    "{game} seats {least} to {most} players at a table",
                    game=game.title,
                    least=least,
                    most=most,
                )
            )
        if format not in FORMATS:
            raise LobbyError(say("a league is a Swiss or a round robin"))
        if format == "round robin" and seats != 2:
            raise LobbyError(say("a round robin is for tables of two: choose seats:2, or a Swiss"))
        if rounds is not None and not 1 <= rounds <= self.limits.rounds:
            raise LobbyError(say("a league has 1 to {most} rounds", most=self.limits.rounds))
        if not 1 <= round_days <= self.limits.round_days:
            raise LobbyError(say("a round lasts 1 to {most} days", most=int(self.limits.round_days)))
        now = self.clock()
        new = NewLeague(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.name,
            options=dict(parsed),
            format=format,
            seats=seats,
            rounds=rounds or 0,  # a round robin's is set at the start, from its players
            round_seconds=round_days * DAY,
            move_seconds=None if move_hours is None else move_hours * 3600.0,
            leftover=leftover,
            host_id=host_id,
            starts_at=None if starts_in_days is None else now + starts_in_days * DAY,
        )
        if format == "swiss" and rounds is None:
            new = replace(new, rounds=3)
        league_id = await self._leagues.open(new, now, per_server=self.limits.per_server)
        if league_id is None:
            raise LobbyError(
                say("this server runs {n} leagues already: wait for one to finish", n=self.limits.per_server)
            )
        return await self.league(league_id)

    async def league(self, league_id: int) -> LeagueRecord:
        found = await self._leagues.league(league_id)
        if found is None:
            raise NoSuchLeague(say("that league does not exist"))
        return found

    async def sign_up(self, league_id: int, user_id: int) -> Said:
        """Sign a member up; the answer says how it went (a refusal changes nothing)."""
        league = await self.league(league_id)
        if len(await self._leagues.players(league_id)) >= self.limits.players:
            raise LobbyError(say("this league is full ({n} players)", n=self.limits.players))
        answer = await self._leagues.sign_up(
            league_id, user_id, self.clock(), per_member=self.limits.per_member
        )
        if answer == "closed":
            raise LobbyError(say("this league has started: sign-up is closed"))
        if answer == "limit":
            raise LobbyError(say("you play in {n} leagues already", n=self.limits.per_member))
        if answer == "already":
            return say("You are signed up already.")
        return say("You are signed up for the {game} league.", game=games.get(league.game).title)

    async def withdraw(self, league_id: int, user_id: int) -> Said:
        """Take a member out of the league's later rounds (before the start: off the list)."""
        league = await self.league(league_id)
        if not await self._leagues.withdraw(league_id, user_id):
            raise LobbyError(say("you are not playing in this league"))
        if league.status == SIGNUP:
            return say("You are no longer signed up.")
        return say("You are out of the league's later rounds; your games under way go on without you.")

    async def member_left(self, guild_id: int, user_id: int) -> int:
        """A member left the server (:mod:`bot.core.scheduler.departures`): they are out of the
        later rounds of its leagues (off the list of one still signing up), as if they had
        withdrawn; returns how many leagues they were taken out of."""
        out = 0
        for league in await self.in_server(guild_id):
            out += await self._leagues.withdraw(league.id, user_id)
        return out

    # ------------------------------------------------------------------ rounds

    async def start(self, league_id: int, user_id: int, *, moderator: bool) -> list[LeagueTable]:
        """Close sign-up and begin round 1 (the host, or a moderator): the tables to open."""
        league = await self.league(league_id)
        if user_id != league.host_id and not moderator:
            raise LobbyError(say("only the league's host or a moderator can start it"))
        if league.status != SIGNUP:
            raise LobbyError(say("this league has started already"))
        return await self.begin_round(league)

    async def begin_round(self, league: LeagueRecord) -> list[LeagueTable]:
        """Pair and store the next round; its tables, for the one process that began it (none
        for any other, or when the league is over)."""
        active = [p for p in await self._leagues.players(league.id) if not p.withdrawn]
        least = 2 if league.leftover == "computer" else league.seats
        if league.status == SIGNUP and len(active) < least:
            raise LobbyError(say("a league needs at least {n} players to start", n=least))
        rounds = league.rounds
        if league.format == "round robin" and league.status == SIGNUP:
            rounds = rounds_of_round_robin(len(active))
        if league.round >= (rounds or 0) or len(active) < 2:
            await self._leagues.finish(league.id)
            return []
        pairing = await asyncio.to_thread(
            self._pair, league, active_ids=[p.user_id for p in active], records=await self.records(league)
        )
        ends = self.clock() + league.round_seconds
        tables = [(t, c) for t, c in zip(pairing.tables, pairing.computers, strict=True)]
        if not await self._leagues.begin_round(
            league.id,
            league.round,
            ends,
            tables,
            pairing.byes,
            rounds=rounds if rounds != league.rounds else None,
        ):
            return []
        return await self._leagues.tables(league.id, league.round + 1)

    def _pair(self, league: LeagueRecord, *, active_ids: list[int], records: list[Record]) -> Round:
        if league.format == "round robin":
            order = [r.player for r in sorted(records, key=lambda r: r.joined) if r.player in active_ids]
            return round_robin(order, league.round, leftover_of(league))
        entrants = [
            Entrant(r.player, r.halves, r.rating, r.joined, tuple(r.met), r.byes)
            for r in records
            if r.player in active_ids
        ]
        return swiss(entrants, league.seats, leftover_of(league))

    async def open_table(self, league: LeagueRecord, table: LeagueTable, channel_id: int) -> Reply | None:
        """Open ``table`` in ``channel_id`` (its own thread) as a started game, its players in
        seat order and its computer seats after them: the start's reply, for the front end to
        post with its pings; None when the table had its game already (opened elsewhere)."""
        if table.game_id is not None:
            return None
        host, *others = table.players
        lobby = await self.sessions.new_game(
            channel_id=channel_id,
            guild_id=league.guild_id,
            user_id=host,
            game_name=league.game,
            options=league.options,
        )
        game_id = lobby.game_id
        assert game_id is not None
        if not await self._leagues.attach_game(league.id, table.round, table.number, game_id):
            await self.sessions.cancel(channel_id, host, game_id=game_id)
            return None
        for user in others:
            await self.sessions.join(channel_id, user, game_id=game_id)
        for _ in range(table.computers):
            await self.sessions.add_computer(channel_id, host, COMPUTER_LEVEL, game_id=game_id)
        return await self.sessions.start(channel_id, host, game_id=game_id)

    async def game_ended(self, table: LeagueTable) -> LeagueRecord | None:
        """Score ``table``, whose game finished, by place, once; its league when that table was
        its round's last (the next round is due), else None."""
        if table.game_id is None or table.halves is not None:
            return None
        played = await self.sessions.table(table.game_id)
        outcome = played.game.outcome(played.state) if played.state is not None else None
        if outcome is None:
            return None
        seat_halves = table_points(places(outcome, len(played.seats)))
        halves = [
            seat_halves[played.seats_of(user)[0]] if played.seats_of(user) else 0 for user in table.players
        ]
        if not await self._leagues.score_table(table.league_id, table.round, table.number, halves):
            return None
        return await self._round_complete(table.league_id)

    async def tick(self) -> LeagueWork:
        """What is due now: tables whose game ended are scored, sign-ups that close by
        themselves start, rounds whose time is up are scored; then each league whose round is
        complete begins its next round, or ends after its last. Safe in several processes:
        each change is decided by the database, and a round's tables go to the one that began it."""
        work = LeagueWork()
        complete: dict[int, LeagueRecord] = {}
        for table, how in await self._leagues.ended_tables():
            done = await (self.game_ended(table) if how == "finished" else self._score_unfinished(table))
            if isinstance(done, LeagueRecord):
                complete[done.id] = done
        for league in await self._leagues.due(self.clock()):
            if league.status == SIGNUP:
                try:
                    work.begun.append((league, await self.begin_round(league)))
                except LobbyError:  # too few signed up by the time set: the league is called off
                    if await self._leagues.finish(league.id, CANCELLED):
                        work.cancelled.append(league)
                continue
            work.closed += await self.time_up(league)
            if (done := await self._round_complete(league.id)) is not None:
                complete[done.id] = done
        for league in complete.values():
            if league.round >= league.rounds:
                if await self._leagues.finish(league.id, FINISHED):
                    work.finished.append(await self.league(league.id))
            elif tables := await self.begin_round(league):
                work.begun.append((league, tables))
        return work

    async def close_table(self, game_id: int) -> Reply | None:
        """End a table's game whose round ran out of time (scored already as a draw): the post
        that says so, or None when it had ended."""
        table = await self.sessions.table(game_id)
        if not await self._store.set_status(game_id, "abandoned", now=self.clock()):
            return None
        told = language(await self.sessions.readers.game(table.record.guild_id))
        text = say("⏰ The round's time is up: this table is scored as a draw among those still playing.")
        return Reply(post=Post(tell(text, (), told), language=told), game_id=table.record.id, finished=True)

    async def time_up(self, league: LeagueRecord) -> list[int]:
        """The round's time is up: score each table still playing as a draw among those still
        in it (:func:`unfinished_points`); the games to close, in order."""
        closed = []
        for table in await self._leagues.tables(league.id, league.round):
            if table.halves is None and await self._score_unfinished(table) is not False and table.game_id:
                closed.append(table.game_id)
        return closed

    async def _score_unfinished(self, table: LeagueTable) -> LeagueRecord | bool | None:
        """Score ``table`` as a draw among those still in it (the computer seats, after the
        players, draw with them; who resigned or withdrew takes the last places): False when it
        was scored already, else its league when that table was its round's last (or None)."""
        out = {p.user_id for p in await self._leagues.players(table.league_id) if p.withdrawn}
        resigned: set[int] = set()
        if table.game_id is not None:
            played = await self.sessions.table(table.game_id)
            resigned = {played.user_of(s) for s in await self._store.resigned_seats(table.game_id, RESIGN)}
        gone = [i for i, user in enumerate(table.players) if user in resigned or user in out]
        halves = unfinished_points(len(table.players) + table.computers, gone)[: len(table.players)]
        if not await self._leagues.score_table(table.league_id, table.round, table.number, halves):
            return False
        return await self._round_complete(table.league_id)

    async def _round_complete(self, league_id: int) -> LeagueRecord | None:
        league = await self.league(league_id)
        if league.status != RUNNING:
            return None
        tables = await self._leagues.tables(league_id, league.round)
        return league if all(t.halves is not None for t in tables) else None

    async def unopened(self, grace: float) -> list[tuple[LeagueRecord, list[LeagueTable]]]:
        """Each running league's tables of its current round still without a game ``grace``
        seconds after the round began, to open now."""
        by_league: dict[int, list[LeagueTable]] = {}
        for table in await self._leagues.unopened(self.clock(), grace):
            by_league.setdefault(table.league_id, []).append(table)
        return [(await self.league(league_id), tables) for league_id, tables in by_league.items()]

    async def in_server(
        self, guild_id: int, statuses: Sequence[str] = (SIGNUP, RUNNING)
    ) -> list[LeagueRecord]:
        """The server's leagues with one of ``statuses``, oldest first."""
        return await self._leagues.in_server(guild_id, statuses)

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        """Everyone signed up, in the order they signed up."""
        return await self._leagues.players(league_id)

    async def byes_in(self, league_id: int, round_: int) -> list[int]:
        """Who has a bye in round ``round_``."""
        return [user for r, user in await self._leagues.byes(league_id) if r == round_]

    async def due(self, now: float) -> list[LeagueRecord]:
        """Leagues with work due: sign-ups to close, rounds whose time is up."""
        return await self._leagues.due(now)

    # ------------------------------------------------------------------ standings

    async def records(self, league: LeagueRecord) -> list[Record]:
        """Each player's league so far: points, meetings, byes, rating in the server's season."""
        players = await self._leagues.players(league.id)
        season = await self._store.ratings.season(league.guild_id)
        records = {}
        for n, p in enumerate(players):
            skill = await self._store.ratings.rating(league.guild_id, season, league.game, p.user_id)
            rating = 0.0 if skill is None else ordinal(skill)
            records[p.user_id] = Record(p.user_id, joined=n, rating=rating, withdrawn=p.withdrawn)
        for table in await self._leagues.tables(league.id):
            for i, user in enumerate(table.players):
                record = records.get(user)
                if record is None:
                    continue
                record.met += [u for u in table.players if u != user]
                if table.halves is not None:
                    record.halves += table.halves[i]
                    record.tables += 1
        for _, user in await self._leagues.byes(league.id):
            if user in records:
                records[user].halves += bye_points(league.seats)
                records[user].byes += 1
        return list(records.values())

    async def standings(self, league_id: int) -> tuple[LeagueRecord, list[Standing]]:
        league = await self.league(league_id)
        return league, standings(await self.records(league))

    def standings_picture(self, title: str, table: Sequence[Standing], told: Language) -> Picture:
        """``table`` as a picture titled ``title``, with its alt text, its words in ``told``."""
        rows = [
            StandingRow(
                s.place,
                self.sessions.name(s.record.player),
                shown_points(s.record.halves),
                shown_points(s.buchholz),
                s.record.withdrawn,
            )
            for s in table
        ]
        return Picture(
            lambda: render_standings(title, rows, language=told),
            lambda: describe_standings(title, rows, language=told),
        )

    async def finish_if_done(self, league: LeagueRecord) -> bool:
        """End the league after its last round: True for the caller that ended it."""
        return league.round >= league.rounds and await self._leagues.finish(league.id, FINISHED)


def leftover_of(league: LeagueRecord) -> Leftover:
    """What the league does with players who do not fill a table (stored as text)."""
    return "computer" if league.leftover == "computer" else "bye"
