"""After the game and around it, end to end through simcord: Replay and Rematch under the final
board (restart-safe), /games in a DM, /game undo, /game log pages, /game replace with a DM to the
new holder, /game abandon, /stats and /leaderboard."""

from __future__ import annotations

import discord

from tests.support.driver import awaited_member, buttons, open_and_start, private_texts


async def test_rematch_end_to_end_after_a_restart(world, make_bot) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob)
    await bob.slash(general, "game resign")  # a two-player game ends: alice wins
    final = general.last_message
    assert "Game over" in final.content
    assert set(buttons(final)) == {"Replay", "Rematch"}
    await env.restart_bot(make_bot())  # the buttons are DynamicItems: they outlive the bot
    # a spectator may not ask for a rematch
    refused = await carol.click(final, label="Rematch")
    assert refused.acknowledged
    assert any("only the players" in t for t in private_texts(general, carol))
    assert (await env.bot.store.open_game_in(general.id)) is None
    # a player may: a lobby with both players seated, the presser hosting, same options
    await bob.click(final, label="Rematch")
    lobby = general.last_message
    assert "Rematch" in lobby.content and "Joined (2): bob, alice" in lobby.content
    assert set(buttons(lobby)) >= {"Start", "Leave"}
    new = await env.bot.sessions.table_in(general.id)
    old = await env.bot.sessions.table(1)
    assert new.record.id == 2 and new.users() == [bob.user.id, alice.user.id]
    assert new.record.options == old.record.options and new.record.seed != old.record.seed
    # pressing again points to the open lobby
    await alice.click(final, label="Rematch")
    assert any("already open" in t for t in private_texts(general, alice))
    await bob.click(lobby, label="Start")
    board = general.last_message
    assert "begins" in board.content and board.attachments[0].filename == "board.png"
    assert (await env.bot.sessions.table(2)).record.status == "active"


async def test_replay_button_and_command_post_a_gif(world) -> None:
    _env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    await mover.click(board, label="Roll")
    result = await alice.slash(general, "game replay")
    assert result.ephemeral  # the asker hears privately; the replay is a channel message
    [gif] = general.last_message.attachments
    assert gif.filename == "replay.gif" and gif.size < 10 * 1024 * 1024
    assert (await gif.read())[:6] in (b"GIF89a", b"GIF87a")
    await alice.slash(general, "game resign")
    final = general.last_message
    await bob.click(final, label="Replay")
    posted = general.last_message
    assert posted.attachments[0].filename == "replay.gif" and "replay" in posted.content


async def test_games_in_a_dm_lists_what_waits_on_me_first(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    board = await open_and_start(general, "polar-derby", alice, bob)
    waiting_here = awaited_member(board, members)
    await env.advance_time(60)  # one new lobby a minute per member
    await alice.slash(other, "game new", game="ice-lake")  # a lobby: listed last
    result = await alice.user.slash("games")
    assert result.ephemeral
    text = result.response.content
    assert f"https://discord.com/channels/{guild.id}/{general.id}" in text
    assert f"https://discord.com/channels/{guild.id}/{other.id}" in text
    assert text.index(f"/{general.id}") < text.index(f"/{other.id}")
    assert ("waiting on **you**" in text) == (waiting_here is alice)
    assert "Polar Derby" in text and "Ice Lake" in text and "<t:" in text
    result = await carol.user.slash("games")
    assert "no open games" in result.response.content


async def test_undo_through_the_command(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    other_player = bob if mover is alice else alice
    await mover.click(board, label="Roll")
    result = await mover.slash(general, "game undo")
    assert result.ephemeral and "random result" in result.response.content
    result = await other_player.slash(general, "game undo")
    assert result.ephemeral and "no action to take back" in result.response.content
    # roll (through the session service) until a roll allows a take; take with /game move, undo it
    sessions = env.bot.sessions
    for _ in range(60):
        table = await sessions.table(1)
        [seat] = table.game.to_act(table.state)
        if table.state.phase == "take":
            break
        await sessions.act(general.id, table.user_of(seat), "roll" if table.state.phase == "roll" else "stop")
    assert table.state.phase == "take"
    taker = next(m for m in members if m.user.id == table.user_of(seat))
    take = str(table.game.legal_actions(table.state, seat)[0])
    await taker.slash(general, "game move", action=take)
    result = await taker.slash(general, "game undo")
    assert f"You took back `{take}`" in result.response.content
    assert f"takes back `{take}`" in general.last_message.content
    assert general.last_message.attachments[0].filename == "board.png"
    assert (await sessions.table(1)).state == table.state
    assert await sessions.verify_replay(1)


async def test_log_pages_turn_with_buttons(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    await open_and_start(general, "polar-derby", alice, bob)
    sessions = env.bot.sessions
    for _ in range(40):  # play quickly through the session service
        table = await sessions.table(1)
        [seat] = table.game.to_act(table.state)
        actions = [str(a) for a in table.game.legal_actions(table.state, seat)]
        await sessions.act(general.id, table.user_of(seat), "stop" if "stop" in actions else actions[0])
    result = await alice.slash(general, "game log")
    first = result.response.message
    assert "page 1 of 3" in first.content
    assert set(buttons(first)) == {"◀ Previous", "Next ▶"}
    turned = await alice.click(first, label="Next ▶")
    assert "page 2 of 3" in turned.response.content
    turned = await alice.click(turned.response.message, label="Next ▶")
    assert "page 3 of 3" in turned.response.content


async def test_replace_by_a_moderator_sends_the_private_view_to_the_new_holder(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("moddy"), roles=(mods,))
    await alice.slash(general, "game new", game="ice-lake")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    await alice.slash(general, "plan", letters="RLS")
    # neither a player who is not the host nor a spectator may replace
    refused = await bob.slash(general, "game replace", old=alice, new=carol)
    assert refused.ephemeral and "Only the host or a moderator" in refused.response.content
    dms_before = len(list(alice.user.dm_channel.history())) if alice.user.dm_channel else 0
    done = await mod.slash(general, "game replace", old=alice, new=dave)
    assert done.ephemeral and "new holder" in done.response.content
    assert "dave takes over the seat of alice" in general.last_message.content
    assert "RLS" not in general.last_message.content
    dm = dave.user.dm_channel.last_message
    assert "You now play alice's seat" in dm.content and dm.attachments
    assert len(list(alice.user.dm_channel.history())) == dms_before  # nothing more to alice
    view = await alice.slash(general, "game view")
    assert "not playing" in view.response.content
    table = await env.bot.sessions.table(1)
    assert table.users() == [dave.user.id, bob.user.id]
    assert table.game.view(table.state, 0).own_plan == "RLS"


async def test_abandon_and_stats_and_leaderboard(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob)
    refused = await bob.slash(general, "game abandon")
    assert "Only the host or a moderator" in refused.response.content
    await alice.slash(general, "game abandon")
    assert "abandoned" in general.last_message.content
    assert buttons(general.last_message) == {}  # no rematch for an abandoned game
    await env.advance_time(60)  # one new lobby a minute per member
    await open_and_start(general, "polar-derby", alice, bob)
    await bob.slash(general, "game resign")
    stats = await alice.user.slash("stats")
    assert "alice" in stats.response.content and "Polar Derby: 1 won of 1" in stats.response.content
    stats = await carol.slash(general, "stats", user=bob)
    assert "Polar Derby: 0 won of 1" in stats.response.content
    board = await carol.slash(general, "leaderboard", game="polar-derby")
    text = board.response.content
    assert board.ephemeral and text.index("1. alice: 1 won of 1") < text.index("2. bob: 0 won of 1")
