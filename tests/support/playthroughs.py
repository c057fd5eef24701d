"""Golden playthroughs: whole seeded games of every registered game kept as readable text, as
OpenSpiel keeps its ``integration_tests/playthroughs``.

A playthrough file (``tests/playthroughs/<game>-<n>p.txt``) holds a header (the game, its seat
count, options, seed, the policy that chose its actions and the step cap) and then, step by step:
the awaited seats and their prompts, the legal actions of the seat that moves, its action's
notation, the narration the rules produce (each event with its audience, names filled in) and
every view's text board (:func:`renderer.render_text`, as the terminal prints it): the public view
and each seat's. A view is written in full at the start and the end; in between each step writes
the lines the public view lost (``-``) and gained (``+``) since the step before, as a unified diff
without context, and a seat's view as the public board with its own lines (the diff from the
public board to the seat's, written only when it changed). Every file is a whole game: it ends
with the game's outcome.

The policy: a generator seeded by game, seat count and seed (:func:`games.core.pick`) picks the
seat among the awaited ones and draws a seed for the choice; the action is then the game's own
computer player's at its ``easy`` level, ``ai.choose(game, the seat's view, seat, "easy", seed)``
(it sees only that seat's view, makes progress where uniform random play can wander without end,
and depends on nothing but its seed: no clock, no hash order, so the files come out the same
under any ``PYTHONHASHSEED``). A game without a computer player gets an action among its legal
ones sorted by notation, picked by the same generator. Chance is the game's own
(:func:`games.core.rng` inside ``apply``). The step cap is a safety net: a game that has not
ended under it is not stored (:class:`GameDidNotEnd`).

``tests/games/test_playthroughs.py`` replays every file: it follows the stored actions (not the
policy), writes the playthrough again and fails at the first line that differs; it also checks
that every file ends with the outcome. ``tests/ai/test_playthrough_policy.py`` checks that the
stored actions are still the policy's, so a change to a computer player asks for the files again.
After a deliberate change of rules, wording or computer players, regenerate every file and read
the diff before committing::

    python -m tests.support.playthroughs --regenerate

A regenerated file keeps its seed and options; a game registered since gets a new file with the
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

import ai
import games
import renderer
from games.core import Event, pick, randbelow
from games.registry import REGISTERED
from games.words import tell

#: Where the playthrough files live.
PLAYTHROUGHS = Path(__file__).resolve().parents[1] / "playthroughs"
#: The seed of a new playthrough.
DEFAULT_SEED = 1
#: A game that has not ended after this many steps is not stored (a safety net: the policy ends
#: every game well under it).
DEFAULT_STEP_CAP = 1000
#: The level of the computer player that chooses the actions.
POLICY_LEVEL = "easy"
#: The seeds the policy's generator draws for the computer player lie in ``range(AI_SEEDS)``.
AI_SEEDS = 2**31
#: At most this many legal actions are written (sorted by notation); the count is always written.
LISTED_ACTIONS = 12

#: How the line naming several seats' views together begins.
SEATS_VIEWS = "-- views of "

_ACTION_LINE = re.compile(r"^(P\d+) plays: (.*)$")
_WHOLE_GAME_END = re.compile(
    r"^== end after step \d+: the game is over\noutcome: winners .*\nsummary: ", re.MULTILINE
)


class GameDidNotEnd(RuntimeError):
    """A generated game reached its step cap without an outcome (it is not stored)."""

    @classmethod
    def at(cls, setup: Setup, steps: int) -> GameDidNotEnd:
        return cls(f"{setup.file_name}: no outcome after {steps} steps (seed {setup.seed})")


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

    @property
    def by_computer(self) -> bool:
        """Whether the game's computer player chooses the actions (else the seeded generator)."""
        return ai.has_computer(self.game)


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
    """The text of one playthrough, the public board at the step before and each seat's own
    lines then (the diff from the public board to the seat's)."""

    game: games.AnyGame
    names: list[str]
    lines: list[str] = field(default_factory=list)
    public: list[str] = field(default_factory=list)
    own_lines: dict[int, list[str]] = field(default_factory=dict)

    def write(self, *lines: str) -> None:
        self.lines.extend(lines)

    def views(self, state: Any, *, whole: bool) -> None:
        """Every view's board of ``state``, the public one first: whole, or what changed. A seat's
        view between is the public board and its own lines (a diff from the public board), which
        are written when they changed: a seat's board differs from the public one in a few lines
        (its hand, its torches) and otherwise changes as it does. The seats whose view is the
        public board, or whose own lines are as before, are named together on one line each."""
        public = self._board(state, None)
        self._public_view(public, whole)
        same_as_public, as_before = [], []
        for seat, name in enumerate(self.names):
            board = self._board(state, seat)
            own = _diff(public, board)
            if board == public:
                same_as_public.append(name)
            elif whole:
                self.write(f"-- view: {name} (seat {seat})", *(f"| {line}" for line in board))
            elif own == self.own_lines.get(seat):
                as_before.append(name)
            else:
                self.write(f"-- view: {name} (seat {seat}): public with own lines", *own)
            self.own_lines[seat] = own
        if same_as_public:
            self.write(f"{SEATS_VIEWS}{', '.join(same_as_public)}: same as public")
        if as_before:
            self.write(f"{SEATS_VIEWS}{', '.join(as_before)}: public with own lines as before")

    def _board(self, state: Any, seat: int | None) -> list[str]:
        return renderer.render_text(self.game.view(state, seat), self.names).splitlines()

    def _public_view(self, board: list[str], whole: bool) -> None:
        """Write the public ``board`` whole, or its changes since the step before."""
        changes = _diff(self.public, board)
        if whole:
            self.write("-- view: public", *(f"| {line}" for line in board))
        elif changes:
            self.write("-- view: public: changed", *changes)
        else:
            self.write("-- view: public: unchanged")
        self.public = board

    def events(self, events: Sequence[Event]) -> None:
        for event in events:
            audience = (
                "all" if event.audience is None else ", ".join(self.names[s] for s in sorted(event.audience))
            )
            self.write(f"event ({event.kind}, to {audience}): {tell(event.text, self.names)}")

    def awaited(self, state: Any, awaited: Sequence[int]) -> None:
        self.write("awaited: " + ", ".join(self.names[seat] for seat in awaited))
        for seat in awaited:
            self.write(f"prompt {self.names[seat]}: {tell(self.game.prompt(state, seat), self.names)}")

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
        self.write(f"summary: {tell(outcome.summary, self.names)}")


