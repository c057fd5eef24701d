"""Servers of the language tests: a server in a Discord language, where alice's Discord is Dutch
and bob's English, playing in its ``general`` channel."""

from __future__ import annotations

from typing import Any


async def server_in(
    env: Any, locale: str | None, name: str = "Club polaire", *, ask_every_move: bool = True
) -> tuple[Any, Any, Any, Any]:
    """A server whose Discord language is ``locale`` (None: Discord's default), whose games play
    in its ``general`` channel; alice's Discord is Dutch, bob's English. With
    ``ask_every_move`` both click their own moves, forced ones included. Returns the guild,
    ``general``, alice and bob."""
    guild = env.create_guild(name, **({"preferred_locale": locale} if locale else {}))
    general = guild.create_text_channel("general")
    alice, bob = (guild.add_member(env.create_user(member)) for member in ("alice", "bob"))
    env.strict.locales[alice.user.id] = "nl"
    await env.bot.servers.change(guild.id, threads=False)
    if ask_every_move:
        for member in (alice, bob):
            await env.bot.store.set_auto_play(member.user.id, False)
    return guild, general, alice, bob
