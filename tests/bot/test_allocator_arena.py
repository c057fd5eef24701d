"""The bot's threads share glibc's one allocator arena (``bot.core.pictures.share_one_allocator_arena``):
with an arena per thread, the second drawing thread's arena kept 6-10 MB after its pictures were
freed, and ``bench_memory.py`` peaked at the 150 MB budget. glibc's own ``malloc_stats`` counts the
arenas of a child process whose threads allocate at the same time."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.adapter import launch
from bot.core import pictures
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]

#: A child process: optionally the cap, then four threads allocating together, then glibc's count.
CHILD = r"""
import ctypes, sys, threading
from bot.core.pictures import share_one_allocator_arena

capped = share_one_allocator_arena() if sys.argv[1] == "cap" else False
together = threading.Barrier(4)

def allocate():
    together.wait()  # all four alive at once: an exited thread's arena would be handed on
    kept = [bytearray(10_000) for _ in range(50)]  # from malloc's arenas (not pymalloc, not mmap)
    together.wait()

threads = [threading.Thread(target=allocate) for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
ctypes.CDLL(None).malloc_stats()
print(capped)
"""

glibc_only = pytest.mark.skipif(not pictures._glibc(), reason="allocator arenas are glibc's")


def arenas(mode: str) -> tuple[int, str]:
    """The number of arenas glibc reports in a child run with ``mode`` ("cap" or "default"), and
    what the child printed (whether the cap was set)."""
    env = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, mode], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return len(re.findall(r"^Arena \d+:$", done.stderr, re.MULTILINE)), done.stdout.strip()


@glibc_only
def test_the_cap_leaves_every_thread_in_one_arena() -> None:
    count, capped = arenas("cap")
    assert capped == "True"
    assert count == 1


@glibc_only
def test_without_the_cap_threads_take_arenas_of_their_own() -> None:
    """The control: the child's threads do get arenas of their own when nothing caps them, so the
    test above would see it if the cap did nothing."""
    count, capped = arenas("default")
    assert capped == "False"
    assert count > 1


def test_an_arena_limit_set_in_the_environment_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert pictures.share_one_allocator_arena() is False


def test_floe_run_sets_the_cap_before_it_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``launch.run`` caps the arenas before it opens the database (whose thread is the first)."""
    order: list[str] = []
    monkeypatch.setattr(launch, "share_one_allocator_arena", lambda: order.append("cap") or True)

    async def opened(database: str) -> object:
        order.append("database")
        raise launch.StartupError("stop here")

    monkeypatch.setattr(launch, "open_store", opened)
    assert launch.run(Settings(token="abc", database=str(tmp_path / "f.db")), err=io.StringIO()) == 1
    assert order == ["cap", "database"]


def test_another_c_library_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """On another C library (musl, macOS) nothing is called and the bot starts as before."""
    monkeypatch.delenv("MALLOC_ARENA_MAX", raising=False)
    monkeypatch.setattr(pictures, "_glibc", lambda: False)
    assert pictures.share_one_allocator_arena() is False
