"""Every secret choice has a tap path: an open-ended one (an Ice Lake plan) is built by taps
in the plan builder, one from a list (Thin Ice's Zen moment: keep one card) is offered as
buttons in the player's own options, never only as a text box."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.adapter.cards import rows_of
from bot.adapter.plan_builder import builder_message
from bot.core.sessions import Sessions
from storage import Store, open_store
from tests.support.thin_ice import act, zen_in_hand

CHANNEL = 800


async def three_seated(store: Store, game: str, seed: int) -> tuple[Sessions, int]:
    """The session service on ``store`` and a started game of ``game`` for users 1, 2 and 3."""
    sessions = Sessions(store, namer=lambda uid: f"P{uid}", new_seed=lambda: seed)
    opened = await sessions.new_game(channel_id=CHANNEL, guild_id=1, user_id=1, game_name=game)
    assert opened.game_id is not None
    for user in (2, 3):
        await sessions.join(CHANNEL, user)
    await sessions.start(CHANNEL, 1)
    return sessions, opened.game_id


async def test_the_zen_moment_is_a_private_menu_of_the_cards_to_keep(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "zen.db"))
    try:
        sessions, game_id = await three_seated(store, "thin-ice", 7)
        table = await sessions.table(game_id)
        zen = zen_in_hand()
        keeping = table.with_state(act(zen, 0, "play zen"))
        public = sessions.replies._controls(keeping, [0], private=False)
        assert public.private_menu and not public.private_input and not public.buttons
        mine = sessions.replies._controls(keeping, [0], private=True)
        offered = {c.notation for c in mine.buttons} | {c.notation for m in mine.menus for c in m.choices}
        assert {"keep run top", "keep leap bottom", "keep moving top"} <= offered
        assert not mine.private_input and not mine.more_hint
    finally:
        await store.close()


async def test_the_plan_builder_shows_nothing_of_another_skaters_plan(tmp_path: Path) -> None:
    """The builder's preview is made from the builder's own view: in two worlds where another
    skater handed in different plans, the builder shows the same text, picture and alt text."""
    shown = []
    for world, other in enumerate(("S", "LLR")):
        store = await open_store(str(tmp_path / f"plans{world}.db"))
        try:
            sessions, game_id = await three_seated(store, "ice-lake", 3)
            await sessions.act(CHANNEL, 2, f"plan {other}")
            building = await sessions.building(game_id, 1, "SS")
            picture = await building.image.data()
            shown.append((building.route, building.samples, picture, building.image.description()))
        finally:
            await store.close()
    assert shown[0] == shown[1]
    assert shown[0][0].startswith("Route: ") and "LLR" not in str(shown[0])


async def test_the_dm_plan_builder_fits_a_phone(tmp_path: Path) -> None:
    """In a DM the builder's controls are three rows of at most three: the letters, Take back /
    Clear / Done, the whole plans (a reply types a plan there, as its invitation says); a builder
    opened from the board keeps Type it…, its only way to type."""
    store = await open_store(str(tmp_path / "builder.db"))
    try:
        sessions, game_id = await three_seated(store, "ice-lake", 3)
        building = await sessions.building(game_id, 1)
        _, in_dm = builder_message(
            building, intro="**Ice Lake**: write your plan.\nReply here with it.", in_dm=True
        )
        rows = [[_label(item) for item in row.children] for row in rows_of(in_dm)]
        assert len(rows) <= 3 and all(len(row) <= 3 for row in rows), rows
        assert rows[0] == ["Straight", "Left", "Right"] and "Type it…" not in str(rows)
        _, private = builder_message(building)
        assert "Type it…" in [_label(item) for item in private.children]
    finally:
        await store.close()


def _label(item: Any) -> str:
    """A control's label (a menu's placeholder), through discord.py's dynamic items."""
    shown = getattr(item, "item", item)
    return str(getattr(shown, "label", None) or getattr(shown, "placeholder", ""))
