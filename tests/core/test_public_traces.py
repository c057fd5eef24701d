"""What a seat cannot see leaves no public trace: in every game, at every table size.

Two worlds play the same game (the same seed, the same clock, the same moves). In world B a seat
also makes choices nobody else may see that leave the game where it was: a standing choice
changed and changed back (Ice Hike's torches, a Thin Ice standing order set and cleared), an Ice
Lake plan revised. Every public text and picture of the two worlds must then be the same: the
public board (PNG bytes), every page of ``/game log``, the replay's caption and GIF, the other
players' ``/games``, the reminders a tick sends (with the deadline they name: a hidden choice
must not restart the chooser's clock), and the public post of every later move (its
narration, "since your last turn" digests, pings and controls), an undo's notice included. The
later moves are clicked on the newest public post, so a hidden choice must not turn its buttons
stale either.

The second test changes what a seat holds hidden in a state (Ice Hike's drawn tile, a Thin Ice
hand, an Ice Lake plan before the reveal) and compares the public post made from it and the
reminders. Polar Derby and Ice Team hide nothing: every seat sees the public view, checked.
Both tests run with every public text in English, then in French (the server's language).
"""

from __future__ import annotations

import dataclasses
import io
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import games
from bot.core.dashboard import format_games
from bot.core.scheduler import Scheduler
from bot.core.scheduler.notices import Notice
from bot.core.scheduler.reminders import reminder_text
from bot.core.sessions import Controls, NoGameHere, Reply, SessionError, Sessions, Table
from bot.core.sessions.model import Turn
from renderer.palettes import forget_families
from storage import Store, open_store
from storage.clocks import ClockSettings, Wait
from tests.support.core import core_of
from tests.support.hidden_choices import hidden_change, hiding_games, round_trip

#: Byte-for-byte comparisons of boards (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("boards_on_their_own")

CHANNEL, GUILD = 900, 1
T0 = 1_800_000_000.0
MOVE_GAP = 600.0  # seconds between two common moves
DAY = 86400.0
STEPS = 45
CHECKS = 4  # points at most where world B makes its hidden choices, per game
CONFIGS = [(name, n) for name in sorted(games.GAMES) for n in games.get(name).players]


class Clock:
    def __init__(self) -> None:
        self.t = T0

    def __call__(self) -> float:
        return self.t


class Outbox:
    def __init__(self) -> None:
        self.notices: list[Notice] = []
        self.replies: list[Reply] = []  # the scheduler's: a deadline's default, posted

    async def notice(self, notice: Notice) -> None:
        self.notices.append(notice)

    async def reply(self, reply: Reply) -> None:
        self.replies.append(reply)


@dataclasses.dataclass
class World:
    store: Store
    sessions: Sessions
    scheduler: Scheduler
    outbox: Outbox
    game_id: int = 0
    #: The step the newest public post's controls were drawn for: the moves click them.
    board_step: int = 0

    def saw(self, reply: Reply) -> Reply:
        """Remember the controls a reply's public post offers."""
        if reply.post is not None and reply.post.controls is not None:
            self.board_step = reply.post.controls.step
        return reply

    async def table(self) -> Table:
        return await self.sessions.table(self.game_id)


#: The servers' Discord languages the worlds are played in: every public text in English, then
#: in French (a hidden choice must leave no trace in any language).
LANGUAGES = ["en-US", "fr"]


async def open_world(
    path: Path, name: str, players: int, clock: Clock, server_language: str = "en-US"
) -> World:
    store = await open_store(str(path))
    users = list(range(1, players + 1))
    for user in users:
        await store.set_auto_play(user, False)  # every move is the chooser's, in both worlds
    sessions = Sessions(store, namer=lambda uid: f"P{uid}", clock=clock, new_seed=lambda: 5150)
    sessions.readers.server_language = lambda guild_id: server_language
    assert await sessions.readers.game(GUILD) == server_language.split("-")[0]
    outbox = Outbox()
    scheduler = Scheduler(sessions, store, outbox, clock=clock).attach()
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=1, game_name=name)
    assert reply.game_id is not None
    await scheduler.configure(reply.game_id, deadline=2 * DAY)  # reminders name the deadline
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    started = await sessions.start(CHANNEL, 1)
    world = World(store, sessions, scheduler, outbox, reply.game_id)
    world.saw(started)
    return world


def _controls(controls: Controls | None) -> Any:
    """Controls as the players see them (the step they were drawn for is not shown)."""
    return None if controls is None else dataclasses.replace(controls, step=0)


