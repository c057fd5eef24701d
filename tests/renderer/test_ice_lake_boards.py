"""Ice Lake board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games
from games.ice_lake.state import LakeView
from renderer import ice_lake as il
from renderer import ice_lake_words, pens, theme
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
    assert ice_lake_words.why_out(view, seat) == "skated off the lake"
    with pens.record_layout() as layout:
        il.draw(view, NAMES[:4])
    assert "out - skated off the lake" in drawn(layout)
    assert "out - surrounded by cracks" not in drawn(layout)


def test_a_skater_cut_off_by_cracks_fell_through() -> None:
    view, seat = _went_out("step")
    assert ice_lake_words.why_out(view, seat) == "surrounded by cracks"  # the rulebook's words
    # still said once the animation of that phase is gone: the lake shows it
    assert ice_lake_words.why_out(replace(view, last_movement=()), seat) == "surrounded by cracks"
    with pens.record_layout() as layout:
        il.draw(view, NAMES[:4])
    assert "out - surrounded by cracks" in drawn(layout)  # in full, not "surrounded by c…"


def _after_a_reveal(players: int, seed: int) -> LakeView:
    states = playout("ice-lake", players, seed)
    return next(v for v in (GAME.view(s, None) for s in states) if v.phase == "plan" and all(v.revealed))


def test_every_seats_last_plan_is_shown_beside_its_token() -> None:
    view = replace(_after_a_reveal(4, 4), revealed=("SSLRLRSSLRSLLR", "LR", "S", "RRSL"))
    with pens.record_layout() as layout:
        img = il.draw(view, NAMES[:4])
    assert_texts_inside(img, layout)
    for plan in view.revealed:
        assert f"last plan: {plan}" in drawn(layout)  # whole when it fits, on the seat's own row


def test_long_last_plans_are_shortened_with_their_length_and_none_is_lost() -> None:
    plans = ("SSLRLLRS" * 12 + "SSLR", "L" * 100, "RS" * 50, "S" * 99)
    view = replace(_after_a_reveal(4, 4), revealed=plans)
    with pens.record_layout() as layout:
        img = il.draw(view, ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "B" * 32])
    assert_texts_inside(img, layout)
    shown = [t for t in drawn(layout) if t.startswith("last plan: ")]
    assert len(shown) == 4, drawn(layout)  # every seat's, none cut off by the panel
    for plan, line in zip(plans, shown, strict=True):
        head = line.removeprefix("last plan: ").removesuffix(f"… ({len(plan)})")
        assert line.endswith(f"… ({len(plan)})") and len(head) >= 8 and plan.startswith(head), line
    tokens = [t for t in layout.texts if t.text in {"B", "O", "G", "P"} and t.box[0] > il.PANEL_LEFT]
    rows = [t for t in layout.texts if t.text.startswith("last plan: ")]
    for token, row in zip(sorted(tokens, key=lambda t: t.box[1]), rows, strict=True):
        assert 0 < row.box[1] - token.box[1] < 60  # each plan under its own seat's token


def test_the_text_boards_crack_mark_has_a_key() -> None:
    states = playout("ice-lake", 3, 2)
    board = il.text(GAME.view(states[-1], None), NAMES[:3])
    assert any("*" in row for row in board.splitlines()[2:-5])
    assert "* a crack touches this hex" in board


def test_while_planning_computer_players_names_are_whole() -> None:
    """Playtest: "planned" beside the names cut "2 Floe (nor…" and "3 Floe (nor…" alike."""
    names = ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Maximiliana Worthington-Hughes X"]
    view = next(
        v for v in (GAME.view(s, None) for s in playout("ice-lake", 4, 7)) if v.phase == "plan" and v.planned
    )
    with pens.record_layout() as layout:
        img = il.draw(view, names)
    assert_texts_inside(img, layout)
    shown = drawn(layout)
    assert {"1 Floe (normal)", "2 Floe (normal) 2", "3 Floe (normal) 3"} <= set(shown), shown
    for seat in view.planned:
        assert any(
            t.startswith(f"on {il.name(view.positions[seat])}") and t.endswith("planned") for t in shown
        )


def test_the_status_shows_the_token_of_the_seat_it_names() -> None:
    """Playtest: "Floe (normal) wins" had no token, as the rows' names begin with the seat's number."""
    states = playout("ice-lake", 4, 7)
    names = ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Ann"]
    checked = 0
    for view in (GAME.view(s, None) for s in states):
        named = [*view.winners] if view.phase == "over" else [*view.to_act]
        if len(named) != 1:
            continue
        with pens.record_layout() as layout:
            il.draw(view, names)
        title = [t.text for t in layout.texts].index("Ice Lake")
        status = next(t for t in layout.texts[title + 1 :] if len(t.text) > 1)  # after the token, if any
        if names[named[0]] not in status.text:  # "Planning: 3 of 4 plans in" names nobody
            continue
        mid = (status.box[1] + status.box[3]) / 2
        letter = theme.player(named[0]).letter
        assert any(
            t.text == letter and t.box[1] <= mid <= t.box[3] and t.box[2] < status.box[0]
            for t in layout.texts
        ), (status, view.phase)
        checked += 1
    assert checked
