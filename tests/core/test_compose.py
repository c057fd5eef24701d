"""A reply composed without a store (``Replies.compose``): a table made by hand, the decision
of the edit-or-post rule and the log it read; what the post says, whom it pings, what it offers."""

from __future__ import annotations

import games
from bot.core.sessions import Table
from bot.core.sessions.decide import turn
from bot.core.sessions.loading import Tables
from bot.core.sessions.replies import Replies
from storage import ActionRecord
from tests.support.core import ALICE, BOB, hand_made_table

NAMES = {ALICE: "Alice", BOB: "Bob"}


def replies() -> Replies:
    """Replies over tables that have no store: composing must not need one."""
    tables = Tables(store=None, namer=lambda user: NAMES.get(user, "someone"))  # type: ignore[arg-type]
    return Replies(tables, readers=None)  # type: ignore[arg-type]  # compose asks no reader


def row(table: Table, step: int, narration: str) -> ActionRecord:
    return ActionRecord(table.record.id, step, 0, "roll", narration, 0.0)


def awaited_user(table: Table) -> int:
    [seat] = sorted(table.game.to_act(table.state))
    return table.user_of(seat)


def test_a_move_within_the_turn_edits_the_card_with_the_turn_so_far() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    before = table.game.to_act(table.state)
    events = [games.core.public("roll", "{0} rolls a 3.")]
    decision = turn(table, events, before=before, first_step=3)
    log = [row(table, 3, "Alice rolls a 3.")]
    reply = replies().compose(table, "", events, decision, log, before=before, first_step=3)
    assert reply.edit and reply.post is not None
    assert "Alice rolls a 3." in reply.post.text
    assert not any(a.ping for a in reply.post.awaited)  # nobody newly awaited: no ping
    assert reply.post.controls is not None and reply.post.controls.step == table.record.step


def test_a_newly_awaited_player_is_pinged_by_a_new_card() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    events = [games.core.public("roll", "{0} rolls a 3.")]
    decision = turn(table, events, before=frozenset(), first_step=3)
    reply = replies().compose(table, "", events, decision, [], first_step=3)
    assert not reply.edit and reply.post is not None
    assert [a.user_id for a in reply.post.awaited if a.ping] == [awaited_user(table)]


def test_the_schedulers_status_line_closes_the_text() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    decision = turn(table, [], before=frozenset(), first_step=None)
    reply = replies().compose(table, "", [], decision, [], status="⏳ Deadline in 2 hours.")
    assert reply.post is not None and reply.post.text.endswith("⏳ Deadline in 2 hours.")


def test_a_change_only_its_player_may_see_posts_nothing() -> None:
    table = hand_made_table("polar-derby", (ALICE, BOB))
    before = table.game.to_act(table.state)
    secret = [games.core.Event("plan", "You planned LR.", frozenset({0}))]
    decision = turn(table, secret, before=before, secret=True, first_step=3)
    reply = replies().compose(table, "", secret, decision, [], before=before)
    assert reply.post is None and [n.text for n in reply.notes] == ["You planned LR."]