def _diff(before: list[str], after: list[str]) -> list[str]:
    """The unified diff (no context, no file names) from ``before`` to ``after``."""
    diff = difflib.unified_diff(before, after, n=0, lineterm="")
    return [line for line in diff if not line.startswith(("---", "+++"))]


def policy(setup: Setup) -> str:
    """How ``setup``'s actions are chosen, in a word or two (the header's ``policy`` field)."""
    return (
        f"computer player, level {POLICY_LEVEL}" if setup.by_computer else "uniform among the legal actions"
    )


def _policy_lines(setup: Setup) -> list[str]:
    if setup.by_computer:
        return [
            "Actions: a generator seeded with game, players and seed picks a seat among the awaited",
            "  and draws a seed; the action is the game's computer player's at its easy level:",
            "  ai.choose(game, the seat's view, seat, \"easy\", that seed). Chance is the game's own.",
        ]
    return [
        "Actions: a seat among the awaited, then an action among its legal ones sorted by notation,",
        "  each picked by a generator seeded with game, players and seed; chance is the game's own.",
    ]


def _header(setup: Setup, title: str) -> list[str]:
    return [
        f"Floe playthrough: {title}, {setup.players} players, a whole game",
        "Regenerate after a deliberate change of rules, wording or computer players:",
        "  python -m tests.support.playthroughs --regenerate",
        *_policy_lines(setup),
        "Legal: the mover's legal actions sorted by notation (their count, the first ones).",
        "Views: the text boards, whole at the start and the end. At each step between, the public",
        "  view's lines lost (-) and gained (+) since the step before (a unified diff without",
        "  context); a seat's view is the public board with its own lines (the diff from the",
        "  public board to the seat's), written when they changed. The seats whose own lines",
        "  are as before, or whose view is the public board, are named together on one line.",
        "The game is played to its outcome; one that has not ended at the step cap is not stored.",
        "",
        f"game: {setup.game}",
        f"players: {setup.players}",
        f"options: {json.dumps(setup.options, sort_keys=True)}",
        f"seed: {setup.seed}",
        f"policy: {policy(setup)}",
        f"step cap: {setup.step_cap}",
    ]


