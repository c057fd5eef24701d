"""The living turn message on Discord's terms (through simcord): a moderator deletes it, Discord
rate-limits edits of hour-old messages (429, 30046), and edits from several steps arrive out of
order. Ice Lake's plans edit the turn message ("1 of 3 plans in") without a new post."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from simcord.http import router

from bot.adapter.outbox import Outbox, TurnEdit
from storage.owed import OwedPosts
from tests.support.driver import buttons

OLD_MESSAGE_EDITS = 30046


async def ice_lake(general: Any, host: Any, *guests: Any) -> None:
    await host.slash(general, "game new", game="ice-lake")
    for guest in guests:
        await guest.click(general.last_message, label="Join")
    await host.click(general.last_message, label="Start")


async def turn_id(env: Any) -> int:
    board = (await env.bot.sessions.table(1)).record.board_message_id
    assert board is not None
    return board


def message(channel: Any, message_id: int) -> Any:
    return next(m for m in channel.history() if m.id == message_id)


def boards_with_controls(channel: Any) -> list[Any]:
    """The bot's boards in the channel that still offer "Plan privately"."""
    return [m for m in channel.history() if m.attachments and "Plan privately" in buttons(m)]


def board_posts(env: Any, channel: Any) -> list[Any]:
    """The bot's POSTs of a message with a board in the channel."""
    return [
        h
        for h in env.http_requests
        if h.method == "POST"
        and h.path == f"/channels/{channel.id}/messages"
        and h.json
        and h.json.get("attachments")
    ]


def edits_of(env: Any, channel: Any, message_id: int) -> list[Any]:
    return [
        h
        for h in env.http_requests
        if h.method == "PATCH" and h.path == f"/channels/{channel.id}/messages/{message_id}"
    ]


async def test_the_bot_does_not_sleep_through_long_rate_limits(make_bot) -> None:
    # simcord replaces the bot's HTTP client, so this reads the one discord.py builds
    assert make_bot().http.max_ratelimit_timeout == 30.0  # a longer wait raises discord.RateLimited


