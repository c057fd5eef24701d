"""Controls fit Discord's limits in every state of random playouts of every game.

Discord allows 5 action rows per message, 5 buttons per row, a select menu alone in its row and 25
options per select. ``Sessions._controls`` plans the components and ``build_view`` builds them;
every legal action must be offered, directly or through a narrowing menu's second step (never
left to typing), and where a
game's choices would reveal hidden things, the public post offers none of them.
"""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

import games
from bot.adapter.common import DISCORD_GRID
from bot.adapter.components import build_view
from bot.core.sessions import Controls, Sessions, Table
from bot.core.sessions.controls import Grid, within
from storage import GameRecord, SeatRecord

USERS = [100 + i for i in range(6)]


def table_for(game: Any, state: Any, players: int, step: int) -> Table:
    record = GameRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=game.name,
        options={},
        seed=0,
        status="active",
        step=step,
        state=None,
        host_id=USERS[0],
        created_at=0.0,
        updated_at=0.0,
        board_message_id=None,
    )
    seats = tuple(SeatRecord(1, s, USERS[s]) for s in range(players))
    return Table(record, seats, game, state)


def offered(controls: Controls) -> set[str]:
    return {c.notation for c in controls.buttons} | {c.notation for m in controls.menus for c in m.choices}


def plays(controls: Controls) -> set[str]:
    """The actions the controls play at once (narrowing menus left out)."""
    return {c.notation for c in controls.buttons} | {
        c.notation for m in controls.menus if not m.narrows for c in m.choices
    }


def narrowing(controls: Controls) -> set[str]:
    return {c.notation for m in controls.menus if m.narrows for c in m.choices}


def reachable(sessions: Sessions, table: Table, seat: int, controls: Controls) -> set[str]:
    """Every action the controls offer, a narrowing menu's picks followed to what they offer."""
    shown = {c.notation for c in controls.buttons}
    for menu in controls.menus:
        for choice in menu.choices:
            if not menu.narrows:
                shown.add(choice.notation)
                continue
            narrowed = sessions.replies._controls(table, [seat], private=True, start=choice.notation)
            check_view(narrowed, private=True)
            assert narrowed.buttons or narrowed.menus, choice.notation
            shown |= reachable(sessions, table, seat, narrowed)
    return shown


def check_view(controls: Controls, *, private: bool) -> None:
    view = build_view(controls, with_view_button=not private)
    if view is None:
        return
    rows = view.to_components()
    assert len(rows) <= 5
    assert len(view.children) <= 25
    for row in rows:
        kinds = [c["type"] for c in row["components"]]
        assert len(kinds) <= 5
        if 3 in kinds:  # a string select fills its row
            assert kinds == [3]
            [select] = row["components"]
            assert 1 <= len(select["options"]) <= 25
            assert len({o["value"] for o in select["options"]}) == len(select["options"])
            assert all(len(o["label"]) <= 100 for o in select["options"])
            assert len(select.get("placeholder", "")) <= 150
        else:
            assert all(len(c.get("label", "")) <= 80 for c in row["components"])


def playout(name: str, players: int, seed: int, steps: int) -> tuple[int, int]:
    """Returns (states checked, states with more_hint)."""
    game = games.get(name)
    sessions = Sessions(store=None, grid=DISCORD_GRID)  # type: ignore[arg-type]  # _controls needs no store
    state = game.new_game(players, game.options(), seed)
    r = random.Random(seed)
    checked = hinted = 0
    for step in range(steps):
        awaited = sorted(game.to_act(state))
        if not awaited:
            break
        table = table_for(game, state, players, step)
        public = sessions.replies._controls(table, awaited, private=False)
        check_view(public, private=False)
        if game.secret_choices or any(game.hides_choices(state, s) for s in awaited):
            # in public only what the game declares reveals nothing, beside a private way
            shown_publicly = plays(public)
            shown = games.presentation_of(game)
            safe = {str(a) for s in awaited for a in game.legal_actions(state, s) if shown.public_action(a)}
            assert shown_publicly <= safe, sorted(shown_publicly - safe)[:5]
            for start in narrowing(public):  # a narrowing menu stands for safe actions only
                assert any(within(n, start) for n in safe), start
            card_verbs = ("play", "order", "discard", "keep", "jump", "vote", "pass")
            assert not any(n.split()[0] in card_verbs for n in shown_publicly), shown_publicly
            assert public.private_menu or public.private_input
        for seat in awaited:
            private = sessions.replies._controls(table, [seat], private=True)
            check_view(private, private=True)
            legal = {str(a) for a in game.legal_actions(state, seat)}
            checked += 1
            if private.private_input:
                continue
            shown = reachable(sessions, table, seat, private)
            assert shown <= legal
            if private.more_hint:
                hinted += 1
            assert shown == legal, f"{name}: not offered: {sorted(legal - shown)[:5]}"
        seat = awaited[r.randrange(len(awaited))]
        actions = game.legal_actions(state, seat)
        state, _ = games.play(game, state, seat, actions[r.randrange(len(actions))])
    return checked, hinted


