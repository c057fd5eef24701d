"""A game's page for spectators: what anyone holding its address may see, and nothing more.

Every game has one unguessable address (a random token, :data:`TOKEN_BYTES` bytes; never the
game's number), made the first time someone asks for it (``/game link``, the turn message's
"Watch on the web" button) and kept in the database (``spectator_pages``), so every process
(the bot's, ``floe web``'s) gives the same one. A server may turn its pages off (``/floe config
web:false``, :meth:`bot.core.guilds.ServerSettings.web_pages`): its games' pages are then not
found, like an unknown token, and come back at the same addresses when turned on again.

A page shows only what every player may see (:mod:`bot.core.visibility`), read afresh from the
database (so it works beside any number of bot processes):

* the boards are the public view's (``game.view(state, None)``), drawn by the same renderer
  as in Discord, with the same alt text (:func:`renderer.describe`);
* the history is the actions in force (an undone action is gone, as in the replay GIF) that
  left a trace (:func:`bot.core.visibility.public_log`): a choice nobody else saw makes no
  frame; a frame is numbered as the players may count the moves;
* the log is the public log with its narration, a private action's notation hidden while the
  game runs (:func:`bot.core.visibility.shown_notation`);
* whose turn it is names each awaited seat with its prompt for spectators ("Ann's first of two
  actions"), and "since" is the newest public action's time (a hidden choice restarts no clock);
* nothing on a page counts the game's internal step (which a hidden choice advances): a page's
  :attr:`Page.version` is the length of the public log.

Pages follow the game by polling (:meth:`Spectators.changes`, :mod:`bot.web.live`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import games
import renderer
from bot.core import visibility
from bot.core.guilds import ServerSettings
from bot.core.history import read_log
from bot.core.languages import SOURCE_LANGUAGE, language
from bot.core.narration import told
from bot.core.pictures import Picture
from bot.core.sessions import SessionError, Sessions, Table
from bot.core.texts import unescaped
from games.words import ENGLISH, Language, say
from storage import Store
from storage.spectators import SpectatorStore
from util.lru import keep_newest
from util.records import frozen

#: Random bytes in a page's token (22 URL-safe characters): nobody finds a page by guessing.
TOKEN_BYTES = 16
#: Games whose replayed history a process keeps (each: the public states of one version).
HISTORIES_KEPT = 64
#: Pictures a process keeps drawn (boards and animations of recent pages).
PICTURES_KEPT = 256


class PagesOff(SessionError):
    """The server turned its games' pages off."""


@frozen
class Player:
    name: str
    awaited: bool
    computer: bool


@frozen
class Listed:
    """A page ``floe web --list`` names: its address and what game it shows."""

    address: str
    title: str
    status: str
    #: The Discord server of the game (None: a game played at a terminal, ``floe play``).
    guild_id: int | None


@frozen
class LogLine:
    number: int
    at: float
    who: str
    notation: str
    narration: str


@frozen
class Page:
    """What a game's page shows. Equal pages read alike: the live stream sends a page only when
    it differs from the one sent before."""

    title: str
    status: str  # lobby | active | finished | abandoned
    players: tuple[Player, ...]
    #: Whose turn it is, with the public prompts ("Ann: roll or stop"), one line per awaited person.
    turn: tuple[str, ...]
    #: When the newest public action was made (None: nothing public happened yet).
    since: float | None
    log: tuple[LogLine, ...]
    #: The result at the end ("" while the game runs).
    result: str
    #: One caption per frame of the replay (frame 0 is the start); empty before the start.
    frames: tuple[str, ...]
    #: The frames that have a movement animation (Ice Lake's reveal).
    animated: frozenset[int] = frozenset()
    #: The length of the public log: it grows with every change a spectator may see.
    version: int = 0
    #: The language the page is told in (a code: ``en``, ``nl``...).
    language: str = SOURCE_LANGUAGE


@frozen
class History:
    """The public history of one game at one step: the states of its frames and their captions."""

    step: int
    states: tuple[Any, ...]
    captions: tuple[str, ...]
    animated: frozenset[int]
    log: tuple[Any, ...]  # the public log rows


