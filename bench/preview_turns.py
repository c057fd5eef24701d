"""Floe as a member sees it: a few moves of each game, then pictures of the game's thread and of a
player's DMs in simcord's Preview, and how tall each message with a board is on a phone.

Every game is opened with ``/game new`` (the default: its own thread) on simcord held to Discord's
terms (tests/support/strict_discord.py); the other players join with the lobby's button and each
move is a click on what the bot shows (``tests/support/driver.act_once``); Ice Lake's plans are
DMs to the bot. Then simcord's Preview (the ``preview`` extra) serves the thread, as the player
whose turn it is sees it, and Debian's headless Chromium (selenium) takes a picture at 390 pixels
wide (a phone) and at 1280 (a desktop); Ice Lake's first player's DMs are taken at 390 too.

Simcord's own capture needs Playwright's browser, which cannot be downloaded here: this script
opens the Preview's page in Chromium itself and hides the Preview's tool bars as simcord's capture
does, with the page's own "managed capture" switch (``body[data-managed-capture]``).

It prints, for every message that carries a board (an image), its height in pixels at 390 wide,
against the 714 pixels of chat the Preview shows on a phone's screen. Pictures go to ``--out``:
``<game>-390.png``, ``<game>-1280.png`` and ``ice-lake-dm-390.png``.

    pip install -e ".[test,preview]"; apt-get install chromium chromium-driver
    python bench/preview_turns.py [--out docs/preview] [--moves N] [--seed S] [--only GAME ...]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import logging
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import _stats  # noqa: F401  (puts the repository on sys.path)
import pytest
from simcord import Env

import bot
from bot.settings import Settings
from tests.support.brains import distance_score
from tests.support.cards import cards_read_as_text
from tests.support.driver import Brain, Stats, act_once, greedy, lobby_button
from tests.support.strict_discord import StrictDiscord

ROOT = Path(__file__).resolve().parents[1]
#: (game, seats): Thin Ice needs three; Ice Lake gets three so that its DMs go to several players
GAMES = (("ice-hike", 2), ("ice-team", 2), ("ice-lake", 3), ("polar-derby", 2), ("thin-ice", 3))
NAMES = ("alice", "bob", "carol")
PHONE = (390, 844)
DESKTOP = (1280, 900)
#: the chat of a 390 x 844 screen between the channel's header and the message box, as the Preview
#: draws them (the script checks it: :func:`photograph`)
PHONE_CHAT = 714
#: what simcord's Preview needs beyond the ``test`` extra (its ``preview`` extra)
PREVIEW_MODULES = ("markdown_it", "linkify_it", "regex", "aiohttp")


@dataclass(frozen=True)
class Board:
    """One message carrying a board (an image), as rendered at the Preview's width."""

    game: str
    where: str
    first_line: str
    height: int


def missing_tools() -> list[str]:
    """What this machine lacks to take the pictures (empty when all is there)."""
    missing = [
        f"python module {name} (pip install -e '.[preview]')"
        for name in PREVIEW_MODULES
        if importlib.util.find_spec(name) is None
    ]
    for program in ("chromium", "chromedriver"):
        if shutil.which(program) is None:
            missing.append(f"{program} (apt-get install chromium chromium-driver)")
    return missing


# ---------------------------------------------------------------------------------------- the browser


def open_browser() -> Any:
    """Debian's headless Chromium; each picture sets its own screen size (:func:`set_screen`)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(shutil.which("chromium"))
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    options.add_argument("--hide-scrollbars")
    options.add_argument("--window-size=1400,1000")
    return webdriver.Chrome(options=options, service=Service(str(shutil.which("chromedriver"))))


def set_screen(browser: Any, width: int, height: int) -> None:
    """The page's viewport, exactly (a headless window cannot be narrower than 500 pixels), at one
    device pixel per CSS pixel so that the PNG's pixels are the page's."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


READY = """
const status = window.simcordPreview;
return Boolean(status && status.ready === true && [...document.images].every((i) => i.complete));
"""

# the Preview's own switch for its managed captures, and its tool bar, sidebars and inspector hidden
# outright too (the page drops the switch when it takes a newer snapshot); the chat scrolled to its
# end, where Discord opens a channel
CHAT_ONLY = """
document.body.dataset.managedCapture = "true";
for (const id of ["toolbar", "messages-sidebar", "inspector-panel", "drawer-scrim"]) {
  document.getElementById(id).style.setProperty("display", "none", "important");
}
const timeline = document.getElementById("channel-timeline");
timeline.scrollTop = timeline.scrollHeight;
const done = arguments[arguments.length - 1];
requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
"""

