"""The phone board of every registered game: each text on it (coordinates, labels, captions,
letters on pieces) is at least ``renderer.PHONE_TEXT`` pixels tall when the picture is shown
``renderer.PHONE_WIDTH`` pixels wide, a cell's printed name excepted (the edges carry the
coordinates); and ``renderer.facts`` says in words what the board no longer shows, naming
every player."""

from __future__ import annotations

from typing import Any

import pytest

import games
import renderer
from renderer import layers, pens
from tests.support.board_layout import playout

NAMES = ["Ann", "Bob", "Cleo", "Dmitri", "Eve", "Flo"]


def _views(name: str) -> list[tuple[str, Any]]:
    """A few views of ``name``: public and seat 0's, early, in the middle and at the end of a
    seeded random playout, at the fewest and the most players."""
    game = games.get(name)
    out = []
    for players in sorted({min(game.players), max(game.players)}):
        states = playout(name, players, seed=11)
        for k, state in enumerate((states[1], states[len(states) // 2], states[-1])):
            for seat in (None, 0):
                out.append(
                    (f"{players}p-{k}-{'public' if seat is None else 'seat0'}", game.view(state, seat))
                )
    return out


def _smallest(view: Any, names: list[str]) -> tuple[float, pens.DrawnText, int]:
    """The smallest text of the phone board as shown on a phone (px), that text, and the width."""
    with pens.record_layout() as layout:
        img = renderer.draw(view, names=names)
    seen = [
        t
        for t in layout.texts
        if not t.cell_name
        and t.box[2] > 0
        and t.box[3] > 0
        and t.box[0] < img.width
        and t.box[1] < img.height
    ]
    assert seen, "no text recorded on the phone board"
    least = min(seen, key=lambda t: t.size)
    return least.size * renderer.PHONE_WIDTH / img.width, least, img.width


@pytest.mark.parametrize("name", list(renderer.RENDERERS))
@pytest.mark.parametrize("cached", [True, False], ids=["layers", "scratch"])
def test_phone_board_text_is_readable_at_phone_width(name: str, cached: bool) -> None:
    for label, view in _views(name):
        names = NAMES[: view.players]
        if cached:
            shown, least, width = _smallest(view, names)
        else:
            with layers.uncached():
                shown, least, width = _smallest(view, names)
        assert shown >= renderer.PHONE_TEXT, (
            f"{name} {label}: {least.text!r} at {least.size} px on a {width} px picture is "
            f"{shown:.1f} px on a phone"
        )


@pytest.mark.parametrize("name", list(renderer.RENDERERS))
def test_facts_name_every_player(name: str) -> None:
    for label, view in _views(name):
        names = NAMES[: view.players]
        facts = renderer.facts(view, names)
        assert facts, f"{name} {label}: no facts"
        assert all(line and "\n" not in line for line in facts)
        text = "\n".join(facts)
        for player in names:
            assert player in text, f"{name} {label}: {player} is not in the facts {facts}"
        key = renderer.key(view)  # what the marks mean: for a player's own view, not every post
        assert all(line and line not in facts for line in key), f"{name} {label}: {key}"


@pytest.mark.parametrize("name", list(renderer.RENDERERS))
def test_detailed_board_is_the_board_with_its_panel(name: str) -> None:
    _label, view = _views(name)[2]
    names = NAMES[: view.players]
    detailed = renderer.draw(view, names=names, detailed=True)
    assert detailed.tobytes() == renderer.RENDERERS[name].draw(view, renderer._names(view, names)).tobytes()
    assert renderer.draw(view, names=names).size != detailed.size


def _frames_of(name: str) -> list[tuple[Any, list[str]]]:
    """Public views of ``name`` that animate (their last phase drawn step by step), from the
    seeded playouts of :func:`_views`' sizes, with the names to draw them with."""
    game = games.get(name)
    found = []
    for players in sorted({min(game.players), max(game.players)}):
        for state in playout(name, players, seed=11):
            view = game.view(state, None)
            if renderer.renderer_for(view).frames is not None and renderer.render_animation(
                view, NAMES[:players]
            ):
                found.append((view, NAMES[:players]))
    return found[:: max(1, len(found) // 4)]


@pytest.mark.parametrize("name", [n for n in renderer.RENDERERS if renderer.RENDERERS[n].frames is not None])
def test_animation_text_is_readable_at_phone_width(name: str) -> None:
    """A movement animation is shown in the card in place of the board: its texts (captions,
    the compass) hold to the phone board's rule."""
    animated = _frames_of(name)
    assert animated, f"no animated view of {name} in the playouts"
    for view, names in animated:
        drawing = renderer.renderer_for(view)
        assert drawing.frames is not None
        with pens.record_layout() as layout:
            frames = list(drawing.frames(view, names))
        width = frames[0].width
        seen = [t for t in layout.texts if not t.cell_name and t.box[2] > 0 and t.box[3] > 0]
        least = min(seen, key=lambda t: t.size)
        shown = least.size * renderer.PHONE_WIDTH / width
        assert shown >= renderer.PHONE_TEXT, (name, least, width)
