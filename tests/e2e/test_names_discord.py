"""Members' names through simcord: made safe once, when the bot remembers them (markdown escaped,
hidden characters taken out, cut to Discord's 32 characters), and pings first in every post."""

from __future__ import annotations

from tests.support.driver import public_messages


def lobby_post(channel):
    """The newest lobby message (a notice may have come after it)."""
    return max((m for m in channel.history() if "looking for players" in m.content), key=lambda m: m.id)


HIDDEN = (
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u200b\u200c\u200d\u2060\ufeff\x07"
)


async def test_markdown_and_hidden_characters_in_names_never_reach_a_post(world) -> None:
    env, guild, general, _other, members = world
    alice = members[0]
    link = guild.add_member(env.create_user("linker"), nick="[Free Nitro](https://nitro.example)")
    fence = guild.add_member(env.create_user("fencer"), nick="```x``` **big** # no")
    hidden = guild.add_member(env.create_user("hider"), nick="\u202eevil\u200bname\u2066\ufeff\x07")
    for member in (link, fence, hidden):
        await env.bot.store.set_auto_play(member.user.id, False)
    await alice.slash(general, "game new", game="polar-derby")
    for member in (link, fence, hidden):
        await member.click(general.last_message, label="Join")
    await alice.click(general.last_message, label="Start")
    posts = "\n".join(m.content for m in public_messages(general))
    # shown as text, not as a masked link (cut to 32 characters, its "[" still escaped)
    assert "\\[Free Nitro](https://nitro.examp," in posts
    assert "[Free Nitro](" not in posts.replace("\\[Free Nitro](", "")
    assert "```" not in posts and "\\`\\`\\`x\\`\\`\\` \\*\\*big\\*\\* # no" in posts
    assert "evilname" in posts and not any(c in posts for c in HIDDEN)
    names = await env.bot.store.names([link.user.id, fence.user.id, hidden.user.id])
    assert names[hidden.user.id] == "evilname"  # remembered clean, once
    assert names[link.user.id] == "\\[Free Nitro](https://nitro.examp"


async def test_a_long_name_is_cut_to_32_characters_and_never_costs_a_ping(world) -> None:
    env, guild, general, other, members = world
    carol = members[2]
    long = guild.add_member(env.create_user("longname"), nick="L" * 1990)
    await env.bot.store.set_auto_play(long.user.id, False)
    await carol.slash(other, "notify-me", game="polar-derby")
    await long.slash(general, "game new", game="polar-derby")
    notice = general.last_message
    assert "table is open" in notice.content
    assert f"<@{carol.user.id}>" in notice.content  # the ping came first, not after the name
    assert await env.bot.store.names([long.user.id]) == {long.user.id: "L" * 32}
    await carol.click(lobby_post(general), label="Join")
    await long.click(lobby_post(general), label="Start")
    board = general.last_message
    table = await env.bot.sessions.table(1)
    [first] = [table.user_of(s) for s in table.game.to_act(table.state)]
    assert board.content.startswith(f"Your turn: <@{first}>")  # pings first in a post
    assert "L" * 33 not in board.content


async def test_names_remembered_before_they_were_made_safe_are_made_safe_once(world, make_bot) -> None:
    env, _guild, general, _other, members = world
    store = env.bot.store
    old, hidden = 901, 902  # members the bot remembered raw, before names were made safe
    await store.remember_name(old, "[Free Nitro](https://x.io)")
    await store.remember_name(hidden, "\u202e\u200b")
    await store._write("DELETE FROM upgrades WHERE name = ?", ("names made safe",))
    await env.restart_bot(make_bot())
    assert await env.bot.store.names([old, hidden]) == {old: "\\[Free Nitro](https://x.io)"}
    await env.restart_bot(make_bot())  # once: a safe name is not escaped again
    assert await env.bot.store.names([old]) == {old: "\\[Free Nitro](https://x.io)"}
