"""Undo: the generic policy on a toy game (one action per rule) and through the session service."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

import games
from bot.core.replay import CannotUndo, undo_refusal
from bot.core.sessions import NotSeated, Sessions, StaleAction
from games.core import ActionTraits, Event, Game, Options, private, public, randbelow, rng
from storage import open_store
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    EVE,
    GUILD,
    NAMES,
    ask_every_move,
    awaited_user,
    core_of,
    named_sessions,
    start_table,
    store_of,
)

# --------------------------------------------------------------------------- a toy game


@dataclass(frozen=True)
class ToyState:
    seed: int
    step: int
    players: int
    position: int
    pile: tuple[int, ...]  # hidden, drawn from the front
    shown: tuple[int, ...]  # drawn cards, face up
    hands: tuple[tuple[int, ...], ...]  # each seat sees only its own hand
    die: int | None


@dataclass(frozen=True)
class ToyView:
    game: str
    step: int
    players: int
    viewer: int | None
    position: int
    shown: tuple[int, ...]
    pile_left: int
    hand: tuple[int, ...] | None  # the viewer's own hand
    hand_sizes: tuple[int, ...]
    die: int | None


@dataclass(frozen=True)
class Act(ActionTraits):
    verb: str

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True)
class Secret(ActionTraits):
    secret = True

    def __str__(self) -> str:
        return "secret"


class Toy(Game[ToyState, Any, ToyView]):
    """Actions: step (public), roll (random), draw (reveals the hidden pile's top card publicly),
    peek (tells seat 1 something privately), give (puts a card in seat 1's hidden hand),
    play (plays the actor's own hand card face up), secret (a secret choice)."""

    name = "toy"
    title = "Toy"
    players = range(2, 3)
    options = Options

    def new_game(self, players: int, options: Options, seed: int) -> ToyState:
        return ToyState(seed, 0, players, 0, (5, 6, 7, 8), (), ((1,), ()), None)

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset({0})

    def legal_actions(self, state: ToyState, seat: int) -> list[Any]:
        return [Act(v) for v in ("step", "roll", "draw", "peek", "give", "play")]

    def check(self, state: ToyState, seat: int, action: Any) -> None:
        pass

    def apply(self, state: ToyState, seat: int, action: Any) -> tuple[ToyState, list[Event]]:
        state = replace(state, step=state.step + 1)
        verb = str(action)
        if verb == "step":
            return replace(state, position=state.position + 1), [public("step", "{0} steps.")]
        if verb == "roll":
            die = 1 + randbelow(rng(state.seed, state.step), 6)
            return replace(state, die=die), [public("roll", f"{{0}} rolls {die}.")]
        if verb == "draw":
            return replace(state, pile=state.pile[1:], shown=(*state.shown, state.pile[0])), []
        if verb == "peek":
            return state, [private("peek", "psst", 1)]
        if verb == "give":
            return replace(state, hands=(state.hands[0], (*state.hands[1], 9))), []
        if verb == "play":
            return replace(state, hands=((), state.hands[1]), shown=(*state.shown, *state.hands[0])), []
        return state, [private("secret", "you chose", 0)]

    def outcome(self, state: ToyState) -> None:
        return None

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            "toy",
            state.step,
            state.players,
            seat,
            state.position,
            state.shown,
            len(state.pile),
            state.hands[seat] if seat is not None else None,
            tuple(len(h) for h in state.hands),
            state.die,
        )

    def parse_action(self, text: str) -> Any:
        return Secret() if text == "secret" else Act(text)

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        data = dataclasses.asdict(state)
        data["version"] = 1
        return data

    def from_dict(self, data: Mapping[str, Any]) -> ToyState:
        return ToyState(
            int(data["seed"]),
            int(data["step"]),
            int(data["players"]),
            int(data["position"]),
            tuple(data["pile"]),
            tuple(data["shown"]),
            tuple(tuple(h) for h in data["hands"]),
            data["die"],
        )


TOY = Toy()


def refusal(verb: str, game: Any = TOY) -> str | None:
    state = game.new_game(2, Options(), 3)
    action = game.parse_action(verb)
    after, events = game.apply(state, 0, action)
    reason = undo_refusal(game, state, 0, action, after, events)
    return None if reason is None else str(reason)


def test_a_pure_public_move_may_be_taken_back() -> None:
    assert refusal("step") is None


def test_a_die_roll_is_a_random_result() -> None:
    assert refusal("roll") == "`roll` had a random result (dice or a draw): it cannot be taken back"


def test_a_card_from_the_hidden_pile_is_a_reveal() -> None:
    # no randomness at this step: only the perturbed pile shows that hidden information came out
    reason = refusal("draw")
    assert reason is not None and "revealed something hidden" in reason


def test_telling_another_seat_something_privately_is_a_reveal() -> None:
    reason = refusal("peek")
    assert reason is not None and "showed someone something hidden" in reason


def test_a_change_in_another_seats_hidden_part_is_refused() -> None:
    reason = refusal("give")
    assert reason is not None and "only some players can see" in reason


def test_playing_ones_own_card_face_up_may_be_taken_back() -> None:
    # the actor's own hidden part may change; nothing hidden from the actor came out
    assert refusal("play") is None


def test_a_secret_choice_is_never_taken_back() -> None:
    reason = refusal("secret")
    assert reason is not None and "secret choice" in reason


def test_a_game_hook_decides_instead_of_the_generic_test() -> None:
    class Strict(Toy):
        def undoable(self, state: ToyState, seat: int, action: Any) -> str | None:
            return None if str(action) == "roll" else "in this game only rolls can be taken back"

    strict = Strict()
    assert refusal("roll", strict) is None
    assert refusal("step", strict) == "in this game only rolls can be taken back"


def test_real_games_allow_some_moves_and_refuse_rolls() -> None:
    derby = games.get("polar-derby")
    state = derby.new_game(2, derby.options(), 7)
    [seat] = derby.to_act(state)
    roll = derby.parse_action("roll")
    after, events = games.play(derby, state, seat, roll)
    assert "random result" in str(undo_refusal(derby, state, seat, roll, after, events) or "")
    if seat in derby.to_act(after):
        take = derby.legal_actions(after, seat)[0]
        later, more = games.play(derby, after, seat, take)
        assert undo_refusal(derby, after, seat, take, later, more) is None


# --------------------------------------------------------------------------- through the session service


@pytest.fixture
async def sessions(tmp_path: Path):
    store = await open_store(str(tmp_path / "floe.db"))
    await ask_every_move(store)  # every move asked, as these tests expect
    yield named_sessions(store)
    await store.close()


async def _derby(sessions: Sessions, players: int = 2) -> int:
    return await start_table(sessions, "polar-derby", (ALICE, BOB, CAROL)[:players])


async def _roll_until_a_take(sessions: Sessions, gid: int) -> int:
    """Roll until a roll leaves its player something to take; returns that player."""
    for _ in range(50):
        user = await awaited_user(sessions, gid)
        await sessions.act(CHANNEL, user, "roll")
        table = await sessions.table(gid)
        if table.state.phase == "take":
            return user
        if table.state.phase == "decide":
            await sessions.act(CHANNEL, user, "stop")
    raise AssertionError("no take in 50 rolls")


async def test_undo_takes_back_a_take_and_the_log_replays(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    user = await _roll_until_a_take(sessions, gid)
    before = await sessions.table(gid)
    take = str(before.game.legal_actions(before.state, before.seats_of(user)[0])[0])
    await sessions.act(CHANNEL, user, take)
    reply = await core_of(sessions).history.undo(CHANNEL, user)
    assert reply.post is not None and f"takes back `{take}`" in reply.post.text
    after = await sessions.table(gid)
    assert after.state == before.state  # the snapshot is the position before the take
    assert after.record.step == before.record.step + 2  # the take and the undo are both in the log
    rows = await store_of(sessions).actions(gid)
    assert [r.notation for r in rows[-2:]] == [take, "undo"]
    assert await sessions.verify_replay(gid)
    # an old button drawn for the step of the take is stale now; the take can be played again
    with pytest.raises(StaleAction):
        await sessions.act(CHANNEL, user, take, step=before.record.step)
    await sessions.act(CHANNEL, user, take, step=after.record.step)
    assert await sessions.verify_replay(gid)


async def test_undo_refuses_a_roll(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    user = await awaited_user(sessions, gid)
    await sessions.act(CHANNEL, user, "roll")
    with pytest.raises(CannotUndo, match="`roll` had a random result"):
        await core_of(sessions).history.undo(CHANNEL, user)
    assert (await sessions.table(gid)).record.step == 1  # nothing written


async def test_undo_refuses_once_someone_else_acted(sessions: Sessions) -> None:
    gid = await _derby(sessions)
    first = await _roll_until_a_take(sessions, gid)
    table = await sessions.table(gid)
    await sessions.act(
        CHANNEL, first, str(table.game.legal_actions(table.state, table.seats_of(first)[0])[0])
    )
    table = await sessions.table(gid)
    if table.state.phase == "decide":
        await sessions.act(CHANNEL, first, "stop")
    second = await awaited_user(sessions, gid)
    assert second != first
    await sessions.act(CHANNEL, second, "roll")
    with pytest.raises(CannotUndo, match=f"{NAMES[second]} has acted since"):
        await core_of(sessions).history.undo(CHANNEL, first)


async def test_undo_refuses_with_nothing_to_take_back_and_refuses_spectators(sessions: Sessions) -> None:
    await _derby(sessions)
    with pytest.raises(CannotUndo, match="no action to take back"):
        await core_of(sessions).history.undo(CHANNEL, ALICE)
    with pytest.raises(NotSeated):
        await core_of(sessions).history.undo(CHANNEL, EVE)


async def test_undo_refuses_a_resignation(sessions: Sessions) -> None:
    gid = await _derby(sessions, players=3)
    await sessions.resign(CHANNEL, CAROL)
    assert (await sessions.table(gid)).record.status == "active"
    with pytest.raises(CannotUndo, match="resignation cannot be taken back"):
        await core_of(sessions).history.undo(CHANNEL, CAROL)


async def test_undo_refuses_a_secret_plan(sessions: Sessions) -> None:
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    await sessions.act(CHANNEL, ALICE, "plan SS")
    with pytest.raises(CannotUndo, match="secret choice"):
        await core_of(sessions).history.undo(CHANNEL, ALICE)
    assert reply.game_id is not None and await sessions.verify_replay(reply.game_id)


async def test_undo_refuses_a_private_standing_choice_and_tells_nobody(sessions: Sessions) -> None:
    """Ice Hike's `torches never` is nobody else's business: taking it back would announce it in
    the channel and the log ("takes back `torches never`"), so it is refused privately."""
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-hike")
    await sessions.join(CHANNEL, BOB)
    await sessions.start(CHANNEL, ALICE)
    mover = await awaited_user(sessions, reply.game_id or 0)
    chosen = await sessions.act(CHANNEL, mover, "torches never")
    assert chosen.post is None  # nothing public
    with pytest.raises(CannotUndo, match="private choice") as refused:
        await core_of(sessions).history.undo(CHANNEL, mover)
    assert "make a new one" in str(refused.value)
    assert [r.notation for r in await store_of(sessions).actions(reply.game_id or 0)] == ["torches never"]
    assert await sessions.log(CHANNEL) == "No moves yet."  # no trace, not even "(a secret choice)"


async def test_a_standing_choice_leaves_the_turn_messages_buttons_standing(sessions: Sessions) -> None:
    """`torches never` posts nothing (the turn message is unchanged), so a button of that message
    still plays: it was refused as stale ("use the newest one"), with no newer message to use."""
    reply = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="ice-hike")
    await sessions.join(CHANNEL, BOB)
    started = await sessions.start(CHANNEL, ALICE)
    assert started.post is not None and started.post.controls is not None
    drawn_for = started.post.controls.step
    mover = await awaited_user(sessions, reply.game_id or 0)
    await sessions.act(CHANNEL, mover, "torches never")
    options = await sessions.options_for(CHANNEL, mover, step=drawn_for)
    place = next(c.notation for m in options.menus for c in m.choices if c.notation.startswith("place"))
    played = await sessions.act(CHANNEL, mover, place, step=drawn_for)
    assert played.ack == f"You played `{place}`."
