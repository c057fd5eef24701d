"""A first hour at ``floe play``: one board before each prompt however many computers moved, no
recap of what the screen shows, a short list of actions with ``moves`` for all, Ctrl-C stopping
as Ctrl-D does (at a prompt and while a computer thinks), a refused secret never printed, and a
plan's refusal that names what the player typed."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path
from typing import Any

from bot.core.computers import PoolThinker, think_now
from bot.terminal.arguments import ComputerSeats
from bot.terminal.local import run_local
from bot.terminal.screen import SHORT_LIST, added_lines, masked, short_list
from tests.support.terminal import ITEM, Screen, lines

THIN_ICE_BOARD = "   A   B   C   D   E   F   G"  # the first line of Thin Ice's text board


async def small_think(game_name: str, view: Any, seat: int, level: str, seed: int) -> str:
    return think_now(game_name, view, seat, level, seed, 2, None)


async def play(screen: Screen, game: str, players: int | None = None, **kwargs: Any) -> int:
    kwargs.setdefault("seed", 1)
    kwargs.setdefault("boards", None)
    return int(await run_local(game, players, input_fn=screen.input, output_fn=screen.output, **kwargs))


class Blocks(Screen):
    """A screen that keeps what was printed before each prompt apart."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.blocks: list[list[str]] = [[]]

    def output(self, text: str) -> None:
        super().output(text)
        self.blocks[-1].extend(text.split("\n"))

    def input(self, prompt: str, secret: bool) -> str:
        self.blocks.append([])
        return super().input(prompt, secret)


def first_listed(screen: Screen, prompt: str) -> str:
    numbers = [ITEM.match(line) for line in screen.printed]
    listed = [m.group(1) for m in numbers if m]
    return listed[-1] if listed and len(screen.prompts) < 40 else "quit"


# ----------------------------------------------------------------------------- one board a prompt


async def test_one_board_before_each_prompt_after_the_computers_moved() -> None:
    screen = Blocks(first_listed)
    computers = ComputerSeats(seats={2: "easy", 3: "easy"})
    assert await play(screen, "thin-ice", 1, computers=computers, think=small_think) == 0
    boards = [block.count(THIN_ICE_BOARD) for block in screen.blocks[:-1]]
    assert max(boards) == 1, boards
    # the computers' moves came between two prompts, and one board followed them all
    moved = [b for b in screen.blocks if sum(line.startswith("Floe (easy)") for line in b) >= 3]
    assert moved and all(b.count(THIN_ICE_BOARD) == 1 for b in moved)
    for block in moved:
        narrated = max(i for i, line in enumerate(block) if line.startswith("Floe (easy)"))
        assert block.index(THIN_ICE_BOARD) > narrated  # the board as it stands, after the narration


async def test_no_recap_of_what_the_screen_shows() -> None:
    screen = Screen(lines(["1"] * 40 + ["quit"]))
    assert await play(screen, "thin-ice") == 0
    assert "📜" not in screen.text and "since your last turn" not in screen.text
    assert "Since Player" not in screen.text


def test_an_edited_turn_message_prints_only_what_it_added() -> None:
    before = ["Ann: roll", "… (3 lines: type log)", "Bob: pass", "Cy: pass"]
    after = ["Ann: roll", "… (5 lines: type log)", "Cy: pass", "Ann: stop", "Bob: pass"]
    assert added_lines(before, after) == ["Ann: stop", "Bob: pass"]
    assert added_lines(["Ann: roll"], ["Ann: roll", "Ann: stop"]) == ["Ann: stop"]
    # the line saying who is thinking stays last: what came before it is still new
    thinking = "Floe (easy) is thinking…"
    assert added_lines(
        ["Ann: roll", "Bob: walk", thinking], ["Ann: roll", "Bob: walk", "Bob: end", thinking]
    ) == ["Bob: end"]


# ----------------------------------------------------------------------------- long lists


def test_a_short_list_shows_every_kind_of_action() -> None:
    notations = [f"place C{n}" for n in range(90)] + ["puppet", "bear", "torches always"]
    chosen = short_list(notations)
    assert len(chosen) == SHORT_LIST and chosen == sorted(chosen)
    assert {notations[i].split()[0] for i in chosen} == {"place", "puppet", "bear", "torches"}


async def test_ice_hike_lists_a_few_cells_and_moves_lists_them_all() -> None:
    screen = Screen(lines(["moves", "quit"]))
    assert await play(screen, "ice-hike", names=["Ann", "Bob"]) == 0
    text = screen.text
    first, rest = text.split("moves", 1)[0], text.split("type moves to see all", 1)[1]
    short = [line for line in first.splitlines() if ITEM.match(line)]
    assert len(short) <= SHORT_LIST
    more = re.search(r"  … (\d+) more: type moves to see all", text)
    assert more is not None
    full = [line for line in rest.splitlines() if ITEM.match(line)]
    assert len(full) == len(short) + int(more.group(1)) > 60
    assert set(short) <= set(full)  # a number plays the same action in both lists


