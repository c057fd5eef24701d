"""History, the dashboard, stats, rematch and moderation through the session service."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

import renderer
from bot.core import dashboard, digests, history
from bot.core.sessions import LobbyError, NotHost, NotSeated, Sessions
from games.core import GameOver
from storage import ActionRecord, open_store
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    EVE,
    GUILD,
    NAMES,
    awaited_user,
    core_of,
    named_sessions,
    start_table,
    store_of,
)

OTHER, THIRD, FOURTH = 200, 300, 400


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def sessions(tmp_path: Path, clock: Clock):
    store = await open_store(str(tmp_path / "floe.db"))
    seeds = iter(range(7, 10_000))
    yield named_sessions(store, clock=clock, new_seed=lambda: next(seeds))
    await store.close()


async def _greedy_turn(sessions: Sessions, gid: int, channel: int = CHANNEL) -> None:
    """One Polar Derby turn of the awaited player: roll, take the first offer, stop."""
    user = await awaited_user(sessions, gid)
    for _ in range(20):
        table = await sessions.table(gid)
        if table.record.status != "active" or table.user_of(min(table.game.to_act(table.state))) != user:
            return
        actions = [str(a) for a in table.game.legal_actions(table.state, table.seats_of(user)[0])]
        await sessions.act(channel, user, "stop" if "stop" in actions else actions[0])


async def _finish(sessions: Sessions, gid: int, channel: int = CHANNEL) -> None:
    for _ in range(2000):
        if (await sessions.table(gid)).record.status != "active":
            return
        await _greedy_turn(sessions, gid, channel)
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------- digest


async def test_a_ping_carries_what_happened_since_the_players_last_turn(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB, CAROL))
    first = await awaited_user(sessions, gid)
    await _greedy_turn(sessions, gid)
    # the next two players move; the digest for the first player lists the earlier one
    second = await awaited_user(sessions, gid)
    await _greedy_turn(sessions, gid)
    third = await awaited_user(sessions, gid)
    assert len({first, second, third}) == 3
    reply = None
    for _ in range(20):
        table = await sessions.table(gid)
        if table.user_of(min(table.game.to_act(table.state))) != third:
            break
        actions = [str(a) for a in table.game.legal_actions(table.state, table.seats_of(third)[0])]
        reply = await sessions.act(CHANNEL, third, "stop" if "stop" in actions else actions[0])
    assert reply is not None and reply.post is not None
    assert [a.user_id for a in reply.post.awaited if a.ping] == [first]
    digest = [line for line in reply.post.text.splitlines() if line.startswith("📜")]
    assert len(digest) == 1 and digest[0].startswith(f"📜 Since {NAMES[first]}'s last turn")
    assert NAMES[second] in digest[0]  # the second player's moves, which this post does not narrate
    assert digest[0].count(" · ") <= digests.DIGEST_ENTRIES - 1  # capped


async def test_no_digest_in_a_two_player_game_where_the_post_says_it_all(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    for _ in range(3):
        await _greedy_turn(sessions, gid)
    reply = await sessions.board(CHANNEL)
    assert reply.post is not None and "📜" not in reply.post.text


# --------------------------------------------------------------------------- replay GIF and log pages


async def test_replay_is_an_animated_gif_under_the_upload_limit(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    await _finish(sessions, gid)
    data, caption, alt = await core_of(sessions).history.replay_animation(0, game_id=gid)
    moves = await store_of(sessions).count_actions(gid)
    assert f"{moves} moves" in caption
    # its alt text: what it is, then the last board described (who won, the scores)
    assert alt.startswith(f"Replay of Polar Derby, {moves} moves, ending on this board:\n")
    assert "Winner:" in alt and len(alt) <= renderer.ALT_TEXT_LIMIT
    assert len(data) < 10 * 1024 * 1024
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.width <= history.REPLAY_WIDTH
    assert 2 <= gif.n_frames <= history.REPLAY_MAX_FRAMES + 1


def test_a_long_game_is_sampled_and_squeezed_under_a_limit() -> None:
    from games.polar_derby import POLAR_DERBY

    state = POLAR_DERBY.new_game(2, POLAR_DERBY.options(), 1)
    states = [state]
    for _ in range(300):
        awaited = POLAR_DERBY.to_act(state)
        if not awaited:
            break
        [seat] = awaited
        state, _ = POLAR_DERBY.apply(state, seat, POLAR_DERBY.legal_actions(state, seat)[0])
        states.append(state)
    assert len(states) > 30
    data = history.replay_gif(POLAR_DERBY, states, ["A", "B"], max_frames=30, limit=400_000)
    gif = Image.open(io.BytesIO(data))
    assert len(data) <= 400_000 and gif.n_frames <= 31


async def test_log_pages_count(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    assert await core_of(sessions).history.log_pages(CHANNEL) == (gid, 1)
    for _ in range(8):
        await _greedy_turn(sessions, gid)
    total = await store_of(sessions).count_actions(gid)
    assert await core_of(sessions).history.log_pages(CHANNEL) == (gid, -(-total // 15))


# --------------------------------------------------------------------------- dashboard, stats


async def test_my_games_lists_the_ones_waiting_on_me_first_then_by_longest_wait(
    sessions: Sessions, clock: Clock
) -> None:
    a = await start_table(sessions, "polar-derby", (ALICE, BOB), channel=CHANNEL)
    b = await start_table(sessions, "polar-derby", (BOB, ALICE), channel=OTHER)
    c = await start_table(sessions, "polar-derby", (ALICE, BOB), channel=FOURTH)
    lobby = await sessions.new_game(channel_id=THIRD, guild_id=GUILD, user_id=ALICE, game_name="ice-lake")
    # c waits on Alice since long ago, b since a while, a waits on Bob
    for gid, channel, who in ((c, FOURTH, ALICE), (b, OTHER, ALICE), (a, CHANNEL, BOB)):
        for _ in range(40):
            clock.now += 10
            await _greedy_turn(sessions, gid, channel)
            if await awaited_user(sessions, gid) == who:
                break
        clock.now += 1000
    lines = await core_of(sessions).dashboard.my_games(ALICE)
    assert [g.game_id for g in lines] == [c, b, a, lobby.game_id]
    assert [g.waiting_on_you for g in lines] == [True, True, False, False]
    assert lines[2].waiting_on == ("Bob",) and lines[3].status == "lobby"
    assert lines[0].link == f"https://discord.com/channels/{GUILD}/{FOURTH}"
    last = (await store_of(sessions).actions(c))[-1].created_at
    assert lines[0].since == last < lines[1].since
    text = dashboard.format_games(lines)
    assert (
        text.index(f"/{FOURTH}")
        < text.index(f"/{OTHER}")
        < text.index(f"/{CHANNEL}")
        < text.index(f"/{THIRD}")
    )
    assert f"<t:{int(last)}:R>" in text and "waiting on **you**" in text
    # Bob sees game a first (it waits on him)
    assert next(g.game_id for g in await core_of(sessions).dashboard.my_games(BOB)) == a
    assert "no open games" in await core_of(sessions).dashboard.games_text(EVE)


async def test_stats_and_leaderboard_count_finished_games_and_winners(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    await _finish(sessions, gid)
    table = await sessions.table(gid)
    [winner] = dashboard.winners_of(table)
    loser = BOB if winner == ALICE else ALICE
    mine = await core_of(sessions).dashboard.stats(winner)
    assert (mine["Polar Derby"].played, mine["Polar Derby"].won) == (1, 1)
    theirs = await core_of(sessions).dashboard.stats(loser)
    assert (theirs["Polar Derby"].played, theirs["Polar Derby"].won) == (1, 0)
    board = await core_of(sessions).dashboard.leaderboard(GUILD)
    assert [user for user, _ in board["Polar Derby"]] == [winner, loser]
    text = await core_of(sessions).dashboard.leaderboard_text(GUILD, "polar-derby")
    assert f"1. {NAMES[winner]}: 1 won of 1" in text
    assert "No finished Ice Lake games" in await core_of(sessions).dashboard.leaderboard_text(
        GUILD, "ice-lake"
    )
    assert "not finished a game" in await core_of(sessions).dashboard.stats_text(EVE)


# --------------------------------------------------------------------------- rematch


async def test_rematch_seats_the_same_players_with_the_same_options_and_a_new_seed(
    sessions: Sessions,
) -> None:
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby", options={"no_risk": True}
    )
    gid = reply.game_id
    assert gid is not None
    for user in (BOB, CAROL):
        await sessions.join(CHANNEL, user)
    await sessions.start(CHANNEL, ALICE)
    with pytest.raises(LobbyError):
        await core_of(sessions).tables.rematch(gid, ALICE)  # not over yet
    await _finish(sessions, gid)
    with pytest.raises(NotSeated):
        await core_of(sessions).tables.rematch(gid, EVE)
    again = await core_of(sessions).tables.rematch(gid, BOB)
    assert again.post is not None and "Rematch" in again.post.text
    new = await sessions.table(again.game_id)
    old = await sessions.table(gid)
    assert new.record.status == "lobby" and new.users() == [BOB, CAROL, ALICE]
    assert new.record.host_id == BOB and new.record.options == old.record.options
    assert new.record.seed != old.record.seed
    with pytest.raises(Exception, match="rematch is already open"):
        await core_of(sessions).tables.rematch(gid, CAROL)
    await sessions.start(CHANNEL, BOB)
    assert (await sessions.table(new.record.id)).record.status == "active"


# --------------------------------------------------------------------------- replace, abandon, spectators


async def test_replace_moves_the_seat_and_its_private_information_to_the_new_holder(
    sessions: Sessions,
) -> None:
    gid = await start_table(sessions, "ice-lake", (ALICE, BOB))
    await sessions.act(CHANNEL, ALICE, "plan SSL")
    with pytest.raises(NotHost):
        await core_of(sessions).tables.replace(CHANNEL, BOB, ALICE, CAROL, moderator=False)
    with pytest.raises(Exception, match="already playing"):
        await core_of(sessions).tables.replace(CHANNEL, ALICE, ALICE, BOB, moderator=False)
    reply = await core_of(sessions).tables.replace(CHANNEL, BOB, ALICE, CAROL, moderator=True)
    assert reply.post is not None and "Carol takes over the seat of Alice" in reply.post.text
    assert "SSL" not in reply.post.text
    # private information goes to the new holder only
    assert {n.user_id for n in reply.notes} == {CAROL}
    assert [(await n.image.data() or b"")[:4] for n in reply.notes if n.image is not None] == [b"\x89PNG"]
    assert all("SSL" not in n.text for n in reply.notes)
    table = await sessions.table(gid)
    assert table.users() == [CAROL, BOB]
    assert table.game.view(table.state, table.seats_of(CAROL)[0]).own_plan == "SSL"
    with pytest.raises(NotSeated):
        await sessions.private_view(CHANNEL, ALICE)
    assert (await sessions.private_view(CHANNEL, CAROL)).user_id == CAROL
    with pytest.raises(NotSeated):
        await sessions.act(CHANNEL, ALICE, "plan S")
    await sessions.act(CHANNEL, CAROL, "plan L")  # the new holder revises the seat's plan
    assert await sessions.verify_replay(gid)


async def test_replace_pings_only_the_new_holder_when_their_seat_is_awaited(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    mover = await awaited_user(sessions, gid)
    reply = await core_of(sessions).tables.replace(CHANNEL, ALICE, mover, DAVE, moderator=False)
    assert reply.post is not None
    assert [(a.user_id, a.ping) for a in reply.post.awaited] == [(DAVE, True)]


async def test_abandon_by_the_host_or_a_moderator_only(sessions: Sessions) -> None:
    gid = await start_table(sessions, "polar-derby", (ALICE, BOB))
    with pytest.raises(NotHost):
        await core_of(sessions).tables.abandon(CHANNEL, BOB, moderator=False)
    reply = await core_of(sessions).tables.abandon(CHANNEL, BOB, moderator=True)
    assert reply.finished and reply.post is not None and "abandoned" in reply.post.text
    assert (await sessions.table(gid)).record.status == "abandoned"
    assert await store_of(sessions).open_game_in(CHANNEL) is None
    with pytest.raises(GameOver):
        await core_of(sessions).history.undo(0, ALICE, game_id=gid)


async def test_spectators_get_no_private_path(sessions: Sessions) -> None:
    gid = await start_table(sessions, "thin-ice", (ALICE, BOB, CAROL))
    with pytest.raises(NotSeated):
        await sessions.private_view(CHANNEL, EVE)
    with pytest.raises(NotSeated):
        await sessions.options_for(CHANNEL, EVE)
    with pytest.raises(NotSeated):
        await sessions.act(CHANNEL, EVE, "end")
    with pytest.raises(NotSeated):
        await core_of(sessions).history.undo(CHANNEL, EVE)
    assert await sessions.suggestions(CHANNEL, EVE, "") == []
    assert await core_of(sessions).dashboard.my_games(EVE) == []
    # the public board is theirs to see, drawn from the spectator's view
    board = await sessions.board(CHANNEL)
    assert board.post is not None and board.post.image is not None and board.notes == ()
    assert (await board.post.image.data() or b"")[:4] == b"\x89PNG"
    del gid


def test_players_whose_last_turns_came_together_share_the_recap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reaction window asks several players at once: one line, since the earliest last turn
    among them (naming everyone whose last turn that is), saying how many earlier actions the
    log holds besides."""
    names = {1: "alice", 2: "bob", 3: "carol", 4: "dave"}
    sessions = SimpleNamespace(name=names.__getitem__, words=SimpleNamespace(see_log="/game log"))
    table = SimpleNamespace(game=None, seats_of=lambda user: [user - 1] if user < 4 else [1])
    # alice, bob, carol place their meeples, then alice plays three public actions
    rows = [
        ActionRecord(1, step, seat, f"a{step}", f"m{step}", 0.0)
        for step, seat in enumerate([0, 1, 2, 0, 0, 0])
    ]
    monkeypatch.setattr(digests.visibility, "public_log", lambda game, rows: list(rows))
    monkeypatch.setattr(digests, "_one_line", lambda sessions, table, row, *_: row.narration)
    asked = [SimpleNamespace(user_id=u, ping=True) for u in (2, 3)]
    lines = digests.digest_lines(sessions, table, asked, rows, narrated_from=6)  # type: ignore[arg-type]
    assert lines == ["📜 Since bob's last turn (and 1 earlier: /game log): m3 · m4 · m5"]
    # dave shares bob's seat (a seat moved to him): both last played at step 1
    asked.append(SimpleNamespace(user_id=4, ping=True))
    lines = digests.digest_lines(sessions, table, asked, rows, narrated_from=6)  # type: ignore[arg-type]
    assert lines == ["📜 Since bob's and dave's last turns (and 1 earlier: /game log): m3 · m4 · m5"]


