"""A player who added Floe to their account uses the personal commands from a server without
Floe and from the DM (the strict double's installations: tests/support/user_installs.py); the
server's commands are not offered there, and the start-up sync notices a changed installation."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands
from simcord.backend.errors import SetupError

from tests.support.driver import open_and_start
from tests.support.user_installs import Installs

PERSONAL = ("games", "stats", "settings", "vacation", "plan", "rules")
GLOBAL = r"/applications/\d+/commands"


@pytest.fixture
async def elsewhere(world):
    """``world``, and a server that never added Floe where alice (who added Floe to her
    account) and bob (who did not) chat in ``lounge``."""
    env, guild, general, other, members = world
    server = env.create_guild("Book Club")
    lounge = server.create_text_channel("lounge")
    alice, bob = (server.add_member(member.user) for member in members[:2])
    env.strict.installs.remove_from_server(server.id)
    env.strict.installs.add_to_account(alice.id)
    return env, general, lounge, alice, bob, members


def bot_requests_for(env, server_id: int, lounge_id: int) -> list[str]:
    return [
        f"{r.method} {r.path}"
        for r in env.http_requests
        if re.match(rf"/(guilds/{server_id}|channels/{lounge_id})(/|$)", r.path)
    ]


async def test_the_personal_commands_are_installed_for_accounts_and_the_others_for_servers(world) -> None:
    env, *_ = world
    for command in env.bot.tree.get_commands():
        installs = command.to_dict(env.bot.tree)["integration_types"]
        if command.name in PERSONAL:
            assert installs == [0, 1], command.name
            assert command.to_dict(env.bot.tree)["contexts"] == [0, 1, 2], command.name
        else:
            assert installs == [0], f"/{command.name} is for servers that added Floe"


async def test_games_and_plan_from_a_server_without_floe(elsewhere) -> None:
    env, general, lounge, alice, bob, members = elsewhere
    await open_and_start(general, "ice-lake", members[0], members[1])
    before = len(env.http_requests)

    games = await alice.slash(lounge, "games")
    assert games.ephemeral and "Ice Lake" in games.response.content
    planned = await alice.slash(lounge, "plan", letters="SL")
    assert planned.ephemeral and "Your plan: SL" in planned.response.content
    assert any("1 of 2 plans in" in m.content for m in general.history()), "the table learns she planned"
    rules = await alice.slash(lounge, "rules", game="ice-lake")
    assert rules.ephemeral and "Ice Lake" in rules.response.content
    stats = await alice.slash(lounge, "stats")
    assert stats.ephemeral
    settings = await alice.slash(lounge, "settings", dm_on_turn=False)
    assert settings.ephemeral and "turn DMs off" in settings.response.content
    asked = [r for r in env.http_requests[before:] if re.match(rf"/channels/{lounge.id}(/|$)", r.path)]
    assert not asked, "the bot is not in that server: it answers through the interactions only"


async def test_the_same_from_the_dm_with_floe(elsewhere) -> None:
    env, general, lounge, alice, bob, members = elsewhere
    await open_and_start(general, "ice-lake", members[0], members[1])
    games = await alice.user.slash("games")
    assert "Ice Lake" in games.response.content
    planned = await alice.user.slash("plan", letters="LS")
    assert "Your plan: LS" in planned.response.content
    rules = await alice.user.slash("rules")
    assert "Which game? Pick one with `/rules game:`." in rules.response.content


async def test_a_servers_command_is_not_offered_where_floe_is_not(elsewhere) -> None:
    env, general, lounge, alice, bob, members = elsewhere
    with pytest.raises(SetupError, match="not offered"):
        await alice.slash(lounge, "game new", game="ice-lake")
    with pytest.raises(SetupError, match="not offered"):
        await alice.slash(lounge, "leaderboard")
    with pytest.raises(SetupError, match="not offered"):
        await bob.slash(lounge, "games")  # bob did not add Floe to his account
    assert not bot_requests_for(env, lounge.guild.id, lounge.id)


async def test_the_bot_cannot_reach_a_server_without_floe(elsewhere) -> None:
    env, general, lounge, alice, bob, members = elsewhere
    with pytest.raises(discord.Forbidden) as refused:
        await env.bot.get_partial_messageable(lounge.id).send("hello")
    assert refused.value.code == 50001
    assert env.bot.get_guild(lounge.guild.id) is None


async def test_a_changed_installation_is_synced_once(world) -> None:
    env, *_ = world
    syncs = sum(1 for r in env.http_requests if r.method == "PUT" and re.fullmatch(GLOBAL, r.path))
    games = env.bot.tree.get_command("games")
    assert isinstance(games, app_commands.Command)
    games.allowed_installs = app_commands.AppInstallationType(guild=False, user=True)  # [0, 1] -> [1]
    assert await env.bot.sync_commands() is True
    assert await env.bot.sync_commands() is False
    games.allowed_contexts = app_commands.AppCommandContext(
        guild=False, dm_channel=True, private_channel=True
    )
    assert await env.bot.sync_commands() is True  # [0, 1, 2] -> [1, 2]
    assert await env.bot.sync_commands() is False
    after = sum(1 for r in env.http_requests if r.method == "PUT" and re.fullmatch(GLOBAL, r.path))
    assert after == syncs + 2


async def offered_as_last_synced(env, name: str) -> None:
    """Discord offers ``/name`` to user installs (as a sync left it) while the bot installs it
    with servers only (its tree changed since)."""
    command = env.bot.tree.get_command(name)
    command.allowed_installs = app_commands.AppInstallationType(guild=True, user=True)
    await env.bot.sync_commands(force=True)
    command.allowed_installs = None  # the tree's default: servers only


async def test_a_servers_command_reached_through_a_user_install_is_refused_privately(elsewhere) -> None:
    env, general, lounge, alice, bob, members = elsewhere
    await offered_as_last_synced(env, "leaderboard")
    english = await alice.slash(lounge, "leaderboard")
    assert english.ephemeral
    assert "`/leaderboard` needs Floe in this server, and nobody added it here." in english.response.content
    assert "`/games`, `/stats`, `/settings`, `/vacation`, `/plan`, `/rules`" in english.response.content
    env.strict.locales[alice.id] = "nl"
    dutch = await alice.slash(lounge, "leaderboard")
    assert dutch.ephemeral and "heeft Floe op deze server nodig" in dutch.response.content
    assert not bot_requests_for(env, lounge.guild.id, lounge.id)
    in_floes_server = await members[0].slash(general, "leaderboard")  # where Floe is: as ever
    assert "needs Floe" not in in_floes_server.response.content


class FakeChannel:
    def __init__(self, guild_id: int | None, type: int) -> None:
        self.guild_id, self.type = guild_id, type


class FakeBackend:
    def __init__(self) -> None:
        self.channels = {1: FakeChannel(10, 0), 2: FakeChannel(None, 1), 3: FakeChannel(None, 3)}

    def get_channel(self, channel_id: int) -> FakeChannel:
        return self.channels[channel_id]

    def emit(self, event: str, payload: dict) -> None:
        pass


class FakeEnv:
    backend = FakeBackend()


@pytest.mark.parametrize(
    ("command", "channel", "installed", "owners"),
    [
        ({"integration_types": [0], "contexts": [0]}, 1, False, {"0": "10"}),
        ({"integration_types": [0], "contexts": [0]}, 1, True, {"0": "10"}),
        ({"integration_types": [0, 1], "contexts": [0, 1, 2]}, 1, True, {"0": "10", "1": "7"}),
        ({"integration_types": [0, 1], "contexts": [0, 1, 2]}, 2, False, {"0": "0"}),  # the bot's DM
        ({"integration_types": [0, 1], "contexts": [0, 1, 2]}, 3, False, {}),  # a group DM: no server
        ({"integration_types": [0, 1], "contexts": [0, 1, 2]}, 3, True, {"1": "7"}),
        ({"integration_types": [0, 1], "contexts": [0, 1]}, 3, True, {}),  # not for group DMs
        ({"integration_types": [1], "contexts": [0]}, 1, False, {}),
        ({"contexts": [0, 1, 2]}, 3, True, {"1": "7"}),  # left out: the app's (both installs)
    ],
)
def test_which_installation_authorizes_a_command_as_discord_documents(
    command: dict, channel: int, installed: bool, owners: dict
) -> None:
    installs = Installs(FakeEnv())
    if installed:
        installs.add_to_account(7)
    assert installs.owners(command, 7, channel) == owners
    installs.remove_from_server(10)
    assert "0" not in installs.owners(command, 7, 1), "a server without Floe authorizes nothing"
