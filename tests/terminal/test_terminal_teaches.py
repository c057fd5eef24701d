"""The terminal teaches: a how-to page per game, the rulebook a screenful at a time, a move
shown once, and the terminal's own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games
from bot.core.rulebooks import rulebook_path
from bot.terminal.local import PAGE_LINES, run_local
from tests.support.terminal import Screen, lines, random_answers


async def play(screen: Screen, game: str, players: int, **kwargs: object) -> int:
    kwargs.setdefault("seed", 7)
    return await run_local(
        game, players, boards=None, input_fn=screen.input, output_fn=screen.output, **kwargs
    )  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_game_has_a_how_to_play_page_under_40_lines(name: str) -> None:
    page = games.presentation_of(games.get(name)).page()
    assert page.strip(), f"{name} has no how-to-play page"
    assert len(page.strip().splitlines()) < 40
    for part in ("Goal", "A turn", "The end", "Example"):
        assert part in page, f"{name}'s page lacks {part!r}"


async def test_rules_prints_the_how_to_page_and_rules_full_pages_the_rulebook() -> None:
    screen = Screen(lines(["rules", "rules full", "", "q", "quit"]))
    assert await play(screen, "polar-derby", 2) == 0
    assert games.presentation_of(games.get("polar-derby")).page().strip().splitlines()[0] in screen.text
    book = rulebook_path("polar-derby")
    assert book is not None
    book_lines = book.read_text().splitlines()
    # two screenfuls were shown (Enter asked for the second), then q stopped it
    assert book_lines[PAGE_LINES - 1] in screen.text and book_lines[2 * PAGE_LINES - 1] in screen.text
    assert book_lines[-1] not in screen.text
    assert any("Enter for more, q to stop" in p for p, _ in screen.prompts)


async def test_a_move_prints_the_board_once_and_the_private_view_only_when_it_changed() -> None:
    screen = Screen(random_answers(3, 60))
    assert await play(screen, "ice-hike", 3) == 0
    text = screen.text
    boards = text.count("Key: . ice")
    moves = text.count("You played")
    assert boards <= moves + 2, f"{boards} boards for {moves} moves"
    blocks: dict[str, list[str]] = {}
    for block in re.findall(r"--- only (.+?) sees ---\n(.*?)\n---", text, re.DOTALL):
        seen = blocks.setdefault(block[0], [])
        assert not seen or seen[-1] != block[1], f"{block[0]}'s private view again, unchanged"
        seen.append(block[1])
    assert blocks, "no private view was shown"


async def test_the_private_view_shows_when_first_asked_and_on_view_only() -> None:
    screen = Screen(lines(["moves", "view", "quit"]))
    assert await play(screen, "ice-hike", 2) == 0
    assert screen.text.count("Your tile:") == 2  # when first asked, and on view; not on moves


async def test_ice_lake_planning_speaks_as_the_terminal() -> None:
    screen = Screen(random_answers(2, 40))
    assert await play(screen, "ice-lake", 3) == 0
    text = screen.text
    assert "Reply here" not in text
    assert "Your plan:" not in text  # a plan is confirmed without echo; the next round asks anew
    assert "(more than these: type any" in text and "9 more" not in text
    # the last plan starts the movement: the ack comes before the movement's narration
    at = [i for i, line in enumerate(screen.printed) if "Your choice is in" in line]
    moved = [i for i, line in enumerate(screen.printed) if " skates " in line or " slides " in line]
    assert at and moved
    assert all(not (a > m and a - m < 10) for a in at for m in moved)


async def test_the_closing_count_is_the_count_of_moves_in_the_log(tmp_path: Path) -> None:
    """An undone move is no move: the closing line counts what the log holds."""
    screen = Screen(random_answers(5, 2000, first=["place D3", "undo"]), limit=2500)
    assert await play(screen, "thin-ice", 3, db=tmp_path / "g.db") == 0
    log_moves = int(re.search(r"finished after (\d+) moves", screen.text).group(1))  # type: ignore[union-attr]
    from bot.core.notations import UNDO
    from bot.core.sessions import Sessions
    from storage import open_store

    store = await open_store(str(tmp_path / "g.db"))
    try:
        table = await Sessions(store).table(1)
        rows = await store.actions(table.record.id)
        undos = sum(1 for row in rows if row.notation == UNDO)
        assert undos == 1
        assert log_moves == len(rows) - 2 * undos  # each undo row takes back one move
    finally:
        await store.close()