# the chat fills the screen and shows its end
SETTLED = """
const app = document.getElementById("preview-app").getBoundingClientRect();
const timeline = document.getElementById("channel-timeline");
const end = timeline.scrollHeight - timeline.scrollTop - timeline.clientHeight <= 1;
return app.top === 0 && app.left === 0 && end;
"""

HEIGHTS = """
return [...document.querySelectorAll("#channel-message-list .channel-message[data-message-id]")]
  .map((m) => [m.dataset.messageId, Math.round(m.getBoundingClientRect().height)]);
"""

CHAT_HEIGHT = 'return document.getElementById("channel-timeline").clientHeight;'


def wait_for(browser: Any, script: str, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not browser.execute_script(script):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the Preview page never showed {what}")
        time.sleep(0.1)


def photograph(browser: Any, url: str, size: tuple[int, int], png: Path) -> dict[str, int]:
    """Open the Preview at ``url`` on a screen of ``size``, save the picture; message id -> height.

    Runs in a thread: the Preview's server lives on the event loop, which must go on serving."""
    set_screen(browser, *size)
    browser.get(url)
    wait_for(browser, READY, "its messages and their images")
    for _ in range(20):  # a newer snapshot may re-render the chat meanwhile: until it holds still
        browser.execute_async_script(CHAT_ONLY)
        wait_for(browser, READY, "its messages and their images")
        if browser.execute_script(SETTLED):
            break
    else:
        raise RuntimeError("the Preview page never showed the chat alone at its end")
    browser.save_screenshot(str(png))
    heights = {str(i): int(h) for i, h in browser.execute_script(HEIGHTS)}
    chat = browser.execute_script(CHAT_HEIGHT)
    if size == PHONE and chat != PHONE_CHAT:
        print(f"note: the chat is {chat} px tall on the phone's screen, not {PHONE_CHAT}", file=sys.stderr)
    browser.get("about:blank")  # leave the page before its server closes
    return heights


async def capture(
    env: Env, channel: Any, viewer: Any, browser: Any, size: tuple[int, int], png: Path
) -> dict[str, int]:
    """A picture of ``channel`` as ``viewer`` sees it (``layout="channel"``: the conversation with
    its composer); the rendered height of each message by id."""
    async with env.preview(
        channel, viewers=[viewer], layout="channel", display="fixed", width=size[0], height=size[1]
    ) as preview:
        return await asyncio.to_thread(photograph, browser, preview.url, size, png)


def boards(
    game: str, where: str, channel: Any, viewer: Any, heights: dict[str, int], members: list[Any]
) -> list[Board]:
    """The messages ``viewer`` sees in ``channel`` that carry an image, with their heights."""
    found = []
    for message in channel.history(viewer=viewer):
        images = [a for a in message.attachments if a.filename.endswith((".png", ".gif", ".jpg"))]
        if images and str(message.id) in heights:
            first = (message.content or "(no text)").splitlines()[0]
            for member in members:  # a mention reads as the name, as on the screen
                first = first.replace(f"<@{member.user.id}>", f"@{member.user.name}")
            found.append(Board(game, where, first[:64], heights[str(message.id)]))
    return found


# ---------------------------------------------------------------------------------------- the games


async def open_game(env: Env, name: str, seats: int, lang: str = "en-US") -> tuple[Any, list[Any]]:
    """A server with ``seats`` members; ``name`` opened in its own thread, joined and started. The
    server's games and its members read ``lang`` (a Discord locale)."""
    guild = env.create_guild("Polar Club")
    general = guild.create_text_channel("general")
    members = [guild.add_member(env.create_user(n)) for n in NAMES[:seats]]
    if lang != "en-US":
        await env.bot.servers.change(guild.id, language=lang)
        for member in members:
            env.strict.locales[member.user.id] = lang
    await members[0].slash(general, "game new", game=name)
    [thread] = general.threads
    for guest in members[1:]:
        await guest.click(thread.last_message, custom_id=lobby_button(thread.last_message, "join"))
    await members[0].click(thread.last_message, custom_id=lobby_button(thread.last_message, "start"))
    return thread, members


def brain_for(name: str, rnd: random.Random) -> Brain:
    """Random offered choices; Ice Hike's hikers walk towards the village (as the e2e tests' do)."""
    if name == "ice-hike":
        return greedy(distance_score, avoid=("torches",), seed=rnd.randrange(1 << 30))
    return lambda game, state, seat, notations: rnd.choice(notations)


async def play(env: Env, name: str, thread: Any, members: list[Any], moves: int, rnd: random.Random) -> None:
    """``moves`` actions of the awaited players, each through what the bot shows them; an Ice Lake
    plan is a DM to the bot (as its invitation asks)."""
    brain, stats = brain_for(name, rnd), Stats()
    for _ in range(moves):
        table = await env.bot.sessions.table(1)
        if table.record.status != "active":
            return
        seat = min(table.game.to_act(table.state))
        if name == "ice-lake" and "plan" in str(table.game.prompt(table.state, seat)):
            member = next(m for m in members if m.user.id == table.user_of(seat))
            legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
            await member.send_dm(rnd.choice(legal).removeprefix("plan "))  # the letters, as asked
            continue
        await act_once(env, thread, members, brain, stats)


async def awaited_member(env: Env, members: list[Any]) -> Any:
    """The member the game waits for (the first of them), else the host: the one who looks."""
    table = await env.bot.sessions.table(1)
    awaited = sorted(table.game.to_act(table.state)) if table.record.status == "active" else []
    users = [table.user_of(seat) for seat in awaited]
    return next((m for u in users for m in members if m.user.id == u), members[0])


async def one_game(
    name: str, seats: int, moves: int, seed: int, browser: Any, out: Path, lang: str = "en-US"
) -> list[Board]:
    """Play ``name`` a little on a fresh bot and take its pictures; its boards' heights at 390."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        client = bot.create_bot(Settings(token="", database=str(Path(folder) / "floe.db")))
        env = Env(client)
        strict = StrictDiscord(env)
        strict.install(patch)
        env.strict = strict
        await env.start()
        try:
            env.bot.sessions.new_seed = lambda: seed
            thread, members = await open_game(env, name, seats, lang)
            await play(env, name, thread, members, moves, random.Random(seed))
            viewer = await awaited_member(env, members)
            heights = await capture(env, thread, viewer, browser, PHONE, out / f"{name}-{PHONE[0]}.png")
            await capture(env, thread, viewer, browser, DESKTOP, out / f"{name}-{DESKTOP[0]}.png")
            found = boards(name, f"thread, as {viewer.user.name}", thread, viewer, heights, members)
            if name == "ice-lake":
                user = members[0].user
                png = out / f"{name}-dm-{PHONE[0]}.png"
                heights = await capture(env, user.dm_channel, user, browser, PHONE, png)
                found += boards(name, f"DMs of {user.name}", user.dm_channel, user, heights, members)
            strict.verify()
            return found
        finally:
            await env.shutdown()
            strict.close()
            await client.close_store()


def report(found: list[Board]) -> None:
    print(f"\nMessages with a board, rendered height at {PHONE[0]} px wide (a phone shows {PHONE_CHAT}):")
    print(f"{'game':<12} {'height':>6}  {'fits':<4}  {'where':<18} first line")
    for b in found:
        fits = "yes" if b.height <= PHONE_CHAT else "NO"
        print(f"{b.game:<12} {b.height:>6}  {fits:<4}  {b.where:<18} {b.first_line}")


async def run(games: list[str], moves: int, seed: int, out: Path, lang: str = "en-US") -> list[Board]:
    browser = await asyncio.to_thread(open_browser)
    found: list[Board] = []
    try:
        for name, seats in GAMES:
            if name in games:
                found += await one_game(name, seats, moves, seed, browser, out, lang)
                print(f"{name}: pictures in {out}", flush=True)
    finally:
        await asyncio.to_thread(browser.quit)
    return found


def main(argv: list[str] | None = None, check: Callable[[], list[str]] = missing_tools) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "preview", help="folder of the PNGs")
    parser.add_argument("--moves", type=int, default=6, help="actions played before the pictures")
    parser.add_argument("--seed", type=int, default=3, help="the games' dice and the players' choices")
    parser.add_argument("--only", nargs="*", default=[g for g, _ in GAMES], choices=[g for g, _ in GAMES])
    parser.add_argument(
        "--lang", default="en-US", help="the server's and its members' language (nl, fr, de, en-XA)"
    )
    args = parser.parse_args(argv)
    missing = check()
    if missing:
        print("cannot take the pictures; missing: " + "; ".join(missing), file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.ERROR)
    args.out.mkdir(parents=True, exist_ok=True)
    with cards_read_as_text():  # the driver reads a card's text as a member does
        report(asyncio.run(run(args.only, args.moves, args.seed, args.out, args.lang)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
