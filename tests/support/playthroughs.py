"""Golden playthroughs: whole seeded games of every registered game kept as readable text, as
OpenSpiel keeps its ``integration_tests/playthroughs``.

A playthrough file (``tests/playthroughs/<game>-<n>p.txt``) holds a header (the game, its seat
count, options, seed and step cap) and then, step by step: the awaited seats and their prompts,
the legal actions of the seat that moves, its action's notation, the narration the rules produce
(each event with its audience, names filled in) and every view's text board
(:func:`renderer.render_text`, as the terminal prints it): the public view and each seat's. A view
is written in full at the start and the end; in between each step writes the lines that each
view lost (``-``) and gained (``+``) since its previous step, as a unified diff without context.

The actions are chosen from the seed alone: a seat among the awaited ones, then an action among
its legal ones sorted by notation, each with :func:`games.core.pick` on a generator seeded by
game, seat count and seed. Chance is the game's own (:func:`games.core.rng` inside ``apply``).
A game that has not ended at the step cap is cut there, and its header and end say so.

``tests/games/test_playthroughs.py`` replays every file: it follows the stored actions (not the
chooser), writes the playthrough again and fails at the first line that differs. After a
deliberate change of rules or wording, regenerate every file and read the diff before committing::

    python -m tests.support.playthroughs --regenerate

A regenerated file keeps its seed and step cap; a game registered since gets a new file with the
defaults below (``--regenerate NAME ...`` writes only those games).
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import games
import renderer
from games.core import Event, fill_names, pick
from games.registry import REGISTERED

#: Where the playthrough files live.
PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "playthroughs"
#: The seed of a new playthrough.
DEFAULT_SEED = 1
#: A new playthrough stops after this many steps if the game has not ended (keeps files small).
DEFAULT_STEP_CAP = 40
#: At most this many legal actions are written (sorted by notation); the count is always written.
LISTED_ACTIONS = 12

_ACTION_LINE = re.compile(r"^(P\d+) plays: (.*)$")


@dataclass(frozen=True)
class Setup:
    """What a playthrough is generated from: the game, its seats, options, seed and step cap."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    step_cap: int

    @property
    def file_name(self) -> str:
        return f"{self.game}-{self.players}p.txt"


@dataclass(frozen=True)
class Move:
    """One stored action: the seat that played it and its notation."""

    seat: int
    notation: str


def seat_counts(game: games.AnyGame) -> list[int]:
    """The seat counts a game is played at: its smallest and its largest."""
    return sorted({min(game.players), max(game.players)})


def default_setups() -> list[Setup]:
    """A playthrough of every registered game at each of :func:`seat_counts`, with its default
    options, :data:`DEFAULT_SEED` and :data:`DEFAULT_STEP_CAP`."""
    return [
        Setup(name, players, dict(game.options().to_mapping()), DEFAULT_SEED, DEFAULT_STEP_CAP)
        for name, registration in REGISTERED.items()
        for game in [registration.game]
        for players in seat_counts(game)
    ]


def seat_name(seat: int) -> str:
    return f"P{seat + 1}"


# --------------------------------------------------------------------------- writing