async def drawn(picture: Any) -> Any:
    """A picture as a player sees it, drawn on its own: its size and pixels. A public board's
    palette also holds the colours of the boards of its shape drawn before in this process
    (``renderer.palettes.palette_of``), so the second world's board would be mapped with the
    first world's colours too; and under load two drawings of one view have differed in their
    palettes alone, pixels identical (tests/web/test_web_secrecy.py compares pixels likewise):
    a palette is made from the colours the public view drew, so it holds no secret."""
    forget_families()
    data: bytes = await picture.data()
    shown = Image.open(io.BytesIO(data)).convert("RGB")
    return shown.size, shown.tobytes()


async def public_post(reply: Reply | None, hidden_user: int) -> Any:
    """What others see of a reply: its post (text, pings, controls, board bytes) and the notes
    of everyone but ``hidden_user``."""
    if reply is None:
        return None
    post = reply.post
    shown: Any = None
    if post is not None:
        board = await drawn(post.image) if post.image is not None else None
        alt = post.image.description() if post.image is not None else None
        shown = (
            post.shown_text(),
            post.awaited,
            _controls(post.controls),
            board,
            alt,
            reply.edit,
            reply.finished,
        )
    notes = [(n.user_id, n.text) for n in reply.notes if n.user_id != hidden_user]
    return shown, notes


async def public_texts(world: World, players: int, hidden_user: int, *, gif: bool) -> dict[str, Any]:
    """Every public text and picture of the world's game now."""
    sessions, table = world.sessions, await world.table()
    board = sessions.tables.picture(table)
    out: dict[str, Any] = {"board": await drawn(board), "alt text": board.description()}
    _, pages = await core_of(sessions).history.log_pages(CHANNEL, game_id=world.game_id)
    out["log"] = [await sessions.log(CHANNEL, page=p, game_id=world.game_id) for p in range(1, pages + 1)]
    out["pages"] = pages
    try:
        data, caption, alt = await core_of(sessions).history.replay_animation(CHANNEL, game_id=world.game_id)
        out["replay"] = (caption, alt, data if gif else None)
    except NoGameHere as err:  # no moves yet: the refusal is public too
        out["replay"] = str(err)
    out["games"] = [
        format_games(await core_of(sessions).dashboard.my_games(u))
        for u in range(1, players + 1)
        if u != hidden_user
    ]
    return out


async def tick_reminders(worlds: tuple[World, World], clock: Clock) -> list[list[Notice]]:
    """A day later: the reminders, stall notices and deadlines' posts each world's tick sends."""
    clock.t += DAY + 60
    sent = []
    for world in worlds:
        world.outbox.notices.clear()
        world.outbox.replies.clear()
        await world.scheduler.tick()
        posts = [await public_post(world.saw(r), 0) for r in world.outbox.replies]
        sent.append([*world.outbox.notices, *posts])
    return sent


def assert_same(name: str, what: str, a: Any, b: Any) -> None:
    assert a == b, f"{name}: {what} differs when a seat made a choice nobody else may see"


