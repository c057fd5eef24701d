"""Honest answers after a commit, through simcord: a command that changed something and then could
not post its notice in the game's channel says what changed and that the others were not told,
never "nothing was changed" (and a retry is never needed)."""

from __future__ import annotations

from storage.clocks import ClockStore


async def start(general, host, guest, **extra):
    await host.slash(general, "game new", game="polar-derby", **extra)
    await guest.click(general.last_message, label="Join")
    await host.click(general.last_message, label="Start")


async def deadlines(env, game_id: int) -> list[float | None]:
    return [w.deadline_at for w in await ClockStore(env.bot.store).waits(game_id)]


async def test_extend_whose_notice_fails_says_the_deadline_moved_and_the_others_were_not_told(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    await start(general, alice, bob, deadline="2h")
    [before] = await deadlines(env, 1)
    env.inject_error("POST", f"/channels/{general.id}/messages", status=500)
    result = await alice.slash(general, "game extend", hours=3)
    said = result.response.content
    assert result.ephemeral and "Deadline extended by 3 h" in said
    assert "could not post" in said and "not been told" in said
    assert "nothing was changed" not in said.lower()
    assert await deadlines(env, 1) == [(before or 0) + 3 * 3600]  # moved once: nobody needs to retry


async def test_pause_and_resume_whose_notices_fail_say_so(world) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    await start(general, alice, bob)
    await alice.slash(general, "game pause")
    env.inject_error("POST", f"/channels/{general.id}/messages", status=500)
    result = await bob.slash(general, "game pause")
    said = result.response.content
    assert "The game is paused" in said and "could not post" in said
    assert (await ClockStore(env.bot.store).settings(1)).paused
    env.inject_error("POST", f"/channels/{general.id}/messages", status=500)
    result = await bob.slash(general, "game resume")
    said = result.response.content
    assert "runs again" in said and "could not post" in said
    assert not (await ClockStore(env.bot.store).settings(1)).paused


async def test_vacation_with_a_lost_channel_says_it_is_set_and_names_the_game_not_told(world) -> None:
    env, _guild, general, other, members = world
    alice, bob = members[:2]
    await start(general, alice, bob)
    await env.advance_time(60)  # one new lobby a minute per member
    await start(other, alice, bob)
    env.inject_error("*", f"/channels/{other.id}*", status=404, code=10003, times=None)  # deleted
    result = await bob.user.slash("vacation", days=2)
    said = result.response.content
    assert "Enjoy" in said and "2 game(s)" in said
    assert "could not tell" in said and "the game's channel no longer exists" in said
    assert "nothing was changed" not in said.lower()
    assert "on vacation" in general.last_message.content  # the reachable game heard it
    clock = await ClockStore(env.bot.store).user_clock(bob.user.id)
    assert clock.vacation_until is not None


async def test_a_new_lobby_whose_announcement_fails_says_it_is_open_and_not_announced(world) -> None:
    env, guild, general, _other, members = world
    alice, carol = members[0], members[2]
    await env.bot.servers.change(guild.id, threads=True, games_channel_id=general.id)
    await carol.slash(general, "notify-me", game="polar-derby")
    env.inject_error("POST", f"/channels/{general.id}/messages", status=500)  # the announcement
    result = await alice.slash(general, "game new", game="polar-derby")
    said = result.response.content
    assert "lobby opened" in said and "could not announce" in said
    assert "nothing was changed" not in said.lower()
    [thread] = general.threads
    assert "looking for players" in thread.last_message.content  # the lobby itself is there
