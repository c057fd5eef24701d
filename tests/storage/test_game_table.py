"""``Store.game_table``: a game, its seats, their names, auto-play settings and languages in one
query, on both stores."""

from __future__ import annotations

import pytest

from storage import StaleStep, Store
from storage.languages import LanguageStore, UserLanguage
from tests.support.stored_games import lobby


async def test_game_table_is_the_game_its_seats_in_order_and_the_known_names(store: Store) -> None:
    game = await lobby(store, host=3)
    await store.add_seat(game.id, 1, now=2.0)
    await store.add_seat(game.id, 2, now=2.0)
    await store.remember_name(1, "Ann")
    await store.remember_name(3, "Cleo")  # user 2 has no remembered name
    await store.set_auto_play(2, False)
    await store.set_auto_play(3, True)
    await LanguageStore(store).choose(1, "nl")
    await LanguageStore(store).see(1, "fr")
    await LanguageStore(store).see(3, "de")  # user 2 has no language stored
    await store.start_game(game.id, state={"board": [1, 2]}, now=3.0)
    loaded = await store.game_table(game.id)
    assert loaded is not None
    record, seats, names, manual, languages = loaded
    assert record == await store.game(game.id)
    assert record.options == {"no_risk": True} and record.state == {"board": [1, 2]}
    assert seats == await store.seats(game.id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 3), (1, 1), (2, 2)]
    assert names == {1: "Ann", 3: "Cleo"}
    assert manual == {2}  # only user 2 turned auto-play off (user 1 has no setting: the default, on)
    assert languages == {1: UserLanguage("nl", "fr"), 2: UserLanguage(), 3: UserLanguage(None, "de")}


async def test_game_table_of_a_game_without_seats_and_of_no_game(store: Store) -> None:
    game = await lobby(store)
    await store.remove_seat(game.id, 1, now=2.0)  # the host left: no seat at all
    loaded = await store.game_table(game.id)
    assert loaded is not None and loaded[0] == await store.game(game.id)
    assert loaded[1] == [] and loaded[2] == {} and loaded[3] == set() and loaded[4] == {}
    assert await store.game_table(game.id + 1000) is None


async def test_game_table_sees_a_committed_move_and_a_stale_one_changes_nothing(store: Store) -> None:
    game = await lobby(store)
    await store.start_game(game.id, state={"n": 0}, now=2.0)
    await store.record_action(game.id, step=0, seat=0, notation="roll", narration="", state={"n": 1}, now=3.0)
    with pytest.raises(StaleStep):
        await store.record_action(
            game.id, step=0, seat=0, notation="roll", narration="", state={"n": 9}, now=4.0
        )
    loaded = await store.game_table(game.id)
    assert loaded is not None
    assert (loaded[0].step, loaded[0].state, loaded[0].updated_at) == (1, {"n": 1}, 3.0)
    assert [a.notation for a in await store.actions(game.id)] == ["roll"]
