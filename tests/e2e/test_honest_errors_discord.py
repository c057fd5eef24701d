"""Honest errors through simcord: a missing permission is named, and a failure after a committed
move says the move counted and the board is posted again at the next chance."""

from __future__ import annotations

import discord

import games
import renderer
from bot.adapter import edits as message_edits
from storage.clocks import ClockStore
from storage.owed import OwedPosts
from tests.support.driver import awaited_member, open_and_start, private_texts


async def test_a_missing_thread_permission_is_named_and_changes_nothing(world) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    locked = guild.create_text_channel(
        "no-threads", overwrites={guild.me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    result = await alice.slash(locked, "game new", game="polar-derby", thread=True)
    text = result.response.content
    assert result.ephemeral and "I need Create Public Threads in this channel" in text
    assert "Sorry" not in text and "wrong on our side" not in text
    assert await env.bot.store.open_game_in(locked.id) is None and locked.threads == []


async def test_a_board_post_failing_after_the_move_says_it_counted_and_posts_again(
    world, monkeypatch
) -> None:
    env, guild, general, _other, members = world
    # the turn card is edited in the channel, not through the click (bot.adapter.edits.ClickedMessage)
    monkeypatch.setattr(message_edits, "INTERACTION_EDITS_FOR", -1.0)
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    # The roll edits the turn message while the same player stays awaited, and posts a new one
    # when it ends the turn: the game's own seed tells which, so the failure hits that request.
    table = await env.bot.sessions.table(1)
    [seat] = table.game.to_act(table.state)
    after, _ = games.play(table.game, table.state, seat, table.game.parse_action("roll"))
    edits = table.game.to_act(after) == {seat}
    env.inject_error(
        "PATCH" if edits else "POST",
        f"/channels/{general.id}/messages/{board.id}" if edits else f"/channels/{general.id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    await mover.click(board, label="Roll")
    said = " ".join(private_texts(general, mover))
    # Missing Permissions on posting: the channel is closed to the bot, so the game is paused
    # (tests/e2e/test_owed_boards_discord.py) and nothing is retried in a loop
    assert "it counted" in said and "paused the game" in said and "send messages" in said
    assert "nothing was changed" not in said.lower()
    assert (await env.bot.sessions.table(1)).record.step == 1  # the roll counted
    assert (await ClockStore(env.bot.store).settings(1)).paused
    await env.advance_time(240)
    assert not [m for m in general.history() if m.attachments and m.id > board.id]
    # the permission is back (the refusal was injected once): resumed, the next tick posts the board
    await mover.slash(general, "game resume")
    await env.advance_time(240)
    boards = [m for m in general.history() if m.attachments and m.id > board.id]
    assert len(boards) == 1 and f"<@{mover.user.id}>" in boards[0].content
    assert len(env.strict.invalid) == 1  # the one refusal: the paused game asked no more


async def test_a_deleted_channel_is_named_after_the_move_counted(world, monkeypatch) -> None:
    env, guild, general, _other, members = world
    monkeypatch.setattr(message_edits, "INTERACTION_EDITS_FOR", -1.0)  # the card is edited in the channel
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    env.inject_error(  # the roll edits the turn message (the same player stays awaited)
        "PATCH",
        f"/channels/{general.id}/messages/{board.id}",
        status=404,
        code=10003,
        message="Unknown Channel",
    )
    await mover.click(board, label="Roll")
    said = " ".join(private_texts(general, mover))
    assert "the game's channel no longer exists" in said and "it counted" in said


async def test_a_board_that_fails_to_draw_leaves_the_move_counted_and_is_drawn_again(
    world, monkeypatch
) -> None:
    """The reply is composed before its board is drawn, so a drawing that fails fails the post,
    not the move: the player is told the move counted, and the owed board is drawn and posted at
    the next tick."""
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    real_render = renderer.render
    failures = []

    def render_failing_once(view, **kwargs):
        if not failures:
            failures.append(view)
            raise RuntimeError("the drawing broke")
        return real_render(view, **kwargs)

    monkeypatch.setattr(renderer, "render", render_failing_once)
    await mover.click(board, label="Roll")
    said = " ".join(private_texts(general, mover))
    assert failures and "it counted" in said and "post it again at the next chance" in said
    assert "nothing was changed" not in said.lower() and "Traceback" not in said
    assert (await env.bot.sessions.table(1)).record.step == 1  # the roll counted
    assert await OwedPosts(env.bot.store).owed(1)
    await env.advance_time(120)  # the next scheduler tick draws and posts the board it owes
    assert not await OwedPosts(env.bot.store).owed(1)
    assert general.last_message.id != board.id and general.last_message.attachments
