"""Secrets stay secret through the whole pipeline, for every game.

The renderer and every message see views, never states: random games are played through the
session service with the renderer spied on. Every object drawn must be a view, and before the
end no public post may carry the notation of a secret action, nor any private note reach a
user other than the seat it was written for.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import games
import renderer
from bot.core.sessions import Reply, Sessions
from storage import Store, open_store

CHANNEL = 500


async def _draw_pictures(reply: Reply) -> None:
    """Draw every picture of ``reply``, as a front end posting it does: a reply's pictures are
    drawn only when awaited."""
    for picture in reply.pictures():
        await picture.data()


@pytest.fixture
async def store(tmp_path: Path):
    s = await open_store(str(tmp_path / "secrecy.db"))
    yield s
    await s.close()


@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_the_renderer_and_every_post_see_views_never_states(
    name: str, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.get(name)
    players = game.players.start + (1 if len(game.players) > 1 else 0)
    drawn: list[Any] = []
    real_render, real_animation = renderer.render, renderer.render_animation

    def spy_render(view: Any, **kwargs: Any) -> bytes:
        drawn.append(view)
        return real_render(view, **kwargs)

    def spy_animation(view: Any, **kwargs: Any) -> bytes | None:
        drawn.append(view)
        return real_animation(view, **kwargs)

    monkeypatch.setattr(renderer, "render", spy_render)
    monkeypatch.setattr(renderer, "render_animation", spy_animation)
    users = list(range(1, players + 1))
    sessions = Sessions(store, namer=lambda uid: f"P{uid}", new_seed=lambda: 4242)
    await sessions.new_game(channel_id=CHANNEL, guild_id=1, user_id=users[0], game_name=name)
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    replies = [await sessions.start(CHANNEL, users[0])]
    await _draw_pictures(replies[0])
    chooser = random.Random(7)
    secrets_played: list[str] = []
    state_types = set()
    for _ in range(150):
        table = await sessions.table_in(CHANNEL)
        state_types.add(type(table.state))
        awaited = sorted(game.to_act(table.state))
        if not awaited:
            break
        seat = chooser.choice(awaited)
        action = chooser.choice(list(game.legal_actions(table.state, seat)))
        if games.is_secret(action):
            secrets_played.append(str(action))
        reply = await sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
        replies.append(reply)
        await _draw_pictures(reply)
        finished = reply.finished
        # private notes go only to the holders of the seats they were written for
        for note in reply.notes:
            assert note.user_id in users
        if finished:
            break
        public = reply.post.shown_text() if reply.post else ""
        for secret in secrets_played:
            if len(secret.split()) > 1 and len(secret) > 6:
                assert secret not in public, f"{name}: secret {secret!r} in a public post"
    assert drawn, "nothing was drawn"
    for view in drawn:
        assert type(view) not in state_types, f"{name}: the renderer was given a state"
        assert type(view).__name__.endswith("View"), type(view).__name__
        assert "4242" not in repr(view), f"{name}: the seed reached the renderer"
