"""A game's page speaks to spectators: whose turn it is in the third person ("Alice's first of
two actions", never "your"), each computer player named once."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import games
from bot.core.spectators import Spectators
from bot.web.pages import page_html, players_html
from games.words import Said, tell
from storage import Store, open_store
from tests.support.core import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    Clock,
    named_sessions,
    play_first_legal,
    start_table,
)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(str(tmp_path / "pages.db"))
    try:
        yield opened
    finally:
        await opened.close()


async def test_ice_teams_page_names_whose_first_of_two_actions_it_is(store: Store) -> None:
    sessions = named_sessions(store, clock=Clock())
    game_id = await start_table(sessions, "ice-team", (ALICE, BOB))
    while "first of two" not in str(
        (table := await sessions.table(game_id)).game.public_prompt(table.state, 0)
    ):
        await play_first_legal(sessions, game_id)
    spectators = Spectators(store, sessions)
    english = await spectators.page(game_id)
    assert english.turn == ("Bob: move a bear: walk, leap or swim (Bob's first of two actions)",)
    french = await spectators.page(game_id, "fr")
    assert french.turn == (
        "Bob: déplace un ours : marcher, sauter ou nager (Bob : première de deux actions)",
    )
    dutch = await spectators.page(game_id, "nl")
    assert dutch.turn == (
        "Bob: verplaats een beer: lopen, springen of zwemmen (de eerste van twee acties van Bob)",
    )
    assert "your first of two actions" in str(table.game.public_prompt(table.state, 1))  # a post


@pytest.mark.parametrize("name", sorted(games.GAMES))
async def test_no_page_says_your_to_a_spectator_at_the_start(store: Store, name: str) -> None:
    sessions = named_sessions(store, clock=Clock())
    players = games.get(name).players.start
    game_id = await start_table(sessions, name, (ALICE, BOB, CAROL)[:players])
    page = await Spectators(store, sessions).page(game_id)
    assert page.turn and all("your" not in line.lower() and "you " not in line for line in page.turn)


def test_every_spectator_prompt_names_the_seat_instead_of_saying_your() -> None:
    """Each game's prompts in the third person, where its public prompt speaks to the seat."""
    for name in sorted(games.GAMES):
        game = games.get(name)
        for seed in range(3):
            state = game.new_game(game.players.start, game.options(), seed)
            pick = random.Random(seed)
            for _ in range(150):
                awaited = sorted(game.to_act(state))
                if not awaited:
                    break
                for seat in awaited:
                    said = game.spectator_prompt(state, seat)
                    told = tell(said, ("Ann", "Bo", "Cy"))
                    assert "your" not in told.lower() and "you " not in told.lower(), (name, told)
                    if isinstance(said, Said) and "your" in said.key:
                        raise AssertionError((name, said.key))
                seat = pick.choice(awaited)
                state = game.apply(state, seat, pick.choice(game.legal_actions(state, seat)))[0]


async def test_a_computer_player_is_listed_once(store: Store) -> None:
    sessions = named_sessions(store, clock=Clock())
    reply = await sessions.new_game(
        channel_id=CHANNEL, guild_id=GUILD, user_id=ALICE, game_name="polar-derby"
    )
    assert reply.game_id is not None
    await sessions.add_computer(CHANNEL, ALICE, "normal")
    page = await Spectators(store, sessions).page(reply.game_id)
    assert [(p.name, p.computer) for p in page.players] == [("Alice", False), ("Floe (normal)", True)]
    assert players_html(page) == "<ol><li>Alice</li><li>Floe (normal)</li></ol>"
    assert "<li>Floe (normal)</li>" in page_html("A" * 22, page, 0, "")
