"""The local terminal front end: every seat at one keyboard, through the real session service.

``floe play polar-derby --players 3`` runs :func:`run_local`. It uses the same
:class:`bot.core.sessions.Sessions` and :class:`storage.Store` as the Discord bot, so a local game
is stored, checked and replayed exactly like a game in a channel:

* The game lives in a SQLite file: a temporary one by default, or ``--db PATH`` to keep it. Each
  game name has its own negative "channel" id (:func:`local_channel`) with no guild, the case in
  which the session service lets one user hold several seats; here each seat gets its own local
  user id (1..N) so names and private notes stay per seat. With ``--db`` an open local game of
  the same name is resumed instead of starting a new one.
* After every move the text board (``renderer.render_text`` of the public view), the narration
  and the awaited seats with their numbered legal actions are printed; the board PNG (and the
  GIF when the move has an animated phase) goes to a folder as ``001.png``, ``002.png``...
* Hidden information: when a seat has something to hide (an Ice Lake plan, a Thin Ice card to
  keep), the keyboard is passed with a banner, only that seat's private view is printed, and its
  input is read without echo when stdin is a terminal. Private notes for a seat (events only it
  may see) wait until that seat is next asked.

The loop takes an injectable ``input_fn(prompt, secret)`` and ``output_fn(text)`` so tests drive
it with scripted input.
"""

from __future__ import annotations

import getpass
import logging
import re
import sqlite3
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
import renderer
from bot.core.sessions import NoGameHere, Reply, SessionError, Sessions, Table
from games import AnyGame, GameError, InvalidOptions, Seat
from storage import Store

log = logging.getLogger(__name__)

#: ``input_fn(prompt, secret) -> line``; raises ``EOFError`` (Ctrl-D) when input ends.
InputFn = Callable[[str, bool], str]
OutputFn = Callable[[str], None]

MAX_LISTED = 30  # at most this many legal actions are listed by number
BOARDS_ROOT = Path("floe-boards")
QUIT_WORDS = frozenset({"quit", "exit", "q"})
HELP = """Commands:
  <number>      play the numbered action from the list
  <notation>    play any legal move by its notation (e.g. "roll", "place C4", "plan SSLR")
  moves         list the legal actions again (an empty line does too)
  board         print the public board again
  view          print the private view of the seat being asked (its hand, its plan)
  log [page]    the move log (secret choices stay hidden until the game ends)
  resign        the seat being asked leaves the game
  help          this text
  quit          stop here (with --db the game can be resumed later)"""


def local_channel(game_name: str) -> int:
    """The channel id of local games of ``game_name``: negative (never a Discord id) and stable,
    so one database can keep one open local game of each kind."""
    return -1 - zlib.crc32(game_name.encode()) % 1_000_000_000


def terminal_input(prompt: str, secret: bool) -> str:
    """Read a line; secret input is not echoed when stdin is a terminal."""
    if secret and sys.stdin.isatty():
        return getpass.getpass(prompt)
    return input(prompt)


_TIMESTAMP = re.compile(r"<t:(\d+)(?::[a-zA-Z])?>")


def plain(text: str) -> str:
    """Discord markdown to terminal text: no bold or code marks, timestamps as local times."""

    def when(match: re.Match[str]) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(int(match.group(1))))

    text = _TIMESTAMP.sub(when, text)
    return text.replace("**", "").replace("`", "")


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """``["no-risk", "long_game=yes"]`` -> ``{"no_risk": True, "long_game": "yes"}``.

    A bare name switches the option on; values are converted by the game's options class.
    """
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not name:
            raise InvalidOptions(f"option {item!r} has no name (use name or name=value)")
        out[name] = value.strip() if sep else True
    return out


@dataclass
class BoardFolder:
    """Board pictures as ``001.png``, ``002.png``... (and ``NNN.gif`` beside an animated move)."""

    path: Path
    count: int = 0

    def __post_init__(self) -> None:
        numbers = [int(p.stem) for p in self.path.glob("*.png") if p.stem.isdigit()]
        self.count = max(numbers, default=0)  # a resumed game goes on numbering

    def save(self, image: bytes, animation: bytes | None = None) -> Path:
        self.path.mkdir(parents=True, exist_ok=True)
        self.count += 1
        png = self.path / f"{self.count:03d}.png"
        png.write_bytes(image)
        if animation:
            (self.path / f"{self.count:03d}.gif").write_bytes(animation)
        return png


