"""The terminal's own words (its help, prompts, menus, refusals, framing and log) in the player's
language, beside what the games say. The expected texts are the terminal's sayings told in that
language, never French written here; in the pseudo-language ``en-XA`` every word the terminal
prints is bracketed (``⟦…⟧``), so a word that escaped the catalogues shows as plain English."""

from __future__ import annotations

import io
import re
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

import pytest

import renderer
from bot.core.computers import think_now
from bot.core.languages import PSEUDO_LANGUAGE, language
from bot.core.sessions import Reply
from bot.terminal import cli, local
from bot.terminal.local import ComputerSeats, plain, run_local
from bot.terminal.words import default_name, ended, help_text, rules_text
from games import GAMES, Seat, get, tell
from games.words import say, say_in
from tests.support.terminal import ITEM, Screen, random_answers

FRENCH = language("fr")
PSEUDO = language(PSEUDO_LANGUAGE)
#: What a player types besides moves: every command the terminal answers in words of its own.
COMMANDS = [
    "help",
    "rules",
    "log",
    "board",
    "view",
    "undo",
    "bogus",
    "99",
    "x" * 120,
    "resign",
    "no",
    "moves",
]


async def small_think(game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
    """The core's computer player with a search of two iterations, in this process (fast)."""
    return think_now(game_name, view, seat, level, seed, 2, None)


@pytest.fixture(autouse=True)
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(renderer, "render", lambda *args, **kwargs: b"\x89PNG")
    monkeypatch.setattr(renderer, "render_animation", lambda *args, **kwargs: None)


@pytest.fixture
def session_lines(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The lines of the session service's replies the terminal prints (acknowledgements, posts,
    notes): the session's words, not the terminal's, so not checked here."""
    kept: set[str] = set()
    shown = local._LocalTable._show

    def show(self: Any, reply: Reply, **kwargs: Any) -> Awaitable[None]:
        texts = [reply.ack, *(n.text for n in reply.notes)]
        texts += [reply.post.text] if reply.post is not None else []
        kept.update(line for text in texts for line in plain(text).splitlines())
        return shown(self, reply, **kwargs)

    monkeypatch.setattr(local._LocalTable, "_show", show)
    return kept


async def a_session(lang: str, tmp_path: Path) -> Screen:
    """Three people at one keyboard type every command, then moves by number, then quit."""
    screen = Screen(random_answers(5, 40, COMMANDS))
    code = await run_local(
        "thin-ice",
        None,
        seed=1,
        db=tmp_path / "session.db",
        boards=tmp_path / "boards",
        lang=lang,
        input_fn=screen.input,
        output_fn=screen.output,
    )
    assert code == 0
    return screen


async def a_whole_game(lang: str, tmp_path: Path) -> Screen:
    """The computer plays a whole game of Ice Team against itself, kept in a file."""
    screen = Screen(random_answers(1, 0))
    code = await run_local(
        "ice-team",
        None,
        seed=1,
        db=tmp_path / "whole.db",
        boards=None,
        computers=ComputerSeats(everyone="normal"),
        think=small_think,
        lang=lang,
        input_fn=screen.input,
        output_fn=screen.output,
    )
    assert code == 0
    return screen


def told_lines(text: str) -> set[str]:
    return set(text.splitlines())


async def test_a_session_and_a_whole_game_show_the_terminals_french(tmp_path: Path) -> None:
    screen = await a_session("fr", tmp_path)
    printed = set(screen.printed)
    assert told_lines(help_text(FRENCH)) <= printed
    assert not told_lines(help_text()) & printed, "the help was printed in English"
    assert told_lines(rules_text(get("thin-ice"), FRENCH)) <= printed
    english_framing = ('Type "help" for commands.', "Commands:", "  Not resigned.", "New Thin Ice game")
    assert not [line for line in printed for e in english_framing if line.startswith(e)]
    yes, no = (tell(say_in("typed answer", word), (), FRENCH) for word in ("yes", "no"))
    names = [default_name(user, FRENCH) for user in (1, 2, 3)]
    prompts = [prompt for prompt, _ in screen.prompts]
    resign = {
        tell(say("{name}, really resign? ({yes}/{no}) ", name=n, yes=yes, no=no), (), FRENCH) for n in names
    }
    assert resign & set(prompts) and f"{names[0]}> " in prompts and "Player 1> " not in prompts
    assert tell(say("No moves yet."), (), FRENCH) in printed  # the log before the first move
    assert screen.printed[-1].startswith(tell(say("Stopped. Resume with: {command}", command=""), (), FRENCH))

    whole = await a_whole_game("fr", tmp_path)
    ends = {tell(ended("finished", n), (), FRENCH) for n in range(1000)}
    assert ends & set(whole.printed), "the game's end was not told in French"
    assert not [line for line in whole.printed if line.startswith("The game is finished after")]


def escaped(lines: list[str], session: set[str]) -> list[str]:
    """The lines that still read plain English once every bracketed text (``⟦…⟧``, across lines)
    is taken out: a word of three letters or more that is not a typed command, a game's title or a
    player's name. The numbered lists (notation and the games' labels) and the session service's
    replies are not the terminal's words."""
    allowed = {"floe", "normal", *(w for g in GAMES.values() for w in g.title.lower().split())}
    allowed |= {line.split()[0] for line in help_text().splitlines()[1:]}  # the commands, typed as they are
    found = []
    for line in unbracketed("\n".join(line for line in lines if line not in session)).splitlines():
        if ITEM.match(line):
            continue
        words = {w.lower() for w in re.findall(r"[A-Za-z]{3,}", line)}
        if words - allowed:
            found.append(line)
    return found


