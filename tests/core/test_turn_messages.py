"""The core's edit-or-post rule (one living message per turn) and automatic forced moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
from bot.core.sessions import Reply, Sessions, replies
from bot.core.sessions import decide as sessions_module
from bot.core.sessions.decide import automatic_refusal
from games.thin_ice.actions import Simple
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, GUILD, core_of, seeded_sessions, store_of

sessions = seeded_sessions


async def _start(sessions: Sessions, game: str, users: tuple[int, ...]) -> tuple[int, Reply]:
    opened = await sessions.new_game(channel_id=CHANNEL, guild_id=GUILD, user_id=users[0], game_name=game)
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    started = await sessions.start(CHANNEL, users[0])
    assert opened.game_id is not None
    return opened.game_id, started


async def _mover(sessions: Sessions, gid: int) -> tuple[int, list[str]]:
    table = await sessions.table(gid)
    [seat] = table.game.to_act(table.state)
    return table.user_of(seat), [str(a) for a in table.game.legal_actions(table.state, seat)]


async def test_polar_derby_rolls_the_opening_roll_for_the_player_and_says_so(sessions: Sessions) -> None:
    # Polar Derby: "roll the dice" opens every turn and is the only action then: forced.
    gid, started = await _start(sessions, "polar-derby", (ALICE, BOB))
    assert started.post is not None and not started.edit  # the start is a post of its own
    assert "`roll`, the only move." in started.post.text
    rows = await store_of(sessions).actions(gid)
    table = await sessions.table(gid)
    first = min(table.game.to_act(table.state))
    assert [r.notation for r in rows] == ["roll"] and rows[0].seat == first  # made by the awaited seat
    assert await sessions.verify_replay(gid)  # an ordinary logged action: replay stays exact


async def test_the_same_player_awaited_edits_a_new_player_awaited_posts(sessions: Sessions) -> None:
    gid, _ = await _start(sessions, "polar-derby", (ALICE, BOB, CAROL))
    mover, legal = await _mover(sessions, gid)
    take = next(a for a in legal if a.startswith("take"))
    taken = await sessions.act(CHANNEL, mover, take)
    again, legal = await _mover(sessions, gid)
    if again == mover:  # still this player's turn (roll again or stop): the message is edited
        assert taken.edit and taken.post is not None
        assert not any(a.ping for a in taken.post.awaited)  # nobody pinged by an edit
        assert "the only move" in taken.post.text  # the turn's narration so far, from its start
        stopped = await sessions.act(CHANNEL, mover, "stop")
        assert not stopped.edit and stopped.post is not None  # someone new: a post with a ping
        assert [a.ping for a in stopped.post.awaited] == [True]
        assert "`roll`, the only move." in stopped.post.text  # the next player's roll was forced


async def test_the_end_of_the_game_is_a_post(sessions: Sessions) -> None:
    gid, _ = await _start(sessions, "polar-derby", (ALICE, BOB))
    reply: Reply | None = None
    for _ in range(400):
        table = await sessions.table(gid)
        if table.record.status != "active":
            break
        mover, legal = await _mover(sessions, gid)
        reply = await sessions.act(CHANNEL, mover, "stop" if "stop" in legal else legal[0])
    assert reply is not None and reply.finished and not reply.edit
    assert await sessions.verify_replay(gid)


async def test_a_player_who_turned_auto_play_off_is_asked_every_move(sessions: Sessions) -> None:
    await store_of(sessions).set_auto_play(ALICE, False)
    await store_of(sessions).set_auto_play(BOB, False)
    gid, started = await _start(sessions, "polar-derby", (ALICE, BOB))
    assert started.post is not None and "the only move" not in started.post.text
    assert await store_of(sessions).count_actions(gid) == 0
    _, legal = await _mover(sessions, gid)
    assert legal == ["roll"]  # offered, not played: the /settings opt-out
    assert await store_of(sessions).auto_play(CAROL)  # the default is on


async def test_a_new_seat_holders_only_move_is_played_when_they_allow_it(sessions: Sessions) -> None:
    await store_of(sessions).set_auto_play(ALICE, False)
    await store_of(sessions).set_auto_play(BOB, False)
    gid, _ = await _start(sessions, "polar-derby", (ALICE, BOB))
    mover, legal = await _mover(sessions, gid)
    assert legal == ["roll"] and await store_of(sessions).count_actions(gid) == 0
    done = await core_of(sessions).tables.replace(
        CHANNEL, ALICE, mover, CAROL, moderator=False
    )  # Carol: auto-play on
    rows = await store_of(sessions).actions(gid)
    assert rows and rows[0].notation == "roll", "Carol's only move, the roll, was played at once"
    assert (
        done.post is not None and "Carol takes over the seat" in done.post.text and "rolls" in done.post.text
    )


async def test_forced_moves_stop_at_the_bound(sessions: Sessions, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every move of a 2-player Polar Derby turn forced (a bust) would run on; the bound stops it.
    monkeypatch.setattr(sessions_module, "AUTO_LIMIT", 1)
    gid, _ = await _start(sessions, "polar-derby", (ALICE, BOB))
    assert await store_of(sessions).count_actions(gid) == 1  # one forced roll, then the bound


def test_secret_deadline_only_and_game_rulings_are_never_automatic() -> None:
    lake = games.get("ice-lake")
    plan = lake.parse_action("plan SSLR")
    assert automatic_refusal(lake, None, 0, plan) is not None  # secret, and the game's ruling
    assert lake.never_automatic(None, 0, plan)  # type: ignore[attr-defined]
    derby = games.get("polar-derby")
    assert automatic_refusal(derby, None, 0, derby.parse_action("roll")) is None
    thin = games.get("thin-ice")
    state: Any = None
    for seed in range(40):  # find a reaction window (random play): a lone pass there is still asked
        r = random.Random(seed)
        state = thin.new_game(3, thin.options.from_mapping({}), seed)
        for _ in range(200):
            seats = sorted(thin.to_act(state))
            if not seats or any(thin.reaction(state, s) for s in seats):  # type: ignore[attr-defined]
                break
            seat = seats[0]
            state, _ = games.play(thin, state, seat, r.choice(list(thin.legal_actions(state, seat))))
        else:
            continue
        break
    seat = next(s for s in sorted(thin.to_act(state)) if thin.reaction(state, s))  # type: ignore[attr-defined]
    assert thin.never_automatic(state, seat, Simple("pass"))  # type: ignore[attr-defined]


async def test_a_long_turn_is_narrated_by_its_first_and_newest_lines(sessions: Sessions) -> None:
    """A card narrates a long turn briefly, to fit a phone: its first line (what began the turn,
    the line it folds to), the newest lines, and how many more the log holds between them."""
    gid, started = await _start(sessions, "polar-derby", (ALICE, BOB))
    mover, _ = await _mover(sessions, gid)
    first_line = ""
    longest = 0
    for _ in range(12):
        user, legal = await _mover(sessions, gid)
        if user != mover:
            break
        take = [a for a in legal if a.startswith("take")]
        reply = await sessions.act(
            CHANNEL, mover, "roll" if "roll" in legal else take[0] if take else legal[0]
        )
        if not reply.edit or reply.post is None:
            break
        narration = reply.post.text.splitlines()
        rows = await store_of(sessions).actions(gid)
        first_line = first_line or narration[0]
        assert narration[0] == first_line
        assert len("\n".join(narration)) <= replies.CARD_NARRATION + 60
        if len(rows) > 3 and any(line.startswith("… (") for line in narration):
            assert any(line.endswith(" lines: /game log)") for line in narration)
            longest = max(longest, len(rows))
    assert longest > 3, "the turn never grew long"
