"""No two seats read alike on a board: names cut to their room keep what tells them apart."""

from __future__ import annotations

import games
import renderer
from renderer import lettering, pens
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
        renderer.draw(view, names=names)
    shown = [t for t in drawn(layout) if t.startswith("Floe (n")]
    assert len(shown) == 2, shown
    stems = [t.removesuffix("…") for t in shown]  # "Floe (norm…" and "Floe (normal…" read alike
    assert not stems[0].startswith(stems[1]) and not stems[1].startswith(stems[0]), shown
