"""A game played at the terminal has a page too: ``floe play`` prints its address when ``floe
web`` serves the same database, the page opens (a local game has no server to turn it off), and
``floe web --list`` names the pages it serves."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.settings import Settings, same_database
from bot.terminal import cli
from bot.terminal.local import run_local
from bot.web.app import web_app
from bot.web.serve import listing
from storage import open_store
from tests.support.terminal import Screen, lines

PAGE = re.compile(r"https://floe\.example\.org/g/[A-Za-z0-9_-]{22}")


async def play_kept(db: Path, web_url: str | None, lang: str = "en") -> str:
    screen = Screen(lines(["quit"]))
    code = await run_local(
        "polar-derby",
        2,
        seed=1,
        boards=None,
        db=db,
        web_url=web_url,
        lang=lang,
        input_fn=screen.input,
        output_fn=screen.output,
    )
    assert code == 0
    return screen.text


async def test_floe_play_prints_the_page_that_floe_web_serves(tmp_path: Path) -> None:
    db = tmp_path / "floe.db"
    text = await play_kept(db, "https://floe.example.org")
    printed = re.search(r"This game's page on the web: (\S+)", text)
    assert printed is not None and PAGE.fullmatch(printed.group(1)), text
    token = printed.group(1).rsplit("/", 1)[1]
    assert printed.group(1) in await play_kept(db, "https://floe.example.org")  # resumed: the same

    store = await open_store(str(db))
    client = TestClient(TestServer(web_app(Spectators(store, Sessions(store)))))
    await client.start_server()
    try:
        page = await client.get(f"/g/{token}")
        assert page.status == 200 and "Polar Derby" in await page.text()
    finally:
        await client.close()
        await store.close()

    settings = Settings(database=str(db), web_url="https://floe.example.org")
    listed = await listing(settings)
    assert listed == f"{printed.group(1)}  Polar Derby  active  played at a terminal\n"


def test_floe_web_list_prints_the_pages(tmp_path: Path) -> None:
    db = tmp_path / "floe.db"
    text = asyncio.run(play_kept(db, "https://floe.example.org"))
    address = PAGE.search(text)
    assert address is not None
    out = io.StringIO()
    settings = Settings(database=str(db), web_url="https://floe.example.org")
    assert cli.cmd_web(settings, listing=True, out=out) == 0
    assert out.getvalue() == f"{address.group(0)}  Polar Derby  active  played at a terminal\n"


async def test_the_address_is_told_in_the_players_language(tmp_path: Path) -> None:
    text = await play_kept(tmp_path / "floe.db", "https://floe.example.org", lang="fr")
    assert re.search(r"La page web de cette partie : https://floe\.example\.org/g/\S+", text), text


async def test_no_address_without_pages_served_from_that_database(tmp_path: Path) -> None:
    text = await play_kept(tmp_path / "floe.db", None)
    assert "/g/" not in text and "on the web" not in text
    assert await listing(Settings(database=str(tmp_path / "floe.db"))) == (
        "No game has a page yet (a page gets its address when someone first asks for it).\n"
    )


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("floe.db", "floe.db", True),
        ("floe.db", "sqlite:///floe.db", True),
        ("./floe.db", "floe.db", True),
        ("floe.db", "other.db", False),
        ("floe.db", "postgresql://floe@localhost/floe", False),
        (":memory:", ":memory:", False),
    ],
)
def test_the_same_database(a: str, b: str, same: bool) -> None:
    assert same_database(a, b) is same


def test_floe_play_serves_the_address_of_the_env_files_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``floe play --db`` with the ``DATABASE`` of ``.env`` prints the page's address at
    ``WEB_URL`` (else where ``floe web`` listens)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE", "floe.db")
    monkeypatch.delenv("WEB_URL", raising=False)
    monkeypatch.delenv("WEB_PORT", raising=False)
    monkeypatch.delenv("WEB_HOST", raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    args = ["play", "polar-derby", "--players", "2", "--db", "floe.db", "--no-boards", "--seed", "1"]
    assert cli.main([*args, "--lang", "en"]) == 0
    assert re.search(r"This game's page on the web: http://127\.0\.0\.1:8080/g/\S{22}\n", out.getvalue())
