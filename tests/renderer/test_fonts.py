"""Names in every alphabet and bounded name trimming.

The boards draw with DejaVu Sans shipped in ``renderer/fonts``; what it cannot draw falls back
to the drawable part of a name, or to "Player k" when nothing of it is drawable.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFont

from renderer import drawing, lettering, pens, theme

ROOT = Path(__file__).resolve().parents[2]


def test_the_font_ships_inside_the_package_with_its_licence() -> None:
    for path in lettering.FONT_FILES.values():
        assert path.is_file() and path.parent == ROOT / "renderer" / "fonts"
    licence = (ROOT / "renderer" / "fonts" / "LICENSE").read_text()
    assert "Bitstream Vera" in licence and "DejaVu changes are in public domain" in licence
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'renderer = ["fonts/*.ttf", "fonts/LICENSE"]' in pyproject


def test_font_is_dejavu_regular_and_bold_and_cached_per_size() -> None:
    f = lettering.font(20)
    assert isinstance(f, ImageFont.FreeTypeFont)
    assert f.getname() == ("DejaVu Sans", "Book")
    assert lettering.font(20, bold=True).getname() == ("DejaVu Sans", "Bold")
    assert lettering.font(20) is f
    small, big = lettering.font(12).getbbox("Hg"), lettering.font(32).getbbox("Hg")
    assert big[3] - big[1] > small[3] - small[1] > 0


def _ink(s: str) -> Image.Image:
    img, d = pens.canvas(400, 60, theme.WHITE)
    d.text((10, 10), s, font=lettering.font(24), fill=theme.BLACK)
    return img


@pytest.mark.parametrize("name", ["Zoë", "Ωmega", "Дмитрий", "José", "Łukasz", "Ærøskøbing"])
def test_names_in_latin_greek_and_cyrillic_are_drawn_as_they_are(name: str) -> None:
    assert lettering.display_name(name, 0) == name
    assert lettering.fit(name, 17, 500) == name
    # each letter is a real glyph: the picture differs from the missing-glyph box's
    missing = _ink("\U0010fffd" * len(name))
    assert ImageChops.difference(_ink(name), missing).getbbox() is not None


def test_a_name_typed_decomposed_is_composed() -> None:
    assert lettering.display_name("Zoe\u0308", 0) == "Zoë"


def test_a_name_with_an_emoji_shows_its_drawable_part() -> None:
    assert lettering.display_name("🐧 Pingu", 1) == "Pingu"
    assert lettering.display_name("Ann 🐻‍❄️", 0) == "Ann ❄"  # the snowflake is in the font, the bear is not


@pytest.mark.parametrize("name", ["小明", "🐧", "🐧🐧 ", "", "   ", "‮"])
def test_a_name_the_font_cannot_draw_becomes_the_seat(name: str) -> None:
    assert lettering.display_name(name, 1) == "Player 2"


def test_right_to_left_names_are_not_drawn_backwards() -> None:
    # the font has Hebrew and Arabic letters, but without shaping they would read wrongly
    assert lettering.display_name("שרה", 2) == "Player 3"
    assert lettering.display_name("Sam سارة", 0) == "Sam"


def test_display_names_numbers_each_seat() -> None:
    assert lettering.display_names(["小明", "Zoë", "🐧"]) == ["Player 1", "Zoë", "Player 3"]


def test_printable_keeps_what_the_font_draws_and_stands_in_for_the_rest() -> None:
    assert lettering.printable("José") == "José"
    assert lettering.printable("a – b → c") == "a – b → c"
    assert lettering.printable("Ａnn") == "Ann"  # full-width letters have a drawable decomposition
    assert lettering.printable("a\u200db\tc  d") == "ab c d"
    assert lettering.printable("🐻") == "?"
    assert lettering.printable("") == ""


def test_drawable_follows_the_fonts_own_character_map() -> None:
    assert all(lettering.drawable(ch) for ch in "AzéßΩЖ€…–")
    assert not any(lettering.drawable(ch) for ch in "小🐧\u0301\u200d")
    assert 0x4E00 not in lettering.font_chars() and ord("Ж") in lettering.font_chars()


def test_fit_shortens_with_an_ellipsis() -> None:
    long = "A very long Discord display name indeed"
    short = lettering.fit(long, 16, 120)
    assert short.endswith("…") and len(short) < len(long)
    assert lettering.font(16).getlength(short) <= 120
    assert lettering.fit(long, 16, 120)[:-1] == long[: len(short) - 1].rstrip()
    assert lettering.fit("Ann", 16, 120) == "Ann"
    bold = lettering.fit(long, 16, 120, bold=True)
    assert lettering.font(16, bold=True).getlength(bold) <= 120


def test_fit_keeps_the_longest_prefix_that_fits() -> None:
    long = "Дмитрий Ωmega Zoë " * 20
    for width in (40, 97, 180, 333):
        short = lettering.fit(long, 14, width)
        assert lettering.font(14).getlength(short) <= width
        longer = long[: len(short)].rstrip() + "…"  # one more character of the original
        assert lettering.font(14).getlength(longer) > width or longer == short


def test_a_ten_thousand_character_name_is_trimmed_with_few_measurements(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One name of 1,000 characters made a move take 2 s (one measurement per
    character); trimming now measures a logarithmic number of prefixes."""
    measured: list[int] = []
    real = lettering._measure

    def counting(f: ImageFont.FreeTypeFont, s: str) -> float:
        measured.append(len(s))
        return real(f, s)

    monkeypatch.setattr(lettering, "_measure", counting)
    name = "Ω" + "abcdefghij" * 1000
    short = lettering.fit(name, theme.TEXT_SIZE, 200)
    assert len(measured) <= 2 * 14 + 2  # log2(10,000) is about 13
    assert sum(measured) < 3 * len(name)  # and never the whole name over and over
    assert short.endswith("…") and lettering.font(theme.TEXT_SIZE).getlength(short) <= 200


