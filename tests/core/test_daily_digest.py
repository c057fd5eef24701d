"""The daily digest's decisions (bot/core/scheduler/daily_digest.py): its time in the player's
zone, quiet hours holding it, once a day across two processes on each backend, and what it
tells: public events only, in the player's language."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

from bot.core.scheduler.daily_digest import DailyDigests, decide, parse_digest
from bot.core.scheduler.notices import ClockError
from storage.clocks import UserClock
from storage.daily_digests import DigestSetting
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAY,
    HOUR,
    T0,
    Clock,
    Outbox,
    Service,
    open_service,
    start_game,
)

BERLIN = "Europe/Berlin"  # UTC+1 in January: T0 (noon UTC) is 13:00 there


def utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


class DigestOutbox(Outbox):
    """An outbox that also keeps the digests it is asked to DM."""

    def __init__(self) -> None:
        super().__init__()
        self.digests: list[tuple[int, str]] = []

    async def send_digest(self, user_id: int, text: str) -> bool:
        self.digests.append((user_id, text))
        return True


def test_a_digest_time_is_read_as_typed() -> None:
    assert parse_digest("8").minute == 8 * 60
    assert parse_digest("08:30") == parse_digest("8:30")
    assert parse_digest("20:30 only").instead_of_dms and parse_digest("20:30 only").minute == 20 * 60 + 30
    assert not parse_digest("08:00").instead_of_dms
    assert parse_digest("off").minute is None
    for wrong in ("25", "8:61", "soon", "8 please"):
        with pytest.raises(ClockError):
            parse_digest(wrong)


def test_the_digest_is_due_at_its_time_in_the_player_s_zone() -> None:
    berlin = UserClock(ALICE, time_zone=BERLIN)
    done_today = DigestSetting(ALICE, 8 * 60, False, 0.0, "2026-01-05", 0.0)
    # 13:00 in Berlin: today's 08:00 digest went out; the next is at 08:00 Berlin = 07:00 UTC
    wait = decide(done_today, berlin, T0)
    assert wait.kind == "wait" and wait.next_at == utc("2026-01-06T07:00")
    assert decide(done_today, berlin, utc("2026-01-06T06:59")).kind == "wait"
    due = decide(done_today, berlin, utc("2026-01-06T07:00"))
    assert (due.kind, due.day, due.next_at) == ("send", "2026-01-06", utc("2026-01-07T07:00"))
    # the same setting read in UTC is an hour later
    assert decide(done_today, UserClock(ALICE), utc("2026-01-06T07:30")).kind == "wait"


def test_quiet_hours_hold_the_digest_to_their_end_and_it_still_counts_for_its_day() -> None:
    quiet = UserClock(ALICE, time_zone=BERLIN, quiet_from=22 * 60, quiet_to=9 * 60)
    setting = DigestSetting(ALICE, 8 * 60, False, 0.0, "2026-01-05", 0.0)
    held = decide(setting, quiet, utc("2026-01-06T07:00"))
    assert held.kind == "hold" and held.next_at == utc("2026-01-06T08:00")  # 09:00 in Berlin
    sent = decide(setting, quiet, held.next_at)
    assert (sent.kind, sent.day) == ("send", "2026-01-06")


@pytest.fixture
async def two(store_url: str) -> AsyncIterator[tuple[Service, Service, Clock]]:
    """Two processes (two stores, sessions and schedulers) on one database, one clock."""
    clock = Clock()
    a = await open_service(store_url, clock, owner="a")
    b = await open_service(store_url, clock, owner="b")
    for service in (a, b):
        service.scheduler.outbox = DigestOutbox()
    try:
        yield a, b, clock
    finally:
        await a.store.close()
        await b.store.close()


def digests(*services: Service) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for service in services:
        outbox = service.scheduler.outbox
        assert isinstance(outbox, DigestOutbox)
        out += outbox.digests
    return out


async def test_one_digest_a_day_across_two_processes(two: tuple[Service, Service, Clock]) -> None:
    a, b, clock = two
    await a.scheduler.set_quiet_hours(ALICE, time_zone=BERLIN)
    gid = await start_game(a.sessions, a.scheduler, players=2)
    setting = await a.scheduler.set_digest(ALICE, "08:00")
    assert setting is not None and setting.next_at == utc("2026-01-06T07:00")
    assert await a.scheduler.next_delay(10 * DAY) == pytest.approx(utc("2026-01-06T07:00") - T0 + 1)
    clock.at(HOUR)  # today's 08:00 had passed when the digest was asked for: none today
    await asyncio.gather(a.scheduler.tick(), b.scheduler.tick())
    assert digests(a, b) == []
    for day in (1, 2, 3):
        for minute in (0, 1, 30):  # both processes tick at the digest's time and after it
            clock.t = utc(f"2026-01-0{5 + day}T07:00") + minute * 60
            await asyncio.gather(a.scheduler.tick(), b.scheduler.tick())
        assert [user for user, _ in digests(a, b)] == [ALICE] * day, f"day {day}"
    [(_, text), *_] = digests(a, b)
    assert "Polar Derby" in text and f"/{CHANNEL}" in text
    assert gid


async def test_the_digest_tells_public_events_only(two: tuple[Service, Service, Clock]) -> None:
    a, _b, clock = two
    gid = await start_game(a.sessions, a.scheduler, "ice-lake", players=3)
    digests_a = DailyDigests(a.scheduler.context)
    clock.at(HOUR)
    await a.sessions.act(CHANNEL, CAROL, "plan SL")
    clock.at(2 * HOUR)
    await a.sessions.act(CHANNEL, BOB, "plan RRS")  # the table sees that Bob planned, not what
    planned = await digests_a.text(ALICE, T0 + 30 * 60, clock())
    await a.sessions.act(CHANNEL, BOB, "plan LLS")  # revised: no public trace at all
    revised = await digests_a.text(ALICE, T0 + 30 * 60, clock())
    assert planned == revised, "a revised plan changes nothing in another player's digest"
    assert revised is not None and "Ice Lake" in revised and "Waiting on you" in revised
    assert "Bob has planned" in revised and "Carol has planned" in revised
    assert "RRS" not in revised and "LLS" not in revised and "SL" not in revised
    # Carol's own plan is not news to her, and Bob's is hidden from her too
    carols = await digests_a.text(CAROL, T0 + 30 * 60, clock())
    assert carols is None or ("RRS" not in carols and "LLS" not in carols)
    assert gid


async def test_the_digest_is_told_in_the_player_s_language(two: tuple[Service, Service, Clock]) -> None:
    a, _b, clock = two
    await start_game(a.sessions, a.scheduler, players=2)
    await a.sessions.readers.choose(ALICE, "fr")
    await a.sessions.readers.choose(BOB, "nl")
    clock.at(HOUR)
    digests_a = DailyDigests(a.scheduler.context)
    texts = [await digests_a.text(user, T0 - HOUR, clock()) for user in (ALICE, BOB)]
    waiting = [t for t in texts if t is not None and "Polar Derby" in t]
    assert waiting, texts
    assert any("Ton résumé du jour" in t for t in waiting) or any("Je dagoverzicht" in t for t in waiting)
    assert all("Your daily digest" not in t for t in waiting)
