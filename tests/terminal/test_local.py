"""The local terminal front end, driven by scripted input through the real session service."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import games
import renderer
from bot.terminal.local import BoardFolder, local_channel, parse_options, plain, run_local, terminal_input
from games import InvalidOptions
from tests.support.terminal import newest_list


class Terminal:
    """A scripted keyboard and screen: ``policy`` answers each prompt from what was printed."""

    def __init__(self, policy: Callable[[Terminal, str], str], limit: int = 5000) -> None:
        self.policy = policy
        self.limit = limit
        self.lines: list[str] = []
        self.prompts: list[tuple[str, bool]] = []
        self.since_prompt: list[str] = []

    def output(self, text: str) -> None:
        for line in text.split("\n"):
            self.lines.append(line)
            self.since_prompt.append(line)

    def input(self, prompt: str, secret: bool) -> str:
        self.prompts.append((prompt, secret))
        if len(self.prompts) > self.limit:
            raise EOFError
        answer = self.policy(self, prompt)
        self.lines.append(f"{prompt}{'***' if secret else answer}")
        self.since_prompt = []
        return answer

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def listed(self) -> list[str]:
        """The numbered actions of the newest list printed."""
        return newest_list(self.lines)


def scripted(
    answers: Iterable[str], then: Callable[[Terminal, str], str] | None = None
) -> Callable[[Terminal, str], str]:
    queue = list(answers)

    def policy(term: Terminal, prompt: str) -> str:
        if queue:
            return queue.pop(0)
        if then is None:
            raise EOFError
        return then(term, prompt)

    return policy


def first(term: Terminal, prompt: str) -> str:
    return "1"


def last(term: Terminal, prompt: str) -> str:
    """The last listed action: in Polar Derby "stop" after a take, so a game ends in ~100 moves."""
    listed = term.listed()
    return str(len(listed)) if listed else "moves"


def random_pick(seed: int, steps: int) -> Callable[[Terminal, str], str]:
    r = random.Random(seed)
    count = 0

    def policy(term: Terminal, prompt: str) -> str:
        nonlocal count
        count += 1
        if count > steps:
            return "quit"
        listed = term.listed()
        return str(r.randint(1, len(listed))) if listed else "moves"

    return policy


async def play(term: Terminal, game: str = "polar-derby", players: int | None = 2, **kwargs: object) -> int:
    kwargs.setdefault("seed", 5)
    return await run_local(game, players, input_fn=term.input, output_fn=term.output, **kwargs)  # type: ignore[arg-type]


async def test_full_polar_derby_game_to_the_end(tmp_path: Path) -> None:
    term = Terminal(last)
    boards = tmp_path / "boards"
    code = await play(term, players=3, boards=boards, names=["Ann", "Bob", "Cy"])
    assert code == 0
    text = term.text
    assert "Game over." in text and "The game is finished after " in text
    assert "Polar Derby begins! Seats: Ann, Bob, Cy." in text
    assert "internal error" not in text
    assert "**" not in text and "`" not in text  # Discord markdown is made plain
    # the first roll is the only move: played at once and said so (auto-play)
    assert "Ann: roll, the only move." in text and "Ann: roll the dice" not in text
    assert "Ann: roll again or stop" in text and "   1. roll" in text and "   2. stop" in text
    pngs = sorted(boards.glob("*.png"))
    assert pngs[0].name == "001.png" and len(pngs) >= 5
    assert pngs[0].read_bytes().startswith(b"\x89PNG")
    assert sorted(int(p.stem) for p in pngs) == list(range(1, len(pngs) + 1))


async def test_garbage_and_commands_are_recovered_from(tmp_path: Path) -> None:
    answers = [
        "",
        "0",
        "99",
        "take",
        "flibbertigibbet",
        "%%%",
        "1 2 3",
        "help",
        "board",
        "view",
        "log",
        "log 7",
        "moves",
        "stop",
        "log x",
        "1",
    ]
    term = Terminal(scripted(answers, then=last))
    code = await play(term, boards=None)
    assert code == 0
    text = term.text
    assert "pick a number from 1 to 3" in text  # the first roll was forced: three takes offered
    assert "is not a Polar Derby move" in text
    assert "Commands:" in text
    assert "roll, the only move" in text  # the log shows the forced first roll
    assert "internal error" not in text
    assert "The game is finished after " in text


async def test_quit_without_db_says_how_to_keep_a_game(tmp_path: Path) -> None:
    term = Terminal(scripted(["1", "quit"]))
    assert await play(term, boards=None) == 0
    assert "temporary database" in term.text and "--db" in term.text


async def test_end_of_input_quits_cleanly(tmp_path: Path) -> None:
    term = Terminal(scripted(["1"]))
    assert await play(term, boards=None) == 0
    assert "Stopped." in term.lines[-1]


async def test_db_resume_goes_on_where_it_stopped(tmp_path: Path) -> None:
    db = tmp_path / "local.db"
    boards = tmp_path / "boards"
    first_run = Terminal(scripted(["1", "1", "1", "quit"]))
    assert await play(first_run, db=db, boards=boards, names=["Ann", "Bob"]) == 0
    assert f"Resume with: floe play polar-derby --db {db}" in first_run.text
    before = len(list(boards.glob("*.png")))
    assert before == 4  # the start and three moves

    second = Terminal(last)
    assert await play(second, players=4, db=db, boards=boards, options={"no_risk": True}) == 0
    text = second.text
    # three typed moves and the forced moves between them (seed 5): 6 in the log
    assert "Resuming the open Polar Derby game" in text and "6 moves so far" in text
    assert "apply to new games only" in text
    assert "Ann" in text and "Bob" in text  # names come back from the database
    assert "The game is finished after " in text
    assert (boards / f"{before + 1:03d}.png").exists()  # numbering goes on

    # the finished game is not resumed: a new one starts in the same file
    third = Terminal(scripted(["quit"]))
    assert await play(third, db=db, boards=None) == 0
    assert "New Polar Derby game" in third.text


async def test_resign_ends_a_two_player_game(tmp_path: Path) -> None:
    term = Terminal(scripted(["resign", "no", "resign", "yes"]))
    assert await play(term, boards=None) == 0
    assert "Not resigned." in term.text
    assert "The game is finished after " in term.text


async def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    for kwargs in (
        {"game": "chess"},
        {"players": 9},
        {"options": {"no_such_option": True}},
        {"options": {"no_risk": "maybe"}},
        {"names": ["A", "B", "C"]},
        {"db": tmp_path / "no" / "such" / "dir" / "g.db"},
    ):
        term = Terminal(scripted([]))
        args = {"game": "polar-derby", "players": 2, **kwargs}
        assert await play(term, boards=tmp_path / "b", **args) == 2, kwargs  # type: ignore[arg-type]
        assert term.lines[0].startswith("floe: ")
    assert not (tmp_path / "b").exists()  # nothing written for a refused start


async def test_secret_choices_are_read_without_echo_and_show_only_that_seats_view(tmp_path: Path) -> None:
    term = Terminal(scripted(["plan LRRL", "view", "quit"]))
    assert await play(term, game="ice-lake", boards=None, names=["Ann", "Bob"]) == 0
    assert [p for p, secret in term.prompts if secret] == [
        "Ann (hidden input)> ",
        "Bob (hidden input)> ",
        "Bob (hidden input)> ",
    ]
    text = term.text
    assert "Ann, your secret choice: the others look away" in text
    assert "Bob, your secret choice: the others look away" in text
    assert "LRRL" not in text  # never echoed, not in Bob's view, Ann's note waits for her turn
    assert "Ann has planned" in text


async def test_private_notes_wait_for_their_seat(tmp_path: Path) -> None:
    term = Terminal(scripted(["plan LRRL", "plan R", "moves", "quit"]))
    assert await play(term, game="ice-lake", boards=None, names=["Ann", "Bob"]) == 0
    text = term.text
    assert "Plans revealed: Ann LRRL; Bob R." in text
    # whatever tells Ann about her own plan waits until the reveal: nothing says it while Bob
    # plans; the first mention is the public narration of the reveal (the board follows it)
    bob_plans = text.index("===== Bob, your secret choice")
    assert text.index("LRRL") > bob_plans
    assert text.index("Plans revealed: Ann LRRL") == text.index("LRRL") - len("Plans revealed: Ann ")
    assert text.index("Last plans: 1 LRRL, 2 R") > text.index("Plans revealed: Ann LRRL")
    assert text.index("Last plans: 1 LRRL, 2 R") < text.index("===== Ann", bob_plans)


def test_helpers() -> None:
    assert parse_options(["no-risk", "long_game=yes"]) == {"no_risk": True, "long_game": "yes"}
    with pytest.raises(InvalidOptions):
        parse_options(["=3"])
    assert plain("**Polar Derby** `roll` <t:0:R>").startswith("Polar Derby roll ")
    assert local_channel("polar-derby") < 0 and local_channel("polar-derby") != local_channel("ice-lake")


class FakeStdin(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_secret_input_is_not_echoed_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "hidden")
    monkeypatch.setattr("builtins.input", lambda prompt="": "shown")
    monkeypatch.setattr(sys, "stdin", FakeStdin(tty=True))
    assert terminal_input("> ", True) == "hidden"
    assert terminal_input("> ", False) == "shown"
    monkeypatch.setattr(sys, "stdin", FakeStdin(tty=False))
    assert terminal_input("> ", True) == "shown"  # piped input: plain lines


def test_board_folder_goes_on_numbering(tmp_path: Path) -> None:
    folder = BoardFolder(tmp_path / "b")
    assert folder.save(b"png").name == "001.png"
    assert folder.save(b"png", b"gif").name == "002.png" and (tmp_path / "b" / "002.gif").exists()
    assert BoardFolder(tmp_path / "b").save(b"png").name == "003.png"


# ----------------------------------------------------------------------------- every game


@pytest.mark.parametrize("name", sorted(games.GAMES))
@pytest.mark.parametrize("seed", [1, 2])
async def test_every_registered_game_plays_locally(name: str, seed: int, tmp_path: Path) -> None:
    if name not in renderer.RENDERERS:
        pytest.xfail(f"no renderer registered for {name}: the session service cannot draw its board yet")
    game = games.get(name)
    players = game.players.stop - 1 if seed == 2 else game.players.start
    term = Terminal(random_pick(seed, steps=100))
    code = await play(
        term, game=name, players=players, seed=seed, boards=tmp_path / "b", db=tmp_path / "g.db"
    )
    assert code == 0
    text = term.text
    assert "internal error" not in text, text[-3000:]
    # Discord's words, never the terminal's
    for discord_words in ("/game", "is attached", "button", "My options"):
        assert discord_words not in text, discord_words
    refused = [line for line in term.lines if line.startswith("  ! ")]
    assert not refused, f"listed legal actions were refused: {refused[:3]}"
    assert "Stopped." in text or "The game is finished after " in text
    assert (tmp_path / "b" / "001.png").exists()


async def test_the_others_look_away_before_a_drawn_tile_is_shown() -> None:
    """Ice Hike's drawn tile is the mover's alone (its cells are offered privately in Discord):
    at the shared terminal the others are asked to look away before it is printed."""
    term = Terminal(scripted(["quit"]))
    assert await play(term, game="ice-hike", boards=None, names=["Ann", "Bob"]) == 0
    text = term.text
    banner = text.find("your secret choice: the others look away")
    assert banner != -1 and banner < text.find("Your tile:")