@pytest.mark.parametrize("server_language", LANGUAGES)
@pytest.mark.parametrize(("name", "players"), CONFIGS)
async def test_choices_nobody_else_sees_leave_no_public_trace(
    name: str, players: int, server_language: str, tmp_path: Path
) -> None:
    game = games.get(name)
    clock = Clock()
    a = await open_world(tmp_path / "a.db", name, players, clock, server_language)
    b = await open_world(tmp_path / "b.db", name, players, clock, server_language)
    worlds = (a, b)
    chooser = random.Random(f"{name}:{players}")
    own: dict[int, list[Any]] = {s: [] for s in range(players)}  # each seat's private actions so far
    perturbed = 0
    hides_nothing = True
    last_mover: int | None = None
    try:
        for _ in range(STEPS):
            table = await a.table()
            state = table.state
            if game.outcome(state) is not None:
                break
            hides_nothing = hides_nothing and all(
                dataclasses.replace(game.view(state, s), viewer=None) == game.view(state, None)
                if hasattr(game.view(state, None), "viewer")
                else game.view(state, s) == game.view(state, None)
                for s in range(players)
            )
            # world B: a choice nobody else sees, at a time of its own
            seats = list(range(players))
            chooser.shuffle(seats)
            for seat in seats:
                trip = round_trip(game, state, seat, players, own[seat])
                if trip is None or perturbed >= CHECKS or chooser.random() < 0.5:
                    continue
                hidden_user = table.user_of(seat)
                for i, action in enumerate(trip):
                    clock.t += 60 + i
                    reply = b.saw(await b.sessions.act(CHANNEL, hidden_user, str(action), seat=seat))
                    assert_same(
                        name,
                        "the post of the hidden choice",
                        None,
                        (await public_post(reply, hidden_user))[0],
                    )
                perturbed += 1
                texts = [await public_texts(w, players, hidden_user, gif=perturbed == 1) for w in worlds]
                for key in texts[0]:
                    assert_same(name, key, texts[0][key], texts[1][key])
                notices = await tick_reminders(worlds, clock)
                assert_same(name, "the reminders", notices[0], notices[1])
                break
            if perturbed and game.capabilities.chance_per_step:
                # an extra choice shifted the dice of every later move, which nobody can observe
                # without the seed but which makes the two worlds' futures differ
                break
            table = await a.table()  # a tick may have played a deadline's default
            state = table.state
            if game.outcome(state) is not None:
                break
            # the same next move in both worlds, its public post the same
            clock.t += MOVE_GAP
            awaited = sorted(game.to_act(state))
            seat = chooser.choice(awaited)
            action = chooser.choice(list(table.legal(seat)))
            if games.is_private(action):
                own[seat].append(action)
            user = table.user_of(seat)
            posts = [  # clicked on the newest public post, as a button is
                await public_post(
                    w.saw(await w.sessions.act(CHANNEL, user, str(action), seat=seat, step=w.board_step)),
                    user,
                )
                for w in worlds
            ]
            assert_same(name, f"the post of {action}", posts[0], posts[1])
            last_mover = user
        if last_mover is not None and not (perturbed and game.capabilities.chance_per_step):
            # an undo's notice (or its refusal) is the same in both worlds
            undone = []
            for w in worlds:
                try:
                    undone.append(
                        await public_post(
                            await core_of(w.sessions).history.undo(CHANNEL, last_mover), last_mover
                        )
                    )
                except (games.GameError, SessionError) as err:  # the refusal, the same too
                    undone.append(str(err))
            assert_same(name, "the undo", undone[0], undone[1])
            texts = [await public_texts(w, players, 0, gif=False) for w in worlds]
            for key in texts[0]:
                assert_same(name, f"{key} after the undo", texts[0][key], texts[1][key])
    finally:
        for w in worlds:
            await w.store.close()
    if game.capabilities.private_choices:
        assert perturbed, f"{name}: no choice nobody else sees was tried"
    else:
        assert hides_nothing, f"{name}: a seat sees something the public view does not: perturb it here"


# --------------------------------------------------------------------------- hidden state


async def public_post_of(world: World, table: Table) -> Any:
    """The public post a reply would make of ``table`` now (nothing committed)."""
    turn = Turn(quiet=False, edit=False, begins=None, log_from=None)
    reply = await world.sessions.board_reply(table, "", [], turn=(turn, []))
    return await public_post(reply, -1)


def reminders_of(table: Table, settings: ClockSettings) -> list[str]:
    out = []
    for seat in sorted(table.game.to_act(table.state)):
        wait = Wait(table.record.id, seat, table.record.step, T0, deadline_at=T0 + DAY)
        out += [reminder_text(table, table.user_of(seat), [wait], level, settings) for level in (1, 2, 3)]
    return out


@pytest.mark.parametrize("server_language", LANGUAGES)
@pytest.mark.parametrize(("name", "players"), [c for c in CONFIGS if c[0] in hiding_games()])
async def test_what_a_seat_holds_hidden_changes_no_public_post_or_reminder(
    name: str, players: int, server_language: str, tmp_path: Path
) -> None:
    game = games.get(name)
    clock = Clock()
    world = await open_world(tmp_path / "w.db", name, players, clock, server_language)
    chooser = random.Random(f"hidden:{name}:{players}")
    settings = ClockSettings(world.game_id, deadline=DAY)
    compared = 0
    try:
        for _ in range(STEPS):
            table = await world.table()
            state = table.state
            if game.outcome(state) is not None:
                break
            other = hidden_change(name)(state)
            if other is not None:
                assert game.view(other, None) == game.view(state, None), "the change must be hidden"
                assert any(game.view(other, s) != game.view(state, s) for s in range(players))
                changed = table.with_state(other)
                assert_same(
                    name,
                    "the public post",
                    await public_post_of(world, table),
                    await public_post_of(world, changed),
                )
                assert_same(
                    name, "the reminders", reminders_of(table, settings), reminders_of(changed, settings)
                )
                compared += 1
            clock.t += MOVE_GAP
            seat = chooser.choice(sorted(game.to_act(state)))
            action = chooser.choice(list(table.legal(seat)))
            await world.sessions.act(CHANNEL, table.user_of(seat), str(action), seat=seat)
    finally:
        await world.store.close()
    assert compared, f"{name}: nothing hidden was changed"
