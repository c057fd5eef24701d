"""Static layers (renderer.layers): pictures drawn from cached layers equal pictures drawn from
scratch, pixel for pixel, and the cache holds nothing from any view."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pytest
from PIL import Image, ImageChops

import games
import renderer
from renderer import layers, pens
from renderer.registry import RENDERERS
from tests.support.board_layout import playout


def _late_views(name: str) -> list[tuple[Any, list[str]]]:
    """The end of a seeded random playout: the public view and every seat's view."""
    game = games.get(name)
    players = max(game.players)
    states = playout(name, players, seed=11)
    names = [f"Player {k + 1}" for k in range(players)]
    out = []
    for state in (states[len(states) // 2], states[-1]):
        out += [(game.view(state, seat), names) for seat in (None, *range(players))]
    return out


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def _only_shape(key: Hashable) -> bool:
    """A key made of names and numbers only (no view, state or other object)."""
    if isinstance(key, tuple):
        return all(_only_shape(k) for k in key)
    return isinstance(key, str | int | float | bool) or key is None


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_cached_layers_draw_the_same_picture_as_from_scratch(name: str) -> None:
    layers.clear()
    for view, names in _late_views(name):
        with layers.uncached():
            scratch = renderer.draw(view, names=names, detailed=True)
        first = renderer.draw(view, names=names, detailed=True)  # may paint and store a layer
        again = renderer.draw(view, names=names, detailed=True)  # from the stored layer
        assert _same(first, scratch) and _same(again, scratch)


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_a_private_view_leaves_nothing_in_the_public_picture(name: str) -> None:
    """Secrecy: layers stored while drawing each player's own view give the public picture
    exactly as drawn from scratch, and the cache keys hold only the game's shape."""
    layers.clear()
    views = _late_views(name)
    for view, names in views:
        if view.viewer is not None:
            renderer.draw(view, names=names, detailed=True)
    for view, names in views:
        if view.viewer is None:
            with layers.uncached():
                scratch = renderer.draw(view, names=names, detailed=True)
            assert _same(renderer.draw(view, names=names, detailed=True), scratch)
    assert all(_only_shape(k) for k in layers.cached_keys())


def test_ice_lake_movement_frames_equal_frames_from_scratch() -> None:
    from renderer import ice_lake

    game = games.get("ice-lake")
    names = [f"Player {k + 1}" for k in range(4)]
    shown = 0
    for state in playout("ice-lake", 4, seed=5):
        view = game.view(state, None)
        if len(view.last_movement) < 2:
            continue
        with layers.uncached():
            scratch = [f.copy() for f in ice_lake.frames(view, names)]
        cached = [f.copy() for f in ice_lake.frames(view, names)]
        assert len(cached) == len(scratch)
        assert all(_same(a, b) for a, b in zip(cached, scratch, strict=True))
        shown += 1
        if shown == 3:
            break
    assert shown


def test_a_cached_layer_replays_its_texts_and_cards_into_the_layout() -> None:
    layers.clear()
    name = "ice-lake"
    view, names = _late_views(name)[0]
    with layers.uncached(), pens.record_layout() as scratch:
        renderer.draw(view, names=names, detailed=True)
    renderer.draw(view, names=names, detailed=True)  # stores the layer
    with pens.record_layout() as cached:
        renderer.draw(view, names=names, detailed=True)
    assert cached.texts == scratch.texts and cached.cards == scratch.cards


def test_the_cache_is_bounded_and_least_recently_used_goes_first() -> None:
    layers.clear()
    painted = []

    def paint(key: int) -> layers.Paint:
        return lambda d: painted.append(key)

    for k in range(layers.MAX_LAYERS + 3):
        layers.layer(("test", k), (4, 4), paint(k))
    assert len(layers.cached_keys()) == layers.MAX_LAYERS
    layers.layer(("test", 3), (4, 4), paint(3))  # still stored: not painted again
    assert painted.count(3) == 1
    layers.layer(("test", 0), (4, 4), paint(0))  # dropped first: painted again
    assert painted.count(0) == 2
    layers.clear()