@dataclass
class Spectators:
    """The pages of games (module docstring), over the store and the session service.

    Each page is told in its reader's language (a code the web front end decides), the log's
    narration, the prompts, the result, the captions, the boards and their alt text; the page's
    own words (headings, buttons) are the web front end's. Pictures are kept per language."""

    store: Store
    sessions: Sessions
    new_token: Callable[[], str] = field(default=lambda: secrets.token_urlsafe(TOKEN_BYTES))
    clock: Callable[[], float] = time.time
    _histories: dict[int, History] = field(default_factory=dict)
    _pictures: dict[tuple[int, int, int, str, str], Picture] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rows = SpectatorStore(self.store)
        self.servers = ServerSettings(self.store)

    # ------------------------------------------------------------------ addresses

    async def token(self, game_id: int) -> str:
        """The game's token, made now when it had none."""
        kept = await self.rows.token_of(game_id)
        return (
            kept if kept is not None else await self.rows.keep_token(game_id, self.new_token(), self.clock())
        )

    async def address(self, base_url: str, game_id: int) -> str:
        """The game's page at ``base_url`` (the bot's ``WEB_URL``); :class:`PagesOff` when its
        server turned pages off."""
        table = await self.sessions.table(game_id)
        if not await self.servers.web_pages(table.record.guild_id):
            raise PagesOff(
                say(
                    "this server turned the games' web pages off (a moderator turns them on with {command})",
                    command="`/floe config web:true`",
                )
            )
        return page_url(base_url, await self.token(game_id))

    async def game_of(self, token: str) -> int | None:
        """The game whose page ``token`` is, when it may be shown (None: unknown, or turned off)."""
        game_id = await self.rows.game_of(token)
        return game_id if game_id is not None and await self.shown(game_id) else None

    async def shown(self, game_id: int) -> bool:
        """Whether the game's page may be shown (it exists, and its server shows pages)."""
        record = await self.store.game(game_id)
        return record is not None and await self.servers.web_pages(record.guild_id)

    async def listed(self, base_url: str) -> list[Listed]:
        """The pages served now under ``base_url``: every game that has an address and may be
        shown, oldest first (a game gets its address when someone first asks for it)."""
        shown = []
        for game_id, token in await self.rows.pages():
            record = await self.store.game(game_id)
            if record is not None and await self.servers.web_pages(record.guild_id):
                title = games.get(record.game).title
                shown.append(Listed(page_url(base_url, token), title, record.status, record.guild_id))
        return shown

    async def steps(self, game_ids: Sequence[int]) -> dict[int, int]:
        """The current step of each game (the live pages poll it; one query)."""
        return await self.rows.steps(game_ids)

    # ------------------------------------------------------------------ pages

    async def page(self, game_id: int, told_in: str = SOURCE_LANGUAGE) -> Page:
        """The game's page now, told in ``told_in``."""
        return await self.page_of(await self.sessions.table(game_id), told_in)

    async def page_of(self, table: Table, told_in: str = SOURCE_LANGUAGE) -> Page:
        """The page of ``table`` as loaded, told in ``told_in``."""
        game = table.game
        words = language(told_in)
        names = self.sessions.picture_names(table)
        status = table.record.status
        if table.state is None:
            players = tuple(Player(names[s.seat], False, s.computer is not None) for s in table.seats)
            return Page(game.title, status, players, (), None, (), "", (), language=told_in)
        history = await self._history(table)
        over = status in ("finished", "abandoned")
        awaited = game.to_act(table.state) if status == "active" else frozenset()
        players = tuple(Player(names[s.seat], s.seat in awaited, s.computer is not None) for s in table.seats)
        turn = tuple(
            f"{names[s]}: {visibility.spectator_prompt(game, table.state, s, names, words)}"
            for s in sorted(awaited)
        )
        log = tuple(
            LogLine(
                number,
                row.created_at,
                names[row.seat] if row.seat < len(names) else "?",
                visibility.shown_notation(game, row.notation, over=over, language=words),
                plain(told(row.narration, names, words)),
            )
            for number, row in enumerate(history.log, start=1)
        )
        outcome = game.outcome(table.state)
        if outcome is not None:
            result = plain(games.tell(outcome.summary, names, words))
        elif status == "abandoned":
            result = games.tell(say("This game was abandoned."), names, words)
        else:
            result = ""
        return Page(
            game.title,
            status,
            players,
            turn,
            history.log[-1].created_at if history.log else None,
            log,
            result,
            (games.tell(say("The start"), names, words), *history.captions[1:]),
            history.animated,
            len(history.log),
            told_in,
        )

    async def _history(self, table: Table) -> History:
        """The public history of ``table`` (replayed from the log once per step, then kept)."""
        game_id, step = table.record.id, table.record.step
        kept = self._histories.get(game_id)
        if kept is not None and kept.step == step:
            return kept
        rows, initial, entries = await read_log(self.store, table)
        told_rows = visibility.public_log(table.game, rows)
        told = {r.step for r in told_rows}
        entries = [e for e in entries if e.row.step in told]
        over = table.record.status in ("finished", "abandoned")
        names = self.sessions.picture_names(table)
        captions = ["The start"]
        animated = set()
        for number, entry in enumerate(entries, start=1):
            who = names[entry.row.seat] if entry.row.seat < len(names) else "?"
            shown = visibility.shown_notation(table.game, entry.row.notation, over=over)
            captions.append(f"{number}. {who}: {shown}")
            if any(e.kind in games.ANIMATED_KINDS and e.audience is None for e in entry.events):
                animated.add(number)
        history = History(
            step,
            (initial, *(e.after for e in entries)),
            tuple(captions),
            frozenset(animated),
            tuple(told_rows),
        )
        keep_newest(self._histories, game_id, history, HISTORIES_KEPT)
        return history

    # ------------------------------------------------------------------ pictures

    async def board(self, game_id: int, frame: int, told_in: str = SOURCE_LANGUAGE) -> Picture | None:
        """The public board of ``frame`` (None: no such frame), its words in ``told_in``."""
        return await self._picture(game_id, frame, "board", told_in)

    async def phone_board(self, game_id: int, frame: int, told_in: str = SOURCE_LANGUAGE) -> Picture | None:
        """The public board of ``frame`` drawn for a phone (without the panel, whose facts the
        page lists), as Discord shows it; its words in ``told_in``."""
        return await self._picture(game_id, frame, "phone", told_in)

    async def animation(self, game_id: int, frame: int, told_in: str = SOURCE_LANGUAGE) -> Picture | None:
        """The movement animation that led to ``frame`` (None: it has none), its words in ``told_in``."""
        return await self._picture(game_id, frame, "animation", told_in)

    async def _picture(self, game_id: int, frame: int, kind: str, told_in: str) -> Picture | None:
        table = await self.sessions.table(game_id)
        if table.state is None:
            return None
        history = await self._history(table)
        if not 0 <= frame < len(history.states) or (kind == "animation" and frame not in history.animated):
            return None
        key = (game_id, len(history.log), frame, kind, told_in)
        picture = self._pictures.get(key)
        if picture is None:
            state = history.states[frame]
            words = language(told_in)
            picture = (
                movement(table.with_state(state), self.sessions.picture_names(table), words)
                if kind == "animation"
                else self.sessions.tables.picture(
                    table.with_state(state), detailed=kind == "board", language=words
                )
            )  # "board": with its panel; "phone": the phone board
            keep_newest(self._pictures, key, picture, PICTURES_KEPT)
        return picture


def movement(table: Table, names: list[str], words: Language = ENGLISH) -> Picture:
    """The movement animation of ``table``'s public view (an Ice Lake reveal), with its alt text,
    its words in ``words``."""
    game, state = table.game, table.state
    return Picture(
        lambda: renderer.render_animation(game.view(state, None), names=names, language=words),
        describe=lambda: renderer.describe(game.view(state, None), names=names, language=words),
    )


def page_url(base_url: str, token: str) -> str:
    """A page's address under the web front end's public address."""
    return f"{base_url.rstrip('/')}/g/{token}"


def plain(text: str) -> str:
    """A message's text without its markdown (bold, code) and escapes, for a web page."""
    return unescaped(text.replace("**", "").replace("`", ""))
