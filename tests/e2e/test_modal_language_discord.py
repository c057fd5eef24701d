"""The private text box (a modal) reads in its player's language, its placeholder too (what is
asked of them: Ice Lake's plan), while the board stays in the game's."""

from __future__ import annotations

from typing import Any

import games
from bot.core.languages import language
from tests.support.driver import open_and_start, raw_components


def placeholders(component: Any) -> list[str]:
    """Every placeholder in a modal's (nested) components."""
    if isinstance(component, list):
        return [p for c in component for p in placeholders(c)]
    if not isinstance(component, dict):
        return []
    found = [component["placeholder"]] if "placeholder" in component else []
    return found + [p for value in component.values() for p in placeholders(value)]


async def test_the_private_boxs_placeholder_is_in_its_players_language(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    env.strict.locales[alice.user.id] = "fr"  # alice's Discord is in French, the server's English
    board = await open_and_start(general, "ice-lake", alice, bob)
    builder = await alice.click(board, label="Plan privately")
    [typed] = [
        c["custom_id"]
        for c in raw_components(builder.response)
        if c.get("custom_id", "").startswith("floe:t:")
    ]
    shown = await alice.click(builder.response, custom_id=typed)
    assert shown.modal is not None
    table = await env.bot.sessions.table(1)
    [seat] = table.seats_of(alice.user.id)
    asked = table.game.prompt(table.state, seat)
    assert placeholders(shown.modal) == [games.tell(asked, (), language("fr"))[:100]]
    assert games.tell(asked) not in placeholders(shown.modal)