def default_boards_dir(game_name: str) -> Path:
    return BOARDS_ROOT / f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}"


async def run_local(
    game: str,
    players: int | None,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    db: str | Path | None = None,
    boards: str | Path | None = None,
    names: Sequence[str] | None = None,
    input_fn: InputFn | None = None,
    output_fn: OutputFn | None = None,
) -> int:
    """Play ``game`` at one terminal; returns the exit code (0 played or quit, 2 bad arguments).

    ``players`` defaults to the game's smallest table. ``db`` keeps the game in that SQLite file
    (and resumes an open local game of the same name found there); without it the game lives in
    a temporary file. ``boards`` is the folder for board pictures (``None``: none written).
    """
    out: OutputFn = output_fn or print
    read: InputFn = input_fn or terminal_input
    try:
        rules = games.get(game)
    except InvalidOptions as err:
        out(f"floe: {err}")
        return 2
    with ExitStack() as stack:
        if db is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="floe-"))
            path, kept = str(Path(tmp) / "local.db"), False
        else:
            path, kept = str(db), True
        if not Path(path).parent.is_dir():
            out(f"floe: cannot keep the game in {path}: the folder {Path(path).parent} does not exist")
            return 2
        try:
            store = await Store.open(path)
        except (OSError, sqlite3.Error) as err:
            out(f"floe: cannot open the database {path}: {err}")
            return 2
        try:
            sessions = Sessions(store, namer=lambda user: f"Player {user}")
            if seed is not None:
                chosen = seed
                sessions.new_seed = lambda: chosen
            table = _LocalTable(
                sessions=sessions,
                rules=rules,
                channel=local_channel(rules.name),
                out=out,
                read=read,
                db=path if kept else None,
                boards=BoardFolder(Path(boards)) if boards is not None else None,
            )
            return await table.run(players, options or {}, names)
        finally:
            await store.close()
    return 0  # pragma: no cover - the with block always returns


