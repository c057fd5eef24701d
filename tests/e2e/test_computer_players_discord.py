"""Computer players end to end through simcord: a whole Ice Team game against the computer, an
Ice Lake round with two computer plans, a restart while the computer thinks, and a vanished
player replaced by a computer. The computer thinks in the bot's real worker process with a
fixed budget of a few iterations (deterministic and fast)."""

from __future__ import annotations

import asyncio
import re

import pytest

import bot
from bot.core.computers import think_now
from bot.settings import Settings
from tests.support.brains import progress_score
from tests.support.driver import Stats, act_once, greedy, labels, public_messages, raw_components

#: The worker process starts on first use (a second or more on a loaded machine).
pytestmark = pytest.mark.simcord(settle_timeout=120.0)

AI_ITERATIONS = 12


@pytest.fixture
async def make_bot(db_path: str):
    """The bots of these tests think with a fixed budget; stores and workers closed at the end."""
    built = []

    def make():
        client = bot.create_bot(Settings(token="", database=db_path, ai_iterations=AI_ITERATIONS))
        built.append(client)
        return client

    yield make
    for client in built:
        await client.close_store()


class ThinkingHere:
    """The worker's thought, with the same fixed budget, in this process."""

    async def __call__(self, game_name, view, seat, level, seed) -> str:
        return think_now(game_name, view, seat, level, seed, AI_ITERATIONS, None)

    def close(self) -> None:
        pass


def no_computer_mentioned(channel) -> None:
    for message in public_messages(channel):
        assert not re.search(r"<@-\d+>", message.content), message.content


async def add_computer_by_button(channel, host, level: str) -> None:
    shown = await host.click(channel.last_message, label="Add computer")
    menu = shown.followups[-1]
    assert "Which computer player" in menu.content
    await host.select(menu, [level])


