"""Where pictures live in memory: glibc's allocator settings and Pillow's pool of picture
blocks. The renderer's are set once per process that draws (importing :mod:`renderer` calls
:func:`return_freed_pictures` and :func:`keep_picture_blocks`); the bot's one arena for every
thread is the process's to make before its threads start (:func:`share_one_allocator_arena`,
which ``floe run`` calls).

All change where a picture's bytes live, never the picture. This is the one module that tunes
glibc's allocator (``mallopt`` through ctypes): each setting is measured by bench/bench_memory.py
(docs/performance.md, "Design figures"), and each leans on glibc's behaviour, which
tests/renderer/test_allocator.py checks in child processes (one arena for every thread when capped, a freed picture block's
mapping given back whatever was freed before it) so that a C library that changes it fails there
rather than silently in the memory budget. On another C library (musl, macOS) nothing is set.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable

from PIL import _imaging

#: Pillow cuts each picture's buffer into blocks of at most this many bytes (whole lines; a
#: 960 px board is about 22 of them); its default, 16 MiB, makes a picture one block of its own
#: size (:func:`keep_picture_blocks`).
PICTURE_BLOCK_SIZE = 128 << 10
#: Freed picture blocks Pillow keeps for the next pictures (at most 8 MiB of them).
PICTURE_BLOCKS = 64
#: Allocations at least this large get their own memory mapping from the C allocator, given
#: back to the system when freed: every full picture block (a block of a 960 px picture is
#: 127.5 KiB), while smaller buffers (zlib's, text masks) stay on the heap.
IMAGE_MMAP_THRESHOLD = 96 << 10
#: glibc's ``mallopt`` parameter numbers (malloc.h): the mapping threshold, the most arenas.
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8


def glibc() -> bool:
    """Whether this process runs on glibc (whose allocator this module tunes)."""
    try:
        return (os.confstr("CS_GNU_LIBC_VERSION") or "").startswith("glibc")
    except (ValueError, OSError):  # no such name on this system
        return False


def mallopt(parameter: int, value: int) -> bool:
    """glibc's ``mallopt(parameter, value)``; False when it refused, or on another C library."""
    if not glibc():
        return False
    try:
        call: Callable[[ctypes.c_int, ctypes.c_int], int] = ctypes.CDLL(None).mallopt
        return bool(call(ctypes.c_int(parameter), ctypes.c_int(value)))
    except (OSError, AttributeError):
        return False


def share_one_allocator_arena() -> bool:
    """Make every thread of this process allocate from glibc's one main arena; call it before the
    first thread starts. Returns whether the cap was set.

    glibc gives each thread that allocates its own arena (up to eight per core), and a thread's
    arena keeps the pages it was given after the pictures in them are freed: with both drawing
    threads drawing, the second arena is memory held for nothing, and one arena draws as many
    boards a second. A ``MALLOC_ARENA_MAX`` set in the environment wins; other C libraries are
    left alone.
    """
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    return mallopt(M_ARENA_MAX, 1)


def return_freed_pictures() -> bool:
    """Make freed picture buffers go back to the system at once (glibc only; True if applied).

    glibc serves a large allocation from its own mapping, but raises that threshold to the size
    of every such block freed, so after the first boards each picture buffer would come from the
    heap of the thread that drew it, and stay there once freed. A fixed threshold keeps picture blocks in mappings; :func:`keep_picture_blocks` keeps the
    last few for the next pictures, so a board faults in almost no page.
    """
    return mallopt(M_MMAP_THRESHOLD, IMAGE_MMAP_THRESHOLD)


def keep_picture_blocks(blocks: int = PICTURE_BLOCKS, block_size: int = PICTURE_BLOCK_SIZE) -> None:
    """Let Pillow cut pictures into blocks of ``block_size`` bytes, keep up to ``blocks`` freed
    blocks and hand them to the next pictures.

    A board makes a few pictures as large as itself (the canvas or a layer's copy, the palette
    picture) and many small ones (text masks, crops). Pillow hands the last block freed to the
    next picture whatever its size and resizes it: with one block per picture, a board-sized
    buffer resized for a small picture and back is a fresh mapping whose pages the kernel
    faults in and zeroes. Blocks of one size serve every picture as they are: a board then
    faults in almost no page. Each block is its own mapping (:data:`IMAGE_MMAP_THRESHOLD`, so
    freed blocks do not pile up in thread heaps), so the memory held apart from pictures in use is
    ``blocks * block_size`` at most.
    """
    _imaging.set_block_size(block_size)  # Pillow's block allocator (also PILLOW_BLOCK_SIZE)
    _imaging.set_blocks_max(blocks)  # (also PILLOW_BLOCKS_MAX)
