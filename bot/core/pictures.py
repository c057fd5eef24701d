"""Pictures (boards, private views, GIFs) drawn off the event loop, when they are needed.

Every picture is drawn by the same two threads (:func:`drawing_pool`), not asyncio's default
executor: each drawing thread keeps its own masks, so theirs are the only caches; the bot's
threads share one allocator arena (:func:`renderer.memory.share_one_allocator_arena`).

A reply is composed and returned before its pictures are drawn: a :class:`Picture` holds what to
draw (a view and the names on it, or a function that makes the view) and draws it the first time
a front end awaits :meth:`Picture.data`, when it posts. So the move's own work (load, rules,
commit, the reply's text and controls) never waits for a drawing, nor for the hand-over to the
drawing thread and back; a reply nobody posts (a superseded edit, a test) is never drawn; and a
drawing that fails fails the post, which the front end retries (an owed board), not the move,
which is committed already.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


#: The drawing threads (:func:`drawing_pool`).
DRAWING_THREADS = 2


@functools.cache
def drawing_pool() -> ThreadPoolExecutor:
    """The worker threads that draw every picture (made at the first one).

    Two: the machine the budgets are set for has two cores, and each drawing thread keeps its
    own masks, so every thread more is memory more (docs/performance.md, "Design figures")."""
    return ThreadPoolExecutor(max_workers=DRAWING_THREADS, thread_name_prefix="floe-board")


async def drawn(draw: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``draw(*args, **kwargs)`` run by the drawing threads (:func:`drawing_pool`)."""
    return await asyncio.get_running_loop().run_in_executor(
        drawing_pool(), functools.partial(draw, *args, **kwargs)
    )


class Picture:
    """PNG or GIF bytes, drawn by the drawing threads the first time they are awaited.

    ``draw`` runs once, in a drawing thread; every :meth:`data` after the first returns the same
    bytes (or raises the same error). ``None`` is a picture with nothing to show (an animation of
    no movement). Call :meth:`data` from the event loop only. ``describe`` gives its alt text
    (:func:`renderer.describe`, from the same view), made when a front end asks for it.
    """

    __slots__ = ("_describe", "_draw", "_drawing")

    def __init__(self, draw: Callable[[], bytes | None], describe: Callable[[], str] | None = None) -> None:
        self._draw = draw
        self._describe = describe
        self._drawing: Future[bytes | None] | None = None

    @classmethod
    def of(cls, data: bytes | None) -> Picture:
        """A picture drawn already."""
        picture = cls(lambda: data)
        picture._drawing = Future()
        picture._drawing.set_result(data)
        return picture

    def description(self) -> str | None:
        """What the picture shows, in words, for screen readers (None: nobody said)."""
        return self._describe() if self._describe is not None else None

    @property
    def started(self) -> bool:
        """Whether anyone has asked for it yet (it is drawn, or being drawn)."""
        return self._drawing is not None

    async def data(self) -> bytes | None:
        """The picture's bytes, drawn now if nobody asked for them before."""
        if self._drawing is None:
            self._drawing = drawing_pool().submit(self._draw)
        drawing = self._drawing
        # a picture drawn already is taken as it is: waiting on it would cost a wake-up
        return drawing.result() if drawing.done() else await asyncio.wrap_future(drawing)
