"""A move decided without a store (bot/core/sessions/decide.py): a table made by hand, the
decision's checks, forced moves, the edit-or-post rule and what it owes the players."""

from __future__ import annotations

import pytest

import games
from bot.core.narration import told
from bot.core.sessions import BoardMovedOn, LobbyError, NotSeated, PublicAction, Table
from bot.core.sessions.decide import POST_LEASE, Circumstances, decide_move, owed_by, turn
from bot.core.texts import DISCORD_WORDS
from storage import GameRecord
from tests.support.core import ALICE, BOB, CAROL, hand_made_table

NOW = 1_000_000.0


def circumstances(table: Table) -> Circumstances:
    return Circumstances([f"P{s.seat}" for s in table.seats], NOW, "here:1:ab", DISCORD_WORDS)


def awaited_user(table: Table) -> int:
    [seat] = sorted(table.game.to_act(table.state))
    return table.user_of(seat)


def test_a_legal_move_is_played_and_planned_from_the_loaded_step() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    user = awaited_user(table)
    plan, decided = decide_move(table, circumstances(table), user, "roll", step=3)
    assert plan.move.step == 3 and plan.move.entries[0].notation == "roll"
    assert decided.table.record.step == 3 + len(plan.move.entries)
    assert decided.table.record.updated_at == NOW
    assert "Alice rolls" in told(plan.move.entries[0].narration, ["Alice", "Bob"])  # said, no store
    assert decided.start is table and table.record.step == 3  # the loaded table is untouched


def test_the_checks_refuse_before_anything_is_played() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    user = awaited_user(table)
    other = BOB if user == ALICE else ALICE
    with pytest.raises(games.NotYourTurn, match="waiting for P"):
        decide_move(table, circumstances(table), other, "roll", step=3)
    with pytest.raises(NotSeated):
        decide_move(table, circumstances(table), CAROL, "roll", step=3)
    with pytest.raises(BoardMovedOn):
        decide_move(table, circumstances(table), user, "roll", step=2)
    with pytest.raises(PublicAction):
        decide_move(table, circumstances(table), user, "roll", step=3, private_only=True)
    lobby = hand_made_table("polar-derby", (ALICE, BOB), status="lobby")
    with pytest.raises(LobbyError):
        decide_move(lobby, circumstances(lobby), user, "roll", step=3)


def test_a_move_that_keeps_the_same_player_edits_the_turn_message() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    before = table.game.to_act(table.state)
    events = [games.core.public("roll", "{0} rolls.")]
    kept = turn(table, events, before=before, first_step=table.record.step)
    assert kept.edit and kept.log_from == table.record.turn_step


def test_a_newly_awaited_person_gets_a_new_post_that_pings() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    newly = turn(table, [games.core.public("roll", "{0} rolls.")], before=frozenset(), first_step=3)
    assert not newly.edit and not newly.quiet and newly.begins == 3
    assert newly.since is not None  # the digests of the pinged people read the log with the move


def test_a_change_owes_its_post_and_pings_to_the_people_newly_awaited() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    unstarted = Table(table.record, table.seats, table.game)  # nobody was awaited before
    owed = owed_by(unstarted, table, [], 3, circumstances(table))
    assert owed is not None and owed.board and owed.pings == (awaited_user(table),)
    assert owed.owner == "here:1:ab" and owed.until == NOW + POST_LEASE and owed.notes == ()
    assert owed_by(table, table, [], 3, circumstances(table)) is not None  # no secret: the post is owed
    assert owed_by(table, table, [], 3, circumstances(table), quiet=True) is None  # nothing to post


def test_a_local_game_owes_nothing_later() -> None:
    local = hand_made_table("polar-derby", (ALICE, BOB))
    local = local.with_record(GameRecord(**{**local.record.__dict__, "guild_id": None, "channel_id": -1}))
    user = awaited_user(local)
    plan, _ = decide_move(local, circumstances(local), user, "roll", step=3)
    assert plan.move.owed is None
