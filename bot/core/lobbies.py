"""Finding a table: the server's open lobbies (``/game open``), a lobby's condition on who may
join (checked in :mod:`bot.core.admission`), and the notice of a new lobby.

Plain async Python with no discord import. Decisions:

* **The list** shows the server's lobbies with a free seat, oldest first, at most 25 (Discord's
  limit per message), each with the lobby's own restart-safe ``Join``.
* **A lobby's condition** ("only players who finished at least 80 % of their games") is a
  ``min_finished`` percentage set by the host with ``/game new``. Someone with no finished,
  resigned or replaced game yet may join any lobby (everyone starts somewhere); a join below it
  is refused privately with the figure and the condition.
* **Notices**: a new lobby is announced in the server's games channel (``/floe config``) when
  one is set and the lobby is elsewhere. Players opt in per game with ``/notify-me``. The bot
  does not create or manage roles (that would need Manage Roles, which the invite does not
  ask for): opted-in users are stored and the first :data:`MAX_MENTIONS` of them are mentioned,
  each at most once an hour per game and server (:data:`MENTION_EVERY`, claimed in the statement
  that reads it, so lobbies opened and cancelled in a loop, in any processes, ping once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import games
from bot.core.dashboard import jump_link
from bot.core.languages import language
from bot.core.texts import fit_lines, shorten
from games.words import ENGLISH, Language, Said, say, tell
from storage.lobbies import LobbyStore
from util.records import frozen

if TYPE_CHECKING:
    from bot.core.sessions import Sessions, Table

MAX_MENTIONS = 5
MAX_LISTED = 25
#: A subscriber is mentioned for new lobbies of one game in one server at most once an hour.
MENTION_EVERY = 3600.0


@frozen
class OpenLobby:
    game_id: int
    title: str
    #: The options changed from the defaults, as typed in ``/game new`` ("": the standard rules).
    options: str
    seats: int
    most: int
    host: str | None  # the host's name while seated, else None (a moderator starts it)
    opened_at: float
    link: str
    min_finished: int | None


def _options_text(options: dict[str, object]) -> str:
    """The options changed from the defaults, as typed in ``/game new`` ("" none)."""
    on = [
        k.replace("_", " ") if v is True else f"{k.replace('_', ' ')}={v}"
        for k, v in options.items()
        if v not in (False, None)
    ]
    return ", ".join(on)


class Lobbies:
    """The server's open lobbies, their conditions and the notices of new ones."""

    def __init__(self, lobbies: LobbyStore, sessions: Sessions) -> None:
        self._lobbies = lobbies
        self.sessions = sessions

    async def open_lobbies(self, guild_id: int) -> list[OpenLobby]:
        """The server's lobbies with a free seat, oldest first."""
        out = []
        for row in await self._lobbies.open_lobbies(guild_id, limit=MAX_LISTED * 2):
            rules = games.get(row.game)
            most = rules.players.stop - 1
            if row.seats >= most:
                continue
            defaults = rules.options.from_mapping({}).to_mapping()
            changed = {k: v for k, v in row.options.items() if defaults.get(k) != v}
            out.append(
                OpenLobby(
                    game_id=row.game_id,
                    title=rules.title,
                    options=_options_text(changed),
                    seats=row.seats,
                    most=most,
                    host=None if row.host_id is None else self.sessions.name(row.host_id),
                    opened_at=row.opened_at,
                    link=jump_link(guild_id, row.channel_id),
                    min_finished=row.min_finished,
                )
            )
        return out[:MAX_LISTED]

    async def set_condition(self, game_id: int, percent: int | None) -> None:
        await self._lobbies.set_min_finished(game_id, percent)

    async def announcement(self, table: Table) -> tuple[str, tuple[int, ...]]:
        """The games-channel notice of a new lobby and whom it mentions (opted-in users; the outbox
        puts their mentions first)."""
        guild = table.record.guild_id or 0
        mentions = tuple(
            await self._lobbies.claim_mentions(
                guild,
                table.record.game,
                skip=table.users(),
                now=self.sessions.clock(),
                quiet=MENTION_EVERY,
                most=MAX_MENTIONS,
            )
        )
        host = table.seated_host()
        said = say(
            "🎲 A **{game}** table is open: {host}, {seats}/{most} seats — {link}",
            game=table.game.title,
            host=host_column(None if host is None else self.sessions.name(host)),
            seats=len(table.seats),
            most=table.game.players.stop - 1,
            link=jump_link(guild, table.record.channel_id),
        )
        return tell(said, (), language(await self.sessions.readers.game(table.record.guild_id))), mentions

    async def toggle_notify(self, guild_id: int, game_name: str, user_id: int) -> Said:
        """Mention ``user_id`` when a table of the game opens in the server, or no longer; what
        to tell them."""
        lobbies = self._lobbies
        title = games.get(game_name).title
        on = user_id not in await lobbies.notified(guild_id, game_name)
        await lobbies.set_notify(guild_id, game_name, user_id, on)
        if on:
            return say(
                "You will be mentioned when a {game} table opens in this server (run it again to stop).",
                game=title,
            )
        return say("You will no longer be mentioned for new {game} tables.", game=title)


def host_column(name: str | None) -> Said:
    """A lobby's host in a list: their name while seated, else who starts it instead."""
    return say("no host: a moderator starts it") if name is None else say("host {name}", name=name)


def format_open(lobbies: list[OpenLobby], language: Language = ENGLISH) -> str:
    """``/game open``: the server's open lobbies, told in ``language``."""
    if not lobbies:
        return tell(say("No open lobbies in this server. Open one with `/game new`."), (), language)
    head = say("**Open tables** ({n}): press a Join button below, or go to the channel.", n=len(lobbies))
    lines = [tell(head, (), language)]
    for number, lobby in enumerate(lobbies, start=1):
        options = shorten(lobby.options, 100) if lobby.options else tell(say("standard rules"), (), language)
        line = say(
            "{number}. **{game}** ({options}) — {seats}/{most} seats, {host}, waiting since {since}",
            number=number,
            game=lobby.title,
            options=options,
            seats=lobby.seats,
            most=lobby.most,
            host=host_column(lobby.host),
            since=f"<t:{int(lobby.opened_at)}:R>",
        )
        condition = say(", finished ≥ {percent}%", percent=lobby.min_finished) if lobby.min_finished else None
        told = tell(line, (), language) + (tell(condition, (), language) if condition else "")
        lines.append(f"{told} — {lobby.link}")
    return fit_lines(
        lines, more=lambda n: tell(say("…and {n} more: their Join buttons are below.", n=n), (), language)
    )
