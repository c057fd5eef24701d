"""The private text box (a modal) is one per player: any number of players may have it open at
once, and each submission counts and is acknowledged."""

from __future__ import annotations

from tests.support.driver import buttons, open_and_start


async def open_box(member, board):
    """The private text box behind the plan builder that Plan privately opens (Type it…)."""
    builder = await member.click(board, label="Plan privately")
    assert builder.ephemeral and "Type it…" in buttons(builder.response)
    return await member.click(builder.response, label="Type it…")


async def test_two_players_planning_in_the_modal_at_once_both_count(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "ice-lake", alice, bob)
    assert "Plan privately" in buttons(board)
    shown_alice = await open_box(alice, board)
    shown_bob = await open_box(bob, board)  # both boxes open at once
    assert shown_alice.modal is not None and shown_bob.modal is not None
    assert shown_alice.modal["custom_id"] != shown_bob.modal["custom_id"]
    done_alice = await alice.submit_modal(shown_alice, {"floe:answer": "S"})
    done_bob = await bob.submit_modal(shown_bob, {"floe:answer": "L"})
    for done in (done_alice, done_bob):
        assert done.acknowledged and done.ephemeral and "Your plan" in done.response.content
    texts = " ".join(m.content for m in general.history() if not m.flags.ephemeral)
    assert "Plans revealed" in texts  # both plans counted: the round was revealed
    assert env.strict.invalid == []  # no request Discord would count against the bot


async def test_a_box_opened_before_a_new_round_is_refused_with_the_answer_given_back(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "ice-lake", alice, bob)
    early = await open_box(alice, board)
    await alice.send_dm("S")
    await bob.send_dm("S")  # the round is revealed; a new round asks for new plans
    step = (await env.bot.sessions.table(1)).record.step
    done = await alice.submit_modal(early, {"floe:answer": "LL"})
    assert done.acknowledged and done.ephemeral
    text = done.response.content
    assert "earlier round" in text and "LL" in text and "Nothing was changed" in text
    assert (await env.bot.sessions.table(1)).record.step == step


async def test_a_box_left_open_across_a_restart_still_counts(world, make_bot) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "ice-lake", alice, bob)
    shown = await open_box(alice, board)
    await env.restart_bot(make_bot())
    done = await alice.submit_modal(shown, {"floe:answer": "S"})
    assert done.acknowledged and done.ephemeral and "Your plan" in done.response.content
