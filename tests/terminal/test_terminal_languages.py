"""The terminal in its reader's language: ``floe play --lang``, else the environment's locale.
What the games say is compared with the games' own sayings told in that language, never with
French written here."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest

import games
import renderer
from bot.core.computers import think_now
from bot.core.languages import language
from bot.core.narration import told
from bot.core.readers import locale_language
from bot.terminal import cli
from bot.terminal.local import ComputerSeats, plain, run_local
from games import GameError, Seat, tell
from storage import open_store
from tests.support.terminal import Screen, lines

FRENCH = language("fr")


async def small_think(game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
    """The core's computer player with a search of two iterations, in this process (fast)."""
    return think_now(game_name, view, seat, level, seed, 2, None)


def refusal_of(game_name: str, typed: str) -> GameError:
    """What ``game_name`` says when ``typed`` is not one of its actions."""
    with pytest.raises(GameError) as caught:
        games.get(game_name).parse_action(typed)
    return caught.value


async def test_a_whole_game_at_the_terminal_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(renderer, "render", lambda *args, **kwargs: b"\x89PNG")
    monkeypatch.setattr(renderer, "render_animation", lambda *args, **kwargs: None)
    db = tmp_path / "fr.db"
    screen = Screen(lines([]))
    code = await run_local(
        "ice-team",
        None,
        seed=1,
        db=db,
        boards=None,
        computers=ComputerSeats(everyone="normal"),
        think=small_think,
        lang="fr",
        input_fn=screen.input,
        output_fn=screen.output,
    )
    assert code == 0 and "The game is finished after " not in screen.text  # the terminal speaks French too
    store = await open_store(str(db))
    try:
        rows = [r for r in await store.actions(1) if r.narration]
    finally:
        await store.close()
    names = ["Floe (normal)", "Floe (normal) 2"]
    printed = set(screen.printed)
    french = {line for r in rows for line in plain(told(r.narration, names, FRENCH)).splitlines()}
    english = {line for r in rows for line in plain(told(r.narration, names)).splitlines()}
    assert french - english, "the game's narration has no French"
    assert printed & (french - english), "no narration was printed in French"
    assert not printed & (english - french), "narration was printed in English"


async def test_a_refusal_is_told_in_the_terminals_language() -> None:
    screen = Screen(lines(["bogus", "quit"]))
    assert (
        await run_local(
            "thin-ice", None, seed=1, boards=None, lang="fr", input_fn=screen.input, output_fn=screen.output
        )
        == 0
    )
    refused = refusal_of("thin-ice", "bogus")
    french, english = plain(tell(refused.said, (), FRENCH)), plain(tell(refused.said))
    assert french != english
    assert f"  ! {french}" in screen.printed and f"  ! {english}" not in screen.printed


def test_the_locale_chooses_the_language() -> None:
    assert locale_language({"LANG": "nl_NL.UTF-8"}) == "nl"
    assert locale_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert locale_language({"LANG": "fr_CA@euro"}) == "fr"
    assert locale_language({"LANG": "en_GB.UTF-8"}) == "en"
    assert locale_language({"LANG": "ja_JP"}) == "en"
    assert locale_language({"LANG": "C"}) == "en"
    assert locale_language({}) == "en"
    assert locale_language({"LC_ALL": "fr_FR", "LC_MESSAGES": "de_DE", "LANG": "nl_NL"}) == "fr"
    assert locale_language({"LC_ALL": "", "LC_MESSAGES": "de_DE", "LANG": "nl_NL"}) == "de"


def run_cli(
    argv: list[str], stdin: str, environ: dict[str, str], capsys: pytest.CaptureFixture[str], monkeypatch: Any
) -> str:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert cli.main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "environ", "code"),
    [
        ([], {"LANG": "de_DE.UTF-8"}, "de"),
        ([], {"LANG": "ja_JP"}, "en"),
        (["--lang", "nl"], {"LANG": "de_DE.UTF-8"}, "nl"),  # --lang comes before the locale
    ],
)
def test_floe_play_speaks_the_chosen_or_the_locales_language(
    argv: list[str],
    environ: dict[str, str],
    code: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    out = run_cli(
        ["play", "thin-ice", "--no-boards", "--seed", "1", *argv],
        "bogus\nquit\n",
        environ,
        capsys,
        monkeypatch,
    )
    refused = refusal_of("thin-ice", "bogus")
    assert f"  ! {plain(tell(refused.said, (), language(code)))}\n" in out


def test_an_unknown_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "thin-ice", "--lang", "ja"])
    assert "--lang" in capsys.readouterr().err
