"""The Pen remembers Pillow's answer for each colour it is asked for (a board asks a
few hundred times for a few dozen colours) without changing what is drawn or what each picture
notes in its inks."""

from __future__ import annotations

from PIL import ImageChops, ImageDraw

from renderer import pens, theme


def _draw_some(d: ImageDraw.ImageDraw) -> None:
    for _round in range(2):  # the second round is answered from memory
        d.rectangle((5, 5, 40, 30), fill=theme.HIGHLIGHT, outline=theme.INK, width=2)
        d.rectangle((45, 5, 80, 30), fill=theme.GOOD)
        d.line((0, 50, 100, 50), fill=theme.DANGER, width=3)
        d.ellipse((10, 35, 30, 55), outline=theme.MUTED, width=2)
        d.polygon([(60, 35), (90, 40), (70, 58)], fill=(12, 34, 56))


def test_a_pen_draws_what_pillow_draws() -> None:
    mine, d = pens.canvas(100, 60)
    theirs, _ = pens.canvas(100, 60)
    _draw_some(d)
    _draw_some(ImageDraw.Draw(theirs))
    assert ImageChops.difference(mine, theirs).getbbox() is None


def test_a_pen_answers_as_pillow_does_and_notes_each_colour_on_its_own_picture() -> None:
    first, d = pens.canvas(20, 20)
    plain = ImageDraw.Draw(first)
    for ink, fill in ((theme.INK, None), (None, theme.GOOD), (theme.INK, theme.HIGHLIGHT), (theme.INK, None)):
        assert d._getink(ink, fill) == plain._getink(ink, fill)
    second, e = pens.canvas(20, 20)
    e.rectangle((0, 0, 5, 5), fill=theme.DANGER)
    first_inks, second_inks = pens.inks(first), pens.inks(second)
    assert first_inks is not None and second_inks is not None
    assert {theme.INK, theme.GOOD, theme.HIGHLIGHT} <= first_inks.flat and theme.DANGER not in first_inks.flat
    assert (
        theme.DANGER in second_inks.flat and not {theme.INK, theme.GOOD, theme.HIGHLIGHT} & second_inks.flat
    )