def _chooser(setup: Setup) -> random.Random:
    return random.Random(f"playthrough:{setup.game}:{setup.players}:{setup.seed}")


def playthrough(setup: Setup, stored: Sequence[Move] | None = None) -> str:
    """The text of ``setup``'s playthrough; its actions are ``stored`` ones when given (a stored
    action the rules now refuse ends the text with the refusal), else the policy's (the module
    docstring), and then a game not over at the step cap raises :class:`GameDidNotEnd`."""
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
            if stored is None:
                raise GameDidNotEnd.at(setup, step)
            end = "cut at the step cap"
            break
        step += 1
        writer.write("", f"== step {step}")
        writer.awaited(state, awaited)
        move = _next_move(setup, state, awaited, chooser, stored, step - 1)
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
    setup: Setup,
    state: Any,
    awaited: Sequence[int],
    chooser: random.Random,
    stored: Sequence[Move] | None,
    index: int,
) -> Move | None:
    """The stored move at ``index`` (``None`` past the last), else the policy's."""
    if stored is not None:
        return stored[index] if index < len(stored) else None
    return _chosen_move(setup, state, awaited, chooser)


def _chosen_move(setup: Setup, state: Any, awaited: Sequence[int], chooser: random.Random) -> Move:
    """The policy's move: a seat picked by ``chooser``, then the easy computer's action for it
    (from the seat's view and a seed ``chooser`` draws), or one ``chooser`` picks without one."""
    game = games.get(setup.game)
    seat = pick(chooser, awaited)
    if setup.by_computer:
        seed = randbelow(chooser, AI_SEEDS)
        return Move(seat, ai.choose(setup.game, game.view(state, seat), seat, POLICY_LEVEL, seed))
    return Move(seat, pick(chooser, sorted(str(a) for a in game.legal_actions(state, seat))))


def policy_moves(setup: Setup) -> list[Move]:
    """The moves the policy chooses for ``setup``: a fresh playthrough's actions, the game played
    without writing it (raises :class:`GameDidNotEnd` as :func:`playthrough` does)."""
    game = games.get(setup.game)
    state = game.new_game(setup.players, game.options.from_mapping(setup.options), setup.seed)
    chooser = _chooser(setup)
    moves: list[Move] = []
    while awaited := sorted(game.to_act(state)):
        if len(moves) == setup.step_cap:
            raise GameDidNotEnd.at(setup, len(moves))
        move = _chosen_move(setup, state, awaited, chooser)
        state, _ = games.play(game, state, move.seat, game.parse_action(move.notation))
        moves.append(move)
    return moves


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


def ends_with_the_outcome(text: str) -> bool:
    """Whether a playthrough file is a whole game: its end says the game is over and is followed
    by the outcome (its winners and summary)."""
    return _WHOLE_GAME_END.search(text) is not None


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
        elif line.startswith(SEATS_VIEWS):
            where = where[:1]
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
    file with its own seed and options, a new one with the defaults. Returns the files written;
    raises :class:`GameDidNotEnd` (before writing that file) for a game not over at the cap."""
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
    """``stored``'s seed and options (over the defaults: an option added since shows); the step
    cap is the default's, a safety net rather than a choice of the file."""
    options = {**default.options, **stored.options}
    return Setup(default.game, default.players, options, stored.seed, default.step_cap)


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