@dataclass
class _Writer:
    """The text of one playthrough, and each view's board at the step before."""

    game: games.AnyGame
    names: list[str]
    lines: list[str] = field(default_factory=list)
    boards: dict[int | None, list[str]] = field(default_factory=dict)

    def write(self, *lines: str) -> None:
        self.lines.extend(lines)

    def views(self, state: Any, *, whole: bool) -> None:
        """Every view's board of ``state``, the public one first: whole, or what changed. A seat's
        view that shows just the public board, or changed just as it did, says so."""
        public = self._board(state, None)
        public_changes = self._view("public", None, public, whole)
        for seat, name in enumerate(self.names):
            board = self._board(state, seat)
            label = f"-- view: {name} (seat {seat})"
            if board == public:
                self.write(f"{label}: same as public")
                self.boards[seat] = board
            elif not whole and public_changes and self._changes(seat, board) == public_changes:
                self.write(f"{label}: changed as public")
                self.boards[seat] = board
            else:
                self._view(label.removeprefix("-- view: "), seat, board, whole)

    def _board(self, state: Any, seat: int | None) -> list[str]:
        return renderer.render_text(self.game.view(state, seat), self.names).splitlines()

    def _view(self, label: str, seat: int | None, board: list[str], whole: bool) -> list[str]:
        """Write ``board`` whole or as its changes; return the changes written (none if whole)."""
        changes = [] if whole else self._changes(seat, board)
        if whole or seat not in self.boards:
            self.write(f"-- view: {label}", *(f"| {line}" for line in board))
        elif changes:
            self.write(f"-- view: {label}: changed", *changes)
        else:
            self.write(f"-- view: {label}: unchanged")
        self.boards[seat] = board
        return changes

    def _changes(self, seat: int | None, board: list[str]) -> list[str]:
        """The unified diff (no context, no file names) from ``seat``'s board at the step before."""
        diff = difflib.unified_diff(self.boards[seat], board, n=0, lineterm="")
        return [line for line in diff if not line.startswith(("---", "+++"))]

    def events(self, events: Sequence[Event]) -> None:
        for event in events:
            audience = (
                "all" if event.audience is None else ", ".join(self.names[s] for s in sorted(event.audience))
            )
            self.write(f"event ({event.kind}, to {audience}): {fill_names(event.text, self.names)}")

    def awaited(self, state: Any, awaited: Sequence[int]) -> None:
        self.write("awaited: " + ", ".join(self.names[seat] for seat in awaited))
        for seat in awaited:
            self.write(f"prompt {self.names[seat]}: {fill_names(self.game.prompt(state, seat), self.names)}")

    def legal(self, seat: int, notations: Sequence[str]) -> None:
        shown = ", ".join(notations[:LISTED_ACTIONS])
        more = f", ... {len(notations) - LISTED_ACTIONS} more" if len(notations) > LISTED_ACTIONS else ""
        self.write(f"legal {self.names[seat]} ({len(notations)}): {shown}{more}")

    def outcome(self, state: Any) -> None:
        outcome = self.game.outcome(state)
        if outcome is None:
            self.write("outcome: none yet")
            return
        winners = ", ".join(self.names[s] for s in sorted(outcome.winners)) or "nobody"
        scores = "none" if outcome.scores is None else ", ".join(map(str, outcome.scores))
        self.write(f"outcome: winners {winners}; scores {scores}")
        self.write(f"summary: {fill_names(outcome.summary, self.names)}")


def _header(setup: Setup, title: str) -> list[str]:
    return [
        f"Floe playthrough: {title}, {setup.players} players",
        "Regenerate after a deliberate change of rules or wording: python -m tests.support.playthroughs --regenerate",
        "Actions: a seat among the awaited, then an action among its legal ones sorted by notation,",
        "  each picked by a generator seeded with game, players and seed; chance is the game's own.",
        "Legal: the mover's legal actions sorted by notation (their count, the first ones).",
        "Views: the text boards, whole at the start and the end; at each step between, each view's",
        "  lines lost (-) and gained (+) since the step before (a unified diff without context);",
        "  a seat's view that shows the public board says 'same as public', one that changed",
        "  as the public board did 'changed as public'.",
        f"The game stops at the step cap if it has not ended by then (step cap: {setup.step_cap}).",
        "",
        f"game: {setup.game}",
        f"players: {setup.players}",
        f"options: {json.dumps(setup.options, sort_keys=True)}",
        f"seed: {setup.seed}",
        f"step cap: {setup.step_cap}",
    ]


def _chooser(setup: Setup) -> random.Random:
    return random.Random(f"playthrough:{setup.game}:{setup.players}:{setup.seed}")


def playthrough(setup: Setup, stored: Sequence[Move] | None = None) -> str:
    """The text of ``setup``'s playthrough; its actions are ``stored`` ones when given (a stored
    action the rules now refuse ends the text with the refusal), else chosen from the seed."""
    game = games.get(setup.game)
    names = [seat_name(seat) for seat in range(setup.players)]
    state = game.new_game(setup.players, game.options.from_mapping(setup.options), setup.seed)
    writer = _Writer(game, names, _header(setup, game.title))
    chooser = _chooser(setup)
    writer.write("", "== start")
    writer.views(state, whole=True)
    step = 0
    end = "the game is over"
    while awaited := sorted(game.to_act(state)):
        if step == setup.step_cap:
            end = "cut at the step cap"
            break
        step += 1
        writer.write("", f"== step {step}")
        writer.awaited(state, awaited)
        move = _next_move(game, state, awaited, chooser, stored, step - 1)
        if move is None:
            end = "the stored actions ran out"
            break
        legal = sorted(str(a) for a in game.legal_actions(state, move.seat))
        writer.legal(move.seat, legal)
        writer.write(f"{names[move.seat]} plays: {move.notation}")
        try:
            state, events = games.play(game, state, move.seat, game.parse_action(move.notation))
        except games.GameError as refusal:
            writer.write(f"refused: {refusal}")
            return "\n".join(writer.lines) + "\n"
        writer.events(events)
        writer.views(state, whole=False)
    writer.write("", f"== end after step {step}: {end}")
    writer.outcome(state)
    writer.views(state, whole=True)
    return "\n".join(writer.lines) + "\n"


