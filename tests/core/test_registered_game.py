"""A sixth game is one registration: Snowballs (tests/support/toy: its rules, its drawing and its
computer player, each in its own module) is registered at run time, with no other file edited,
and played through the session service from its lobby to its end."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

import ai
import games
import renderer
from bot.core.sessions import Sessions
from games.registry import register, unregister
from storage import open_store
from tests.support.core import ALICE, BOB, CHANNEL, GUILD, named_sessions
from tests.support.toy import REGISTRATION, SNOWBALLS


@pytest.fixture
def snowballs() -> Iterator[str]:
    register(REGISTRATION)
    yield SNOWBALLS.name
    unregister(SNOWBALLS.name)


@pytest.fixture
async def sessions(tmp_path: object, snowballs: str) -> AsyncIterator[Sessions]:
    store = await open_store(f"sqlite:///{tmp_path}/floe.db")
    yield named_sessions(store)
    await store.close()


def test_a_registration_makes_the_game_known_to_every_layer(snowballs: str) -> None:
    assert games.get(snowballs) is SNOWBALLS
    assert snowballs in renderer.RENDERERS
    assert ai.has_computer(snowballs)
    state = SNOWBALLS.new_game(2, SNOWBALLS.options(), 1)
    view = SNOWBALLS.view(state, 0)
    assert renderer.render(view, names=["Alice", "Bob"]).startswith(b"\x89PNG")
    assert ai.choose(snowballs, view, 0, "normal", seed=3, iterations=20) in {"take 1", "take 2"}


def test_a_registered_game_is_unknown_again_once_taken_back() -> None:
    register(REGISTRATION)
    unregister(SNOWBALLS.name)
    assert SNOWBALLS.name not in games.GAMES and SNOWBALLS.name not in renderer.RENDERERS
    assert not ai.has_computer(SNOWBALLS.name)
    with pytest.raises(games.InvalidOptions):
        games.get(SNOWBALLS.name)


async def test_the_game_is_played_through_the_sessions_from_lobby_to_end(
    sessions: Sessions, snowballs: str
) -> None:
    lobby = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name=snowballs, options={"pile": 5}
    )
    assert lobby.post is not None and "**Snowballs** — a new game" in lobby.post.text
    await sessions.join(CHANNEL, BOB)
    started = await sessions.start(CHANNEL, ALICE)
    assert started.post is not None and "**Snowballs** begins!" in started.post.text
    assert [a.user_id for a in started.post.awaited] == [ALICE]

    played = []
    reply = started
    while not reply.finished:
        table = await sessions.table_in(CHANNEL)
        [seat] = table.game.to_act(table.state)
        reply = await sessions.act(CHANNEL, table.user_of(seat), "take 2")
        played.append(table.user_of(seat))
    # 5 snowballs: Alice takes 2, Bob 2, and the last one is Alice's only move (played for her)
    assert played == [ALICE, BOB]
    assert reply.post is not None
    assert "🏁 **Game over.** Alice took the last snowball and wins." in reply.post.text
    assert "the only move" in reply.post.text

    board = await sessions.board(CHANNEL, game_id=reply.game_id)
    assert board.post is not None and board.post.image is not None
    assert (await board.post.image.data() or b"").startswith(b"\x89PNG")
    assert board.post.image.description().startswith("Snowballs left: 0\n")
    assert await sessions.verify_replay(reply.game_id or 0)
