"""Powers follow seats, through simcord: a host whose seat was given away is host no more (the
server's moderators keep their powers), a player who resigned has no say in a pause, and the
private paths (``/plan``, an answer by DM) take only private or secret choices."""

from __future__ import annotations

import pytest

import games
from bot.adapter.app import FloeBot
from bot.core.sessions.decide import secret_seats
from tests.support.cards import request_text
from tests.support.driver import awaited_member, open_and_start, posts_pinging, private_texts, server_manager


async def test_a_host_whose_seat_was_given_away_is_host_no_more(world) -> None:
    env, guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    mod = server_manager(env, guild, "moddy")
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await mod.slash(general, "game replace", old=alice, new=dave)
    # alice may not put herself back, nor end the game she no longer plays
    back = await alice.slash(general, "game replace", old=dave, new=alice)
    assert back.ephemeral and "Only the host or a moderator" in back.response.content
    gone = await alice.slash(general, "game abandon")
    assert gone.ephemeral and "Only the host or a moderator" in gone.response.content
    table = await env.bot.sessions.table(1)
    assert table.record.status == "active" and table.users() == [dave.user.id, bob.user.id, carol.user.id]
    # the server's moderator keeps theirs
    done = await mod.slash(general, "game replace", old=dave, new=alice)
    assert "new holder" in done.response.content
    assert (await env.bot.sessions.table(1)).users()[0] == alice.user.id


