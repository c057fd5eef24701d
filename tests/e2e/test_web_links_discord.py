"""The games' web pages from Discord: the turn message's "Watch on the web" link button (with
``WEB_URL`` set), ``/game link`` answered privately, and ``/floe config web:false``."""

from __future__ import annotations

import pytest

from bot.adapter.components import WATCH_LABEL
from bot.settings import Settings
from tests.support.driver import open_and_start, raw_components, server_manager

WEB_URL = "https://floe.example.org"


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(web_url=WEB_URL)


def watch_links(message) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.get("url", "") for c in raw_components(message) if c.get("label") == WATCH_LABEL]


async def test_the_turn_message_links_to_the_page_and_game_link_answers_privately(world) -> None:
    env, guild, general, _other, members = world
    alice, bob = members[:2]
    board = await open_and_start(general, "polar-derby", alice, bob)
    game_id = (await env.bot.sessions.table_in(general.id)).record.id
    address = f"{WEB_URL}/g/{await env.bot.spectators.token(game_id)}"
    assert watch_links(board) == [address]
    asked = await bob.slash(general, "game link")
    assert asked.ephemeral and address in asked.response.content

    admin = server_manager(env, guild, "ada")
    await admin.slash(general, "floe config", web=False)
    off = await bob.slash(general, "game link")
    assert off.ephemeral and address not in off.response.content and "web:true" in off.response.content
    await bob.slash(general, "game board")  # a board posted now has no link any more
    assert (await env.bot.watch_url(None)) is None
    table = await env.bot.sessions.table_in(general.id)
    reply = await env.bot.sessions.board(general.id)
    assert reply.post is not None and await env.bot.watch_url(reply.post.controls) is None
    assert table.record.id == game_id


async def test_without_a_web_address_there_is_no_link(world, monkeypatch) -> None:
    env, _guild, general, _other, members = world
    alice, bob = members[:2]
    monkeypatch.setattr(env.bot, "settings", Settings(token="", database=""))
    board = await open_and_start(general, "polar-derby", alice, bob)
    assert watch_links(board) == []
    asked = await bob.slash(general, "game link")
    assert asked.ephemeral and "WEB_URL" in asked.response.content
