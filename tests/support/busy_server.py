"""A busy server on the strict Discord: many tables at once, each a person against a computer
player, some of whose channels are deleted mid-game, played over simulated hours. Shared by
tests/e2e/test_busy_server_discord.py and ``bench/bench_real_discord.py``."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

import games
from tests.support.driver import offered
from tests.support.strict_discord import StrictDiscord

HOUR = 3600
#: simulated time between two rounds: half a day, so a table left waiting is reminded
ROUND = 12 * HOUR


@dataclass(frozen=True)
class BusyServer:
    """What a busy server's play asked of Discord, and how the bot answered."""

    tables: int
    deleted: int
    closed: int
    moves: int
    interactions: int
    acknowledged: int
    slowest: float
    invalid_per_ten_minutes: int
    breaches: tuple[str, ...]

    def line(self) -> str:
        return (
            f"real discord: acknowledged={self.acknowledged}/{self.interactions} "
            f"slowest={self.slowest:.2f}s invalid_per_10min={self.invalid_per_ten_minutes}"
        )


async def play_a_busy_server(
    env: Any,
    strict: StrictDiscord,
    *,
    tables: int,
    rounds: int,
    deleted: int,
    closed: int = 0,
    seed: int = 0,
    game: str = "polar-derby",
    dm_on_turn: bool = False,
    before_rounds: Callable[[], Awaitable[None]] | None = None,
) -> BusyServer:
    """Open ``tables`` tables of ``game`` (a person and easy computer players, one or as many as
    the game needs at least, in their own channels), delete the channels of ``deleted`` of them
    once they are under way and close the next ``closed`` to the bot (Send Messages denied), then
    play ``rounds`` rounds: every person whose turn it is takes one of the board's actions (a
    button, or an option of a menu), and half a day passes (reminders, owed posts, the lost
    channels met by the scheduler). A board that offers no action of its own (a private menu, a
    secret answer) is passed over. ``dm_on_turn``: every person asks for a DM when it is their
    turn (``/settings dm_on_turn:true``). ``before_rounds`` is awaited once the tables are open
    and before the first round (a benchmark counts what the rounds cost from there)."""
    rnd = random.Random(seed)
    guild = env.create_guild("Busy Club")
    seats = []
    for n in range(tables):
        member = guild.add_member(env.create_user(f"player{n}"))
        channel = guild.create_text_channel(f"table-{n}")
        if dm_on_turn:
            await member.slash(channel, "settings", dm_on_turn=True)
        await member.slash(channel, "game new", game=game, thread=False)
        for _ in range(max(1, games.get(game).players.start - 1)):  # Thin Ice seats three at least
            await member.slash(channel, "game computer", level="easy")
        await member.click(channel.last_message, label="Start")
        seats.append((member, channel))
    for _member, channel in seats[:deleted]:
        env.backend.delete_channel(channel.id)
    for _member, channel in seats[deleted : deleted + closed]:
        _close_to_the_bot(env, channel)
    live = seats[deleted:]
    if before_rounds is not None:
        await before_rounds()
    moves = 0
    for _ in range(rounds):
        for member, channel in live:
            board = _turn_message_for(channel, member)
            if board is None:
                continue
            notation, kind, custom_id = rnd.choice(offered(board))
            if kind == "button":
                await member.click(board, custom_id=custom_id)
            else:
                await member.select(board, [notation], custom_id=custom_id)
            moves += 1
        for _ in range(ROUND // HOUR):  # an hour at a time: each call has a real-time budget
            await env.advance_time(HOUR)
    return BusyServer(
        tables=tables,
        deleted=deleted,
        closed=closed,
        moves=moves,
        interactions=len(strict.started),
        acknowledged=len(strict.acknowledged),
        slowest=strict.slowest_acknowledgement(),
        invalid_per_ten_minutes=strict.invalid_in_ten_minutes(),
        breaches=tuple(strict.breaches),
    )


def _close_to_the_bot(env: Any, channel: Any) -> None:
    """A moderator takes Send Messages away from the bot in this channel."""
    _allow, deny = discord.PermissionOverwrite(send_messages=False).pair()
    closed = Overwrite(target_id=env.backend.bot_user.id, type=OverwriteType.MEMBER, deny=deny.value)
    env.backend.edit_channel(channel.id, {}, overwrites=[closed])


def _turn_message_for(channel: Any, member: Any) -> Any | None:
    """The newest public message that offers actions and names ``member`` (their turn), if any."""
    for message in reversed(list(channel.history())):
        if message.flags.ephemeral or not offered(message):
            continue
        return message if f"<@{member.user.id}>" in message.content else None
    return None