@pytest.mark.parametrize(
    ("name", "players"),
    # every game of the registry at its fewest and most players
    sorted({(name, n) for name, game in games.GAMES.items() for n in (min(game.players), max(game.players))}),
)
def test_controls_fit_discord_and_offer_every_action(name: str, players: int) -> None:
    checked = hinted = 0
    for seed in range(10):  # playouts until enough states were checked (short games take more)
        c, h = playout(name, players, seed, steps=120)
        checked, hinted = checked + c, hinted + h
        if checked > 20 and seed >= 1:
            break
    assert checked > 20
    # nothing is left to typing: too many choices narrow in two steps instead
    assert hinted == 0, (hinted, checked)


def test_ice_team_offers_one_menu_per_bear_with_the_kind_of_move_and_the_tile() -> None:
    game = games.get("ice-team")
    state = game.new_game(2, game.options(), 3)
    seat = min(game.to_act(state))
    controls = Sessions(store=None, grid=DISCORD_GRID).replies._controls(
        table_for(game, state, 2, 0), [seat], private=False
    )  # type: ignore[arg-type]
    assert [m.placeholder for m in controls.menus] == [f"Bear {b}: where to?…" for b in range(1, 5)]
    labels = [c.label for m in controls.menus for c in m.choices]
    assert all(
        label.startswith("Bear ") and (" walks " in label or " swims " in label or " leaps " in label)
        for label in labels
    )


def test_ice_hike_placement_is_private_and_all_cells_fit() -> None:
    game = games.get("ice-hike")
    state = game.new_game(3, game.options(), 5)
    seat = min(game.to_act(state))
    table = table_for(game, state, 3, 0)
    sessions = Sessions(store=None, grid=DISCORD_GRID)  # type: ignore[arg-type]
    public = sessions.replies._controls(table, [seat], private=False)
    assert public.private_menu and not public.buttons and not public.menus
    private = sessions.replies._controls(table, [seat], private=True)
    places = [c for m in private.menus for c in m.choices if c.notation.startswith("place")]
    assert len(places) == len([a for a in game.legal_actions(state, seat) if str(a).startswith("place")]) > 25
    assert all(m.placeholder.startswith("Place your tile") for m in private.menus[:-1])
    # the public prompt never names the drawn tile; the private one does
    drawn = game.view(state, seat).drawn
    assert drawn and str(drawn) in str(game.prompt(state, seat))
    assert str(drawn) not in str(game.public_prompt(state, seat))


def test_a_view_with_too_many_parts_is_refused_by_discord_py() -> None:
    """The check above is meaningful: discord.py itself refuses a sixth row."""
    view = discord.ui.View(timeout=None)
    for k in range(5):
        view.add_item(discord.ui.Select(custom_id=f"s{k}", options=[discord.SelectOption(label="x")]))
    with pytest.raises(ValueError):
        view.add_item(discord.ui.Select(custom_id="s5", options=[discord.SelectOption(label="x")]))


def test_the_controls_fit_the_grid_the_front_end_passes() -> None:
    """The core holds no front end's limits: the grid it lays the actions out in is passed in
    (the adapter passes Discord's), here a small one of 3 rows of 2 buttons and menus of 4."""
    game = games.get("ice-team")
    state = game.new_game(2, game.options(), 3)
    seat = min(game.to_act(state))
    grid = Grid(rows=3, per_row=2, menu_options=4, label=12, placeholder=20)
    sessions = Sessions(store=None, grid=grid)  # type: ignore[arg-type]
    controls = sessions.replies._controls(table_for(game, state, 2, 0), [seat], private=True)
    rows = len(controls.menus) + -(-len(controls.buttons) // grid.per_row)
    assert 0 < rows <= grid.rows
    assert all(len(m.choices) <= grid.menu_options for m in controls.menus)
    assert all(len(m.placeholder) <= grid.placeholder for m in controls.menus)
    assert all(
        len(c.label) <= grid.label
        for c in [*controls.buttons, *(c for m in controls.menus for c in m.choices)]
    )
    assert controls.more_hint  # Ice Team's many moves do not fit: /game move reaches the rest
