"""The session's refusals in each reader's language through the strict double: a French server
where alice's Discord is Dutch and bob's English (bot/adapter/errors.py, ``answer_error``)."""

from __future__ import annotations

import pytest

from tests.support.driver import lobby_button, private_texts
from tests.support.language_servers import server_in


@pytest.fixture
async def french_server(simcord_env):
    """A server whose Discord language is French; alice's Discord is in Dutch, bob's in English."""
    guild, general, alice, bob = await server_in(simcord_env, "fr", ask_every_move=False)
    return simcord_env, guild, general, alice, bob


async def test_a_move_in_a_channel_without_a_game_is_refused_in_each_readers_language(
    french_server,
) -> None:
    _env, _guild, general, alice, bob = french_server
    dutch = await alice.slash(general, "game move", action="roll")
    english = await bob.slash(general, "game move", action="roll")
    assert dutch.ephemeral and english.ephemeral
    assert "Er is geen partij in dit kanaal: begin er een met /game new." in dutch.response.content
    assert "There is no game in this channel: start one with /game new." in english.response.content


async def test_lobby_refusals_read_in_each_readers_language_with_the_host_named_in_it(
    french_server,
) -> None:
    _env, _guild, general, alice, bob = french_server
    await alice.slash(general, "game new", game="polar-derby")
    lobby = general.last_message
    await bob.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert "only the host can start the game." in private_texts(general, bob)[-1]
    await alice.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert "je hebt al een plaats aan deze tafel." in private_texts(general, alice)[-1]
    await bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    await bob.click(general.last_message, custom_id=lobby_button(general.last_message, "join"))
    assert "you already have a seat at this table." in private_texts(general, bob)[-1]
    answer = await alice.slash(general, "game leave")
    assert (
        "Jij bent de host: annuleer de partij met /game cancel in plaats van weg te gaan."
        in answer.response.content
    )
