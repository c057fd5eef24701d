"""Ice Team end to end: a select menu per bear naming the move and the tile, the effect's choices
as buttons, a whole game to the last bear."""

from __future__ import annotations

from tests.support.brains import progress_score
from tests.support.driver import Stats, act_once, greedy, labels, offered, open_and_start


async def test_a_whole_game_through_the_bear_menus(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    env.bot.sessions.new_seed = lambda: 4
    await open_and_start(general, "ice-team", alice, bob)
    board = general.last_message
    placeholders = [x for x in labels(board) if x.startswith("Bear ") and x.endswith("where to?…")]
    assert placeholders == [f"Bear {b}: where to?…" for b in range(1, 5)]
    # options name the kind of move and the tile's effect
    options = [label for label in labels(board) if " walks to " in label or " swims to " in label]
    assert options and all("(" in label for label in options)
    brain = greedy(progress_score, seed=3)
    stats = Stats()
    seen_phases = set()
    for _ in range(300):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        seen_phases.add(table.state.phase)
        await act_once(env, general, members, brain, stats)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert "Game over" in general.last_message.content and "fish" in general.last_message.content
    assert offered(general.last_message) == []
    assert stats.selects > 20 and stats.private_menus == 0
    assert await env.bot.sessions.verify_replay(1)
    assert "village" in seen_phases  # the village's dice choice came as buttons
