"""Polar Derby board polish: what players saw, and late-game boards whose every text
stays inside its box."""

from __future__ import annotations

import pytest

import games
from games.polar_derby.state import OVER
from renderer import pens, theme
from renderer import polar_derby as pd
from tests.support.board_layout import assert_texts_inside, drawn, playout

GAME = games.get("polar-derby")
NAMES = ["Zoë", "Ωmega", "Дмитрий", "小明", "🐧 Pingu", "Bartholomew Featherstonehaugh-Smythe"]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 4)])
def test_late_game_boards_keep_every_text_inside_its_box(players: int, seed: int) -> None:
    states = playout("polar-derby", players, seed)
    for state in states[-4:] + states[len(states) // 2 : len(states) // 2 + 2]:
        with pens.record_layout() as layout:
            img = pd.draw(GAME.view(state, None), NAMES[:players])
        assert_texts_inside(img, layout)


def test_players_carry_numbers_so_their_markers_do_not_read_as_bears() -> None:
    state = playout("polar-derby", 4, 3)[30]
    with pens.record_layout() as layout:
        pd.draw(GAME.view(state, None), NAMES[:4])
    legend = [t.text for t in layout.texts if t.box[0] >= pd.PANEL_LEFT]
    assert {"1", "2", "3", "4"} <= set(legend)
    assert not {p.letter for p in theme.PLAYER_COLOURS} & set(legend)  # no "B" or "O" token in the legend


def test_the_moves_line_lists_the_moves_legal_now() -> None:
    for state in playout("polar-derby", 3, 5)[:40]:
        view = GAME.view(state, None)
        legal = [str(a) for a in GAME.legal_actions(state, state.current)] if state.phase != OVER else []
        assert list(view.moves) == legal
        with pens.record_layout() as layout:
            pd.draw(view, NAMES[:3])
        text = " ".join(drawn(layout))
        if legal:
            assert "Moves now: " + legal[0] in text
        assert "steal white white from 2" not in text or "steal white white from 2" in legal


def test_a_long_result_line_is_drawn_in_full() -> None:
    names = ["Bartholomew Featherstonehaugh", "Maximiliana Worthington-Hughes"]
    end = playout("polar-derby", 2, 7)[-1]
    view = GAME.view(end, None)
    assert view.phase == OVER and view.winners
    line = pd.result_line(view, names)
    assert len(line) > 40
    with pens.record_layout() as layout:
        img = pd.draw(view, names)
    assert_texts_inside(img, layout)
    words = " ".join(drawn(layout))
    assert line in words or all(w in words for w in line.split())
    assert "…" not in "".join(t for t in drawn(layout) if "wins" in t or "points" in t)


def test_the_scores_under_game_over_never_cut_a_name_so_two_seats_read_alike() -> None:
    states = playout("polar-derby", 4, 7)
    view = GAME.view(states[-1], None)
    assert view.phase == OVER
    names = ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "Bartholomew Featherstonehaugh-XY"]
    with pens.record_layout() as layout:
        pd.draw(view, names)
    box = (pd.DICE_RIGHT, pd.ROW_TOP, pd.BOARD_RIGHT, pd.ROW_TOP + pd.ROW_HEIGHT)
    lines = [
        t.text
        for t in layout.texts
        if box[0] <= t.box[0] and t.box[2] <= box[2] and box[1] <= t.box[1] <= box[3]
    ]
    after = lines[lines.index("Scores:") + 1 :]
    scores = " ".join(t for t in after if not t.isdigit())  # digits: the seats' tokens
    entries = scores.split(", ")
    for entry in entries:  # each a whole "name: points", or the count of those left out
        name, _, points = entry.rpartition(": ")
        if entry.endswith(" more"):
            continue
        assert points.isdigit(), (entry, scores)
        if name not in names:  # shortened: still one seat's name only
            assert name.endswith("…"), (entry, scores)
            assert len([n for n in names if n.startswith(name.removesuffix("…"))]) == 1, (entry, scores)


def _token_before(token: str, line: pens.DrawnText, layout: pens.Layout) -> bool:
    """Whether a ``token`` text is drawn on ``line``'s line, just before it."""
    mid = (line.box[1] + line.box[3]) / 2
    return any(
        t.text == token and t.box[1] <= mid <= t.box[3] and 0 < line.box[0] - t.box[2] < 24
        for t in layout.texts
    )


@pytest.mark.parametrize("heading", ["AT RISK: ", "'s turn"])
def test_the_turn_heading_shows_the_seats_token_before_the_name(heading: str) -> None:
    views = [GAME.view(s, None) for s in playout("polar-derby", 4, 3)]
    view = next(v for v in views if v.current is not None and (sum(v.pulled) > 0) == (heading == "AT RISK: "))
    assert view.current is not None
    with pens.record_layout() as layout:
        img = pd.draw(view, ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "B" * 32])
    assert_texts_inside(img, layout)
    (line,) = [t for t in layout.texts if heading in t.text]
    assert _token_before(str(view.current + 1), line, layout), line
    assert line.text.startswith(heading) or line.text.endswith(heading), line  # the words are never cut


def test_the_at_risk_heading_keeps_two_computer_players_apart() -> None:
    views = [GAME.view(s, None) for s in playout("polar-derby", 4, 7)]
    view = next(v for v in views if v.current == 1 and sum(v.pulled) > 0)
    with pens.record_layout() as layout:
        pd.draw(view, ["Floe (normal)", "Floe (normal) 2", "Floe (normal) 3", "B" * 32])
    (line,) = [t.text for t in layout.texts if t.text.startswith("AT RISK: ")]
    assert line.endswith("2"), line  # "AT RISK: Floe (normal) 2" or cut keeping the 2, never "Floe (n…"


def test_the_game_over_card_shows_each_players_token_beside_their_name() -> None:
    view = GAME.view(playout("polar-derby", 4, 7)[-1], None)
    assert view.phase == OVER and len(view.winners) == 1
    names = ["Ann", "Bob the Builder", "Cy", "Dmitri"]
    with pens.record_layout() as layout:
        img = pd.draw(view, names)
    assert_texts_inside(img, layout)
    card = [
        t
        for t in layout.texts
        if t.box[0] >= pd.DICE_RIGHT and t.box[2] <= pd.BOARD_RIGHT and pd.ROW_TOP <= t.box[1] < pd.SAFE_TOP
    ]
    for seat, name in enumerate(names):  # each score: the seat's numbered token, then "name: points"
        (entry,) = [t for t in card if t.text.startswith(name[:3]) and f": {view.totals[seat]}" in t.text]
        assert _token_before(str(seat + 1), entry, layout), entry
    (winner,) = view.winners
    (result,) = [t for t in card if t.text.startswith(names[winner][:3]) and ": " not in t.text]
    assert _token_before(str(winner + 1), result, layout), result
