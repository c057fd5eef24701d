"""A game's web page shows only what a spectator may see: in every game, perturbing what a
spectator cannot see leaves every page, picture and event stream byte-identical.

Two worlds play the same game (the same seed, clock, moves and page token), each with its web
front end and a spectator watching its live stream from the start. In world B a seat also makes
choices nobody else may see that leave the game where it was (tests/support/hidden_choices.py:
Ice Hike's torches changed and changed back, a Thin Ice standing order set and cleared, an Ice
Lake plan revised to itself). After each of them, and at the end, every answer of the two front
ends must be the same bytes: the page (at the latest move and at every move), every board PNG,
every frame's alt text, every movement GIF, and everything the live streams sent.

The second test changes what a seat holds hidden in the stored state (Ice Hike's drawn tile, a
Thin Ice hand, an Ice Lake plan before the reveal: tests/support/hidden_choices.py) and holds
the page made from it to the same bytes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import random
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from PIL import Image, ImageChops

import games
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.web.app import LIVE, web_app
from bot.web.pages import page_html
from renderer import layers
from storage import Store, open_store
from tests.support.hidden_choices import hidden_change, hiding_games, round_trip

#: Byte-for-byte comparisons of boards (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("boards_on_their_own")

CHANNEL, GUILD = 900, 1
T0 = 1_800_000_000.0
TOKEN = "spectator-page-token-0"
STEPS = 40
CHECKS = 3


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


@dataclasses.dataclass
class World:
    store: Store
    sessions: Sessions
    client: TestClient[Any, Any]
    game_id: int
    events: list[bytes] = dataclasses.field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def get(self, path: str) -> tuple[int, str, bytes]:
        layers.clear()  # every picture drawn from scratch: its bytes owe nothing to the one before
        response = await self.client.get(path)
        return response.status, response.content_type, await response.read()

    async def poll(self) -> None:
        await self.client.app[LIVE].poll_once()


async def open_world(path: Path, name: str, players: int, clock: Clock) -> World:
    store = await open_store(str(path))
    for user in range(1, players + 1):
        await store.set_auto_play(user, False)
    sessions = Sessions(store, namer=lambda uid: f"P{uid}", clock=clock, new_seed=lambda: 4242)
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=1, game_name=name)
    assert reply.game_id is not None
    for user in range(2, players + 1):
        await sessions.join(CHANNEL, user)
    await sessions.start(CHANNEL, 1)
    spectators = Spectators(store, sessions, new_token=lambda: TOKEN, clock=clock)
    assert await spectators.token(reply.game_id) == TOKEN
    client = TestClient(TestServer(web_app(spectators, poll_every=3600)))  # polled by hand
    await client.start_server()
    world = World(store, sessions, client, reply.game_id)
    response = await client.get(f"/g/{TOKEN}/events")
    assert response.status == 200

    async def read() -> None:
        while True:
            world.events.append(await response.content.readuntil(b"\n\n"))

    world.reader = asyncio.create_task(read())
    return world


async def settled(worlds: tuple[World, World]) -> None:
    """Poll both worlds, then give their streams a moment to send what the poll found."""
    for world in worlds:
        await world.poll()
    for _ in range(100):
        await asyncio.sleep(0.01)
        if len(worlds[0].events) == len(worlds[1].events) and worlds[0].events:
            await asyncio.sleep(0.02)
            return


async def everything(world: World, *, all_moves: bool) -> dict[str, Any]:
    """Every answer of the world's front end about its game now."""
    base = f"/g/{TOKEN}"
    out: dict[str, Any] = {"page": await world.get(base)}
    page = (await world.client.app[LIVE].spectators.page(world.game_id)) if all_moves else None
    frames = len(page.frames) if page is not None else 0
    for n in range(frames):
        out[f"page {n}"] = await world.get(f"{base}?move={n}")
        out[f"board {n}"] = await world.get(f"{base}/board/{n}.png")
        out[f"frame {n}"] = await world.get(f"{base}/frame/{n}.json")
        out[f"movement {n}"] = await world.get(f"{base}/moves/{n}.gif")
    out["past the end"] = await world.get(f"{base}/board/{frames + 1}.png")
    return out


def assert_same(name: str, what: str, a: Any, b: Any) -> None:
    """``a`` and ``b`` alike: byte for byte, but a PNG by its pixels. A public board's palette is
    made from the colours its public view drew, so it holds no secret; under load two drawings of
    one view have differed in their palettes alone (pixels identical; the cause is not found),
    which says nothing about what a spectator may see."""
    assert seen(a) == seen(b), (
        f"{name}: the web's {what} differs when a seat made a choice nobody else may see"
        + picture_difference(a, b)
    )


