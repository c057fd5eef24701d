"""Every handler acknowledges its interaction before it touches the database.

Discord needs the first response within 3 seconds of wall-clock time; a handler that reads the
database first misses it whenever the disk or the database is slow. The test wraps every
coroutine method of the bot's store so that a call made for an interaction that Discord
(simcord) has not seen acknowledged yet is recorded, and runs every slash command of the
command tree and every component of :data:`bot.adapter.components.COMPONENTS` (a new one
without an example below fails the test). An autocomplete's answer is its acknowledgement, so
it may read first; a component that declares :attr:`~bot.adapter.components.GameButton.DECIDES_BEFORE_ACKNOWLEDGING`
(it must choose between a modal and a message) may make one query.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.adapter import components as ui
from tests.support.driver import deprecated_followups, open_and_start, raw_components


@dataclass
class Handling:
    """The interaction being handled in the current task (and in the tasks it started)."""

    interaction_id: int
    kind: int
    custom_id: str
    name: str
    early: list[str] = field(default_factory=list)  # store calls made before the acknowledgement


HANDLING: ContextVar[Handling | None] = ContextVar("handling", default=None)
DEPTH: ContextVar[int] = ContextVar("store_depth", default=0)
AUTOCOMPLETE = 4


@dataclass
class Watch:
    seen: list[Handling] = field(default_factory=list)

    def late(self) -> list[tuple[str, list[str]]]:
        """(handler, store calls before its acknowledgement) for each offender."""
        out = []
        for h in self.seen:
            allowed = 1 if allowed_one_query(h.custom_id) else 0
            if h.kind != AUTOCOMPLETE and len(h.early) > allowed:
                out.append((h.name or h.custom_id, h.early))
        return out


def allowed_one_query(custom_id: str) -> bool:
    for item in ui.COMPONENTS:
        if item.__discord_ui_compiled_template__.fullmatch(custom_id):  # type: ignore[attr-defined]
            return bool(getattr(item, "DECIDES_BEFORE_ACKNOWLEDGING", ""))
    return False


def watch_store(env: Any, watch: Watch) -> None:
    """Wrap the store's coroutine methods and the gateway's interaction parser."""
    store = env.bot.store
    backend = env.backend

    def wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        async def call(*args: Any, **kwargs: Any) -> Any:
            handling = HANDLING.get()
            top = DEPTH.get() == 0
            if handling is not None and top and not backend.interactions[handling.interaction_id].responded:
                handling.early.append(name)
            token = DEPTH.set(DEPTH.get() + 1)
            try:
                return await method(*args, **kwargs)
            finally:
                DEPTH.reset(token)

        return call

    for name, member in inspect.getmembers(type(store)):
        if inspect.iscoroutinefunction(member) and name != "close":
            setattr(store, name, wrap(name, getattr(store, name)))
    parsers = env.bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_interaction(data: dict[str, Any]) -> None:
        inner = data.get("data") or {}
        names = [inner.get("name", "")]
        options = inner.get("options") or []
        while options and options[0].get("type") in (1, 2):  # subcommand (group)
            names.append(options[0]["name"])
            options = options[0].get("options") or []
        handling = Handling(
            int(data["id"]), data["type"], inner.get("custom_id", ""), " ".join(names).strip()
        )
        watch.seen.append(handling)
        token = HANDLING.set(handling)  # the tasks discord.py starts for it inherit it
        try:
            parse(data)
        finally:
            HANDLING.reset(token)

    parsers["INTERACTION_CREATE"] = parse_interaction


def example_value(parameter: app_commands.Parameter, member: Any) -> Any:
    if parameter.choices:
        return parameter.choices[0].value
    kind = parameter.type
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        return int(parameter.min_value or 1)
    if kind is discord.AppCommandOptionType.boolean:
        return False
    if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
        return member
    return "x"


def leaf_commands(tree: app_commands.CommandTree) -> list[app_commands.Command[Any, ..., Any]]:
    return [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)]


def component_examples(
    game_id: int, step: int, other_game: int
) -> dict[type, tuple[discord.ui.Item[Any], Any]]:
    """An instance of every registered component, and what a user picks in it (selects)."""
    option = [discord.SelectOption(label="a", value="a")]
    return {
        ui.ActionButton: (ui.ActionButton(game_id, step, "x"), None),
        ui.ActionSelect: (ui.ActionSelect(game_id, step, 0, options=option), ["a"]),
        ui.NarrowSelect: (ui.NarrowSelect(game_id, step, 0, options=option), ["a"]),
        ui.LobbyButton: (ui.LobbyButton(other_game, "join"), None),
        ui.ComputerLevelSelect: (ui.ComputerLevelSelect(other_game), ["easy"]),
        ui.MenuButton: (ui.MenuButton(game_id, step), None),
        ui.ViewButton: (ui.ViewButton(game_id), None),
        ui.InputButton: (ui.InputButton(game_id), None),
        ui.TypeButton: (ui.TypeButton(game_id), None),
        ui.BuildButton: (ui.BuildButton(game_id, None, "S", ""), None),
        ui.BuildPickSelect: (ui.BuildPickSelect(game_id, None, option), ["a"]),
        ui.DmGameSelect: (
            ui.DmGameSelect("x", [discord.SelectOption(label="g", value=str(game_id))]),
            [str(game_id)],
        ),
        ui.LogPageButton: (ui.LogPageButton(game_id, 1, "n"), None),
        ui.LeaderboardPageButton: (ui.LeaderboardPageButton("", 0, 1, "n"), None),
        ui.ReplayButton: (ui.ReplayButton(game_id), None),
        ui.RematchButton: (ui.RematchButton(game_id), None),
        ui.StallVoteButton: (ui.StallVoteButton(game_id, step, "pause"), None),
        ui.DepartedSeatButton: (ui.DepartedSeatButton(game_id, 1, "wait"), None),
    }


@pytest.fixture
async def watched(world):
    env, guild, general, other, members = world
    watch = Watch()
    watch_store(env, watch)
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=(managers,))
    return env, guild, general, other, members, boss, watch


def answered_privately(result: Any, source_id: int | None = None) -> bool:
    """Whether every message the bot answered the interaction with is ephemeral (a component's
    own message, ``source_id``, edited in place, is not an answer)."""
    response = result.response
    messages = [response] if response is not None and response.id != source_id else []
    return all(m.ephemeral for m in [*messages, *result.followups])


async def run_every_command(env: Any, channel: Any, user: Any, other: Any) -> None:
    visible = user.available_commands(channel)
    for command in leaf_commands(env.bot.tree):
        if command.qualified_name not in visible:  # Discord hides it (default permissions)
            continue
        options = {p.name: example_value(p, other) for p in command.parameters if p.required}
        result = await user.slash(channel, command.qualified_name, **options)
        assert result.acknowledged, command.qualified_name
        assert answered_privately(result), command.qualified_name


async def test_every_command_acknowledges_before_the_database(watched) -> None:
    env, _guild, general, _other, members, boss, watch = watched
    alice, bob, carol = members[:3]
    await open_and_start(general, "ice-lake", alice, bob)
    for user in (carol, boss):  # a plain member (the moderator check reads the server's role) and a manager
        await run_every_command(env, general, user, alice)
    assert {c.qualified_name for c in leaf_commands(env.bot.tree)} <= set(boss.available_commands(general))
    assert watch.late() == []
    assert deprecated_followups(env) == []


async def test_every_component_acknowledges_before_the_database(watched) -> None:
    env, _guild, general, other, members, _boss, watch = watched
    alice, bob = members[:2]
    await open_and_start(general, "ice-lake", alice, bob)
    await alice.slash(other, "game new", game="polar-derby")
    table = await env.bot.sessions.table(1)
    examples = component_examples(1, table.record.step, 2)
    assert set(examples) == set(ui.COMPONENTS)  # a new component needs an example here
    channel = env.bot.get_channel(general.id)
    for item, values in examples.values():
        view = discord.ui.View(timeout=None)
        view.add_item(item)
        message = await channel.send("components", view=view)
        [raw] = [c for c in raw_components(general.last_message) if c.get("custom_id")]
        assert general.last_message.id == message.id
        if values is None:
            result = await alice.click(general.last_message, custom_id=raw["custom_id"])
        else:
            result = await alice.select(general.last_message, values, custom_id=raw["custom_id"])
        assert result.acknowledged, raw["custom_id"]
        assert answered_privately(result, message.id), raw["custom_id"]
        if result.modal is not None:  # the private text box: its submission is a handler too
            [box] = re.findall(r"'custom_id': '(floe:answer[^']*)'", str(result.modal))
            done = await alice.submit_modal(result, {box: "x"})
            assert done.acknowledged and answered_privately(done)
    assert len(watch.seen) >= len(examples)
    assert watch.late() == []
    assert deprecated_followups(env) == []
