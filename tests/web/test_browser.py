"""A game's page in a real browser: Debian's headless Chromium driven by selenium (``.ci/run``
installs ``chromium`` and ``chromium-driver`` where missing).

A spectator opens the page at a phone's width and sees the board; a move made through the
session service shows on the page without a reload; the scrubber steps back and forth with the
arrow keys; a screenshot is taken.
"""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from bot.core.spectators import Spectators
from bot.web.app import web_app
from storage import open_store
from tests.support.core import (
    ALICE,
    BOB,
    CHANNEL,
    Clock,
    named_sessions,
    play_first_legal,
    start_table,
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None, reason="needs Debian's chromium and chromium-driver"
)
PHONE = (390, 844)


@pytest.fixture
async def browser() -> AsyncIterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    # a phone's screen (headless Chromium's windows are at least 500 pixels wide)
    metrics = {"width": PHONE[0], "height": PHONE[1], "pixelRatio": 2}
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    driver = await asyncio.to_thread(webdriver.Chrome, options=options, service=Service(str(DRIVER)))
    try:
        yield driver
    finally:
        await asyncio.to_thread(driver.quit)


async def until(check: Callable[[], Any], what: str, timeout: float = 10.0) -> Any:
    """``check()`` (run off the event loop, which serves the page) once it is truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = await asyncio.to_thread(check)
        if found:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"the page never showed {what}")


async def off_loop(call: Callable[..., Any], *args: Any) -> Any:
    """A WebDriver command in a thread: the event loop meanwhile serves the page the browser asks
    for (a command run on the loop would wait for a page the loop cannot serve)."""
    return await asyncio.to_thread(call, *args)


async def test_a_spectator_watches_a_move_live_and_steps_through_the_replay(
    browser: Any, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    store = await open_store(str(tmp_path / "browser.db"))
    sessions = named_sessions(store, clock=Clock(), new_seed=lambda: 11)
    game_id = await start_table(sessions, "polar-derby", (ALICE, BOB))
    await play_first_legal(sessions, game_id)
    spectators = Spectators(store, sessions)
    server = TestServer(web_app(spectators, poll_every=0.1))
    await server.start_server()
    try:
        url = str(server.make_url(f"/g/{await spectators.token(game_id)}"))
        await asyncio.to_thread(browser.get, url)
        board = await off_loop(browser.find_element, By.ID, "board-img")
        shown = await until(
            lambda: browser.execute_script("return arguments[0].naturalWidth", board), "a board"
        )
        assert shown > 100 and (await off_loop(board.get_attribute, "alt")).startswith("Polar Derby")
        wide = await off_loop(
            browser.execute_script, "return [innerWidth, document.documentElement.scrollWidth]"
        )
        assert wide == [PHONE[0], PHONE[0]], "the page is wider than a phone"
        before = int(await off_loop(lambda: browser.find_element(By.ID, "last").text))
        await off_loop(browser.execute_script, "window.notReloaded = true")

        played = await play_first_legal(sessions, game_id)  # through the session service
        await until(lambda: int(browser.find_element(By.ID, "last").text) > before, "the new move")
        assert played in await off_loop(lambda: browser.find_element(By.ID, "log").text)
        assert await off_loop(browser.execute_script, "return window.notReloaded") is True
        latest = int(await off_loop(lambda: browser.find_element(By.ID, "last").text))
        assert (
            int(await off_loop(lambda: browser.find_element(By.ID, "at").text)) == latest
        )  # it follows the game

        body = await off_loop(browser.find_element, By.TAG_NAME, "body")
        await asyncio.to_thread(body.send_keys, Keys.ARROW_LEFT)
        await until(lambda: browser.find_element(By.ID, "at").text == str(latest - 1), "the previous move")
        assert f"/board/{latest - 1}.png" in await off_loop(board.get_attribute, "src")
        assert (await off_loop(lambda: browser.current_url)).endswith(f"?move={latest - 1}")  # a link
        await asyncio.to_thread(body.send_keys, Keys.HOME)
        await until(lambda: browser.find_element(By.ID, "at").text == "0", "the start")
        await asyncio.to_thread(body.send_keys, Keys.ARROW_RIGHT)
        await until(lambda: browser.find_element(By.ID, "at").text == "1", "the first move")
        await until(lambda: (board.get_attribute("alt") or "").startswith("Polar Derby"), "the alt text")

        screenshot = await asyncio.to_thread(browser.get_screenshot_as_png)
        assert screenshot.startswith(b"\x89PNG")
        (tmp_path / "page.png").write_bytes(screenshot)
        await asyncio.to_thread(browser.get, "about:blank")  # the page's event stream ends
    finally:
        await server.close()
        await store.close()


async def test_a_local_ice_team_games_page_is_legible_at_a_phones_width(browser: Any, tmp_path: Path) -> None:
    """The page of an Ice Team game played at a terminal (no server) at 390 px: nothing wider
    than the screen, and the board drawn for a phone (the panel's small print is unreadable
    there); whose turn it is, for spectators."""
    from selenium.webdriver.common.by import By

    store = await open_store(str(tmp_path / "team.db"))
    sessions = named_sessions(store, clock=Clock(), new_seed=lambda: 11)
    lobby = await sessions.new_game(channel_id=CHANNEL, guild_id=None, user_id=ALICE, game_name="ice-team")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    assert lobby.game_id is not None
    game_id = lobby.game_id
    for _ in range(3):
        await play_first_legal(sessions, game_id)
    spectators = Spectators(store, sessions)
    server = TestServer(web_app(spectators, poll_every=0.1))
    await server.start_server()
    try:
        url = str(server.make_url(f"/g/{await spectators.token(game_id)}"))
        await asyncio.to_thread(browser.get, url)
        board = await off_loop(browser.find_element, By.ID, "board-img")
        await until(lambda: browser.execute_script("return arguments[0].naturalWidth", board), "a board")
        wide = await off_loop(
            browser.execute_script, "return [innerWidth, document.documentElement.scrollWidth]"
        )
        assert wide == [PHONE[0], PHONE[0]], "the page is wider than a phone"
        shown = await off_loop(browser.execute_script, "return arguments[0].currentSrc", board)
        assert "/phone/" in shown, "a phone gets the board drawn for a phone"
        turn = await off_loop(lambda: browser.find_element(By.ID, "turn").text)
        assert "Bob's first of two actions" in turn and "your" not in turn
        (tmp_path / "ice-team.png").write_bytes(await asyncio.to_thread(browser.get_screenshot_as_png))
        await asyncio.to_thread(browser.get, "about:blank")
    finally:
        await server.close()
        await store.close()
