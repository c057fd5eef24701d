"""The renderer of each game, by the game's registry name: the :class:`Drawing` that the module
its registration names (:mod:`games.registry`, the one place a game is registered) exports as
``DRAWING``, imported when first asked for.

``names`` holds one display name per seat (already defaulted; not yet made printable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from PIL import Image

from games.registry import REGISTERED


class TextBoard(Protocol):
    def __call__(self, view: Any, names: Sequence[str], *, grid: bool = True) -> str: ...


#: A picture of a view for the seats' names.
Picture = Callable[[Any, Sequence[str]], Image.Image]


@dataclass(frozen=True)
class Drawing:
    """How one game's views are drawn: what every renderer has, and what it may add (``None``:
    the default :mod:`renderer` gives in its place)."""

    #: The board picture (RGB) of one view.
    draw: Picture
    #: A compact plain-text board (terminal front end, logs, alt text); ``grid=False`` leaves out
    #: the grid, keeping the lines that say whose turn it is, where each player stands, the last move.
    text: TextBoard
    #: The phone board: the board alone, every text readable at a phone's width
    #: (:func:`renderer.draw`; ``None``: ``draw`` serves).
    phone: Picture | None = None
    #: What the panel says that the phone board does not, as plain lines built from the same
    #: functions as the panel (:func:`renderer.facts`; ``None``: the text board without its grid).
    facts: Callable[[Any, Sequence[str]], list[str]] | None = None
    #: What the phone board's marks mean, in words (:func:`renderer.key`; ``None``: no key).
    key: Callable[[Any], list[str]] | None = None
    #: What the viewer holds and what each piece does (Thin Ice's cards, Ice Hike's finds), a line
    #: each, for the messages only they read (:func:`renderer.holding`; ``None``: nothing).
    holding: Callable[[Any], list[str]] | None = None
    #: The pictures of an animated phase (a slide, a reveal), the last one the position now;
    #: fewer than two: no animation. Every frame may be drawn on one picture (each is valid until
    #: the next is taken): :func:`renderer.encoding.to_gif` reads them once. ``None``: never animated.
    frames: Callable[[Any, Sequence[str]], Iterable[Image.Image]] | None = None
    #: How the text board (so the alt text) opens the line that tells the last move everyone saw,
    #: once moves were made; empty: it tells none.
    last_move: tuple[str, ...] = ()


#: What :data:`RENDERERS` gives: every game's :class:`Drawing`.
BoardRenderer = Drawing


class Renderers(Mapping[str, BoardRenderer]):
    """The renderer of every registered game, by name (a game registered later included)."""

    def __getitem__(self, name: str) -> BoardRenderer:
        drawing = import_module(REGISTERED[name].renderer).DRAWING
        assert isinstance(drawing, Drawing), f"{REGISTERED[name].renderer}.DRAWING is no Drawing"
        return drawing

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTERED)

    def __len__(self) -> int:
        return len(REGISTERED)


RENDERERS = Renderers()
for _registration in REGISTERED.values():  # the games registered now: imported with the renderer
    import_module(_registration.renderer)
