"""The local terminal front end: every seat at one keyboard, through the real session service.

``floe play polar-derby --players 3`` runs :func:`run_local`. It uses the same
:class:`bot.core.sessions.Sessions` and :class:`storage.Store` as the Discord bot, so a local game
is stored, checked and replayed exactly like a game in a channel:

* The game lives in a SQLite file (temporary, or ``--db PATH`` to keep and resume it). Each game
  name has its own negative "channel" id (:func:`local_channel`) with no guild, where the session
  service lets one user hold several seats; each seat gets its own local user id (1..N).
* After every move the acknowledgement and the narration are printed; before the next prompt
  (once the computers have moved) the text board once, then the awaited seat's numbered legal
  actions, the first :data:`SHORT_LIST` of them (``moves`` lists them all). The board PNG (and
  GIF) of every move goes to a folder as ``001.png``... A seat's own lines (a hand, a drawn
  tile) are printed when they changed. What happened since a player's last turn is on the
  screen above, so posts carry no recap here (:data:`TERMINAL_WORDS`).
* Ctrl-C stops like Ctrl-D (the resume hint, exit 0), at a prompt or while a computer thinks:
  :func:`bot.terminal.screen.interrupts` turns it into the end of input at a prompt and cancels the game's task
  elsewhere; the computer's worker ignores it (:func:`bot.core.computers.ignore_interrupts`).
* A refused move at a secret prompt is told without what was typed (:func:`bot.terminal.screen.masked`).
* Hidden information: when a seat has something to hide
  (:func:`bot.core.visibility.asks_privately`, as Discord asks it in private), the keyboard is
  passed with a banner and only that seat's own lines are printed; only secret input is read
  without echo (``hidden`` asks for one secret line beside public moves). A seat's private notes
  wait until it is next asked; those confirming its own private choice are not printed.
* Computer seats (``--computer 2:normal``, ``--computer all``) are the core's
  (:mod:`bot.core.computers`), thinking in a worker process.
* The wording is the terminal's (:mod:`bot.terminal.words`), in the player's language: the
  session service is given :data:`TERMINAL_WORDS` ("type log" where Discord says "/game log");
  :func:`plain` only drops Discord's markdown and shows its timestamps as local times.

The loop takes an injectable ``input_fn(prompt, secret)`` and ``output_fn(text)`` so tests drive
it with scripted input. (This docstring is long because it is the one list of what the terminal
shows and when.)
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import tempfile
import zlib
from collections.abc import Callable, Mapping, Sequence
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.core import visibility
from bot.core.catalogue import (
    ENGLISH,
    AnyGame,
    GameError,
    InvalidOptions,
    Language,
    Said,
    Seat,
    Text,
    game_named,
    language,
    presentation_of,
    say,
    say_in,
    say_n,
    tell,
    text_board,
)
from bot.core.computers import Computers, PoolThinker, Thinker
from bot.core.databases import open_database
from bot.core.history import History
from bot.core.sessions import NoGameHere, Reply, SessionError, Sessions, Table
from bot.core.spectators import Spectators
from bot.core.tables import TableChanges
from bot.core.texts import MAX_MOVE_TEXT
from bot.terminal.arguments import ComputerSeats, seating
from bot.terminal.arguments import parse_computers as parse_computers  # where cli.py and tests find it
from bot.terminal.arguments import parse_options as parse_options
from bot.terminal.screen import BoardFolder, added_lines, interrupts, masked, short_list, terminal_input
from bot.terminal.screen import default_boards_dir as default_boards_dir  # where cli.py finds it
from bot.terminal.words import TERMINAL_WORDS, default_name, ended, help_text, plain, rulebook, rules_text

log = logging.getLogger(__name__)

#: ``input_fn(prompt, secret) -> line``; raises ``EOFError`` (Ctrl-D) when input ends.
InputFn = Callable[[str, bool], str]
OutputFn = Callable[[str], None]

MAX_LISTED = 200  # at most this many legal actions are listed by number at all
#: The rulebook is shown this many lines at a time (`rules full`).
PAGE_LINES = 20
#: The longest line taken as a move: the bot's limit on every typed answer.
MAX_LINE = MAX_MOVE_TEXT
QUIT_WORDS = frozenset({"quit", "exit", "q"})


def local_channel(game_name: str) -> int:
    """The channel id of local games of ``game_name``: negative (never a Discord id) and stable,
    so one database can keep one open local game of each kind."""
    return -1 - zlib.crc32(game_name.encode()) % 1_000_000_000


async def run_local(
    game: str,
    players: int | None,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    db: str | Path | None = None,
    boards: str | Path | None = None,
    names: Sequence[str] | None = None,
    computers: ComputerSeats | None = None,
    ai_iterations: int | None = None,
    lang: str = "en",
    web_url: str | None = None,
    think: Thinker | None = None,
    input_fn: InputFn | None = None,
    output_fn: OutputFn | None = None,
) -> int:
    """Play ``game`` at one terminal; returns the exit code (0 played or quit, 2 bad arguments).

    ``players`` defaults to the game's smallest table. With ``computers`` naming seats it counts
    the people at the keyboard (the computers' seats come on top); with ``computers.everyone``
    it counts the seats, all played by the computer. ``db`` keeps the game in that SQLite file
    (and resumes an open local game of the same name found there); without it the game lives in
    a temporary file. ``boards`` is the folder for board pictures (``None``: none written).
    ``ai_iterations`` fixes the computer's search budget (else each level's time budget);
    ``lang`` is the language of everything the games say here (a code of
    :data:`bot.core.readers.SPOKEN`, or the tests' pseudo-language), the terminal's own words
    too. ``web_url``: the game's page is served from ``db`` at that address (``floe web`` on the
    same database), so its address is printed. ``think`` replaces the worker-process thinker (tests).
    """
    out: OutputFn = output_fn or print
    read: InputFn = input_fn or terminal_input
    words = language(lang)
    try:
        rules = game_named(game)
    except InvalidOptions as err:
        out(f"floe: {tell(err.said, (), words)}")
        return 2
    async with AsyncExitStack() as stack:
        if db is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="floe-"))
            path, kept = str(Path(tmp) / "local.db"), False
        else:
            path, kept = str(db), True
        if not Path(path).parent.is_dir():
            said = say(
                "cannot keep the game in {file}: the folder {folder} does not exist",
                file=path,
                folder=str(Path(path).parent),
            )
            out(f"floe: {tell(said, (), words)}")
            return 2
        try:
            opened = await stack.enter_async_context(
                open_database(path, namer=lambda user: default_name(user, words), words=TERMINAL_WORDS)
            )
        except (OSError, sqlite3.Error) as err:
            said = say("cannot open the database {file}: {error}", file=path, error=str(err))
            out(f"floe: {tell(said, (), words)}")
            return 2
        opened.sessions.readers.everyone = lang  # the one reader at this keyboard
        if seed is not None:
            chosen = seed
            opened.sessions.new_seed = lambda: chosen
        thinker = think
        if thinker is None:
            pool = PoolThinker(iterations=ai_iterations)
            stack.callback(pool.close)
            thinker = pool
        table = _LocalTable(
            sessions=opened.sessions,
            history=opened.history,
            tables=opened.tables,
            rules=rules,
            channel=local_channel(rules.name),
            out=out,
            read=read,
            db=path if kept else None,
            boards=BoardFolder(Path(boards)) if boards is not None else None,
            computers=opened.computers(thinker),
            language=words,
            pages=(opened.spectators(), web_url) if web_url and kept else None,
        )
        with interrupts(table):
            try:
                return await table.run(players, options or {}, names, computers or ComputerSeats())
            except asyncio.CancelledError:
                if not table.interrupted:
                    raise
                task = asyncio.current_task()
                if task is not None:
                    task.uncancel()  # the cancel was ours: the game stops as on Ctrl-D
                table.out("")
                table._quit()
                return 0
    return 0  # pragma: no cover (mypy: the stack does not swallow exceptions)


@dataclass
class _LocalTable:
    sessions: Sessions
    history: History
    tables: TableChanges
    rules: AnyGame
    channel: int
    out: OutputFn
    read: InputFn
    db: str | None
    boards: BoardFolder | None
    computers: Computers
    #: Everything here is told in this language: what the games say and the terminal's own words.
    language: Language = ENGLISH
    #: The games' pages and the address they are served at, when this game's page is (its
    #: address is printed at the start).
    pages: tuple[Spectators, str] | None = None
    game_id: int = 0
    listed: list[str] = field(default_factory=list)
    last_seat: Seat | None = None
    #: Per seat, the lines of its private view shown last (printed again only when they change).
    private_shown: dict[Seat, list[str]] = field(default_factory=dict)
    notes: dict[int, list[str]] = field(default_factory=dict)
    #: The lines of the turn message shown last (an edit of it prints only what is new).
    turn_lines: list[str] = field(default_factory=list)
    #: Whether the board changed since it was printed last (it is printed before the next prompt).
    board_owed: bool = False
    #: The newest board picture saved and not yet named on screen, and whether a .gif came with it.
    picture_owed: tuple[Path, bool] | None = None
    #: Whether a line is being read now (Ctrl-C ends the input then: :func:`bot.terminal.screen.interrupts`).
    reading: bool = False
    #: Whether Ctrl-C stopped the game.
    interrupted: bool = False

    # ------------------------------------------------------------------ setting up

    async def run(
        self,
        players: int | None,
        options: Mapping[str, Any],
        names: Sequence[str] | None,
        computers: ComputerSeats,
    ) -> int:
        try:
            existing: Table | None = await self.sessions.table_in(self.channel)
        except NoGameHere:
            existing = None
        try:
            if existing is not None:
                reply = await self._resume(existing, players, options, names)
                if computers:
                    self._say(
                        say(
                            "  ({option} applies to new games only; this one keeps its seats.)",
                            option="--computer",
                        )
                    )
            else:
                reply = await self._start(players, options, names, computers)
        except (GameError, SessionError) as err:
            self.out(f"floe: {self._refusal(err)}")
            return 2
        if self.boards is not None:
            self._say(
                say("Board pictures go to {folder}/ (001.png, 002.png, ...).", folder=str(self.boards.path))
            )
        if self.pages is not None:
            spectators, web_url = self.pages
            address = await spectators.address(web_url, self.game_id)
            self._say(say("This game's page on the web: {address}", address=address))
        self._say(say('Type "{command}" for commands.', command="help"))
        if reply is not None:
            await self._show(reply)
        else:
            await self._show_board()
        return await self._loop()

    async def _start(
        self,
        players: int | None,
        options: Mapping[str, Any],
        names: Sequence[str] | None,
        computers: ComputerSeats,
    ) -> Reply:
        rules = self.rules
        n, chosen = seating(self.rules, players, computers)
        rules.options.from_mapping(options)  # refuse bad options before anything is written
        people = [user for user in range(1, n + 1) if user - 1 not in chosen]
        given = [name.strip() for name in names or () if name.strip()]
        if len(given) > len(people):
            raise InvalidOptions(
                say_n(
                    "{names} names for {n} player at this keyboard",
                    "{names} names for {n} players at this keyboard",
                    len(people),
                    names=len(given),
                )
            )
        for user, name in zip(people, given, strict=False):
            await self.sessions.remember_name(user, name)
        lobby = await self.sessions.new_game(
            channel_id=self.channel, guild_id=None, user_id=1, game_name=rules.name, options=options
        )
        assert lobby.game_id is not None
        self.game_id = lobby.game_id
        for user in range(2, n + 1):
            await self.sessions.join(self.channel, user, game_id=self.game_id)
        for seat, level in sorted(chosen.items()):
            await self.tables.seat_computers(self.game_id, seat + 1, level, intro="")
        self._say(
            say_n(
                "New {game} game for {n} player, kept in {file}.",
                "New {game} game for {n} players, kept in {file}.",
                n,
                game=rules.title,
                file=self.db,
            )
            if self.db
            else say_n(
                "New {game} game for {n} player, in a temporary database (use {option} to keep it).",
                "New {game} game for {n} players, in a temporary database (use {option} to keep it).",
                n,
                game=rules.title,
                option="--db FILE",
            )
        )
        # the keyboard holds every power: the host's seat may be a computer's by now
        return await self.sessions.start(self.channel, 1, game_id=self.game_id, moderator=True)

    async def _resume(
        self, table: Table, players: int | None, options: Mapping[str, Any], names: Sequence[str] | None
    ) -> Reply | None:
        self.game_id = table.record.id
        n = len(table.seats)
        self._say(
            say(
                "Resuming the open {game} game #{number} from {file} ({players}, {moves} so far).",
                game=self.rules.title,
                number=table.record.id,
                file=str(self.db),
                players=say_n("{n} player", "{n} players", n),
                moves=say_n("{n} move", "{n} moves", table.record.step),
            )
        )
        if (players is not None and players != n) or options:
            self._say(
                say(
                    "  ({players} and {options} apply to new games only; this one keeps its own.)",
                    players="--players",
                    options="--option",
                )
            )
        for seat, name in enumerate(name.strip() for name in names or ()):
            if seat < n and name:
                await self.sessions.remember_name(table.user_of(seat), name)
        if table.record.status == "lobby":  # stopped between opening and starting
            wanted = players if players is not None else max(n, self.rules.players.start)
            for user in range(n + 1, wanted + 1):
                await self.sessions.join(self.channel, user, game_id=self.game_id)
            return await self.sessions.start(
                self.channel, table.record.host_id, game_id=self.game_id, moderator=True
            )
        return None

    # ------------------------------------------------------------------ the loop

    async def _loop(self) -> int:
        while True:
            table = await self.sessions.table(self.game_id)
            if table.record.status != "active":
                await self._finished(table)
                return 0
            awaited = sorted(table.game.to_act(table.state))
            if any(table.is_computer(s) for s in awaited):
                if not await self._computer_moves(table):
                    self._quit()
                    return 0
                if all(table.is_computer(s) for s in range(len(table.seats))):
                    await self._owed_board()  # nobody is asked: each move's board is watched
                continue
            seat = awaited[0]
            secret = self._secret(table, seat)
            await self._owed_board()
            if seat != self.last_seat or not self.listed:
                self._ask(table, awaited, seat, secret)
            name = self.sessions.name(table.user_of(seat))
            hidden = self._secret_input(table, seat)
            try:
                line = self._read(self._prompt(name, hidden), hidden)
            except (EOFError, KeyboardInterrupt):
                self.out("")
                self._quit()
                return 0
            if not await self._handle(table, seat, line):
                self._quit()
                return 0

    async def _computer_moves(self, table: Table) -> bool:
        """Play the awaited computer seat (the core's computer player); False if it could not."""
        seat = next(s for s in sorted(table.game.to_act(table.state)) if table.is_computer(s))
        name = self.sessions.name(table.user_of(seat))  # the board already says it is thinking
        try:
            reply = await self.computers.move_once(self.game_id)
        except Exception as err:  # a bug must not end the evening silently: say so and stop
            log.exception("computer move failed")
            self._say(say("  ! the computer could not move ({error})", error=f"{type(err).__name__}: {err}"))
            return False
        if reply is None:
            self._say(say("  ! {name} found no move it could play.", name=name))
            return False
        self.listed = []
        await self._show(reply, computer=True)
        return True

    def _secret(self, table: Table, seat: Seat) -> bool:
        """Whether what ``seat`` is shown (its view, its choices) must be hidden from the others."""
        return visibility.asks_privately(table.game, table.state, seat)

    def _secret_input(self, table: Table, seat: Seat) -> bool:
        """Whether the next line is read without echo: only when every choice is secret."""
        return visibility.only_secret_choices(table.game.legal_actions(table.state, seat))

    def _read(self, prompt: str, secret: bool) -> str:
        """A line from the keyboard (Ctrl-C there raises :class:`KeyboardInterrupt`)."""
        self.reading = True
        try:
            return self.read(prompt, secret)
        finally:
            self.reading = False

    def _ask(self, table: Table, awaited: list[Seat], seat: Seat, secret: bool, full: bool = False) -> None:
        game, state = table.game, table.state
        names = self.sessions.names(table)
        if len(awaited) > 1:
            # every seat reads this line: the public prompts (bot.core.visibility)
            waiting = "; ".join(
                self._told(self._asks(names[s], visibility.public_prompt(game, state, s, self.language)))
                for s in awaited
            )
            self._say(say("Waiting for {who}.", who=waiting))
        if secret and seat != self.last_seat:
            self.out("")
            self._say(say("===== {name}, your secret choice: the others look away =====", name=names[seat]))
        self.last_seat = seat
        own = self._private_lines(table, seat)
        if own and own != self.private_shown.get(seat):
            self._say(say("--- only {name} sees ---", name=names[seat]))
            self.out("\n".join(own) + "\n---")
        elif secret and not own:
            self._say(say("({name} sees nothing more than the board above.)", name=names[seat]))
        self.private_shown[seat] = own
        asked = tell(game.prompt(state, seat), names, self.language)
        for note in self.notes.pop(table.user_of(seat), []):
            first = plain(note).split("\n")[0].strip(" .")
            if first != f"{game.title}: {asked}":  # an invitation saying the prompt below
                self._say(say("(for {name} only) {note}", name=names[seat], note=plain(note)))
        self._say(self._asks(names[seat], asked))
        self._list_actions(table, seat, full)

    def _private_lines(self, table: Table, seat: Seat) -> list[str]:
        """The lines of ``seat``'s view that the public board lacks (its hand, its tile)."""
        names = self.sessions.names(table)
        public = text_board(table.game, table.playing_state, None, names, self.language).splitlines()
        left = {line: public.count(line) for line in public}
        own = []
        for line in text_board(table.game, table.playing_state, seat, names, self.language).splitlines():
            if left.get(line, 0):
                left[line] -= 1
            else:
                own.append(line)
        return own

    def _list_actions(self, table: Table, seat: Seat, full: bool = False) -> None:
        """The numbered legal actions: a few of each kind (:func:`short_list`), or up to
        :data:`MAX_LISTED` when ``full`` (``moves``). A number plays the same action in both."""
        actions = list(table.game.legal_actions(table.state, seat))
        self.listed = [str(a) for a in actions[:MAX_LISTED]]
        labelled = presentation_of(table.game).action_label
        shown = list(range(len(self.listed))) if full else short_list(self.listed)
        for i in shown:
            action = actions[i]
            label = tell(labelled(action), (), self.language)
            extra = (
                f"  ({label})" if label and label.lower() != str(action).lower() else ""
            )  # not the notation again
            self.out(f"  {i + 1:>2}. {action}{extra}")
        # a menu of secret choices is a sample of what may be typed (an Ice Lake plan)
        sample = visibility.only_secret_choices(actions)
        if not full and len(shown) < len(actions):
            self._say(
                say(
                    "  ... (more than these: type any choice the prompt above allows, or {command} for more)",
                    command="moves",
                )
                if sample
                else say(
                    "  … {n} more: type {command} to see all", n=len(actions) - len(shown), command="moves"
                )
            )
        elif sample:
            self._say(say("  ... (more than these: type any choice the prompt above allows)"))
        elif len(actions) > MAX_LISTED:
            self._say(say("  ... {n} more: type any legal move", n=len(actions) - MAX_LISTED))
        elif not actions:
            self._say(say("  (no listed actions: type a move)"))

    async def _handle(self, table: Table, seat: Seat, line: str) -> bool:
        """Act on one line of input; False means quit."""
        if len(line) > MAX_LINE:
            self._say(
                say(
                    "  ! that line is {length} characters long; a move is at most {n}. "
                    "Nothing was played: type the move again.",
                    length=len(line),
                    n=MAX_LINE,
                )
            )
            return True
        text = " ".join(line.split())
        word = text.lower()
        first, _, rest = word.partition(" ")
        if not text or word in ("moves", "list"):
            awaited = sorted(table.game.to_act(table.state))
            self._ask(table, awaited, seat, self._secret(table, seat), full=bool(text))
            return True
        if word in QUIT_WORDS:
            return False
        if word in ("help", "?"):
            self.out(help_text(self.language))
            return True
        if word == "board":
            await self._show_board()
            await self._owed_board()
            return True
        if word == "view":
            names = self.sessions.names(table)
            self.out(text_board(table.game, table.playing_state, seat, names, self.language))
            self.private_shown[seat] = self._private_lines(table, seat)
            return True
        if first == "log" and (not rest or rest.isdigit()):
            told = await self.sessions.log(
                self.channel, page=int(rest or 1), game_id=self.game_id, language=self.language
            )
            self.out(plain(told))
            return True
        if word == "resign":
            return await self._resign(table, seat)
        if word == "undo":
            await self._undo(table, seat)
            return True
        if word == "rules":
            self.out(rules_text(self.rules, self.language))
            return True
        if word == "rules full":
            return self._page(rulebook(self.rules, self.language))
        if word == "hidden":
            name = self.sessions.name(table.user_of(seat))
            try:
                text = " ".join(self._read(self._prompt(name, True), True).split())
            except (EOFError, KeyboardInterrupt):
                return False
            if not text or len(text) > MAX_LINE:
                self._say(say("  ! a move of 1 to {n} characters, please. Nothing was played.", n=MAX_LINE))
                return True
        notation = text
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.listed):
                self._say(say("  ! pick a number from 1 to {n}, or type a move", n=len(self.listed)))
                return True
            notation = self.listed[index - 1]
        user = table.user_of(seat)
        try:
            reply = await self.sessions.act(self.channel, user, notation, seat=seat, game_id=self.game_id)
        except (GameError, SessionError) as err:
            refusal = self._refusal(err, table)
            if word == "hidden" or self._secret_input(table, seat):
                # the others at the screen must not read it; the commands typed may stay
                commands = {a.partition(" ")[0] for a in self.listed}
                refusal = masked(refusal, text, commands)
            self.out(f"  ! {refusal}")
            return True
        except Exception as err:  # a bug must not end the evening: report it and ask again
            log.exception("local move %r failed", notation)
            self._say(say("  ! internal error: {error}", error=f"{type(err).__name__}: {err}"))
            return True
        self.listed = []
        if visibility.is_private_notation(table.game, notation):
            # a private choice is confirmed without echo ("Your choice is in"); the notes it
            # brings its maker ("Your plan: SL") would show it on the shared screen, or stale at
            # that seat's next turn: its private view shows what changed instead
            await self._show(reply, drop=user)
            return True
        # notes for the player at the keyboard show now, unless the seat is asked in private:
        # then they wait for that seat's next turn, so the next player does not find them
        await self._show(reply, here=None if self._secret(table, seat) else user)
        return True

    def _refusal(self, err: GameError | SessionError, table: Table | None = None) -> str:
        """A refusal as the terminal prints it, in the language here: a game's with its seats
        named by ``table``'s names, the session service's as it says it."""
        if isinstance(err, GameError):
            names = self.sessions.names(table) if table is not None else []
            return plain(tell(err.said, names, self.language))
        return plain(tell(err.said, (), self.language))

    def _told(self, said: Text) -> str:
        """``said`` in the language here."""
        return tell(said, (), self.language)

    def _say(self, said: Text) -> None:
        """Print ``said`` in the language here."""
        self.out(self._told(said))

    def _asks(self, name: str, asked: str) -> Said:
        """A player's name and what they are asked ("Ann: roll or stop")."""
        return say("{name}: {asked}", name=name, asked=asked)

    def _prompt(self, name: str, hidden: bool) -> str:
        """The prompt that reads ``name``'s line (``hidden``: read without echo)."""
        shown = self._told(say("{name} (hidden input)", name=name)) if hidden else name
        return f"{shown}> "

    def _page(self, text: str) -> bool:
        """Print ``text`` a screenful (:data:`PAGE_LINES`) at a time: Enter for more, q to stop.
        False when input ended."""
        lines = text.splitlines()
        for start in range(0, len(lines), PAGE_LINES):
            self.out("\n".join(lines[start : start + PAGE_LINES]))
            if start + PAGE_LINES >= len(lines):
                break
            shown = min(start + PAGE_LINES, len(lines))
            asked = say(
                "-- {shown} of {n} lines: Enter for more, {stop} to stop -- ",
                shown=shown,
                n=len(lines),
                stop="q",
            )
            try:
                answer = self._read(self._told(asked), False)
            except (EOFError, KeyboardInterrupt):
                return False
            if answer.strip().lower() in QUIT_WORDS:
                break
        return True

    async def _undo(self, table: Table, seat: Seat) -> None:
        """Take back the newest move when the core allows it. The keyboard is shared, so the move
        is taken back for whoever made it, unless a computer made it (it already answered)."""
        _, _, entries = await self.history.load(table)
        last = entries[-1].row.seat if entries else seat
        user = table.user_of(seat if table.is_computer(last) else last)
        try:
            reply = await self.history.undo(self.channel, user, game_id=self.game_id)
        except (GameError, SessionError) as err:
            self.out(f"  ! {self._refusal(err, table)}")
            return
        self.listed = []
        self.last_seat = None
        await self._show(reply)

    async def _resign(self, table: Table, seat: Seat) -> bool:
        name = self.sessions.name(table.user_of(seat))
        yes, no = self._told(say_in("typed answer", "yes")), self._told(say_in("typed answer", "no"))
        try:
            answer = self._read(
                self._told(say("{name}, really resign? ({yes}/{no}) ", name=name, yes=yes, no=no)), False
            )
        except (EOFError, KeyboardInterrupt):
            return False
        if answer.strip().lower() not in {"y", "yes", yes.lower(), yes[:1].lower()}:
            self._say(say("  Not resigned."))
            return True
        try:
            reply = await self.sessions.resign(self.channel, table.user_of(seat), game_id=self.game_id)
        except (GameError, SessionError) as err:
            self.out(f"  ! {self._refusal(err, table)}")
            return True
        self.listed = []
        await self._show(reply)
        return True

    # ------------------------------------------------------------------ showing

    async def _show(
        self, reply: Reply, *, here: int | None = None, drop: int | None = None, computer: bool = False
    ) -> None:
        """A reply as the terminal sees it: the ack first (before the narration of what the move
        started), then the narration; the board and the picture file wait for the next prompt
        (:meth:`_owed_board`), so several moves in a row print one board.

        Private notes for user ``here`` (at the keyboard now) are printed, those for ``drop`` (the
        maker of a private choice) are left out; the others wait until their seat is asked. A
        reply that edits the turn message (``Reply.edit``) repeats the turn's narration so far:
        only the lines after what it showed last time are printed."""
        table = await self.sessions.table(self.game_id)
        if reply.ack and not computer:  # "You played ..." is for the person at the keyboard, first
            self.out(plain(reply.ack))
        post = reply.post
        if post is not None:
            self.board_owed = self.board_owed or table.state is not None
            lines = post.text.splitlines()
            new = lines
            if reply.edit:  # skip what the same message showed already
                new = added_lines(self.turn_lines, lines)
            self.turn_lines = lines
            if new:
                self.out(plain("\n".join(new)))
            image = await post.image.data() if post.image is not None and self.boards is not None else None
            if image is not None and self.boards is not None:
                animation = await post.animation.data() if post.animation is not None else None
                self.picture_owed = (self.boards.save(image, animation), animation is not None)
        for note in reply.notes:
            if note.user_id == drop:
                continue
            if note.user_id == here:
                self._say(
                    say("(for {name} only) {note}", name=self.sessions.name(here), note=plain(note.text))
                )
            else:
                self.notes.setdefault(note.user_id, []).append(note.text)

    async def _owed_board(self) -> None:
        """The board as it stands, if it changed since it was printed, and its newest picture."""
        if self.board_owed:
            self.board_owed = False
            table = await self.sessions.table(self.game_id)
            if table.state is not None:
                self.out("")
                self.out(text_board(table.game, table.state, None, self.sessions.names(table), self.language))
        if self.picture_owed is not None:
            png, animated = self.picture_owed
            self.picture_owed = None
            self._say(
                say("[board: {file} (+ animation .gif)]", file=str(png))
                if animated
                else say("[board: {file}]", file=str(png))
            )

    async def _show_board(self) -> None:
        reply = await self.sessions.board(self.channel, game_id=self.game_id)
        await self._show(reply)

    async def _finished(self, table: Table) -> None:
        await self._owed_board()
        _, _, entries = await self.history.load(table)
        moves = len(entries)  # the moves that stand (not an undone one), as the board counts them
        self._say(ended(table.record.status, moves))
        if self.boards is not None:
            self._say(say("Board pictures: {folder}/", folder=str(self.boards.path)))
        if self.db is not None:
            self._say(say("The full record stays in {file}.", file=self.db))

    def _quit(self) -> None:
        if self.db is not None:
            self._say(
                say("Stopped. Resume with: {command}", command=f"floe play {self.rules.name} --db {self.db}")
            )
        else:
            self._say(
                say(
                    "Stopped. This game was in a temporary database and is gone; "
                    "start with {option} to be able to resume ({command}).",
                    option="--db FILE",
                    command=f"floe play {self.rules.name} --db floe-local.db",
                )
            )
