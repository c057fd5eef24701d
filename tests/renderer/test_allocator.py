"""What renderer/memory.py's glibc settings rely on, checked in child processes (a setting is
the whole process's), each beside a control that shows the test would see the setting do nothing:

* the bot's threads share glibc's one allocator arena (``share_one_allocator_arena``): with an
  arena per thread, the second drawing thread's arena kept 6-10 MB after its pictures were freed,
  and ``bench_memory.py`` peaked at the 150 MB budget. glibc's own ``malloc_stats`` counts the
  arenas of a child process whose threads allocate at the same time;
* a picture block gets its own mapping, given back when freed, even after a larger buffer was
  freed (``return_freed_pictures``): glibc's default raises its mapping threshold to the size of
  every mapped block freed, after which picture blocks came from the heap and stayed there.
  glibc's ``mallinfo2`` counts the mapped blocks."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.adapter import launch
from bot.settings import Settings
from renderer import memory

ROOT = Path(__file__).resolve().parents[2]

#: A child process: optionally the cap, then four threads allocating together, then glibc's count.
CHILD = r"""
import ctypes, sys, threading
from renderer.memory import share_one_allocator_arena

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

glibc_only = pytest.mark.skipif(not memory.glibc(), reason="allocator arenas are glibc's")


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
    assert memory.share_one_allocator_arena() is False


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
    monkeypatch.setattr(memory, "glibc", lambda: False)
    assert memory.share_one_allocator_arena() is False


#: A child process: optionally the renderer's threshold, then a large buffer freed (which raises
#: glibc's default threshold past a picture block), then a board's worth of picture blocks held:
#: how many glibc mapped (each its own mapping, given back when freed; glibc serves a block from
#: the heap's free top first, so a few may come from there either way).
THRESHOLD_CHILD = r"""
import ctypes, sys
BLOCKS, PICTURE_BLOCK_SIZE = 32, int(sys.argv[2])
if sys.argv[1] == "set":  # importing the renderer sets its threshold: the control does not
    from renderer.memory import return_freed_pictures

class MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
libc.mallinfo2.restype = MallInfo2
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
set_ = return_freed_pictures() if sys.argv[1] == "set" else False
libc.free(libc.malloc(4 << 20))  # a large buffer freed: glibc's default threshold rises past it
mapped_before = libc.mallinfo2().hblks
blocks = [libc.malloc(PICTURE_BLOCK_SIZE) for _ in range(BLOCKS)]
print(set_, libc.mallinfo2().hblks - mapped_before)
for block in blocks:
    libc.free(block)
"""


def mapped_picture_blocks(mode: str) -> tuple[str, int]:
    """Whether the child set the threshold, and how many of its 32 picture blocks were mapped."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    done = subprocess.run(
        [sys.executable, "-c", THRESHOLD_CHILD, mode, str(memory.PICTURE_BLOCK_SIZE)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    applied, mapped = done.stdout.split()
    return applied, int(mapped)


@glibc_only
def test_picture_blocks_are_mapped_after_a_larger_buffer_was_freed() -> None:
    applied, mapped = mapped_picture_blocks("set")
    assert applied == "True"
    assert mapped >= 16  # of 32: all but what the heap's free top held


@glibc_only
def test_without_the_threshold_glibc_keeps_a_picture_block_on_the_heap() -> None:
    """The control: glibc's own threshold, raised by the large buffer freed, leaves the block on
    the heap, so the test above would see it if setting the threshold did nothing."""
    assert mapped_picture_blocks("default") == ("False", 0)
