"""No two seats read alike on a board: names cut to their room keep what tells them apart."""

from __future__ import annotations

from dataclasses import replace

import games
import renderer
from renderer import legend, lettering, pens
from tests.support.board_layout import drawn


def test_names_cut_alike_are_cut_in_the_middle_instead() -> None:
    names = ["Floe (normal)", "Floe (normal) 2", "Alice"]
    plain = [lettering.fit(n, 17, 90) for n in names]
    assert plain[0] == plain[1]  # the plain cut makes two seats read the same
    apart = lettering.fit_apart(names, 17, [90, 90, 90])
    assert len(set(apart)) == 3 and apart[2] == "Alice"
    assert apart[0].endswith("al)") and apart[1].endswith("2")
    assert all(lettering.text_width(a, 17) <= 90 for a in apart)


def test_names_that_fit_or_differ_early_are_left_as_fit_gives_them() -> None:
    names = ["Ann", "Bo", "Floe (normal) 2", "Zed the long-named"]
    widths = [90.0] * 4
    assert lettering.fit_apart(names, 17, widths) == [lettering.fit(n, 17, 90) for n in names]


def test_a_thin_ice_board_with_two_computer_players_tells_them_apart() -> None:
    game = games.get("thin-ice")
    view = game.view(game.new_game(3, game.options(), 2), None)
    names = ["Floe (normal) and friends", "Floe (normal) and friends 2", "Ann"]
    with pens.record_layout() as layout:
        renderer.draw(view, names=names, detailed=True)
    shown = [t for t in drawn(layout) if t.startswith("Floe (n")]
    assert len(shown) == 2, shown
    stems = [t.removesuffix("…") for t in shown]  # "Floe (norm…" and "Floe (normal…" read alike
    assert not stems[0].startswith(stems[1]) and not stems[1].startswith(stems[0]), shown


def test_a_player_out_keeps_their_whole_name_and_says_out_on_the_line_under_it() -> None:
    game = games.get("thin-ice")
    view = game.view(game.new_game(6, game.options(), 2), None)
    assert view.awaited == frozenset({1})
    view = replace(view, status=("adrift", view.status[1], "lost at sea", "retired", *view.status[4:]))
    names = ["Floe (normal)", "Ann", "Floe (normal) 2", "Floe (normal) 3", "Bo", "Cy"]
    with pens.record_layout() as layout:
        renderer.draw(view, names=names, detailed=True)
    shown = drawn(layout)
    assert {"Floe (normal)", "Floe (normal) 2", "Floe (normal) 3"} <= set(shown), shown
    assert {"out - adrift", "out - lost at sea", "left the game"} <= set(shown), shown


def _status_token_box() -> tuple[int, int, int, int]:
    from renderer import theme
    from renderer import thin_ice as ti

    x, y = ti.PANEL_LEFT + theme.PAD, theme.MARGIN + theme.PAD + theme.TITLE_SIZE + 8
    return (int(x), int(y), int(x + legend.STATUS_TOKEN), int(y + theme.HEADING_SIZE + 4))


def test_the_status_line_shows_the_awaited_seats_token_before_the_name() -> None:
    from renderer import theme

    game = games.get("thin-ice")
    view = game.view(game.new_game(4, game.options(), 2), None)
    (seat,) = view.awaited
    img = renderer.draw(
        view, names=["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Ann"], detailed=True
    )
    box = _status_token_box()
    colour = theme.player(seat).rgb
    face = sum(img.getpixel((x, y)) == colour for x in range(box[0], box[2]) for y in range(box[1], box[3]))
    assert face > 40, face  # the seat's shape in its colour, beside "Turn: Floe (normal) 2"


def test_six_thin_ice_seats_show_the_computer_players_names_whole() -> None:
    """Playtest: the bold "2 cards" beside each name cut "Floe (nor…) 2" and "Floe (no…) 3"."""
    game = games.get("thin-ice")
    view = game.view(game.new_game(6, game.options(), 7), None)
    names = [
        "Floe (normal)",
        "Floe (normal) 2",
        "Floe (normal) 3",
        "Maximiliana Worthington-Hughes X",
        "Ann",
        "Bo",
    ]
    with pens.record_layout() as layout:
        renderer.draw(view, names=names, detailed=True)
    shown = drawn(layout)
    assert {"Floe (normal)", "Floe (normal) 2", "Floe (normal) 3"} <= set(shown), shown
    assert any(t.endswith(", 2 cards") for t in shown), shown  # the hand still counted, beside the seat


def test_names_in_the_legends_lines_carry_their_seats_letter() -> None:
    """A name in a footer line ("Last: Floe (normal) 2: place C4", "Round 1, Ann moves first")
    says which seat it is, as the rows' tokens do."""
    from renderer import theme
    from tests.support.board_layout import playout

    names = ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Ann"]
    thin = games.get("thin-ice")
    view = next(v for v in (thin.view(s, None) for s in playout("thin-ice", 4, 7)) if v.last is not None)
    with pens.record_layout() as layout:
        renderer.draw(view, names=names, detailed=True)
    (last,) = [t for t in drawn(layout) if t.startswith("Last: ")]
    assert any(f"{n} [{theme.player(s).letter}]" in last for s, n in enumerate(names)), last
    lake = games.get("ice-lake")
    view = lake.view(lake.new_game(4, lake.options(), 7), None)
    with pens.record_layout() as layout:
        renderer.draw(view, names=names, detailed=True)
    first = f"{names[view.first]} [{theme.player(view.first).letter}] moves first"
    assert any(t.endswith(first) for t in drawn(layout)), drawn(layout)