@dataclass
class _LocalTable:
    sessions: Sessions
    rules: AnyGame
    channel: int
    out: OutputFn
    read: InputFn
    db: str | None
    boards: BoardFolder | None
    game_id: int = 0
    listed: list[str] = field(default_factory=list)
    last_seat: Seat | None = None
    notes: dict[int, list[str]] = field(default_factory=dict)
    #: The lines of the turn message shown last (an edit of it prints only what is new).
    turn_lines: list[str] = field(default_factory=list)

    # ------------------------------------------------------------------ setting up

    async def run(self, players: int | None, options: Mapping[str, Any], names: Sequence[str] | None) -> int:
        try:
            existing: Table | None = await self.sessions.table_in(self.channel)
        except NoGameHere:
            existing = None
        try:
            if existing is not None:
                reply = await self._resume(existing, players, options, names)
            else:
                reply = await self._start(players, options, names)
        except (GameError, SessionError) as err:
            self.out(f"floe: {err}")
            return 2
        if self.boards is not None:
            self.out(f"Board pictures go to {self.boards.path}/ (001.png, 002.png, ...).")
        self.out('Type "help" for commands.')
        if reply is not None:
            await self._show(reply)
        else:
            await self._show_board()
        return await self._loop()

    async def _start(
        self, players: int | None, options: Mapping[str, Any], names: Sequence[str] | None
    ) -> Reply:
        rules = self.rules
        allowed = rules.players
        n = allowed.start if players is None else players
        if n not in allowed:
            raise InvalidOptions(
                f"{rules.title} is for {allowed.start} to {allowed.stop - 1} players, not {n}"
            )
        rules.options.from_mapping(options)  # refuse bad options before anything is written
        given = [name.strip() for name in names or () if name.strip()]
        if len(given) > n:
            raise InvalidOptions(f"{len(given)} names for {n} players")
        for user in range(1, n + 1):
            if user <= len(given):
                await self.sessions.remember_name(user, given[user - 1])
        lobby = await self.sessions.new_game(
            channel_id=self.channel, guild_id=None, user_id=1, game_name=rules.name, options=options
        )
        assert lobby.game_id is not None
        self.game_id = lobby.game_id
        for user in range(2, n + 1):
            await self.sessions.join(self.channel, user, game_id=self.game_id)
        where = f"kept in {self.db}" if self.db else "in a temporary database (use --db FILE to keep it)"
        self.out(f"New {rules.title} game for {n} players, {where}.")
        return await self.sessions.start(self.channel, 1, game_id=self.game_id)

    async def _resume(
        self, table: Table, players: int | None, options: Mapping[str, Any], names: Sequence[str] | None
    ) -> Reply | None:
        self.game_id = table.record.id
        n = len(table.seats)
        self.out(
            f"Resuming the open {self.rules.title} game #{table.record.id} from {self.db} "
            f"({n} players, {table.record.step} moves so far)."
        )
        if (players is not None and players != n) or options:
            self.out("  (--players and --option apply to new games only; this one keeps its own.)")
        for seat, name in enumerate(name.strip() for name in names or ()):
            if seat < n and name:
                await self.sessions.remember_name(table.user_of(seat), name)
        if table.record.status == "lobby":  # stopped between opening and starting
            wanted = players if players is not None else max(n, self.rules.players.start)
            for user in range(n + 1, wanted + 1):
                await self.sessions.join(self.channel, user, game_id=self.game_id)
            return await self.sessions.start(self.channel, table.record.host_id, game_id=self.game_id)
        return None

    # ------------------------------------------------------------------ the loop

    async def _loop(self) -> int:
        while True:
            table = await self.sessions.table(self.game_id)
            if table.record.status != "active":
                self._finished(table)
                return 0
            awaited = sorted(table.game.to_act(table.state))
            seat = awaited[0]
            secret = self._secret(table, seat)
            if seat != self.last_seat or not self.listed:
                self._ask(table, awaited, seat, secret)
            name = self.sessions.name(table.user_of(seat))
            try:
                line = self.read(f"{name}{' (hidden input)' if secret else ''}> ", secret)
            except (EOFError, KeyboardInterrupt):
                self.out("")
                self._quit()
                return 0
            if not await self._handle(table, seat, line):
                self._quit()
                return 0

    def _secret(self, table: Table, seat: Seat) -> bool:
        """Whether ``seat`` chooses something the others must not see."""
        game = table.game
        if getattr(game, "secret_choices", False):
            return True
        return any(games.is_secret(a) for a in game.legal_actions(table.state, seat))

    def _ask(self, table: Table, awaited: list[Seat], seat: Seat, secret: bool) -> None:
        game, state = table.game, table.state
        names = self.sessions.names(table)
        if len(awaited) > 1:
            waiting = "; ".join(f"{names[s]}: {game.prompt(state, s)}" for s in awaited)
            self.out(f"Waiting for {waiting}.")
        if secret and seat != self.last_seat:
            self.out(f"\n===== {names[seat]}, your secret choice: the others look away =====")
        self.last_seat = seat
        private = renderer.render_text(game.view(state, seat), names)
        if private != renderer.render_text(game.view(state, None), names):
            self.out(f"--- {names[seat]}'s private view ---\n{private}\n---")
        elif secret:
            self.out(f"({names[seat]} sees nothing more than the board above.)")
        for note in self.notes.pop(table.user_of(seat), []):
            self.out(f"(for {names[seat]} only) {plain(note)}")
        self.out(f"{names[seat]}: {game.prompt(state, seat)}")
        self._list_actions(table, seat)

    def _list_actions(self, table: Table, seat: Seat) -> None:
        actions = list(table.game.legal_actions(table.state, seat))
        self.listed = [str(a) for a in actions[:MAX_LISTED]]
        for i, action in enumerate(actions[:MAX_LISTED], 1):
            label = getattr(action, "label", None)
            extra = f"  ({label})" if isinstance(label, str) and label and label != str(action) else ""
            self.out(f"  {i:>2}. {action}{extra}")
        if len(actions) > MAX_LISTED:
            self.out(f"  ... {len(actions) - MAX_LISTED} more: type any legal move")
        elif not actions:
            self.out("  (no listed actions: type a move)")

    async def _handle(self, table: Table, seat: Seat, line: str) -> bool:
        """Act on one line of input; False means quit."""
        text = " ".join(line.split())
        word = text.lower()
        first, _, rest = word.partition(" ")
        if not text or word in ("moves", "list"):
            self._ask(table, sorted(table.game.to_act(table.state)), seat, self._secret(table, seat))
            return True
        if word in QUIT_WORDS:
            return False
        if word in ("help", "?"):
            self.out(HELP)
            return True
        if word == "board":
            await self._show_board()
            return True
        if word == "view":
            names = self.sessions.names(table)
            self.out(renderer.render_text(table.game.view(table.state, seat), names))
            return True
        if first == "log" and (not rest or rest.isdigit()):
            self.out(plain(await self.sessions.log(self.channel, page=int(rest or 1), game_id=self.game_id)))
            return True
        if word == "resign":
            return await self._resign(table, seat)
        notation = text
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(self.listed):
                self.out(f"  ! pick a number from 1 to {len(self.listed)}, or type a move")
                return True
            notation = self.listed[index - 1]
        user = table.user_of(seat)
        try:
            reply = await self.sessions.act(self.channel, user, notation, seat=seat, game_id=self.game_id)
        except (GameError, SessionError) as err:
            self.out(f"  ! {err}")
            return True
        except Exception as err:  # a bug must not end the evening: report it and ask again
            log.exception("local move %r failed", notation)
            self.out(f"  ! internal error: {type(err).__name__}: {err}")
            return True
        self.listed = []
        # notes for the player at the keyboard show now, unless the choice was secret: then they
        # wait for that seat's next turn, so the next player does not find them on the screen
        await self._show(reply, here=None if self._secret(table, seat) else user)
        return True

    async def _resign(self, table: Table, seat: Seat) -> bool:
        name = self.sessions.name(table.user_of(seat))
        try:
            answer = self.read(f"{name}, really resign? (yes/no) ", False)
        except (EOFError, KeyboardInterrupt):
            return False
        if answer.strip().lower() not in ("y", "yes"):
            self.out("  Not resigned.")
            return True
        try:
            reply = await self.sessions.resign(self.channel, table.user_of(seat), game_id=self.game_id)
        except (GameError, SessionError) as err:
            self.out(f"  ! {err}")
            return True
        self.listed = []
        await self._show(reply)
        return True

    # ------------------------------------------------------------------ showing

    async def _show(self, reply: Reply, *, here: int | None = None) -> None:
        """A reply as the terminal sees it: board, narration, picture file, ack.

        Private notes for user ``here`` (at the keyboard now) are printed; the others wait until
        their seat is asked. A reply that edits the turn message (``Reply.edit``) repeats the
        turn's narration so far: only the lines after what it showed last time are printed."""
        table = await self.sessions.table(self.game_id)
        post = reply.post
        if post is not None:
            if table.state is not None:
                self.out("")
                self.out(renderer.render_text(table.game.view(table.state, None), self.sessions.names(table)))
            lines = post.text.splitlines()
            new = lines
            if reply.edit:  # skip what the same message showed already (its common beginning)
                same = 0
                while same < min(len(lines), len(self.turn_lines)) and lines[same] == self.turn_lines[same]:
                    same += 1
                new = lines[same:]
            self.turn_lines = lines
            if new:
                self.out(plain("\n".join(new)))
            if post.image is not None and self.boards is not None:
                png = self.boards.save(post.image, post.animation)
                gif = " (+ animation .gif)" if post.animation else ""
                self.out(f"[board: {png}{gif}]")
        for note in reply.notes:
            if note.user_id == here:
                self.out(f"(for {self.sessions.name(here)} only) {plain(note.text)}")
            else:
                self.notes.setdefault(note.user_id, []).append(note.text)
        if reply.ack:
            self.out(plain(reply.ack))

    async def _show_board(self) -> None:
        reply = await self.sessions.board(self.channel, game_id=self.game_id)
        await self._show(reply)

    def _finished(self, table: Table) -> None:
        status = table.record.status
        self.out(f"The game is {status}. {table.record.step} moves were played.")
        if self.boards is not None:
            self.out(f"Board pictures: {self.boards.path}/")
        if self.db is not None:
            self.out(f"The full record stays in {self.db}.")

    def _quit(self) -> None:
        if self.db is not None:
            self.out(f"Stopped. Resume with: floe play {self.rules.name} --db {self.db}")
        else:
            self.out(
                "Stopped. This game was in a temporary database and is gone; "
                f"start with --db FILE to be able to resume (floe play {self.rules.name} --db floe-local.db)."
            )
