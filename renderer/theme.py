"""The look every board shares: coordinate types, layout sizes, the neutral colours, the
players' colours with their letters and shapes, and colour arithmetic (:func:`mix`,
:func:`lighten`, :func:`ink_for`, ...).

**Colour is never the only signal.** Each player colour comes with a letter *and* a shape
(:data:`PLAYER_COLOURS`, :func:`renderer.drawing.player_token`); game colours that matter (bear
colours, tile kinds) should likewise carry a letter. The palette is Okabe-Ito, which stays
distinguishable for the common colour-vision deficiencies.

Coordinates are pixels, a ``Box`` is ``(left, top, right, bottom)``.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

from games.words import Said, say

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Point = tuple[float, float]
PixelBox = tuple[int, int, int, int]


# --------------------------------------------------------------------------- layout constants

#: Width most boards aim for: Discord's inline preview is about 800-1000 px wide.
TARGET_WIDTH = 960
#: Outer margin of a picture and the gap between its parts.
MARGIN = 20
GAP = 14
#: Width of the side panel drawn by :func:`renderer.legend.legend` (boards put it on the right).
PANEL_WIDTH = 300
#: Inner padding of panels and cards.
PAD = 12
#: Corner radius of panels and cards.
RADIUS = 12
#: Font sizes, readable once Discord scales a 960 px picture down to its preview.
TITLE_SIZE = 26
HEADING_SIZE = 20
TEXT_SIZE = 17
SMALL_SIZE = 14
#: One player row of the legend, and the radius of its player token.
ROW_HEIGHT = 44
TOKEN_RADIUS = 13
#: Width of the "last move" ring.
RING_WIDTH = 4
#: Discord shows a picture about this many pixels wide on a phone; a phone board's smallest
#: text is at least this many pixels tall there (:func:`phone_text`).
PHONE_WIDTH = 390
PHONE_TEXT = 9
#: The margin a phone board keeps around what it shows.
PHONE_EDGE = 6


def phone_text(width: float) -> int:
    """The smallest text size (px) that is :data:`PHONE_TEXT` pixels tall once a picture
    ``width`` pixels wide is shown :data:`PHONE_WIDTH` wide."""
    return math.ceil(PHONE_TEXT * width / PHONE_WIDTH - 1e-9)


# --------------------------------------------------------------------------- palette

#: Okabe-Ito, the colour-blind-safe palette (Okabe & Ito 2008).
OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0),
    "orange": (230, 159, 0),
    "sky blue": (86, 180, 233),
    "bluish green": (0, 158, 115),
    "yellow": (240, 228, 66),
    "blue": (0, 114, 178),
    "vermillion": (213, 94, 0),
    "reddish purple": (204, 121, 167),
}

#: The picture's neutral colours: a light icy background, white cards, dark navy ink.
BACKGROUND: RGB = (232, 241, 248)
PANEL: RGB = (255, 255, 255)
PANEL_EDGE: RGB = (176, 196, 214)
INK: RGB = (28, 39, 64)
MUTED: RGB = (108, 122, 142)
FAINT: RGB = (200, 210, 222)
#: Greyed-out players and pieces (retired, out of the game).
GREYED: RGB = (168, 174, 182)
#: The "last move" highlight: yellow with a dark edge reads on light and dark backgrounds.
HIGHLIGHT: RGB = OKABE_ITO["yellow"]
HIGHLIGHT_EDGE: RGB = INK
#: Good / bad accents (win, danger); never used alone, always with a word or symbol.
GOOD: RGB = OKABE_ITO["bluish green"]
DANGER: RGB = OKABE_ITO["vermillion"]
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

Shape = Literal["circle", "square", "triangle", "diamond", "hexagon", "star"]


class PlayerColour(NamedTuple):
    """One player's colour, with the letter and shape that say the same thing without colour."""

    name: str
    rgb: RGB
    letter: str
    shape: Shape


#: Seat k plays ``PLAYER_COLOURS[k]`` (up to six players). Letters are the colour initials.
PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("blue", OKABE_ITO["blue"], "B", "circle"),
    PlayerColour("orange", OKABE_ITO["orange"], "O", "square"),
    PlayerColour("green", OKABE_ITO["bluish green"], "G", "triangle"),
    PlayerColour("purple", OKABE_ITO["reddish purple"], "P", "diamond"),
    PlayerColour("red", OKABE_ITO["vermillion"], "R", "hexagon"),
    PlayerColour("yellow", OKABE_ITO["yellow"], "Y", "star"),
)

#: Board surfaces shared by the ice games; a renderer may add its own keys with ``TERRAIN | {...}``.
TERRAIN: dict[str, RGB] = {
    "ice": (214, 236, 248),
    "thin ice": (174, 214, 238),
    "snow": (248, 251, 253),
    "water": (64, 132, 190),
    "deep water": (30, 84, 140),
    "rock": (150, 142, 132),
    "hole": (22, 48, 84),
    "start": (196, 232, 214),
    "finish": (252, 236, 180),
}


def player(seat: int) -> PlayerColour:
    """The colour of ``seat`` (wraps past six, which no game allows)."""
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


#: The players' colours in words, by seat (the tokens' letters stay the English initials:
#: notation).
COLOUR_WORDS: tuple[Said, ...] = (
    say("blue"),
    say("orange"),
    say("green"),
    say("purple"),
    say("red"),
    say("yellow"),
)


def colour_word(seat: int) -> Said:
    """The colour of ``seat`` as a saying ("blue")."""
    return COLOUR_WORDS[seat % len(COLOUR_WORDS)]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` (0..1) towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(c: RGB, t: float = 0.6) -> RGB:
    return mix(c, WHITE, t)


def darken(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, BLACK, t)


def grey(c: RGB, t: float = 0.75) -> RGB:
    """A faded, desaturated version of ``c``, for retired players and unavailable things."""
    g = round(0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2])
    return mix(mix(c, (g, g, g), t), WHITE, 0.35)


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def ink_for(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill`` (for letters on tokens)."""
    return BLACK if luminance(fill) > 0.22 else WHITE
