"""A page wrapped for the terminal, reflowed for a chat app (bot/core/texts.py, ``reflowed``):
wrapped lines join their paragraph; blank lines, steps, bullets and a dedent start a new line."""

from __future__ import annotations

from bot.core.texts import reflowed

PAGE = """Goal: be the last one
on the ice.

A turn:
  1. Move, diagonals
     too.
  2. Slide.
  - a bullet that
    wraps
  Then roll
  again."""


def test_wrapped_lines_join_and_steps_bullets_and_paragraphs_stay_apart() -> None:
    assert reflowed(PAGE).splitlines() == [
        "Goal: be the last one on the ice.",
        "",
        "A turn:",
        "  1. Move, diagonals too.",
        "  2. Slide.",
        "  - a bullet that wraps",
        "  Then roll again.",
    ]
