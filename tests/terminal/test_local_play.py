"""The terminal front end and computer seats at the terminal: what a
player at ``floe play`` types and sees, driven by scripted input through the real session
service and the core's computer players."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

import games
import renderer
from bot.core.computers import think_now
from bot.core.rulebooks import SEEDS
from bot.terminal import cli
from bot.terminal.local import (
    MAX_LINE,
    ComputerSeats,
    parse_computers,
    run_local,
)
from games import InvalidOptions, Seat
from tests.support.terminal import Screen, lines

#: Words of the Discord front end that must never reach the terminal.
DISCORD_WORDS = ("/game", "is attached", "button", "My options", "Press ", "DM")


async def play(screen: Screen, game: str, players: int | None = None, **kwargs: Any) -> int:
    kwargs.setdefault("seed", 1)
    kwargs.setdefault("boards", None)
    return int(await run_local(game, players, input_fn=screen.input, output_fn=screen.output, **kwargs))


# ----------------------------------------------------------------------------- echo and hidden input


async def test_a_public_placement_is_typed_with_echo() -> None:
    screen = Screen(lines(["place D3", "quit"]))
    assert await play(screen, "thin-ice") == 0
    assert screen.prompts[0] == ("Player 2> ", False)  # Thin Ice: placing shows nothing secret
    assert "You played place D3." in screen.text and "Last: Player 2: place D3" in screen.text


async def test_a_standing_order_beside_public_moves_is_typed_hidden() -> None:
    """Thin Ice: standing orders are secret choices offered beside the public moves; the moves
    are echoed and ``hidden`` reads one order without echo."""
    state: dict[str, str] = {}

    def answer(screen: Screen, prompt: str) -> str:
        if "order" in state:
            return "quit"
        if state.get("asked"):
            state["order"] = state.pop("asked")
            return state["order"]
        orders = [a for a in screen.listed() if a.startswith("order ")]
        moves = [a for a in screen.listed() if not a.startswith("order ")]
        if orders and any(a.startswith("move ") for a in moves):
            state["asked"] = orders[0]
            return "hidden"
        return "1"

    screen = Screen(answer)
    assert await play(screen, "thin-ice") == 0
    assert "order" in state, "no standing order was offered beside a move"
    hidden = [i for i, (_, secret) in enumerate(screen.prompts) if secret]
    assert len(hidden) == 1 and screen.prompts[hidden[0]][0].endswith("(hidden input)> ")
    assert not screen.prompts[hidden[0] - 1][1]  # "hidden" itself was typed at an echoing prompt
    assert "Your choice is in (only you can see it)." in screen.text


async def test_an_ice_lake_plan_is_typed_hidden() -> None:
    screen = Screen(lines(["plan LR", "quit"]))
    assert await play(screen, "ice-lake", names=["Ann", "Bob"]) == 0
    assert screen.prompts[:2] == [("Ann (hidden input)> ", True), ("Bob (hidden input)> ", True)]


# ----------------------------------------------------------------------------- undo, rules, help


async def test_undo_takes_back_a_placement_and_that_seat_is_asked_again() -> None:
    screen = Screen(lines(["place D3", "undo", "undo", "quit"]))
    assert await play(screen, "thin-ice") == 0
    text = screen.text
    assert "Player 2 takes back place D3." in text
    assert "You took back place D3." in text
    assert "  ! you have no action to take back" in text  # the second undo: nothing left
    # the keyboard is shared: "undo" typed when Player 3 is asked takes back Player 2's move,
    # and Player 2 is asked again
    assert [p for p, _ in screen.prompts[:3]] == ["Player 2> ", "Player 3> ", "Player 2> "]


async def test_undo_of_a_dice_roll_is_refused_and_changes_nothing() -> None:
    screen = Screen(lines(["roll", "undo", "log", "quit"]))
    assert await play(screen, "polar-derby", 2) == 0
    text = screen.text
    assert "  ! roll had a random result (dice or a draw): it cannot be taken back" in text
    assert "takes back" not in text
    assert text.count("roll") >= 2 and "1 of 1" in text  # the log still has the roll


async def test_rules_and_the_whole_rulebook() -> None:
    screen = Screen(lines(["rules", "rules full", "q", "help", "quit"]))
    assert await play(screen, "thin-ice") == 0
    text = screen.text
    assert "Thin Ice: 3 to 6 players." in text
    assert "Moves look like: place D3, move NE" in text
    assert 'The whole rulebook, a screenful at a time: "rules full"' in text
    first_line = (SEEDS / "thin-ice.txt").read_text().strip().split("\n")[0]
    assert first_line in text
    assert "undo          take back the newest move" in text and "rules         how to play" in text


# ----------------------------------------------------------------------------- wording and long lines


async def test_no_discord_wording_at_the_terminal() -> None:
    """Thin Ice deals private hands at the start (the bot says "attached") and its digests point
    to "/game log"; the terminal says neither."""
    screen = Screen(lines(["1"] * 40 + ["quit"]))
    assert await play(screen, "thin-ice") == 0
    for words in DISCORD_WORDS:
        assert words not in screen.text, words
    assert "Thin Ice has begun." in screen.text
    assert "📜" not in screen.text  # no recap of what the screen shows above


async def test_an_over_long_line_is_refused_without_echoing_it() -> None:
    long_line = "place " + "D" * 5000
    screen = Screen(lines([long_line, "x" * (MAX_LINE + 1), "quit"]))
    assert await play(screen, "thin-ice") == 0
    text = screen.text
    assert f"  ! that line is {len(long_line)} characters long; a move is at most {MAX_LINE}." in text
    assert f"  ! that line is {MAX_LINE + 1} characters long" in text
    assert "D" * 50 not in text and "x" * 50 not in text
    assert "internal error" not in text


# ----------------------------------------------------------------------------- computer seats


def test_parse_computers() -> None:
    assert parse_computers(["all"]) == ComputerSeats(everyone="normal")
    assert parse_computers(["all:hard"]) == ComputerSeats(everyone="hard")
    assert parse_computers(["1:normal", "3"]) == ComputerSeats(seats={1: "normal", 3: "normal"})
    assert parse_computers(["2:Easy,4:hard"]) == ComputerSeats(seats={2: "easy", 4: "hard"})
    assert not parse_computers([])
    for bad in (["all:expert"], ["0"], ["x:normal"], ["all", "2"]):
        with pytest.raises(InvalidOptions):
            parse_computers(bad)


async def small_think(game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
    """The core's computer player with a search of two iterations, in this process (fast)."""
    return think_now(game_name, view, seat, level, seed, 2, None)


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n == "ice-hike" else n for n in sorted(games.GAMES)],
)
async def test_a_whole_game_computer_against_computer_ends(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # board pictures are not what this checks (the CLI test below writes real ones): skip drawing
    monkeypatch.setattr(renderer, "render", lambda *args, **kwargs: b"\x89PNG")
    monkeypatch.setattr(renderer, "render_animation", lambda *args, **kwargs: None)
    screen = Screen(lines([]))
    code = await play(screen, name, computers=ComputerSeats(everyone="normal"), think=small_think)
    assert code == 0
    assert screen.prompts == []  # nobody was asked anything
    text = screen.text
    assert "Game over." in text and "The game is finished after " in text
    assert "Floe (normal)" in text and "  ! " not in text


def run_cli(
    argv: list[str], stdin: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = cli.main(argv)
    return code, capsys.readouterr().out


def test_one_person_against_the_computer_from_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``floe play ice-team --players 1 --computer 1:normal``: the computer holds seat 1 and
    moves first (in a worker process, with a small budget); the person types at seat 2."""
    argv = ["play", "ice-team", "--players", "1", "--computer", "1:normal", "--ai-iterations", "3"]
    argv += ["--seed", "3", "--boards", str(tmp_path / "b"), "--names", "Ann"]
    code, out = run_cli(argv, "rules\n1\n1\n1\n", capsys, monkeypatch)
    assert code == 0
    assert "Ice Team begins! Seats: Floe (normal), Ann." in out
    assert "Ice Team: 2 players." in out  # "rules" at Ann's prompt
    assert out.count("You played") == 3  # Ann's three lines, never the computer's moves
    first_prompt = out.index("Ann> ")
    assert "Floe (normal)'s bear 1" in out[:first_prompt]  # the computer moved before Ann was asked
    assert out.rstrip().endswith("(floe play ice-team --db floe-local.db).")  # stdin ended
    assert (tmp_path / "b" / "001.png").read_bytes().startswith(b"\x89PNG")


def test_computer_all_prints_the_result_and_writes_the_final_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    boards = tmp_path / "b"
    argv = ["play", "ice-lake", "--computer", "all", "--ai-iterations", "2", "--seed", "1"]
    code, out = run_cli([*argv, "--boards", str(boards)], "", capsys, monkeypatch)
    assert code == 0
    assert "Ice Lake begins! Seats: Floe (normal), Floe (normal) 2." in out
    assert "Game over." in out and "The game is finished after " in out
    pngs = sorted(boards.glob("*.png"))
    assert pngs and pngs[-1].read_bytes().startswith(b"\x89PNG")
    assert f"[board: {pngs[-1]}" in out  # the final board's picture is named after the result


def test_bad_computer_arguments_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv, said in (
        (["--computer", "5:normal"], "--computer seat 5: the table has 2 seats"),
        (["--computer", "all:expert"], "unknown computer level 'expert'"),
        (["--players", "2", "--computer", "1"], "Ice Team is for 2 to 2 players, not 3"),
    ):
        code = cli.main(["play", "ice-team", "--no-boards", *argv])
        captured = capsys.readouterr()
        assert code == 2, argv
        assert said in captured.out + captured.err, (argv, captured)
    assert not list(tmp_path.iterdir())
