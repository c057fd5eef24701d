"""What the terminal prints and reads around the games, apart from the loop that plays them
(:mod:`bot.terminal.local`): which actions a prompt lists, what an edited turn message adds, a
refusal that must not show a secret, Ctrl-C, a line read without echo and the board pictures."""

from __future__ import annotations

import asyncio
import difflib
import getpass
import re
import signal
import sys
import threading
import time
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

BOARDS_ROOT = Path("floe-boards")
#: At most this many legal actions are listed by number with each prompt (``moves``: all of them).
SHORT_LIST = 10


class Interruptible(Protocol):
    """A terminal table as Ctrl-C sees it."""

    #: Whether a line is being read now (Ctrl-C ends the input then).
    reading: bool
    #: Whether Ctrl-C stopped the game.
    interrupted: bool


@contextmanager
def interrupts(table: Interruptible) -> Iterator[None]:
    """Ctrl-C while ``table`` runs: at a prompt it ends the input (like Ctrl-D: the line read
    raises :class:`KeyboardInterrupt`), elsewhere (a computer thinking, a move being stored) it
    cancels the game's task once, which :func:`bot.terminal.local.run_local` ends as Ctrl-D does. Without it
    asyncio's own handler cancels the task without interrupting a prompt, so the next line typed
    was read and lost. Only the main thread receives signals; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()

    def interrupted(signum: int, frame: object) -> None:
        if table.reading:
            raise KeyboardInterrupt
        if task is not None and not table.interrupted:
            table.interrupted = True
            task.cancel()
            loop.call_soon_threadsafe(lambda: None)  # wake the loop from its wait

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def added_lines(before: Sequence[str], after: Sequence[str]) -> list[str]:
    """The lines of a message's edit (``after``) that its text ``before`` lacked. The message
    narrates the turn so far within a size: it keeps its first line and the newest lines, says
    how many it left out between in a line beginning with "…" (not printed: those lines were,
    as they came), and may end with a line or two on whose turn it is. What ``after`` adds
    follows the end of ``before``'s narration."""
    old = [line for line in before if not line.startswith("…")]
    new = [line for line in after if not line.startswith("…")]
    if old and new and old[0] == new[0]:
        old, new = old[1:], new[1:]  # the line that began the turn stays on top
    for status in range(min(len(old), 3)):  # the closing lines of ``before`` may have moved
        told = old[: len(old) - status]
        for start in range(len(told)):
            if new[: len(told) - start] == told[start:]:
                added, closing = new[len(told) - start :], old[len(told) :]
                if closing and added[-len(closing) :] == closing:
                    added = added[: -len(closing)]  # still whose turn it is: printed already
                return added
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [
        line
        for tag, _, _, j1, j2 in matcher.get_opcodes()
        if tag in ("insert", "replace")
        for line in new[j1:j2]
    ]


def short_list(notations: Sequence[str], size: int = SHORT_LIST) -> list[int]:
    """The indexes of at most ``size`` of ``notations`` to list with a prompt: the first of each
    kind (its first word: "move", "slide", "order"...) in turn, so a long run of one kind (every
    free cell) hides no other kind; in their order."""
    kinds: dict[str, list[int]] = {}
    for i, notation in enumerate(notations):
        kinds.setdefault(notation.partition(" ")[0], []).append(i)
    chosen: list[int] = []
    queues = list(kinds.values())
    while len(chosen) < size and any(queues):
        for queue in queues:
            if queue and len(chosen) < size:
                chosen.append(queue.pop(0))
    return sorted(chosen)


def masked(refusal: str, typed: str, commands: Collection[str] = ()) -> str:
    """``refusal`` without what was ``typed`` (a secret choice, refused on a shared screen): the
    whole line and each of its words but the ``commands`` ("plan", "order") are shown as "…",
    in any case, wherever they stand as words."""
    kept = {c.lower() for c in commands}
    hidden = {typed.strip(), *(w for w in typed.split() if w.lower() not in kept)}
    for part in sorted((p for p in hidden if len(p) >= 2), key=len, reverse=True):
        refusal = re.sub(rf"(?<![\w-]){re.escape(part)}(?![\w-])", "…", refusal, flags=re.IGNORECASE)
    return refusal


def terminal_input(prompt: str, secret: bool) -> str:
    """Read a line; secret input is not echoed when stdin is a terminal."""
    if secret and sys.stdin.isatty():
        return getpass.getpass(prompt)
    return input(prompt)


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
