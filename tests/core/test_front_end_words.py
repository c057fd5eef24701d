"""Each front end's words in the session's texts (:class:`bot.core.texts.FrontEndWords`): the
core says what it means (give your secret choice, see the whole log, start a game, your private
view comes with this note) and builds its sentences with the words of the front end it was
given, so no front end rewrites a sentence after it is made. Discord's sentences stay byte for
byte what they were; the terminal's are the ones it printed before."""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

import games
from bot.core.sessions import NoGameHere, Reply, Sessions
from bot.core.texts import DISCORD_WORDS, FrontEndWords
from bot.terminal.local import TERMINAL_WORDS, run_local
from storage import Store, open_store
from tests.support.core import ALICE, BOB, CAROL, CHANNEL, named_sessions, start_table
from tests.support.terminal import Screen, random_answers

#: A front end of the tests' own, so no sentence can pass by saying Discord's or the terminal's.
WALRUS_WORDS = FrontEndWords(
    answer_secret="Whisper it to the walrus.",
    see_log="ask the walrus",
    start_game="wake the walrus",
    view_attached="The walrus holds your view.",
)

#: Per front end, the sentences the session must say, written out (not built from the words):
#: the opening note of a game dealing private views, the line under a secret prompt, the end of a
#: digest's first words, and the answer in a channel without a game.
EXPECTED = {
    "discord": (
        DISCORD_WORDS,
        "**Thin Ice** has begun. Your private view (only you see it) is attached.",
        "Tap it below or reply here (up to 100 characters). Only you see it; you may change it until all are in.",
        "earlier: /game log): ",
        "there is no game in this channel: start one with /game new",
    ),
    "terminal": (
        TERMINAL_WORDS,
        "**Thin Ice** has begun.",
        "Type it at the prompt (up to 100 characters).",
        "earlier: type log): ",
        "there is no game in this channel: start one with floe play",
    ),
    "walrus": (
        WALRUS_WORDS,
        "**Thin Ice** has begun. The walrus holds your view.",
        "Whisper it to the walrus.",
        "earlier: ask the walrus): ",
        "there is no game in this channel: start one with wake the walrus",
    ),
}
#: Phrases of every front end's words: a text made with one front end's words has none of the others'.
PHRASES = {
    name: {games.tell(w.answer_secret), games.tell(w.see_log), w.start_game, games.tell(w.view_attached)}
    - {""}
    for name, (w, *_) in EXPECTED.items()
}


MakeSessions = Callable[[FrontEndWords], Awaitable[Sessions]]


@pytest.fixture(name="make_sessions")
async def sessions_over_a_store(tmp_path: Path) -> AsyncIterator[MakeSessions]:
    """Session services with the words they are given, each over a fresh SQLite store."""
    stores: list[Store] = []

    async def make(words: FrontEndWords) -> Sessions:
        store = await open_store(str(tmp_path / f"floe-{len(stores)}.db"))
        stores.append(store)
        return named_sessions(store, words=words)

    yield make
    for store in stores:
        await store.close()


def texts(reply: Reply) -> list[str]:
    """Every text of a reply: the ack, the public post and the private notes."""
    post = [reply.post.text] if reply.post is not None else []
    return [reply.ack, *post, *(note.text for note in reply.notes)]


async def digest_of_a_long_turn(sessions: Sessions) -> list[str]:
    """Polar Derby's texts until a digest names more actions than it lists: Alice and Bob keep
    rolling and taking bears for a few actions each turn, then stop."""
    game_id = await start_table(sessions, "polar-derby", (ALICE, BOB))
    pick = random.Random(3)
    seen: list[str] = []
    in_turn = 0
    for _ in range(400):
        table = await sessions.table(game_id)
        if table.record.status != "active":
            break
        seat = min(table.game.to_act(table.state))
        actions = [str(a) for a in table.legal(seat)]
        going_on = [a for a in actions if a != "stop"]
        choice = (
            "stop"
            if "stop" in actions and (in_turn >= 5 or not going_on)
            else pick.choice(going_on or actions)
        )
        in_turn = 0 if choice == "stop" else in_turn + 1
        reply = await sessions.act(CHANNEL, table.user_of(seat), choice, seat=seat, game_id=game_id)
        seen += texts(reply)
        if any(" earlier: " in text for text in seen):
            return seen
    raise AssertionError("no digest left actions out")