def test_a_ten_thousand_character_name_renders_on_every_board() -> None:
    import games
    import renderer

    name = "Ω" + "abcdefghij" * 1000
    for game_name in sorted(games.GAMES):
        game = games.get(game_name)
        players = min(game.players)
        state = game.new_game(players, game.options(), 1)
        with pens.record_layout() as layout:
            data = renderer.render(game.view(state, None), names=[name] * players, detailed=True)
        assert data[:4] == b"\x89PNG"
        assert layout.texts and all(len(t.text) < 200 for t in layout.texts)


def test_wrap_breaks_at_spaces_and_keeps_every_word_when_it_can() -> None:
    s = "Player 1 wins: four bears at the Finish, and a tie broken by fish"
    rows = lettering.wrap(s, 17, 200)
    assert " ".join(rows) == s and len(rows) > 1
    assert all(lettering.font(17).getlength(r) <= 200 for r in rows)


def test_wrap_shortens_the_last_line_when_text_is_left_over() -> None:
    rows = lettering.wrap("word " * 200, 14, 150, max_lines=3)
    assert len(rows) == 3 and rows[-1].endswith("…")
    assert all(lettering.font(14).getlength(r) <= 150 for r in rows)
    giant = lettering.wrap("x" * 10_000 + " wins", 14, 150, max_lines=2)
    assert len(giant) == 2 and all(lettering.font(14).getlength(r) <= 150 for r in giant)


def test_record_layout_sees_every_text_and_card() -> None:
    img, d = pens.canvas(300, 120)
    with pens.record_layout() as layout:
        drawing.card(d, (10, 10, 290, 110))
        lettering.text(d, (20, 20), "Zoë", 20)
        lettering.halo_text(d, (150, 80), "E3", 14)
    assert layout.cards == [(10, 10, 290, 110)]
    assert [t.text for t in layout.texts] == ["Zoë", "E3"]
    left, top, right, bottom = layout.texts[0].box
    assert left >= 20 and top >= 20 and right > left and bottom > top
    lettering.text(d, (20, 20), "not recorded", 20)
    assert len(layout.texts) == 2


def test_a_huge_name_is_capped_once_so_every_later_step_stays_cheap() -> None:
    shown = lettering.display_name("Ωmega" * 2_000, 0)
    assert len(shown) == lettering.NAME_LIMIT + 1 and shown.endswith("…")
    assert lettering.printable("plain  ascii   text ") == "plain ascii text"  # the fast path agrees
