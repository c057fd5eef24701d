"""Whole games of all five games in each language Floe speaks, and in the pseudo-language,
through the strict Discord double: every text that reaches a person (posts, cards, buttons,
menus, modals, alt text, private answers, DMs) keeps within Discord's limits, and in the
pseudo-language none escaped the catalogues (:func:`tests.support.escapes.escapes`).

The pseudo-language reaches the bot the way a language does on Discord: the test's Discord
sends ``en-XA`` as the server's preferred locale and as each player's locale
(``StrictDiscord.locales``), and :func:`bot.core.readers.spoken` reads the pseudo-language as
itself. Discord never sends ``en-XA`` (it is in no list of its locales), so only tests read it.

Each game is short: alice against computer players of the easy level (which think in this
process with a search of two iterations), on the shortest options, with a few more things a
player reads along the way: the rules, a refusal, the private view, the log, and in Ice Lake
the plan builder and the private text box (a modal). In the pseudo-language a told text that
lost its closing bracket was cut short to fit (a prompt, a label, a title): that fails too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import games
from bot.core.computers import think_now
from bot.core.languages import PSEUDO_LANGUAGE
from games import registry
from tests.support.brains import distance_score, progress_score
from tests.support.discord_texts import LIMITS, Sent, sent_texts
from tests.support.driver import Brain, Stats, act_once, greedy, raw_components
from tests.support.escapes import (
    escapes,
    game_titles,
    notation_of,
    notation_words,
    option_names,
    refusal_notation,
)

#: The computer players' thought is in this process: a worker process takes seconds to start.
pytestmark = pytest.mark.simcord(settle_timeout=120.0)

LANGUAGES = ("en-US", "nl", "fr", "de", PSEUDO_LANGUAGE)
SERVER = "Polar Club"
#: What alice types that is no move (the refusal quotes it).
REFUSED = "dance the polka"
#: The names the test chose: the server's, the channel's, the player's and the computer
#: players' (their level as the test typed it: ``Floe (easy, white)``), and what alice typed.
NAMES = (SERVER, "general", "alice", "Floe (easy)", "easy", REFUSED)
MOST_ACTIONS = 400


class SmallThought:
    """The core's computer player with a search of two iterations, in this process (fast)."""

    async def __call__(self, game_name: str, view: Any, seat: int, level: str, seed: int) -> str:
        return think_now(game_name, view, seat, level, seed, 2, None)

    def close(self) -> None:
        pass


@pytest.fixture
def simcord_bot(make_bot):
    """The bot, thinking little (its store is closed at the end: ``make_bot``)."""
    client = make_bot()
    client.thinker = SmallThought()
    return client


def survivor(seed: int) -> Brain:
    """Thin Ice: pass the windows, roll, then any move or slide; cards stay held (short games)."""
    r = random.Random(seed)

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        for want in ("order pass", "pass", "stand", "roll", "vote no"):
            if want in notations:
                return want
        plain = [n for n in notations if not n.startswith(("order", "discard", "play"))]
        return r.choice(plain or notations)

    return brain


def derby(seed: int) -> Brain:
    """Polar Derby: take what the roll gives, and stop after it."""
    r = random.Random(seed)

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        for want in ("stop",):
            if want in notations:
                return want
        taking = [n for n in notations if n != "roll"]
        return r.choice(taking or notations)

    return brain


def planner(seed: int) -> Brain:
    """Ice Lake: short plans, any face or reset."""
    r = random.Random(seed)

    def brain(game: Any, state: Any, seat: int, notations: list[str]) -> str:
        short = [n for n in notations if len(n) <= len("plan SS")]
        return r.choice(short or notations)

    return brain


#: Each game: its options (the shortest), how alice chooses, and its computer players.
GAMES: dict[str, tuple[str, Callable[[int], Brain], int]] = {
    "ice-hike": ("shorter game", lambda seed: greedy(distance_score, avoid=("torches",), seed=seed), 1),
    "ice-team": ("", lambda seed: greedy(progress_score, seed=seed), 1),
    "ice-lake": ("", planner, 1),
    "polar-derby": ("", derby, 1),
    "thin-ice": ("short deck", survivor, 2),  # for 3 to 6 players
}


@pytest.fixture
async def server(simcord_env, request: pytest.FixtureRequest):
    """A server and a player whose Discord is in the test's language, playing in the channel."""
    code: str = request.param
    env = simcord_env
    guild = env.create_guild(SERVER, preferred_locale=code)
    general = guild.create_text_channel("general")
    alice = guild.add_member(env.create_user("alice"))
    env.strict.locales[alice.user.id] = code
    await env.bot.servers.change(guild.id, threads=False)
    await env.bot.store.set_auto_play(alice.user.id, False)
    return env, general, alice, code


