"""Private actions agree everywhere, in every game: what another seat's view hides, no public
text tells (Ice Hike's standing torch choice was hidden from other views but printed
by ``/game log`` and the "since your last turn" digest).

Random games are played through the session service. An action after which every other seat's
view is unchanged (but for the step counter) must be declared private by its game
(``games.is_private``); the notation of a private action must appear in no public post (its
narration and digests) and on no log page while the game runs.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

import pytest

import games
import renderer
from bot.core.sessions import Sessions
from bot.core.sessions.service import LOG_PAGE
from storage import Store, open_store
from tests.support.core import store_of

CHANNEL = 700
STEPS = 90


@pytest.fixture
async def store(tmp_path: Path):
    s = await open_store(str(tmp_path / "private.db"))
    yield s
    await s.close()


def _unstepped(view: Any) -> Any:
    return dataclasses.replace(view, step=0) if hasattr(view, "step") else view


def hidden_from_others(game: games.AnyGame, before: Any, after: Any, seat: int, players: int) -> bool:
    """Whether no other seat's view changed (but for the step counter)."""
    return all(
        _unstepped(game.view(before, o)) == _unstepped(game.view(after, o))
        for o in range(players)
        if o != seat
    )


async def _log_text(sessions: Sessions, game_id: int) -> str:
    total = await store_of(sessions).count_actions(game_id)
    pages = max(1, (total + LOG_PAGE - 1) // LOG_PAGE)
    return "\n".join([await sessions.log(CHANNEL, page=p, game_id=game_id) for p in range(1, pages + 1)])


@pytest.mark.parametrize("seed", [3])
@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_no_public_text_tells_an_action_that_other_views_hide(
    name: str, seed: int, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only texts are checked here: skip drawing the boards (tests/core/test_secrecy.py draws them).
    monkeypatch.setattr(renderer, "render", lambda view, **kwargs: b"")
    monkeypatch.setattr(renderer, "render_animation", lambda view, **kwargs: None)
    game = games.get(name)
    players = min(game.players.stop - 1, game.players.start + 1)
    users = list(range(1, players + 1))
    sessions = Sessions(store, namer=lambda uid: f"P{uid}", new_seed=lambda: 1000 + seed)
    await sessions.new_game(channel_id=CHANNEL, guild_id=1, user_id=users[0], game_name=name)
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    await sessions.start(CHANNEL, users[0])
    game_id = (await sessions.table_in(CHANNEL)).record.id
    chooser = random.Random(seed)
    told: list[str] = []  # notations of the private actions played so far
    for _ in range(STEPS):
        table = await sessions.table(game_id)
        before = table.state
        awaited = sorted(game.to_act(before))
        if not awaited:
            break
        seat = chooser.choice(awaited)
        legal = list(game.legal_actions(before, seat))
        private = [a for a in legal if games.is_private(a)]
        action = chooser.choice(private if private and chooser.random() < 0.3 else legal)
        reply = await sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
        after = (await sessions.table(game_id)).state
        if hidden_from_others(game, before, after, seat, players):
            assert games.is_private(action), f"{name}: {action} changes no other view: declare it private"
        if games.is_private(action):
            told.append(str(action))
        if reply.finished:
            break
        public = reply.post.text if reply.post else ""
        log = await _log_text(sessions, game_id)
        for notation in told:
            assert notation not in public, f"{name}: the public post tells `{notation}`"
            assert f"`{notation}`" not in log, f"{name}: the log tells `{notation}`"


def test_ice_hike_standing_torch_choice_is_private_and_hidden_from_other_views() -> None:
    """Ice Hike: the standing choice (torches always/never/ask) shows only in its owner's view."""
    game = games.get("ice-hike")
    state = game.new_game(3, game.options(), 5)
    seat = next(iter(game.to_act(state)))
    action = game.parse_action("torches never")
    assert games.is_private(action) and not games.is_secret(action)
    after, events = games.play(game, state, seat, action)
    assert all(e.audience == frozenset({seat}) for e in events)
    assert game.view(after, seat).torch_policy == "never"
    assert hidden_from_others(game, state, after, seat, 3)