async def started(sessions: Sessions, game: str, users: tuple[int, ...]) -> Reply:
    """The reply to starting a game of ``game`` in :data:`CHANNEL` with ``users`` seated."""
    await sessions.new_game(channel_id=CHANNEL, guild_id=None, user_id=users[0], game_name=game)
    for user in users[1:]:
        await sessions.join(CHANNEL, user)
    return await sessions.start(CHANNEL, users[0])


@pytest.mark.parametrize("front_end", sorted(EXPECTED))
async def test_the_session_says_each_thing_in_its_front_ends_words(
    front_end: str, make_sessions: MakeSessions
) -> None:
    words, opening, answer_secret, digest, no_game = EXPECTED[front_end]
    others = set().union(*(PHRASES[name] for name in PHRASES if name != front_end)) - PHRASES[front_end]

    # Thin Ice deals every player a private hand: each gets it in a note at the start
    thin_ice = await started(await make_sessions(words), "thin-ice", (ALICE, BOB, CAROL))
    assert [note.text.split("\n")[0] for note in thin_ice.notes] == [opening] * 3

    # Ice Lake asks both players in private for a plan
    ice_lake = await started(await make_sessions(words), "ice-lake", (ALICE, BOB))
    asked = [note.text for note in ice_lake.notes]
    assert len(asked) == 2 and all(text.endswith(".\n" + answer_secret) for text in asked), asked

    # a digest leaving earlier actions out points to the whole log (the terminal prints no
    # digests, its screen holds what happened: its words are checked as if it did)
    sessions = await make_sessions(dataclasses.replace(words, recaps=True))
    long_turn = await digest_of_a_long_turn(sessions)
    assert any(digest in text for text in long_turn), [t for t in long_turn if "earlier" in t]

    with pytest.raises(NoGameHere) as refused:
        await sessions.table_in(CHANNEL + 1)
    assert str(refused.value) == no_game

    said = [*texts(thin_ice), *texts(ice_lake), *long_turn, str(refused.value)]
    leaked = sorted({phrase for phrase in others for text in said if phrase in text})
    assert not leaked, f"{front_end} texts say another front end's words: {leaked}"


# ----------------------------------------------------------------------------- at the terminal

#: Players' names that read like Discord's commands: the terminal shows a name as it was typed.
COMMAND_LIKE_NAMES = ["Ann /game log", "Bob /game new", "Cy /game move"]
#: A slash command, anywhere in a text (not a path or a fraction).
SLASH_COMMAND = re.compile(r"(?<![\w/.])/[a-z]+")


@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_a_whole_game_at_the_terminal_says_no_discord_command(name: str) -> None:
    """A whole game of every registered game through the terminal's entry point: everything it
    prints names no Discord command and no Discord way of answering, and the players' names show
    as typed (no Discord phrase is rewritten after a text is made, not even inside a name)."""
    game = games.get(name)
    names = COMMAND_LIKE_NAMES[: game.players.start]
    screen = Screen(random_answers(1, 3000), limit=3000)
    code = await run_local(
        name, None, seed=1, boards=None, names=names, input_fn=screen.input, output_fn=screen.output
    )
    assert code == 0
    text = screen.text
    assert "The game is finished after " in text, text[-2000:]
    for player in names:  # every "Ann" is "Ann /game log": the session's texts name her as typed
        first_name = re.compile(rf"\b{player.split()[0]}\b")
        assert len(first_name.findall(text)) == text.count(player) > 0, f"{player!r} is not shown as typed"
        text = text.replace(player, "")
    assert not SLASH_COMMAND.findall(text), sorted(set(SLASH_COMMAND.findall(text)))
    for discord_words in ("Reply here", "is attached"):
        assert discord_words not in text, discord_words
