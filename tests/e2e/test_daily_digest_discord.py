"""Daily digests through the strict Discord double, over three simulated days in a time zone:
``/settings digest:08:00`` with quiet hours 22-9 brings one DM a day, at the end of the quiet
hours (09:00 there), never inside them, with the game's jump link and web page, though two
processes on one database look at it. The second process is its own store, session service and
scheduler on the same database; its DMs go out through the same simulated Discord. A player who
takes the digest "only" gets no turn DM."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.adapter.app import FloeBot, now
from bot.core.scheduler import Scheduler
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from storage import open_store
from tests.support.driver import awaited_member, open_and_start

WEB_URL = "https://floe.example.org"
ZONE = ZoneInfo("America/New_York")
HOUR, DAY = 3600, 86400


@pytest.fixture(autouse=True)
def coarse_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tick at least hourly: the scheduler wakes for the digest itself (``next_delay``)."""
    monkeypatch.setattr(FloeBot, "tick_seconds", HOUR)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(web_url=WEB_URL)


@pytest.fixture
async def second_process(simcord_env, db_path: str) -> AsyncIterator[Scheduler]:  # type: ignore[no-untyped-def]
    """Another bot process's scheduler on the same database (its own connections and leases)."""
    store = await open_store(db_path)
    sessions = Sessions(store, clock=now)
    scheduler = Scheduler(sessions, store, simcord_env.bot.outbox, clock=now, owner="second process")
    spectators = Spectators(store, sessions)

    async def page(game_id: int) -> str | None:
        return await spectators.address(WEB_URL, game_id)

    scheduler.digests.pages = page
    try:
        yield scheduler
    finally:
        await store.close()


def digests_of(member) -> list:  # type: ignore[no-untyped-def]
    channel = member.user.dm_channel
    return [] if channel is None else [m for m in channel.history() if "daily digest" in m.content]


async def test_one_digest_a_day_in_the_player_s_zone_never_in_quiet_hours_across_two_processes(
    world, second_process
) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    waiting = awaited_member(board, [alice, bob])
    [other] = [m for m in (alice, bob) if m is not waiting]
    asked = await waiting.slash(
        general, "settings", time_zone="America/New_York", quiet_hours="22-9", digest="08:00"
    )
    assert asked.ephemeral and "Daily digest at 08:00." in asked.response.content
    taken = await other.slash(general, "settings", dm_on_turn=True, digest="7 only")
    assert "Daily digest at 07:00, instead of turn DMs." in taken.response.content
    game_id = (await env.bot.sessions.table_in(general.id)).record.id
    page = f"{WEB_URL}/g/{await env.bot.spectators.token(game_id)}"

    for day in range(3):
        day_ends = now() + DAY
        if day == 1:  # the second process gets there first: at the digest's time, then at 09:00
            for _ in range(2):  # (this process's tick comes a second after what is due)
                setting = await second_process.digests.setting(waiting.user.id)
                assert setting is not None
                await env.advance_time(setting.next_at - now() + 0.5)
                await second_process.tick()
            assert len(digests_of(waiting)) == 2, "the second process sent the second day's digest"
        while now() < day_ends:  # the rest of the day, hour by hour; both processes tick
            await env.advance_time(min(HOUR, day_ends - now()))
            await second_process.tick()
        assert len(digests_of(waiting)) == day + 1, f"day {day + 1}"

    sent = digests_of(waiting)
    local = [datetime.fromtimestamp(m.created_at.timestamp(), ZONE) for m in sent]
    assert len({t.date() for t in local}) == 3, "one a day"
    assert all(t.hour == 9 and t.minute < 5 for t in local), "held to the end of the quiet hours (22-9)"
    for message in sent:
        assert "Waiting on you" in message.content and "Polar Derby" in message.content
        assert f"https://discord.com/channels/{guild.id}/{general.id}" in message.content
        assert page in message.content

    # the player who takes the digest instead of turn DMs gets none when their turn comes
    for _ in range(40):
        table = await env.bot.sessions.table(game_id)
        [seat] = table.game.to_act(table.state)
        if table.user_of(seat) != waiting.user.id:
            break
        legal = [c["value"] for c in await waiting.autocomplete(general, "game move", "action", "")]
        await waiting.slash(general, "game move", action="stop" if "stop" in legal else legal[0])
    table = await env.bot.sessions.table(game_id)
    assert {table.user_of(s) for s in table.game.to_act(table.state)} == {other.user.id}, "their turn came"
    assert other.user.dm_channel is None or not [
        m for m in other.user.dm_channel.history() if "Your turn" in m.content
    ]


async def test_the_digest_and_its_setting_are_in_the_player_s_language(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    waiting = awaited_member(board, [alice, bob])
    [other] = [m for m in (alice, bob) if m is not waiting]
    env.strict.locales[waiting.user.id] = "nl"  # the awaited player's Discord speaks Dutch
    answer = await waiting.slash(general, "settings", digest="8")
    assert "Dagoverzicht om 08:00." in answer.response.content
    assert "Daily digest at 08:00." in (await other.slash(general, "settings", digest="8")).response.content
    await env.advance_time(2 * DAY)
    dutch = [m.content for m in waiting.user.dm_channel.history() if "📰" in m.content]
    assert dutch and all("Je dagoverzicht" in d and "Wacht op jou" in d for d in dutch)
    assert not any("daily digest" in d.lower() or "Waiting on you" in d for d in dutch)
