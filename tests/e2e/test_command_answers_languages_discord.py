"""The commands' own words in their reader's language, through the strict double: an answer to one
person (``/stats``, ``/settings``, ``/games``) in theirs, a lobby and its start post in the
game's (its server's), English unchanged for English readers."""

from __future__ import annotations

import io

import discord
import pytest

from bot.adapter import launch
from bot.adapter.app import FloeBot
from bot.settings import Settings


@pytest.fixture
async def servers(simcord_env):
    """A French server and an English one, each with a channel; alice's Discord is in Dutch,
    bob's in English."""
    env = simcord_env
    french = env.create_guild("Club polaire", preferred_locale="fr")
    english = env.create_guild("Polar club", preferred_locale="en-US")
    users = [env.create_user(name) for name in ("alice", "bob")]
    env.strict.locales[users[0].id] = "nl"
    channels = []
    for guild in (french, english):
        await env.bot.servers.change(guild.id, threads=False)
        channels.append((guild.create_text_channel("general"), [guild.add_member(u) for u in users]))
    for user in users:
        await env.bot.store.set_auto_play(user.id, False)
    return env, channels


async def test_a_dutch_players_stats_settings_and_games_are_dutch_and_an_english_players_english(
    servers,
) -> None:
    env, [(_, _), (general, [alice, bob])] = servers
    stats = (await alice.slash(general, "stats")).response.content
    assert stats.startswith(
        "alice heeft nog geen partij uitgespeeld.\nBetrouwbaarheid: nog geen uitgespeelde"
    )
    assert (await bob.slash(general, "stats")).response.content.startswith(
        "bob has not finished a game yet.\nReliability: no finished games yet, 0 resigned"
    )
    settings = (await alice.slash(general, "settings", dm_on_turn=True)).response.content
    assert settings.startswith("Je instellingen: DM bij je beurt aan; tijdzone UTC; stille uren uit;")
    assert settings.endswith("taal die van je Discord (Nederlands).")
    settings = (await bob.slash(general, "settings", dm_on_turn=False)).response.content
    assert settings.startswith("Your settings: turn DMs off; time zone UTC; quiet hours off;")
    assert settings.endswith("language your Discord's (English).")

    games = (await alice.slash(general, "games")).response.content
    assert games.startswith("Je hebt geen open partijen.")
    await bob.slash(general, "game new", game="polar-derby")
    await alice.slash(general, "game join")
    games = (await alice.slash(general, "games")).response.content
    assert games.startswith("**Je partijen** (1 open, 0 wachten op jou):")
    assert "**Polar Derby** met bob, alice: lobby, geopend <t:" in games
    games = (await bob.slash(general, "games")).response.content
    assert games.startswith("**Your games** (1 open, 0 waiting on you):")
    assert "**Polar Derby** with bob, alice: lobby, opened <t:" in games


async def test_a_french_servers_lobby_and_start_post_are_french_and_an_english_servers_english(
    servers,
) -> None:
    env, [(french, [alice, bob]), (english, [alice_here, bob_here])] = servers
    opened = await alice.slash(french, "game new", game="polar-derby")
    assert opened.response.content.startswith("Lobby voor Polar Derby geopend."), "alice reads Dutch"
    lobby = french.last_message.content
    assert lobby.startswith("**Polar Derby** — une nouvelle partie cherche des joueurs (2–4).")
    assert "Hôte : alice." in lobby and "Inscrits (1) : alice." in lobby
    assert "Appuie sur **Rejoindre** pour prendre une place ; l'hôte appuie sur **Lancer**" in lobby
    joined = await bob.slash(french, "game join")
    assert joined.response.content == "You joined the game.", "bob reads English"
    assert "Inscrits (2) : alice, bob." in french.last_message.content
    assert "• bob: pas encore de partie terminée, 0 abandon(s)" in french.last_message.content
    started = await alice.slash(french, "game start")
    assert started.response.content == "De partij is begonnen."
    posts = [m.content for m in french.history()]
    assert any("**Polar Derby** commence ! Places : " in post for post in posts), posts[-2:]
    assert not any("begins! Seats:" in post for post in posts)

    opened = await bob_here.slash(english, "game new", game="polar-derby")
    assert opened.response.content.startswith("Polar Derby lobby opened. Others press **Join**")
    lobby = english.last_message.content
    assert lobby.startswith("**Polar Derby** — a new game is looking for players (2–4).")
    assert "Press **Join** to take a seat; the host presses **Start** when the table is ready." in lobby
    await alice_here.slash(english, "game join")
    await bob_here.slash(english, "game start")
    posts = [m.content for m in english.history()]
    assert any("**Polar Derby** begins! Seats: " in post for post in posts), posts[-2:]

    await bob_here.slash(english, "game abandon")
    assert english.last_message.content.startswith("🏳️ The Polar Derby game was abandoned by bob.")
    await alice.slash(french, "game abandon")
    assert french.last_message.content == (
        "🏳️ La partie de Polar Derby a été abandonnée par alice. Aucun résultat n'est enregistré."
    )


def test_floe_run_names_what_stops_it_in_its_operators_language(tmp_path, monkeypatch) -> None:
    async def refused(self: FloeBot, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(FloeBot, "login", refused)
    for locale, words in (("nl_NL.UTF-8", "Discord weigerde het token"), ("C", "Discord refused the token")):
        monkeypatch.setenv("LC_ALL", locale)
        err = io.StringIO()
        assert launch.run(Settings(token="bad", database=str(tmp_path / "f.db")), err=err) == 1
        [line] = [line for line in err.getvalue().splitlines() if line.startswith("floe:")]
        assert line.startswith(f"floe: {words}") and "DISCORD_TOKEN" in line
