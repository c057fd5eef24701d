"""A sharded bot (SHARD_COUNT=2, this process runs shard 0 only) whose shards do not include the
game's server: a DM plan (DMs arrive at shard 0) is applied here and the channel post goes
through REST by channel id, once."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

import bot
from bot.adapter.app import ShardedFloeBot
from bot.core.sessions import Sessions
from bot.settings import Settings
from storage import open_store


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(shard_count=2, shard_ids=(0,))


def test_unsharded_settings_keep_a_plain_bot(db_path: str) -> None:
    plain = bot.create_bot(Settings(token="", database=db_path))
    assert not isinstance(plain, discord.AutoShardedClient) and isinstance(plain, commands.Bot)
    every = bot.create_bot(Settings(token="", database=db_path, shard_count=3))
    assert isinstance(every, ShardedFloeBot) and isinstance(every, commands.AutoShardedBot)
    assert (every.shard_count, every.shard_ids) == (3, [0, 1, 2])


async def test_a_dm_plan_for_a_game_on_another_shard_posts_once(simcord_env, simcord_bot, db_path) -> None:
    env = simcord_env
    assert isinstance(simcord_bot, ShardedFloeBot) and simcord_bot.shard_ids == [0]
    guild = env.create_guild("Far Club", shard_id=1)  # hosted by the other process
    general = guild.create_text_channel("general")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    assert simcord_bot.get_guild(guild.id) is None, "this process does not see the game's server"

    # the other process opened and started the game (same database)
    store = await open_store(db_path)
    try:
        other = Sessions(store)
        reply = await other.new_game(
            channel_id=general.id, guild_id=guild.id, user_id=alice.user.id, game_name="ice-lake"
        )
        await other.join(general.id, bob.user.id)
        await other.start(general.id, alice.user.id)
    finally:
        await store.close()
    assert list(general.history()) == []

    await alice.send_dm("SL")
    assert "Your plan: SL" in alice.user.dm_channel.last_message.content
    [first] = list(general.history())
    assert "1 of 2 plans in" in first.content and "alice SL" not in first.content
    await bob.send_dm("LL")
    assert "Your plan: LL" in bob.user.dm_channel.last_message.content
    posts = list(general.history())
    assert len(posts) == 2, [m.content for m in posts]
    [second] = [m for m in posts if m.id != first.id]
    assert "Plans revealed" in second.content and second.attachments
    assert reply.game_id is not None
