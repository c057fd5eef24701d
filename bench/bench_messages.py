"""Messages per finished game: how many messages the bot creates and edits in a game's thread.

Every game, with 2 seats and with 3 or more where the game allows, is opened with ``/game new``
(the default: its own thread), started and played to the end through simcord with the real bot,
each awaited player choosing a random offered action (buttons, menus, "My options", the private
answer box) as users do (``tests/support/driver.act_once``); Ice Hike's hikers, who at random never
reach the village, take the offered choice that brings them nearest (the e2e tests' greedy brain). Counted from simcord's HTTP log, in
the game's thread only: messages created (POST) and edits (PATCH) by the bot, and the turns
played (runs of actions by the same seat in the log). A game still running after ``--cap``
actions is left out of the table and said so.

    python bench/bench_messages.py [--games N] [--cap ACTIONS] [--seed S]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot
import games
from bot.settings import Settings
from tests.support.brains import distance_score
from tests.support.driver import Stats, act_once, greedy, labels, offered

GAMES = tuple(sorted(games.GAMES))


def seat_counts(name: str) -> list[int]:
    allowed = games.get(name).players
    return [n for n in (2, 3) if n in allowed] or [allowed.start]


async def one_game(name: str, players: int, cap: int, rnd: random.Random) -> dict[str, int] | None:
    import simcord

    with tempfile.TemporaryDirectory() as tmp:
        client = bot.create_bot(Settings(token="", database=str(Path(tmp) / "bench.db")))
        try:
            async with simcord.run(client) as env:
                return await _play(env, name, players, cap, rnd)
        finally:
            await client.close()


async def _play(env: Any, name: str, players: int, cap: int, rnd: random.Random) -> dict[str, int] | None:
    guild = env.create_guild("Bench Club")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(players)]
    await members[0].slash(channel, "game new", game=name)
    [thread] = channel.threads
    for m in members[1:]:
        await m.click(thread.last_message, label="Join")
    await members[0].click(thread.last_message, label="Start")

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        return rnd.choice(notations)

    if name == "ice-hike":  # random hikers never reach the village: walk towards it, as the e2e tests do
        brain = greedy(distance_score, avoid=("torches",), seed=rnd.randrange(1 << 30))

    stats = Stats()
    sessions = env.bot.sessions
    for _ in range(cap):
        table = await sessions.table(1)
        if table.record.status != "active":
            break
        board = thread.last_message
        private = [x for x in labels(board) if x not in ("My view", "My options")]
        if not offered(board) and "My options" not in labels(board) and private:
            # a secret, open-ended answer (an Ice Lake plan): the private answer box
            seat = min(table.game.to_act(table.state))
            member = next(m for m in members if m.user.id == table.user_of(seat))
            legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
            shown = await member.click(board, label=private[0])
            await member.submit_modal(shown, {"floe:answer": rnd.choice(legal)})
            continue
        await act_once(env, thread, members, brain, stats)
    if (await sessions.table(1)).record.status != "finished":
        return None
    created = edited = 0
    for h in env.http_requests:
        if h.path == f"/channels/{thread.id}/messages" and h.method == "POST":
            created += 1
        elif h.path.startswith(f"/channels/{thread.id}/messages/") and h.method == "PATCH":
            edited += 1
    rows = await env.bot.store.actions(1)
    turns = sum(1 for i, r in enumerate(rows) if i == 0 or rows[i - 1].seat != r.seat)
    auto = sum(1 for r in rows if "the only move" in r.narration)
    return {"created": created, "edited": edited, "turns": turns, "actions": len(rows), "auto": auto}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per row")
    parser.add_argument("--cap", type=int, default=1500, help="actions per game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    rnd = random.Random(args.seed)
    print(
        f"{'game':<12} {'seats':>5} {'done':>5} {'created':>8} {'edits':>7} {'turns':>6} {'actions':>8} {'auto':>5}"
    )
    for name in args.only:
        for players in seat_counts(name):
            results = [await one_game(name, players, args.cap, rnd) for _ in range(args.games)]
            done = [r for r in results if r is not None]
            if not done:
                print(f"{name:<12} {players:>5} {0:>5}   (no game finished within {args.cap} actions)")
                continue

            def med(key: str, done: list[dict[str, int]] = done) -> float:
                return statistics.median(r[key] for r in done)

            print(
                f"{name:<12} {players:>5} {len(done):>5} {med('created'):>8.0f} {med('edited'):>7.0f} "
                f"{med('turns'):>6.0f} {med('actions'):>8.0f} {med('auto'):>5.0f}",
                flush=True,
            )
    print("Medians per finished game, in its thread: messages created, edits, turns, actions, forced moves.")


if __name__ == "__main__":
    asyncio.run(main())