def _next_move(
    game: games.AnyGame,
    state: Any,
    awaited: Sequence[int],
    chooser: random.Random,
    stored: Sequence[Move] | None,
    index: int,
) -> Move | None:
    """The stored move at ``index`` (``None`` past the last), else one chosen with ``chooser``."""
    if stored is not None:
        return stored[index] if index < len(stored) else None
    seat = pick(chooser, awaited)
    return Move(seat, pick(chooser, sorted(str(a) for a in game.legal_actions(state, seat))))


# --------------------------------------------------------------------------- reading


def read_setup(text: str) -> Setup:
    """The setup a playthrough file's header records."""
    fields = dict(line.split(": ", 1) for line in text.split("\n== start", 1)[0].splitlines() if ": " in line)
    return Setup(
        game=fields["game"],
        players=int(fields["players"]),
        options=json.loads(fields["options"]),
        seed=int(fields["seed"]),
        step_cap=int(fields["step cap"]),
    )


def read_moves(text: str) -> list[Move]:
    """The actions a playthrough file records, in order."""
    moves = []
    for line in text.splitlines():
        match = _ACTION_LINE.match(line)
        if match:
            moves.append(Move(int(match.group(1)[1:]) - 1, match.group(2)))
    return moves


def replay(text: str) -> str:
    """The playthrough written again from a stored file's setup and actions."""
    return playthrough(read_setup(text), read_moves(text))


def first_difference(stored: str, replayed: str) -> str | None:
    """Where ``replayed`` first departs from ``stored``: the line's step (or the header) and view,
    the two lines and a few lines of context; ``None`` when they are the same."""
    old, new = stored.splitlines(), replayed.splitlines()
    for number, (want, have) in enumerate(zip(old, new, strict=False)):
        if want != have:
            return _said(old, new, number)
    if len(old) == len(new):
        return None
    return _said(old, new, min(len(old), len(new)))


def _said(old: list[str], new: list[str], number: int) -> str:
    """The first difference at line ``number``: where it is, the two lines and their context."""
    want = old[number] if number < len(old) else "(the stored file ends here)"
    have = new[number] if number < len(new) else "(the replay ends here)"
    around = slice(max(0, number - 3), number + 4)
    context = difflib.unified_diff(old[around], new[around], "stored", "replayed", n=3, lineterm="")
    return "\n".join(
        [
            f"first difference at line {number + 1} ({_where(old, number)}):",
            f"  stored:   {want}",
            f"  replayed: {have}",
            *context,
        ]
    )


def _where(lines: list[str], number: int) -> str:
    """The step (or the header) line ``number`` belongs to, and the view it is in if any."""
    where: list[str] = ["the header"]
    for line in lines[:number]:
        if line.startswith("== "):
            where = [line.removeprefix("== ")]
        elif line.startswith("-- view: "):
            where = [where[0], "view: " + line.removeprefix("-- view: ").split(": ")[0]]
    return ", ".join(where)


def stored_files() -> list[Path]:
    return sorted(PLAYTHROUGHS.glob("*.txt"))


def games_without_playthroughs(directory: Path = PLAYTHROUGHS) -> list[str]:
    """The registered games with no playthrough file in ``directory``."""
    kept = {read_setup(path.read_text()).game for path in directory.glob("*.txt")}
    return sorted(name for name in REGISTERED if name not in kept)


# --------------------------------------------------------------------------- regenerating


def regenerate(only: Sequence[str] = ()) -> list[Path]:
    """Write the playthrough of every registered game (``only`` those named) afresh: each stored
    file with its own seed and step cap, a new one with the defaults. Returns the files written."""
    kept = {path.name: read_setup(path.read_text()) for path in stored_files()}
    written = []
    PLAYTHROUGHS.mkdir(exist_ok=True)
    for default in default_setups():
        if only and default.game not in only:
            continue
        stored = kept.get(default.file_name)
        setup = default if stored is None else _kept(default, stored)
        path = PLAYTHROUGHS / setup.file_name
        path.write_text(playthrough(setup))
        written.append(path)
    return written


def _kept(default: Setup, stored: Setup) -> Setup:
    """``stored``'s seed, step cap and options (over the defaults: an option added since shows)."""
    options = {**default.options, **stored.options}
    return Setup(default.game, default.players, options, stored.seed, stored.step_cap)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--regenerate", nargs="*", metavar="GAME", help="write the files again (all games, or those named)"
    )
    args = parser.parse_args(argv)
    if args.regenerate is None:
        parser.error("say --regenerate (optionally with game names)")
    for path in regenerate(args.regenerate):
        print(f"{path.relative_to(PLAYTHROUGHS.parents[1])}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
