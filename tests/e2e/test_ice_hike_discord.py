"""Ice Hike end to end: the drawn tile stays with the mover, steps are buttons, attacks reach the
attacked, two-player games give each player two colours."""

from __future__ import annotations

from games.ice_hike.state import PLACE
from tests.support.brains import distance_score
from tests.support.driver import Stats, act_once, greedy, labels, offered, open_and_start, public_messages


async def play_hike(env, general, members, *, seed: int, brain_seed: int, limit: int = 400, game_id: int = 1):
    brain = greedy(distance_score, avoid=("torches",), seed=brain_seed)
    stats = Stats()
    secrets: list[tuple[int, str, str, int]] = []  # (user, drawn tile, private prompt, step) while hidden
    phases: list[str] = []
    for _ in range(limit):
        table = await env.bot.sessions.table(game_id)
        if table.record.status == "finished":
            break
        game, state = table.game, table.state
        phases.append(state.phase)
        if state.phase == PLACE:
            seat = min(game.to_act(state))
            drawn = game.view(state, seat).drawn
            assert drawn and game.view(state, None).drawn is None
            secrets.append(
                (table.user_of(seat), str(drawn), str(game.prompt(state, seat)), table.record.step)
            )
            board = general.last_message
            # the public post offers no cell (the legal cells would tell the tile), only My options
            assert offered(board) == [] and "My options" in labels(board)
            assert "place your tile (" not in board.content
        await act_once(env, general, members, brain, stats, game_id=game_id)
    return stats, secrets, phases


def assert_tile_secrecy(general, members, secrets) -> None:
    texts = [m.content for m in public_messages(general)]
    for _, _, private_prompt, _ in secrets:
        assert all(private_prompt not in t for t in texts)
    for message in public_messages(general):
        assert all(not n.startswith("place") for n, _, _ in offered(message))
        assert "You draw" not in message.content and "Your tile" not in message.content
    # each mover learned the tile by DM (or privately in the reply to their own click); the
    # first tile, drawn when the game starts, is shown by My options only
    for user_id, drawn, _, _ in secrets[1:]:
        member = next(m for m in members if m.user.id == user_id)
        told = [m.content for m in member.user.dm_channel.history()]
        told += [m.content for m in general.history(viewer=member) if m.flags.ephemeral]
        assert any(f"You draw {drawn}." in t for t in told), drawn


async def test_a_two_player_game_two_colours_each_to_the_end(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    env.bot.sessions.new_seed = lambda: 11
    await open_and_start(general, "ice-hike", alice, bob, options="shorter game")
    first = general.last_message
    assert "begins" in first.content and first.attachments[0].filename == "board.png"
    table = await env.bot.sessions.table(1)
    assert table.state.players == 2 and len(table.state.pos) == 4  # four colours, two seats
    stats, secrets, phases = await play_hike(env, general, members, seed=11, brain_seed=1)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished", phases[-5:]
    assert "Game over" in general.last_message.content and "wins" in general.last_message.content
    assert await env.bot.sessions.verify_replay(1)
    # both players moved both of their colours
    log = await env.bot.store.actions(1)
    assert {row.seat for row in log} == {0, 1}
    assert stats.private_menus >= len(secrets) > 4 and stats.clicks > 10
    assert_tile_secrecy(general, members, secrets)
    # nobody saw another player's private menu: every ephemeral message went to its clicker only
    for user_id, message in stats.ephemeral:
        for member in members:
            seen = {m.id for m in general.history(viewer=member) if m.flags.ephemeral}
            assert (message.id in seen) == (member.user.id == user_id)


async def test_three_players_with_bear_attacks_and_pending_decisions(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    env.bot.sessions.new_seed = lambda: 5
    await open_and_start(general, "ice-hike", alice, bob, carol, options="shorter game")
    stats, secrets, phases = await play_hike(env, general, members, seed=5, brain_seed=2)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert_tile_secrecy(general, members, secrets)
    assert "act" in phases and "choose" in phases
    assert await env.bot.sessions.verify_replay(1)


async def test_placement_by_typed_cell_with_autocomplete(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    env.bot.sessions.new_seed = lambda: 3
    await open_and_start(general, "ice-hike", alice, bob)
    table = await env.bot.sessions.table(1)
    seat = min(table.game.to_act(table.state))
    mover = alice if table.user_of(seat) == alice.user.id else bob
    waiting = bob if mover is alice else alice
    legal = [str(a) for a in table.game.legal_actions(table.state, seat) if str(a).startswith("place")]
    column = legal[0].split()[1][0]
    found = await mover.autocomplete(general, "game move", "action", f"place {column}")
    suggested = [c["value"] for c in found]
    assert suggested and all(s.startswith(f"place {column}") for s in suggested)
    assert set(suggested) <= set(legal)
    # the other player gets no suggestion (nothing is asked of them) and cannot open the menu
    assert await waiting.autocomplete(general, "game move", "action", "place") == []
    result = await waiting.click(general.last_message, label="My options")
    assert "nothing is asked of you" in result.response.content.lower()
    result = await mover.slash(general, "game move", action=suggested[0])
    assert "You played" in result.response.content
    assert "places" in general.last_message.content


async def test_four_and_five_player_games_to_the_end(world) -> None:
    """Complete games at every table size through Discord."""
    env, guild, general, other, members = world
    for players, seed in ((4, 21), (5, 8)):
        channel = general if players == 4 else other
        env.bot.sessions.new_seed = lambda seed=seed: seed
        await env.advance_time(60)  # one new lobby a minute per member
        await open_and_start(channel, "ice-hike", *members[:players], options="shorter game")
        table = await env.bot.sessions.table_in(channel.id)
        stats, secrets, phases = await play_hike(
            env, channel, members, seed=seed, brain_seed=players, limit=600, game_id=table.record.id
        )
        table = await env.bot.sessions.table(table.record.id)
        assert table.record.status == "finished", (players, phases[-5:])
        assert "Game over" in channel.last_message.content
        assert len({row.seat for row in await env.bot.store.actions(table.record.id)}) == players
        assert_tile_secrecy(channel, members, secrets)
        assert await env.bot.sessions.verify_replay(table.record.id)


async def test_a_torch_choice_made_in_my_options_refreshes_that_menu_in_place(world) -> None:
    """The standing torch choice is offered only privately, and changing it redraws the private
    menu it was picked in: the choice now in is no longer offered, the others are."""
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await open_and_start(general, "ice-hike", alice, bob)
    table = await env.bot.sessions.table(1)
    mover = alice if table.user_of(min(table.game.to_act(table.state))) == alice.user.id else bob
    board = general.last_message
    assert not [n for n, _, _ in offered(board) if n.startswith("torches")]  # nobody else's business
    shown = await mover.click(board, label="My options")
    menu = shown.response
    torches = {n: cid for n, _, cid in offered(menu) if n.startswith("torches")}
    assert set(torches) == {"torches always", "torches never"}  # "ask" is the choice in now
    await mover.select(menu, ["torches never"], custom_id=torches["torches never"])
    refreshed = {n for n, _, _ in offered(menu) if n.startswith("torches")}
    assert refreshed == {"torches always", "torches ask"} and "never" in menu.content
    assert not [n for n, _, _ in offered(general.last_message) if n.startswith("torches")]