async def test_a_deleted_turn_message_is_replaced_by_one_new_board_that_later_moves_edit(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    moderators = guild.create_role("moderators", permissions=discord.Permissions(manage_messages=True))
    moderator = guild.add_member(env.create_user("mod"), roles=[moderators])
    await ice_lake(general, alice, bob, carol)
    deleted = await turn_id(env)
    await moderator.delete(message(general, deleted))  # tidying up the channel
    posts = len(board_posts(env, general))

    await alice.send_dm("SL")
    assert "Your plan: SL" in alice.user.dm_channel.last_message.content
    assert len(board_posts(env, general)) == posts + 1  # one new board
    new = await turn_id(env)
    assert new != deleted and "1 of 3 plans in" in message(general, new).content  # the turn message now

    await bob.send_dm("L")
    assert len(board_posts(env, general)) == posts + 1  # no second board: the new one is edited
    assert edits_of(env, general, new) and await turn_id(env) == new
    assert "2 of 3 plans in" in message(general, new).content
    assert [m.id for m in boards_with_controls(general)] == [new]  # live controls on one board only
    assert await OwedPosts(env.bot.store).owed(1) is None  # nothing left owed
    assert env.strict.invalid == []  # a 404 for the deleted message is no invalid request


def answers_open_the_edits(env: Any, monkeypatch: Any) -> asyncio.Event:
    """Hold every edit of a message until the bot has sent an interaction answer (a webhook
    follow-up, or its deferred answer edited in): a handler that waited for its edit before answering would never answer."""
    answered = asyncio.Event()
    check_faults = router._check_faults

    def check(backend: Any, method: str, path: str) -> None:
        if method in ("POST", "PATCH") and path.startswith(
            "/webhooks/"
        ):  # a follow-up, or the answer edited in
            answered.set()
        check_faults(backend, method, path)

    monkeypatch.setattr(router, "_check_faults", check)
    edit = env.bot.outbox.edits.edit

    async def held(*args: Any, **kwargs: Any) -> Any:
        await asyncio.wait_for(answered.wait(), timeout=5)
        return await edit(*args, **kwargs)

    monkeypatch.setattr(env.bot.outbox.edits, "edit", held)
    return answered


async def test_an_edit_refused_for_an_hour_old_message_posts_the_newest_board_anew(
    world, monkeypatch
) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await ice_lake(general, alice, bob, carol)
    old = await turn_id(env)
    env.inject_error(
        "PATCH",
        f"/channels/{general.id}/messages/{old}",
        status=429,
        code=OLD_MESSAGE_EDITS,
        message="Maximum number of edits to messages older than 1 hour reached. Try again later",
        times=1,
    )
    answered = answers_open_the_edits(env, monkeypatch)
    before = len(env.http_requests)

    result = await alice.slash(general, "plan", letters="SL")
    assert answered.is_set()
    assert result.ephemeral and "Your plan: SL" in result.response.content
    assert "could not post" not in result.response.content
    new = await turn_id(env)
    assert new != old and "1 of 3 plans in" in message(general, new).content  # posted anew, not lost
    assert await OwedPosts(env.bot.store).owed(1) is None  # nothing left owed
    assert len(edits_of(env, general, old)) == 1  # no second try while Discord says no
    await env.advance_time(60)  # then the old one loses its controls
    assert [m.id for m in boards_with_controls(general)] == [new]
    # the private answer did not wait for the board: it was sent before the refused edit
    requests = env.http_requests[before:]
    answer = next(
        i for i, h in enumerate(requests) if h.path.startswith("/webhooks/") and h.method in ("POST", "PATCH")
    )
    refused = next(i for i, h in enumerate(requests) if h.method == "PATCH" and h.path.endswith(f"/{old}"))
    assert answer < refused

    await bob.send_dm("L")  # the next plan edits the new turn message
    assert "2 of 3 plans in" in message(general, new).content and await turn_id(env) == new


async def test_an_edit_for_an_older_step_never_overwrites_a_newer_board(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await ice_lake(general, alice, bob, carol)
    outbox = env.bot.outbox
    stale: list[Any] = []
    publish = outbox.publish

    async def keep_first_edit(reply: Any, **kwargs: Any) -> Any:
        if reply.edit and not stale:
            stale.append(reply)  # another process's edit of step 1, arriving late
        return await publish(reply, **kwargs)

    outbox.publish = keep_first_edit
    await alice.send_dm("SL")
    await bob.send_dm("L")
    board = await turn_id(env)
    assert "2 of 3 plans in" in message(general, board).content
    edits = len(edits_of(env, general, board))

    other_process = Outbox(env.bot)  # its own queue: it knows nothing of the newer edit
    await other_process.publish(stale[0])  # the late edit of the older step
    await other_process.close()
    assert "2 of 3 plans in" in message(general, board).content
    assert len(edits_of(env, general, board)) == edits  # not even sent


async def test_joins_edit_the_lobby_without_read_message_history(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild("Floes")
    overwrites = {env.bot.user: discord.PermissionOverwrite(read_message_history=False)}
    general = guild.create_text_channel("general", overwrites=overwrites)
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    await alice.slash(general, "game new", game="polar-derby", thread=False)
    lobby = general.last_message
    for guest in (bob, carol):
        result = await guest.click(general.last_message, label="Join")
        assert "Sorry" not in (result.response.content if result.response else "")
    lobbies = [m for m in general.history() if "Press **Join**" in m.content]
    assert [m.id for m in lobbies] == [lobby.id]  # edited in place, not posted again
    assert "Joined (3)" in message(general, lobby.id).content
    assert env.strict.invalid == []  # nothing was asked that the bot may not read


async def test_an_edit_discord_py_will_not_wait_for_posts_the_newest_board_anew(world, monkeypatch) -> None:
    """A rate limit longer than ``max_ratelimit_timeout``: discord.py raises RateLimited."""
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await ice_lake(general, alice, bob, carol)
    old = await turn_id(env)
    edit = env.bot.outbox.edits.edit
    limited: list[int] = []

    async def rate_limited_once(target: Any, step: int, **content: Any) -> None:
        if target.id == old and not limited:
            limited.append(step)
            raise discord.RateLimited(600.0)
        await edit(target, step, **content)

    monkeypatch.setattr(env.bot.outbox.edits, "edit", rate_limited_once)
    await alice.send_dm("SL")
    answer = alice.user.dm_channel.last_message.content
    assert limited and "Your plan: SL" in answer and "could not post" not in answer
    new = await turn_id(env)
    assert new != old and "1 of 3 plans in" in message(general, new).content
    assert await OwedPosts(env.bot.store).owed(1) is None  # nothing left owed
    await env.advance_time(600)  # the wait discord.py reported; then the old one loses its controls
    assert [m.id for m in boards_with_controls(general)] == [new]


async def test_a_change_that_posts_nothing_keeps_the_last_edited_board(world) -> None:
    """An edit dropped as older than the game (a plan revised meanwhile: a step that posts
    nothing) is applied after all once that change is published."""
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await ice_lake(general, alice, bob, carol)
    replies: list[Any] = []
    publish = env.bot.outbox.publish

    async def keep(reply: Any, **kwargs: Any) -> Any:
        replies.append(reply)
        return await publish(reply, **kwargs)

    env.bot.outbox.publish = keep
    await alice.send_dm("SL")
    await alice.send_dm("s s r")  # revised: a new step, nothing public
    plan, revision = replies
    assert plan.edit and plan.post is not None and revision.post is None
    board = await turn_id(env)
    edits = len(edits_of(env, general, board))

    slow = Outbox(env.bot)  # a process whose edit of the plan comes only now
    slow.edit_later(TurnEdit(plan, plan.post, plan.post.controls.step, general.id))
    await slow.close()
    assert len(edits_of(env, general, board)) == edits  # dropped: the game is past its step
    step = (await env.bot.sessions.table(1)).record.step
    slow.still_newest(1, step)  # that process publishes the revision, which posts nothing
    await slow.close()
    assert len(edits_of(env, general, board)) == edits + 1  # the plan's board is applied after all
    assert "1 of 3 plans in" in message(general, board).content


async def test_a_new_turn_after_a_deleted_turn_message_is_quiet_about_it(world, caplog) -> None:
    """A guard: taking the controls off a turn message a moderator deleted only logs (info)."""
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    moderators = guild.create_role("moderators", permissions=discord.Permissions(manage_messages=True))
    moderator = guild.add_member(env.create_user("mod"), roles=[moderators])
    await ice_lake(general, alice, bob, carol)
    await alice.send_dm("SL")
    await bob.send_dm("L")
    deleted = await turn_id(env)
    await moderator.delete(message(general, deleted))
    caplog.set_level("INFO", logger="floe")
    await carol.send_dm("R")  # the last plan: the reveal is a new post, the new turn message
    reveal = await turn_id(env)
    assert reveal != deleted and "Plans revealed" in message(general, reveal).content
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert any(f"controls stay on message {deleted}" in r.getMessage() for r in caplog.records)
    assert not env.errors


def clicked_card_edits(env: Any, channel: Any, game_id: int = 1) -> tuple[list[Any], list[Any]]:
    """(edits of the turn card through a click's own interaction, edits of it in the channel)."""
    through_clicks, in_channel = [], []
    for h in env.http_requests:
        if h.method != "PATCH":
            continue
        if h.path.startswith("/webhooks/") and h.path.endswith("/messages/@original"):
            record = env.backend.interaction_by_token(h.path.split("/")[3])
            if record.source_message_id is not None and record.channel_id == channel.id:
                through_clicks.append(record.source_message_id)
        elif h.path.startswith(f"/channels/{channel.id}/messages/"):
            in_channel.append(int(h.path.rsplit("/", 1)[1]))
    return through_clicks, in_channel


async def play_until_a_click_edits_the_card(env: Any, general: Any, members: list[Any]) -> int:
    """Polar Derby by the buttons until a click keeps the same turn card (an edit, not a post);
    returns that card's id."""
    from tests.support.driver import Stats, act_once, greedy

    alice, bob = members[:2]
    await alice.slash(general, "game new", game="polar-derby")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    brain, stats = greedy(lambda game, state, seat: 0.0, seed=3), Stats()
    for _ in range(40):
        before = await turn_id(env)
        await act_once(env, general, [alice, bob], brain, stats)
        await env.bot.outbox.close()  # the background edits are in
        if await turn_id(env) == before:
            return before
    raise AssertionError("no click kept its turn card in 40 actions")


async def test_a_click_on_the_turn_card_edits_it_through_the_click_not_the_channel(world) -> None:
    env, _guild, general, _other, members = world
    card = await play_until_a_click_edits_the_card(env, general, members)
    through_clicks, in_channel = clicked_card_edits(env, general)
    assert card in through_clicks  # the interaction's own response: not a write in the channel
    assert card not in in_channel
    assert env.strict.breaches == []


async def test_a_click_older_than_its_interaction_edits_the_card_in_the_channel(world, monkeypatch) -> None:
    from bot.adapter import edits

    monkeypatch.setattr(edits, "INTERACTION_EDITS_FOR", -1.0)  # every click's window is over
    env, _guild, general, _other, members = world
    card = await play_until_a_click_edits_the_card(env, general, members)
    through_clicks, in_channel = clicked_card_edits(env, general)
    assert card in in_channel and card not in through_clicks
