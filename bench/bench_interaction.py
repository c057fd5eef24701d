"""The whole interaction in-process: a button click is received, the move is played, the board
rendered and the answer sent. Budget (ARCHITECTURE.md, "Performance budgets"): under 100 ms median.

Three figures, on Polar Derby moves played by their awaited player with random buttons:

1. ``click``: ``await member.click(board, label=...)`` through simcord with the real bot
   (``bot.create_bot(Settings(database=...))``): gateway INTERACTION_CREATE, discord.py's
   dispatch, the bot's callback (defer, ``Sessions.act``, the new board drawn and posted with
   its PNG/GIF and buttons), and simcord settling until the bot is idle.
2. ``bot handler``: the part of (1) spent inside the bot's ``Flows.play`` (timed by wrapping it
   on the instance): receive-to-respond minus simcord's own dispatch and settle.
3. ``no Discord``: ``Sessions.act`` (load, play, commit), the reply's pictures drawn (as the
   outbox draws them when it posts) and ``bot.adapter.components.build_view`` on a plain Store,
   no discord client at all.

(1) - (2) is simcord's overhead (building the interaction payload, settling), not the bot's.

    python bench/bench_interaction.py [--moves N] [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from _stats import Row, figures, verdict, write_rows

import bot
import games
from bot.adapter.common import DISCORD_GRID
from bot.adapter.components import build_view
from bot.core.sessions import Sessions
from bot.settings import Settings
from storage import open_store
from tests.support.cards import cards_read_as_text

BUDGET_MS = 100.0
GAME = "polar-derby"


def _buttons(message: Any) -> list[str]:
    from simcord.components import walk_components

    raw = [c.to_dict() for c in message.components]
    return [c.get("label") for c in walk_components(raw) if c["type"] == 2 and c.get("label")]


def _awaited_user(board: Any) -> int:
    """The one player the board mentions (Polar Derby awaits one player at a time)."""
    found = {int(x) for x in re.findall(r"<@!?(\d+)>", board.content or "")}
    if len(found) != 1:
        raise RuntimeError(f"expected one awaited player on the board, got: {board.content!r}")
    return found.pop()


async def through_simcord(
    path: str, moves: int, players: int, rnd: random.Random
) -> tuple[list[float], list[float], list[str]]:
    import simcord

    client = bot.create_bot(Settings(token="", database=path))
    handler_ms: list[float] = []
    real_play = client.flows.play

    async def timed_play(*args: Any, **kwargs: Any) -> None:
        t = time.perf_counter()
        try:
            await real_play(*args, **kwargs)
        finally:
            handler_ms.append((time.perf_counter() - t) * 1000)

    client.flows.play = timed_play  # type: ignore[method-assign]
    clicks: list[float] = []
    chosen: list[str] = []
    try:
        return await _clicks(simcord, client, moves, players, rnd, clicks, handler_ms, chosen)
    finally:
        await client.close()  # closes the Store (its threads would keep the process alive)


async def _clicks(
    simcord: Any,
    client: Any,
    moves: int,
    players: int,
    rnd: random.Random,
    clicks: list[float],
    handler_ms: list[float],
    chosen: list[str],
) -> tuple[list[float], list[float], list[str]]:
    async with simcord.run(client) as env:
        guild = env.create_guild("Bench Club")
        general = guild.create_text_channel("general")
        members = [guild.add_member(env.create_user(f"player{i}")) for i in range(players)]
        by_id = {m.user.id: m for m in members}

        async def new_game() -> Any:
            await members[0].slash(general, "game new", game=GAME, thread=False)
            lobby = general.last_message
            for m in members[1:]:
                await m.click(lobby, label="Join")
            await members[0].click(general.last_message, label="Start")
            return general.last_message

        board = await new_game()
        warm = 3
        while len(clicks) < moves + warm:
            if "Game over" in (board.content or ""):
                await env.advance_time(61)  # a member opens at most one new lobby a minute
                board = await new_game()
                continue
            mover = by_id[_awaited_user(board)]
            labels = [label for label in _buttons(board) if label not in ("My view", "My options")]
            label = rnd.choice(labels)
            before = len(handler_ms)
            t = time.perf_counter()
            result = await mover.click(board, label=label)
            ms = (time.perf_counter() - t) * 1000
            if not result.acknowledged or len(handler_ms) != before + 1:
                raise RuntimeError(f"click {label!r} was not handled: {env.transcript()[-2000:]}")
            clicks.append(ms)
            chosen.append(label)
            board = general.last_message
        if env.errors:
            raise RuntimeError(f"bot errors: {env.errors}")
    return clicks[warm:], handler_ms[-moves:], chosen[warm:]


async def without_discord(path: str, moves: int, players: int, rnd: random.Random) -> list[float]:
    store = await open_store(path)
    try:
        sessions = Sessions(store, grid=DISCORD_GRID)
        game = games.get(GAME)
        channel = 1
        times: list[float] = []

        async def new_game() -> int:
            nonlocal channel
            channel += 1
            reply = await sessions.new_game(channel_id=channel, guild_id=1, user_id=1, game_name=GAME)
            for user in range(2, players + 1):
                await sessions.join(channel, user)
            await sessions.start(channel, 1)
            assert reply.game_id is not None
            return reply.game_id

        gid = await new_game()
        warm = 3
        while len(times) < moves + warm:
            table = await sessions.table(gid)
            if table.record.status != "active":
                gid = await new_game()
                continue
            seat = rnd.choice(sorted(game.to_act(table.state)))
            action = rnd.choice(list(game.legal_actions(table.state, seat)))
            t = time.perf_counter()
            reply = await sessions.act(
                channel, table.user_of(seat), str(action), step=table.record.step, game_id=gid
            )
            for picture in reply.pictures():  # drawn as the outbox draws them when it posts
                await picture.data()
            build_view(reply.post.controls if reply.post else None)
            times.append((time.perf_counter() - t) * 1000)
        return times[warm:]
    finally:
        await store.close()


async def run(args: argparse.Namespace) -> list[Row]:
    logging.getLogger("discord").setLevel(logging.WARNING)
    rnd = random.Random(3)
    with tempfile.TemporaryDirectory(prefix="floe-bench-") as tmp:
        clicks, handler, labels = await through_simcord(
            str(Path(tmp) / "sim.db"), args.moves, args.players, rnd
        )
        plain = await without_discord(str(Path(tmp) / "plain.db"), args.moves, args.players, rnd)
    fc, fh, fp = figures(clicks), figures(handler), figures(plain)
    counts = {k: labels.count(k) for k in sorted(set(labels))}
    print(f"Polar Derby, {args.players} players, {args.moves} moves each; budget {BUDGET_MS:.0f} ms median")
    print("buttons clicked: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    print(f"1 click, end to end (simcord) : {fc.line()}")
    print(f"2 bot handler (Flows.play)  : {fh.line()}")
    print(f"  simcord overhead (1 - 2)    : median {fc.median - fh.median:6.2f}ms")
    print(f"3 no Discord (act + build_view): {fp.line()}")
    print(f"verdict: {'within' if fc.median < BUDGET_MS else 'OVER'} budget (click end to end, median)")
    return [
        Row(
            "interaction: button click end to end (simcord, real bot)",
            f"< {BUDGET_MS:.0f} ms median",
            f"{fc.median:.1f} ms",
            f"{fc.worst:.1f} ms",
            verdict(fc.median, BUDGET_MS),
        ),
        Row(
            "interaction: inside the bot (Flows.play)",
            f"< {BUDGET_MS:.0f} ms median",
            f"{fh.median:.1f} ms",
            f"{fh.worst:.1f} ms",
            verdict(fh.median, BUDGET_MS),
        ),
        Row(
            "interaction without Discord (act + render + build_view)",
            f"< {BUDGET_MS:.0f} ms median",
            f"{fp.median:.1f} ms",
            f"{fp.worst:.1f} ms",
            verdict(fp.median, BUDGET_MS),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="timed moves per path")
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--quick", action="store_true", help="60 moves per path")
    parser.add_argument("--json", help="write the summary rows for run_all.py here")
    args = parser.parse_args()
    if args.quick:
        args.moves = 60
    with cards_read_as_text():  # the players read a card's text as members do
        write_rows(args.json, asyncio.run(run(args)))


if __name__ == "__main__":
    main()
