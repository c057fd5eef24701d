"""People's daily digests, stored (storage/daily_digests.py): one claim a day wins, on each backend."""

from __future__ import annotations

import asyncio

from storage import Store, open_store
from storage.daily_digests import DigestSetting, DigestStore


async def test_a_day_s_digest_is_claimed_once_among_two_connections(store_url: str) -> None:
    stores: list[Store] = [await open_store(store_url) for _ in range(2)]
    try:
        first, second = (DigestStore(s) for s in stores)
        await first.keep(DigestSetting(7, 8 * 60, True, 100.0, "2026-01-04", 0.0))
        assert [s.user_id for s in await second.due(100.0, 10)] == [7]
        assert await second.next_at() == 100.0 and await second.instead_of_dms(7)
        won = await asyncio.gather(
            *(d.claim(7, "2026-01-05", now=100.0, next_at=200.0) for d in (first, second))
        )
        assert sorted(won) == [False, True]
        assert not await first.claim(7, "2026-01-05", now=150.0, next_at=300.0), "once a day"
        assert not await first.claim(7, "2026-01-04", now=150.0, next_at=300.0), "nor an earlier day"
        kept = await second.of(7)
        assert kept is not None and (kept.last_day, kept.since, kept.next_at) == ("2026-01-05", 100.0, 200.0)
        assert await second.due(150.0, 10) == []
        assert await first.claim(7, "2026-01-06", now=250.0, next_at=300.0), "the next day"
        await first.stop(7)
        assert await second.of(7) is None and not await second.instead_of_dms(7)
    finally:
        for s in stores:
            await s.close()
