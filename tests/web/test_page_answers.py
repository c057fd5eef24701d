"""What every address of the web front end answers: a number in a path or query is ASCII
digits only (never a 500), and no answer names the server's software."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.web.app import SERVER
from bot.web.pages import NOT_FOUND
from tests.support.web import served_game

Env = tuple[Sessions, Spectators, TestClient, str]  # type: ignore[type-arg]


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    async with served_game(tmp_path) as served:
        yield served.sessions, served.spectators, served.client, await served.spectators.token(served.game_id)


@pytest.mark.parametrize("digits", ["²", "①", "٣", "１", "1²"])
async def test_a_number_that_is_not_ascii_digits_is_not_found(env: Env, digits: str) -> None:
    _, _, client, token = env
    for path in (
        f"/g/{token}/board/{digits}.png",
        f"/g/{token}/phone/{digits}.png",
        f"/g/{token}/frame/{digits}.json",
    ):
        response = await client.get(path)
        assert response.status == 404, path
        assert await response.text() == NOT_FOUND
    page = await client.get(f"/g/{token}", params={"move": digits})
    assert page.status == 200  # an unreadable move shows the latest, as no move at all does
    assert "Polar Derby" in await page.text()


async def test_no_answer_names_the_servers_software(env: Env) -> None:
    _, _, client, token = env
    paths = [
        f"/g/{token}",
        f"/g/{token}?move=1",
        f"/g/{token}/board/0.png",
        f"/g/{token}/phone/1.png",
        f"/g/{token}/moves/1.gif",
        f"/g/{token}/frame/0.json",
        "/static/floe.css",
        "/static/floe.js",
        "/static/nothing",
        "/",
        "/g/" + "A" * 22,
    ]
    for path in paths:
        response = await client.get(path)
        assert response.status in (200, 404), path
        assert response.headers.getall("Server") == [SERVER], path
        assert "aiohttp" not in str(response.headers) and "Python" not in str(response.headers)
    stream = await client.get(f"/g/{token}/events")
    assert stream.headers.getall("Server") == [SERVER]
    stream.close()
    posted = await client.post(f"/g/{token}")
    assert posted.headers.getall("Server") == [SERVER]


async def test_the_phone_board_is_the_board_without_its_panel(env: Env) -> None:
    _, spectators, client, token = env
    phone = await client.get(f"/g/{token}/phone/1.png")
    wide = await client.get(f"/g/{token}/board/1.png")
    assert phone.status == wide.status == 200
    assert (await phone.read()).startswith(b"\x89PNG") and await phone.read() != await wide.read()
    page = await (await client.get(f"/g/{token}")).text()
    assert f'<source id="board-phone" media="(max-width: 40rem)" srcset="/g/{token}/phone/' in page