async def test_a_number_from_the_whole_list_plays_its_action() -> None:
    def answer(screen: Screen, prompt: str) -> str:
        if len(screen.prompts) == 1:
            return "moves"
        if len(screen.prompts) == 2:
            number, notation = [m.groups() for m in map(ITEM.match, screen.printed) if m][-3]
            answer.chosen = notation  # type: ignore[attr-defined]
            return number
        return "quit"

    screen = Screen(answer)
    assert await play(screen, "ice-hike", names=["Ann", "Bob"]) == 0
    assert f"You played {answer.chosen}." in screen.text  # type: ignore[attr-defined]


async def test_ice_lake_plans_are_a_short_sample() -> None:
    screen = Screen(lines(["quit"]))
    assert await play(screen, "ice-lake", names=["Ann", "Bob"]) == 0
    assert len([line for line in screen.printed if ITEM.match(line)]) <= SHORT_LIST
    assert "(more than these: type any choice the prompt above allows, or moves for more)" in screen.text


# ----------------------------------------------------------------------------- Ctrl-C


async def test_ctrl_c_at_a_prompt_stops_like_ctrl_d(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGINT)

    def answer(screen: Screen, prompt: str) -> str:
        if len(screen.prompts) == 2:
            os.kill(os.getpid(), signal.SIGINT)  # the key pressed while the prompt waits
        return "roll"

    screen = Screen(answer)
    db = tmp_path / "g.db"
    assert await play(screen, "polar-derby", 2, db=db) == 0
    assert len(screen.prompts) == 2  # nothing more was read after Ctrl-C
    assert f"Stopped. Resume with: floe play polar-derby --db {db}" in screen.text
    assert signal.getsignal(signal.SIGINT) == before


async def test_ctrl_c_while_a_computer_thinks_stops_like_ctrl_d(tmp_path: Path) -> None:
    async def slow_think(game_name: str, view: Any, seat: int, level: str, seed: int) -> str:
        os.kill(os.getpid(), signal.SIGINT)
        await asyncio.sleep(30)
        raise AssertionError("the thought was not stopped")

    screen = Screen(lines(["roll", "stop"] * 5 + ["quit"]))
    db = tmp_path / "g.db"
    code = await play(
        screen, "polar-derby", 1, db=db, computers=ComputerSeats(seats={2: "easy"}), think=slow_think
    )
    assert code == 0
    assert screen.text.endswith(f"Stopped. Resume with: floe play polar-derby --db {db}")
    task = asyncio.current_task()
    assert task is not None and not task.cancelling()
    # the game resumes where it stopped
    again = Screen(lines(["quit"]))
    assert await play(again, "polar-derby", db=db, think=small_think) == 0
    assert "Resuming the open Polar Derby game" in again.text


def test_the_computers_worker_leaves_ctrl_c_to_its_parent() -> None:
    thinker = PoolThinker(iterations=2)
    try:
        assert thinker.pool().submit(signal.getsignal, signal.SIGINT).result(timeout=60) == signal.SIG_IGN
    finally:
        thinker.close()


# ----------------------------------------------------------------------------- secrets and refusals


async def test_a_refused_secret_plan_is_never_printed() -> None:
    screen = Screen(lines(["SLRL2", "plan SRLRL", "LLRS please", "quit"]))
    assert await play(screen, "ice-lake", names=["Ann", "Bob"]) == 0
    refusals = [line for line in screen.printed if line.startswith("  ! ")]
    assert refusals[0].startswith("  ! 2 is not a move: a plan is one or more letters")
    assert not any("SLRL" in line for line in screen.printed)
    # a stray word beside a plan is named as such (hidden too), never as letters nobody typed
    assert refusals[1].startswith("  ! … is not part of a plan: a plan is one or more letters")
    assert "AEP" not in screen.text and "please" not in screen.text


def test_a_refusal_at_a_secret_prompt_hides_what_was_typed() -> None:
    refusal = "there is no card 'flarx': cards are bearly, flare"
    typed = "order flarx when-bear-adjacent"
    assert masked(refusal, typed, {"order"}) == "there is no card '…': cards are bearly, flare"
    assert masked("'order zzz' is not an order", "order zzz", {"order"}) == "'…' is not an order"
    assert masked("'SSLR2' is not an Ice Lake move", "sslr2") == "'…' is not an Ice Lake move"


async def test_a_refused_hidden_order_is_not_printed() -> None:
    """Thin Ice: ``hidden`` reads a standing order without echo; its refusal does not show it."""
    screen = Screen(lines(["hidden", "order flarx when-bear-adjacent", "quit"]))
    assert await play(screen, "thin-ice") == 0
    refusal = next(line for line in screen.printed if line.startswith("  ! "))
    assert refusal.startswith("  ! there is no card '…'") and "flarx" not in screen.text


async def test_a_refusal_at_an_echoing_prompt_still_quotes_the_line() -> None:
    screen = Screen(lines(["bogus", "quit"]))
    assert await play(screen, "thin-ice") == 0
    assert "  ! 'bogus' is not a Thin Ice action" in screen.text
