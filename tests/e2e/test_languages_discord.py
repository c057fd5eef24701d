"""Floe in each reader's language through the strict double: a game's public posts in its
server's language, a player's refusals in their own (bot/core/readers.py)."""

from __future__ import annotations

import pytest

from bot.core.languages import language
from bot.core.narration import told
from bot.core.texts import DISCORD_WORDS
from games import GameError
from games.words import Said, say, tell
from tests.support.driver import action_button, awaited_member, buttons, open_and_start, server_manager
from tests.support.language_servers import server_in


@pytest.fixture
async def french_server(simcord_env):
    """A server whose Discord language is French, playing in its channel; alice's Discord is in
    Dutch, bob's in English."""
    guild, general, alice, bob = await server_in(simcord_env, "fr")
    return simcord_env, guild, general, alice, bob


async def test_a_french_server_reads_its_game_in_french_and_a_dutch_player_her_refusals_in_dutch(
    french_server,
) -> None:
    env, guild, general, alice, bob = french_server
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    assert "Roll" not in buttons(board), "the move's button is labelled in French"
    await mover.click(board, custom_id=action_button(board, "roll"))
    table = await env.bot.sessions.table(1)
    names = env.bot.sessions.names(table)
    [rolled] = await env.bot.store.actions(1)
    french, english = told(rolled.narration, names, language("fr")), told(rolled.narration, names)
    assert french != english
    assert french.splitlines()[0] in general.last_message.content, "the board's narration is French"
    assert english.splitlines()[0] not in general.last_message.content

    table = await env.bot.sessions.table(1)
    for member, code in ((alice, "nl"), (bob, "en")):
        refused = await member.slash(general, "game move", action="dance the polka")
        said = refusal_of(table, "dance the polka")
        assert (
            refused.ephemeral and tell(said, (), language(code)).lower() in refused.response.content.lower()
        )
    assert tell(refusal_of(table, "dance the polka"), (), language("nl")) != tell(
        refusal_of(table, "dance the polka")
    ), "alice's refusal reads in Dutch, not in English"


async def test_a_board_posts_own_words_read_in_french_and_alices_private_prompt_in_dutch(
    french_server,
) -> None:
    env, guild, general, alice, bob = french_server
    await open_and_start(general, "ice-lake", alice, bob)  # both are asked a plan in private
    table = await env.bot.sessions.table(1)
    names = env.bot.sessions.names(table)
    [seat] = table.seats_of(alice.user.id)
    asked = say("**{title}**: {prompt}.", title=table.game.title, prompt=table.game.prompt(table.state, seat))
    dutch = language("nl")
    assert tell(asked, names, dutch) != tell(asked, names)
    notes = [m.content for m in alice.user.dm_channel.history()]
    prompt = f"{tell(asked, names, dutch)}\n{tell(DISCORD_WORDS.answer_secret, (), dutch)}"
    assert any(prompt in note for note in notes), notes

    await bob.slash(general, "game resign")  # a two-player game ends: alice wins
    table = await env.bot.sessions.table(1)
    outcome = table.game.outcome(table.state)
    assert outcome is not None
    over = say("🏁 **Game over.** {result}", result=outcome.summary)
    french = tell(over, names, language("fr"))
    assert french != tell(over, names)
    posts = [m.content for m in general.history()]
    assert any(french in post for post in posts), posts[-3:]


def refusal_of(table, typed: str) -> Said:
    """What the game says to anyone typing ``typed``, which is no move of it (read before whose
    turn it is)."""
    with pytest.raises(GameError) as refusal:
        table.game.parse_action(typed)
    assert isinstance(refusal.value.said, Said)
    return refusal.value.said


async def test_a_player_chooses_their_language_and_a_server_its_games_language(french_server) -> None:
    env, guild, general, alice, bob = french_server
    admin = server_manager(env, guild, "admin")
    board = await open_and_start(general, "polar-derby", alice, bob)
    table = await env.bot.sessions.table(1)
    said = refusal_of(table, "dance the polka")

    answer = await bob.slash(general, "settings", language="nl")
    assert answer.ephemeral and "taal Nederlands" in answer.response.content, "answered in his new Dutch"
    refused = await bob.slash(general, "game move", action="dance the polka")
    assert tell(said, (), language("nl")).lower() in refused.response.content.lower(), "bob chose Dutch"
    answer = await bob.slash(general, "settings", language="discord")
    assert "language your Discord's (English)" in answer.response.content
    refused = await bob.slash(general, "game move", action="dance the polka")
    assert tell(said).lower() in refused.response.content.lower(), "back to his Discord's English"

    saved = await admin.slash(general, "floe config", language="de")
    assert saved.ephemeral and "Language of the games' posts: Deutsch." in saved.response.content
    await awaited_member(board, [alice, bob]).click(board, custom_id=action_button(board, "roll"))
    names = env.bot.sessions.names(table)
    [rolled] = await env.bot.store.actions(1)
    german = told(rolled.narration, names, language("de"))
    assert german.splitlines()[0] in general.last_message.content, "the server chose German"
    cleared = await admin.slash(general, "floe config", clear="language")
    assert "the server's Discord language (the default)" in cleared.response.content
