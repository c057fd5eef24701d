"""Polar Derby's components (data): the bears by colour, their values and the dice faces."""

from __future__ import annotations

from collections.abc import Mapping

COLOURS: tuple[str, ...] = ("white", "blue", "green", "pink", "orange")
#: Points per bear by colour (data: the printed values are not in the transcription).
VALUES: Mapping[str, int] = {"white": 1, "blue": 2, "green": 3, "pink": 4, "orange": 5}
BEARS_PER_COLOUR = 5
FREE = "free"
#: The faces of each of the two identical dice.
DIE_FACES: tuple[str, ...] = (*COLOURS, FREE)

Counts = tuple[int, ...]  # one count per colour, in COLOURS order
NO_BEARS: Counts = (0,) * len(COLOURS)
