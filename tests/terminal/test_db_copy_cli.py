"""``floe db copy``: SQLite -> PostgreSQL through the command's own function, with the replay check."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

from bot.core.sessions import Sessions
from bot.terminal.cli import build_parser, cmd_db_copy
from storage import open_store
from tests.pg_server import PgServer

CHANNEL, GUILD, ALICE, BOB = 100, 1, 11, 12


async def _fill(url: str, games: int = 3) -> list[int]:
    """A SQLite store with ``games`` Polar Derby games a few moves in (and one open lobby)."""
    store = await open_store(url)
    try:
        sessions = Sessions(store, new_seed=lambda: 7)
        ids = []
        for k in range(games):
            reply = await sessions.new_game(
                channel_id=CHANNEL + k, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
            )
            assert reply.game_id is not None
            await sessions.join(CHANNEL + k, BOB)
            await sessions.start(CHANNEL + k, ALICE)
            for _ in range(2):
                table = await sessions.table(reply.game_id)
                [seat] = table.game.to_act(table.state)
                action = str(table.game.legal_actions(table.state, seat)[0])
                await sessions.act(CHANNEL + k, table.user_of(seat), action)
            ids.append(reply.game_id)
        await sessions.new_game(channel_id=999, guild_id=GUILD, user_id=BOB, game_name="ice-lake")
        return ids
    finally:
        await store.close()


def _copy(source: str, target: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cmd_db_copy(source, target, out, err)
    return status, out.getvalue(), err.getvalue()


def test_the_parser_reads_db_copy() -> None:
    args = build_parser().parse_args(["db", "copy", "--from", "a.db", "--to", "postgresql://x/y"])
    assert (args.command, args.db_command, args.source, args.target) == (
        "db",
        "copy",
        "a.db",
        "postgresql://x/y",
    )


def test_copy_sqlite_to_postgresql_replays_every_game(tmp_path: Path, pg_server: PgServer) -> None:
    source = f"sqlite:///{tmp_path / 'floe.db'}"
    ids = asyncio.run(_fill(source))
    target = asyncio.run(pg_server.create_schema())
    status, out, err = _copy(source, target)
    assert (status, err) == (0, "")
    assert out.startswith("Copied 4 games (") and "every game's log replays to its snapshot" in out
    assert "password" not in out

    async def read_back() -> None:
        store, original = await open_store(target), await open_store(source)
        try:
            for gid in ids:  # the same log (a forced opening roll is one more action)
                assert await store.actions(gid) == await original.actions(gid)
                assert len(await store.actions(gid)) >= 2
                assert await Sessions(store).verify_replay(gid)
        finally:
            await store.close()
            await original.close()

    asyncio.run(read_back())
    # a second copy into the same, now full, database is refused and changes nothing
    status, out, err = _copy(source, target)
    assert status == 1 and out == ""
    assert "not empty" in err and "Nothing was copied" in err and err.count("\n") == 1


def test_a_game_that_does_not_replay_is_named(tmp_path: Path, pg_server: PgServer) -> None:
    source = f"sqlite:///{tmp_path / 'floe.db'}"
    ids = asyncio.run(_fill(source))

    async def tamper() -> None:  # the snapshot of one game no longer matches its log
        store = await open_store(source)
        try:
            record = await store.game(ids[1])
            assert record is not None and record.state is not None
            state = dict(record.state)
            state["totals"] = [t + 5 for t in state["totals"]]
            async with store._transaction() as tx:
                await tx.run("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), ids[1]))
        finally:
            await store.close()

    asyncio.run(tamper())
    target = asyncio.run(pg_server.create_schema())
    status, out, err = _copy(source, target)
    assert status == 1 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(f"floe db copy: game {ids[1]}: ")
    assert "do not replay" in lines[-1] and len(lines) == 2


def test_an_unknown_database_is_one_line(tmp_path: Path) -> None:
    status, out, err = _copy(f"sqlite:///{tmp_path / 'a.db'}", "mysql://x/y")
    assert status == 1 and out == "" and err.count("\n") == 1 and "postgresql://" in err
