"""Per-game correctness without an in-process lock: two store connections (two processes) on one game."""

from __future__ import annotations

import asyncio
import sys
import textwrap
from pathlib import Path

import pytest

from storage import StaleStep, open_store
from tests.pg_server import PgServer
from tests.support.stored_games import active_game

ROOT = Path(__file__).resolve().parents[2]


async def test_two_store_objects_moving_at_the_same_step_apply_exactly_one(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        game = await active_game(first)
        for step in range(10):
            results = await asyncio.gather(
                first.record_action(
                    game.id, step=step, seat=0, notation=f"a{step}", narration="", state={"n": step}, now=3.0
                ),
                second.record_action(
                    game.id, step=step, seat=1, notation=f"b{step}", narration="", state={"n": step}, now=3.0
                ),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in results) == ["NoneType", "StaleStep"], results
        log = await second.actions(game.id)
        assert [a.step for a in log] == list(range(10))
        loaded = await first.game(game.id)
        assert loaded is not None and loaded.step == 10
    finally:
        await first.close()
        await second.close()


_RACER = textwrap.dedent(
    """
    import asyncio, sys
    from storage import StaleStep, Store, open_store

    async def main(url, game_id, name, steps):
        store = await open_store(url)
        applied = 0
        try:
            for step in range(steps):
                try:
                    await store.record_action(game_id, step=step, seat=0, notation=name, narration="",
                                              state={"by": name}, now=1.0)
                    applied += 1
                except StaleStep:
                    pass
                game = await store.game(game_id)
                while game.step <= step:  # wait for the other process to catch up
                    await asyncio.sleep(0.001)
                    game = await store.game(game_id)
        finally:
            await store.close()
        print(applied)

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])))
    """
)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_two_os_processes_racing_on_one_game_apply_each_step_once(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'race.db'}"
    else:
        server: PgServer = request.getfixturevalue("pg_server")
        url = await server.create_schema()
    store = await open_store(url)
    try:
        game = await active_game(store)
        steps = 30
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                _RACER,
                url,
                str(game.id),
                name,
                str(steps),
                cwd=ROOT,
                stdout=asyncio.subprocess.PIPE,
            )
            for name in ("p1", "p2")
        ]
        outputs = [await p.communicate() for p in procs]
        assert [p.returncode for p in procs] == [0, 0]
        applied = [int(out.decode()) for out, _ in outputs]
        assert sum(applied) == steps  # every step applied once: none lost, none doubled
        log = await store.actions(game.id)
        assert [a.step for a in log] == list(range(steps))
        assert {a.notation for a in log} <= {"p1", "p2"}
        loaded = await store.game(game.id)
        assert loaded is not None and loaded.step == steps
    finally:
        await store.close()


async def test_a_stale_step_leaves_the_other_process_s_move_intact(store_url: str) -> None:
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        game = await active_game(first)
        await first.record_action(
            game.id, step=0, seat=0, notation="roll", narration="", state={"n": 1}, now=3.0
        )
        with pytest.raises(StaleStep):
            await second.record_action(
                game.id, step=0, seat=1, notation="stop", narration="", state={"n": 9}, now=4.0
            )
        loaded = await second.game(game.id)
        assert loaded is not None and loaded.state == {"n": 1}
    finally:
        await first.close()
        await second.close()


async def test_processes_opening_a_new_database_file_at_once_all_open_it(tmp_path: Path) -> None:
    """Bots started together on one new SQLite file (compose starts them at once) each open it:
    switching it to WAL and migrating it at the same moment found it locked before openers took
    turns (storage/sqlite.py, ``opening``)."""
    for attempt in range(20):
        path = str(tmp_path / f"floe-{attempt}.db")
        opened = await asyncio.gather(*(open_store(path) for _ in range(5)), return_exceptions=True)
        failed = [r for r in opened if isinstance(r, BaseException)]
        for store in opened:
            if not isinstance(store, BaseException):
                await store.close()
        assert not failed, failed
