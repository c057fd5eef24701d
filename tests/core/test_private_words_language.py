"""What one player reads alone is in their language, pictures and named buttons too: the private
view dealt when a game starts is drawn and described (its alt text) in its player's language,
and Ice Hike's public placing prompt names the "My options" button as the bot labels it."""

from __future__ import annotations

import games
from bot.core.languages import language
from bot.core.sessions import Sessions
from games.ice_hike.state import PLACE
from games.words import say_in, tell
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, GUILD, seeded_sessions

sessions = seeded_sessions
FRENCH = language("fr")


async def test_the_view_dealt_at_the_start_is_described_in_its_players_language(sessions: Sessions) -> None:
    await sessions.readers.person(ALICE, "fr")  # alice's Discord is in French
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="thin-ice")
    for user in (BOB, CAROL):
        await sessions.join(CHANNEL, user)
    started = await sessions.start(CHANNEL, ALICE)
    assert reply.game_id is not None
    notes = {note.user_id: note for note in started.notes}
    assert notes[ALICE].image is not None and notes[BOB].image is not None
    french, english = notes[ALICE].image.description(), notes[BOB].image.description()
    assert french is not None and english is not None
    assert "À jouer :" in french and "To play:" not in french, french
    assert "To play:" in english, "bob reads English"


def test_ice_hikes_placing_prompt_names_the_button_as_the_bot_labels_it() -> None:
    game = games.get("ice-hike")
    state = game.new_game(2, game.options(), 7)
    [seat] = game.to_act(state)
    assert state.phase == PLACE
    prompt = game.public_prompt(state, seat)
    assert tell(prompt) == "place the tile you drew (My options shows it): place <cell>"
    button = tell(say_in("button", "My options"), (), FRENCH)
    assert button == "Mes options"
    assert button in tell(prompt, (), FRENCH)
    assert "My options" not in tell(prompt, (), FRENCH)
