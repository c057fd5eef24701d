"""Alt text (renderer.describe): every board of every game, at every seat count, says in words
whose turn it is or who won and where each player stands, within Discord's 1,024 characters, from
the text board's own lines (one function for both). That it shows nothing a seat may not see is
tested with the other public texts in tests/core/test_public_traces.py."""

from __future__ import annotations

import random

import pytest

import games
import renderer

CONFIGS = [(name, n) for name, game in sorted(games.GAMES.items()) for n in game.players]
#: Long names, so the limit is met by cutting whole lines, never a word
NAMES = [f"{'Ωmega' * 6}{n}" for n in range(8)]


def playout_views(name: str, players: int, seed: int) -> list[object]:
    game = games.get(name)
    state = game.new_game(players, game.options(), seed)
    rnd = random.Random(seed)
    views = [game.view(state, None)]
    for _ in range(400):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        actions = game.legal_actions(state, seat)
        state, _ = games.play(game, state, seat, actions[rnd.randrange(len(actions))])
        views.append(game.view(state, None))
    return views


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_every_board_is_described_in_words_within_discords_limit(name: str, players: int) -> None:
    names = NAMES[:players]
    views = playout_views(name, players, seed=players)
    for view in views[:: max(1, len(views) // 25)] + views[-1:]:
        alt = renderer.describe(view, names)
        assert 0 < len(alt) <= renderer.ALT_TEXT_LIMIT, (name, len(alt))
        assert "To play:" in alt or "Winner:" in alt or "wins" in alt or "game over" in alt.lower(), alt
        assert all(n in alt for n in names), alt  # every player, by name


def test_the_alt_text_is_the_text_board_without_its_grid() -> None:
    game = games.get("ice-team")
    view = game.view(game.new_game(2, game.options(), 4), None)
    board = renderer.render_text(view, ["Ann", "Bo"])
    alt = renderer.describe(view, ["Ann", "Bo"])
    assert "Key:" in board and "Key:" not in alt  # the grid's key goes with the grid
    assert len(alt.splitlines()) < len(board.splitlines())
    assert "To play: 1 [B] Ann" in alt or "To play: 2 [O] Bo" in alt


@pytest.mark.parametrize(
    ("name", "players"), [(name, max(game.players)) for name, game in sorted(games.GAMES.items())]
)
def test_once_moves_were_made_the_alt_text_says_the_last_one(name: str, players: int) -> None:
    """In the words its drawing declares (``Drawing.last_move``)."""
    said_by = renderer.RENDERERS[name].last_move
    if not said_by:
        pytest.skip(f"{name}'s text board declares no line of the last move")
    names = NAMES[:players]
    views = playout_views(name, players, seed=players)
    ongoing = [v for v in views[len(views) // 3 : -1] if "To play:" in renderer.describe(v, names)]
    assert ongoing
    for view in ongoing[:: max(1, len(ongoing) // 10)]:
        alt = renderer.describe(view, names)
        assert any(said in alt for said in said_by), (name, alt)
