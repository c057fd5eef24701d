"""View -> picture: one renderer per game, shared helpers in :mod:`renderer.common`.

Pure functions of a game's view (ARCHITECTURE.md). The bot calls :func:`render` after each
move (in a worker thread: a board takes tens of milliseconds), :func:`render_text` for the
terminal front end and alt text, and :func:`render_animation` when a move has an animated phase.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderer import common
from renderer.registry import RENDERERS, BoardRenderer

__all__ = [
    "RENDERERS",
    "BoardRenderer",
    "draw",
    "player_label",
    "render",
    "render_animation",
    "render_text",
    "renderer_for",
]

common.return_freed_pictures()  # once per process that draws: freed boards leave the heap
common.keep_picture_blocks()  # ... but the last few picture buffers are reused as they are

#: Milliseconds per frame of :func:`render_animation`.
FRAME_MS = 700


def renderer_for(view: Any) -> BoardRenderer:
    """The renderer of ``view.game``; ``KeyError`` names the game when none is registered."""
    try:
        return RENDERERS[view.game]
    except KeyError:
        raise KeyError(f"no renderer registered for game {view.game!r}") from None


def _names(view: Any, names: Sequence[str] | None) -> list[str]:
    """``names`` padded to one per seat with "Player k" (seats are ``view.players``)."""
    players = int(getattr(view, "players", 0) or len(names or ()))
    given = list(names or ())
    return [
        given[i] if i < len(given) and given[i] else f"Player {i + 1}"
        for i in range(max(players, len(given)))
    ]


def render(
    view: Any, *, names: Sequence[str] | None = None, seat: int | None = None, last: Any = None
) -> bytes:
    """The board of ``view`` as PNG bytes.

    ``seat`` and ``last`` are accepted for the bot's convenience: the view already knows its
    viewer and each game's view marks its own last move, so renderers take only ``view``. A
    public view (its ``viewer`` None) shares its palette with the other public boards of its
    shape (``common.palette_of``); a seat's view keeps one of its own colours.
    """
    del seat, last
    return common.to_png(draw(view, names=names), shared=_public(view))


def draw(view: Any, *, names: Sequence[str] | None = None) -> Image.Image:
    """The board of ``view`` as drawn (RGB), before :func:`render` encodes it as a palette PNG
    (which keeps each pixel within ``common.PNG_TOLERANCE``): for tests of exact colours."""
    return renderer_for(view).draw(view, _names(view, names))


def render_text(view: Any, names: Sequence[str] | None = None) -> str:
    """A compact plain-text board of ``view``."""
    return renderer_for(view).text(view, _names(view, names))


def render_animation(view: Any, names: Sequence[str] | None = None) -> bytes | None:
    """An animated GIF of the view's current phase, or ``None`` when there is nothing to animate
    (a public view's shares its palette with the others of its shape, as :func:`render`)."""
    frames_fn = getattr(renderer_for(view), "frames", None)
    if frames_fn is None:
        return None
    frames = iter(frames_fn(view, _names(view, names)))
    first = next(frames, None)
    if first is None:
        return None
    first = first.copy()  # the renderer may draw the next frame on the same picture
    second = next(frames, None)
    if second is None:
        return None
    return common.to_gif(itertools.chain((first, second), frames), FRAME_MS, shared=_public(view))


def _public(view: Any) -> bool:
    """Whether ``view`` shows only what everyone may see (its ``viewer`` is None): its pictures
    may share their palette family's colours. A view without a viewer counts as private."""
    return getattr(view, "viewer", "private") is None


def player_label(seat: int, name: str) -> str:
    """A player as text where colour cannot be shown: ``"Ann [1 blue B]"``."""
    p = common.player(seat)
    return f"{name} [{seat + 1} {p.name} {p.letter}]"
