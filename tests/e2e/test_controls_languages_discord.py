"""The Discord adapter's own words in each reader's language, through the strict double: a
game's buttons and its "Your turn" line in the game's language (its server's), a player's
private builder, text box and error answers in their own; English stays as it was."""

from __future__ import annotations

import pytest

from bot.core.languages import language
from games.words import say_in, tell
from tests.support.driver import awaited_member, buttons, open_and_start
from tests.support.language_servers import server_in

FRENCH, DUTCH = language("fr"), language("nl")


@pytest.fixture
async def french_server(simcord_env):
    """A server whose Discord language is French, playing in its channel; alice's Discord is in
    Dutch, bob's in English."""
    guild, general, alice, bob = await server_in(simcord_env, "fr")
    return simcord_env, guild, general, alice, bob


@pytest.fixture
async def english_server(simcord_env):
    """The same, in a server whose Discord language is English, both players' too."""
    env = simcord_env
    guild = env.create_guild("Polar club")
    general = guild.create_text_channel("general")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await env.bot.servers.change(guild.id, threads=False)
    for member in (alice, bob):
        await env.bot.store.set_auto_play(member.user.id, False)
    return env, guild, general, alice, bob


async def test_a_french_servers_turn_card_asks_in_french_with_french_buttons(french_server) -> None:
    env, guild, general, alice, bob = french_server
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    assert board.content.startswith(f"À toi : <@{mover.user.id}>"), board.content[:80]
    assert "Your turn" not in board.content
    assert "Ma vue" in buttons(board) and "My view" not in buttons(board)

    await bob.slash(general, "game resign")  # a two-player game ends: its last card
    over = general.last_message
    assert {"Revoir", "Revanche"} <= set(buttons(over)), list(buttons(over))


async def test_an_english_servers_cards_read_as_before(english_server) -> None:
    env, guild, general, alice, bob = english_server
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    assert board.content.startswith(f"Your turn: <@{mover.user.id}>")
    assert "My view" in buttons(board)
    await bob.slash(general, "game resign")
    assert {"Replay", "Rematch"} <= set(buttons(general.last_message))


async def test_a_french_ice_lake_board_offers_its_private_plan_in_french(french_server) -> None:
    env, guild, general, alice, bob = french_server
    board = await open_and_start(general, "ice-lake", alice, bob)
    assert {"Planifie en privé", "Ma vue"} <= set(buttons(board)), list(buttons(board))


async def test_a_dutch_players_plan_builder_and_text_box_are_dutch(french_server) -> None:
    env, guild, general, alice, bob = french_server
    board = await open_and_start(general, "ice-lake", alice, bob)
    builder = await alice.click(board, label="Planifie en privé")
    assert builder.ephemeral
    shown = set(buttons(builder.response))
    assert {"Typen…", "Wissen", "Klaar", "⌫ Terugnemen"} <= shown, shown
    assert "Tik tot" in builder.response.content and "Tap up to" not in builder.response.content

    box = await alice.click(builder.response, label="Typen…")
    assert box.modal is not None
    assert box.modal["title"].endswith(": je geheime keuze"), box.modal["title"]
    assert "Je antwoord" in str(box.modal) and "Your answer" not in str(box.modal)

    english = await bob.click(board, label="Planifie en privé")
    assert {"Type it…", "Clear", "Done"} <= set(buttons(english.response)), "bob reads English"


async def test_a_dutch_players_errors_are_dutch_and_an_english_players_english(
    french_server, monkeypatch
) -> None:
    env, guild, general, alice, bob = french_server
    await open_and_start(general, "polar-derby", alice, bob)
    too_long = "x" * 101  # longer than a move: Discord's option refuses it, a DM does not
    await alice.send_dm(too_long)
    assert "Dat is 101 tekens lang; een zet is hoogstens 100" in alice.user.dm_channel.last_message.content
    await bob.send_dm(too_long)
    assert "That is 101 characters long; a move is at most 100" in bob.user.dm_channel.last_message.content

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(env.bot.sessions, "act", broken)
    apology = await alice.slash(general, "game move", action="roll")
    text = apology.response.content
    assert apology.ephemeral and text.startswith("Sorry, er ging iets mis aan onze kant (ref "), text
    assert "Er is niets veranderd" in text
    english = await bob.slash(general, "game move", action="roll")
    assert english.response.content.startswith("Sorry, something went wrong on our side (ref ")


def test_permission_names_read_as_discord_shows_them_in_each_language() -> None:
    from bot.adapter.errors import BotLacksPermissions, error_text

    refused = BotLacksPermissions(["Attach Files", "Embed Links"])
    assert "I need Attach Files and Embed Links in this channel." in error_text(refused)
    french = error_text(refused, language=FRENCH)
    assert "J'ai besoin de Joindre des fichiers et Intégrer des liens dans ce salon." in french
    assert tell(say_in("Discord permission", "View Channel"), (), DUTCH) == "Kanaal bekijken"
