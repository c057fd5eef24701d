"""Polar Derby end to end through simcord: the real bot, its command tree and components."""

from __future__ import annotations

from tests.support.driver import awaited_member, buttons, open_and_start, private_texts


def last_sent_mentions(env) -> list[int]:
    """The user ids the bot's newest channel message was allowed to ping."""
    sends = [h for h in env.http_requests if h.method == "POST" and h.path.endswith("/messages") and h.json]
    allowed = sends[-1].json.get("allowed_mentions") or {}
    return [int(u) for u in allowed.get("users", [])]


async def test_a_whole_game_from_new_to_the_result(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    board = await open_and_start(general, "polar-derby", alice, bob, carol)
    assert board.attachments[0].filename == "board.png"
    for _ in range(400):
        if "Game over" in board.content:
            break
        mover = awaited_member(board, members)
        # exactly the awaited player is mentioned; pinged when the turn passed to them
        pinged = last_sent_mentions(env)
        assert pinged in ([], [mover.user.id])
        if "begins" in board.content or "loses the turn" in board.content or "stops" in board.content:
            assert pinged == [mover.user.id]
        labels = buttons(board)
        choice = "Stop" if "Stop" in labels else next(label for label in labels if label != "My view")
        await mover.click(board, label=choice)
        board = general.last_message
    assert "Game over" in board.content and ("wins" in board.content or "share the win" in board.content)
    assert set(buttons(board)) == {"Replay", "Rematch"}  # no move buttons after the end
    assert last_sent_mentions(env) == []
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert await env.bot.sessions.verify_replay(1)


async def test_old_buttons_work_after_a_restart(world, make_bot) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    await env.restart_bot(make_bot())
    result = await mover.click(board, label="Roll")
    assert result.acknowledged
    after = general.last_message
    table = await env.bot.sessions.table(1)
    assert table.record.step == 1 and "rolls" in after.content
    # the same player still awaited: the turn message, known after the restart, is edited;
    # else (a bust) the next player gets a new message
    same = table.user_of(min(table.game.to_act(table.state))) == mover.user.id
    assert (after.id == board.id) == same
    # the names survive the restart too (the new bot has seen nobody yet)
    assert env.bot.sessions.names(table) == ["alice", "bob"]


async def test_a_strangers_click_and_a_stale_click_change_nothing(world) -> None:
    env, guild, general, other, members = world
    alice, bob, carol = members[:3]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    waiting = bob if mover is alice else alice
    await carol.click(board, label="Roll")
    assert any("not playing in this game" in t for t in private_texts(general, carol))
    await waiting.click(board, label="Roll")
    assert any("not your turn" in t for t in private_texts(general, waiting))
    assert (await env.bot.sessions.table(1)).record.step == 0
    copy = (await mover.slash(general, "game board")).response  # a private copy, drawn for step 0
    await mover.click(board, label="Roll")
    assert (await env.bot.sessions.table(1)).record.step == 1
    # the same button again, on the copy (the turn message itself was edited): moved on
    await mover.click(copy, label="Roll")
    assert any("moved on" in t for t in private_texts(general, mover))
    assert (await env.bot.sessions.table(1)).record.step == 1


async def test_two_clicks_on_the_same_board_apply_exactly_one(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    copy = (await mover.slash(general, "game board")).response  # the same step, privately
    await mover.click(board, label="Roll")
    await mover.click(copy, label="Roll")
    assert len(await env.bot.store.actions(1)) == 1


async def test_move_command_autocompletes_and_refuses_garbage_privately(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    choices = await mover.autocomplete(general, "game move", "action", "r")
    assert [c["value"] for c in choices] == ["roll"]
    result = await mover.slash(general, "game move", action="dance the polka")
    assert result.ephemeral and "not a Polar Derby move" in result.response.content
    assert (await env.bot.sessions.table(1)).record.step == 0
    result = await mover.slash(general, "game move", action="roll")
    assert "You played `roll`" in result.response.content
    assert "rolls" in general.last_message.content


async def test_commands_in_a_channel_without_a_game_are_answered_privately(world) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    result = await alice.slash(other, "game move", action="roll")
    assert result.ephemeral and "no game in this channel" in result.response.content
    result = await alice.slash(other, "game start")
    assert result.ephemeral and "no game in this channel" in result.response.content


async def test_a_second_game_in_a_busy_channel_points_to_threads(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await alice.slash(general, "game new", game="polar-derby")
    result = await bob.slash(general, "game new", game="polar-derby")
    assert result.ephemeral and "thread" in result.response.content


async def test_a_game_in_its_own_thread(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    result = await alice.slash(general, "game new", game="polar-derby", options="no risk", thread=True)
    [thread] = general.threads
    assert f"<#{thread.id}>" in result.response.content
    lobby = thread.last_message
    assert "no risk" in lobby.content
    await bob.click(lobby, label="Join")
    await alice.click(thread.last_message, label="Start")
    assert thread.last_message.attachments[0].filename == "board.png"


async def test_bad_options_are_refused_with_the_reason(world) -> None:
    env, guild, general, other, members = world
    result = await members[0].slash(general, "game new", game="polar-derby", options="turbo")
    assert result.ephemeral and "Unknown option: turbo" in result.response.content
    assert general.threads == []


async def test_only_the_host_starts_and_lobby_buttons_answer_privately(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    await alice.slash(general, "game new", game="polar-derby")
    lobby = general.last_message
    await alice.click(lobby, label="Start")
    assert any("needs 2 to 4 players" in t for t in private_texts(general, alice))
    await bob.click(lobby, label="Join")
    await bob.click(general.last_message, label="Start")
    assert any("only the host" in t for t in private_texts(general, bob))
    await bob.click(general.last_message, label="Join")
    assert any("you already have a seat at this table" in t for t in private_texts(general, bob))


async def test_rules_and_log(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    result = await alice.slash(other, "game rules", game="polar-derby")
    assert "Polar Derby" in result.response.content
    assert result.response.attachments[0].filename == "polar-derby-rules.txt"
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, members)
    await mover.click(board, label="Roll")
    result = await alice.slash(general, "game log")
    assert "`roll`" in result.response.content


async def test_every_board_posted_carries_its_alt_text(world) -> None:
    """Discord reads an attachment's description to screen readers: a board says whose turn it is."""
    env, guild, general, other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    [picture] = board.attachments
    table = await env.bot.sessions.table(1)
    [seat] = table.game.to_act(table.state)
    mover = "alice" if table.user_of(seat) == alice.user.id else "bob"
    assert picture.description.startswith("Polar Derby - turn: ")
    assert f"To play: {seat + 1}" in picture.description and mover in picture.description
    assert len(picture.description) <= 1024