async def test_a_resigned_player_has_no_vote_in_a_pause_and_cannot_resume(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await carol.slash(general, "game resign")
    assert (await env.bot.sessions.table(1)).record.status == "active"  # two players play on
    refused = await carol.slash(general, "game pause")
    assert refused.ephemeral and "you resigned" in refused.response.content.lower()
    await alice.slash(general, "game pause")
    await bob.slash(general, "game pause")  # the two still playing decide it
    assert "paused" in general.last_message.content
    settings = await env.bot.clock.clocks.settings(1)
    assert settings.paused
    refused = await carol.slash(general, "game resume")
    assert refused.ephemeral and "you resigned" in refused.response.content.lower()
    assert (await env.bot.clock.clocks.settings(1)).paused
    await bob.slash(general, "game resume")
    assert not (await env.bot.clock.clocks.settings(1)).paused


async def test_plan_from_a_dm_refuses_a_public_move(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    mover = awaited_member(board, [alice, bob])
    posts = len(list(general.history()))
    result = await mover.user.slash("plan", letters="roll", game="1")
    assert result.ephemeral
    answer = result.response.content
    assert "in the game's channel" in answer and "Nothing was changed" in answer, answer
    assert (await env.bot.sessions.table(1)).record.step == 0
    assert len(list(general.history())) == posts


async def test_an_answer_by_dm_refuses_a_public_move(world) -> None:
    """A DM answer waits in the "which game?" menu while the game moves on: by the time the
    player picks the game, it asks for a move everyone sees, which a DM must not play."""
    env, _guild, general, other, members = world
    alice, bob, carol = members[:3]
    await open_and_start(general, "thin-ice", alice, bob, carol)
    sessions = env.bot.sessions
    table = await sessions.table(1)
    while not (keepers := secret_seats(table, sorted(table.game.to_act(table.state)))):
        seat = min(table.game.to_act(table.state))  # the setup: the first legal move, until a card is kept
        await sessions.act(general.id, table.user_of(seat), str(table.legal(seat)[0]), game_id=1)
        table = await sessions.table(1)
    seat = keepers[0]
    keep = str(table.legal(seat)[0])
    kept, _ = games.play(table.game, table.state, seat, table.game.parse_action(keep))
    public = str(table.game.legal_actions(kept, seat)[0])  # what the seat is asked once it kept its card
    assert seat in table.game.to_act(kept) and not games.is_private(table.game.parse_action(public))
    player = next(m for m in members if m.user.id == table.user_of(seat))
    partner = next(m for m in members if m is not player)
    await env.advance_time(61)  # one new lobby a minute per member: the player may have opened the first
    await open_and_start(other, "ice-lake", player, partner)  # a second game waits for a secret choice
    await player.send_dm(public)
    menu = player.user.dm_channel.last_message
    assert "which one" in menu.content
    await player.user.slash("plan", letters=keep, game="1")  # the card kept: the game asks the public move
    step = (await sessions.table(1)).record.step
    posts = len(list(general.history()))
    picked = await player.user.select(menu, ["1"])
    assert (await sessions.table(1)).record.step == step
    assert len(list(general.history())) == posts
    answer = picked.followups[-1].content
    assert "in the game's channel" in answer and "Nothing was changed" in answer, answer


async def test_the_vote_of_a_replaced_player_no_longer_counts(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob, carol, dave = members[:4]
    await open_and_start(general, "polar-derby", alice, bob, carol)
    await carol.slash(general, "game pause")
    await alice.slash(general, "game replace", old=carol, new=dave)
    answer = await bob.slash(general, "game pause")
    assert "(1 of 3)" in answer.response.content, answer.response.content
    assert not (await env.bot.clock.clocks.settings(1)).paused


HOUR = 3600
DAY = 86400


@pytest.fixture
def coarse_ticks(monkeypatch):
    """Tick every ten minutes: ``advance_time`` runs each tick within simcord's real-time budget."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 600)


@pytest.fixture
def hourly_ticks(monkeypatch):
    """Tick every hour, for a test that waits a day and more."""
    monkeypatch.setattr(FloeBot, "tick_seconds", 3600)


def moderator(world):
    env, guild, *_ = world
    return server_manager(env, guild, "moddy")


async def test_a_stall_decided_for_replacing_asks_a_moderator_once_the_host_seat_was_given_away(
    world, hourly_ticks
) -> None:
    """The stall notice and the table's decision to replace the player name who can move the
    seat: not the former host (no ping), but a moderator, with the command to use."""
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    mod = moderator(world)
    await open_and_start(general, "polar-derby", alice, bob)
    await mod.slash(general, "game replace", old=alice, new=carol)
    await mod.slash(general, "game reminders", every="1h", stall_after=1)
    table = await env.bot.sessions.table(1)
    [seat] = table.game.to_act(table.state)
    voter = bob if table.user_of(seat) == carol.user.id else carol
    alice_pings = len(posts_pinging(env, general, alice))
    await env.advance_time(DAY + 120)  # the first reminder
    await env.advance_time(HOUR + 120)  # then the stall notice and its vote
    stall = next(m for m in reversed(list(general.history())) if "stalled" in m.content)
    assert "host" not in stall.content and "a moderator uses `/game replace`" in stall.content, stall.content
    decided = await voter.click(stall, label="Replace the player")
    assert "decided" in decided.response.content
    notice = general.last_message
    assert "wants to replace" in notice.content and "host" not in notice.content, notice.content
    assert "a moderator" in notice.content and "`/game replace`" in notice.content
    assert len(posts_pinging(env, general, alice)) == alice_pings


async def test_a_deadline_without_a_default_asks_a_moderator_once_the_host_seat_was_given_away(
    world, coarse_ticks, monkeypatch
) -> None:
    """A game whose rules leave no default at a deadline asks for a replacement: from a
    moderator, without pinging the former host."""
    from games.polar_derby import PolarDerby

    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    mod = moderator(world)
    await alice.slash(general, "game new", game="polar-derby", deadline="1h")
    await bob.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    await mod.slash(general, "game replace", old=alice, new=carol)
    monkeypatch.delattr(PolarDerby, "default_action")  # rules with no deadline default
    alice_pings = len(posts_pinging(env, general, alice))
    await env.advance_time(HOUR + 1200)
    notice = next(m for m in reversed(list(general.history())) if "no default" in m.content)
    assert "host" not in notice.content.lower(), notice.content
    assert "a moderator" in notice.content and "`/game replace`" in notice.content
    assert len(posts_pinging(env, general, alice)) == alice_pings


async def test_a_lobby_whose_host_seat_was_given_away_names_no_host(world) -> None:
    """The lobby, its later posts and ``/game open`` show the host only while seated; without
    one they say that a moderator starts or cancels the game."""
    env, _guild, general, other, members = world
    alice, bob, carol, dave = members[:4]
    mod = moderator(world)
    await alice.slash(general, "game new", game="polar-derby")
    assert "Host: alice" in general.last_message.content
    await bob.click(general.last_message, label="Join")
    await mod.slash(general, "game replace", old=alice, new=carol)
    for lobby in (
        general.last_message,
        (await dave.click(general.last_message, label="Join")) and general.last_message,
    ):
        assert "looking for players" in lobby.content
        assert "Host:" not in lobby.content and "the host" not in lobby.content, lobby.content
        assert "a moderator presses **Start**" in lobby.content, lobby.content
    listing = (await bob.slash(other, "game open")).response.content
    assert "alice" not in listing and "host alice" not in listing, listing
    assert "no host: a moderator starts it" in listing, listing
    started = await mod.click(general.last_message, label="Start")
    assert not started.ephemeral or "only the host" not in (started.response.content or "")
    assert (await env.bot.sessions.table(1)).record.status == "active"


async def test_a_player_refused_a_host_power_without_a_seated_host_hears_who_has_it(world) -> None:
    """Refusals of the host's work name who may do it: a moderator, once the host's seat was
    given away (nobody hosts the table), not a host there is none of."""
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    mod = moderator(world)
    await alice.slash(general, "game new", game="polar-derby", deadline="1h")
    await bob.click(general.last_message, label="Join")
    await mod.slash(general, "game replace", old=alice, new=carol)
    await bob.click(general.last_message, label="Start")
    assert any("only a moderator can start the game" in t for t in private_texts(general, bob))
    cancel = await bob.slash(general, "game cancel")
    assert "only a moderator can cancel the game" in cancel.response.content.lower()
    await mod.click(general.last_message, label="Start")
    extend = await bob.slash(general, "game extend")
    assert "only a moderator can extend the deadline" in extend.response.content.lower()
    reminders = await carol.slash(general, "game reminders", every="1h")
    assert "only a moderator can change the reminders" in reminders.response.content.lower()


def dms_to(env, member) -> list[str]:
    """The texts the bot sent ``member`` by DM."""
    dm = member.user.dm_channel
    if dm is None:
        return []
    return [
        request_text(h)
        for h in env.http_requests
        if h.method == "POST" and h.path == f"/channels/{dm.id}/messages" and h.json
    ]


async def test_a_board_given_up_is_told_to_the_players_not_the_former_host(world, coarse_ticks) -> None:
    """Every retry of a board failed: the host would hear of it; without a seated host the
    players do (any of them may ask for the board again), and the former host does not."""
    env, _guild, general, _other, members = world
    alice, bob, carol = members[:3]
    mod = moderator(world)
    await open_and_start(general, "polar-derby", alice, bob)
    env.inject_error("POST", f"/channels/{general.id}/messages", status=403, code=20001, times=None)
    await mod.slash(general, "game replace", old=alice, new=carol)  # its board is refused, then retried
    for _ in range(12):
        await env.advance_time(HOUR)
    assert not [d for d in dms_to(env, alice) if "gave up" in d]
    for player in (bob, carol):
        [notice] = [d for d in dms_to(env, player) if "gave up" in d]
        assert "`/game board`" in notice


async def test_a_deleted_thread_without_a_seated_host_offers_no_host_command(world, coarse_ticks) -> None:
    """The DM about a deleted thread says what the host can do; once the host's seat was given
    away nobody can move the game, and the DM says so instead of naming the host's commands."""
    env, guild, general, _other, members = world
    alice, bob, carol = members[:3]
    mod = moderator(world)
    await env.bot.servers.change(guild.id, threads=True)
    await alice.slash(general, "game new", game="polar-derby", deadline="1h")
    [thread] = general.threads
    await bob.click(thread.last_message, label="Join")
    await alice.click(thread.last_message, label="Start")
    await mod.slash(thread, "game replace", old=alice, new=carol)
    env.backend.delete_channel(thread.id)
    await env.advance_time(2 * HOUR)
    assert not [d for d in dms_to(env, alice) if "paused" in d]
    for player in (bob, carol):
        [told] = [d for d in dms_to(env, player) if "paused" in d]
        assert "deleted" in told and "host can" not in told and "/game relocate" not in told, told
        assert "seat was given away" in told
