"""Looking across games: the caller's open games (``/games``), ``/stats`` and ``/leaderboard``.

Derived from the existing tables only: open games and their seats, the newest action's time
(how long a game has waited), and finished games' snapshots (winners come from
``game.outcome(game.from_dict(state))``). Plain async Python, no discord import.

Games with a computer seat (:meth:`bot.core.sessions.Table.is_computer`) are kept apart: the
plain tallies and the leaderboard count games between people only; games against computer
players have their own lines ("against computer players"), and computer seats never rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import games

if TYPE_CHECKING:
    from bot.core.sessions import Sessions, Table

MAX_LISTED = 20  # games in one /games answer (Discord allows 2000 characters)
LEADERBOARD_SIZE = 10


def jump_link(guild_id: int | None, channel_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


@dataclass(frozen=True)
class GameLine:
    game_id: int
    title: str
    status: str  # lobby | active
    players: tuple[str, ...]
    waiting_on: tuple[str, ...]  # names of the awaited players (empty in a lobby)
    waiting_on_you: bool
    since: float  # the newest action's time (or the start, or the lobby's opening)
    link: str


async def my_games(sessions: Sessions, user_id: int) -> list[GameLine]:
    """The user's open games: those waiting on them first, then the others; longest wait first."""
    out = []
    for record in await sessions.store.games_of_user(user_id):
        table = await sessions._table(record)
        since = record.updated_at
        count = await sessions.store.count_actions(record.id)
        if count:
            since = (await sessions.store.actions(record.id, offset=count - 1, limit=1))[0].created_at
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
                players=tuple(sessions.names(table)),
                waiting_on=tuple(sessions.name(u) for u in awaited),
                waiting_on_you=user_id in awaited,
                since=since,
                link=jump_link(record.guild_id, record.channel_id),
            )
        )
    out.sort(key=lambda g: (not g.waiting_on_you, g.status != "active", g.since, g.game_id))
    return out


def format_games(lines: list[GameLine]) -> str:
    if not lines:
        return "You have no open games. Start one in a server channel with `/game new`."
    mine = sum(g.waiting_on_you for g in lines)
    head = f"**Your games** ({len(lines)} open, {mine} waiting on you):"
    rows = [head]
    for g in lines[:MAX_LISTED]:
        players = ", ".join(dict.fromkeys(g.players))
        if g.status == "lobby":
            state = f"lobby, opened <t:{int(g.since)}:R>"
        else:
            who = "**you**" if g.waiting_on_you else ", ".join(g.waiting_on) or "nobody"
            state = f"waiting on {who} since <t:{int(g.since)}:R>"
        mark = "👉 " if g.waiting_on_you else "• "
        rows.append(f"{mark}**{g.title}** with {players}: {state} — {g.link}")
    if len(lines) > MAX_LISTED:
        rows.append(f"…and {len(lines) - MAX_LISTED} more.")
    return "\n".join(rows)


async def games_text(sessions: Sessions, user_id: int) -> str:
    return format_games(await my_games(sessions, user_id))


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


async def stats(sessions: Sessions, user_id: int, *, computers: bool = False) -> dict[str, Tally]:
    """Finished games played and won by the user, per game title (every server and DM): games
    between people, or (``computers``) games with at least one computer seat."""
    out: dict[str, Tally] = {}
    for record in await sessions.store.games_of_user(user_id, ("finished",)):
        table = await sessions._table(record)
        if table.has_computers() != computers:
            continue
        tally = out.setdefault(table.game.title, Tally())
        tally.played += 1
        tally.won += user_id in winners_of(table)
    return out


async def stats_text(sessions: Sessions, user_id: int) -> str:
    name = sessions.name(user_id)
    tallies = await stats(sessions, user_id)
    against = await stats(sessions, user_id, computers=True)
    if not tallies and not against:
        return f"{name} has not finished a game yet."
    lines = []
    if tallies:
        played = sum(t.played for t in tallies.values())
        won = sum(t.won for t in tallies.values())
        lines.append(f"**{name}**: {won} won of {played} finished games between people.")
        lines += [f"• {title}: {t.won} won of {t.played}" for title, t in sorted(tallies.items())]
    else:
        lines.append(f"**{name}** has not finished a game between people yet.")
    if against:
        played = sum(t.played for t in against.values())
        won = sum(t.won for t in against.values())
        lines.append(f"Against computer players: {won} won of {played}.")
        lines += [f"• {title}: {t.won} won of {t.played}" for title, t in sorted(against.items())]
    return "\n".join(lines)


async def leaderboard(
    sessions: Sessions, guild_id: int, game_name: str | None = None, *, computers: bool = False
) -> dict[str, list[tuple[int, Tally]]]:
    """Per game title: (user, tally) ranked by wins, then fewer games, over the server's finished
    games between people (``computers``: the people's results in games with a computer seat)."""
    per_game: dict[str, dict[int, Tally]] = {}
    for record in await sessions.store.games_in_guild(guild_id):
        if game_name is not None and record.game != game_name:
            continue
        table = await sessions._table(record)
        if table.has_computers() != computers:
            continue
        won = winners_of(table)
        board = per_game.setdefault(table.game.title, {})
        for user in table.humans():
            tally = board.setdefault(user, Tally())
            tally.played += 1
            tally.won += user in won
    return {
        title: sorted(board.items(), key=lambda item: (-item[1].won, item[1].played, item[0]))
        for title, board in sorted(per_game.items())
    }


async def leaderboard_text(sessions: Sessions, guild_id: int, game_name: str | None = None) -> str:
    boards = await leaderboard(sessions, guild_id, game_name)
    against = await leaderboard(sessions, guild_id, game_name, computers=True)
    if not boards and not against:
        which = f"{games.get(game_name).title} " if game_name else ""
        return f"No finished {which}games in this server yet."
    lines = ["**Leaderboard** (finished games between people in this server)"]
    if not boards:
        lines.append("No finished games between people yet.")
    for title, ranked in boards.items():
        lines.append(f"__{title}__")
        for place, (user, t) in enumerate(ranked[:LEADERBOARD_SIZE], start=1):
            lines.append(f"{place}. {sessions.name(user)}: {t.won} won of {t.played}")
    if against:
        lines.append("**Against computer players**")
        for title, ranked in against.items():
            lines.append(f"__{title}__")
            for place, (user, t) in enumerate(ranked[:LEADERBOARD_SIZE], start=1):
                lines.append(f"{place}. {sessions.name(user)}: {t.won} won of {t.played}")
    return "\n".join(lines)[:2000]
