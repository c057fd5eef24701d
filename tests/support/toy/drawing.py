"""Snowballs' drawing (the renderer module its registration names): a row of snowballs."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from renderer.registry import Drawing
from tests.support.toy.rules import SnowballView


def draw(view: SnowballView, names: Sequence[str]) -> Image.Image:
    picture = Image.new("RGB", (40 + 30 * view.pile, 60), (30, 60, 110))
    pen = ImageDraw.Draw(picture)
    for k in range(view.pile):
        pen.ellipse((20 + 30 * k, 20, 40 + 30 * k, 40), fill=(245, 245, 250))
    return picture


def text(view: SnowballView, names: Sequence[str], *, grid: bool = True) -> str:
    lines = [f"Snowballs left: {view.pile}", "Players: " + ", ".join(names)]
    if grid:
        lines.append("o" * view.pile)
    if view.current is not None:
        lines.append(f"To play: {names[view.current]}, taking one or two.")
    else:
        lines.append("Game over.")
    return "\n".join(lines)


#: Its text board tells no last move.
DRAWING = Drawing(draw=draw, text=text)
