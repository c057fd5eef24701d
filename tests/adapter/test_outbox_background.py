"""The outbox's background tasks: tracked, failures logged, waited for and then cancelled on close."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, cast

import pytest

import bot.adapter.outbox as outbox_module
from bot.adapter.outbox import Outbox


async def test_a_failing_background_task_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    outbox = Outbox(cast(Any, None))

    async def broken() -> None:
        raise RuntimeError("the edit broke")

    caplog.set_level(logging.ERROR, logger="floe.discord")
    task = outbox.in_background(broken(), "floe test broken")
    await asyncio.wait([task])
    await asyncio.sleep(0)  # done callbacks run
    assert any("floe test broken failed" in r.getMessage() and r.exc_info for r in caplog.records)
    assert not outbox._background  # no longer tracked once done


async def test_close_waits_for_background_work_then_cancels_what_hangs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(outbox_module, "CLOSE_WAIT", 0.05)
    outbox = Outbox(cast(Any, None))
    finished: list[str] = []

    async def quick() -> None:
        await asyncio.sleep(0.01)
        finished.append("quick")

    quick_task = outbox.in_background(quick(), "floe test quick")
    hung = outbox.in_background(asyncio.sleep(3600), "floe test hung")
    await outbox.close()
    assert finished == ["quick"] and quick_task.done()
    assert hung.cancelled()