def seen(answer: Any) -> Any:
    """An answer as a spectator sees it: a PNG's status, type, size and pixels; else as it is."""
    if isinstance(answer, tuple) and answer[1:2] == ("image/png",):
        picture = Image.open(io.BytesIO(answer[2])).convert("RGB")
        return answer[0], answer[1], picture.size, picture.tobytes()
    return answer


def picture_difference(a: Any, b: Any) -> str:
    """How two answers' pictures differ (their palettes, their pixels), to tell a leak (the
    pixels differ) from a palette that remembered other pictures."""
    if not (isinstance(a, tuple) and isinstance(b, tuple) and a[1:2] == b[1:2] == ("image/png",)):
        return ""
    first, second = (Image.open(io.BytesIO(x[2])) for x in (a, b))
    palettes = [len(p.getpalette() or []) // 3 for p in (first, second)]
    rgb = [p.convert("RGB") for p in (first, second)]
    if rgb[0].size != rgb[1].size:
        return f" (sizes {rgb[0].size} and {rgb[1].size})"
    box = ImageChops.difference(*rgb).getbbox()
    return f" (palettes of {palettes[0]} and {palettes[1]} colours; pixels differ in {box})"


@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_what_a_spectator_cannot_see_leaves_every_page_picture_and_stream_alike(
    name: str, tmp_path: Path
) -> None:
    game = games.get(name)
    players = max(game.players.start, 2)
    clock = Clock()
    a = await open_world(tmp_path / "a.db", name, players, clock)
    b = await open_world(tmp_path / "b.db", name, players, clock)
    worlds = (a, b)
    chooser = random.Random(f"web:{name}")
    own: dict[int, list[Any]] = {s: [] for s in range(players)}
    perturbed = 0
    try:
        await settled(worlds)
        for _ in range(STEPS):
            table = await a.sessions.table(a.game_id)
            state = table.state
            if game.outcome(state) is not None:
                break
            seats = list(range(players))
            chooser.shuffle(seats)
            for seat in seats:
                trip = round_trip(game, state, seat, players, own[seat])
                if trip is None or perturbed >= CHECKS or chooser.random() < 0.4:
                    continue
                for i, action in enumerate(trip):
                    clock.t += 60 + i
                    await b.sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
                perturbed += 1
                await settled(worlds)
                shown = [await everything(w, all_moves=False) for w in worlds]
                for key in shown[0]:
                    assert_same(name, key, shown[0][key], shown[1][key])
                break
            if perturbed and game.capabilities.chance_per_step:
                # a hidden choice shifted every later draw: the two worlds part here
                break
            clock.t += 600
            seat = chooser.choice(sorted(game.to_act(state)))
            action = chooser.choice(list(table.legal(seat)))
            if games.is_private(action):
                own[seat].append(action)
            for w in worlds:
                await w.sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
            await settled(worlds)
        shown = [await everything(w, all_moves=True) for w in worlds]
        for key in shown[0]:
            assert_same(name, key, shown[0][key], shown[1][key])
        assert shown[0]["page"][0] == 200 and shown[0]["board 0"][1] == "image/png"
        await settled(worlds)
        assert_same(name, "event stream", a.events, b.events)
        assert len(a.events) > 1, "the stream sent no change"
    finally:
        for w in worlds:
            if w.reader is not None:
                w.reader.cancel()
            await w.client.close()
            await w.store.close()
    if game.capabilities.private_choices:
        assert perturbed, f"{name}: no choice nobody else sees was tried"


@pytest.mark.parametrize("name", hiding_games())
async def test_what_a_seat_holds_hidden_changes_no_page(name: str, tmp_path: Path) -> None:
    game = games.get(name)
    players = max(game.players.start, 2)
    clock = Clock()
    world = await open_world(tmp_path / "w.db", name, players, clock)
    spectators = world.client.app[LIVE].spectators
    chooser = random.Random(f"web hidden:{name}")
    compared = 0
    try:
        for _ in range(STEPS):
            table = await world.sessions.table(world.game_id)
            if game.outcome(table.state) is not None:
                break
            other = hidden_change(name)(table.state)
            if other is not None:
                assert any(game.view(other, s) != game.view(table.state, s) for s in range(players))
                pages = [await spectators.page_of(t) for t in (table, table.with_state(other))]
                assert_same(name, "page", *(page_html(TOKEN, p, len(p.frames) - 1, "") for p in pages))
                compared += 1
            clock.t += 600
            seat = chooser.choice(sorted(game.to_act(table.state)))
            action = chooser.choice(list(table.legal(seat)))
            await world.sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
    finally:
        if world.reader is not None:
            world.reader.cancel()
        await world.client.close()
        await world.store.close()
    assert compared, f"{name}: nothing hidden was changed"
