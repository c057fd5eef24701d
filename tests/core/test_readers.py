"""Who reads which language (bot/core/readers.py): a person their choice, else their Discord's;
a game its server's choice, else the server's Discord language; else English."""

from __future__ import annotations

import pytest

from bot.core.readers import FRESH, Readers, spoken
from storage import Store
from storage.guilds import GuildSettings, GuildStore
from storage.languages import LanguageStore
from tests.support.core import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def readers(any_store: Store, clock: Clock) -> Readers:
    french_servers = {1: "fr", 2: "pt-BR"}
    return Readers(any_store, french_servers.get, clock)


@pytest.mark.parametrize(
    ("discord", "floe"),
    [("nl", "nl"), ("en-GB", "en"), ("en-US", "en"), ("de", "de"), ("pt-BR", None), (None, None)],
)
def test_floe_speaks_english_dutch_french_and_german(discord: str | None, floe: str | None) -> None:
    assert spoken(discord) == floe


async def test_a_person_reads_their_discord_language_and_it_is_remembered_for_later(readers: Readers) -> None:
    assert await readers.person(7) == "en", "never seen: English"
    assert await readers.person(7, "nl") == "nl"
    assert await readers.person(7) == "nl", "a DM later reads the language last seen"
    assert await readers.person(7, "ja") == "en", "a language Floe does not speak reads English"


async def test_a_person_s_choice_wins_over_their_discord_until_they_clear_it(readers: Readers) -> None:
    assert await readers.choose(7, "de") == "de"
    assert await readers.person(7, "nl") == "de"
    assert await readers.choose(7, None) == "nl", "back to their Discord's language, last seen"


async def test_a_game_reads_its_server_s_choice_else_the_server_s_discord_language(
    readers: Readers, any_store: Store
) -> None:
    assert await readers.game(1) == "fr", "the server's Discord language"
    assert await readers.game(2) == "en", "a server language Floe does not speak: English"
    assert await readers.game(3) == "en", "unknown: English"
    await GuildStore(any_store).save(GuildSettings(1, language="de"))
    readers.server_changed(1)
    assert await readers.game(1) == "de", "the server's choice wins, at once in the process that saved it"
    assert await readers.game(None, "nl") == "nl", "outside a server: the host's language"


async def test_a_choice_made_in_another_process_reads_within_a_minute(
    readers: Readers, any_store: Store, clock: Clock
) -> None:
    assert await readers.game(1) == "fr" and await readers.person(7, "nl") == "nl"
    await GuildStore(any_store).save(GuildSettings(1, language="de"))
    await LanguageStore(any_store).choose(7, "fr")
    assert await readers.game(1) == "fr" and await readers.person(7) == "nl", "remembered for a while"
    clock.t += FRESH + 1
    assert await readers.game(1) == "de" and await readers.person(7) == "fr"
