"""A move's reply is told in its players' own languages as the move's table was read with them
(one query): the reply asks the store nothing more for them."""

from __future__ import annotations

import pytest

from bot.core.sessions import Sessions
from storage.languages import LanguageStore, UserLanguage
from tests.support.core import ALICE, BOB, CHANNEL, seeded_sessions, start_table, store_of

sessions = seeded_sessions


async def test_a_move_is_acknowledged_in_the_player_s_language_read_with_its_table(
    sessions: Sessions, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await start_table(sessions, "polar-derby", (ALICE, BOB))
    table = await sessions.table(game_id)
    [seat] = table.game.to_act(table.state)
    user, move = table.user_of(seat), str(table.legal(seat)[0])
    await LanguageStore(store_of(sessions)).choose(user, "nl")  # as another process would
    asked: list[int] = []

    async def of(self: LanguageStore, user_id: int) -> UserLanguage:
        asked.append(user_id)
        raise AssertionError("a move's reply read a language of its own")

    monkeypatch.setattr(LanguageStore, "of", of)
    reply = await sessions.act(CHANNEL, user, move, seat=seat)
    assert reply.ack == f"Je speelde `{move}`."
    assert asked == []
