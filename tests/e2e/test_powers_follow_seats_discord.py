"""Powers follow seats, through simcord: a host whose seat was given away is host no more (the
server's moderators keep their powers), a player who resigned has no say in a pause, and the
private paths (``/plan``, an answer by DM) take only private or secret choices."""

from __future__ import annotations

import discord

import games
from tests.e2e.driver import awaited_member, open_and_start


async def test_a_host_whose_seat_was_given_away_is_host_no_more(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = guild.add_member(env.create_user("moddy"), roles=(mods,))
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await mod.slash(general, "game replace", old=alice, new=dave)
    # alice may not put herself back, nor end the game she no longer plays
    back = await alice.slash(general, "game replace", old=dave, new=alice)
    assert back.ephemeral and "Only the host or a moderator" in back.response.content
    gone = await alice.slash(general, "game abandon")
    assert gone.ephemeral and "Only the host or a moderator" in gone.response.content
    table = await env.bot.sessions.table(1)
    assert table.record.status == "active" and table.users() == [dave.user.id, bob.user.id, carol.user.id]
    # the server's moderator keeps theirs
    done = await mod.slash(general, "game replace", old=dave, new=alice)
    assert "new holder" in done.response.content
    assert (await env.bot.sessions.table(1)).users()[0] == alice.user.id


async def test_a_resigned_player_has_no_vote_in_a_pause_and_cannot_resume(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await carol.slash(general, "game resign")
    assert (await env.bot.sessions.table(1)).record.status == "active"  # two players play on
    refused = await carol.slash(general, "game pause")
    assert refused.ephemeral and "you resigned" in refused.response.content.lower()
    await alice.slash(general, "game pause")
    await bob.slash(general, "game pause")  # the two still playing decide it
    assert "paused" in general.last_message.content
    settings = await env.bot.clock.clocks.settings(1)
    assert settings.paused
    refused = await carol.slash(general, "game resume")
    assert refused.ephemeral and "you resigned" in refused.response.content.lower()
    assert (await env.bot.clock.clocks.settings(1)).paused
    await bob.slash(general, "game resume")
    assert not (await env.bot.clock.clocks.settings(1)).paused


async def test_plan_from_a_dm_refuses_a_public_move(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    posts = len(list(general.history()))
    result = await mover.user.slash("plan", letters="roll", game="1")
    assert result.ephemeral
    answer = result.response.content
    assert "in the game's channel" in answer and "Nothing was changed" in answer, answer
    assert (await env.bot.sessions.table(1)).record.step == 0
    assert len(list(general.history())) == posts


async def test_an_answer_by_dm_refuses_a_public_move(world) -> None:
    """A DM answer waits in the "which game?" menu while the game moves on: by the time the
    player picks the game, it asks for a move everyone sees, which a DM must not play."""
    env, _guild, general, other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "thin-ice", alice, bob, carol)
    sessions = env.bot.sessions
    table = await sessions.table(1)
    while not (keepers := sessions._secret_seats(table, sorted(table.game.to_act(table.state)))):
        seat = min(table.game.to_act(table.state))  # the setup: the first legal move, until a card is kept
        await sessions.act(general.id, table.user_of(seat), str(table.legal(seat)[0]), game_id=1)
        table = await sessions.table(1)
    seat = keepers[0]
    keep = str(table.legal(seat)[0])
    kept, _ = games.play(table.game, table.state, seat, table.game.parse_action(keep))
    public = str(table.game.legal_actions(kept, seat)[0])  # what the seat is asked once it kept its card
    assert seat in table.game.to_act(kept) and not games.is_private(table.game.parse_action(public))
    player = next(m for m in members if m.user.id == table.user_of(seat))
    partner = next(m for m in members if m is not player)
    await env.advance_time(60)  # one new lobby a minute per member
    await open_and_start(other, "ice-lake", player, partner)  # a second game waits for a secret choice
    await player.send_dm(public)
    menu = player.user.dm_channel.last_message
    assert "which one" in menu.content
    await player.user.slash("plan", letters=keep, game="1")  # the card kept: the game asks the public move
    step = (await sessions.table(1)).record.step
    posts = len(list(general.history()))
    picked = await player.user.select(menu, ["1"])
    assert (await sessions.table(1)).record.step == step
    assert len(list(general.history())) == posts
    answer = picked.followups[-1].content
    assert "in the game's channel" in answer and "Nothing was changed" in answer, answer


async def test_the_vote_of_a_replaced_player_no_longer_counts(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await carol.slash(general, "game pause")
    await alice.slash(general, "game replace", old=carol, new=dave)
    answer = await bob.slash(general, "game pause")
    assert "(1 of 3)" in answer.response.content, answer.response.content
    assert not (await env.bot.clock.clocks.settings(1)).paused
