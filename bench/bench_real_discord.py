"""A busy server on a strict Discord: the real bot plays many Polar Derby tables at once (a person
and an easy computer player each; ``--game`` plays another game) through simcord held to
Discord's documented terms (tests/support/strict_discord.py), every REST call taking
``--latency`` seconds of wall-clock time, with some tables' channels deleted mid-game and some
closed to the bot (Send Messages denied), over simulated hours of play.

It prints how many interactions were acknowledged within Discord's 3 seconds of wall-clock time,
the slowest first response, and the most invalid requests (401, 403, 429) in any ten minutes of
simulated time, against Discord's ban at 10,000 (goal: under 100, 1 % of it).

It also counts the bot's REST calls during the rounds (from the first move on: opening the tables
is not counted), each as simcord's router receives it, refused ones included, and divides them
by the moves committed by people in that time (the bot's ``floe_moves`` counter): channel writes
split into message posts in the games' channels, message edits and DMs (posts to DM channels),
and every REST call but the interactions' own (responses and follow-ups). The computer players'
moves and the forced moves those cost are in the figures (``actions``: every action committed,
from the database). Before those lines it prints the calls by route. Last two lines:

    real discord: acknowledged=X/Y slowest=S invalid_per_10min=N
    writes per move: posts=X edits=Y dms=Z total=T rest_calls=R moves=M actions=A

    python bench/bench_real_discord.py [--quick] [--tables N] [--rounds N] [--deleted N] [--closed N]
                                       [--latency S] [--game NAME] [--dm-on-turn]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import _stats  # noqa: F401  (puts the repository on sys.path)
import pytest
from simcord import Env
from simcord.backend.errors import BackendError
from simcord.enums import ChannelType
from simcord.http import router

import bot
import games
from bot.adapter.app import FloeBot
from bot.settings import Settings
from tests.support.busy_server import BusyServer, play_a_busy_server
from tests.support.cards import cards_read_as_text
from tests.support.strict_discord import StrictDiscord

#: the computer players think with a fixed budget, as in the tests (deterministic and quick)
AI_ITERATIONS = 12
#: the channel writes, in the order the last line names them
WRITES = ("post", "edit", "dm")
DM_CHANNELS = frozenset({ChannelType.DM})


@dataclass
class RestCalls:
    """The bot's REST calls as simcord's router receives them (so after the strict Discord's
    latency, and refused ones too: Discord counts those against its limits as well), counted
    while :attr:`counting`, by kind (:meth:`kind_of`) and by route."""

    backend: Any
    counting: bool = False
    kinds: Counter[str] = field(default_factory=Counter)
    routes: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)

    def install(self, patch: pytest.MonkeyPatch) -> None:
        """Count every call that reaches the router (over the strict Discord's, installed first)."""
        dispatch = router.dispatch

        def counted(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            if backend is not self.backend or not self.counting:
                return dispatch(backend, method, path, **kwargs)
            kind = self.kind_of(method, path)
            route = f"{kind:<11} {method:<6} {route_of(path)}{what_it_does(kind, kwargs.get('json'))}"
            self.kinds[kind] += 1
            self.routes[route] += 1
            try:
                return dispatch(backend, method, path, **kwargs)
            except BackendError:
                self.refused[route] += 1
                raise

        patch.setattr(router, "dispatch", counted)

    def kind_of(self, method: str, path: str) -> str:
        """``post`` (a message posted in a server's channel or thread), ``dm`` (a message posted
        in a DM channel), ``edit`` (a message edited), ``interaction`` (an interaction's response,
        follow-up or edit of its own messages: not counted as REST calls) or ``other``."""
        parts = path.strip("/").split("/")
        if parts[0] == "interactions" or (
            parts[0] == "webhooks" and len(parts) >= 3 and parts[2] in self.backend.interaction_tokens
        ):
            return "interaction"
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            if method == "POST" and len(parts) == 3:
                channel = self.backend.channels.get(int(parts[1]))
                return "dm" if channel is not None and channel.type in DM_CHANNELS else "post"
            if method == "PATCH" and len(parts) == 4:
                return "edit"
        return "other"

    def rest_calls(self) -> int:
        return sum(n for kind, n in self.kinds.items() if kind != "interaction")


def what_it_does(kind: str, body: Any) -> str:
    """For the table by route: a post that pings someone, an edit that only takes the controls off
    (a previous turn message, a lobby), an edit of a board."""
    body = body if isinstance(body, dict) else {}
    if kind == "post":
        pinged = (body.get("allowed_mentions") or {}).get("users")
        return "  (pings)" if pinged else "  (no ping)"
    if kind == "edit":
        only_controls = body.get("components") == [] and "content" not in body and "attachments" not in body
        return "  (controls off)" if only_controls else "  (content)"
    return ""


def route_of(path: str) -> str:
    """``path`` with its ids and tokens as placeholders: one line per route."""
    parts = path.strip("/").split("/")
    if parts[0] == "webhooks" and len(parts) >= 3:
        parts[2] = "{token}"
    if parts[0] == "interactions" and len(parts) >= 3:
        parts[2] = "{token}"
    return "/" + "/".join(re.sub(r"^\d+$", "{id}", part) for part in parts)


@dataclass(frozen=True)
class Played:
    """A busy server's play and what its rounds asked of Discord."""

    server: BusyServer
    calls: RestCalls
    #: moves committed by people during the rounds (the bot's ``floe_moves`` counter)
    moves: int
    #: actions committed during the rounds (the database: people's, computers' and forced moves)
    actions: int

    def per_move(self, count: int) -> float:
        return count / self.moves if self.moves else 0.0

    def per_action(self, count: int) -> float:
        return count / self.actions if self.actions else 0.0

    def line(self) -> str:
        kinds = self.calls.kinds
        writes = {kind: self.per_move(kinds[kind]) for kind in WRITES}
        figures = " ".join(f"{kind}s={writes[kind]:.2f}" for kind in WRITES)
        return (
            f"writes per move: {figures} total={sum(writes.values()):.2f} "
            f"rest_calls={self.per_move(self.calls.rest_calls()):.2f} "
            f"moves={self.moves} actions={self.actions}"
        )


def moves_counted(client: Any) -> int:
    """The moves people committed so far (the bot's counter, every game)."""
    total = 0.0
    for metric in client.metrics.moves.collect():
        total += sum(sample.value for sample in metric.samples if sample.name.endswith("_total"))
    return int(total)


async def actions_committed(client: Any) -> int:
    """Every action in the database's log so far (the busy server's games are 1 to N)."""
    store = client.store
    return sum([await store.count_actions(game_id) for game_id in range(1, await store.count_games() + 1)])


async def busy_server(
    tables: int, rounds: int, deleted: int, closed: int, latency: float, game: str, dm_on_turn: bool
) -> Played:
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setattr(FloeBot, "tick_seconds", 600)
        client = bot.create_bot(
            Settings(token="", database=str(Path(folder) / "floe.db"), ai_iterations=AI_ITERATIONS)
        )
        env = Env(client, settle_timeout=300.0)
        strict = StrictDiscord(env, latency=latency)
        strict.install(patch)
        calls = RestCalls(env.backend)
        calls.install(patch)
        before: dict[str, int] = {}

        async def start_counting() -> None:
            await env.settle()
            before.update(moves=moves_counted(client), actions=await actions_committed(client))
            calls.counting = True

        await env.start()
        try:
            with env.time_context():
                server = await play_a_busy_server(
                    env,
                    strict,
                    tables=tables,
                    rounds=rounds,
                    deleted=deleted,
                    closed=closed,
                    game=game,
                    dm_on_turn=dm_on_turn,
                    before_rounds=start_counting,
                )
                await env.settle()
                calls.counting = False
                return Played(
                    server,
                    calls,
                    moves=moves_counted(client) - before["moves"],
                    actions=await actions_committed(client) - before["actions"],
                )
        finally:
            await env.shutdown()
            strict.close()
            await client.close_store()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="20 tables, 3 rounds, 2 channels deleted and 2 closed"
    )
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--deleted", type=int, default=6)
    parser.add_argument("--closed", type=int, default=6)
    parser.add_argument("--latency", type=float, default=0.1, help="seconds per REST call")
    parser.add_argument("--game", choices=sorted(games.GAMES), default="polar-derby")
    parser.add_argument(
        "--dm-on-turn", action="store_true", help="every person asks for a DM when it is their turn"
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.rounds, args.deleted, args.closed = 20, 3, 2, 2
    logging.basicConfig(level=logging.ERROR)
    started = time.perf_counter()
    with cards_read_as_text():  # the players read a card's text as members do
        played = asyncio.run(
            busy_server(
                args.tables, args.rounds, args.deleted, args.closed, args.latency, args.game, args.dm_on_turn
            )
        )
    took = time.perf_counter() - started
    server, calls = played.server, played.calls
    print(
        f"{server.tables} tables ({server.deleted} channels deleted and {server.closed} closed to the bot "
        f"mid-game), {server.moves} moves by people, "
        f"{args.latency * 1000:.0f} ms per REST call, {took:.1f} s wall-clock"
    )
    print(f"REST calls during the rounds, by route ({args.game}; refused ones in brackets):")
    print(f"  {'calls':>6} {'/move':>6} {'/action':>7}  kind        route")
    for route, count in sorted(calls.routes.items(), key=lambda item: (-item[1], item[0])):
        refused = f" ({calls.refused[route]} refused)" if calls.refused[route] else ""
        print(
            f"  {count:>6} {played.per_move(count):>6.2f} {played.per_action(count):>7.2f}  {route}{refused}"
        )
    for breach in server.breaches:
        print(f"breach: {breach}")
    print(server.line())
    print(played.line())


if __name__ == "__main__":
    main()
