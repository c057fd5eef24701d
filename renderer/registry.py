"""The renderer of each game, by the game's registry name: the module its registration names
(:mod:`games.registry`, the one place a game is registered), imported when first asked for.

A renderer is any module (or object) with

* ``draw(view, names) -> PIL.Image.Image``: the board picture (RGB) of one view;
* ``text(view, names) -> str``: a compact plain-text board (terminal front end, logs, alt text);
* optionally ``phone(view, names) -> PIL.Image.Image``: the phone board, the board alone with
  every text readable at a phone's width (:func:`renderer.draw`; without it, ``draw`` serves);
* optionally ``facts(view, names) -> list[str]``: what the panel says that the phone board does
  not, as plain lines, built from the same functions as the panel (:func:`renderer.facts`;
  without it, the text board's lines without the grid);
* optionally ``frames(view, names) -> Iterable[Image]``: the pictures of an animated phase (a
  slide, a reveal), the last one being the position now. Fewer than two frames means "no
  animation". A renderer may draw every frame on one picture (each is valid until the next is
  taken): :func:`renderer.encoding.to_gif` reads them once and keeps only what changed.

``names`` holds one display name per seat (already defaulted; not yet made printable).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol, cast

from PIL import Image

from games.registry import REGISTERED


class BoardRenderer(Protocol):
    def draw(self, view: Any, names: Sequence[str]) -> Image.Image: ...

    def text(self, view: Any, names: Sequence[str], *, grid: bool = True) -> str: ...


class Renderers(Mapping[str, BoardRenderer]):
    """The renderer of every registered game, by name (a game registered later included)."""

    def __getitem__(self, name: str) -> BoardRenderer:
        return cast(BoardRenderer, import_module(REGISTERED[name].renderer))

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTERED)

    def __len__(self) -> int:
        return len(REGISTERED)


RENDERERS = Renderers()
for _registration in REGISTERED.values():  # the games registered now: imported with the renderer
    import_module(_registration.renderer)
