"""A game's web page tells its own words (title, headings, labels, buttons, whose turn, the
script's words, the 404) in its reader's language, like what the games say on it. The expected
texts are the page's sayings told in that language, never French written here; in the
pseudo-language ``en-XA`` every word of the page's is bracketed (``⟦…⟧``)."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient

from bot.core.languages import PSEUDO_LANGUAGE, language
from bot.core.sessions import Sessions
from bot.core.spectators import Spectators
from bot.web.pages import NOT_FOUND, PAGE_WORDS, SCRIPT_WORDS, not_found_html, script_words
from games import GAMES, tell
from tests.support.core import NAMES
from tests.support.web import served_game

Env = tuple[Sessions, Spectators, TestClient, int]  # type: ignore[type-arg]


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    async with served_game(tmp_path) as served:
        yield served.sessions, served.spectators, served.client, served.game_id


async def page(env: Env, query: str = "", accept: str | None = None) -> str:
    _, spectators, client, game_id = env
    headers = {"Accept-Language": accept} if accept is not None else {}
    response = await client.get(f"/g/{await spectators.token(game_id)}{query}", headers=headers)
    assert response.status == 200
    return await response.text()


class Reader(HTMLParser):
    """What a person reads of a page's own words: its text (not its scripts) and the labels a
    screen reader says (``aria-label``, ``alt``). Left out: what the games and the session say on
    it (the log's lines, the frame's caption, the board's alt text; their languages are tested
    with the games'), notation (``<code>``) and times (``<time>``)."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []
        self.skipping: list[str] = []
        self.words: dict[str, str] = {}
        self._in_words = False
        self._section = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id") != "board-img":  # the board's alt text is the renderer's
            self.read += [v for k, v in attrs if k in ("aria-label", "alt") and v]
        if tag == "section":
            self._section = found.get("id") or ""
        theirs = found.get("id") == "caption" or (tag == "ol" and self._section == "log")
        if tag in ("script", "code", "time", "style") or theirs:
            self.skipping.append(tag)
        self._in_words = found.get("id") == "page-words"

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if self._in_words:
            self.words = json.loads(data)
            self._in_words = False
        if not self.skipping and data.strip():
            self.read.append(data)


def read(html: str) -> Reader:
    reader = Reader()
    reader.feed(html)
    return reader


def escaped(texts: list[str]) -> list[str]:
    """The lines of ``texts`` that still read plain English once the bracketed texts (``⟦…⟧``,
    nested, over several texts) are taken out: a word of three letters or more that is not a
    player's name or a game's title."""
    allowed = {w.lower() for name in NAMES.values() for w in name.split()}
    allowed |= {"floe", *(w for g in GAMES.values() for w in g.title.lower().split())}
    kept, depth = [], 0
    for char in "\n".join(texts):
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            kept.append(char)
    return [
        line
        for line in "".join(kept).splitlines()
        if {w.lower() for w in re.findall(r"[A-Za-z]{3,}", line)} - allowed
    ]


async def test_the_page_tells_its_own_words_in_french(env: Env) -> None:
    french = language("fr")
    shown = read(await page(env, "?lang=fr"))
    for said in (SCRIPT_WORDS["players"], SCRIPT_WORDS["log"], PAGE_WORDS["turn"], PAGE_WORDS["latest"]):
        told, english = tell(said, (), french), tell(said)
        assert told != english
        assert told in shown.read and english not in shown.read
    assert shown.words == script_words(french) and shown.words != script_words(language("en"))
    assert any(text.startswith(tell(PAGE_WORDS["at"], (), french).split("{")[0]) for text in shown.read)
    assert tell(PAGE_WORDS["keys"], (), french) in shown.read


async def test_a_browser_that_prefers_german_reads_the_page_and_its_404_in_german(env: Env) -> None:
    _, _, client, _ = env
    german = language("de")
    shown = read(await page(env, accept="de-DE,de;q=0.9"))
    assert tell(SCRIPT_WORDS["players"], (), german) in shown.read
    missing = await client.get("/g/" + "A" * 22, headers={"Accept-Language": "de"})
    assert missing.status == 404 and await missing.text() == not_found_html("de") != NOT_FOUND
    assert (await (await client.get("/nowhere?lang=fr")).text()) == not_found_html("fr")


async def test_the_english_page_is_unchanged(env: Env) -> None:
    html = await page(env)
    for english in (
        '<section id="turn" aria-label="Whose turn">',
        '<section id="players" aria-label="Players"><h2>Players</h2>',
        '<section id="log" aria-label="Log"><h2>Log</h2>',
        '<button type="button" id="play" aria-label="Play">▶ Play</button>',
        '<button type="button" id="latest">Latest</button>',
        "<p>Waiting since <time ",
        "Keys: ← and → step through the moves, Home and End jump to the start and the latest.",
    ):
        assert english in html
    assert re.search(
        r'<label for="slider">Move <output id="at">\d+</output> of <span id="last">\d+</span></label>', html
    )
    assert NOT_FOUND == "<!doctype html><title>Not found</title><p>Not found.</p>\n"


async def test_no_english_word_of_the_page_escapes_the_pseudo_language(env: Env) -> None:
    sessions, spectators, client, game_id = env
    html = await page(env, f"?lang={PSEUDO_LANGUAGE}")
    assert f'<html lang="{PSEUDO_LANGUAGE}">' in html
    shown = read(html)
    assert shown.read and escaped(shown.read) == []
    assert shown.words and escaped(list(shown.words.values())) == []
    frame = await client.get(f"/g/{await spectators.token(game_id)}/frame/0.json?lang={PSEUDO_LANGUAGE}")
    assert escaped([json.loads(await frame.text())["caption"]]) == []  # "The start"
    missing = await client.get(f"/nowhere?lang={PSEUDO_LANGUAGE}")
    assert escaped(read(await missing.text()).read) == [] and (await missing.text()) != NOT_FOUND


def test_the_checker_sees_english() -> None:
    assert escaped(["⟦Jöüéürš⟧", "Alice", "Players", "⟦Wàîtîñg ", "⟦fór⟧ ⟧ Bob"]) == ["Players"]