def _recap_setup(monkeypatch: pytest.MonkeyPatch) -> tuple[SimpleNamespace, SimpleNamespace]:
    """Sessions and a table of alice, bob and carol (users 1-3 in seats 0-2) for digest_lines,
    with a public log of every row."""
    names = {1: "alice", 2: "bob", 3: "carol"}
    sessions = SimpleNamespace(name=names.__getitem__, words=SimpleNamespace(see_log="/game log"))
    table = SimpleNamespace(game=None, seats_of=lambda user: [user - 1])
    monkeypatch.setattr(digests.visibility, "public_log", lambda game, rows: list(rows))
    monkeypatch.setattr(digests, "_one_line", lambda sessions, table, row, *_: row.narration)
    return sessions, table


def test_players_pinged_together_read_one_recap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reaction window asks bob and carol at once: carol's recap is the end of bob's, so the
    card says bob's alone (carol reads her own move in it, and what came after)."""
    sessions, table = _recap_setup(monkeypatch)
    # bob, carol, then alice twice; the card narrates alice's third action (step 4)
    rows = [
        ActionRecord(1, step, seat, f"a{step}", f"m{step}", 0.0) for step, seat in enumerate([1, 2, 0, 0, 0])
    ]
    asked = [SimpleNamespace(user_id=u, ping=True) for u in (2, 3)]
    lines = digests.digest_lines(sessions, table, asked, rows, narrated_from=4)  # type: ignore[arg-type]
    assert lines == ["📜 Since bob's last turn: m1 · m2 · m3"]


def test_a_recap_says_one_line_per_action() -> None:
    """An action's recap entry is the first line of its narration (the action itself): the
    card's board shows what came of it, the log tells it all."""
    sessions = SimpleNamespace(names=lambda table: ["alice", "bob"])
    table = SimpleNamespace(game=None)
    row = ActionRecord(1, 3, 0, "move S", "alice: move S\nThe tile on E5 cracks.\nalice moves to E6.", 0.0)
    assert digests._one_line(sessions, table, row) == "alice: move S"  # type: ignore[arg-type]
