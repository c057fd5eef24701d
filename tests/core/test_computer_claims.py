"""A computer decision is claimed once in the database (bot/core/computers.py,
storage/computer_turns.py): two stores, sessions and computer drivers on one database (SQLite file
or PostgreSQL schema), as two processes would have. Exactly one thinks and loads the game for a
decision; a lease whose holder stalled or died is taken over once it runs out."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.core.computers import THOUGHT_LEASE, Computers, think_inline
from bot.core.sessions import Sessions
from storage import Store, open_store
from tests.support.core import ALICE, CHANNEL, GUILD, Clock, named_sessions


@dataclass
class Process:
    store: Store
    sessions: Sessions
    computers: Computers
    thoughts: list[int]
    loads: list[int]


def _process(store: Store, clock: Clock, gate: asyncio.Event | None = None) -> Process:
    sessions = named_sessions(store, clock=clock)
    thoughts: list[int] = []
    loads: list[int] = []

    async def think(*args: Any) -> str:
        thoughts.append(1)
        if gate is not None:
            await gate.wait()
        return await think_inline(*args)

    loading = store.game_table

    async def counted_load(game_id: int) -> Any:
        loads.append(game_id)
        return await loading(game_id)

    store.game_table = counted_load  # type: ignore[method-assign]
    return Process(store, sessions, Computers(sessions, store, think), thoughts, loads)


@pytest.fixture
async def stores(store_url: str) -> AsyncIterator[tuple[Store, Store]]:
    a, b = await open_store(store_url), await open_store(store_url)
    yield a, b
    await a.close()
    await b.close()


async def _ice_lake_with_a_computer(p: Process) -> int:
    """A started Ice Lake game whose computer seat plans now (every seat plans at once)."""
    reply = await p.sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    assert reply.game_id is not None
    await p.sessions.add_computer(CHANNEL, ALICE, "easy")
    await p.sessions.start(CHANNEL, ALICE)
    return reply.game_id


def _thought_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "floe.computer" and r.levelno == logging.INFO]


async def test_two_processes_racing_for_one_computer_decision_think_it_once(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="floe.computer")
    clock = Clock()
    gate = asyncio.Event()
    a, b = _process(stores[0], clock, gate), _process(stores[1], clock, gate)
    gid = await _ice_lake_with_a_computer(a)
    a.loads.clear()
    racing = [asyncio.create_task(p.computers.move_once(gid)) for p in (a, b)]
    for _ in range(200):  # both drivers run until one thinks (the other has given up by then)
        await asyncio.sleep(0.01)
        if any(r.done() for r in racing) and a.thoughts + b.thoughts:
            break
    gate.set()
    first, second = await asyncio.gather(*racing)
    assert len(a.thoughts) + len(b.thoughts) == 1, "one process thought, the other did not"
    assert (first is None) != (second is None), "one move was played"
    idle = b if a.thoughts else a
    assert idle.loads == [], "the process that did not think did not load the game either"
    assert [x.seat for x in await a.store.actions(gid)] == [1], "the computer planned once"
    assert _thought_lines(caplog) == [f"computer thought game={gid} step=0"]
    await a.computers.close()
    await b.computers.close()


async def test_a_stalled_thinkers_lease_is_taken_over_when_it_runs_out(stores: tuple[Store, Store]) -> None:
    clock = Clock()
    never = asyncio.Event()  # the first process thinks forever: stalled, or dead, holding its lease
    a, b = _process(stores[0], clock, never), _process(stores[1], clock)
    gid = await _ice_lake_with_a_computer(a)
    stalled = asyncio.create_task(a.computers.move_once(gid))
    while not a.thoughts:
        await asyncio.sleep(0.01)
    assert await b.computers.move_once(gid) is None, "the lease is held: the other process waits"
    assert b.thoughts == [] and b.loads == []
    clock.at(THOUGHT_LEASE + 1)
    reply = await b.computers.move_once(gid)
    assert reply is not None and b.thoughts == [1], "the lease ran out: the other process thought"
    assert [x.seat for x in await b.store.actions(gid)] == [1]
    stalled.cancel()
    await asyncio.gather(stalled, return_exceptions=True)
    await a.computers.close()
    await b.computers.close()


async def test_a_tick_loads_a_game_that_awaits_a_person_once_per_deployment(
    stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    a, b = _process(stores[0], clock), _process(stores[1], clock)
    gid = await _ice_lake_with_a_computer(a)
    await a.computers.settle(gid)  # the computer planned; Alice is awaited now
    a.loads.clear()
    for p in (a, b, a, b):  # ticks of both processes: the game was looked at for this step
        assert await p.computers.resume_all() == [], "no computer decision is due"
    assert a.loads + b.loads == [], "nobody loads a game whose computers have nothing to do"
    assert a.thoughts + b.thoughts == [1]
    await a.computers.close()
    await b.computers.close()


async def test_a_forced_move_left_to_the_computer_is_played_without_a_thought(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    """A computer seat whose only legal move the session may play (a forced move) is not
    thought about, even when the session left it (here: the computer's user plays by hand), so
    each thought is a decision."""
    caplog.set_level(logging.INFO, logger="floe.computer")
    p = _process(stores[0], Clock())
    reply = await p.sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    assert reply.game_id is not None
    gid = reply.game_id
    await p.sessions.add_computer(CHANNEL, ALICE, "easy")
    await p.sessions.start(CHANNEL, ALICE)
    table = await p.sessions.table(gid)
    computer = next(s for s in range(len(table.seats)) if table.is_computer(s))
    await p.store.set_auto_play(table.user_of(computer), False)  # the session leaves its forced moves
    chooser = random.Random(5)
    forced_seen = 0
    for _ in range(300):
        table = await p.sessions.table(gid)
        if table.record.status != "active":
            break
        awaited = sorted(table.game.to_act(table.state))
        if computer in awaited:
            legal = table.legal(computer)
            done = len(await p.store.actions(gid))
            caplog.clear()
            assert await p.computers.move_once(gid) is not None
            if len(legal) == 1:
                forced_seen += 1
                assert _thought_lines(caplog) == [], "a forced move is not thought about"
                played = (await p.store.actions(gid))[done]
                assert (played.seat, played.notation) == (computer, str(legal[0]))
            else:
                assert _thought_lines(caplog) == [f"computer thought game={gid} step={table.record.step}"]
            continue
        seat = awaited[0]
        action = chooser.choice(list(table.legal(seat)))
        await p.sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
    assert forced_seen, "the game offered the computer a forced move"
    await p.computers.close()


async def test_a_stop_lets_the_thought_under_way_commit_and_takes_no_new_one(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    """A stop (a deploy) while a computer thinks: its move commits, so no process thinks that
    decision again, and no further decision is claimed by the stopping process."""
    caplog.set_level(logging.INFO, logger="floe.computer")
    gate = asyncio.Event()
    p = _process(stores[0], Clock(), gate)
    gid = await _ice_lake_with_a_computer(p)
    p.computers.poke(gid)
    while not p.thoughts:
        await asyncio.sleep(0.01)
    stopping = asyncio.create_task(p.computers.close(grace=5.0))
    await asyncio.sleep(0.05)
    assert not stopping.done(), "the stop waits for the thought under way"
    gate.set()
    await stopping
    assert [x.seat for x in await p.store.actions(gid)] == [1], "the thought's move committed"
    p.computers.poke(gid)
    assert await p.computers.move_once(gid) is None, "a stopped driver claims nothing"
    assert _thought_lines(caplog) == [f"computer thought game={gid} step=0"]


async def test_a_stop_cancels_a_thought_that_outlasts_its_grace_and_gives_its_claim_back(
    stores: tuple[Store, Store],
) -> None:
    never = asyncio.Event()
    clock = Clock()
    a, b = _process(stores[0], clock, never), _process(stores[1], clock)
    gid = await _ice_lake_with_a_computer(a)
    a.computers.poke(gid)
    while not a.thoughts:
        await asyncio.sleep(0.01)
    await a.computers.close(grace=0.05)
    assert await a.store.actions(gid) == []
    assert await b.computers.move_once(gid) is not None, (
        "the claim was given back: another process thinks at once"
    )
    await b.computers.close()


async def test_a_plan_made_while_another_skater_planned_still_stands_without_a_second_thought(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    """Ice Lake plans are made together and kept secret: a person planning while the computer
    thinks moves the game on a step but changes nothing the computer's plan rests on, so its
    plan is played as thought (``choice_stands``), not thought again."""
    caplog.set_level(logging.INFO, logger="floe.computer")
    gate = asyncio.Event()
    p = _process(stores[0], Clock(), gate)
    gid = await _ice_lake_with_a_computer(p)
    thinking = asyncio.create_task(p.computers.move_once(gid))
    while not p.thoughts:
        await asyncio.sleep(0.01)
    table = await p.sessions.table(gid)
    await p.sessions.act(CHANNEL, ALICE, str(table.legal(0)[0]), seat=0)
    gate.set()
    assert await thinking is not None
    assert sorted(x.seat for x in await p.store.actions(gid)) == [0, 1], "both plans counted"
    assert _thought_lines(caplog) == [f"computer thought game={gid} step=0"], "thought once"
    await p.computers.close()
