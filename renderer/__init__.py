"""View -> picture: one renderer per game (``renderer/<game>.py``), built with shared helpers.

Pure functions of a game's view: :func:`render` (in a drawing thread), :func:`render_text` (the
terminal and alt text), :func:`render_animation` (a move's animated phase). Shared helpers keep
the five boards one family: :mod:`renderer.theme` (sizes, colours, the players' colours, letters
and shapes: colour is never the only signal), :mod:`renderer.pens`, :mod:`renderer.lettering`
(fonts, fitting and drawing text), :mod:`renderer.drawing`, :mod:`renderer.legend` (the players'
panel), :mod:`renderer.layers` (what never changes, and sprites), :mod:`renderer.palettes`,
:mod:`renderer.encoding` and :mod:`renderer.png` (palettes, PNG, delta GIF), :mod:`renderer.memory`.

**Pure, fast, and secret.** The only state kept is memos keyed by shapes, looks, text, colours
and the language, never by a view, so what one player's view drew never reaches another picture
(a public board's palette family takes only public boards' colours). Shapes are drawn at 1x with
outlines that hide the jaggies, text and what never changes are drawn once, and pictures reuse
blocks of one size. :func:`renderer.pens.canvas` and :func:`renderer.pens.drawing` give a
:class:`renderer.pens.Pen`, which notes every colour drawn with, from which
:func:`renderer.encoding.to_png` makes an exact palette instead of quantizing.

**In the reader's language.** Every public function takes ``language`` (a
:class:`games.words.Language`, English by default): each word drawn or written is a saying
(:func:`games.words.say`, catalogue domain ``renderer``) told in it (:mod:`renderer.speech`);
notation (cells, plan letters, tile codes) and names stay as they are.

Coordinates are pixels, ``box`` is ``(left, top, right, bottom)``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from PIL import Image

from games.core import View
from games.words import ENGLISH, Language, say
from renderer import encoding, memory, speech, theme
from renderer.registry import RENDERERS, BoardRenderer, Drawing

__all__ = [
    "ALT_TEXT_LIMIT",
    "RENDERERS",
    "BoardRenderer",
    "Drawing",
    "describe",
    "draw",
    "facts",
    "holding",
    "key",
    "player_label",
    "render",
    "render_animation",
    "render_text",
    "renderer_for",
]

memory.return_freed_pictures()  # once per process that draws: freed boards leave the heap
memory.keep_picture_blocks()  # ... but the last few picture buffers are reused as they are

#: Milliseconds per frame of :func:`render_animation`.
FRAME_MS = 700
#: Discord shows at most this many characters of an attachment's description (its alt text).
ALT_TEXT_LIMIT = 1024


def renderer_for(view: Any) -> BoardRenderer:
    """The renderer of ``view.game``; ``KeyError`` names the game when none is registered."""
    try:
        return RENDERERS[view.game]
    except KeyError:
        raise KeyError(f"no renderer registered for game {view.game!r}") from None


def _names(view: View, names: Sequence[str] | None) -> list[str]:
    """``names`` padded to one per seat with "Player k" (seats are ``view.players``)."""
    players = view.players or len(names or ())
    given = list(names or ())
    return [
        given[i] if i < len(given) and given[i] else speech.told(say("Player {n}", n=i + 1))
        for i in range(max(players, len(given)))
    ]


def render(
    view: Any,
    *,
    names: Sequence[str] | None = None,
    detailed: bool = False,
    seat: int | None = None,
    last: Any = None,
    language: Language = ENGLISH,
) -> bytes:
    """The board of ``view`` as PNG bytes: the phone board, or with ``detailed`` the board with
    its players' panel (:func:`draw`).

    ``seat`` and ``last`` are accepted for the bot's convenience: the view already knows its
    viewer and each game's view marks its own last move, so renderers take only ``view``. A
    public view (its ``viewer`` None) shares its palette with the other public boards of its
    shape (:func:`renderer.palettes.palette_of`); a seat's view keeps one of its own colours.
    """
    del seat, last
    picture = draw(view, names=names, detailed=detailed, language=language)
    return encoding.to_png(picture, shared=_public(view))


def draw(
    view: Any, *, names: Sequence[str] | None = None, detailed: bool = False, language: Language = ENGLISH
) -> Image.Image:
    """The board of ``view`` as drawn (RGB), before :func:`render` encodes it as a palette PNG
    (which keeps each pixel within :data:`renderer.palettes.PNG_TOLERANCE`): for tests of exact colours.

    By default the phone board: the board alone, cut to it, its coordinates at its edges and
    every text on it large enough to read when Discord shows the picture :data:`PHONE_WIDTH`
    pixels wide (:data:`PHONE_TEXT` pixels tall there at least; a cell's printed name may be
    smaller where the edges carry the coordinates); what the panel said in words is
    :func:`facts`, for the message's text. ``detailed``: the board with its players' panel (the
    web pages'). A renderer without a phone board (``phone``) draws its detailed one."""
    shown = renderer_for(view)
    with speech.speaking(language):
        if detailed or shown.phone is None:
            return shown.draw(view, _names(view, names))
        return shown.phone(view, _names(view, names))


PHONE_WIDTH = theme.PHONE_WIDTH
PHONE_TEXT = theme.PHONE_TEXT


def facts(view: Any, names: Sequence[str] | None = None, *, language: Language = ENGLISH) -> list[str]:
    """What the detailed board's panel says and the phone board does not, as short plain lines
    for the message's text: whose turn, each player's score, position or status, the viewer's
    own hand or plan in a seat's view and the last move (what its marks mean: :func:`key`). From the
    view alone, so a public view's facts hold only what everyone may see. Built from the same
    functions as the panel; a renderer without them gives its text board without the grid."""
    shown = renderer_for(view)
    with speech.speaking(language):
        if shown.facts is None:
            return [line for line in shown.text(view, _names(view, names), grid=False).splitlines() if line]
        return shown.facts(view, _names(view, names))


def key(view: Any, *, language: Language = ENGLISH) -> list[str]:
    """What the phone board's marks mean, in words (none for a board without a key)."""
    own = renderer_for(view).key
    with speech.speaking(language):
        return [] if own is None else own(view)


def holding(view: Any, *, language: Language = ENGLISH) -> list[str]:
    """What the viewer of a seat's ``view`` holds and what each does, a line each (a public view:
    none)."""
    own = renderer_for(view).holding
    with speech.speaking(language):
        return [] if own is None else own(view)


def render_text(view: Any, names: Sequence[str] | None = None, *, language: Language = ENGLISH) -> str:
    """A compact plain-text board of ``view``."""
    with speech.speaking(language):
        return renderer_for(view).text(view, _names(view, names))


def describe(
    view: Any, names: Sequence[str] | None = None, *, lead: str = "", language: Language = ENGLISH
) -> str:
    """The alt text of ``view``'s board, for screen readers: the text board's own lines without
    its grid (whose turn, each player's position or score, the last move), one function for
    both, in whole lines within :data:`ALT_TEXT_LIMIT` characters, after ``lead`` (a first line
    saying what the picture is, as "Replay of ...", when it is more than the board)."""
    kept: list[str] = []
    size = 0
    with speech.speaking(language):
        board = renderer_for(view).text(view, _names(view, names), grid=False).splitlines()
    for line in [lead, *board] if lead else board:
        line = " ".join(line.split())  # no alignment: it is read aloud
        if size + len(line) + 1 > ALT_TEXT_LIMIT:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def render_animation(
    view: Any, names: Sequence[str] | None = None, *, language: Language = ENGLISH
) -> bytes | None:
    """An animated GIF of the view's current phase, or ``None`` when there is nothing to animate
    (a public view's shares its palette with the others of its shape, as :func:`render`)."""
    frames_fn = renderer_for(view).frames
    if frames_fn is None:
        return None
    with speech.speaking(language):  # the frames are drawn as the GIF takes them
        frames = iter(frames_fn(view, _names(view, names)))
        first = next(frames, None)
        if first is None:
            return None
        first = first.copy()  # the renderer may draw the next frame on the same picture
        second = next(frames, None)
        if second is None:
            return None
        return encoding.to_gif(itertools.chain((first, second), frames), FRAME_MS, shared=_public(view))


def _public(view: View) -> bool:
    """Whether ``view`` shows only what everyone may see (its ``viewer`` is None): its pictures
    may share their palette family's colours."""
    return view.viewer is None


def player_label(seat: int, name: str, *, language: Language = ENGLISH) -> str:
    """A player as text where colour cannot be shown: ``"Ann [1 blue B]"``."""
    p = theme.player(seat)
    with speech.speaking(language):
        return f"{name} [{seat + 1} {speech.told(theme.colour_word(seat))} {p.letter}]"
