"""People's languages and a server's, stored (storage/languages.py, storage/guilds.py)."""

from __future__ import annotations

from storage import Store
from storage.guilds import GuildSettings, GuildStore
from storage.languages import LanguageStore, UserLanguage


async def test_a_person_s_chosen_and_seen_languages_are_kept_apart(store: Store) -> None:
    languages = LanguageStore(store)
    assert await languages.of(7) == UserLanguage()
    await languages.see(7, "nl")
    await languages.choose(7, "fr")
    assert await languages.of(7) == UserLanguage(chosen="fr", seen="nl")
    await languages.see(7, "de")
    await languages.choose(7, None)
    assert await languages.of(7) == UserLanguage(chosen=None, seen="de")
    assert await languages.of(8) == UserLanguage(), "one person's languages are theirs"


async def test_a_server_s_language_is_one_of_its_settings(store: Store) -> None:
    guilds = GuildStore(store)
    await guilds.save(GuildSettings(5, threads=False, language="de"))
    assert await guilds.settings(5) == GuildSettings(5, threads=False, language="de")
    await guilds.save(GuildSettings(5, threads=False))
    assert (await guilds.settings(5)).language is None