@pytest.mark.parametrize("server", LANGUAGES, indirect=True)
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_reads_in_the_language_and_within_discords_limits(server, game: str) -> None:
    env, general, alice, code = server
    started = time.perf_counter()
    notation = await play_a_whole_game(env, general, alice, game)
    sent = sent_texts(env.http_requests)
    assert sent, "the bot said nothing"
    too_long = [
        f"{s.field} of {len(s.text)} > {LIMITS[s.field]}: {s.text[:60]!r}" for s in sent if s.too_long()
    ]
    assert not too_long, "\n".join(too_long)
    if code == PSEUDO_LANGUAGE:
        # a told text cut short to fit a field (a label, a title) loses its closing bracket
        cut = sorted({f"{s.field}: {s.text[:100]!r}" for s in sent if s.text.count("⟦") > s.text.count("⟧")})
        assert not cut, f"{len(cut)} texts were cut short:\n" + "\n".join(cut)
        examples = registry.presentation_of(games.get(game)).notation_examples.split(", ")
        moves = [*examples, *notation, *refusal_notation(game, REFUSED)]
        allowed = (*NAMES, *game_titles(), *notation_words(), *option_names(game), *notation_of(moves))
        found = escaped(sent, allowed)
        assert not found, f"{len(found)} texts escaped the catalogues:\n" + "\n".join(found)
    print(f"{game} in {code}: {len(sent)} texts, {time.perf_counter() - started:.1f} s")


async def play_a_whole_game(env: Any, general: Any, alice: Any, game: str) -> set[str]:
    """alice opens ``game`` against the computer and plays it to its end; returns the notation
    of every move offered or played (it reads as typed in every language)."""
    options, make_brain, computers = GAMES[game]
    kwargs = {"options": options} if options else {}
    await alice.slash(general, "game new", game=game, **kwargs)
    for _ in range(computers):
        await alice.slash(general, "game computer", level="easy")
    await alice.click(general.last_message, custom_id="floe:l:1:start")  # its label is translated
    await alice.slash(general, "game rules")
    await alice.slash(general, "game move", action=REFUSED)
    await alice.slash(general, "game view")
    notation: set[str] = set()
    brain = make_brain(3)

    def noting(game_: Any, state: Any, seat: int, notations: list[str]) -> str:
        notation.update(notations)
        return brain(game_, state, seat, notations)

    stats = Stats()
    opened_box = False
    for _ in range(MOST_ACTIONS):
        table = await env.bot.sessions.table(1)
        if table.record.status == "finished":
            break
        [seat] = table.seats_of(alice.user.id)
        if seat not in table.game.to_act(table.state):  # a computer player is still thinking
            await env.settle()
            continue
        legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
        if all(n.startswith("plan ") for n in legal):  # Ice Lake's secret plan
            letters = noting(table.game, table.state, seat, legal).removeprefix("plan ")
            notation.add(letters)
            if not opened_box:  # the first in the private text box, a modal; then by DM
                opened_box = await plan_in_the_box(general, alice, letters)
                if opened_box:
                    continue
            await alice.send_dm(letters)
            continue
        await act_once(env, general, [alice], noting, stats)
    table = await env.bot.sessions.table(1)
    assert table.record.status == "finished", f"{game} did not end in {MOST_ACTIONS} actions"
    await alice.slash(general, "game log")
    notation |= {row.notation for row in await env.bot.store.actions(1)}
    return notation


async def plan_in_the_box(general: Any, alice: Any, letters: str) -> bool:
    """Plan in the private text box: the board's "Plan privately", then the builder's "Type
    it…", then the modal (found by their custom ids: their labels are translated); False when
    the board offers no private answer."""
    board = general.last_message
    private = [c["custom_id"] for c in raw_components(board) if c.get("custom_id", "").startswith("floe:p:")]
    if not private:
        return False
    builder = await alice.click(board, custom_id=private[0])
    typed = [
        c["custom_id"]
        for c in raw_components(builder.response)
        if c.get("custom_id", "").startswith("floe:t:")
    ]
    shown = await alice.click(builder.response, custom_id=typed[0])
    assert shown.modal is not None, "the builder's Type it… opens the private text box"
    await alice.submit_modal(shown, {"floe:answer": letters})
    return True


def escaped(sent: list[Sent], allowed: tuple[str, ...]) -> list[str]:
    """Each escape once: the run of words, the field it was in, and the text around it."""
    found: dict[str, str] = {}
    for s in sent:
        for run in escapes(s.text, allowed):
            found.setdefault(run, f"{run!r} in a {s.field}: {s.text[:120]!r}")
    return sorted(found.values())