def unbracketed(text: str) -> str:
    """``text`` without its pseudo-language texts (``⟦…⟧``, nested or over several lines)."""
    kept, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


async def test_no_english_word_of_the_terminals_escapes_the_pseudo_language(
    tmp_path: Path, session_lines: set[str]
) -> None:
    session = await a_session(PSEUDO_LANGUAGE, tmp_path)
    whole = await a_whole_game(PSEUDO_LANGUAGE, tmp_path)
    printed = [*session.printed, *whole.printed]
    prompts = [prompt for prompt, _ in session.prompts]
    assert any(line.startswith("⟦") for line in printed) and all("⟦" in p for p in prompts)
    assert escaped(printed, session_lines) == []
    assert escaped(prompts, set()) == []


def test_the_checker_sees_english() -> None:
    assert escaped(['Type "help" for commands.', "⟦Tÿpé⟧ board", "   1. place D3  (Place D3)"], set()) == [
        'Type "help" for commands.'
    ]


def test_the_help_and_the_rules_stay_english_in_english() -> None:
    assert help_text().splitlines()[:3] == [
        "Commands:",
        "  <number>      play the numbered action from the list",
        '  <notation>    play any legal move by its notation (e.g. "roll", "place C4", "plan SSLR")',
    ]
    assert (
        help_text().splitlines()[-1] == "  quit          stop here (with --db the game can be resumed later)"
    )
    rules = rules_text(get("thin-ice")).splitlines()
    assert "Thin Ice: 3 to 6 players." in rules
    assert 'Type a move, or its number from the list; "moves" lists them again.' in rules
    assert tell(ended("finished", 1)) == "The game is finished after 1 move."
    assert tell(ended("abandoned", 3)) == "The game is abandoned after 3 moves."


def test_a_bad_computer_seat_is_refused_in_the_players_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert cli.main(["play", "thin-ice", "--computer", "zero", "--lang", "fr"]) == 2
    french = capsys.readouterr().err
    assert cli.main(["play", "thin-ice", "--computer", "zero"]) == 2
    english = capsys.readouterr().err
    assert english == "floe: --computer 'zero': give a seat number from 1 (like 2:normal) or all\n"
    assert french.startswith("floe: --computer 'zero'") and french != english


def test_floe_play_accepts_the_pseudo_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nquit\n"))
    assert cli.main(["play", "thin-ice", "--no-boards", "--seed", "1", "--lang", PSEUDO_LANGUAGE]) == 0
    out = capsys.readouterr().out
    assert tell(say("Commands:"), (), PSEUDO) in out and "Commands:" not in out


def test_floe_games_is_told_in_the_locales_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    assert cli.main(["games"]) == 0
    out = capsys.readouterr().out
    assert cli.games_text(language("de")) == out
    assert "(2-4 players)" in cli.games_text() and "(2-4 players)" not in out
