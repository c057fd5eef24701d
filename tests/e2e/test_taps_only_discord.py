"""Whole games of every game by taps alone: the buttons and menus the bot shows, the private
menus behind them, and Ice Lake's plan builder in the DM; never a typed move. A decision with
no tap path fails the test (the driver finds neither a button for it, nor My options, nor a
builder). Prints the presses each committed move took; their median is at most 2, open-ended
plans included (a tap per letter and Done, or one pick from the builder's menu of whole plans,
which hands the plan in)."""

from __future__ import annotations

import random
import statistics
from typing import Any

import pytest

import ai
import games
from tests.support.driver import Stats, act_once, raw_components

#: Every game at its fewest and most seats.
CONFIGS = sorted(
    {(name, n) for name, game in games.GAMES.items() for n in (min(game.players), max(game.players))}
)
LIMIT = 900  # actions per game at most


def easy_brain(seed: int) -> Any:
    """The easy computer player's pick where it is offered, else a random offered one."""
    r = random.Random(seed)

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        pick = ai.choose(game.name, game.view(state, seat), seat, "easy", seed + state.step)
        return pick if pick in notations else r.choice(notations)

    return brain


async def plan_by_taps(member: Any, builder: Any, plan: str, turn: int | None) -> int:
    """``plan`` into the member's plan builder for this turn (in their DM): picked whole from its
    menu when offered there (which hands it in), else tapped letter by letter, then Done; the
    presses it took."""
    pieces = {piece: str(label) for piece, label in builder.pieces}
    dm = current_builder(member, turn)
    picks = [c for c in raw_components(dm) if c.get("custom_id", "").startswith("floe:bp:")]
    if picks and plan in {o["value"] for o in picks[0]["options"]}:
        await member.user.select(dm, [plan], custom_id=picks[0]["custom_id"])
        return 1
    for letter in plan:
        await member.user.click(dm, label=pieces[letter])
    await member.user.click(dm, label="Done")
    return len(plan) + 1


def current_builder(member: Any, turn: int | None) -> Any:
    """The member's newest DM that holds the plan builder of the turn begun at ``turn``."""
    mark = f":{'n' if turn is None else turn}:=:"
    for message in reversed(member.user.dm_channel.history()):
        if any(mark in c.get("custom_id", "") for c in raw_components(message)):
            return message
    seen = [
        [c.get("custom_id") for c in raw_components(m)][:3] for m in member.user.dm_channel.history()[-3:]
    ]
    raise AssertionError(f"no plan builder for this round ({mark}) in the DM: {seen}")


async def more_members(env: Any, guild: Any, members: list[Any], players: int) -> list[Any]:
    while len(members) < players:
        member = guild.add_member(env.create_user(f"player{len(members) + 1}"))
        await env.bot.store.set_auto_play(member.user.id, False)
        members = [*members, member]
    return members


@pytest.mark.parametrize(("name", "players"), CONFIGS)
async def test_a_whole_game_by_taps_alone(world, name: str, players: int) -> None:
    env, guild, general, other, members = world
    members = await more_members(env, guild, members, players)
    env.bot.sessions.new_seed = lambda: 11
    await general_start(general, name, members[:players])
    brain, stats, presses = easy_brain(players), Stats(), list[int]()
    built: list[bool] = []  # per plan: whether the builder offered a menu of whole plans
    for _ in range(LIMIT):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        game, state = table.game, table.state
        seat = min(game.to_act(state))
        builder = game.builder(state, seat)
        before = stats.clicks + stats.selects + stats.private_menus
        if builder is not None:  # a plan: its letters, tapped in the DM's builder
            member = next(m for m in members if m.user.id == table.user_of(seat))
            plan = ai.choose(game.name, game.view(state, seat), seat, "easy", state.step)
            dm = current_builder(member, table.record.turn_step)
            built.append(any(c.get("custom_id", "").startswith("floe:bp:") for c in raw_components(dm)))
            presses.append(await plan_by_taps(member, builder, plan.split()[-1], table.record.turn_step))
        else:
            await act_once(env, general, members[:players], brain, stats)
            presses.append(stats.clicks + stats.selects + stats.private_menus - before)
        assert (await env.bot.sessions.table(1)).record.step > table.record.step, "the taps played nothing"
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished", f"{name} at {players}: unfinished after {LIMIT} actions"
    median = statistics.median(presses)
    print(f"taps: {name} players={players} moves={len(presses)} median={median} most={max(presses)}")
    if built:  # an open-ended plan costs a tap per letter, or one pick from the menu of whole plans
        print(f"taps: {name} plans={len(built)} with a menu of whole plans={sum(built)}")
        assert sum(built) >= len(built) / 2, (name, players, built)
    assert statistics.median(presses) <= 2, (name, players, presses)


async def general_start(general: Any, name: str, members: list[Any]) -> None:
    host, *guests = members
    await host.slash(general, "game new", game=name)
    for guest in guests:
        await guest.click(general.last_message, label="Join")
    await host.click(general.last_message, label="Start")
