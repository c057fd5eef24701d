"""Helpers of the renderer layout tests: late-game views from seeded random playouts, and the
check that every text drawn through the helpers (:mod:`renderer.lettering`, :mod:`renderer.drawing`) stays inside its picture and panel."""

from __future__ import annotations

import random
from typing import Any

from PIL import Image

import games
from renderer import pens, theme


def playout(game_name: str, players: int, seed: int, max_steps: int = 400) -> list[Any]:
    """The states of one seeded random playout (the game's own legal moves), first to last."""
    game = games.get(game_name)
    state = game.new_game(players, game.options(), seed)
    rnd = random.Random(seed)
    states = [state]
    for _ in range(max_steps):
        awaited = game.to_act(state)
        if not awaited:
            break
        seat = rnd.choice(sorted(awaited))
        state, _ = games.play(game, state, seat, rnd.choice(list(game.legal_actions(state, seat))))
        states.append(state)
    return states


def inside(inner: theme.Box, outer: theme.Box, slack: float = 1) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def panel_of(box: theme.Box, cards: list[theme.Box]) -> theme.Box | None:
    """The smallest card holding the centre of ``box`` (the panel a text belongs to)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    holding = [k for k in cards if k[0] <= cx <= k[2] and k[1] <= cy <= k[3]]
    return min(holding, key=lambda k: (k[2] - k[0]) * (k[3] - k[1]), default=None)


def assert_texts_inside(img: Image.Image, layout: pens.Layout) -> None:
    """Every recorded text lies within the picture and within the card it is drawn in."""
    picture = (0.0, 0.0, float(img.width), float(img.height))
    assert layout.texts, "nothing was recorded"
    for t in layout.texts:
        assert inside(t.box, picture, 0), f"{t.text!r} at {t.box} leaves the {img.size} picture"
        panel = panel_of(t.box, layout.cards)
        if panel is not None:
            assert inside(t.box, panel), f"{t.text!r} at {t.box} leaves its panel {panel}"


def drawn(layout: pens.Layout) -> list[str]:
    return [t.text for t in layout.texts]


#: The players' names on the language tests' boards.
BOARD_NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Eve", "Flo"]


def board_views(name: str) -> list[tuple[str, Any]]:
    """Public and seat 0's views early, in the middle and at the end of a seeded playout of
    ``name`` with the most players (the longest panel), each with a label."""
    game = games.get(name)
    players = max(game.players)
    states = playout(name, players, seed=11)
    return [
        (f"{k}-{'public' if seat is None else 'seat0'}", game.view(state, seat))
        for k, state in enumerate((states[1], states[len(states) // 2], states[-1]))
        for seat in (None, 0)
    ]
