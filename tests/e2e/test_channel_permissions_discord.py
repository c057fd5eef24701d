"""A channel where the bot may not read the message history, and a server at its limit of
active threads: the lobby still updates in place, and the thread limit is named."""

from __future__ import annotations

import discord

from tests.support.driver import buttons


async def test_a_lobby_updates_in_place_without_read_message_history(world) -> None:
    env, guild, _general, _other, members = world
    alice, bob, carol = members[:3]
    quiet = guild.create_text_channel(
        "no-history", overwrites={guild.me: discord.PermissionOverwrite(read_message_history=False)}
    )
    await alice.slash(quiet, "game new", game="polar-derby", thread=False)
    await bob.click(quiet.last_message, label="Join")
    await carol.click(quiet.last_message, label="Join")
    lobbies = [m for m in quiet.history() if "Join" in buttons(m)]
    assert len(lobbies) == 1  # one lobby message, edited in place
    assert "bob" in lobbies[0].content and "carol" in lobbies[0].content
    await alice.click(lobbies[0], label="Start")
    lobby = next(m for m in quiet.history() if m.id == lobbies[0].id)
    assert buttons(lobby) == {}  # the started game's lobby lost its buttons
    assert (await env.bot.sessions.table(1)).record.status == "active"
    assert env.strict.invalid == []  # the bot never asked for the history it may not read


async def test_the_active_thread_limit_is_named_and_nothing_changed(world) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    env.inject_error(
        "POST",
        f"/channels/{general.id}/threads",
        status=400,
        code=160006,
        message="Maximum number of active threads reached",
    )
    result = await alice.slash(general, "game new", game="polar-derby", thread=True)
    text = result.response.content
    assert result.ephemeral and "too many active threads" in text
    assert "thread:false" in text and "Nothing was changed" in text
    assert "wrong on our side" not in text
    assert await env.bot.store.open_game_in(general.id) is None
