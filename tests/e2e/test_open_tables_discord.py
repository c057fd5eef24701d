"""Finding a table end to end through simcord: /game open lists the server's lobbies with free
seats and a Join button each (restart-safe); a join from the list seats the player and updates
the lobby; /notify-me mentions; /leaderboard shows ratings."""

from __future__ import annotations

from tests.support.driver import labels


async def test_open_lists_lobbies_and_a_join_from_the_list_seats_the_player(world, make_bot) -> None:
    env, _guild, general, other, members = world
    alice, bob, carol = members[:3]
    nothing = await bob.slash(other, "game open")
    assert "No open lobbies" in nothing.response.content
    await carol.slash(other, "notify-me", game="polar-derby")
    await alice.slash(general, "game new", game="polar-derby", options="no risk")
    [lobby] = [m for m in general.history() if "looking for players" in m.content]
    notice = general.last_message  # no games channel is set: the notice goes to the lobby's channel
    assert "Polar Derby** table is open" in notice.content and f"<@{carol.user.id}>" in notice.content
    listing = await bob.slash(other, "game open")
    text = listing.response.content
    assert listing.ephemeral and "Polar Derby" in text and "1/4 seats" in text and "host alice" in text
    assert "no risk" in text and "Join 1: Polar Derby" in labels(listing.response)
    await env.restart_bot(make_bot())  # the join button carries its game: it outlives the bot
    await bob.click(listing.response, label="Join 1: Polar Derby")
    table = await env.bot.sessions.table_in(general.id)
    assert table.users() == [alice.user.id, bob.user.id]
    [updated] = [m for m in general.history() if m.id == lobby.id]  # the lobby post, edited
    assert "Joined (2)" in updated.content and "bob: no finished games yet" in updated.content
    await alice.click(updated, label="Start")
    await bob.slash(general, "game resign")
    board = await carol.slash(general, "leaderboard", game="polar-derby")
    content = board.response.content
    assert "1. alice: 1 won of 1 · rating" in content and "?" in content and "finished 100%" in content
    assert "No open lobbies" in (await bob.slash(other, "game open")).response.content
