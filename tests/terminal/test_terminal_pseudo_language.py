"""A whole game of each of the five games at the terminal (``floe play --lang en-XA``), in the
pseudo-language: no line printed and no prompt shown holds a text that escaped the catalogues
(:func:`tests.support.escapes.escapes`).

One person at the keyboard (Ann) plays against computer players of the easy level (a search of
two iterations, in this process); Ann first asks for the help, the rules, the board, her view
and the log and types a move the game does not have, then picks listed moves at random until
the game ends.
"""

from __future__ import annotations

import dataclasses
import random
import re
import time
from typing import Any

import pytest

import games
import renderer
from bot.core.computers import think_now
from bot.core.languages import PSEUDO_LANGUAGE
from bot.terminal.local import ComputerSeats, run_local
from bot.terminal.words import HELP_LINES
from games import Seat, registry
from tests.support.board_layout import playout
from tests.support.escapes import escapes, game_titles, notation_of, notation_words, refusal_notation
from tests.support.terminal import Screen

#: Each game: its options (the shortest) and its computer players' seats (from 1).
GAMES: dict[str, tuple[dict[str, Any], dict[int, str]]] = {
    "ice-hike": ({"shorter_game": True}, {2: "easy"}),
    "ice-lake": ({}, {2: "easy"}),
    "ice-team": ({}, {2: "easy"}),
    "polar-derby": ({}, {2: "easy"}),
    "thin-ice": ({"short_deck": True}, {2: "easy", 3: "easy"}),
}
#: What Ann types before she plays: every command of the terminal that shows something.
FIRST = ["help", "rules", "board", "view", "log", "dance the polka", "moves"]
#: The names the test chose: the player's, the computer players' (their level as typed) and
#: the program's own before its messages (``floe: ...``).
NAMES = ("Ann", "Floe (easy)", "easy", "floe")
MOST_PROMPTS = 1500


async def small_think(game_name: str, view: Any, seat: Seat, level: str, seed: int) -> str:
    return think_now(game_name, view, seat, level, seed, 2, None)


def plays_at_random(seed: int) -> Any:
    """The :data:`FIRST` lines, then a listed move picked at random until the game ends."""
    r = random.Random(seed)
    first = list(FIRST)

    def answer(screen: Screen, prompt: str) -> str:
        if first:
            return first.pop(0)
        listed = screen.listed()
        return str(r.randint(1, len(listed))) if listed else "moves"

    return answer


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_at_the_terminal_in_the_pseudo_language(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(renderer, "render", lambda *args, **kwargs: b"\x89PNG")
    monkeypatch.setattr(renderer, "render_animation", lambda *args, **kwargs: None)
    options, computers = GAMES[game]
    screen = Screen(plays_at_random(1), limit=MOST_PROMPTS)
    started = time.perf_counter()
    code = await run_local(
        game,
        1,
        options=options,
        seed=1,
        boards=None,
        names=["Ann"],
        computers=ComputerSeats(seats=computers),
        think=small_think,
        lang=PSEUDO_LANGUAGE,
        input_fn=screen.input,
        output_fn=screen.output,
    )
    assert code == 0, screen.text[-2000:]
    assert len(screen.prompts) < MOST_PROMPTS, "the game did not end"
    examples = registry.presentation_of(games.get(game)).notation_examples.split(", ")
    moves = [*examples, *screen_notation(screen), *FIRST, *played_somewhere(game, 1 + len(computers))]
    moves += refusal_notation(game, "dance the polka")
    allowed = (*NAMES, *game_titles(), *notation_words(), *notation_of(moves), *typed_at_the_terminal(game))
    # the whole output at once: a told text may run over several lines
    printed = "\n".join(screen.printed)
    shown = [printed, *(prompt for prompt, _ in screen.prompts)]
    found: dict[str, str] = {}
    for text in shown:
        for run in escapes(text, allowed):
            line = next((line for line in text.splitlines() if run in line), run)
            found.setdefault(run, f"{run!r} in {line[:120]!r}")
    print(f"{game}: {len(screen.printed)} lines, {time.perf_counter() - started:.1f} s")
    assert not found, f"{len(found)} texts escaped the catalogues:\n" + "\n".join(sorted(found.values()))


def screen_notation(screen: Screen) -> set[str]:
    """The moves the terminal listed (notation: they read as typed in every language)."""
    from tests.support.terminal import ITEM

    listed = {match.group(2) for line in screen.printed if (match := ITEM.match(line))}
    return listed


def played_somewhere(name: str, players: int) -> set[str]:
    """Every move legal in a seeded random playout of the game (the moves a refusal suggests)."""
    game = games.get(name)
    return {
        str(action)
        for state in playout(name, players, seed=11)
        for seat in game.to_act(state)
        for action in game.legal_actions(state, seat)
    }


def typed_at_the_terminal(game: str) -> set[str]:
    """What the terminal shows as it is typed, in every language: its commands (``help``),
    the game's options (``--option play_on``) and the ``--db FILE`` it names."""
    commands = {typed for typed, _ in HELP_LINES if isinstance(typed, str)} | {"rules full", "log"}
    examples = {str(does.param("examples")) for _, does in HELP_LINES if "examples" in dict(does.params)}
    commands |= {move for text in examples for move in re.findall(r'"([^"]+)"', text)}
    options = {field.name for field in dataclasses.fields(games.get(game).options)}
    return commands | options | {f"option {name}" for name in options} | {"FILE"}
