"""Every error answer is private, on Discord's supported paths: a command whose success is
public (the replay) acknowledges privately and posts its public part as a channel message, and
the first answer after a private "thinking" acknowledgement edits it (the follow-up that
Discord turns into that edit is deprecated, and ignores the ephemeral flag)."""

from __future__ import annotations

from typing import Any

from tests.support.driver import awaited_member, deprecated_followups, open_and_start


def seen_by(channel: Any, viewer: Any, needle: str) -> list[Any]:
    return [m for m in channel.history(viewer=viewer) if needle in m.content.lower()]


async def test_replay_without_a_game_is_answered_only_to_the_asker(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    result = await alice.slash(general, "game replay")
    [answer] = seen_by(general, alice, "no game")
    assert answer.flags.ephemeral and result.ephemeral
    assert seen_by(general, bob, "no game") == []  # nobody else sees it
    assert deprecated_followups(env) == []


async def test_a_replay_is_posted_publicly_and_acknowledged_privately(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    await awaited_member(board, members).click(board, label="Roll")
    result = await alice.slash(general, "game replay")
    assert result.ephemeral
    posted = general.last_message
    assert not posted.flags.ephemeral and posted.attachments[0].filename == "replay.gif"
    assert any(m.id == posted.id for m in general.history(viewer=bob))  # everyone sees it
    assert str(posted.id) in result.response.content  # the asker gets a link to it
    await alice.slash(general, "game resign")
    final = general.last_message
    await bob.click(final, label="Replay")
    assert general.last_message.attachments[0].filename == "replay.gif"
    assert not general.last_message.flags.ephemeral
    assert deprecated_followups(env) == []


async def test_a_replay_that_fails_tells_only_the_presser(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob)
    await bob.slash(general, "game resign")
    final = general.last_message
    env.inject_error("POST", f"/channels/{general.id}/messages", status=500, code=0)
    await carol.click(final, label="Replay")
    said = [m for m in general.history(viewer=carol) if m.flags.ephemeral]
    assert said and "sorry" in said[-1].content.lower()
    assert [
        m for m in general.history(viewer=alice) if m.flags.ephemeral and "sorry" in m.content.lower()
    ] == []
    assert deprecated_followups(env) == []


async def test_private_answers_after_thinking_edit_the_thinking_message(world) -> None:
    env, _guild, general, _other, members = world
    alice = members[0]
    for command in ("game board", "game log", "game view", "game undo", "games", "stats"):
        await alice.slash(general, command)
    assert deprecated_followups(env) == []
