"""Play whole games through simcord the way users do: buttons, select menus, "My options", /game move.

The test's "brain" reads the game state only to decide *which* offered choice a player takes
(a user looks at the board); every action goes through a component or /game move.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import discord
from simcord.components import walk_components

import games


def raw_components(message: Any) -> list[dict]:
    comps = message.components
    raw = [c if isinstance(c, dict) else c.to_dict() for c in comps]
    return list(walk_components(raw))


def offered(message: Any) -> list[tuple[str, str, str]]:
    """(notation, kind, custom_id) of every action on a message: buttons and select options."""
    out = []
    for c in raw_components(message):
        cid = c.get("custom_id", "")
        if c["type"] == 2 and cid.startswith("floe:a:"):
            out.append((cid.split(":", 4)[4], "button", cid))
        elif c["type"] == 3 and cid.startswith("floe:s:"):
            out += [(o["value"], "select", cid) for o in c["options"]]
    return out


def action_button(message: Any, notation: str) -> str:
    """The custom id of the button on ``message`` that plays ``notation`` (its label is told in
    the game's language)."""
    [custom_id] = [cid for n, kind, cid in offered(message) if n == notation and kind == "button"]
    return custom_id


def narrowing(message: Any) -> list[tuple[str, str]]:
    """(start, custom_id) of every option of a narrowing menu on a message (it narrows many
    actions down to those that start so)."""
    return [
        (o["value"], c["custom_id"])
        for c in raw_components(message)
        if c["type"] == 3 and c.get("custom_id", "").startswith("floe:n:")
        for o in c["options"]
    ]


def labels(message: Any) -> list[str]:
    out = []
    for c in raw_components(message):
        if c["type"] == 2:
            out.append(c.get("label", ""))
        elif c["type"] == 3:
            out.append(c.get("placeholder", ""))
            out += [o["label"] for o in c["options"]]
    return out


def mentioned(message: Any) -> set[int]:
    import re

    return {int(x) for x in re.findall(r"<@(\d+)>", message.content)}


@dataclass
class Stats:
    clicks: int = 0
    selects: int = 0
    private_menus: int = 0
    moves: int = 0
    actions: int = 0
    ephemeral: list[tuple[int, Any]] = field(default_factory=list)  # (user id, response message)


Brain = Callable[[Any, Any, int, list[str]], str]


def buttons(message: Any) -> dict[str, str]:
    """Label -> custom_id of the buttons on a message."""
    return {c.get("label"): c["custom_id"] for c in raw_components(message) if c["type"] == 2}


def private_texts(channel: Any, user: Any) -> list[str]:
    """What ``user`` was told privately in ``channel`` (lower case, for matching)."""
    return [m.content.lower() for m in channel.history(viewer=user) if m.flags.ephemeral]


def awaited_member(board: Any, members: list[Any]) -> Any:
    """The one member the board waits for: mentioned in it (pinged only when newly awaited)."""
    [member] = [m for m in members if f"<@{m.user.id}>" in board.content]
    return member


async def open_and_start(general: Any, game: str, host: Any, *guests: Any, options: str = "") -> Any:
    """Open ``game`` in ``general``, seat the guests, start it; returns the first board."""
    kwargs = {"options": options} if options else {}
    await host.slash(general, "game new", game=game, **kwargs)
    for guest in guests:
        await guest.click(general.last_message, custom_id=lobby_button(general.last_message, "join"))
    await host.click(general.last_message, custom_id=lobby_button(general.last_message, "start"))
    return general.last_message


def lobby_button(lobby: Any, verb: str) -> str:
    """The custom id of the lobby's ``verb`` button (``join``, ``start``...): its label is in the
    game's language."""
    return next(
        c["custom_id"]
        for c in raw_components(lobby)
        if c["type"] == 2
        and c.get("custom_id", "").startswith("floe:l:")
        and c["custom_id"].endswith(f":{verb}")
    )


async def act_once(
    env: Any,
    channel: Any,
    members: list[Any],
    brain: Brain,
    stats: Stats,
    *,
    use_move: bool = False,
    game_id: int = 1,
) -> Any:
    """One action of one awaited player; returns the table before it."""
    table = await env.bot.sessions.table(game_id)
    game, state = table.game, table.state
    awaited = sorted(game.to_act(state))
    board = channel.last_message
    # the newest post names exactly the players asked for something
    assert mentioned(board) >= {table.user_of(s) for s in awaited}, board.content
    seat = awaited[0]
    member = next(m for m in members if m.user.id == table.user_of(seat))
    stats.actions += 1
    if use_move:
        legal = [str(a) for a in game.legal_actions(state, seat)]
        choice = brain(game, state, seat, legal)
        # the user types a prefix; autocomplete offers the move
        typed = choice[: max(3, len(choice) - 2)]
        suggested = [c["value"] for c in await member.autocomplete(channel, "game move", "action", typed)]
        assert choice in suggested, (choice, suggested)
        result = await member.slash(channel, "game move", action=choice)
        assert result.ephemeral
        stats.moves += 1
        return table
    message = board
    choices = offered(board)
    if not choices:  # every decision has a tap path: the board's buttons, or My options
        menu = [c["custom_id"] for c in raw_components(board) if c.get("custom_id", "").startswith("floe:m:")]
        assert menu, labels(board)  # found by its custom id: its label is in the game's language
        result = await member.click(board, custom_id=menu[0])
        stats.private_menus += 1
        assert result.ephemeral
        message = result.response
        stats.ephemeral.append((member.user.id, message))
        choices = offered(message)
        assert choices or narrowing(message), message.content
    # what a narrowing menu stands for is offered too: the legal actions within its picks
    behind = {
        str(a): (start, cid)
        for start, cid in narrowing(message)
        for a in game.legal_actions(state, seat)
        if str(a).startswith(start) or str(a) == start.rstrip()
    }
    notation = brain(game, state, seat, [n for n, _, _ in choices] + sorted(behind))
    if notation in behind and notation not in {n for n, _, _ in choices}:
        start, cid = behind[notation]  # first where it starts, then which
        result = await member.select(message, [start], custom_id=cid)
        stats.selects += 1
        message = result.response if result.response is not None and result.ephemeral else message
        choices = offered(message)
        stats.ephemeral.append((member.user.id, message))
    _, kind, cid = next(c for c in choices if c[0] == notation)
    if kind == "button":
        await member.click(message, custom_id=cid)
        stats.clicks += 1
    else:
        await member.select(message, [notation], custom_id=cid)
        stats.selects += 1
    return table


def greedy(score: Callable[[Any, Any, int], float], avoid: tuple[str, ...] = (), seed: int = 0) -> Brain:
    """Take the offered choice whose outcome scores lowest (ties at random, ``end`` last)."""
    r = random.Random(seed)

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        best: tuple[Any, str] | None = None
        for n in notations:
            if n.startswith(avoid) and len(notations) > 1:
                continue
            after, _ = games.play(game, state, seat, game.parse_action(n))
            key = (score(game, after, seat), n == "end", r.random())
            if best is None or key < best[0]:
                best = (key, n)
        assert best is not None
        return best[1]

    return brain


async def at_once(env: Any, *operations: Awaitable[Any]) -> list[Any]:
    """Members' operations (clicks, commands) made at the same moment: ``asyncio.gather`` of them,
    each interaction sent before any is answered, so the bot handles them concurrently.

    simcord lets one task operate at a time (a guard against a test that forgets an ``await``);
    here the gathered operations count as one operation of the caller's.
    """
    env._begin_operation("at_once")
    env._begin_operation = lambda label: None
    env._end_operation = lambda: None
    try:
        return list(await asyncio.gather(*operations))
    finally:
        del env._begin_operation, env._end_operation  # the class's own again
        env._end_operation()


def public_messages(channel: Any) -> list[Any]:
    return [m for m in channel.history() if not m.flags.ephemeral]


def deprecated_followups(env: Any) -> list[str]:
    """Follow-ups sent while an interaction's "thinking" message was still loading: Discord
    turns them into an edit of that message and ignores their ephemeral flag (deprecated)."""
    loading: set[str] = set()
    found = []
    for request in env.http_requests:
        parts = request.path.strip("/").split("/")
        if request.method == "POST" and parts[0] == "interactions" and parts[-1] == "callback":
            if (request.json or {}).get("type") == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
                loading.add(parts[2])
        elif parts[0] == "webhooks" and len(parts) >= 3:
            token = parts[2]
            if request.method == "PATCH" and parts[-1] == "@original":
                loading.discard(token)
            elif request.method == "POST" and len(parts) == 3 and token in loading:
                found.append(request.path)
                loading.discard(token)
    return found


def channel_sends(env: Any, channel: Any) -> list[Any]:
    """The bot's requests that posted a message in ``channel``, in order."""
    return [
        h
        for h in env.http_requests
        if h.method == "POST" and h.path == f"/channels/{channel.id}/messages" and h.json
    ]


def pinged(request: Any) -> list[int]:
    """Whom a posted message was allowed to ping (its ``allowed_mentions.users``)."""
    return sorted(int(u) for u in (request.json.get("allowed_mentions") or {}).get("users", []))


def posts_pinging(env: Any, channel: Any, member: Any) -> list[Any]:
    """The bot's requests that posted a message in ``channel`` allowed to ping ``member``."""
    return [h for h in channel_sends(env, channel) if member.user.id in pinged(h)]


def server_manager(env: Any, guild: Any, name: str) -> Any:
    """A member of ``guild`` with Manage Server (a moderator of every game there)."""
    role = guild.create_role(f"{name}'s role", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user(name), roles=(role,))
