"""Polar Derby board (work in progress)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.polar_derby import DerbyView
from renderer import common


def draw(view: DerbyView, names: Sequence[str]) -> Image.Image:
    img, _ = common.canvas(common.TARGET_WIDTH, 600)
    return img


def text(view: DerbyView, names: Sequence[str]) -> str:
    return "Polar Derby"
