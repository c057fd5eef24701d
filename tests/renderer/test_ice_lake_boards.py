"""Ice Lake board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from games.ice_lake.state import LakeView
from renderer import ice_lake as il
from renderer import pens
from tests.support.board_layout import assert_texts_inside, drawn, playout

GAME = games.get("ice-lake")
NAMES = ["Zoë", "Ωmega", "Дмитрий", "小明", "🐧 Pingu", "Bartholomew Featherstonehaugh-Smythe"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_late_game_boards_keep_every_text_inside_its_box(players: int, seed: int) -> None:
    states = playout("ice-lake", players, seed)
    for state in [*states[-3:], states[len(states) // 2]]:
        for seat in (None, 0):
            with pens.record_layout() as layout:
                img = il.draw(GAME.view(state, seat), NAMES[:players])
            assert_texts_inside(img, layout)


def _went_out(kind: str) -> tuple[LakeView, int]:
    """A view from a seeded playout whose last movement phase removed a skater by ``kind``."""
    for seed in range(1, 60):
        for state in playout("ice-lake", 4, seed):
            view = GAME.view(state, None)
            for before, after in zip(view.last_movement, view.last_movement[1:], strict=False):
                gone = [s for s in range(4) if before.positions[s] is not None and after.positions[s] is None]
                if gone and after.kind == kind and gone[0] not in view.retired:
                    return view, gone[0]
    raise AssertionError(f"no playout removed a skater by {kind!r}")


def test_a_skater_who_skated_off_the_lake_is_not_said_to_have_fallen_through() -> None:
    view, seat = _went_out("off")
    assert il.why_out(view, seat) == "skated off the lake"
    with pens.record_layout() as layout:
        il.draw(view, NAMES[:4])
    assert "skated off the lake" in drawn(layout)
    assert "fell through" not in " ".join(drawn(layout)).replace("fell through: surrounded", "")


def test_a_skater_cut_off_by_cracks_fell_through() -> None:
    view, seat = _went_out("step")
    assert il.why_out(view, seat) == "fell through: surrounded by cracks"
    # still said once the animation of that phase is gone: the lake shows it
    assert il.why_out(replace(view, last_movement=()), seat) == "fell through: surrounded by cracks"


def test_the_last_plans_line_is_shown_in_full() -> None:
    states = playout("ice-lake", 4, 4)
    view = next(v for v in (GAME.view(s, None) for s in states) if v.phase == "plan" and any(v.revealed))
    view = replace(view, revealed=tuple("SSLRLRSSLRSLLR" if p else p for p in view.revealed))
    with pens.record_layout() as layout:
        img = il.draw(view, NAMES[:4])
    assert_texts_inside(img, layout)
    footer = " ".join(t for t in drawn(layout))
    for seat, plan in enumerate(view.revealed):
        if plan:
            assert f"{seat + 1} {plan}" in footer
    assert not any(t.startswith("Last plans") and t.endswith("…") for t in drawn(layout))


def test_the_text_boards_crack_mark_has_a_key() -> None:
    states = playout("ice-lake", 3, 2)
    board = il.text(GAME.view(states[-1], None), NAMES[:3])
    assert any("*" in row for row in board.splitlines()[2:-5])
    assert "* a crack touches this hex" in board