async def test_a_whole_ice_team_game_against_the_computer(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    env.bot.sessions.new_seed = lambda: 4
    await alice.slash(general, "game new", game="ice-team")
    # only the host adds a computer player
    refused = await bob.click(general.last_message, label="Add computer")
    assert "only the host" in refused.followups[-1].content.lower()
    await add_computer_by_button(general, alice, "normal")
    lobby = general.last_message
    assert "Floe (normal)" in lobby.content and "Joined (2)" in lobby.content
    await alice.click(lobby, label="Start")
    brain = greedy(progress_score, seed=3)
    stats = Stats()
    for _ in range(300):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        assert table.game.to_act(table.state) == frozenset({0}), "the computer has answered already"
        await act_once(env, general, [alice], brain, stats)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished"
    assert "Game over" in general.last_message.content
    rows = await env.bot.store.actions(1)
    assert {r.seat for r in rows} == {0, 1}, "both sides played"
    assert any("Floe (normal)" in m.content for m in public_messages(general))
    no_computer_mentioned(general)
    assert await env.bot.sessions.verify_replay(1)
    stats_text = await alice.slash(general, "stats")
    assert "Against computer players" in stats_text.response.content


def offers_a_move(message) -> bool:
    return any(
        c.get("custom_id", "").startswith(("floe:a:", "floe:s:", "floe:m:", "floe:l:"))
        for c in raw_components(message)
    )


def channel_writes(env, channel) -> tuple[int, int]:
    """(messages posted, messages edited) by the bot in ``channel``, from the HTTP log."""
    posts = [
        h for h in env.http_requests if h.method == "POST" and h.path == f"/channels/{channel.id}/messages"
    ]
    edits = [
        h
        for h in env.http_requests
        if h.method == "PATCH" and h.path.startswith(f"/channels/{channel.id}/messages/")
    ]
    return len(posts), len(edits)


async def test_the_computers_turns_post_nothing_and_edit_once(world) -> None:
    """A turn handed to a computer edits the turn message (nobody to ping) and takes its move
    controls off, the computer's run of moves is published once, folded into the post that
    hands the turn back, and the board it leaves behind needs no edit to lose its controls."""
    env, guild, general, other, members = world
    alice = members[0]
    env.bot.sessions.new_seed = lambda: 4
    move_once = env.bot.computers.move_once

    async def after_the_edits(game_id, **kwargs):  # the "thinking" board is in before it moves
        while env.bot.outbox._workers:
            await asyncio.sleep(0.01)
        return await move_once(game_id, **kwargs)

    env.bot.computers.move_once = after_the_edits
    await alice.slash(general, "game new", game="ice-team")
    await add_computer_by_button(general, alice, "easy")
    await alice.click(general.last_message, label="Start")
    brain, stats = greedy(progress_score, seed=3), Stats()
    for _ in range(24):
        if (await env.bot.sessions.table(1)).record.status != "active":
            break
        await act_once(env, general, [alice], brain, stats)
    await env.settle()
    rows = await env.bot.store.actions(1)
    runs = [r.seat for i, r in enumerate(rows) if i == 0 or rows[i - 1].seat != r.seat]
    alice_turns, computer_turns = runs.count(0), runs.count(1)
    assert computer_turns >= 3 and len(rows) > len(runs), "several turns, some of several moves"
    posts, edits = channel_writes(env, general)
    # the lobby, the start, and one post per turn of Alice's (the one that pings her)
    assert posts <= alice_turns + 2, (posts, runs)
    # one edit per action of Alice's, the lobby's and the start's cards collapsed, and the card
    # before each of her turns (the computers' "thinking" board) collapsed to one line
    assert edits <= sum(1 for r in rows if r.seat == 0) + 2 + alice_turns, (edits, runs)
    boards = [m for m in public_messages(general) if m.attachments]
    assert not any(offers_a_move(m) for m in boards[:-1]), "no older board offers a move"
    no_computer_mentioned(general)


async def test_an_ice_lake_round_with_two_computer_plans(world) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    await alice.slash(general, "game new", game="ice-lake")
    await alice.slash(general, "game computer", level="easy")
    await alice.slash(general, "game computer", level="normal")
    assert "Floe (easy), Floe (normal)" in general.last_message.content
    await alice.click(general.last_message, label="Start")
    # the computers planned by themselves; the channel learned only that they did
    texts = [m.content for m in public_messages(general)]
    assert any("Floe (easy) has planned" in t for t in texts)
    assert any("Floe (normal) has planned" in t for t in texts)
    table = await env.bot.sessions.table(1)
    assert table.game.to_act(table.state) == frozenset({0})
    plans = [r.notation for r in await env.bot.store.actions(1)]
    assert len(plans) == 2
    for text in texts:  # no computer's plan letters are shown before the reveal
        assert not any(f"`{p}`" in text for p in plans)
    await alice.send_dm("SR")
    reveal = general.last_message
    assert reveal.attachments and "Floe" in reveal.content
    no_computer_mentioned(general)
    assert await env.bot.sessions.verify_replay(1)


async def test_a_restart_while_the_computer_thinks_resumes_its_turn(world, make_bot) -> None:
    env, guild, general, other, members = world
    alice = members[0]
    env.bot.sessions.new_seed = lambda: 4
    real = env.bot.computers.think
    thought: list[str] = []
    answered = asyncio.Event()

    async def slow(game_name, view, seat, level, seed):  # the worker answers; the bot stops first
        notation = await real(game_name, view, seat, level, seed)
        thought.append(notation)
        answered.set()
        await asyncio.sleep(3600)
        return notation

    env.bot.computers.think = slow
    await alice.slash(general, "game new", game="ice-team")
    await alice.slash(general, "game computer", level="hard")
    await alice.click(general.last_message, label="Start")
    brain = greedy(progress_score, seed=3)
    while (await env.bot.sessions.table(1)).game.to_act((await env.bot.sessions.table(1)).state) == {0}:
        await act_once(env, general, [alice], brain, Stats())
    table = await env.bot.sessions.table(1)
    step = table.record.step
    assert table.is_computer(next(iter(table.game.to_act(table.state))))
    # the worker process thinks in real time (slower on a loaded machine): wait for its answer
    await asyncio.wait_for(answered.wait(), timeout=300)
    assert thought, "the worker computed a move, which the old bot never played"
    assert "Floe (hard) is thinking…" in general.last_message.content
    restarted = make_bot()
    # the new bot thinks in this process: simcord gives a bot's start-up 5 s of wall-clock time,
    # and spawning a worker process on a loaded machine can take longer (the same budget, the same choice)
    restarted.thinker = ThinkingHere()
    await env.restart_bot(restarted)  # the thought is lost with the old bot
    await env.settle()  # the new bot's start-up work, the computer's thought included
    table = await env.bot.sessions.table(1)
    assert table.record.step > step, "the new bot played the computer's turn on start-up"
    rows = await env.bot.store.actions(1)
    assert rows[step].seat == 1 and rows[step].notation == thought[0], "the same choice, once"
    assert await env.bot.sessions.verify_replay(1)


async def test_a_vanished_player_is_replaced_by_a_computer(world) -> None:
    env, guild, general, other, members = world
    alice, bob = members[:2]
    env.bot.sessions.new_seed = lambda: 4
    await alice.slash(general, "game new", game="ice-lake")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    await alice.send_dm("S")
    # bob never plans; the host hands his seat to a computer player
    neither = await alice.slash(general, "game replace", old=bob.user)
    assert "either `new:`" in neither.response.content
    done = await alice.slash(general, "game replace", old=bob.user, computer="easy")
    assert "a computer player has the seat" in done.response.content
    texts = [m.content for m in public_messages(general)]
    assert any("Floe (easy) takes over the seat of bob" in t for t in texts)
    rows = await env.bot.store.actions(1)
    assert [r.seat for r in rows][:2] == [0, 1], "the computer planned at once: the round was revealed"
    refused = await bob.slash(general, "game move", action="plan S")
    assert "not playing" in refused.response.content
    assert "Replace the player" not in labels(general.last_message)
    no_computer_mentioned(general)
    assert await env.bot.sessions.verify_replay(1)
    # bob comes back: the host hands the computer's seat (named by its number) back to him
    both = await alice.slash(general, "game replace", old=bob.user, seat=2, new=bob.user)
    assert "either `old:` the player or `seat:` its number" in both.response.content
    back = await alice.slash(general, "game replace", seat=2, new=bob.user)
    assert "the seat has a new holder" in back.response.content
    assert "bob takes over the seat of Floe (easy)" in public_messages(general)[-1].content
    assert not (await env.bot.sessions.table(1)).is_computer(1)
