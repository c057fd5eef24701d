"""The renderer of each game, by the game's registry name. Add one line per game.

A renderer is any module (or object) with

* ``draw(view, names) -> PIL.Image.Image``: the board picture (RGB) of one view;
* ``text(view, names) -> str``: a compact plain-text board (terminal front end, logs, alt text);
* optionally ``frames(view, names) -> Iterable[Image]``: the pictures of an animated phase (a
  slide, a reveal), the last one being the position now. Fewer than two frames means "no
  animation". A renderer may draw every frame on one picture (each is valid until the next is
  taken): :func:`renderer.encoding.to_gif` reads them once and keeps only what changed.

``names`` holds one display name per seat (already defaulted; not yet made printable).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PIL import Image

from renderer import ice_hike, ice_lake, ice_team, polar_derby, thin_ice


class BoardRenderer(Protocol):
    def draw(self, view: Any, names: Sequence[str]) -> Image.Image: ...

    def text(self, view: Any, names: Sequence[str], *, grid: bool = True) -> str: ...


RENDERERS: dict[str, BoardRenderer] = {
    "ice-hike": ice_hike,
    "ice-lake": ice_lake,
    "ice-team": ice_team,
    "polar-derby": polar_derby,
    "thin-ice": thin_ice,
}
